"""A Hypothesis state machine that plays random games on any engine and checks properties
after every step.

It starts from a random position (``strategies.boards``), then repeatedly takes one of the
actions the engine says are legal for the player with priority -- or passes priority until
a later step (turns go by, so both players act), or, with ``inject-moves``, moves a card as
an effect would -- and answers every choice the engine asks with random allowed options.  It
records what it does as a ruling script (aliases, not engine ids), so that a failure, once
Hypothesis has shrunk it, is printed as a YAML scenario that can be pasted into rulings/.

Everything the machine draws from is put in an order the scenario controls (aliases, then
what an object is), never in an engine's order or by its ids: an engine whose ids change
from run to run replays a game exactly (docs/properties.md, "Stable choices").
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

import yaml
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from strategies import answers, boards, card_entries

from ..contract.protocol import Engine
from ..contract.text import normalize_text
from ..contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Choice, Event, Move, ObjectId, Option,
    Resolve, TurnFaceUp, Unlock,
)
from ..errors import IllegalAction, Unsupported
from ..format.cards import Card, CardPool
from ..format.model import CardEntry, Setup
from ..format.vocabulary import Door, Face, Step, Zone
from ..runner.execute import follow_aliases
from .catalog import Observation, Property, Violation

MOVE_ZONES = (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)

#: The steps the machine passes priority to, in turn order.  Players receive no priority in
#: the untap and cleanup steps, and the declare blockers and combat damage steps are skipped
#: when no creature attacks (CR 502.4, 514.3, 508.8) -- random games never attack.
ADVANCE_STEPS: tuple[Step, ...] = tuple(s for s in Step if s not in (
    Step.UNTAP, Step.CLEANUP, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE))

#: Option words the contract pins (docs/adapter-contract.md, "Choices"): a yes/no choice, a
#: door, a face, locking or unlocking a door.  An engine may carry them as option values or as
#: labels; the machine records the word, which the runner matches either way.
PINNED_OPTIONS = frozenset(
    {"yes", "no"} | {d.value for d in Door} | {f.value for f in Face}
    | {f"{verb} {d.value}" for verb in ("lock", "unlock") for d in Door})

#: How many different answers the machine tries when an engine refuses an answer.
ANSWER_ATTEMPTS = 8


class PropertyFailure(AssertionError):
    """A property was violated; ``script`` is the game so far as a ruling scenario."""

    def __init__(self, prop: Property, violation: Violation, scenario: dict[str, Any]) -> None:
        super().__init__(f"{prop.id}: {violation.message}")
        self.property = prop
        self.violation = violation
        self.scenario = scenario


def pinned_word(option: Option) -> str | None:
    """The word the contract pins for ``option`` -- its value or, else, its label."""
    for text in (option.value, normalize_text(option.label).lower()):
        if text in PINNED_OPTIONS:
            return text
    return None


@dataclass(eq=False)
class Recorder:
    """The steps taken so far, written with aliases as a ruling scenario (hashed by
    identity: properties may keep what they remember of a game by its recorder)."""

    setup: Setup
    aliases: dict[str, ObjectId | None]
    steps: list[Any] = field(default_factory=list)
    count: int = 0

    def follow(self, events: Sequence[Event]) -> None:
        follow_aliases(self.aliases, events)

    def alias_of(self, object_id: ObjectId) -> str | None:
        for alias, current in self.aliases.items():
            if current == object_id:
                return alias
        return None

    def name(self, engine: Engine, object_id: ObjectId) -> str:
        """The alias of an object, binding one with a ``find`` step if it has none."""
        alias = self.alias_of(object_id)
        if alias is not None:
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

    def value(self, engine: Engine, value: str, option: Option | None = None) -> str:
        """An answer as a script writes it: an alias, a player, the pinned word of an option
        (whether the engine carries it as the value or the label), or the value itself."""
        if value.startswith(PLAYER_OPTION_PREFIX):
            return value[len(PLAYER_OPTION_PREFIX):]
        word = pinned_word(option) if option is not None else None
        if word is not None:
            return word
        try:
            engine.observe(value)
        except KeyError:
            return value  # a name or another literal
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

    def mark(self) -> tuple[int, int, dict[str, ObjectId | None]]:
        return len(self.steps), self.count, dict(self.aliases)

    def rewind(self, mark: tuple[int, int, dict[str, ObjectId | None]]) -> None:
        """Forget what was recorded since ``mark``: the engine undid that action."""
        length, self.count, aliases = mark
        del self.steps[length:]
        self.aliases.clear()
        self.aliases.update(aliases)


class StableOrder:
    """Keys that sort objects, actions and options the same way on every run of a game,
    whatever ids or order the engine uses: an object's alias first, then what it is."""

    def __init__(self, engine: Engine, recorder: Recorder) -> None:
        self.engine = engine
        self.recorder = recorder
        self._keys: dict[ObjectId, str] = {}

    def of_object(self, object_id: ObjectId) -> str:
        key = self._keys.get(object_id)
        if key is None:
            alias = self.recorder.alias_of(object_id)
            view = self.engine.observe(object_id)
            parts = (
                alias or "~", view.zone.value, view.controller or view.owner, view.owner,
                "/".join(view.identity), "/".join(view.names), str(view.token),
                str(view.face_down), str(view.transformed), str(view.tapped),
                "/".join(sorted(d.value for d in view.unlocked_doors)),
                "/".join(f"{k}={v}" for k, v in sorted(view.counters.items())),
                str(view.power), str(view.toughness), str(view.mana_value),
            )
            key = "\x1f".join(parts)
            self._keys[object_id] = key
        return key

    def _field(self, name: str, value: object) -> str:
        if value is None:
            return ""
        if name in ("card", "object") and isinstance(value, str):
            return self.of_object(value)
        if name == "targets" and isinstance(value, tuple):
            return "\x1e".join(self._target(t) for t in value)
        return str(getattr(value, "value", value))

    def _target(self, target: object) -> str:
        if isinstance(target, str):
            return self.of_object(target)
        return f"player {getattr(target, 'name', target)}"

    def action(self, action: Action) -> tuple[str, ...]:
        return (type(action).__name__,
                *(self._field(f.name, getattr(action, f.name)) for f in fields(action)))

    def option(self, option: Option) -> tuple[str, str]:
        if option.value.startswith(PLAYER_OPTION_PREFIX):
            return ("1", option.value)
        word = pinned_word(option)
        if word is not None:
            return ("0", word)
        try:
            return ("2", self.of_object(option.value))
        except KeyError:
            return ("0", f"{normalize_text(option.label)}\x1f{option.value}")

    def choice(self, choice: Choice) -> Choice:
        """``choice`` with its options in the stable order."""
        return replace(choice, options=tuple(sorted(choice.options, key=self.option)))


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


