"""Benign variants: correct engines that differ from the reference engine only in ways the
adapter contract leaves open -- ids, orders, typography, extra events, prompt shapes.

Each wraps another engine (the reference engine by default) through the contract alone and
changes one incidental thing.  Every ruling and every property must pass on every one of
them: a verdict that differs is a false verdict of the harness, never the engine's fault.
"""

from __future__ import annotations

import random
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any

from conformance.contract.protocol import Engine
from conformance.contract.types import (
    Action, Activate, Cast, Choice, EngineInfo, Event, GameView, ObjectId, ObjectView, Option,
    PlayerId, TurnFaceUp, Unlock, automatic_choice,
)
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction
from conformance.format.cards import CardPool
from conformance.format.model import Setup
from conformance.format.vocabulary import Door, Zone


def convert(value: Any, change: Callable[[str], str]) -> Any:
    """``value`` with every plain string passed through ``change``, through dataclasses,
    tuples, lists and mappings (enums are left alone)."""
    if type(value) is str:
        return change(value)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: convert(getattr(value, f.name), change)  # type: ignore[misc]
                                 for f in fields(value)})
    if isinstance(value, tuple):
        return tuple(convert(v, change) for v in value)
    if isinstance(value, list):
        return [convert(v, change) for v in value]
    if isinstance(value, Mapping):
        return {k: convert(v, change) for k, v in value.items()}
    return value


class Variant:
    """An engine delegating to ``inner`` through the contract; subclasses change one thing
    in one of the hooks at the bottom."""

    description = "the reference engine as it is"

    def __init__(self, inner: Engine | None = None) -> None:
        self.inner: Engine = inner if inner is not None else ReferenceEngine()

    @property
    def info(self) -> EngineInfo:
        return self.inner.info

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        return {alias: self.out(object_id)
                for alias, object_id in self.inner.start(setup, cards).items()}

    def perform(self, action: Action) -> Sequence[Event]:
        return self.events(self.out(list(self.inner.perform(self.into(action)))))

    def is_legal(self, action: Action) -> bool:
        return self.inner.is_legal(self.into(action))

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        return self.actions(self.out(list(self.inner.legal_actions(player))))

    def pending_choice(self) -> Choice | None:
        choice = self.inner.pending_choice()
        return None if choice is None else self.choice(self.out(choice))

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        inner_values = self.into(list(self.answer_values(list(values))))
        return self.events(self.out(list(self.inner.answer(inner_values))))

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        return self.view(self.out(self.inner.observe(self.into(object_id), viewer)))

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        return [self.out(o) for o in self.inner.objects(zone, player)]

    def game(self) -> GameView:
        return self.game_view(self.out(self.inner.game()))

    def close(self) -> None:
        self.inner.close()

    # -- hooks: each variant overrides one or two -------------------------------------------

    def out(self, value: Any) -> Any:
        """Ids as this engine shows them."""
        return value

    def into(self, value: Any) -> Any:
        """Ids as the inner engine knows them."""
        return value

    def actions(self, actions: list[Action]) -> list[Action]:
        return actions

    def choice(self, choice: Choice) -> Choice:
        return choice

    def answer_values(self, values: list[str]) -> list[str]:
        return values

    def view(self, view: ObjectView) -> ObjectView:
        return view

    def game_view(self, game: GameView) -> GameView:
        return game

    def events(self, events: list[Event]) -> list[Event]:
        return events


_REFERENCE_ID = re.compile(r"o\d+")


class RandomIds(Variant):
    """Object ids are random UUIDs: the same object keeps its id within a game, and no two
    runs give it the same one."""

    description = "random UUIDs as object ids"

    def __init__(self, inner: Engine | None = None) -> None:
        super().__init__(inner)
        self._outward: dict[str, str] = {}
        self._inward: dict[str, str] = {}

    def _id(self, text: str) -> str:
        if not _REFERENCE_ID.fullmatch(text):
            return text
        if text not in self._outward:
            new = str(uuid.uuid4())
            self._outward[text], self._inward[new] = new, text
        return self._outward[text]

    def out(self, value: Any) -> Any:
        return convert(value, self._id)

    def into(self, value: Any) -> Any:
        return convert(value, lambda text: self._inward.get(text, text))

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        if object_id not in self._inward:
            raise KeyError(object_id)  # ids it never gave out are no ids of this engine
        return super().observe(object_id, viewer)


