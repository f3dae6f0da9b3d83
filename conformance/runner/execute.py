"""Executing rulings through any engine that implements the adapter contract.

The runner owns the scenario's aliases: it maps each to the engine's object id and
follows cards from object to object through the engine's ``zone_changed`` events.  It
never reads a characteristic from card data: every value compared with an expectation
comes from the engine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from collections.abc import Callable, Iterable, Sequence
from typing import Any, assert_never

from ..contract.protocol import Engine
from ..contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers,
    Event, Move, ObjectId, PassPriority, PlayerRef, PlayLand, Resolve, Target, TurnFaceUp,
    Unlock,
)
from ..errors import (
    ConformanceError, ContractError, EngineTimeout, IllegalAction, Location, RulingFileError, RulingViolation,
    ScriptError, Unsupported,
)
from ..format.cards import CardPool
from ..format.loader import LoadFailure
from ..format.expect import ObjectFilter
from ..format.model import Ruling, Scenario, Setup
from ..format.roles import pick
from ..format.steps import (
    ActionStep, ActivateStep, AdvanceStep, AttackStep, BlockStep, CastStep, ChooseStep,
    ExpectIllegalStep, ExpectLegalStep, ExpectStep, FindStep, LabelStep, MoveStep, PassStep,
    PlayLandStep, Refusable, ResolveStackStep, ResolveStep, ScriptStep, TurnFaceUpStep,
    UnlockStep,
)
from ..format.stepyaml import render_filter
from .checks import ExpectationCheck
from .choices import (
    ANSWER_ACCEPTED, CHOICE_DROPPED, NEITHER_ASKED_NOR_CHOSE, NO_CHOICE_TO_REFUSE,
    OTHER_AUTOMATIC, REFUSED_ANSWER_CHOSEN, UNASKED_CHOICE, AutomaticChoice, AutomaticChoices,
    resolve_values,
)
from .results import Result, Status

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
        self.automatic = AutomaticChoices()
        #: the setup steps the engine played by its rules instead of placing (contract 1.1)
        self.setup_played: tuple[str, ...] = ()

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
        events = list(events)
        self.automatic.add(events)
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

    def option_value(self, item: object) -> str:
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

    def targets(self, names: tuple[str, ...] | None) -> tuple[Target, ...] | None:
        return None if names is None else tuple(self.target(t) for t in names)

    def action(self, step: ActionStep) -> Action:
        match step:
            case CastStep():
                card = self.object_id(step.card)
                return Cast(player=self.engine.observe(card).owner, card=card, door=step.door,
                            face=step.face, face_down=step.face_down,
                            targets=self.targets(step.targets), x=step.x)
            case ActivateStep():
                obj = self.object_id(step.object)
                return Activate(self.player_of(obj), obj, step.ability - 1,
                                self.targets(step.targets), step.x)
            case UnlockStep():
                obj = self.object_id(step.object)
                return Unlock(self.player_of(obj), obj, step.door)
            case TurnFaceUpStep():
                obj = self.object_id(step.object)
                return TurnFaceUp(self.player_of(obj), obj)
            case PlayLandStep():
                card = self.object_id(step.card)
                return PlayLand(step.player or self.engine.observe(card).owner, card)
            case AdvanceStep():
                return AdvanceTo(step.to)
            case MoveStep():
                return Move(self.object_id(step.object), step.to, step.transformed)
            case PassStep():
                return PassPriority(step.player)
            case AttackStep():
                attackers = tuple(self.object_id(a) for a in step.attackers)
                player = step.player or (self.player_of(attackers[0]) if attackers
                                         else self.engine.game().active_player)
                return DeclareAttackers(player, attackers, step.defender)
            case BlockStep():
                blocks = tuple((self.object_id(b), self.object_id(a)) for b, a in step.blocks)
                player = step.player or (self.player_of(blocks[0][0]) if blocks else next(
                    p for p in self.players if p != self.engine.game().active_player))
                return DeclareBlockers(player, blocks)
            case _:
                assert_never(step)

    def check_no_choice_pending(self) -> None:
        choice = self.engine.pending_choice()
        if choice is not None:
            offered = ", ".join(o.label or o.value for o in choice.options)
            raise self.violation(UNASKED_CHOICE.format(prompt=choice.prompt, offered=offered))

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
        played = getattr(self.engine, "setup_steps", ())  # contract 1.1, optional
        self.setup_played = tuple(str(step) for step in played) if played else ()
        self.history = {alias: {oid} for alias, oid in self.aliases.items() if oid is not None}
        for step in self.scenario.script:
            self.step = step
            self.do(step)
        self.step = None
        self.check_no_choice_pending()

    def do(self, step: ScriptStep) -> None:
        match step:
            case ResolveStep():
                self.perform(Resolve())
            case ResolveStackStep():
                self.check_no_choice_pending()
                for _ in range(1000):
                    if not self.engine.game().stack or self.engine.pending_choice() is not None:
                        break
                    self.perform(Resolve())
            case CastStep():
                self.perform(self.action(step))
                if step.alias is not None:  # a second name for the spell
                    self.aliases[step.alias] = self.aliases.get(step.card)
                    self.history[step.alias] = set(self.history.get(step.card, set()))
            case (ActivateStep() | UnlockStep() | TurnFaceUpStep() | PlayLandStep() | AdvanceStep()
                  | MoveStep() | PassStep() | AttackStep() | BlockStep()):
                self.perform(self.action(step))
            case ChooseStep():
                self.choose(step)
            case FindStep():
                self.find(step)
            case LabelStep():
                self.labels[step.alias] = self.object_id(step.object)
            case ExpectStep():
                ExpectationCheck(self, step.expectation).check()
            case ExpectIllegalStep():
                self.expect_illegal(step.action)
            case ExpectLegalStep():
                action = self.action(step.action)
                self.check_no_choice_pending()
                if not self.engine.is_legal(action):
                    raise self.violation(f"expected {describe(action)} to be legal; the engine "
                                         f"does not allow it")
            case _:
                assert_never(step)

    def note_automatic(self, made: AutomaticChoice, step: str) -> None:
        line = self.step.line if self.step else self.scenario.line
        self.automatic.notes.append(f"{self.scenario.name}: line {line}: {step} met by the "
                                    f"{made.describe()} the engine chose automatically")

    def choose(self, step: ChooseStep) -> None:
        items = list(step.answers)
        values = [self.option_value(item) for item in items]
        made = self.automatic.take(values)
        if made is not None:  # the engine made this choice itself (contract 1.1)
            if not made.choice.forced:
                raise self.violation(made.not_forced())
            self.note_automatic(made, "choose")
            return
        choice = self.engine.pending_choice()
        if choice is None:
            other = self.automatic.first(None)
            if other is not None:
                raise self.violation(OTHER_AUTOMATIC.format(
                    chosen=list(other.chosen), prompt=other.choice.prompt, answer=items))
            raise self.violation(NEITHER_ASKED_NOR_CHOSE.format(answer=items))
        values = resolve_values(choice, values)
        try:
            events = self.engine.answer(values)
        except IllegalAction as exc:
            offered = [o.label or o.value for o in choice.options]
            raise self.violation(f"the engine refused the answer {items!r} to "
                                 f"'{choice.prompt}': {exc.reason} (offered: {offered})") from None
        self.follow(events)

    def expect_refused(self, step: ChooseStep) -> None:
        """``expect_illegal: {choose: ...}``: the engine must refuse the answer (raise
        ``IllegalAction``) and keep the same choice pending for the script's next step."""
        items = list(step.answers)
        values = [self.option_value(item) for item in items]
        choice = self.engine.pending_choice()
        if choice is None:
            made = self.automatic.first(None)
            if made is None:
                raise self.violation(NO_CHOICE_TO_REFUSE.format(answer=items))
            chosen = resolve_values(made.choice, values)
            if sorted(chosen) == sorted(made.chosen):
                raise self.violation(REFUSED_ANSWER_CHOSEN.format(answer=items,
                                                                  prompt=made.choice.prompt))
            if not made.choice.forced:
                raise self.violation(made.not_forced())
            self.note_automatic(made, "expect_illegal: choose")  # the one answer, not this one
            return
        values = resolve_values(choice, values)
        try:
            events = self.engine.answer(values)
        except IllegalAction as exc:
            still = self.engine.pending_choice()
            if still is None or (still.kind, still.player) != (choice.kind, choice.player):
                now = ("asks nothing" if still is None
                       else f"asks {still.kind} '{still.prompt}'")
                raise ContractError(CHOICE_DROPPED.format(
                    answer=items, prompt=choice.prompt, reason=exc.reason, now=now)) from None
            return
        self.follow(events)
        raise self.violation(ANSWER_ACCEPTED.format(answer=items, prompt=choice.prompt))

    def matching(self, which: ObjectFilter) -> list[ObjectId]:
        """The objects in the filter's zone matching its ``controller``, ``token`` and
        ``name``, and not among the aliases it leaves out."""
        excluded = {self.object_id(a) for a in which.excluded}
        found = []
        for object_id in self.engine.objects(which.zone, which.controller):
            if object_id in excluded:
                continue
            view = self.engine.observe(object_id)
            if which.token is not None and view.token != which.token:
                continue
            if which.name is not None and which.name not in view.names:
                continue
            found.append(object_id)
        return found

    def find(self, step: FindStep) -> None:
        found = self.matching(step.filter)
        if step.first and found:  # one of several identical objects
            found = found[:1]
        if len(found) != 1:
            written = render_filter(step.filter, **{"as": step.alias},
                                    **({"first": True} if step.first else {}))
            raise self.violation(f"expected exactly one object in the {step.filter.zone.value} "
                                 f"matching {written!r}; found {len(found)}")
        self.aliases[step.alias] = found[0]
        self.history.setdefault(step.alias, set()).add(found[0])

    def expect_illegal(self, step: Refusable) -> None:
        """The engine must refuse the action, or the answer (``choose``)."""
        if isinstance(step, ChooseStep):
            self.expect_refused(step)
            return
        action = self.action(step)
        self.check_no_choice_pending()
        try:
            events = self.engine.perform(action)
        except IllegalAction:
            return
        self.follow(events)
        raise self.violation(f"expected the engine to refuse {describe(action)}; it allowed it")