def next_steps(current: Step) -> list[Step]:
    """The steps priority can be passed to, nearest first: the rest of this turn, then the
    next turn's up to this step (advancing to the current step takes a whole turn)."""
    index = list(Step).index(current)
    later = [s for s in ADVANCE_STEPS if list(Step).index(s) > index]
    return later + [s for s in ADVANCE_STEPS if s not in later]


def both_sides(pool: CardPool, base: st.SearchStrategy[Setup],
               focus: Callable[[Card], bool]) -> st.SearchStrategy[Setup]:
    """``base`` positions with what later turns need: basic lands on both battlefields (mana
    empties between steps) and up to two cards in the other player's hand, so that both
    players act in their turns; and half of the time it is the other player's turn, with
    the setup's mana.  New entries get the aliases after the setup's own.

    Shrinks towards no lands, an empty hand and the setup's active player, then as ``base``
    does.
    """
    lands = sorted(name for name, card in pool.items()
                   if "Land" in card.faces[0].types and "Basic" in card.faces[0].supertypes)
    spells = sorted(name for name, card in pool.items() if "Land" not in card.faces[0].types)
    focused = [name for name in spells if focus(pool[name])]
    land_lists = st.lists(st.sampled_from(lands), max_size=4) if lands else st.just([])
    hands = st.lists(card_entries(pool, Zone.HAND, names=spells, focused=focused or None),
                     max_size=2) if spells else st.just([])

    @st.composite
    def build(draw: st.DrawFn) -> Setup:
        setup = draw(base)
        taken = {entry.alias for _player, _zone, entry in setup.entries()}
        numbers = (f"c{n}" for n in itertools.count(len(taken) + 1) if f"c{n}" not in taken)
        players = []
        for player in setup.players:
            zones = dict(player.zones)
            added = [CardEntry(name) for name in draw(land_lists)]
            zones[Zone.BATTLEFIELD] = (*zones.get(Zone.BATTLEFIELD, ()),
                                       *(replace(e, alias=next(numbers)) for e in added))
            if player.name != setup.active_player:
                hand = draw(hands)
                zones[Zone.HAND] = (*zones.get(Zone.HAND, ()),
                                    *(replace(e, alias=next(numbers)) for e in hand))
            players.append(replace(player, zones=zones))
        if len(players) == 2 and draw(st.booleans(), label="the other player's turn"):
            active = next(p for p in players if p.name != setup.active_player)
            mana = "".join(p.mana for p in players)
            players = [replace(p, mana=mana if p is active else "") for p in players]
            return replace(setup, players=tuple(players), active_player=active.name)
        return replace(setup, players=tuple(players))

    return build()


