"""Held-out bugs in costs (CR 601.2f), permissions (CR 601.3), the legend rule
(CR 704.5j), durations (CR 514.2, 611.2) and combat damage (CR 510, 702)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from conformance.contract.types import PLAYER_OPTION_PREFIX, Choice, Event, Option
from conformance.engines.reference import casting, combat, triggers, turn
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _in_combat, _name
from conformance.engines.reference.damage import deal_damage
from conformance.engines.reference.damage import lethal_damage
from conformance.engines.reference.exile_to_play import end_permissions, may_play
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import Combat, GameObject
from conformance.engines.reference.targets import matches
from conformance.contract.types import COMBAT_DAMAGE_CHOICE
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug

_CHECK = triggers.check


def _total_cost(*, own_increases: bool = False, reductions_first: bool = False,
                colored_increase: bool = False, every_spell_reduced: bool = False) -> Any:
    def total_cost(game: Game, player: str, spell: GameObject, chars: Characteristics,
                   base: str | None) -> Cost:
        cost = Cost.of(base, spell.x)

        def increase(cost: Cost) -> Cost:
            owner = player if own_increases else None
            for _permanent, _ability, rule in game.statics("cost_increase", controller=owner):
                if matches(chars, rule):
                    amount = int(rule.get("generic", 0))
                    if colored_increase and not cost.generic and cost.colored:
                        cost = cost.plus(Cost(0, (cost.colored[0],) * amount))
                    else:
                        cost = cost.plus(Cost(amount, ()))
            return cost

        def reduce(cost: Cost) -> Cost:
            earlier = game.state.player(player).spells_cast_this_turn
            for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
                if not matches(chars, rule):
                    continue
                if rule.get("first_each_turn") and not every_spell_reduced and \
                        any(matches(c, rule) for c in earlier):
                    continue
                cost = cost.reduced(int(rule.get("generic", 0)))
            return cost

        return increase(reduce(cost)) if reductions_first else reduce(increase(cost))
    return total_cost


_OWN_INCREASES = _total_cost(own_increases=True)
_OWN_INCREASES.__doc__ = ("\"Spells cost {1} more\" applies only to the spells of the "
                          "static ability's controller, not to every player's.")
_REDUCTIONS_FIRST = _total_cost(reductions_first=True)
_REDUCTIONS_FIRST.__doc__ = ("Cost reductions are applied before cost increases, so a "
                             "reduction wasted on a cost with no generic mana is not offset "
                             "(CR 601.2f: increases first).")
_COLORED_INCREASE = _total_cost(colored_increase=True)
_COLORED_INCREASE.__doc__ = ("A generic cost increase on a spell whose cost has no generic "
                             "mana adds a colored symbol instead of {1}.")
_EVERY_SPELL = _total_cost(every_spell_reduced=True)
_EVERY_SPELL.__doc__ = ("\"The first ... spell you cast each turn costs {1} less\" reduces "
                        "every matching spell cast that turn.")


def permission_by_card_name(game: Game, player: str, card: GameObject,
                            chars: Characteristics) -> None:
    """A once-each-turn permission to cast from the graveyard is remembered by the name of
    the card that gives it: a new object with the same name (the card back again, or a
    copy) does not give it again that turn (CR 400.7)."""
    if card.zone is Zone.HAND:
        if card.owner != player:
            raise IllegalAction("you can cast only cards in your own hand")
        return
    if card.zone is Zone.EXILE and may_play(game, player, card.id):
        return
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        used = game.state.player(player).used_once_per_turn
        for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
            key = (permanent.card.name, ability.index)
            if not matches(chars, rule) or (rule.get("once_per_turn") and key in used):
                continue
            used.add(key)
            return
    raise IllegalAction(f"nothing allows casting {card.card.name} from the {card.zone.value}")


def _legend_rule(*, every_player: bool = False, printed_name: bool = False) -> Any:
    def legend_rule(game: Game) -> Flow:
        state = game.state
        for player in state.apnap():
            by_name: dict[str, list[GameObject]] = {}
            for obj in state.permanents():
                chars = game.chars(obj)
                if (every_player or obj.controller == player) and \
                        "Legendary" in chars.supertypes:
                    names = (obj.card.name,) if printed_name else chars.names
                    for name in names:
                        by_name.setdefault(name, []).append(obj)
            for name, same in by_name.items():
                if len(same) < 2:
                    continue
                options = tuple(Option(obj.id, name) for obj in same)
                (kept,) = yield Choice("cards", player,
                                       f"legend rule: choose the {name} to keep", options, 1, 1)
                for obj in same:
                    if obj.id != kept:
                        game.move(obj, Zone.GRAVEYARD)
                return True
        return False
    return legend_rule


_EVERY_PLAYER = _legend_rule(every_player=True)
_EVERY_PLAYER.__doc__ = ("The legend rule applies across players: legendary permanents "
                         "with the same name controlled by different players are compared "
                         "(CR 704.5j: per player).")
_PRINTED_NAME = _legend_rule(printed_name=True)
_PRINTED_NAME.__doc__ = ("The legend rule compares the names printed on the cards, not "
                         "the permanents' names: a copy of a legend, or a Room with two "
                         "door names, is compared by its card's name.")


def cleanup_keeps_effects(game: Game) -> None:
    """"Until end of turn" effects don't end in the cleanup step: they last until the game
    ends (CR 514.2)."""
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    end_permissions(game)


def effects_end_as_end_step_begins(game: Game, event: Event) -> None:
    """"Until end of turn" effects end as the end step begins instead of in the cleanup
    step (CR 514.2)."""
    if event.kind == "step_began" and event.data["step"] == Step.END.value:
        game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    _CHECK(game, event)


def double_strike_once(chars: Characteristics, first_step: bool, dealt_first: bool) -> bool:
    """A creature with double strike deals combat damage only in the first-strike combat
    damage step (CR 702.4b)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return not dealt_first


