"""Executing rulings through any engine that implements the adapter contract.

The runner owns the scenario's aliases: it maps each to the engine's object id and
follows cards from object to object through the engine's ``zone_changed`` events.  It
never reads a characteristic from card data: every value compared with an expectation
comes from the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..contract.protocol import Engine
from ..contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Event, Move, ObjectId, ObjectView,
    PlayerRef, Resolve, Target, TurnFaceUp, Unlock,
)
from ..errors import (
    ConformanceError, ContractError, EngineTimeout, IllegalAction, Location, RulingFileError, RulingViolation,
    ScriptError, Unsupported,
)
from ..format.cards import CardPool
from ..format.loader import LoadFailure
from ..format.model import Ruling, Scenario, ScriptStep
from ..format.vocabulary import Door, Face, Step, Zone
from .results import Result, Status

_UNORDERED = ("names", "colors", "types", "subtypes", "supertypes", "abilities", "unlocked_doors",
              "identity", "color_identity", "keywords")


def follow_aliases(aliases: dict[str, ObjectId | None],
                   events: Iterable[Event]) -> list[tuple[str, ObjectId | None]]:
    """Keep aliases on their cards as they change zones (CR 400.7): every alias naming the
    old object of a ``zone_changed`` event names the new one (``None`` once it ceases to
    exist).  Returns the aliases moved, with their new objects."""
    moved: list[tuple[str, ObjectId | None]] = []
    for event in events:
        if event.kind != "zone_changed":
            continue
        old, new = event.data.get("object"), event.data.get("new_object")
        for alias, current in aliases.items():
            if current is not None and current == old:
                aliases[alias] = None if new is None else str(new)
                moved.append((alias, aliases[alias]))
    return moved


class ScenarioRun:
    """One scenario carried out step by step against one engine."""

    def __init__(self, ruling: Ruling, scenario: Scenario, engine: Engine, cards: CardPool) -> None:
        self.ruling = ruling
        self.scenario = scenario
        self.engine = engine
        self.cards = cards
        self.players = tuple(p.name for p in scenario.setup.players)
        self.aliases: dict[str, ObjectId | None] = {}
        self.labels: dict[str, ObjectId | None] = {}
        self.history: dict[str, set[ObjectId]] = {}  # every object each alias has named
        self.step: ScriptStep | None = None

    # -- helpers ---------------------------------------------------------------------------

    def where(self) -> Location:
        return Location(self.ruling.path, self.step.line if self.step else self.scenario.line)

    def violation(self, message: str) -> RulingViolation:
        return RulingViolation(self.where(), message)

    def object_id(self, alias: str) -> ObjectId:
        if alias in self.labels:
            value = self.labels[alias]
        else:
            value = self.aliases.get(alias)
        if value is None:
            raise self.violation(f"{alias!r} no longer exists (it left the battlefield or "
                                 f"stack as a token or copy)")
        return value

    def follow(self, events: Iterable[Event]) -> None:
        for alias, new in follow_aliases(self.aliases, events):
            if new is not None:
                self.history.setdefault(alias, set()).add(new)

    def named_by(self, alias: str) -> set[ObjectId]:
        """Every object an alias has named, or the one a label names."""
        if alias in self.labels:
            return {self.labels[alias]} - {None}  # type: ignore[return-value]
        return self.history.get(alias, set())

    def target(self, name: str) -> Target:
        return PlayerRef(name) if name in self.players else self.object_id(name)

    def option_value(self, item: Any) -> str:
        text = str(item)
        if text in self.aliases or text in self.labels:
            return self.object_id(text)
        if text in self.players:
            return PLAYER_OPTION_PREFIX + text
        return text

    def player_of(self, object_id: ObjectId) -> str:
        view = self.engine.observe(object_id)
        return view.controller or view.owner

    # -- actions ---------------------------------------------------------------------------

    def action(self, kind: str, args: Any) -> Action:
        if kind == "cast":
            card = self.object_id(args["card"])
            targets = args.get("targets")
            return Cast(
                player=self.engine.observe(card).owner, card=card,
                door=Door(args["door"]) if "door" in args else None,
                face=Face(args["face"]) if "face" in args else None,
                face_down=bool(args.get("face_down", False)),
                targets=None if targets is None else tuple(self.target(t) for t in targets),
                x=args.get("x"),
            )
        if kind == "activate":
            obj = self.object_id(args["object"])
            targets = args.get("targets")
            return Activate(self.player_of(obj), obj, int(args["ability"]) - 1,
                            None if targets is None else tuple(self.target(t) for t in targets),
                            args.get("x"))
        if kind == "unlock":
            obj = self.object_id(args["object"])
            return Unlock(self.player_of(obj), obj, Door(args["door"]))
        if kind == "turn_face_up":
            obj = self.object_id(args["object"])
            return TurnFaceUp(self.player_of(obj), obj)
        if kind == "advance":
            return AdvanceTo(Step(args))
        if kind == "move":
            return Move(self.object_id(args["object"]), Zone(args["to"]),
                        bool(args.get("transformed", False)))
        raise ScriptError(self.where(), f"{kind!r} is not an action")

    def check_no_choice_pending(self) -> None:
        choice = self.engine.pending_choice()
        if choice is not None:
            offered = ", ".join(o.label or o.value for o in choice.options)
            raise ScriptError(self.where(), f"the engine is waiting for a choice the script "
                                            f"does not answer: {choice.prompt} [{offered}]")

    def perform(self, action: Action) -> None:
        self.check_no_choice_pending()
        try:
            events = self.engine.perform(action)
        except IllegalAction as exc:
            raise self.violation(f"the engine refused {describe(action)}: {exc.reason}") from None
        self.follow(events)

    # -- steps -----------------------------------------------------------------------------

    def run(self) -> None:
        self.aliases = dict(self.engine.start(self.scenario.setup, self.cards))
        self.history = {alias: {oid} for alias, oid in self.aliases.items() if oid is not None}
        for step in self.scenario.script:
            self.step = step
            self.do(step)
        self.step = None
        self.check_no_choice_pending()

    def do(self, step: ScriptStep) -> None:
        kind, args = step.kind, step.args
        if kind == "resolve":
            self.perform(Resolve())
        elif kind == "resolve_stack":
            self.check_no_choice_pending()
            for _ in range(1000):
                if not self.engine.game().stack or self.engine.pending_choice() is not None:
                    break
                self.perform(Resolve())
        elif kind in ("cast", "activate", "unlock", "turn_face_up", "advance", "move"):
            self.perform(self.action(kind, args))
            if kind == "cast" and "as" in args:  # a second name for the spell
                self.aliases[args["as"]] = self.aliases.get(args["card"])
                self.history[args["as"]] = set(self.history.get(args["card"], set()))
        elif kind == "choose":
            self.choose(args)
        elif kind == "find":
            self.find(args)
        elif kind == "label":
            self.labels[args["as"]] = self.object_id(args["object"])
        elif kind == "expect":
            Expectation(self, args).check()
        elif kind == "expect_illegal":
            self.expect_illegal(args)
        elif kind == "expect_legal":
            (inner, inner_args), = args.items()
            action = self.action(inner, inner_args)
            self.check_no_choice_pending()
            if not self.engine.is_legal(action):
                raise self.violation(f"expected {describe(action)} to be legal; the engine "
                                     f"does not allow it")
        else:
            raise ScriptError(self.where(), f"unknown step {kind!r}")

    def choose(self, args: Any) -> None:
        choice = self.engine.pending_choice()
        if choice is None:
            raise ScriptError(self.where(), "'choose' but the engine is not waiting for a choice")
        items = args if isinstance(args, list) else [args]
        values = [self.option_value(item) for item in items]
        try:
            events = self.engine.answer(values)
        except IllegalAction as exc:
            offered = [o.label or o.value for o in choice.options]
            raise self.violation(f"the engine refused the answer {items!r} to "
                                 f"'{choice.prompt}': {exc.reason} (offered: {offered})") from None
        self.follow(events)

    def matching(self, args: Any) -> list[ObjectId]:
        """The objects in ``args["zone"]`` matching ``controller``, ``token``, ``name`` and
        not among the aliases in ``not``."""
        excluded = {self.object_id(a) for a in args.get("not") or ()}
        found = []
        for object_id in self.engine.objects(Zone(args["zone"]), args.get("controller")):
            if object_id in excluded:
                continue
            view = self.engine.observe(object_id)
            if "token" in args and view.token != args["token"]:
                continue
            if "name" in args and args["name"] not in view.names:
                continue
            found.append(object_id)
        return found

    def find(self, args: Any) -> None:
        found = self.matching(args)
        if args.get("first") and found:  # one of several identical objects
            found = found[:1]
        if len(found) != 1:
            raise self.violation(f"expected exactly one object in the {args['zone']} matching "
                                 f"{dict(args)!r}; found {len(found)}")
        self.aliases[args["as"]] = found[0]
        self.history.setdefault(args["as"], set()).add(found[0])

    def expect_illegal(self, args: Any) -> None:
        (inner, inner_args), = args.items()
        action = self.action(inner, inner_args)
        self.check_no_choice_pending()
        try:
            events = self.engine.perform(action)
        except IllegalAction:
            return
        self.follow(events)
        raise self.violation(f"expected the engine to refuse {describe(action)}; it allowed it")


class Expectation:
    """An ``expect`` step: every key is compared with what the engine reports."""

    def __init__(self, run: ScenarioRun, args: Any) -> None:
        self.run = run
        self.args = args
        self.mismatches: list[str] = []

    def compare(self, key: str, expected: Any, actual: Any) -> None:
        if key in _UNORDERED and isinstance(expected, list):
            same = sorted(map(str, expected)) == sorted(str(getattr(a, "value", a)) for a in actual)
        else:
            same = expected == actual
        if not same:
            shown = [getattr(a, "value", a) for a in actual] if isinstance(actual, tuple) else actual
            self.mismatches.append(f"{key}: expected {expected!r}, found {shown!r}")

    def check(self) -> None:
        args = self.args
        if "object" in args:
            self.object(args["object"])
        elif "player" in args:
            view = self.run.engine.game().player(args["player"])
            for key, expected in args.items():
                if key != "player":
                    self.compare(key, expected, getattr(view, key))
        else:
            self.game()
        if self.mismatches:
            subject = args.get("object") or args.get("player") or "the game"
            raise self.run.violation(f"{subject}: " + "; ".join(self.mismatches))

    def object(self, alias: str) -> None:
        object_id = self.run.object_id(alias)
        try:
            view: ObjectView = self.run.engine.observe(object_id, self.args.get("viewer"))
        except KeyError:
            raise self.run.violation(f"{alias!r} (object {object_id}) does not exist") from None
        for key, expected in self.args.items():
            if key in ("object", "viewer"):
                continue
            if key == "zone":
                self.compare(key, expected, view.zone.value)
            elif key == "ability_count":
                self.compare(key, expected, len(view.abilities))
            elif key == "same_object_as":
                if view.id != self.run.object_id(expected):
                    self.mismatches.append(f"expected the same object as {expected!r} "
                                           f"({self.run.object_id(expected)}), found {view.id}")
            elif key == "new_object_since":
                if view.id == self.run.object_id(expected):
                    self.mismatches.append(f"expected a new object since {expected!r}, found "
                                           f"the same object {view.id}")
            elif key == "attached_to":
                wanted = None if expected is None else self.run.object_id(expected)
                if view.attached_to != wanted:
                    self.mismatches.append(f"attached_to: expected {expected!r} ({wanted}), "
                                           f"found {view.attached_to}")
            elif key == "counters":
                self.compare(key, expected, {k: view.counters.get(k, 0) for k in expected})
            else:
                self.compare(key, expected, getattr(view, key))

    def game(self) -> None:
        engine = self.run.engine
        for key, expected in self.args.items():
            if key == "choice":
                self.choice(expected)
            elif key == "stack":
                self.stack(expected)
            elif key == "stack_size":
                self.compare(key, expected, len(engine.game().stack))
            elif key == "step":
                self.compare(key, expected, engine.game().step.value)
            elif key == "active_player":
                self.compare(key, expected, engine.game().active_player)
            elif key == "objects":
                found = self.run.matching(expected)
                if len(found) != expected["count"]:
                    self.mismatches.append(f"objects: expected {expected['count']} matching "
                                           f"{dict(expected)!r}, found {len(found)}")

    def stack(self, expected: list[Any]) -> None:
        items = self.run.engine.game().stack
        shown = [f"{i.kind} of {i.source}" for i in items]
        if len(items) != len(expected):
            self.mismatches.append(f"stack: expected {len(expected)} item(s), found "
                                   f"{len(items)}: {shown}")
            return
        for index, (want, item) in enumerate(zip(expected, items)):
            if "spell" in want and (item.kind != "spell" or
                                    item.id != self.run.object_id(want["spell"])):
                self.mismatches.append(f"stack[{index}]: expected the spell {want['spell']!r}, "
                                       f"found {item.kind} {item.id}")
            if "ability_of" in want and (item.kind != "ability" or
                                         item.source not in self.run.named_by(want["ability_of"])):
                self.mismatches.append(f"stack[{index}]: expected an ability of "
                                       f"{want['ability_of']!r}, found {item.kind} of {item.source}")
            if "targets" in want:
                targets = sorted(str(t.name if isinstance(t, PlayerRef) else t) for t in item.targets)
                wanted = sorted(t if t in self.run.players else self.run.object_id(t)
                                for t in want["targets"])
                if targets != wanted:
                    self.mismatches.append(f"stack[{index}] targets: expected {wanted}, "
                                           f"found {targets}")
            if "controller" in want and item.controller != want["controller"]:
                self.mismatches.append(f"stack[{index}] controller: expected "
                                       f"{want['controller']!r}, found {item.controller!r}")

    def choice(self, expected: Any) -> None:
        choice = self.run.engine.pending_choice()
        if expected == "none":
            if choice is not None:
                self.mismatches.append(f"choice: expected none, the engine asks: {choice.prompt}")
            return
        if choice is None:
            self.mismatches.append("choice: expected the engine to ask for a choice; it does not")
            return
        offered = {o.value for o in choice.options} | {o.label for o in choice.options if o.label}
        shown = [o.label or o.value for o in choice.options]

        def values(items: list[Any]) -> list[str]:
            return [self.run.option_value(item) for item in items]

        if "kind" in expected and choice.kind != expected["kind"]:
            self.mismatches.append(f"choice kind: expected {expected['kind']!r}, "
                                   f"found {choice.kind!r}")
        missing = [v for v in values(expected.get("offers", [])) if v not in offered]
        if missing:
            self.mismatches.append(f"choice: expected {missing} among the options, found {shown}")
        present = [v for v in values(expected.get("excludes", [])) if v in offered]
        if present:
            self.mismatches.append(f"choice: expected {present} not to be offered, found {shown}")
        if "exactly" in expected:
            wanted = sorted(values(expected["exactly"]))
            by_value = sorted(o.value for o in choice.options)
            by_label = sorted(o.label or "" for o in choice.options)
            if wanted not in (by_value, by_label):
                self.mismatches.append(f"choice: expected exactly {expected['exactly']}, "
                                       f"found {shown}")
        for bound in ("min", "max"):
            if bound in expected and getattr(choice, bound) != expected[bound]:
                self.mismatches.append(f"choice {bound}: expected {expected[bound]}, "
                                       f"found {getattr(choice, bound)}")


def describe(action: Action) -> str:
    name = type(action).__name__
    fields = {k: getattr(action, k) for k in getattr(action, "__slots__", ())}
    shown = ", ".join(f"{k}={getattr(v, 'value', v)!r}" for k, v in fields.items() if v is not None)
    return f"{name}({shown})"


def required_capabilities(ruling: Ruling) -> set[str]:
    """What a ruling needs: its ``requires``, plus ``inject-state`` for a setup that is not
    reachable by legal play and ``inject-moves`` for ``move`` steps."""
    needed = set(ruling.requires)
    if any(s.setup.provenance == "injected" for s in ruling.scenarios):
        needed.add("inject-state")
    if any(s.injected_steps for s in ruling.scenarios):
        needed.add("inject-moves")
    return needed


def run_ruling(ruling: Ruling, engine: Engine, cards: CardPool) -> Result:
    """The verdict of ``engine`` on ``ruling``; never raises for an engine's behaviour."""
    base: dict[str, Any] = {"id": ruling.id, "path": ruling.path}
    if not ruling.executable:
        return Result(status=Status.NOT_EXECUTABLE, message=ruling.not_executable_reason, **base)
    missing = sorted(required_capabilities(ruling) - engine.info.capabilities)
    if missing:
        return Result(status=Status.UNSUPPORTED,
                      message=f"the engine lacks: {', '.join(missing)}", **base)
    setup = "injected" if any(s.setup.provenance == "injected" for s in ruling.scenarios) \
        else "legal-play"
    injected = sum(s.injected_steps for s in ruling.scenarios)
    base.update(setup=setup, injected_steps=injected)
    started = time.perf_counter()
    for scenario in ruling.scenarios:
        run = ScenarioRun(ruling, scenario, engine, cards)
        status, message = Status.PASSED, ""
        try:
            run.run()
            continue
        except RulingViolation as exc:
            status, message = Status.FAILED, exc.message
        except ScriptError as exc:
            status, message = Status.ERROR, exc.message
        except RulingFileError as exc:  # card data the engine could not read: say where
            status, message = Status.ERROR, str(exc)
        except Unsupported as exc:
            status, message = Status.UNSUPPORTED, str(exc)
        except EngineTimeout as exc:  # the engine (another process) was stopped
            status, message = Status.TIMEOUT, str(exc)
        except (ContractError, ConformanceError) as exc:
            status, message = Status.ERROR, f"engine broke the contract: {exc}"
        except Exception as exc:  # noqa: BLE001 - an engine crash is a verdict, not our crash
            status, message = Status.ERROR, f"engine raised {type(exc).__name__}: {exc}"
        line = run.step.line if run.step else scenario.line
        return Result(status=status, message=message, duration=time.perf_counter() - started,
                      line=line, scenario=scenario.name, **base)
    return Result(status=Status.PASSED, duration=time.perf_counter() - started, **base)


def failure_result(failure: LoadFailure) -> Result:
    """A ruling file that did not load is one ``error`` result."""
    first = failure.errors[0].location
    return Result(id=failure.ruling_id or failure.path, status=Status.ERROR,
                  message=failure.message, path=failure.path, line=first.line)


def run_corpus(rulings: Sequence[Ruling], failures: Sequence[LoadFailure], engine: Engine,
               cards: CardPool, on_result: Callable[[Result], None]) -> list[Result]:
    results = []
    for failure in failures:
        result = failure_result(failure)
        on_result(result)
        results.append(result)
    for ruling in rulings:
        result = run_ruling(ruling, engine, cards)
        on_result(result)
        results.append(result)
    return results
