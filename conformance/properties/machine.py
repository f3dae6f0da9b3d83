"""A Hypothesis state machine that plays random games on any engine and checks properties
after every step.

It starts from a random position (``strategies.boards``), then repeatedly takes one of the
actions the engine says are legal -- or, with ``inject-moves``, moves a card as an effect
would -- and answers every choice the engine asks with random allowed options.  It records
what it does as a ruling script (aliases, not engine ids), so that a failure, once
Hypothesis has shrunk it, is printed as a YAML scenario that can be pasted into rulings/.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from strategies import answers, boards

from ..contract.protocol import Engine
from ..contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Event, Move, ObjectId, Resolve, TurnFaceUp, Unlock,
)
from ..errors import IllegalAction, Unsupported
from ..format.cards import Card, CardPool
from ..format.model import Setup
from ..format.vocabulary import Zone
from ..runner.execute import follow_aliases
from .catalog import Observation, Property, Violation

MOVE_ZONES = (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)


class PropertyFailure(AssertionError):
    """A property was violated; ``script`` is the game so far as a ruling scenario."""

    def __init__(self, prop: Property, violation: Violation, scenario: dict[str, Any]) -> None:
        super().__init__(f"{prop.id}: {violation.message}")
        self.property = prop
        self.violation = violation
        self.scenario = scenario


@dataclass
class Recorder:
    """The steps taken so far, written with aliases as a ruling scenario."""

    setup: Setup
    aliases: dict[str, ObjectId | None]
    steps: list[Any] = field(default_factory=list)
    count: int = 0

    def follow(self, events: Sequence[Event]) -> None:
        follow_aliases(self.aliases, events)

    def name(self, engine: Engine, object_id: ObjectId) -> str:
        """The alias of an object, binding one with a ``find`` step if it has none."""
        for alias, current in self.aliases.items():
            if current == object_id:
                return alias
        view = engine.observe(object_id)
        self.count += 1
        alias = f"t{self.count}"
        find: dict[str, Any] = {"as": alias, "zone": view.zone.value, "token": view.token,
                                "first": True}
        if view.names:
            find["name"] = view.names[0]
        self.steps.append({"find": find})
        self.aliases[alias] = object_id
        return alias

    def value(self, engine: Engine, value: str) -> str:
        if value.startswith(PLAYER_OPTION_PREFIX):
            return value[len(PLAYER_OPTION_PREFIX):]
        try:
            engine.observe(value)
        except KeyError:
            return value  # a door, a name, an option
        return self.name(engine, value)

    def action(self, engine: Engine, action: Action) -> dict[str, Any] | str:
        if isinstance(action, Resolve):
            return "resolve"
        if isinstance(action, AdvanceTo):
            return {"advance": action.step.value}
        if isinstance(action, Cast):
            cast: dict[str, Any] = {"card": self.name(engine, action.card)}
            if action.door is not None:
                cast["door"] = action.door.value
            if action.face_down:
                cast["face_down"] = True
            if action.x is not None:
                cast["x"] = action.x
            return {"cast": cast}
        if isinstance(action, Activate):
            return {"activate": {"object": self.name(engine, action.object),
                                 "ability": action.ability + 1}}
        if isinstance(action, Unlock):
            return {"unlock": {"object": self.name(engine, action.object),
                               "door": action.door.value}}
        if isinstance(action, TurnFaceUp):
            return {"turn_face_up": {"object": self.name(engine, action.object)}}
        if isinstance(action, Move):
            return {"move": {"object": self.name(engine, action.object), "to": action.to.value}}
        raise TypeError(f"cannot record {action!r}")

    def scenario(self, engine: Engine, name: str, violation: Violation) -> dict[str, Any]:
        steps = list(self.steps)
        if violation.illegal is not None:
            steps.append({"expect_illegal": self.action(engine, violation.illegal)})
        elif violation.object is not None and violation.key is not None:
            steps.append({"expect": {"object": self.name(engine, violation.object),
                                     violation.key: violation.expected}})
        return {"name": name, "setup": setup_yaml(self.setup), "script": steps}


def setup_yaml(setup: Setup) -> dict[str, Any]:
    players: dict[str, Any] = {}
    for player in setup.players:
        zones: dict[str, Any] = {}
        if player.mana:
            zones["mana"] = player.mana
        for zone, entries in player.zones.items():
            if not entries:
                continue
            items = []
            for entry in entries:
                item: dict[str, Any] = {"card": entry.card}
                if entry.alias:
                    item["as"] = entry.alias
                if entry.tapped:
                    item["tapped"] = True
                if entry.unlocked:
                    item["unlocked"] = [door.value for door in entry.unlocked]
                if entry.transformed:
                    item["transformed"] = True
                items.append(item)
            zones[zone.value] = items
        players[player.name] = zones
    return {"active_player": setup.active_player, "step": setup.step.value, "players": players}


def scenario_text(scenario: dict[str, Any]) -> str:
    """A scenario as YAML, ready to paste under a ruling's ``scenarios:``."""
    return yaml.safe_dump([scenario], sort_keys=False, allow_unicode=True, width=100)