def describe(action: Action) -> str:
    name = type(action).__name__
    fields = {k: getattr(action, k) for k in getattr(action, "__slots__", ())}
    shown = ", ".join(f"{k}={getattr(v, 'value', v)!r}" for k, v in fields.items() if v is not None)
    return f"{name}({shown})"


def required_capabilities(ruling: Ruling, scenario: Scenario | None = None) -> set[str]:
    """What a ruling needs -- or one of its scenarios, with ``scenario``: the ruling's
    ``requires`` (and the scenario's), plus the setup capabilities its setup takes
    (``Setup.capabilities``: ``place-cards`` for a setup that is not reachable by legal play,
    ``set-life``, ``set-mana``, ``set-step``, ``set-turn``), ``inject-moves`` for ``move``
    steps and ``play-lands`` for land plays.  Compare it with
    ``EngineInfo.effective_capabilities`` (``inject-state`` is every setup capability but
    ``set-turn``)."""
    scenarios = ruling.scenarios if scenario is None else (scenario,)
    needed = set(ruling.requires)
    for each in scenarios:
        if scenario is not None:
            needed.update(each.requires)
        needed.update(each.setup.capabilities)
        if each.injected_steps:
            needed.add("inject-moves")
        if each.plays_lands:
            needed.add("play-lands")
    return needed


