"""Running properties against an engine: one result per property, with a shrunk
counterexample as a YAML ruling when one fails."""

from __future__ import annotations

import gc
import os
import random
import re
import shlex
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import hypothesis
import yaml
from hypothesis import Phase, Verbosity, settings
from hypothesis import strategies as st
from hypothesis.database import ExampleDatabase
from hypothesis.errors import FlakyFailure, FlakyStrategyDefinition, Unsatisfiable

from ..contract.protocol import Engine
from ..contract.types import ObjectId
from ..errors import ContractError, EngineTimeout, Unsupported, UsageError
from ..format.cards import Card, CardPool, load_cards
from ..format.model import Ruling, Setup
from ..runner.results import Result, Status
from .catalog import Property
from .isolation import Isolation, Search
from .machine import Game, PropertyFailure, Tally, games_test, machine_class, scenario_text
from .positions import both_sides, scenario_setups
from .profiles import PROFILES


#: What a property id must be to name a file: no separator, no leading dot.
_FILE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*")


def counterexample_path(folder: Path, property_id: str) -> Path:
    """The file a property's counterexample is written to in ``folder``.  An engine given
    as ``module:factory`` names differential mode's property: its ``:`` becomes ``-``.  An
    id that is not a plain file name then (``../x``, an absolute path) is refused, and the
    resolved path must stay inside ``folder``."""
    name = property_id.replace(":", "-")
    path = folder / f"{name}.yaml"
    if not _FILE_NAME.fullmatch(name) or \
            path.resolve().parent != folder.resolve():
        raise UsageError(f"property id {property_id!r} cannot name a counterexample file in "
                         f"{folder} (letters, digits, '.', '_' and '-' only)")
    return path


#: CR rule and mechanic of each observation differential mode compares, for the metadata of
#: a counterexample found that way (no ruling of the corpus names it).
_DIFFERENTIAL_TOPICS: dict[str, tuple[str, str]] = {
    "names": ("201.2a", "names"), "mana_value": ("202.3", "costs"),
    "colors": ("202.2", "costs"), "unlocked_doors": ("709.5", "rooms"),
    "face_down": ("708.2", "morph"), "transformed": ("712.8", "double-faced"),
    "token": ("111.3", "token-copies"),
}


def counterexample_ruling(failure: PropertyFailure, rulings: Sequence[Ruling],
                          seed: int) -> dict[str, Any]:
    """A ruling file reproducing the failure, with the metadata of the first ruling the
    property checks (or, when the corpus has none, such as differential mode's, metadata
    from the observation it is about), ready to be pasted into rulings/."""
    by_id = {r.id: r for r in rulings}
    base = next((by_id[i] for i in failure.property.rulings if i in by_id), None)
    name = failure.property.rulings[0] if base is not None else failure.property.id
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    document: dict[str, Any] = {"id": f"{slug}-found-{seed % 10**6}"}
    cards = sorted({e.card for p in _players(failure) for e in p})
    if base is not None:
        source = {key: value for key, value in
                  (("seed", base.seed), ("url", base.url), ("page", base.page)) if value}
        document.update({
            "text": base.text, **({"text_unverified": True} if base.text_unverified else {}),
            "date": base.date, "source": source,
            "cards": cards, "cr": list(base.cr), "mechanics": list(base.mechanics),
            "requires": sorted(set(base.requires) | set(failure.property.requires)),
        })
    else:
        rule, mechanic = _DIFFERENTIAL_TOPICS.get(failure.violation.key or "",
                                                  ("400.7", "zone-changes"))
        document.update({
            "text": failure.property.description, "date": None, "source": {"seed": "000-00"},
            "cards": cards, "cr": [rule], "mechanics": [mechanic],
            "requires": sorted(failure.property.requires),
        })
    document["notes"] = (f"Found by the property {failure.property.id} (seed {seed}, "
                         f"Hypothesis {hypothesis.__version__}): {failure.violation.message}")
    document["scenarios"] = [failure.scenario]
    return document


def _players(failure: PropertyFailure) -> list[list[Any]]:
    players = failure.scenario["setup"]["players"].values()
    return [[_Entry(item["card"]) for zone in p.values() if isinstance(zone, list)
             for item in zone] for p in players]


class _Entry:
    def __init__(self, card: str) -> None:
        self.card = card


