"""Running properties: positions an engine cannot set up, searches that play no game, the
action budget and verdicts that do not depend on the machine's load, values an engine does
not compute, Hypothesis hygiene (profiles, example-database keys, games played through its public API
only) and the replay command printed with a counterexample."""

from __future__ import annotations

import dataclasses
import inspect
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import Phase, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase

from conformance.engines.reference import ReferenceEngine
from conformance.errors import Unsupported
from conformance.format.cards import CardPool
from conformance.format.loader import load_corpus
from conformance.format.model import Setup
from conformance.format.vocabulary import Zone
from conformance.frontends.cli import main
from conformance.mutants import create
from conformance.properties import PROPERTIES, run_property
from conformance.properties.profiles import PROFILES
from conformance.properties import run as run_module
from conformance.properties.catalog import Violation
from conformance.properties.machine import PropertyFailure
from conformance.properties import machine as machine_module
from conformance.properties.machine import Game, games_test
from conformance.properties.run import counterexample_ruling
from conformance.runner.results import Status

ROOT = Path(__file__).parents[2]
RULINGS = ROOT / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}
ROOMS = BY_ID["room-characteristics-by-zone"]

@pytest.fixture(scope="module")
def corpus() -> Any:
    return load_corpus([RULINGS])


# -- the games' test: Hypothesis's public API only ----------------------------------------


def _recording_game(drawn: list[list[int]], check: bool) -> type[Game]:
    class Recording(Game):
        positions = st.integers(0, 10**9)  # type: ignore[assignment]

        def start(self, setup: Any) -> None:
            drawn[-1].append(-1)
            drawn[-1].append(setup)

        def take_a_legal_action(self, data: st.DataObject) -> None:
            drawn[-1].append(data.draw(st.integers(0, 10**9)))

        def properties_hold(self) -> None:
            if check:
                assert drawn[-1][-1] >= -1  # the same, written otherwise

        def teardown(self) -> None:
            drawn[-1].append(-2)
    return Recording


def test_a_seed_replays_the_same_games_and_the_settings_apply() -> None:
    drawn: list[list[int]] = []
    chosen = settings(max_examples=3, stateful_step_count=2, database=None, deadline=None)
    for _ in range(2):
        drawn.append([])
        games_test(_recording_game(drawn, False), chosen, 12345)()
    assert drawn[0] == drawn[1] and len(drawn[0]) > 3  # a seed replays the same steps
    examples = drawn[0].count(-1)
    assert 1 <= examples <= 3 and drawn[0].count(-2) == examples  # every game torn down
    drawn.append([])
    games_test(_recording_game(drawn, False), chosen, 54321)()
    assert drawn[2] != drawn[0]  # another seed, other games


def test_the_games_do_not_depend_on_the_source_of_the_game() -> None:
    """The ``ci`` games must not move when the machine's code is edited: two games written
    differently draw the same values under the same seed, derandomized profile or not."""
    for derandomize in (True, False):
        drawn: list[list[int]] = []
        chosen = settings(derandomize=derandomize, max_examples=3, stateful_step_count=3,
                          database=None, deadline=None)
        for check in (False, True):
            drawn.append([])
            games_test(_recording_game(drawn, check), chosen, 0)()
        assert drawn[0] == drawn[1] and len(drawn[0]) > 3


def test_the_games_use_no_undocumented_hypothesis_function() -> None:
    machine_source = inspect.getsource(machine_module) + inspect.getsource(run_module)
    assert "hypothesis.stateful" not in machine_source and "get_state_machine_test" not in \
        machine_source and "_hypothesis_internal" not in machine_source
    assert "hypothesis.internal" not in machine_source


# -- hygiene --------------------------------------------------------------------------------


