"""Permanents entering the battlefield (CR 110.2, 614.12).

Everything about *how* a permanent enters is decided here, before it is on the
battlefield: a Room enters with no door unlocked unless it resolves as a spell, in
which case the cast door becomes unlocked as it enters (CR 709.5d); a
double-faced card enters front face up unless put onto the battlefield transformed
(CR 712.14); "as this enters" choices are made (CR 614.12).
"""

from __future__ import annotations

from ...contract.types import Choice, Event, Option
from ...format.vocabulary import Door, Zone
from .characteristics import is_transforming
from .game import Flow, Game
from .rooms import unlock
from .state import GameObject


def put_onto_battlefield(game: Game, obj: GameObject, *, controller: str | None = None,
                         door: Door | None = None, transformed: bool = False) -> Flow:
    """Move ``obj`` onto the battlefield; returns the new permanent (or ``None``)."""
    if transformed and not is_transforming(obj.copiable_card):
        return None  # a card that can't transform doesn't enter at all (CR 712.14a)
    old_zone = obj.zone
    new = game.state.move(obj, Zone.BATTLEFIELD, controller=controller)
    if new is None:
        return None
    new.transformed = transformed
    new.summoning_sick = True
    for ability in game.chars(new).ability_defs:
        if ability.kind == "as_enters" and "choose_card_name" in ability.params:
            options = tuple(Option(name, name) for name in _name_options(game))
            (name,) = yield Choice("name", new.controller,
                                   f"choose a card name for {new.card.name}", options)
            new.chosen_name = name
            game.events.append(Event("name_chosen", {"object": new.id, "name": name}))
    game.emit("zone_changed", object=obj.id, new_object=new.id, card=obj.card.name,
              **{"from": old_zone.value, "to": Zone.BATTLEFIELD.value})
    if new.token and old_zone is Zone.STACK:
        game.events.append(Event("token_created", {"object": new.id}))
    if door is not None:
        unlock(game, new, [door])
    return new


def create_token(game: Game, obj: GameObject) -> Flow:
    """A token that was just created enters the battlefield (CR 111.1)."""
    game.emit("token_created", object=obj.id)
    game.emit("zone_changed", object=None, new_object=obj.id, card=obj.card.name,
              **{"from": None, "to": Zone.BATTLEFIELD.value})
    yield from ()
    return obj


def _name_options(game: Game) -> tuple[str, ...]:
    """Card names a player may choose: each face's name, so one half of a split card but
    never both together (CR 201.4, 709.4a)."""
    return game.cards.face_names()