@dataclass(frozen=True, slots=True)
class Replay:
    """How the run was started, for the command that replays a failure: the engine's name,
    the ruling folders and card file given, the folder counterexamples are written to and
    whether the run was differential."""

    engine: str = "reference"
    rulings: tuple[str, ...] = ()
    cards: str | None = None
    counterexamples: Path | None = None
    differential: bool = False

    def command(self, prop: Property, profile: str, seed: int, written: bool,
                own_cards: bool = False) -> str:
        """The command that replays ``prop``'s failure: the counterexample file when it is
        written, and the same property run (same profile and seed) in any case.  Every word
        is shell-quoted and every path absolute, so that the command runs as printed from
        any folder; the counterexample's run writes its own results file beside it (never
        the user's ``out/results.json``)."""
        rulings = [_absolute(r) for r in self.rulings]
        cards = ["--cards", _absolute(self.cards)] if self.cards else []
        chosen = ["--differential"] if self.differential else ["--property", prop.id]
        again = shlex.join(["conformance", "properties", "--engine", self.engine, *chosen,
                            "--profile", profile, "--seed", str(seed),
                            *(["--rulings", *rulings] if rulings else []), *cards])
        if not written or self.counterexamples is None:
            return again
        path = counterexample_path(self.counterexamples, prop.id)
        card_file = cards or ["--cards", _absolute(str(_card_file(self.rulings)))]
        if own_cards:  # the corpus's cards and the games' own, written beside it
            card_file = ["--cards", _absolute(str(path.with_suffix(".cards.yaml")))]
        replay = shlex.join(["conformance", "run", "--engine", self.engine, "--rulings",
                             _absolute(str(path)), *card_file, "--results",
                             _absolute(str(path.with_suffix(".results.json")))])
        return f"{replay} (or: {again})"


def _absolute(path: str) -> str:
    return os.path.abspath(path)


def _card_file(rulings: Sequence[str]) -> Path:
    from ..format.loader import find_card_file

    return find_card_file([Path(r) for r in rulings] or [Path("rulings")])


def engine_pool(pool: CardPool, info: object) -> CardPool:
    """The cards of ``pool`` an engine has: all of them, unless the engine declares the cards
    it knows (an ``EngineInfo.cards`` of names, contract 1.2), when games are drawn from
    those only.  A card is kept when its name or one of its faces' is declared."""
    declared = getattr(info, "cards", None)
    if not declared:
        return pool
    known = set(declared)
    return CardPool({name: card for name, card in pool.items()
                     if name in known or any(face.name in known for face in card.faces)},
                    pool.path)


def run_properties(properties: Sequence[Property], factory: Callable[[], Engine],
                   capabilities: frozenset[str], pool: CardPool, rulings: Sequence[Ruling], *,
                   profile: str, seed: int | None, engine_name: str,
                   on_result: Callable[[Result], None], replay: Replay | None = None,
                   budget: int | None = None,
                   isolation: Isolation | None = None,
                   cards_known: Iterable[str] | None = None) -> list[Result]:
    """Every property, ``unsupported`` where the engine lacks what it needs; each has
    ``budget`` engine actions of games (by default the profile's, ``BUDGETS``).  With
    ``isolation``, each property's search runs in a child process (``isolation.jobs`` at a
    time, the results reported in order): an engine that kills that process makes the
    property an ``error`` (with the game under way), and the run goes on."""
    budget = BUDGETS.get(profile) if budget is None else budget
    moves = "inject-moves" in capabilities
    known = tuple(cards_known) if cards_known else None
    searches: list[Search | Result] = []
    for prop in properties:
        missing = sorted(prop.requires - capabilities)
        if missing:
            searches.append(Result(id=prop.id, status=Status.UNSUPPORTED, kind="property",
                                   message=f"the engine lacks: {', '.join(missing)}"))
            continue
        chosen = _seed(profile, seed)

        def work(wrap: Callable[[Engine], Engine], prop: Property = prop,
                 chosen: int = chosen) -> Result:
            return run_property(prop, lambda: wrap(factory()), pool, rulings, profile=profile,
                                seed=chosen, engine_name=engine_name, moves=moves,
                                replay=replay, budget=budget, cards_known=known)
        again = (replay or Replay(engine=engine_name)).command(prop, profile, chosen, False)
        searches.append(Search(work, prop.id, {
            "seed": chosen, "profile": profile, "hypothesis": hypothesis.__version__,
            "replay": again}))
    if isolation is not None:
        return isolation.run_all(searches, on_result)
    results = []
    for search in searches:
        result = search if isinstance(search, Result) else search.work(lambda engine: engine)
        on_result(result)
        results.append(result)
    return results