class ShuffledOrders(Variant):
    """Legal actions and the options of every choice come in a random order (an option
    order is kept while its choice is pending)."""

    description = "legal actions and options in a random order"

    def __init__(self, inner: Engine | None = None) -> None:
        super().__init__(inner)
        self._random = random.Random()
        self._shown: tuple[Choice, Choice] | None = None

    def actions(self, actions: list[Action]) -> list[Action]:
        self._random.shuffle(actions)
        return actions

    def choice(self, choice: Choice) -> Choice:
        if self._shown is None or self._shown[0] != choice:
            options = list(choice.options)
            self._random.shuffle(options)
            self._shown = (choice, replace(choice, options=tuple(options)))
        return self._shown[1]


class ReversedOrders(Variant):
    """Legal actions and options in the reverse of the reference engine's order."""

    description = "legal actions and options reversed"

    def actions(self, actions: list[Action]) -> list[Action]:
        return actions[::-1]

    def choice(self, choice: Choice) -> Choice:
        return replace(choice, options=choice.options[::-1])


def _typeset(text: str) -> str:
    return (text.replace("'", "\u2019").replace(", ", ",  ").replace(". ", ".\n")
            .replace('"', "\u201d"))


class CurlyTexts(Variant):
    """Ability texts with curly apostrophes and quotes, double spaces and line breaks."""

    description = "typographic ability texts"

    def view(self, view: ObjectView) -> ObjectView:
        return replace(view, abilities=tuple(_typeset(a) for a in view.abilities))

    def game_view(self, game: GameView) -> GameView:
        return replace(game, stack=tuple(replace(item, text=_typeset(item.text))
                                         for item in game.stack))


class ExtraEvents(Variant):
    """Events of kinds the contract does not know, before and after the reference ones."""

    description = "extra events of unknown kinds"

    def events(self, events: list[Event]) -> list[Event]:
        priority = self.inner.game().priority_player
        return [Event("priority_passed", {"player": priority}), *events,
                Event("engine_trace", {"note": "state checked", "events": len(events)})]


class OtherYesNoValues(Variant):
    """A yes/no choice whose options have other values and the standard labels."""

    description = "yes/no options valued 'accept'/'decline', labelled 'yes'/'no'"
    VALUES = {"yes": "accept", "no": "decline"}

    def choice(self, choice: Choice) -> Choice:
        if {o.value for o in choice.options} != set(self.VALUES):
            return choice
        return replace(choice, options=tuple(Option(self.VALUES[o.value], o.value)
                                             for o in choice.options))

    def answer_values(self, values: list[str]) -> list[str]:
        pending = self.inner.pending_choice()
        if pending is None or {o.value for o in pending.options} != set(self.VALUES):
            return values
        inward = {v: k for k, v in self.VALUES.items()}
        refused = [v for v in values if v not in inward]
        if refused:  # this engine knows only its own values
            raise IllegalAction(f"{refused[0]!r} is not 'accept' or 'decline'")
        return [inward[v] for v in values]


def _is_room(engine: Engine, card: ObjectId) -> bool:
    return "Room" in engine.observe(card).subtypes


class RoomCastAsksDoor(Variant):
    """A Room in hand is listed once as a cast with no door whenever casting it can begin;
    the door is asked as a choice, and an answer the rules refuse (a door that can't be
    paid for, or cast now) drops the cast."""

    description = "one cast per Room, the door asked"

    def actions(self, actions: list[Action]) -> list[Action]:
        listed: list[Action] = []
        for action in actions:
            if isinstance(action, Cast) and action.door is not None:
                action = replace(action, door=None)
            if action not in listed:
                listed.append(action)
        for player in self._players():
            for card in self.inner.objects(Zone.HAND, player):
                cast = Cast(player, card)
                if cast not in listed and _is_room(self.inner, card) and self.inner.is_legal(cast):
                    listed.append(cast)  # legal up to the door choice
        return listed

    def _players(self) -> list[PlayerId]:
        priority = self.inner.game().priority_player
        return [priority] if priority else []


