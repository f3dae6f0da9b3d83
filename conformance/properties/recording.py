"""What the state machine records of a game, and the order it draws in.

:class:`Recorder` writes the steps taken as a ruling script with aliases (never engine
ids), so that a shrunk failure is a scenario that can be pasted into rulings/.
:class:`StableOrder` sorts objects, actions and options by what the scenario controls --
aliases, then what an object is -- so that a game replays the same way on an engine whose
ids or orders change from run to run.  Answers are recorded in the words the contract pins
(``yes``/``no``, doors, faces), whether the engine carries them as values or as labels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, assert_never

import yaml

from ..contract.protocol import Engine
from ..contract.text import normalize_text
from ..contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers,
    DeclareBlockers, Event, Move, ObjectId, ObjectView, Option, PassPriority, PlayerRef,
    PlayLand, Resolve, Target, TurnFaceUp, Unlock,
)
from ..errors import ContractError, Unsupported
from ..format.expect import ObjectFilter
from ..format.model import Setup
from ..format.steps import (
    ActionStep, ActivateStep, AdvanceStep, AttackStep, BlockStep, CastStep, FindStep, MoveStep,
    PassStep, PlayLandStep, ResolveStep, TurnFaceUpStep, UnlockStep,
)
from ..format.stepyaml import render_step
from ..format.vocabulary import Door, Face
from ..runner.execute import follow_aliases
from .observation import Violation

#: Option words the contract pins (docs/adapter-contract.md, "Choices"): a yes/no choice, a
#: door, a face, locking or unlocking a door.  An engine may carry them as option values or as
#: labels; the machine records the word, which the runner matches either way.
PINNED_OPTIONS = frozenset(
    {"yes", "no"} | {d.value for d in Door} | {f.value for f in Face}
    | {f"{verb} {d.value}" for verb in ("lock", "unlock") for d in Door})


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
        which = ObjectFilter(view.zone, token=view.token,
                             name=view.names[0] if view.names else None)
        self.steps.append(render_step(FindStep(alias, which, first=True)))
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

    def action(self, engine: Engine, action: Action) -> str | dict[str, object]:
        """``action`` as the script step that takes it, in YAML."""
        return render_step(self.step(engine, action))

    def step(self, engine: Engine, action: Action) -> ActionStep | ResolveStep:
        """The script step that takes ``action``: aliases for objects (bound by ``find``
        steps when they have none).  Targets and a face the action names are written with
        it (a probe's cast naming two targets is that cast, not one that asks for them);
        those it leaves to choices are the choices recorded."""
        match action:
            case Resolve():
                return ResolveStep()
            case AdvanceTo():
                return AdvanceStep(action.step)
            case Cast():
                return CastStep(self.name(engine, action.card), action.door, face=action.face,
                                face_down=action.face_down,
                                targets=self._targets(engine, action.targets), x=action.x)
            case Activate():
                return ActivateStep(self.name(engine, action.object), action.ability + 1,
                                    targets=self._targets(engine, action.targets), x=action.x)
            case Unlock():
                return UnlockStep(self.name(engine, action.object), action.door)
            case TurnFaceUp():
                return TurnFaceUpStep(self.name(engine, action.object))
            case PlayLand():
                return PlayLandStep(self.name(engine, action.card), action.player)
            case Move():
                return MoveStep(self.name(engine, action.object), action.to)
            case PassPriority():
                return PassStep(action.player)
            case DeclareAttackers():
                return AttackStep(tuple(self.name(engine, a) for a in action.attackers),
                                  action.defender, action.player)
            case DeclareBlockers():
                return BlockStep(tuple((self.name(engine, b), self.name(engine, a))
                                       for b, a in action.blocks), action.player)
            case _:
                assert_never(action)

    def _targets(self, engine: Engine, targets: Sequence[Target] | None
                 ) -> tuple[str, ...] | None:
        """Targets as a script names them: players by name, objects by alias, anything
        else the engine does not show as an object (an ability on the stack) by its id."""
        if targets is None:
            return None
        return tuple(t.name if isinstance(t, PlayerRef) else self._target(engine, t)
                     for t in targets)

    def _target(self, engine: Engine, target: ObjectId) -> str:
        try:
            return self.name(engine, target)
        except KeyError:
            return target

    def scenario(self, engine: Engine, name: str, violation: Violation) -> dict[str, Any]:
        """The game so far and the expectation it breaks.  Naming an object for the last
        step may bind it with a ``find`` step first, so the steps are read after it; the
        recorder itself is left as it was."""
        mark = self.mark()
        last: dict[str, Any] | None = None
        if violation.illegal is not None:
            last = {"expect_illegal": self.action(engine, violation.illegal)}
        elif violation.legal is not None:
            last = {"expect_legal": self.action(engine, violation.legal)}
        elif violation.object is not None and violation.key is not None:
            try:
                last = {"expect": {"object": self.name(engine, violation.object),
                                   violation.key: violation.expected}}
            except (KeyError, ContractError, Unsupported):
                # an object that has ceased to exist (it left its zone, or the stack) has no
                # view to find it by: the scenario ends with the game, the message says why
                last = None
        steps = [*self.steps, *([last] if last is not None else [])]
        self.rewind(mark)
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

    def __init__(self, engine: Engine, recorder: Recorder,
                 views: Mapping[ObjectId, ObjectView] | None = None) -> None:
        self.engine = engine
        self.recorder = recorder
        self._keys: dict[ObjectId, str] = {}
        #: the engine's views of the game as it is now, where the caller has them already
        self._views = views or {}

    def of_object(self, object_id: ObjectId) -> str:
        key = self._keys.get(object_id)
        if key is None:
            alias = self.recorder.alias_of(object_id)
            view = self._views.get(object_id) or self.engine.observe(object_id)
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
        if name in ("targets", "attackers") and isinstance(value, tuple):
            return "\x1e".join(self._target(t) for t in value)
        if name == "blocks" and isinstance(value, tuple):
            return "\x1e".join(f"{self._target(b)}\x1d{self._target(a)}" for b, a in value)
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
                if entry.face_down:
                    item["face_down"] = True
                if entry.counters:
                    item["counters"] = dict(entry.counters)
                items.append(item)
            zones[zone.value] = items
        players[player.name] = zones
    written: dict[str, Any] = {"active_player": setup.active_player, "step": setup.step.value}
    if setup.turn is not None:
        written["turn"] = setup.turn
    return {**written, "players": players}


def scenario_text(scenario: dict[str, Any]) -> str:
    """A scenario as YAML, ready to paste under a ruling's ``scenarios:``."""
    return yaml.safe_dump([scenario], sort_keys=False, allow_unicode=True, width=100)
