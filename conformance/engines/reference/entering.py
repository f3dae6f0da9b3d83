"""Permanents entering the battlefield (CR 110.2, 614.12).

Everything about *how* a permanent enters is decided here, before it is on the
battlefield, as replacement effects (CR 614.1c, 614.12): a Room enters with no door
unlocked unless it resolves as a spell, in which case the cast door becomes unlocked as
it enters (CR 709.5d); a double-faced card enters front face up unless put onto the
battlefield transformed, and a card that can't transform doesn't enter at all
(CR 712.14a); a face-down spell enters face down; "as this enters" choices are made,
"enters as a copy" takes effect, "enters with counters" puts them on, and a Saga gets
its first lore counter (CR 714.3a).  None of these is a triggered ability, so nothing
makes them happen twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract.types import Choice, Event, Option
from ...format.vocabulary import Door, Zone
from .abilities import chapter_numbers
from .characteristics import can_transform, is_transforming
from .copies import copy_of
from .game import Flow, Game
from .rooms import unlock
from .state import GameObject
from .targets import label, matches


def put_onto_battlefield(game: Game, obj: GameObject, *, controller: str | None = None,
                         door: Door | None = None, transformed: bool = False,
                         face_down: bool = False, x: int = 0) -> Flow:
    """Move ``obj`` onto the battlefield; returns the new permanent (or ``None``).

    ``x`` is the X of the spell that became the permanent (CR 107.3m)."""
    if transformed and not (is_transforming(obj.card) and obj.copy is None):
        return None  # a card that can't transform doesn't enter at all (CR 712.14a)
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed
    new.face_down = face_down
    new.summoning_sick = True
    if old_zone is Zone.STACK:  # what a spell gained as it was cast, the permanent keeps
        new.granted = obj.granted
    yield from _as_it_enters(game, new, x)
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if new.token and old_zone is Zone.STACK:  # a copy of a permanent spell (CR 111.13)
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        unlock(game, new, [door])
    _first_lore_counter(game, new)
    return new


def enter_token(game: Game, token: GameObject) -> Flow:
    """A token that was just created enters the battlefield (CR 111.1)."""
    yield from _as_it_enters(game, token, 0)
    game.emit("token_created", object=token.id)
    game.emit("zone_changed", object=None, new_object=token.id, card=token.card.name,
              **{"from": None, "to": Zone.BATTLEFIELD.value})
    _first_lore_counter(game, token)
    return token


def _as_it_enters(game: Game, new: GameObject, x: int) -> Flow:
    """Replacement effects of the permanent itself that modify how it enters."""
    if new.face_down:
        return  # a face-down permanent has no abilities (CR 708.3)
    for ability in game.chars(new).ability_defs:
        if ability.kind != "as_enters":
            continue
        params = ability.params
        if "copy" in params:
            yield from _enter_as_copy(game, new, params)
        if "choose_card_name" in params:
            options = tuple(Option(name, name) for name in _name_options(game))
            (name,) = yield Choice("name", new.controller,
                                   f"choose a card name for {new.card.name}", options)
            new.chosen_name = name
            game.events.append(Event("name_chosen", {"object": new.id, "name": name}))
    # "enters with" counters of what it is once any copy effect applies (CR 614.1c)
    for ability in game.chars(new).ability_defs:
        if ability.kind == "as_enters" and "counters" in ability.params:
            for kind, amount in ability.params["counters"].items():
                count = x if amount == "X" else int(amount)  # X of the spell, or 0
                if count:
                    new.counters[kind] = new.counters.get(kind, 0) + count


def _enter_as_copy(game: Game, new: GameObject, params: Mapping[str, Any]) -> Flow:
    """``{copy: {optional: bool, add_types: [...], ...filter}}``: "you may have this enter as
    a copy of ..." (CR 707.2, 614.1c)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents()
             if obj.id != new.id and matches(game.chars(obj), rule)]
    if not found:
        return
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in found)
    minimum = 0 if rule.get("optional", True) else 1
    chosen = yield Choice("cards", new.controller, f"{new.card.name} enters as a copy of",
                          options, minimum, 1)
    for object_id in chosen:
        original = game.state.objects[object_id]
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()))
        if new.token:
            new.transformed = original.transformed and can_transform(new)


def add_counters(game: Game, obj: GameObject, kind: str, amount: int) -> None:
    """Put counters on a permanent; chapter abilities watch lore counters (CR 714.2b)."""
    if amount <= 0:
        return
    before = obj.counters.get(kind, 0)
    obj.counters[kind] = before + amount
    game.emit("counters_added", object=obj.id, counter=kind, before=before,
              after=before + amount)


def _first_lore_counter(game: Game, new: GameObject) -> None:
    """As a Saga enters, its controller puts a lore counter on it (CR 714.3a)."""
    chars = game.chars(new)
    if "Saga" in chars.subtypes and chapter_numbers(chars.ability_defs):
        add_counters(game, new, "lore", 1)


def _name_options(game: Game) -> tuple[str, ...]:
    """Card names a player may choose: each face's name, so one half of a split card or
    either face of a double-faced card, never both together (CR 201.4, 709.4a, 712.19)."""
    return game.cards.face_names()
