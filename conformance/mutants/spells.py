"""Mutants about copies of spells, copies of permanents and objects changing zones
(CR 707, 400.7): the choices a copy of a spell keeps, what a copy enters with, and what a
card forgets when it becomes a new object.
"""

from __future__ import annotations

from typing import Any

from ..engines.reference import characteristics, effects, entering, mana, state
from ..format.vocabulary import Zone
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

# -- copies of spells --------------------------------------------------------------------

_copy_spell = effects.EFFECTS["copy_spell"]


def _copy_then(adjust: Any, doc: str) -> Any:
    """copy_spell, then ``adjust(copy, original)`` for the copy it put on the stack."""

    def copy_spell(game: Any, ctx: Any, params: Any) -> Any:
        originals = [game.state.objects[t] for t in ctx.legal_targets
                     if t in game.state.objects]
        before = {item.id for item in game.state.stack}
        yield from _copy_spell(game, ctx, params)
        for item in list(game.state.stack):
            if item.id not in before and originals:
                adjust(item, originals[0])
    copy_spell.__doc__ = doc
    return copy_spell


def _lose_x(copy: Any, original: Any) -> None:
    copy.x = 0


def _lose_targets(copy: Any, original: Any) -> None:
    copy.targets = ()


def _face_up(copy: Any, original: Any) -> None:
    copy.face_down = False


def _original_controller(copy: Any, original: Any) -> None:
    copy.controller = original.controller


_copy_loses_x = _copy_then(_lose_x, "A copy of a spell has X = 0, not the original's X.")
_copy_loses_targets = _copy_then(_lose_targets,
                                 "A copy of a spell has no targets: the original's aren't "
                                 "copied.")
_copy_face_up = _copy_then(_face_up, "A copy of a face-down spell is face up.")
_copy_controlled_by_original = _copy_then(
    _original_controller, "A copy of a spell is controlled by the original's controller, "
    "not by the player who copied it (CR 707.10c).")

_state_move = state.GameState.move


