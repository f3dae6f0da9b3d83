"""Held-out bugs in copies of permanents and spells (CR 707) and in tokens (CR 111)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import copies, effects, entering
from conformance.engines.reference.characteristics import can_transform
from conformance.engines.reference.dividing import copy_division
from conformance.engines.reference.effects import EFFECTS, Context, _objects
from conformance.engines.reference.entering import add_counters, enter_token
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import (
    ContinuousEffect, CopyEffect, DelayedTrigger, GameObject, GameState,
)
from conformance.engines.reference.targets import choose_targets
from conformance.contract.types import Choice, Option
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug

Tweak = Callable[[Game, GameObject, GameObject], None]


def _token_copy(tweak: Tweak) -> Any:
    """``create_token_copy`` with ``tweak(game, original, token)`` applied as the token is
    made, before it enters."""

    def create_token_copy(game: Game, ctx: Context, params: Any) -> Flow:
        for original in _objects(game, ctx, params.get("of", "target")):
            values = copies.copy_of(original, token=True,
                                     add_subtypes=tuple(params.get("add_subtypes") or ()))
            card = values.card if values.face_down else original.card
            token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
            token.copy = values
            token.transformed = original.transformed and can_transform(token)
            token.keywords.update(params.get("gains") or ())
            token.summoning_sick = True
            tweak(game, original, token)
            yield from enter_token(game, token)
            limit = int(params.get("lore_up_to", 0))
            if limit and "Saga" in game.chars(token).subtypes:
                options = tuple(Option(str(n), str(n)) for n in range(limit + 1))
                (answer,) = yield Choice("option", ctx.controller,
                                         f"put up to {limit} lore counters on the token", options)
                add_counters(game, token, "lore", int(answer))
            if params.get("sacrifice_at_next_end_step"):
                game.state.delayed.append(DelayedTrigger(
                    Step.END.value, ctx.controller, ctx.source, ctx.source_card,
                    ({"sacrifice": "delayed_objects"},), (token.id,)))
    return create_token_copy


def _keeps_counters(game: Game, original: GameObject, token: GameObject) -> None:
    """A token copy of a permanent gets the counters on the original."""
    token.counters = dict(original.counters)


def _keeps_pt_effects(game: Game, original: GameObject, token: GameObject) -> None:
    """A token copy of a creature gets the power and toughness changes ("until end of
    turn" effects) that apply to the original."""
    for effect in list(game.state.effects):
        if effect.object == original.id:
            game.state.effects.append(ContinuousEffect(
                token.id, effect.power, effect.toughness, effect.until, game.state.tick()))


def _front_face_up(game: Game, original: GameObject, token: GameObject) -> None:
    """A token copy of a transformed double-faced permanent enters front face up."""
    token.transformed = False


def _keeps_doors(game: Game, original: GameObject, token: GameObject) -> None:
    """A token copy of a Room gets the original's unlocked doors."""
    token.unlocked = set(original.unlocked)


def copy_ignoring_copy_effects(original: GameObject, *, token: bool,
                               add_subtypes: tuple[str, ...] = (),
                               add_types: tuple[str, ...] = (),
                               add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """A copy of a permanent that is itself copying something copies the card underneath,
    not what it copies (CR 707.3)."""
    if original.face_down:
        return copies.copy_of(original, token=token, add_subtypes=add_subtypes,
                              add_types=add_types, add_keywords=add_keywords)
    card = original.card
    face = None
    if not token and card.layout == "transform":
        face = 1 if original.transformed else 0
    return CopyEffect(card, add_subtypes, add_types, add_keywords, face)


def copy_of_face_down_face_up(original: GameObject, *, token: bool,
                              add_subtypes: tuple[str, ...] = (),
                              add_types: tuple[str, ...] = (),
                              add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """A copy of a face-down permanent copies the card's face-up values instead of a
    nameless 2/2 with no abilities (CR 707.2, 708.2)."""
    base = original.copy
    card = base.card if base is not None and not base.face_down else original.card
    return CopyEffect(card, add_subtypes, add_types, add_keywords, None)


def copy_of_transformed_front(original: GameObject, *, token: bool,
                              add_subtypes: tuple[str, ...] = (),
                              add_types: tuple[str, ...] = (),
                              add_keywords: tuple[str, ...] = ()) -> CopyEffect:
    """A (nontoken) copy of a transformed double-faced permanent gets its front face, not
    the face that is up (CR 707.8)."""
    values = copies.copy_of(original, token=token, add_subtypes=add_subtypes,
                            add_types=add_types, add_keywords=add_keywords)
    if values.face is not None and values.card.layout == "transform" and original.copy is None:
        values.face = 0
    return values


def _move(*, tokens_cease: bool = True, copies_become_tokens: bool = True) -> Any:
    def move(self: GameState, obj: GameObject, zone: Zone, *,
             controller: str | None = None) -> GameObject | None:
        self._remove(obj)
        del self.objects[obj.id]
        ceases = (obj.is_spell_copy or (obj.token and tokens_cease)) \
            and zone is not Zone.BATTLEFIELD
        if ceases:
            return None
        if controller is None:
            controller = obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
        keeps_copy = obj.token or obj.is_spell_copy
        token = obj.token or (obj.is_spell_copy and copies_become_tokens)
        new = GameObject(self.new_id(), obj.card, obj.owner, controller, zone, self.tick(),
                         token=token, copy=obj.copy if keeps_copy else None)
        self.objects[new.id] = new
        self._place(new, None)
        return new
    return move


_TOKENS_STAY = _move(tokens_cease=False)
_TOKENS_STAY.__doc__ = ("A token that leaves the battlefield stays in its new zone as a "
                        "card-like object instead of ceasing to exist (CR 111.8).")
_COPIES_NOT_TOKENS = _move(copies_become_tokens=False)
_COPIES_NOT_TOKENS.__doc__ = ("A copy of a permanent spell resolves into a nontoken "
                              "permanent instead of a token (CR 111.13, 707.10f).")


def _copy_spell(tweak: Callable[[Game, Context, GameObject, GameObject], None]) -> Any:
    def copy_spell(game: Game, ctx: Context, params: Any) -> Flow:
        for original in _objects(game, ctx, params):
            if original.zone is not Zone.STACK:
                continue
            copy = game.state.create(original.card, ctx.controller, Zone.STACK)
            copy.copy = copies.copy_of(original, token=True)
            copy.is_spell_copy = True
            copy.cast_door = original.cast_door
            copy.x = original.x
            copy.targets = original.targets
            copy.face_down = original.face_down
            copy_division(game, original.id, copy.id)
            game.events.append(Event("spell_copied", {"object": copy.id,
                                                      "original": original.id}))
            tweak(game, ctx, original, copy)
        yield from ()
    return copy_spell


def _x_zero(game: Game, ctx: Context, original: GameObject, copy: GameObject) -> None:
    """A copy of a spell with X has X = 0 instead of the original's X (CR 707.10)."""
    copy.x = 0


def _announced_as_cast(game: Game, ctx: Context, original: GameObject,
                       copy: GameObject) -> None:
    """A copy of a spell is announced as cast: "whenever you cast" abilities trigger on it
    and it counts as a spell cast this turn (CR 707.10)."""
    game.state.player(ctx.controller).spells_cast_this_turn.append(game.chars(copy))
    game.emit("spell_cast", object=copy.id, player=ctx.controller)


def _loses_door(game: Game, ctx: Context, original: GameObject, copy: GameObject) -> None:
    """A copy of a split or Room spell forgets which half was cast (CR 707.10, 709.3)."""
    copy.cast_door = None


def _original_controller(game: Game, ctx: Context, original: GameObject,
                         copy: GameObject) -> None:
    """A copy of a spell is controlled by the original spell's controller, not by the
    player who copied it (CR 707.10c)."""
    copy.controller = original.controller
    copy.owner = original.controller


def cast_copy_unannounced(game: Game, player: str, card_id: str) -> Flow:
    """A copy of a card cast without paying its mana cost is put on the stack but not
    treated as cast: no "whenever you cast" trigger, not counted this turn (CR 707.12)."""
    state = game.state
    original = state.objects[card_id]
    spell = state.create(original.card, player, Zone.STACK)
    spell.copy = original.copy or CopyEffect(original.card)
    spell.is_spell_copy = True
    chars = game.chars(spell)
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, player, None,
        f"targets for the copy of {original.card.name}")
    if targets is None:
        state.stack.remove(spell)
        del state.objects[spell.id]
        return
    spell.targets = targets


def _doc(tweak: Any) -> str:
    return str(tweak.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("token-copy-keeps-counters", "copies", "https://github.com/magefree/mage/issues/2131",
        _doc(_keeps_counters), (EFFECTS, "create_token_copy", _token_copy(_keeps_counters))),
    bug("token-copy-keeps-pt-effects", "copies", "https://github.com/phase-rs/phase/issues/9030",
        _doc(_keeps_pt_effects),
        (EFFECTS, "create_token_copy", _token_copy(_keeps_pt_effects))),
    bug("token-copy-front-face-up", "copies", "https://github.com/Card-Forge/forge/issues/2866",
        _doc(_front_face_up), (EFFECTS, "create_token_copy", _token_copy(_front_face_up))),
    bug("token-copy-keeps-doors", "copies", "https://github.com/phase-rs/phase/pull/8292",
        _doc(_keeps_doors), (EFFECTS, "create_token_copy", _token_copy(_keeps_doors))),
    bug("copy-ignores-copy-effects", "copies", "https://github.com/magefree/mage/issues/10379",
        _doc(copy_ignoring_copy_effects),
        (effects, "copy_of", copy_ignoring_copy_effects),
        (entering, "copy_of", copy_ignoring_copy_effects)),
    bug("copy-of-face-down-face-up", "copies", "https://github.com/magefree/mage/issues/3582",
        _doc(copy_of_face_down_face_up),
        (effects, "copy_of", copy_of_face_down_face_up),
        (entering, "copy_of", copy_of_face_down_face_up)),
    bug("copy-of-transformed-front-face", "copies",
        "https://github.com/magefree/mage/issues/392",
        _doc(copy_of_transformed_front),
        (effects, "copy_of", copy_of_transformed_front),
        (entering, "copy_of", copy_of_transformed_front)),
    bug("tokens-do-not-cease", "zones", "https://github.com/phase-rs/phase/issues/2619",
        _doc(_TOKENS_STAY), (GameState, "move", _TOKENS_STAY)),
    bug("permanent-spell-copy-not-token", "spell-copies",
        "https://github.com/magefree/mage/pull/7084",
        _doc(_COPIES_NOT_TOKENS), (GameState, "move", _COPIES_NOT_TOKENS)),
    bug("spell-copy-x-zero", "spell-copies", "https://github.com/magefree/mage/issues/9697",
        _doc(_x_zero), (EFFECTS, "copy_spell", _copy_spell(_x_zero))),
    bug("spell-copy-is-cast", "spell-copies", "https://github.com/phase-rs/phase/pull/5395",
        _doc(_announced_as_cast), (EFFECTS, "copy_spell", _copy_spell(_announced_as_cast))),
    bug("spell-copy-loses-door", "spell-copies", "https://github.com/magefree/mage/issues/10368",
        _doc(_loses_door), (EFFECTS, "copy_spell", _copy_spell(_loses_door))),
    bug("spell-copy-original-controller", "spell-copies",
        "https://github.com/magefree/mage/issues/12883",
        _doc(_original_controller),
        (EFFECTS, "copy_spell", _copy_spell(_original_controller))),
    bug("cast-copy-not-cast", "spell-copies", "https://github.com/Card-Forge/forge/issues/4685",
        _doc(cast_copy_unannounced), (effects, "cast_copy", cast_copy_unannounced)),
]