def test_importing_the_package_leaves_the_users_profiles() -> None:
    script = (
        "from hypothesis import settings\n"
        "settings.register_profile('ci', max_examples=7)\n"
        "settings.register_profile('mine', max_examples=9)\n"
        "settings.load_profile('ci')\n"
        "import conformance.properties\n"
        "import conformance.properties.run\n"
        "assert settings.default.max_examples == 7, settings.default\n"
        "assert settings.get_profile('ci').max_examples == 7\n"
        "assert settings.get_profile('mine').max_examples == 9\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_each_property_and_engine_has_its_own_database_key(corpus: Any,
                                                            monkeypatch: Any) -> None:
    database = InMemoryExampleDatabase()
    # Without shrinking: the failing game is saved under its key as soon as it is found.
    monkeypatch.setitem(PROFILES, "keyed", settings(
        PROFILES["ci"], database=database, max_examples=5,
        phases=[p for p in PROFILES["ci"].phases if p is not Phase.shrink]))
    for name in ("one", "two"):
        result = run_property(ROOMS, lambda: create("room-one-door-off-battlefield"),
                              corpus.cards, corpus.rulings, profile="keyed",
                              engine_name=name)
        assert result.status is Status.FAILED
    prefixes = {key.split(b":")[0] for key in database.data}
    assert prefixes == {b"room-characteristics-by-zone@one", b"room-characteristics-by-zone@two"}


# -- engines that cannot set up every position ------------------------------------------------


class _Picky(ReferenceEngine):
    """Sets up no position with a card in alice's graveyard (or none at all)."""

    refuse_all = False

    def start(self, setup: Setup, cards: CardPool) -> dict[str, str]:
        alice = next(p for p in setup.players if p.name == "alice")
        if self.refuse_all or alice.zones.get(Zone.GRAVEYARD):
            raise Unsupported("this engine cannot put a card into alice's graveyard")
        return super().start(setup, cards)


class _Refusing(_Picky):
    refuse_all = True


def test_a_position_the_engine_cannot_set_up_is_rejected(corpus: Any) -> None:
    result = run_property(ROOMS, _Picky, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["positions_rejected"] > 0 and result.details["games"] > 0


class _Wrapping:
    """An engine (the reference engine by default) with one or two of its calls changed by a
    subclass; every other call goes to it as it is."""

    def __init__(self, inner: Any = None) -> None:
        self.inner = inner if inner is not None else ReferenceEngine()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class _NoManaPool(_Wrapping):
    """Places cards but cannot set a mana pool (as managym): its players tap lands."""

    def start(self, setup: Setup, cards: CardPool) -> dict[str, str]:
        if any(p.mana for p in setup.players):
            raise Unsupported("this engine cannot set a mana pool")
        return dict(self.inner.start(setup, cards))


class _OpeningHandsOnly(_Wrapping):
    """Sets up libraries and hands only: every game is reached by legal play."""

    def start(self, setup: Setup, cards: CardPool) -> dict[str, str]:
        if setup.provenance != "legal-play" or any(p.mana for p in setup.players):
            raise Unsupported("this engine starts games from opening hands only")
        return dict(self.inner.start(setup, cards))


@pytest.mark.parametrize(("engine", "ids"), [
    (_NoManaPool, (ROOMS.id, "legend-rule")),
    # no legend reaches the battlefield from opening hands in a dozen steps: legend-rule
    # judges nothing there (unsupported, never passed)
    (_OpeningHandsOnly, (ROOMS.id,))])
def test_an_engine_that_cannot_set_up_every_position_plays_simpler_ones(
        corpus: Any, engine: Any, ids: tuple[str, ...]) -> None:
    for prop in (BY_ID[i] for i in ids):
        result = run_property(prop, engine, corpus.cards, corpus.rulings, profile="ci",
                              budget=BUDGET)
        assert result.status is Status.PASSED, result.message
        assert result.details["games"] >= 10, result.details
        # every game drawn from a random board was simplified (those from the corpus's
        # scenarios start from setups the scenario's author wrote, some with no mana)
        drawn = result.details["games"] - result.details.get("games_from_scenarios", 0)
        assert drawn >= 10, result.details
        assert result.details["positions_simplified"] >= drawn, result.details


def test_a_simpler_position_still_finds_a_departure(corpus: Any) -> None:
    """A mutant that sets up positions only without mana pools is caught all the same; the
    counterexample starts from the position the game was played from."""
    result = run_property(ROOMS, lambda: _NoManaPool(create("room-one-door-off-battlefield")),
                          corpus.cards, corpus.rulings, profile="ci", budget=BUDGET)
    assert result.status is Status.FAILED, result.message
    assert "mana:" not in result.details["scenario"], result.details["scenario"]


class _Info:
    """What an engine declaring its card pool says of itself (contract 1.2's ``cards``)."""

    def __init__(self, cards: frozenset[str]) -> None:
        self.cards = cards


#: A small pool as an engine of its own might declare: basics, vanilla creatures, legends.
_SMALL_POOL = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest", "Grizzly Bears",
                         "Hill Giant", "Memnite", "Lurrus of the Dream-Den"})