def first_strike_twice(chars: Characteristics, first_step: bool, dealt_first: bool) -> bool:
    """A creature with first strike deals combat damage in both combat damage steps
    (CR 702.7b)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return bool(keywords & {"First strike", "Double strike"}) or not dealt_first


def lethal_ignoring_deathtouch(game: Game, target: str,
                               source_chars: Characteristics | None) -> int:
    """Lethal damage for trample ignores deathtouch: the whole toughness must be assigned
    to a blocker before the rest tramples over (CR 702.2c, 702.19b)."""
    obj = game.state.objects[target]
    return max(1, (game.chars(obj).toughness or 0) - obj.damage)


def lethal_ignoring_marked_damage(game: Game, target: str,
                                  source_chars: Characteristics | None) -> int:
    """Lethal damage for trample ignores damage already marked on the blocker (CR 702.19b)."""
    if source_chars is not None and "Deathtouch" in source_chars.keywords:
        return 1
    return max(1, game.chars(game.state.objects[target]).toughness or 0)


def _deal_each(game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    """"Whenever one or more creatures you control deal combat damage to a player" triggers
    once for each creature that dealt it, not once per combat damage step (CR 510.3a)."""
    to_players: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, chars, controller, target, amount in assignments:
        dealt = deal_damage(game, source, chars, controller, target, amount, combat=True)
        if dealt and target.startswith(PLAYER_OPTION_PREFIX):
            player = target[len(PLAYER_OPTION_PREFIX):]
            game.emit("combat_damage_to_player", source=source, player=player,
                      controller=controller, amount=dealt)
            to_players[(controller, player)].append(source)
    for (controller, player), sources in to_players.items():
        for source in sources:
            game.emit("creatures_dealt_combat_damage", controller=controller, player=player,
                      sources=[source])


def unblocked_once_blockers_gone(game: Game, combat_state: Combat, attacker: str,
                                 chars: Characteristics, defender: str) -> Flow:
    """An attacking creature whose blockers have all left combat deals its damage to the
    player it attacks, as if unblocked (CR 509.1h, 702.19e: only with trample)."""
    power = chars.power or 0
    player = PLAYER_OPTION_PREFIX + defender
    if power <= 0:
        return []
    blockers = [b for b, a in combat_state.blockers.items() if a == attacker
                and _in_combat(game, b) is not None]
    if attacker not in combat_state.blocked or not blockers:
        return [(player, power)]
    trample = "Trample" in chars.keywords
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and (not trample or power <= lethal[blockers[0]]):
        return [(blockers[0], power)]
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    if trample:
        options += (Option(player, defender),)

    def rule(values: tuple[str, ...]) -> str | None:
        counts = Counter(values)
        short = [b for b in blockers if counts[b] < lethal[b]]
        if counts[player] and short:
            return f"{defender} can be assigned damage only once each blocker is assigned lethal"
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        COMBAT_DAMAGE_CHOICE, game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("cost-increase-own-spells-only", "costs", "https://github.com/phase-rs/phase/issues/3872",
        _doc(_OWN_INCREASES), (casting, "total_cost", _OWN_INCREASES)),
    bug("cost-reductions-before-increases", "costs",
        "https://github.com/wingedsheep/argentum-engine/pull/222",
        _doc(_REDUCTIONS_FIRST), (casting, "total_cost", _REDUCTIONS_FIRST)),
    bug("cost-increase-adds-colored", "costs", "https://github.com/magarena/magarena/issues/1583",
        _doc(_COLORED_INCREASE), (casting, "total_cost", _COLORED_INCREASE)),
    bug("first-each-turn-reduction-every-spell", "costs",
        "https://github.com/phase-rs/phase/issues/7769",
        _doc(_EVERY_SPELL), (casting, "total_cost", _EVERY_SPELL)),
    bug("graveyard-permission-by-card-name", "permissions",
        "https://github.com/magefree/mage/issues/4969",
        _doc(permission_by_card_name), (casting, "_permission", permission_by_card_name)),
    bug("legend-rule-across-players", "legend-rule", "https://github.com/phase-rs/phase/pull/8839",
        _doc(_EVERY_PLAYER), (turn, "legend_rule", _EVERY_PLAYER)),
    bug("legend-rule-printed-name", "legend-rule", "https://github.com/magefree/mage/issues/891",
        _doc(_PRINTED_NAME), (turn, "legend_rule", _PRINTED_NAME)),
    bug("until-end-of-turn-never-ends", "durations",
        "https://github.com/magefree/mage/issues/3731",
        _doc(cleanup_keeps_effects), (turn, "_cleanup", cleanup_keeps_effects)),
    bug("until-end-of-turn-ends-at-end-step", "durations",
        "https://github.com/phase-rs/phase/issues/1754",
        _doc(effects_end_as_end_step_begins), (triggers, "check", effects_end_as_end_step_begins)),
    bug("double-strike-deals-once", "combat", "https://github.com/phase-rs/phase/issues/6051",
        _doc(double_strike_once), (combat, "_strikes_now", double_strike_once)),
    bug("first-strike-deals-twice", "combat", "https://github.com/magefree/mage/issues/10232",
        _doc(first_strike_twice), (combat, "_strikes_now", first_strike_twice)),
    bug("trample-ignores-deathtouch", "combat", "https://github.com/magefree/mage/issues/290",
        _doc(lethal_ignoring_deathtouch), (combat, "lethal_damage", lethal_ignoring_deathtouch)),
    bug("trample-ignores-marked-damage", "combat", "https://github.com/magefree/mage/issues/11567",
        _doc(lethal_ignoring_marked_damage),
        (combat, "lethal_damage", lethal_ignoring_marked_damage)),
    bug("combat-damage-trigger-per-creature", "combat",
        "https://github.com/magefree/mage/pull/8644",
        _doc(_deal_each), (combat, "_deal", _deal_each)),
    bug("blockers-gone-attacker-unblocked", "combat", "https://github.com/phase-rs/phase/issues/1740",
        _doc(unblocked_once_blockers_gone),
        (combat, "_attacker_assignment", unblocked_once_blockers_gone)),
]
