"""Mutants about double-faced cards and costs (rulings/double-faced/, rulings/costs/)."""

from __future__ import annotations

from . import Patch, table

from typing import Any


from ..engines.reference import (
    casting, characteristics, copies, effects, engine, mana, triggers, turn,
)
from ..engines.reference.mana import Cost
from ..engines.reference.targets import matches
from ..format.vocabulary import Zone


# -- double-faced cards ------------------------------------------------------------------

_faces_in_effect = characteristics.faces_in_effect
_is_transforming = characteristics.is_transforming


def _back_face_mana_value(obj: Any, indexes: tuple[int, ...]) -> int:
    """A transformed permanent's mana value is its back face's (no mana cost: 0)."""
    card = obj.copiable_card
    x = obj.x if obj.zone is Zone.STACK else 0
    return sum(mana.mana_value(card.faces[i].mana_cost, x) for i in indexes)


def _back_face_in_library(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A transforming card in a library shows its back face."""
    if _is_transforming(obj.copiable_card) and (zone or obj.zone) is Zone.LIBRARY:
        return (1,)
    return _faces_in_effect(obj, zone)


def _both_faces_when_transformed(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A transformed permanent has both faces' characteristics."""
    if (_is_transforming(obj.copiable_card) and (zone or obj.zone) is Zone.BATTLEFIELD
            and obj.transformed):
        return (0, 1)
    return _faces_in_effect(obj, zone)


def _token_copy_has_both_faces_up(obj: Any, zone: Any = None) -> tuple[int, ...]:
    """A token copy of a double-faced permanent has both faces' characteristics at once."""
    if (obj.token and obj.copy is not None and _is_transforming(obj.copiable_card)
            and (zone or obj.zone) is Zone.BATTLEFIELD):
        return (0, 1)
    return _faces_in_effect(obj, zone)


def _no_color_indicator(face: Any) -> tuple[str, ...]:
    """A color indicator is ignored: only the mana cost gives colors."""
    return mana.colors_of(face.mana_cost)


_color_identity = characteristics.color_identity


def _front_face_identity(card: Any) -> tuple[str, ...]:
    """Color identity from the front face only."""
    front = type(card)(card.name, card.layout, card.faces[:1], card.color_identity,
                       card.location)
    return _color_identity(front)


_copy_of = copies.copy_of


def _token_copy_one_face(original: Any, **kwargs: Any) -> Any:
    """A token copy of a double-faced permanent gets only the face that is up."""
    kwargs["token"] = False
    return _copy_of(original, **kwargs)


_put_onto_battlefield = effects.put_onto_battlefield


def _never_transformed(game: Any, obj: Any, **kwargs: Any) -> Any:
    """Put onto the battlefield "transformed", a double-faced card enters front face up."""
    kwargs["transformed"] = False
    return _put_onto_battlefield(game, obj, **kwargs)


def _enters_anyway(game: Any, obj: Any, **kwargs: Any) -> Any:
    """A card that isn't a double-faced card, put onto the battlefield transformed, enters
    (front face up) instead of staying where it is."""
    if kwargs.get("transformed") and not _is_transforming(obj.card):
        kwargs["transformed"] = False
    return _put_onto_battlefield(game, obj, **kwargs)


def _no_legend_rule(game: Any) -> Any:
    """Two legendary permanents with the same name stay together."""
    yield from ()
    return False


# -- costs -------------------------------------------------------------------------------


def _total_cost(*, reduce_colored: bool = False, any_creature: bool = False,
                any_caster: bool = False, no_increase: bool = False) -> Any:
    """casting.total_cost with one rule broken."""

    def total_cost(game: Any, player: str, spell: Any, chars: Any, base: Any) -> Cost:
        cost = Cost.of(base, spell.x)
        if not no_increase:
            for _permanent, _ability, rule in game.statics("cost_increase"):
                if matches(chars, rule):
                    cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
        earlier = game.state.player(player).spells_cast_this_turn
        caster = None if any_caster else player
        for _permanent, _ability, rule in game.statics("cost_reduction", controller=caster):
            if any_creature:
                rule = {k: v for k, v in rule.items() if k != "supertypes"}
            if not matches(chars, rule):
                continue
            if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
                continue
            amount = int(rule.get("generic", 0))
            left = max(0, amount - cost.generic)
            cost = cost.reduced(amount)
            if reduce_colored and left:
                cost = Cost(cost.generic, cost.colored[left:])
        return cost
    return total_cost


_real_total_cost = casting.total_cost
_real_mana_value = characteristics._mana_value


def _records_total_cost(game: Any, player: str, spell: Any, chars: Any, base: Any) -> Cost:
    cost = _real_total_cost(game, player, spell, chars, base)
    spell.wrong_total = cost.generic + len(cost.colored)
    return cost


def _mana_value_from_total_cost(obj: Any, indexes: tuple[int, ...]) -> int:
    """A spell's mana value is the total cost paid for it."""
    paid = getattr(obj, "wrong_total", None)
    if obj.zone is Zone.STACK and paid is not None:
        return int(paid)
    return _real_mana_value(obj, indexes)


_condition_holds = triggers.condition_holds


def _always_true(*args: Any) -> bool:
    return True


def _resolver(*, recheck: bool) -> Any:
    """turn._resolve_ability, checking an intervening "if" again on resolution or not,
    with the reference engine's own check whatever ``triggers.condition_holds`` is."""

    def resolve(game: Any, item: Any) -> Any:
        ability = item.ability
        ctx = effects.Context(item.controller, item.source, item.source_card, ability,
                              item.targets, x=item.x, event=item.event)
        ctx.legal_targets = effects.legal_now(game, ability.target, ctx)
        fizzles = bool(item.targets) and not ctx.legal_targets
        fails = recheck and ability.condition is not None and not _condition_holds(
            game, item.controller, item.source, ability.condition)
        if not fizzles and not fails:
            yield from effects.run_effects(game, ctx, ability.effects)
        game.state.stack.remove(item)
    return resolve


_put_on_stack = triggers.put_on_stack


def _mana_triggers_skip_stack(game: Any) -> Any:
    """A triggered ability that adds mana resolves at once, as a mana ability would."""
    state = game.state
    now = [t for t in state.pending_triggers if t.ability.target is None
           and any("add_mana" in effect for effect in t.ability.effects)]
    state.pending_triggers = [t for t in state.pending_triggers if t not in now]
    for trigger in now:
        ctx = effects.Context(trigger.controller, trigger.source, trigger.source_card,
                              trigger.ability, event=trigger.event)
        yield from effects.run_effects(game, ctx, trigger.ability.effects)
    yield from _put_on_stack(game)


WRONG_ENGINES: dict[str, tuple[list[Patch], set[str]]] = {
    # name: (patches, the rulings among FOLDERS it must fail -- exactly)
    "transformed-mana-value-of-back-face": (
        [(characteristics, "_mana_value", _back_face_mana_value)],
        {"dfc-mana-value-is-front-face", "dfc-token-copy-is-double-faced"}),
    "back-face-in-library": (
        [(characteristics, "faces_in_effect", _back_face_in_library)],
        {"dfc-front-face-outside-battlefield"}),
    "transformed-has-both-faces": (
        [(characteristics, "faces_in_effect", _both_faces_when_transformed)],
        {"dfc-battlefield-characteristics-of-face-up", "dfc-back-face-color-indicator",
         "dfc-commander-color-identity-both-faces", "dfc-enters-front-face-up-unless-transformed",
         "dfc-front-face-outside-battlefield", "dfc-mana-value-is-front-face",
         "dfc-non-double-faced-card-put-transformed-stays", "dfc-token-copy-is-double-faced",
         "cost-intervening-if-checked-on-trigger-and-resolution"}),
    "token-copy-has-both-faces-up": (
        [(characteristics, "faces_in_effect", _token_copy_has_both_faces_up)],
        {"dfc-token-copy-is-double-faced"}),
    "color-indicator-ignored": (
        [(characteristics, "face_colors", _no_color_indicator)],
        {"dfc-back-face-color-indicator", "dfc-battlefield-characteristics-of-face-up",
         "dfc-commander-color-identity-both-faces", "dfc-token-copy-is-double-faced"}),
    "color-identity-of-front-face": (
        [(engine, "color_identity", _front_face_identity)],
        {"dfc-commander-color-identity-both-faces"}),
    "token-copy-gets-one-face": (
        [(effects, "copy_of", _token_copy_one_face)],
        {"dfc-token-copy-is-double-faced"}),
    "never-enters-transformed": (
        [(effects, "put_onto_battlefield", _never_transformed)],
        {"dfc-enters-front-face-up-unless-transformed", "dfc-back-face-color-indicator",
         "dfc-front-face-outside-battlefield", "dfc-mana-value-is-front-face",
         "dfc-non-double-faced-card-put-transformed-stays"}),
    "non-double-faced-card-enters-anyway": (
        [(effects, "put_onto_battlefield", _enters_anyway)],
        {"dfc-non-double-faced-card-put-transformed-stays"}),
    "no-legend-rule": (
        [(turn, "legend_rule", _no_legend_rule)],
        {"dfc-token-copy-is-double-faced"}),
    "reduction-reduces-colored-mana": (
        [(casting, "total_cost", _total_cost(reduce_colored=True))],
        {"cost-reduction-generic-mana-of-legendary-creature-spells"}),
    "reduction-for-any-creature-spell": (
        [(casting, "total_cost", _total_cost(any_creature=True))],
        {"cost-reduction-generic-mana-of-legendary-creature-spells"}),
    "reduction-for-every-player": (
        [(casting, "total_cost", _total_cost(any_caster=True))],
        {"cost-reduction-generic-mana-of-legendary-creature-spells"}),
    "cost-increase-ignored": (
        [(casting, "total_cost", _total_cost(no_increase=True))],
        {"cost-total-cost-and-mana-value"}),
    "mana-value-from-total-cost": (
        [(casting, "total_cost", _records_total_cost),
         (characteristics, "_mana_value", _mana_value_from_total_cost)],
        {"cost-total-cost-and-mana-value"}),
    "intervening-if-not-rechecked": (
        [(turn, "_resolve_ability", _resolver(recheck=False))],
        {"cost-intervening-if-checked-on-trigger-and-resolution"}),
    "intervening-if-not-checked-on-trigger": (
        [(triggers, "condition_holds", _always_true),
         (turn, "_resolve_ability", _resolver(recheck=True))],
        {"cost-intervening-if-checked-on-trigger-and-resolution"}),
    "mana-trigger-skips-stack": (
        [(triggers, "put_on_stack", _mana_triggers_skip_stack)],
        {"cost-chapter-iv-is-not-a-mana-ability"}),
}


DESCRIPTIONS = {
    "reduction-reduces-colored-mana": "A cost reduction left over after the generic mana "
                                      "reduces colored mana too.",
    "reduction-for-any-creature-spell": "The reduction for legendary creature spells applies "
                                        "to any creature spell.",
    "reduction-for-every-player": "A player's cost reduction applies to every player's spells.",
    "cost-increase-ignored": "Cost increases such as Thalia's are not added to the total cost.",
    "mana-value-from-total-cost": "A spell's mana value is the total cost paid for it.",
    "intervening-if-not-rechecked": "An intervening \"if\" is checked when the ability "
                                    "triggers but not again on resolution.",
    "intervening-if-not-checked-on-trigger": "An intervening \"if\" is checked only on "
                                             "resolution: the ability always triggers.",
}

MECHANISMS = {name: "transform" for name in list(WRONG_ENGINES)[:9]}
MECHANISMS.update({name: "costs" for name in list(WRONG_ENGINES)[10:]})
MECHANISMS.update({"no-legend-rule": "legend-rule",
                   "intervening-if-not-rechecked": "triggers",
                   "intervening-if-not-checked-on-trigger": "triggers",
                   "mana-trigger-skips-stack": "triggers"})

MUTANTS = table("double-faced", ("double-faced", "costs"), WRONG_ENGINES, DESCRIPTIONS,
                mechanisms=MECHANISMS)