def run_property(prop: Property, factory: Callable[[], Engine], pool: CardPool,
                 rulings: Sequence[Ruling], *, profile: str = "ci", seed: int | None = None,
                 engine_name: str = "reference", moves: bool = True,
                 replay: Replay | None = None, budget: int | None = None,
                 cards_known: Iterable[str] | None = None) -> Result:
    """Play random games on engines from ``factory`` and check ``prop`` after every step.

    A position the engine cannot set up (``Unsupported`` or ``ContractError`` from
    ``start``) is rejected, never an error; so is a game the engine cannot report on
    (``Unsupported`` from a call other than an action or an answer).  Once the games have
    taken ``budget`` engine actions (no limit by default), generation stops, and shrinking
    once it has taken half as many: the last counterexample found is the one reported.  A
    search that played no game judged nothing: it is ``unsupported``, never ``passed``."""
    base = PROFILES[profile]
    seed = _seed(profile, seed)
    replay = replay or Replay(engine=engine_name)
    with_own = False  # whether the failure, if any, was found with the games' own cards
    guard = _Guard(factory, budget)
    tally = Tally()
    machine = machine_class(guard.engine, pool, [prop], moves=moves, tally=tally)
    database = base.database
    chosen = settings(base, verbosity=Verbosity.quiet, database=None if database is None
                      else _Keyed(database, f"{prop.id}@{engine_name}"),
                      stateful_step_count=max(base.stateful_step_count, prop.steps))
    started = time.perf_counter()
    details: dict[str, Any] = {"seed": seed, "profile": profile,
                               "hypothesis": hypothesis.__version__}
    outcome = _search(machine, chosen, seed, guard, budget)

    def more_games(count: int, game: type[Game], key: str) -> BaseException | None:
        """``count`` more games of ``game``, with a budget of their own: the first
        search's games are those of the profile alone, whatever else is played."""
        played = guard.played_games
        guard.restart(strict=False, budget=budget)
        found = _search(game, settings(chosen, max_examples=count), seed, guard, budget)
        details[key] = guard.played_games - played
        return found

    count = _profile_games(SCENARIO_GAMES, profile)
    setups = scenario_setups(pool, rulings, prop.focus) if outcome is None and count else []
    if setups:  # from the corpus's own positions
        outcome = more_games(count, machine_class(
            guard.engine, pool, [prop], moves=moves, tally=tally,
            setups=both_sides(pool, st.sampled_from(setups), prop.focus)),
            "games_from_scenarios")
    count = _profile_games(OWN_CARD_GAMES, profile)
    focus = prop.focus if prop.focused_cards else None
    own = with_own_cards(pool, cards_known, focus) if outcome is None and count else pool
    if own is not pool:  # drawn from the corpus's cards and the games' own
        outcome = more_games(count, machine_class(guard.engine, own, [prop], moves=moves,
                                                  tally=tally), "games_from_own_cards")
        # a counterexample found there names cards of both files
        with_own = isinstance(outcome, PropertyFailure)
    duration = time.perf_counter() - started
    details.update(guard.details())
    if tally.not_computed:
        details["not_computed"] = dict(tally.not_computed)
    if tally.simplified:
        details["positions_simplified"] = tally.simplified
    unjudged = _unjudged(prop, guard, tally) if outcome is None else \
        _no_game(guard) if isinstance(outcome, Unsatisfiable) else None
    if unjudged is not None:
        return Result(id=prop.id, status=Status.UNSUPPORTED, kind="property",
                      message=unjudged, duration=duration, details=details)
    if outcome is None:
        return Result(id=prop.id, status=Status.PASSED, kind="property", duration=duration,
                      details=details)
    if isinstance(outcome, PropertyFailure):
        known = {r.id for r in rulings}
        document = counterexample_ruling(outcome, rulings, seed) \
            if set(prop.rulings) & known or replay.differential else None
        return Result(
            id=prop.id, status=Status.FAILED, kind="property",
            message=f"{outcome.violation.message} (checks {', '.join(prop.rulings)})",
            duration=duration,
            details={**({"counterexample": yaml.safe_dump(document, sort_keys=False,
                                                          allow_unicode=True, width=100)}
                        if document is not None else {}),
                     "scenario": scenario_text(outcome.scenario), **details,
                     **({"cards": [pool.path, *map(str, own_files(own))]} if with_own else {}),
                     "replay": replay.command(prop, profile, seed, document is not None,
                                              with_own)},
        )
    if isinstance(outcome, (FlakyFailure, FlakyStrategyDefinition)):
        message = ("the engine did not play the same game the same way twice "
                   f"(Hypothesis: {type(outcome).__name__})")
    else:  # an engine crash during a game is a verdict
        first = str(outcome).splitlines()[0] if str(outcome) else ""
        message = f"{type(outcome).__name__}: {first}"
    return Result(id=prop.id, status=Status.ERROR, kind="property", message=message,
                  duration=duration, details=details)