def _tokens_stay(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A token that leaves the battlefield stays in its new zone as a card would, instead
    of ceasing to exist (CR 111.8, 704.5d)."""
    if obj.token and not obj.is_spell_copy and zone is not Zone.BATTLEFIELD:
        obj.token = False
    return _state_move(self, obj, zone, **kwargs)


def _resolved_copy_is_a_card(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A copy of a permanent spell becomes a nontoken permanent as it resolves."""
    was_copy = obj.is_spell_copy and zone is Zone.BATTLEFIELD
    new = _state_move(self, obj, zone, **kwargs)
    if was_copy and new is not None:
        new.token = False
    return new


def _copy_kept_after_resolving(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A copy of an instant or sorcery is put into the graveyard as it resolves, as a card
    would be."""
    if obj.is_spell_copy and zone is Zone.GRAVEYARD:
        obj.is_spell_copy = False
        new = _state_move(self, obj, zone, **kwargs)
        if new is not None:
            new.token, new.copy = False, None
        return new
    return _state_move(self, obj, zone, **kwargs)


_mana_value = characteristics._mana_value


def _copy_mana_value_without_x(obj: Any, indexes: tuple[int, ...]) -> int:
    """A copy of a spell's mana value counts X as 0."""
    if obj.is_spell_copy and obj.zone is Zone.STACK:
        card = obj.copiable_card
        return sum(mana.mana_value(card.faces[i].mana_cost, 0) for i in indexes)
    return _mana_value(obj, indexes)


# -- copies of permanents ----------------------------------------------------------------

_enter_as_copy = entering._enter_as_copy


def _clone_then(adjust: Any, doc: str) -> Any:
    def enter_as_copy(game: Any, new: Any, params: Any) -> Any:
        yield from _enter_as_copy(game, new, params)
        if new.copy is not None:
            original = next((o for o in game.state.permanents()
                             if o.id != new.id and o.card is new.copy.card), None)
            if original is not None:
                adjust(new, original)
    enter_as_copy.__doc__ = doc
    return enter_as_copy


def _take_counters(new: Any, original: Any) -> None:
    for kind, count in original.counters.items():
        if kind != "lore":
            new.counters[kind] = new.counters.get(kind, 0) + count


def _take_tapped(new: Any, original: Any) -> None:
    new.tapped = original.tapped


_clone_copies_counters = _clone_then(
    _take_counters, "A permanent entering as a copy gets the original's counters.")
_clone_copies_tapped = _clone_then(
    _take_tapped, "A permanent entering as a copy of a tapped permanent enters tapped.")

_as_it_enters = entering._as_it_enters


def _enters_with_of_its_own_card(game: Any, new: Any, x: int) -> Any:
    """"Enters with counters" is read from the entering card's own text, not from what it
    enters as a copy of."""
    before = dict(new.counters)
    yield from _as_it_enters(game, new, x)
    if new.copy is None:
        return
    new.counters = before
    copy, new.copy = new.copy, None
    try:
        own = game.chars(new).ability_defs
    finally:
        new.copy = copy
    for ability in own:
        if ability.kind == "as_enters" and "counters" in ability.params:
            for kind, amount in ability.params["counters"].items():
                count = x if amount == "X" else int(amount)
                if count:
                    new.counters[kind] = new.counters.get(kind, 0) + count


def _x_from_original(game: Any, new: Any, x: int) -> Any:
    """A copy of a permanent with X in its cost uses the X the original was cast with (its
    +1/+1 counters)."""
    before = new.copy
    yield from _as_it_enters(game, new, x)
    if before is None and new.copy is not None and not x:
        original = next((o for o in game.state.permanents()
                         if o.id != new.id and o.card is new.copy.card and o.counters), None)
        if original is not None:
            for ability in game.chars(new).ability_defs:
                if ability.kind == "as_enters" and "counters" in ability.params:
                    for kind, amount in ability.params["counters"].items():
                        if amount == "X" and original.counters.get(kind):
                            new.counters[kind] = original.counters[kind]


# -- new objects -------------------------------------------------------------------------


def _counters_kept(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A permanent that changes zones keeps its counters."""
    counters = dict(obj.counters)
    new = _state_move(self, obj, zone, **kwargs)
    if new is not None and counters:
        new.counters = counters
    return new


def _tapped_kept(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A permanent that leaves the battlefield and comes back enters tapped if it was."""
    tapped = obj.tapped
    new = _state_move(self, obj, zone, **kwargs)
    if new is not None and tapped:
        new.tapped = True
    return new


def _transformed_kept(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """A transformed permanent that leaves the battlefield keeps its back face up in its
    new zone."""
    transformed = obj.transformed
    new = _state_move(self, obj, zone, **kwargs)
    if new is not None and transformed:
        new.transformed = True
    return new


_faces_in_effect = characteristics.faces_in_effect


def _back_face_anywhere(obj: Any, zone: Any = None) -> tuple[int, ...]:
    if obj.transformed and characteristics.is_transforming(obj.copiable_card) and (
            obj.copy is None or obj.copy.face is None):
        return (1,)
    return _faces_in_effect(obj, zone)


_effects_move = state.GameState.move


def _effects_follow_the_card(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """"Until end of turn" effects keep applying to a permanent that left the battlefield
    and came back."""
    new = _effects_move(self, obj, zone, **kwargs)
    if new is not None:
        for effect in self.effects:
            if effect.object == obj.id:
                effect.object = new.id
    return new


WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "spell-copy-loses-x": (
        [(effects.EFFECTS, "copy_spell", _copy_loses_x)], set()),
    "spell-copy-loses-targets": (
        [(effects.EFFECTS, "copy_spell", _copy_loses_targets)], set()),
    "spell-copy-of-face-down-spell-is-face-up": (
        [(effects.EFFECTS, "copy_spell", _copy_face_up)], set()),
    "spell-copy-controlled-by-the-original-controller": (
        [(effects.EFFECTS, "copy_spell", _copy_controlled_by_original)], set()),
    "tokens-do-not-cease-to-exist": (
        [(state.GameState, "move", _tokens_stay)], set()),
    "resolved-spell-copy-is-not-a-token": (
        [(state.GameState, "move", _resolved_copy_is_a_card)], set()),
    "spell-copy-put-into-graveyard": (
        [(state.GameState, "move", _copy_kept_after_resolving)], set()),
    "spell-copy-mana-value-without-x": (
        [(characteristics, "_mana_value", _copy_mana_value_without_x)], set()),
    "clone-copies-counters": (
        [(entering, "_enter_as_copy", _clone_copies_counters)], set()),
    "clone-copies-tapped": (
        [(entering, "_enter_as_copy", _clone_copies_tapped)], set()),
    "enters-with-counters-of-its-own-card": (
        [(entering, "_as_it_enters", _enters_with_of_its_own_card)], set()),
    "copy-uses-the-originals-x": (
        [(entering, "_as_it_enters", _x_from_original)], set()),
    "counters-kept-on-zone-change": (
        [(state.GameState, "move", _counters_kept)], set()),
    "tapped-kept-on-zone-change": (
        [(state.GameState, "move", _tapped_kept)], set()),
    "transformed-kept-off-the-battlefield": (
        [(state.GameState, "move", _transformed_kept),
         (characteristics, "faces_in_effect", _back_face_anywhere)], set()),
    "until-end-of-turn-follows-the-card": (
        [(state.GameState, "move", _effects_follow_the_card)], set()),
}

MECHANISMS = {
    "clone-copies-counters": "copies",
    "clone-copies-tapped": "copies",
    "enters-with-counters-of-its-own-card": "copies",
    "copy-uses-the-originals-x": "copies",
    "counters-kept-on-zone-change": "zones",
    "tokens-do-not-cease-to-exist": "zones",
    "tapped-kept-on-zone-change": "zones",
    "transformed-kept-off-the-battlefield": "transform",
    "until-end-of-turn-follows-the-card": "durations",
}

MUTANTS = table("spell-copies", FOLDERS, WRONG, mechanisms=MECHANISMS, kills=KILLS)