class DoorChoiceKeptPending(Variant):
    """This engine asks the door itself, with labels of its own ("the left door"), and
    refuses an answer the rules don't allow while keeping the choice pending."""

    description = "its own door choice, other labels, refused answers keep it pending"
    LABELS = {Door.LEFT.value: "the left door", Door.RIGHT.value: "the right door"}

    def __init__(self, inner: Engine | None = None) -> None:
        super().__init__(inner)
        self._cast: Cast | None = None

    def _door_choice(self, cast: Cast) -> Choice:
        return Choice("door", cast.player, "which door to cast",
                      tuple(Option(d.value, self.LABELS[d.value]) for d in Door))

    def actions(self, actions: list[Action]) -> list[Action]:
        listed: list[Action] = []
        for action in actions:
            if isinstance(action, Cast) and action.door is not None:
                action = replace(action, door=None)
            if action not in listed:
                listed.append(action)
        return listed

    def _asks(self, action: Action) -> bool:
        return (isinstance(action, Cast) and action.door is None and not action.face_down
                and _is_room(self.inner, action.card))

    def perform(self, action: Action) -> Sequence[Event]:
        if self._cast is not None:
            raise IllegalAction("a choice is pending: which door to cast")
        if self._asks(action):
            assert isinstance(action, Cast)
            if not self.is_legal(action):
                raise IllegalAction("neither door can be cast now")
            self._cast = action
            return []
        return super().perform(action)

    def is_legal(self, action: Action) -> bool:
        if self._cast is not None:
            return False
        if self._asks(action):
            assert isinstance(action, Cast)
            return any(self.inner.is_legal(replace(action, door=d)) for d in Door)
        return super().is_legal(action)

    def pending_choice(self) -> Choice | None:
        if self._cast is not None:
            return self._door_choice(self._cast)
        return super().pending_choice()

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        cast = self._cast
        if cast is None:
            return super().answer(values)
        if len(values) != 1 or values[0] not in self.LABELS:
            raise IllegalAction(f"answer one of {sorted(self.LABELS)}, not {list(values)}")
        events = self.inner.perform(replace(cast, door=Door(values[0])))  # refused: still pending
        self._cast = None
        return events


class TableClearedAtTheEnd(Variant):
    """When the game ends, every permanent is shown moved to exile as it was -- tapped,
    tokens included -- as some engines clear the table.  Nothing is checked after the end of
    the game (CR 104.1), so nothing shown then can be a departure."""

    description = "the table cleared into exile, as it was, when the game ends"

    def __init__(self, inner: Engine | None = None) -> None:
        super().__init__(inner)
        self.cleared: dict[ObjectId, ObjectId] = {}  # shown id in exile -> battlefield id

    def events(self, events: list[Event]) -> list[Event]:
        if self.cleared or not self.inner.game().game_over:
            return events
        moved = []
        for object_id in self.inner.objects(Zone.BATTLEFIELD):
            shown = f"{object_id}-exiled"
            self.cleared[shown] = object_id
            moved.append(Event("zone_changed", {"object": object_id, "new_object": shown,
                                                "from": Zone.BATTLEFIELD.value,
                                                "to": Zone.EXILE.value}))
        return [*events, *moved]

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        if object_id in self.cleared:
            return replace(self.inner.observe(self.cleared[object_id], viewer), id=object_id,
                           zone=Zone.EXILE)
        return super().observe(object_id, viewer)

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        found = [o for o in self.inner.objects(zone, player) if o not in self.cleared.values()]
        if zone is Zone.EXILE:
            found += [shown for shown, inner in self.cleared.items()
                      if player is None or self.inner.observe(inner).owner == player]
        return found