def kind_of(engine: Engine, action: Action) -> str:
    """What kind of action ``action`` is, for drawing each kind as often: activating a
    land's ability is a kind of its own, so that lands do not crowd out other abilities."""
    name = type(action).__name__
    if isinstance(action, Activate) and "Land" in engine.observe(action.object).types:
        return f"{name} (land)"
    return name


class _Undone(Exception):
    """The engine refused an answer and dropped the action it belonged to."""


class _Stuck(Exception):
    """The engine refused every answer the machine tried to a choice it still waits for."""


def machine_class(factory: Callable[[], Engine], pool: CardPool,
                  properties: Sequence[Property], *, moves: bool, turns: bool = True,
                  setups: st.SearchStrategy[Setup] | None = None,
                  ) -> type[RuleBasedStateMachine]:
    """A state machine class playing on engines from ``factory``, checking ``properties``;
    games start from ``setups`` (by default ``strategies.boards``, favouring the cards every
    property focuses on).  With ``turns``, players pass priority to later steps and turns,
    so that both players act."""
    focuses = [p.focus for p in properties]

    def focus(card: Card) -> bool:
        return any(f(card) for f in focuses)

    positions = setups if setups is not None else boards(pool, focus=focus)
    if turns and setups is None:
        positions = both_sides(pool, positions, focus)

    class ConformanceMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.engine: Engine | None = None
            self.recorder: Recorder | None = None
            self.last: tuple[Action | None, list[Event], int] = (None, [], 0)
            self.history: dict[ObjectId, set[ObjectId]] = {}
            self.stuck = False

        @initialize(setup=positions)
        def start(self, setup: Setup) -> None:
            self.engine = factory()
            aliases = self.engine.start(setup, pool)
            self.recorder = Recorder(setup, dict(aliases))
            self.last = (None, [], 0)

        def _order(self) -> StableOrder:
            assert self.engine is not None and self.recorder is not None
            return StableOrder(self.engine, self.recorder)

        def _act(self, data: st.DataObject, action: Action) -> None:
            """Perform ``action`` and answer its choices; ``IllegalAction`` if the engine
            refuses the action itself, ``_Undone`` if it refused an answer and dropped the
            action (the recording is rewound either way)."""
            assert self.engine is not None and self.recorder is not None
            stack_before = len(self.engine.game().stack)
            mark, history = self.recorder.mark(), dict(self.history)
            recorded = self.recorder.action(self.engine, action)
            try:
                events = list(self.engine.perform(action))
                self.recorder.steps.append(recorded)
                self.recorder.follow(events)
                self._remember(events)
                events += self._answer_every_choice(data)
            except (IllegalAction, Unsupported, _Undone):
                self.recorder.rewind(mark)
                self.history = history
                raise
            self.last = (action, events, stack_before)

        def _answer_every_choice(self, data: st.DataObject) -> list[Event]:
            assert self.engine is not None and self.recorder is not None
            events: list[Event] = []
            for _ in range(50):  # bounded: an engine may ask many choices in a row
                choice = self.engine.pending_choice()
                if choice is None:
                    break
                events += self._answer(data, choice)
            return events

        def _answer(self, data: st.DataObject, choice: Choice) -> list[Event]:
            """Answer ``choice``.  A refused answer is a refused answer, not a refused action:
            while the choice is pending, another answer is tried."""
            assert self.engine is not None and self.recorder is not None
            refused: set[tuple[str, ...]] = set()
            for _attempt in range(ANSWER_ATTEMPTS):
                ordered = self._order().choice(choice)
                values = data.draw(answers(ordered), label=f"answer to {choice.prompt}")
                if tuple(values) in refused:
                    continue
                by_value = {o.value: o for o in ordered.options}
                shown = [self.recorder.value(self.engine, v, by_value.get(v)) for v in values]
                try:
                    more = list(self.engine.answer(values))
                except IllegalAction:
                    refused.add(tuple(values))
                    pending = self.engine.pending_choice()
                    if pending is None:
                        raise _Undone() from None
                    choice = pending
                    continue
                self.recorder.steps.append({"choose": shown})
                self.recorder.follow(more)
                self._remember(more)
                return more
            raise _Stuck(choice.prompt)

        def _remember(self, events: Sequence[Event]) -> None:
            for event in events:
                if event.kind == "zone_changed" and event.data.get("new_object"):
                    old = str(event.data.get("object"))
                    new = str(event.data["new_object"])
                    ids = self.history.get(old, {old}) | {new}
                    for object_id in ids:
                        self.history[object_id] = ids

        def _try(self, data: st.DataObject, action: Action, *, listed: bool) -> None:
            """Take ``action``; a refusal of an action the engine listed as legal is a
            finding, a refused answer or an action the machine made up is nothing."""
            try:
                self._act(data, action)
            except (Unsupported, _Undone):
                self.last = (None, [], 0)  # the engine can't do that yet, or dropped it
            except _Stuck:
                self.last = (None, [], 0)
                self.stuck = True  # no answer moves the game on: this game is over
            except IllegalAction as exc:
                self.last = (None, [], 0)
                if listed:
                    raise AssertionError(f"the engine listed {action!r} as legal, then "
                                         f"refused it: {exc.reason}") from None

        @rule(data=st.data())
        def take_a_legal_action(self, data: st.DataObject) -> None:
            assert self.engine is not None
            if self.stuck or self.engine.pending_choice() is not None:
                return
            if moves and data.draw(st.integers(0, 3), label="move instead") == 0:
                self._move_a_card(data)
                return
            game = self.engine.game()
            if turns and not game.stack and data.draw(st.integers(0, 7),
                                                      label="pass priority instead") == 0:
                steps = next_steps(game.step)
                ahead = data.draw(st.integers(0, len(steps) - 1), label="steps ahead")
                self._try(data, AdvanceTo(steps[ahead]), listed=False)
                return
            player = game.priority_player or game.active_player
            order = self._order()
            actions = sorted(self.engine.legal_actions(player), key=order.action)
            if not actions:
                return
            kinds = [kind_of(self.engine, a) for a in actions]
            kind = data.draw(st.sampled_from(sorted(set(kinds))),  # each kind as likely
                             label="kind of action")
            action = data.draw(st.sampled_from([a for a, k in zip(actions, kinds) if k == kind]),
                               label="action")
            self._try(data, action, listed=True)

        def _move_a_card(self, data: st.DataObject) -> None:
            """Move a card as an effect would: exile, return to hand, put onto the
            battlefield from anywhere (state injection, capability inject-moves)."""
            assert self.engine is not None
            if self.engine.game().stack:
                return
            order = self._order()
            objects = sorted((o for z in MOVE_ZONES for o in self.engine.objects(z)),
                             key=order.of_object)
            if not objects:
                return
            target = data.draw(st.sampled_from(objects), label="card to move")
            zone = data.draw(st.sampled_from(MOVE_ZONES), label="to zone")
            if self.engine.observe(target).zone is zone:
                return
            self._try(data, Move(target, zone), listed=False)

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
