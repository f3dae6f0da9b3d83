"""A small driver for the witness games: a setup written compactly, a script of contract
actions naming objects by alias, and a trace of everything a player can see after each
step -- object views without ids, the game view, the choice asked and whether an action
or answer was refused.  Two engines "differ" on a game when their traces differ."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.contract.types import (
    Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers, DeclareBlockers, Move,
    PassPriority, PlayerRef, Resolve, TurnFaceUp, Unlock,
)
from conformance.errors import IllegalAction, Unsupported
from conformance.format.cards import CardPool, load_cards
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone

CARDS = Path(__file__).with_name("cards.yaml")
ZONES = (Zone.BATTLEFIELD, Zone.STACK, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE)

#: A step of a witness script: builds the action from the aliases' current object ids.
Step_ = Callable[["Table"], Action]


@dataclass
class Table:
    """Aliases and their current object ids, followed through zone changes."""

    engine: Any
    ids: dict[str, str] = field(default_factory=dict)

    def ref(self, name: str) -> str:
        if name.startswith("player:"):
            return name
        if name in self.ids:
            return self.ids[name]
        if name.startswith("token:"):  # the last token with that name on the battlefield
            wanted = name[len("token:"):]
            for object_id in reversed(list(self.engine.objects(Zone.BATTLEFIELD))):
                view = self.engine.observe(object_id)
                if view.token and wanted in view.names:
                    return str(object_id)
        raise KeyError(name)

    def target(self, name: str) -> Any:
        value = self.ref(name)
        return PlayerRef(value[len("player:"):]) if value.startswith("player:") else value

    def follow(self, events: Sequence[Any]) -> None:
        for event in events:
            if event.kind != "zone_changed" or event.data.get("new_object") is None:
                continue
            for alias, object_id in self.ids.items():
                if object_id == event.data.get("object"):
                    self.ids[alias] = str(event.data["new_object"])


def entry(text: str | dict[str, Any]) -> CardEntry:
    """``"Card"``, ``"Card as alias"`` or ``{card, as, ...CardEntry fields}``."""
    if isinstance(text, str):
        card, _, alias = text.partition(" as ")
        return CardEntry(card, alias or None)
    fields = dict(text)
    card = fields.pop("card")
    alias = fields.pop("as", None)
    if "unlocked" in fields:
        fields["unlocked"] = tuple(Door(d) for d in fields["unlocked"])
    if "counters" in fields:
        fields["counters"] = tuple(fields["counters"].items())
    return CardEntry(card, alias, **fields)


def setup(players: dict[str, dict[str, Any]], active: str = "alice",
          step: Step = Step.PRECOMBAT_MAIN) -> Setup:
    built = []
    for name, spec in players.items():
        zones = {Zone(z): tuple(entry(e) for e in spec.get(z, ()))
                 for z in ("battlefield", "hand", "graveyard", "exile", "library")
                 if spec.get(z)}
        built.append(PlayerSetup(name, int(spec.get("life", 20)), str(spec.get("mana", "")),
                                 zones))
    if len(built) < 2:
        built.append(PlayerSetup("bob"))
    return Setup(tuple(built), active, step)


@dataclass(frozen=True)
class Witness:
    setup: Setup
    script: tuple[Step_, ...]
    #: answers to the choices asked, in order (option values or aliases); a choice past
    #: the end of the list gets the default answer
    answers: tuple[tuple[str, ...], ...] = ()


# -- steps ------------------------------------------------------------------------------

def cast(player: str, card: str, *targets: str, door: str | None = None,
         x: int | None = None, face_down: bool = False) -> Step_:
    return lambda t: Cast(player, t.ids[card], Door(door) if door else None,
                          face_down=face_down,
                          targets=tuple(t.target(n) for n in targets) if targets else None,
                          x=x)


def activate(player: str, obj: str, index: int = 0) -> Step_:
    return lambda t: Activate(player, t.ids[obj], index)


def resolve() -> Step_:
    return lambda t: Resolve()


def pass_priority(player: str) -> Step_:
    return lambda t: PassPriority(player)


def advance(step: Step) -> Step_:
    return lambda t: AdvanceTo(step)


def move(obj: str, zone: Zone) -> Step_:
    return lambda t: Move(t.ref(obj), zone)


def attack(player: str, *attackers: str) -> Step_:
    return lambda t: DeclareAttackers(player, tuple(t.ids[a] for a in attackers))


def block(player: str, *pairs: tuple[str, str]) -> Step_:
    return lambda t: DeclareBlockers(player, tuple((t.ids[b], t.ids[a]) for b, a in pairs))


def unlock(player: str, obj: str, door: str) -> Step_:
    return lambda t: Unlock(player, t.ids[obj], Door(door))


def face_up(player: str, obj: str) -> Step_:
    return lambda t: TurnFaceUp(player, t.ids[obj])


# -- playing ----------------------------------------------------------------------------

def _default(choice: Choice) -> tuple[str, ...]:
    values = [o.value for o in choice.options]
    if choice.kind in ("order", "divide"):
        return tuple(values)
    if choice.kind == "combat_damage":
        return tuple(values[:1] * choice.min)
    return tuple(values[:max(choice.min, min(1, choice.max))])


def _seen(engine: Any) -> tuple[Any, ...]:
    views = []
    for zone in ZONES:
        for object_id in engine.objects(zone):
            v = engine.observe(object_id)
            views.append((zone.value, v.owner, v.controller, v.names, v.mana_value, v.colors,
                           v.types, v.subtypes, v.supertypes, v.power, v.toughness,
                           v.abilities, v.unlocked_doors, v.face_down, v.transformed, v.token,
                           v.tapped, tuple(sorted(v.counters.items())), v.keywords))
    game = engine.game()
    stack = tuple((s.kind, s.controller, s.text) for s in game.stack)
    players = tuple((p.name, p.life, p.hand_size, p.library_size, p.graveyard_size,
                     p.exile_size) for p in game.players)
    choice = engine.pending_choice()
    asked = None if choice is None else (choice.kind, choice.player, choice.min, choice.max,
                                         tuple(o.label for o in choice.options))
    return (tuple(views), game.step.value, game.active_player, game.priority_player, stack,
            players, asked, game.game_over, game.winner)


def play(engine: Any, witness: Witness, cards: CardPool) -> list[Any]:
    """The trace of ``witness`` on ``engine``: what is seen after each step and answer."""
    table = Table(engine, dict(engine.start(witness.setup, cards)))
    answers = list(witness.answers)
    trace: list[Any] = [_seen(engine)]
    for step in witness.script:
        try:
            events = engine.perform(step(table))
            table.follow(events)
            trace.append(("done", _seen(engine)))
        except (IllegalAction, Unsupported) as refused:
            trace.append(("refused", type(refused).__name__, _seen(engine)))
        except KeyError as missing:
            trace.append(("no object", str(missing)))
        for _ in range(20):
            choice = engine.pending_choice()
            if choice is None:
                break
            wanted = tuple(table.ids.get(a, a) for a in answers.pop(0)) if answers \
                else _default(choice)
            try:
                table.follow(engine.answer(wanted))
                trace.append(("answered", _seen(engine)))
            except IllegalAction:
                trace.append(("answer refused", _seen(engine)))
                if engine.pending_choice() is None:  # the whole action was refused
                    break
                if not _fall_back(engine, table, choice, trace):
                    break
    return trace


def _fall_back(engine: Any, table: Table, choice: Choice, trace: list[Any]) -> bool:
    """After a refused answer, the default answer, then the fewest options the choice
    allows; whether one of them was taken (the game may be left waiting if none was)."""
    for fallback in (_default(choice), tuple(o.value for o in choice.options[:choice.min])):
        try:
            table.follow(engine.answer(fallback))
        except IllegalAction:
            trace.append(("answer refused", _seen(engine)))
            if engine.pending_choice() is None:
                return False
            continue
        trace.append(("answered", _seen(engine)))
        return True
    return False


def first_difference(reference: Sequence[Any], other: Sequence[Any]) -> int | None:
    for index, (a, b) in enumerate(zip(reference, other)):
        if a != b:
            return index
    return None if len(reference) == len(other) else min(len(reference), len(other))


def pool() -> CardPool:
    return load_cards(CARDS)