def _put_back(game: Any, saved: Any) -> None:
    """The game as it was before lands were tapped, with no choice pending (a land's ability
    may have led to one -- a triggered ability's targets, the legend rule -- as the player
    was to receive priority: these taps were never the player's actions)."""
    game.state = saved
    game._flow = game._choice = game._snapshot = None
    game.state_changed()


class TapsLandsToPay(Variant):
    """When the pool can't pay for a cast, an unlock or turning a permanent face up, the
    player's untapped basic lands are tapped for mana, one at a time, until it can -- mana
    abilities may be activated while a cost is paid (CR 601.2g, 605.3a) -- as engines that
    pay for their players do.  The contract has no undo: an action still refused once the
    lands are tapped leaves the game as it was through the reference engine's copy of its
    state, as a refused action must.  It does not declare ``explicit-mana``."""

    description = "untapped basic lands tapped for mana when the pool can't pay a cost"
    PAID = (Cast, Unlock, TurnFaceUp)

    @property
    def info(self) -> EngineInfo:
        """It does not pay from the pool alone: no ``explicit-mana``."""
        inner = self.inner.info
        return replace(inner, capabilities=inner.capabilities - {"explicit-mana"})

    def _basic_lands(self, player: PlayerId) -> list[ObjectId]:
        found = []
        for object_id in self.inner.objects(Zone.BATTLEFIELD):
            view = self.inner.observe(object_id)
            if view.controller == player and not view.tapped and "Basic" in view.supertypes \
                    and "Land" in view.types and not view.face_down:
                found.append(object_id)
        return found

    def _with_lands(self, action: Action, then: Callable[[], Any], keep: bool) -> Any:
        """``then()`` once the lands needed (if any) are tapped; the game is put back as it
        was unless ``keep`` and ``then`` succeeds.  Returns the taps' events and its value."""
        assert isinstance(self.inner, ReferenceEngine) and isinstance(action, self.PAID)
        game = self.inner._require()
        named = action.card if isinstance(action, Cast) else action.object
        if named not in game.state.objects:  # an object of another state of the game (_more)
            raise IllegalAction("no such object")
        saved = game.state.clone()
        tapped: list[Event] = []
        try:
            for land in self._basic_lands(action.player):
                if self.inner.is_legal(action):
                    break
                tapped += self.inner.perform(Activate(action.player, land, 0))
            value = then()
        except IllegalAction:
            keep = False
            raise
        finally:
            if not keep:
                _put_back(game, saved)
        return tapped, value

    def perform(self, action: Action) -> Sequence[Event]:
        if not isinstance(action, self.PAID) or self.inner.is_legal(action):
            return super().perform(action)
        tapped, events = self._with_lands(action, lambda: list(self.inner.perform(action)),
                                          keep=True)
        return [*tapped, *events]

    def is_legal(self, action: Action) -> bool:
        if not isinstance(action, self.PAID) or self.inner.is_legal(action):
            return super().is_legal(action)
        try:
            return bool(self._with_lands(action, lambda: self.inner.is_legal(action),
                                         keep=False)[1])
        except IllegalAction:  # a land can't be tapped now (no priority, say)
            return False

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        listed = list(self.inner.legal_actions(player))
        return listed + [a for a in self._more(player) if a not in listed and self.is_legal(a)]

    def _more(self, player: PlayerId) -> list[Action]:
        """The casts, unlocks and turnings face up legal with every basic land tapped (some
        of which may name objects only that state has: the caller probes each again)."""
        assert isinstance(self.inner, ReferenceEngine)
        game = self.inner._require()
        saved = game.state.clone()
        try:
            for land in self._basic_lands(player):
                self.inner.perform(Activate(player, land, 0))
            return [a for a in self.inner.legal_actions(player) if isinstance(a, self.PAID)]
        except IllegalAction:
            return []
        finally:
            _put_back(game, saved)