#: How bad a scenario's status is: a ruling's status is its worst scenario's.
_SEVERITY = {Status.FAILED: 4, Status.ERROR: 3, Status.TIMEOUT: 3, Status.PASSED: 1,
             Status.UNSUPPORTED: 0}


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """The verdict on one scenario."""

    name: str
    status: Status
    message: str = ""
    line: int = 0
    automatic: tuple[str, ...] = ()
    reproduction: str | None = None
    setup_played: tuple[str, ...] = ()
    #: the cards picked for the setup's roles: ``{"line", "role", "card"}`` each
    picks: tuple[dict[str, Any], ...] = ()
    #: why it is unsupported, in a word (``vocabulary.UNSUPPORTED_CODES``)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "status": self.status.value}
        if self.message:
            data.update(message=self.message, line=self.line)
        if self.reason:
            data["reason"] = self.reason
        return data


def run_scenario(ruling: Ruling, scenario: Scenario, engine: Engine, cards: CardPool) -> ScenarioResult:
    """The verdict of ``engine`` on one scenario; never raises for an engine's behaviour."""
    missing = sorted(required_capabilities(ruling, scenario)
                     - engine.info.effective_capabilities)
    if missing:
        return ScenarioResult(scenario.name, Status.UNSUPPORTED,
                              f"the engine lacks: {', '.join(missing)}", scenario.line,
                              reason="capability")
    cast = cast_roles(scenario.setup, cards, engine.info.cards)
    if isinstance(cast, Unsupported):
        return ScenarioResult(scenario.name, Status.UNSUPPORTED, str(cast), scenario.line,
                              reason=cast.code)
    setup, picks = cast
    if setup is not scenario.setup:
        scenario = replace(scenario, setup=setup)
    run = ScenarioRun(ruling, scenario, engine, cards)
    reason = ""
    try:
        run.run()
        return ScenarioResult(scenario.name, Status.PASSED, automatic=tuple(run.automatic.notes),
                              setup_played=run.setup_played, picks=picks)
    except RulingViolation as exc:
        status, message = Status.FAILED, exc.message
    except ScriptError as exc:
        status, message = Status.ERROR, exc.message
    except RulingFileError as exc:  # card data the engine could not read: say where
        status, message = Status.ERROR, str(exc)
    except Unsupported as exc:
        status, message, reason = Status.UNSUPPORTED, str(exc), exc.code
    except EngineTimeout as exc:  # the engine (another process) was stopped
        status, message = Status.TIMEOUT, str(exc)
    except (ContractError, ConformanceError) as exc:
        status, message = Status.ERROR, f"engine broke the contract: {exc}"
    except Exception as exc:  # noqa: BLE001 - an engine crash is a verdict, not our crash
        status, message = Status.ERROR, f"engine raised {type(exc).__name__}: {exc}"
    line = run.step.line if run.step else scenario.line
    reproduction = _reproduction(engine, message) if status is Status.FAILED else None
    return ScenarioResult(scenario.name, status, message, line, tuple(run.automatic.notes),
                          reproduction, run.setup_played, picks,
                          reason if status is Status.UNSUPPORTED else "")