def test_games_are_drawn_from_the_cards_an_engine_declares(corpus: Any) -> None:
    pool = run_module.engine_pool(corpus.cards, _Info(_SMALL_POOL))
    assert set(pool) == _SMALL_POOL & set(corpus.cards) and "Plains" in pool
    assert run_module.engine_pool(corpus.cards, object()) is corpus.cards  # none declared
    legend = run_property(BY_ID["legend-rule"], ReferenceEngine, pool, corpus.rulings,
                          profile="ci", budget=BUDGET)
    assert legend.status is Status.PASSED, legend.message


def test_a_property_whose_subject_never_comes_up_judged_nothing(corpus: Any) -> None:
    """With no Room among the cards, the Room property has nothing to judge: never passed."""
    pool = run_module.engine_pool(corpus.cards, _Info(_SMALL_POOL))
    result = run_property(ROOMS, ReferenceEngine, pool, corpus.rulings, profile="ci",
                          budget=BUDGET)
    assert result.status is Status.UNSUPPORTED, result.message
    assert result.message.startswith("judged nothing: none of the "), result.message
    assert result.details["games"] > 0


def test_an_engine_that_sets_up_no_position_is_unsupported(corpus: Any) -> None:
    result = run_property(ROOMS, _Refusing, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.UNSUPPORTED
    assert "could set up none of the" in result.message
    assert "cannot put a card into alice's graveyard" in result.message


class _Blind(ReferenceEngine):
    """Sets up every position, then can report on none."""

    def game(self) -> Any:
        raise Unsupported("this engine cannot report the game")


def test_a_search_that_plays_no_game_is_unsupported_never_passed(corpus: Any) -> None:
    result = run_property(ROOMS, _Blind, corpus.cards, corpus.rulings, profile="ci",
                          budget=BUDGET)
    assert result.status is Status.UNSUPPORTED, result.message
    assert result.message.startswith("no game played: the engine could report on none"), \
        result.message
    assert result.details["games"] == 0 and result.details["games_dropped"] > 0


# -- the action budget, and verdicts whatever the machine's load ---------------------------

#: The ``ci`` profile's budget of engine actions, for one property's search.
BUDGET = run_module.BUDGETS["ci"]


def test_the_search_stops_when_the_budget_is_spent(corpus: Any) -> None:
    result = run_property(ROOMS, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci",
                          budget=20)
    assert result.status is Status.PASSED, result.message
    assert result.details["budget_reached"] == 20
    # the profile's games stop at the 21st action, then the games from the corpus's
    # scenarios at theirs, then those with the games' own cards: each search has the
    # budget (a game on a position an earlier search played is not cut: Hypothesis may be
    # replaying it)
    assert 3 <= result.details["games"] <= 63 and 63 <= result.details["steps"] < 63 + 20
    assert result.details["games_from_scenarios"] >= 1
    assert result.details["games_from_own_cards"] >= 1


def test_a_failure_found_within_the_budget_is_reported(corpus: Any) -> None:
    result = run_property(ROOMS, lambda: create("room-one-door-off-battlefield"),
                          corpus.cards, corpus.rulings, profile="ci", budget=BUDGET)
    assert result.status is Status.FAILED, result.message
    assert "scenarios:" in result.details["counterexample"]
    # shrunk to the end: a game of a few steps shrinks well within the actions it is given
    assert "budget_reached" not in result.details, result.details


class _Sluggish(_Wrapping):
    """An engine on a busy machine: every action and answer takes a while."""

    def perform(self, action: Any) -> Any:
        time.sleep(0.002)
        return self.inner.perform(action)

    def answer(self, values: Any) -> Any:
        time.sleep(0.002)
        return self.inner.answer(values)


def _verdict(result: Any) -> tuple[Any, ...]:
    return (result.status, result.message,
            {k: v for k, v in result.details.items() if k != "duration"})


@pytest.mark.parametrize("engine", [ReferenceEngine, lambda: create(
    "room-one-door-off-battlefield")], ids=["passing", "failing"])
def test_the_verdict_is_the_same_on_a_loaded_machine(corpus: Any, engine: Any) -> None:
    """The same engine, seed and profile give the same verdict, games and steps with the
    machine idle and with it loaded -- two processes spinning on its cores, and an engine
    slowed down -- and with a budget spent part-way through the search."""
    idle = run_property(ROOMS, engine, corpus.cards, corpus.rulings, profile="ci",
                        budget=120)
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(2)]
    try:
        loaded = run_property(ROOMS, lambda: _Sluggish(engine()), corpus.cards,
                              corpus.rulings, profile="ci", budget=120)
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()
    assert _verdict(loaded) == _verdict(idle)
    assert idle.details["games"] > 0