def _search(machine: type[Game], chosen: settings, seed: int, guard: _Guard,
            budget: int | None) -> BaseException | None:
    """What one search of ``machine``'s games found, within ``budget`` engine actions.

    Games are found, then shrunk, each within the budget: a game is never refused half-way
    through a search (Hypothesis would take that for a flaky test), the search is stopped
    instead -- and a counterexample whose shrinking is stopped is reported as found."""
    if budget is None:
        return _play(machine, chosen, seed)
    shrinking = Phase.shrink in chosen.phases
    outcome = _play(machine, settings(chosen, phases=[
        p for p in chosen.phases if p is not Phase.shrink]), seed)
    if outcome is not None and shrinking and not isinstance(outcome, _OutOfTime):
        guard.restart(strict=True, budget=budget // 2)
        shrunk = _play(machine, chosen, seed)
        if type(shrunk) is type(outcome):
            outcome = shrunk
    return None if isinstance(outcome, _OutOfTime) else outcome


def _unjudged(prop: Property, guard: _Guard, tally: Tally) -> str | None:
    """Why a search that found nothing judged nothing, or ``None`` when it judged: it played
    no game, or its games never reached what it judges, or only through values the engine
    does not compute."""
    if not guard.played_games:
        return _no_game(guard)
    if tally.judged:
        return None
    if tally.not_computed:
        return "judged nothing: the engine does not compute " + "; ".join(
            f"{key} ({reason})" for key, reason in tally.not_computed.items())
    return (f"judged nothing: none of the {guard.played_games} games played reached what "
            f"it judges ({_subject(prop)})")


def _subject(prop: Property) -> str:
    """What a property judges, in a few words: the first sentence of its description."""
    first = prop.description.strip().split(". ")[0].rstrip(".")
    return first if len(first) <= 160 else first[:157] + "..."


def _no_game(guard: _Guard) -> str:
    """Why a search played no game (or none the engine could report on)."""
    if guard.refused and not guard.games:
        return (f"no game played: the engine could set up none of the {len(guard.refused)} "
                f"positions tried (drawn, and simpler ones made from them): "
                f"{guard.refused[0]}")
    if guard.abandoned:
        return (f"no game played: the engine could report on none of the "
                f"{guard.games} games started ({len(guard.abandoned)} dropped): "
                f"{guard.abandoned[0]}")
    return "no game played: no position drawn was valid"


def _seed(profile: str, seed: int | None) -> int:
    """``seed``, or the seed a search of ``profile`` is given when none is."""
    if seed is not None:
        return seed
    return 0 if PROFILES[profile].derandomize else random.randrange(2**32)


def _play(machine: type[Game], chosen: settings, seed: int) -> BaseException | None:
    """What one Hypothesis search raised, if anything."""
    test = games_test(machine, chosen, seed)
    try:
        with long_lived_set_aside():
            test()
    except (Exception, _OutOfTime) as exc:  # noqa: BLE001 - classified by the caller
        return exc
    return None


@contextmanager
def long_lived_set_aside() -> Iterator[None]:
    """The objects that exist when a search starts -- the corpus, the card pool, the modules
    -- set aside from the garbage collector until it ends (``gc.freeze``): games allocate
    fast enough that full collections come every few hundred steps, and each would walk
    them all again.  They are given back to it afterwards.  Left alone when the collector
    is off or something else froze objects (that freeze is not ours to undo)."""
    global _frozen
    # inside our own freeze, nothing to do (counting the frozen objects walks them all)
    if _frozen or not gc.isenabled() or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    _frozen = True
    try:
        yield
    finally:
        _frozen = False
        gc.unfreeze()


_frozen = False  # whether long_lived_set_aside's freeze is on


class _OutOfTime(BaseException):
    """The budget is spent: the search stops (not an ``Exception``, so that Hypothesis
    does not take it for a failure of the game)."""


#: Engine actions (actions performed and answers given) each property's games may take in
#: each profile of ``run_properties`` (the command line), and half as many again to shrink a
#: counterexample found.  Counted, not timed: the same engine, seed and profile give the same
#: games, and so the same verdict, on an idle machine and on a loaded one.
BUDGETS: dict[str, int | None] = {"ci": 600, "dev": 6000, "thorough": None}

#: Games each property plays, after those of its profile, from the setups of the corpus's
#: scenarios (``positions.scenario_setups``), in each profile.
SCENARIO_GAMES: dict[str, int] = {"ci": 10, "dev": 30, "thorough": 300}


#: Games each property plays, after those from the corpus's scenarios, from random boards
#: drawn from the corpus's cards and the property games' own (``OWN_CARDS``), by profile.
OWN_CARD_GAMES: dict[str, int] = {"ci": 10, "dev": 30, "thorough": 300}

#: The property games' own card file: real cards, beside the corpus's, for the rules no card
#: of the corpus reaches (defender, untap effects, "target opponent", {C} and hybrid costs...),
#: checked against MTGJSON-shaped data as the corpus's are (tests/format/test_property_cards.py).
OWN_CARDS = Path(__file__).resolve().parents[2] / "strategies" / "cards.yaml"


#: Real cards that join the own-card games only of the properties that ask for them
#: (``Property.focused_cards``), those their focus takes: a card added here moves no other
#: property's games (checked as :data:`OWN_CARDS` is).
FOCUSED_CARDS = OWN_CARDS.with_name("focused-cards.yaml")


def own_card_pool() -> CardPool:
    """The cards of :data:`OWN_CARDS` (none when the file is absent), loaded once."""
    global _OWN
    if _OWN is None:
        _OWN = load_cards(OWN_CARDS) if OWN_CARDS.exists() else CardPool({})
    return _OWN


def focused_card_pool() -> CardPool:
    """The cards of :data:`FOCUSED_CARDS` (none when the file is absent), loaded once."""
    global _FOCUSED
    if _FOCUSED is None:
        _FOCUSED = load_cards(FOCUSED_CARDS) if FOCUSED_CARDS.exists() else CardPool({})
    return _FOCUSED


_OWN: CardPool | None = None
_FOCUSED: CardPool | None = None


def with_own_cards(pool: CardPool, known: Iterable[str] | None = None,
                   focus: Callable[[Card], bool] | None = None) -> CardPool:
    """``pool`` and the property games' own cards it lacks, with those of
    :data:`FOCUSED_CARDS` that ``focus`` takes -- those of them ``known`` names (by card or
    face name) when the engine declares the cards it has; ``pool`` itself when that adds
    none."""
    names = set(known) if known is not None else None

    def wanted(name: str, card: Card) -> bool:
        return name not in pool and (names is None or name in names
                                     or any(face.name in names for face in card.faces))

    extra = {name: card for name, card in own_card_pool().items() if wanted(name, card)}
    if focus is not None:
        extra.update({name: card for name, card in focused_card_pool().items()
                      if wanted(name, card) and focus(card)})
    if not extra:
        return pool
    return CardPool({**pool, **extra}, pool.path)


def own_files(pool: CardPool) -> list[Path]:
    """The card files of the property games' own cards that ``pool`` has cards of."""
    return [path for path, cards in ((OWN_CARDS, own_card_pool()),
                                     (FOCUSED_CARDS, focused_card_pool()))
            if any(name in pool for name in cards)]


def _profile_games(table: dict[str, int], profile: str) -> int:
    """``table``'s games for ``profile``, or for the profile it was made from
    (``ci-no-shrink``: ``ci``'s); none for a profile of another name."""
    for name, games in table.items():
        if profile == name or profile.startswith(f"{name}-"):
            return games
    return 0


class _Guard:
    """Engines for one property's games: a position the engine cannot set up is rejected;
    once ``budget`` engine actions have been taken, the search stops at the engine's next
    call -- unless (while not ``strict``) the game is on a position already played, which
    is how Hypothesis replays the counterexample it found.  It counts what was played: games
    started, games dropped (the engine could not report on them) and actions taken."""

    def __init__(self, factory: Callable[[], Engine], budget: int | None) -> None:
        self.factory = factory
        self.budget = budget
        self.spent = 0  # actions taken in this search
        self.games = 0
        self.actions = 0  # actions taken in every search
        self.refused: list[str] = []
        self.abandoned: list[str] = []
        self.cut = False
        self.strict = False
        self.played: set[str] = set()
        self.replaying = False  # the game in progress is on a position already played

    def restart(self, *, strict: bool, budget: int | None) -> None:
        """A new search, with a budget of its own."""
        self.spent, self.strict, self.budget = 0, strict, budget

    def engine(self) -> Engine:
        return cast(Engine, _GuardedEngine(self))

    def admit(self, setup: Setup) -> None:
        position = repr(setup)
        self.replaying = position in self.played and not self.strict
        self.check()
        self.played.add(position)

    def acted(self) -> None:
        """One more engine action: stop the search if that spends the budget."""
        self.spent += 1
        self.actions += 1
        self.check()

    def check(self) -> None:
        """Stop the search if the budget is spent (and the game is not a replay)."""
        if self.budget is not None and not self.replaying and self.spent > self.budget:
            self.cut = True
            raise _OutOfTime()

    @property
    def played_games(self) -> int:
        """Games set up and not dropped."""
        return self.games - len(self.abandoned)

    def details(self) -> dict[str, Any]:
        found: dict[str, Any] = {"games": self.played_games, "steps": self.actions}
        if self.refused:
            found["positions_rejected"] = len(self.refused)
        if self.abandoned:
            found["games_dropped"] = len(self.abandoned)
            found["dropped_because"] = self.abandoned[0]
        if self.cut:
            found["budget_reached"] = self.budget
        return found


class _GuardedEngine:
    """An engine from the guard's factory, made when a game starts."""

    def __init__(self, guard: _Guard) -> None:
        self._guard = guard
        self._engine: Engine | None = None
        self._wrapped: list[str] = []  # calls found without __getattr__ until closed

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self._guard.admit(setup)
        engine = self._engine = self._guard.factory()
        try:
            aliases = dict(engine.start(setup, cards))
        except EngineTimeout:
            raise
        except (Unsupported, ContractError) as exc:  # a position it cannot set up
            self._guard.refused.append(str(exc).splitlines()[0] if str(exc) else "")
            engine.close()
            self._engine = None
            raise
        self._guard.games += 1
        return aliases

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()
            self._engine = None
        for name in self._wrapped:
            self.__dict__.pop(name, None)
        self._wrapped.clear()

    def __getattr__(self, name: str) -> Any:
        if self._engine is None:
            raise AttributeError(name)
        found = getattr(self._engine, name)
        if not callable(found):
            return found
        guard = self._guard
        if name in _ACTING:
            def acting(*args: Any, **kwargs: Any) -> Any:
                guard.acted()
                return found(*args, **kwargs)
            call = acting
        else:
            def reading(*args: Any, **kwargs: Any) -> Any:
                guard.check()
                try:
                    return found(*args, **kwargs)
                except Unsupported as exc:  # a position it cannot report on: dropped
                    guard.abandoned.append(str(exc).splitlines()[0] if str(exc) else "")
                    hypothesis.reject()
            call = reading
        self.__dict__[name] = call
        self._wrapped.append(name)
        return call


#: The calls whose ``Unsupported`` the state machine handles itself (an action the engine
#: cannot take is not taken), each counted as one action of the budget; an ``Unsupported``
#: from any other call drops the game.
_ACTING = frozenset({"perform", "answer"})


class _Keyed(ExampleDatabase):
    """``database`` with every key prefixed: each property on each engine has its own
    examples (the state machine is the same class for all of them)."""

    def __init__(self, database: ExampleDatabase, prefix: str) -> None:
        super().__init__()
        self._database = database
        self._prefix = prefix.encode() + b":"

    def save(self, key: bytes, value: bytes) -> None:
        self._database.save(self._prefix + key, value)

    def fetch(self, key: bytes) -> Iterable[bytes]:
        return self._database.fetch(self._prefix + key)

    def delete(self, key: bytes, value: bytes) -> None:
        self._database.delete(self._prefix + key, value)

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self._database.move(self._prefix + src, self._prefix + dest, value)