def _reproduction(engine: Engine, message: str) -> str | None:
    """The engine's standalone reproduction of a failure, when its adapter writes one."""
    write = getattr(engine, "reproduction", None)
    if write is None:
        return None
    try:
        script = write(message)
    except Exception:  # noqa: BLE001 - a missing reproduction never changes a verdict
        return None
    return script if isinstance(script, str) else None


#: The message of a ruling passed on only part of its scenarios, the others unsupported.
PARTLY_PASSED = ("passed {passed} of {scenarios} scenarios; the others could not run: {why}")


def run_ruling(ruling: Ruling, engine: Engine, cards: CardPool) -> Result:
    """The verdict of ``engine`` on ``ruling``: its worst scenario's (failed > error >
    passed > unsupported), each scenario's in ``details["scenarios"]``; never raises for
    an engine's behaviour."""
    base: dict[str, Any] = {"id": ruling.id, "path": ruling.path}
    if not ruling.executable:
        return Result(status=Status.NOT_EXECUTABLE, message=ruling.not_executable_reason, **base)
    lacking = [required_capabilities(ruling, s) - engine.info.effective_capabilities
               for s in ruling.scenarios]
    if lacking and all(lacking):  # no scenario can run
        missing = sorted(set().union(*lacking))
        return Result(status=Status.UNSUPPORTED,
                      message=f"the engine lacks: {', '.join(missing)}", reason="capability",
                      **base)
    setup = "injected" if any(s.setup.provenance == "injected" for s in ruling.scenarios) \
        else "legal-play"
    injected = sum(s.injected_steps for s in ruling.scenarios)
    base.update(setup=setup, injected_steps=injected)
    started = time.perf_counter()
    verdicts = [run_scenario(ruling, scenario, engine, cards) for scenario in ruling.scenarios]
    worst = max(verdicts, key=lambda v: _SEVERITY.get(v.status, 2))
    details: dict[str, Any] = {}
    if len(verdicts) > 1:
        details["scenarios"] = [v.to_json() for v in verdicts]
    automatic = [note for v in verdicts for note in v.automatic]
    if automatic:
        details["automatic_choices"] = automatic
    played = {v.name: list(v.setup_played) for v in verdicts if v.setup_played}
    if played:
        details["setup_played"] = played
    if worst.reproduction is not None:
        details["reproduction"] = worst.reproduction
    picks = [{"scenario": v.name, **pick} for v in verdicts for pick in v.picks]
    if picks:
        details["cards_picked"] = picks
    duration = time.perf_counter() - started
    if worst.status is Status.PASSED:
        unsupported = [v for v in verdicts if v.status is Status.UNSUPPORTED]
        if not unsupported:
            return Result(status=Status.PASSED, duration=duration, details=details, **base)
        judged = len(verdicts) - len(unsupported)  # passed on part of its scenarios only
        details["partial"] = {"passed": judged, "scenarios": len(verdicts)}
        return Result(status=Status.PASSED, duration=duration, details=details,
                      message=PARTLY_PASSED.format(passed=judged, scenarios=len(verdicts),
                                                   why=unsupported[0].message), **base)
    return Result(status=worst.status, message=worst.message, duration=duration,
                  line=worst.line, scenario=worst.name, details=details, reason=worst.reason,
                  **base)