def machine_class(factory: Callable[[], Engine], pool: CardPool,
                  properties: Sequence[Property], *, moves: bool) -> type[RuleBasedStateMachine]:
    """A state machine class playing on engines from ``factory``, checking ``properties``;
    games favour the cards every property focuses on."""
    focuses = [p.focus for p in properties]

    def focus(card: Card) -> bool:
        return any(f(card) for f in focuses)

    class ConformanceMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.engine: Engine | None = None
            self.recorder: Recorder | None = None
            self.last: tuple[Action | None, list[Event], int] = (None, [], 0)
            self.history: dict[ObjectId, set[ObjectId]] = {}

        @initialize(setup=boards(pool, focus=focus))
        def start(self, setup: Setup) -> None:
            self.engine = factory()
            aliases = self.engine.start(setup, pool)
            self.recorder = Recorder(setup, dict(aliases))
            self.last = (None, [], 0)

        def _act(self, data: st.DataObject, action: Action) -> None:
            assert self.engine is not None and self.recorder is not None
            stack_before = len(self.engine.game().stack)
            recorded = self.recorder.action(self.engine, action)
            events = list(self.engine.perform(action))
            self.recorder.steps.append(recorded)
            self.recorder.follow(events)
            self._remember(events)
            for _ in range(50):  # answer every choice the engine asks (bounded)
                choice = self.engine.pending_choice()
                if choice is None:
                    break
                values = data.draw(answers(choice), label=f"answer to {choice.prompt}")
                shown = [self.recorder.value(self.engine, v) for v in values]
                more = list(self.engine.answer(values))
                self.recorder.steps.append({"choose": shown})
                self.recorder.follow(more)
                self._remember(more)
                events += more
            self.last = (action, events, stack_before)

        def _remember(self, events: Sequence[Event]) -> None:
            for event in events:
                if event.kind == "zone_changed" and event.data.get("new_object"):
                    old = str(event.data.get("object"))
                    new = str(event.data["new_object"])
                    ids = self.history.get(old, {old}) | {new}
                    for object_id in ids:
                        self.history[object_id] = ids

        @rule(data=st.data())
        def take_a_legal_action(self, data: st.DataObject) -> None:
            assert self.engine is not None
            if self.engine.pending_choice() is not None:
                return
            if moves and data.draw(st.integers(0, 3), label="move instead") == 0:
                self._move_a_card(data)
                return
            player = self.engine.game().active_player
            actions = sorted(self.engine.legal_actions(player), key=repr)
            if not actions:
                return
            kinds = sorted({type(a).__name__ for a in actions})  # each kind as likely
            kind = data.draw(st.sampled_from(kinds), label="kind of action")
            action = data.draw(st.sampled_from([a for a in actions if type(a).__name__ == kind]),
                               label="action")
            try:
                self._act(data, action)
            except Unsupported:
                return  # the engine can't do that yet: nothing happened
            except IllegalAction as exc:
                raise AssertionError(f"the engine listed {action!r} as legal, then refused "
                                     f"it: {exc.reason}") from None

        def _move_a_card(self, data: st.DataObject) -> None:
            """Move a card as an effect would: exile, return to hand, put onto the
            battlefield from anywhere (state injection, capability inject-moves)."""
            assert self.engine is not None
            if self.engine.game().stack:
                return
            objects = sorted(o for z in MOVE_ZONES for o in self.engine.objects(z))
            if not objects:
                return
            target = data.draw(st.sampled_from(objects), label="card to move")
            zone = data.draw(st.sampled_from(MOVE_ZONES), label="to zone")
            if self.engine.observe(target).zone is zone:
                return
            try:
                self._act(data, Move(target, zone))
            except (IllegalAction, Unsupported):
                pass

        @invariant()
        def properties_hold(self) -> None:
            if self.engine is None or self.recorder is None:
                return
            observation = self.observe()
            for prop in properties:
                for violation in prop.check(observation):
                    scenario = self.recorder.scenario(
                        self.engine, f"found by the property {prop.id}", violation)
                    raise PropertyFailure(prop, violation, scenario)

        def observe(self) -> Observation:
            assert self.engine is not None
            engine = self.engine
            ids = [o for z in Zone for o in engine.objects(z)]
            views = {o: engine.observe(o) for o in dict.fromkeys(ids)}
            action, events, stack_before = self.last
            return Observation(engine, pool, views, engine.game(), action, events, stack_before,
                               self.history, self.recorder)

        def teardown(self) -> None:
            if self.engine is not None:
                self.engine.close()

    return ConformanceMachine