# -- values an engine does not compute -----------------------------------------------------


class _NoManaValue(_Wrapping):
    """Lists mana value as not computed (contract 1.1), with a placeholder of 0."""

    def observe(self, object_id: Any, viewer: Any = None) -> Any:
        view = self.inner.observe(object_id, viewer)
        return dataclasses.replace(view, mana_value=0,
                                   unknown={"mana_value": "kept by no object here"})


def test_a_value_not_computed_is_refused_however_a_property_reads_it() -> None:
    """Through a field, and through a method of the view that reads that field."""
    from conformance.contract.types import GameView, PlayerView
    from conformance.format.vocabulary import Step
    from conformance.properties.observation import NotComputed, judged

    alice = PlayerView("alice", 20, 0, 0, 0, 0)
    game = judged(GameView(Step.PRECOMBAT_MAIN, "alice", "alice", (), (alice,),
                           unknown={"players": "kept nowhere"}))
    for read in (lambda: game.players[0], lambda: game.player("alice"),
                 lambda: game.players == (alice,)):
        with pytest.raises(NotComputed, match="players"):
            read()
    assert game.active_player == "alice"
    other = judged(GameView(Step.PRECOMBAT_MAIN, "alice", "alice", (), (alice,),
                            unknown={"stack": "kept nowhere"}))
    assert other.player("alice") is alice


def test_a_property_that_needs_a_value_not_computed_judges_nothing(corpus: Any) -> None:
    # The placeholder (0) would fail the property on the first Room seen in a library.
    result = run_property(ROOMS, _NoManaValue, corpus.cards, corpus.rulings, profile="ci",
                          budget=BUDGET)
    assert result.status is Status.UNSUPPORTED, result.message
    assert result.message == ("judged nothing: the engine does not compute mana_value "
                              "(kept by no object here)")
    assert result.details["games"] > 0