def cast_roles(setup: Setup, cards: CardPool, pool: frozenset[str] | None,
               ) -> tuple[Setup, tuple[dict[str, Any], ...]] | Unsupported:
    """The setup as ``engine`` plays it: every card entry with a role gets a card that fits
    it -- from the engine's own pool when it declares one (``pool``: names, matched with
    the card file's data), else the one the corpus gives it -- and the picks made, each
    ``{"line", "role", "card"}``.  :class:`Unsupported` (code ``card``) when a card the
    setup names is not in the engine's pool, or no card of it fits a role."""
    if pool is None and not any(entry.role for _p, _z, entry in setup.entries()):
        return setup, ()
    candidates = [card for name, card in cards.items() if pool is None or name in pool]
    picks: list[dict[str, Any]] = []
    players = []
    for player in setup.players:
        zones = {}
        for zone, entries in player.zones.items():
            placed = []
            for entry in entries:
                if entry.role is None:
                    if pool is not None and entry.card not in pool:
                        return Unsupported(f"{entry.card!r} is not in the engine's card pool "
                                           f"(setup line {entry.line})", code="card")
                    placed.append(entry)
                    continue
                card = pick(entry.role, candidates, preferred=entry.card)
                if card is None:
                    return Unsupported(f"no card in the engine's card pool fits the role "
                                       f"{entry.role.describe()} (setup line {entry.line})",
                                       code="card")
                picks.append({"line": entry.line, "role": entry.role.describe(),
                              "card": card.name})
                placed.append(replace(entry, card=card.name))
            zones[zone] = tuple(placed)
        players.append(replace(player, zones=zones))
    return replace(setup, players=tuple(players)), tuple(picks)


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
