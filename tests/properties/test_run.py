"""Running properties: positions an engine cannot set up, the time budget, Hypothesis
hygiene (profiles, example-database keys, the one undocumented function relied on) and the
replay command printed with a counterexample."""

from __future__ import annotations

import inspect
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import yaml
from hypothesis import Phase, settings, stateful
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase
from hypothesis.stateful import RuleBasedStateMachine, initialize, rule

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
from conformance.properties.run import counterexample_ruling, state_machine_test
from conformance.runner.results import Status

ROOT = Path(__file__).parents[2]
RULINGS = ROOT / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}
ROOMS = BY_ID["room-characteristics-by-zone"]

#: The Hypothesis version whose ``get_state_machine_test`` was last checked against what
#: ``run.state_machine_test`` relies on (below).  On an upgrade, check it again and update.
CHECKED_WITH = "6.170.17"


@pytest.fixture(scope="module")
def corpus() -> Any:
    return load_corpus([RULINGS])


# -- the one undocumented function ----------------------------------------------------------


def test_get_state_machine_test_is_the_version_checked() -> None:
    assert hypothesis.__version__ == CHECKED_WITH, (
        f"Hypothesis {hypothesis.__version__} is not the version whose undocumented "
        f"stateful.get_state_machine_test conformance.properties.run relies on "
        f"({CHECKED_WITH}): run tests/properties/test_run.py's other checks of it, then "
        f"update CHECKED_WITH")


def test_get_state_machine_test_takes_settings_and_a_seed() -> None:
    parameters = inspect.signature(stateful.get_state_machine_test).parameters
    assert list(parameters)[:2] == ["state_machine_factory", "settings"]
    assert parameters["settings"].kind is inspect.Parameter.KEYWORD_ONLY
    drawn: list[list[int]] = []

    class Machine(RuleBasedStateMachine):
        @initialize()
        def begin(self) -> None:
            drawn[-1].append(-1)

        @rule(value=st.integers(0, 10**9))
        def step(self, value: int) -> None:
            drawn[-1].append(value)

    chosen = settings(max_examples=3, stateful_step_count=2, database=None, deadline=None)
    for _ in range(2):
        drawn.append([])
        test = hypothesis.seed(12345)(state_machine_test(Machine, chosen))
        test()
    assert drawn[0] == drawn[1] and len(drawn[0]) > 3  # a seed replays the same steps
    examples = drawn[0].count(-1)
    assert 1 <= examples <= 3  # the settings are applied


def test_derandomized_games_do_not_depend_on_the_machines_source() -> None:
    """The ``ci`` games must not move when the machine's code is edited: two machines with
    different source draw the same values under a derandomized profile."""
    drawn: list[list[int]] = []

    class One(RuleBasedStateMachine):
        @rule(value=st.integers(0, 10**9))
        def step(self, value: int) -> None:
            drawn[-1].append(value)

    class Other(RuleBasedStateMachine):
        @rule(value=st.integers(0, 10**9))
        def step(self, value: int) -> None:
            drawn[-1].append(value)  # the same, written elsewhere
            assert value >= 0

    chosen = settings(derandomize=True, max_examples=3, stateful_step_count=3, database=None,
                      deadline=None)
    for machine in (One, Other):
        drawn.append([])
        state_machine_test(machine, chosen)()
    assert drawn[0] == drawn[1] and len(drawn[0]) > 3


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
                              corpus.cards, corpus.rulings, profile="keyed", seed=1,
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


def test_an_engine_that_sets_up_no_position_is_unsupported(corpus: Any) -> None:
    result = run_property(ROOMS, _Refusing, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.UNSUPPORTED
    assert "could set up none of the" in result.message
    assert "cannot put a card into alice's graveyard" in result.message


# -- the time budget ------------------------------------------------------------------------


def test_the_search_stops_when_the_budget_is_spent(corpus: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The clock reads 0 when the first game starts and is checked, and 1 ever after: the
    # budget is spent at the first game's first observation, whatever the machine's speed.
    readings = iter([0.0, 0.0])
    monkeypatch.setattr(run_module, "_clock", lambda: next(readings, 1.0))
    result = run_property(ROOMS, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci",
                          budget=0.5)
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] == 1 and result.details["budget_reached"] == 0.5


def test_a_failure_found_within_the_budget_is_reported(corpus: Any) -> None:
    result = run_property(ROOMS, lambda: create("room-one-door-off-battlefield"),
                          corpus.cards, corpus.rulings, profile="ci", budget=8.0)
    assert result.status is Status.FAILED, result.message
    assert "scenarios:" in result.details["counterexample"]
    # shrunk to the end: a game of a few steps shrinks in well under the 4 s it is given
    # (it ran out of them while Hypothesis replayed it to word comments nobody reads)
    assert "budget_reached" not in result.details, result.details


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