def test_a_property_that_needs_no_such_value_judges_as_before(corpus: Any) -> None:
    legend = BY_ID["legend-rule"]
    result = run_property(legend, _NoManaValue, corpus.cards, corpus.rulings, profile="ci",
                          budget=BUDGET)
    assert result.status is Status.PASSED, result.message
    assert "not_computed" not in result.details


def test_a_departure_beside_a_value_not_computed_is_still_found(corpus: Any) -> None:
    # the no-legend-rule mutant, listing mana value as not computed
    result = run_property(BY_ID["legend-rule"],
                          lambda: _NoManaValue(create("no-legend-rule")), corpus.cards,
                          corpus.rulings, profile="ci", budget=BUDGET)
    assert result.status is Status.FAILED, result.message


# -- replay ----------------------------------------------------------------------------------


def _commands(replay: str) -> Sequence[list[str]]:
    """The two commands of a replay line: ``A (or: B)``."""
    first, _, second = replay.partition(" (or: ")
    return [shlex.split(first)[1:], shlex.split(second.rstrip(")"))[1:]]


def test_the_replay_command_works_as_printed(tmp_path: Path, capsys: Any) -> None:
    engine = "wrong_engines:room_one_door_off_battlefield"
    code = main(["properties", "--engine", engine, "--profile", "ci", "--property", ROOMS.id,
                 "--counterexamples", str(tmp_path / "found"),
                 "--results", str(tmp_path / "r.json")])
    printed = capsys.readouterr().out
    assert code == 1, printed
    replay = next(line.split("replay: ", 1)[1] for line in printed.splitlines()
                  if "replay: " in line)
    ruling_run, property_run = _commands(replay)
    assert str(tmp_path / "found" / f"{ROOMS.id}.yaml") in ruling_run
    assert main([*ruling_run, "--results", str(tmp_path / "again.json"), "--no-html"]) == 1
    assert main(property_run) == 1
    assert "1 failed (properties)" in capsys.readouterr().out


def test_differential_mode_writes_its_counterexamples(tmp_path: Path, capsys: Any) -> None:
    code = main(["properties", "--engine", "wrong_engines:room_one_door_off_battlefield",
                 "--profile", "ci", "--differential", "--counterexamples", str(tmp_path),
                 "--results", str(tmp_path / "r.json")])
    printed = capsys.readouterr().out
    assert code == 1, printed
    written = list(tmp_path.glob("*.yaml"))
    assert len(written) == 1, printed
    replay = next(line.split("replay: ", 1)[1] for line in printed.splitlines()
                  if "replay: " in line)
    ruling_run, property_run = _commands(replay)
    assert "--differential" in property_run
    assert main([*ruling_run, "--results", str(tmp_path / "again.json"), "--no-html"]) == 1


@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda p: p.id)
def test_every_property_writes_a_counterexample_that_loads(prop: Any, corpus: Any,
                                                           tmp_path: Path) -> None:
    # The ruling a counterexample borrows its metadata from may come from a seed or from a
    # page (source: url); either way the file written must load as it is.
    scenario = {"name": "found", "setup": {"players": {
        "alice": {"hand": [{"card": "Grizzly Bears", "as": "bears"}]}, "bob": {}}},
        "script": [{"expect": {"object": "bears", "zone": "hand"}}]}
    failure = PropertyFailure(prop, Violation("found"), scenario)
    folder = tmp_path / "rulings"
    folder.mkdir()
    for data in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / data, folder / data)
    document = counterexample_ruling(failure, corpus.rulings, 7)
    (folder / "found.yaml").write_text(yaml.safe_dump(document, sort_keys=False), "utf-8")
    loaded = load_corpus([folder])
    assert not loaded.failures, loaded.failures[0].message
    (ruling,) = loaded.rulings
    by_id = {r.id: r for r in corpus.rulings}
    base = next((by_id[i] for i in prop.rulings if i in by_id), None)
    if base is not None:
        assert (ruling.seed, ruling.url, ruling.text_unverified) == (
            base.seed, base.url, base.text_unverified)