class ValuesNotComputed(Variant):
    """Lists mana value and color identity as not computed (contract 1.1), with placeholders:
    every ruling that checks one of them is ``unsupported`` on it, and every property either
    judges without them or judges nothing."""

    description = "mana value and color identity not computed (placeholders, listed unknown)"
    unknown = {"mana_value": "this engine keeps no mana value",
               "color_identity": "this engine keeps no color identity"}

    def view(self, view: ObjectView) -> ObjectView:
        return replace(view, mana_value=0, color_identity=(), unknown={
            **view.unknown, **self.unknown})


class ForcedChoicesMadeItself(Variant):
    """Makes every forced choice itself (contract 1.1: one legal answer), reporting it as a
    ``choice_made`` event instead of asking; when the rules then refuse the action (the
    forced answer was refused and the action dropped), the action itself is refused."""

    description = "forced choices made by the engine itself, the action refused with them"

    @property
    def info(self) -> EngineInfo:
        """It declares ``automatic-choices`` (contract 1.2), as such an engine does."""
        inner = self.inner.info
        return replace(inner, capabilities=inner.capabilities | {"automatic-choices"})

    def perform(self, action: Action) -> Sequence[Event]:
        events = list(self.inner.perform(action))
        return events + self._forced()

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        events = list(self.inner.answer(values))
        return events + self._forced()

    def pending_choice(self) -> Choice | None:
        return self.inner.pending_choice()

    def _forced(self) -> list[Event]:
        made: list[Event] = []
        for _ in range(50):
            choice = self.inner.pending_choice()
            if choice is None or not choice.forced:
                return made
            chosen = [option.value for option in choice.options] * (
                choice.max if len(choice.options) == 1 else 1)
            try:
                more = list(self.inner.answer(chosen))
            except IllegalAction:
                if self.inner.pending_choice() is None:
                    raise  # the action was dropped with its only answer: it is refused
                return made  # still pending: left for the player to see
            made += [automatic_choice(choice, chosen), *more]
        return made


class XPaidAfterTargets(Variant):
    """Asks a spell's targets before it takes the cost, as phase.rs does with X: a cast of a
    spell with targets is legal up to its first choice whatever X is announced, and refused
    once the cost is to be paid (CR 601.2b-h; ``is_legal`` answers up to the first choice)."""

    description = "a cast with targets refused only as its cost is paid"

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, Cast) and action.x and action.targets is None \
                and self._targets(action.card):
            return self.inner.is_legal(replace(action, x=0))
        return self.inner.is_legal(action)

    def _targets(self, card: ObjectId) -> bool:
        try:
            view = self.inner.observe(card)
        except KeyError:
            return False
        return any("target" in text.lower() for text in view.abilities)


class Everything(Variant):
    """Every variant at once."""

    description = "all of the above, stacked"

    def __init__(self, inner: Engine | None = None) -> None:
        engine: Engine = inner if inner is not None else ReferenceEngine()
        for layer in (CurlyTexts, OtherYesNoValues, RoomCastAsksDoor, ExtraEvents,
                      ShuffledOrders, RandomIds):
            engine = layer(engine)  # type: ignore[assignment]
        super().__init__(engine)


VARIANTS: dict[str, type[Variant]] = {
    "random-ids": RandomIds,
    "shuffled-orders": ShuffledOrders,
    "reversed-orders": ReversedOrders,
    "curly-texts": CurlyTexts,
    "extra-events": ExtraEvents,
    "other-yes-no-values": OtherYesNoValues,
    "room-cast-asks-door": RoomCastAsksDoor,
    "door-choice-kept-pending": DoorChoiceKeptPending,
    "taps-lands-to-pay": TapsLandsToPay,
    "forced-choices-made-itself": ForcedChoicesMadeItself,
    "x-paid-after-targets": XPaidAfterTargets,
    "everything": Everything,
}

#: Variants whose rulings' verdicts may differ from the reference engine's in an allowed way
#: (a ruling that checks a value not computed is ``unsupported``): held to every property.
PROPERTY_VARIANTS: dict[str, type[Variant]] = {
    **VARIANTS,
    "values-not-computed": ValuesNotComputed,
}
