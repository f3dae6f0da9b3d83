"""An engine that kills its process costs the property being searched an ``error`` naming
how the process died, with the game under way; every other property still runs.

The engines here are the reference engine dying on their first action -- once: a file
marks that the death is still to come, and the dying engine removes it first, so that the
next property's search (in a new child) plays normally."""

from __future__ import annotations

import os
import resource
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import Action, Event
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.frontends import properties_cmd
from conformance.frontends._shared import default_jobs
from conformance.frontends.cli import main
from conformance.properties import PROPERTIES
from conformance.properties import run as run_module
from conformance.properties.isolation import DEFAULT_MEMORY_LIMIT, Isolation
from conformance.properties.run import run_properties
from conformance.runner.results import Result, Status, load_results

ROOT = Path(__file__).parents[2]
BY_ID = {p.id: p for p in PROPERTIES}
#: two properties every engine here supports, played first and second
FIRST, SECOND = BY_ID["legend-rule"], BY_ID["game-over"]
#: where the death still to come is marked (see the module's docstring)
MARK = "CONFORMANCE_TEST_DEATH_MARK"


class _Dying(ReferenceEngine):
    """The reference engine, dying as ``how`` says on its first action while ``mark``
    exists (removing it first) -- or, to ``allocate``, asking for 16 GiB on each action
    while it exists, and to ``raise``, raising an exception on each action while it
    exists."""

    def __init__(self, mark: Path, how: str) -> None:
        super().__init__()
        self._mark, self._how = mark, how

    def perform(self, action: Action) -> Sequence[Event]:
        if self._mark.exists():
            if self._how == "allocate":  # on every action: a failure that replays
                soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
                if soft == resource.RLIM_INFINITY or soft > 8 * 1024**3:
                    raise RuntimeError("no limit on the address space: not allocating")
                bytearray(16 * 1024**3)  # far beyond the limit: MemoryError
            if self._how == "raise":  # on every action, as an engine that is stuck
                raise RuntimeError("the engine is stuck")
            try:
                self._mark.unlink()
            except FileNotFoundError:  # another search, at the same time, met it first
                return super().perform(action)
            if self._how == "abort":
                os.abort()
            if self._how == "exit":
                os._exit(3)
        return super().perform(action)


def aborting_engine() -> ReferenceEngine:
    """For ``--engine test_property_isolation:aborting_engine`` (the mark's path from ``MARK``)."""
    return _Dying(Path(os.environ[MARK]), "abort")


@pytest.fixture(scope="module")
def corpus() -> Any:
    return load_corpus([ROOT / "rulings"])


def _run(corpus: Any, tmp_path: Path, how: str) -> list[Result]:
    mark = tmp_path / "die"
    mark.touch()
    return run_properties([FIRST, SECOND], lambda: _Dying(mark, how),
                          frozenset({"priority", "combat"}), corpus.cards, corpus.rulings,
                          profile="ci", seed=1, engine_name="dying", on_result=lambda r: None,
                          budget=300, isolation=Isolation())


def test_an_abort_is_an_error_naming_the_signal_and_the_game(corpus: Any,
                                                              tmp_path: Path) -> None:
    died, other = _run(corpus, tmp_path, "abort")
    assert died.id == FIRST.id and died.status is Status.ERROR
    assert died.message.startswith("the engine's process died (SIGABRT) during a game"), \
        died.message
    assert died.details["dying_call"].startswith("perform ")
    scenario = died.details["scenario"]
    assert "setup:" in scenario and "script:" in scenario, scenario
    assert died.details["seed"] == 1 and "--seed 1" in died.details["replay"]
    assert other.id == SECOND.id and other.status is Status.PASSED, other.message
    assert other.details["games"] > 0


def test_an_exit_is_an_error_naming_the_status(corpus: Any, tmp_path: Path) -> None:
    died, other = _run(corpus, tmp_path, "exit")
    assert died.status is Status.ERROR
    assert "the engine's process died (exit status 3) during a game" in died.message
    assert other.status is Status.PASSED, other.message


def test_a_runaway_allocation_fails_under_the_limit(corpus: Any, tmp_path: Path) -> None:
    # The child lives on: the allocation raises MemoryError, an engine error like any other,
    # reported as such (with the engine's own details), not as a death.
    mark = tmp_path / "allocate"
    mark.touch()
    [result] = run_properties([FIRST], lambda: _Dying(mark, "allocate"), frozenset(),
                              corpus.cards, corpus.rulings, profile="ci", seed=1,
                              engine_name="dying", on_result=lambda r: None, budget=300,
                              isolation=Isolation())
    assert result.status is Status.ERROR, result.message
    assert result.message.startswith("MemoryError"), result.message
    assert "games" in result.details


def test_an_error_raised_in_a_game_comes_with_that_game(corpus: Any, tmp_path: Path) -> None:
    mark = tmp_path / "raise"
    mark.touch()
    [result] = run_properties([FIRST], lambda: _Dying(mark, "raise"), frozenset(),
                              corpus.cards, corpus.rulings, profile="ci", seed=1,
                              engine_name="dying", on_result=lambda r: None, budget=300,
                              isolation=Isolation())
    assert result.status is Status.ERROR
    assert result.message == "RuntimeError: the engine is stuck", result.message
    scenario = result.details["scenario"]
    assert scenario.startswith("- name: the game under way when the error was raised"), scenario
    assert "setup:" in scenario and "script:" in scenario, scenario


def test_a_result_comes_back_whole(corpus: Any) -> None:
    kept = run_properties([SECOND], ReferenceEngine, frozenset({"priority"}), corpus.cards,
                          corpus.rulings, profile="ci", seed=7, engine_name="reference",
                          on_result=lambda r: None, budget=300, isolation=Isolation())
    direct = run_properties([SECOND], ReferenceEngine, frozenset({"priority"}), corpus.cards,
                            corpus.rulings, profile="ci", seed=7, engine_name="reference",
                            on_result=lambda r: None, budget=300)
    assert kept[0].status is direct[0].status is Status.PASSED
    assert kept[0].details.keys() == direct[0].details.keys()
    assert kept[0].details["seed"] == 7


def test_the_command_reports_the_death_and_runs_on(tmp_path: Path, capsys: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(run_module.BUDGETS, "ci", 300)
    mark = tmp_path / "die"
    mark.touch()
    monkeypatch.setenv(MARK, str(mark))
    code = main(["properties", "--engine", "test_property_isolation:aborting_engine", "--profile", "ci",
                 "--property", FIRST.id, "--property", SECOND.id, "--jobs", "1",
                 "--results", str(tmp_path / "r.json")])
    printed = capsys.readouterr()
    assert code == 2, printed.out
    assert "Traceback" not in printed.out + printed.err
    assert "the engine's process died (SIGABRT)" in printed.out
    assert "1 passed" in printed.out and "1 error" in printed.out
    _header, written = load_results(tmp_path / "r.json")
    assert {r.id: r.status for r in written} == {FIRST.id: Status.ERROR,
                                                 SECOND.id: Status.PASSED}


def _isolation(*arguments: str, engine: str, searches: int = 1) -> Isolation | None:
    import argparse

    parser = argparse.ArgumentParser()
    properties_cmd.add_parser(parser.add_subparsers())
    args = parser.parse_args(["properties", *arguments])
    return properties_cmd._isolation(args, engine, searches)


def test_only_the_reference_engine_runs_in_the_harness_process_by_default() -> None:
    jobs = default_jobs()
    assert _isolation(engine="reference") is None
    assert _isolation(engine="phase") == Isolation(DEFAULT_MEMORY_LIMIT, jobs)
    assert _isolation("--isolate", engine="reference") == Isolation(DEFAULT_MEMORY_LIMIT, jobs)
    assert _isolation("--no-isolate", engine="phase") is None
    assert _isolation("--memory-limit", "1024", engine="phase") == Isolation(1024**3, jobs)
    assert _isolation("--memory-limit", "0", engine="phase") == Isolation(None, jobs)
    assert _isolation("--jobs", "3", engine="phase") == Isolation(DEFAULT_MEMORY_LIMIT, 3)
    assert _isolation("--jobs", "2", engine="reference") == Isolation(DEFAULT_MEMORY_LIMIT, 2)
    assert _isolation("--jobs", "1", engine="reference") is None


@pytest.mark.parametrize("cores", [1, 2, 8])
def test_several_searches_run_side_by_side_on_every_core_for_any_engine(
        cores: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: cores)
    side_by_side = Isolation(DEFAULT_MEMORY_LIMIT, 2) if cores > 1 else None
    assert _isolation(engine="reference", searches=51) == side_by_side
    assert _isolation(engine="cmd:./my-engine", searches=2) == side_by_side
    assert _isolation(engine="reference", searches=1) is None  # nothing to run beside it
    assert _isolation("--no-isolate", engine="reference", searches=51) is None
    assert _isolation("--jobs", "1", engine="reference", searches=51) is None
    assert _isolation(engine="phase", searches=51) == Isolation(DEFAULT_MEMORY_LIMIT,
                                                                 min(cores, 2))


@pytest.mark.parametrize("arguments", [("--jobs", "0"), ("--jobs", "2", "--no-isolate")])
def test_jobs_that_cannot_be_run_are_a_usage_error(arguments: tuple[str, ...]) -> None:
    from conformance.errors import UsageError

    with pytest.raises(UsageError, match="--jobs"):
        _isolation(*arguments, engine="phase")


def test_searches_run_at_once_report_in_order_and_a_death_costs_one(corpus: Any,
                                                                    tmp_path: Path) -> None:
    """Three properties, two children at a time: the first dies, the others pass, and the
    results come in the properties' order, each as a serial run gives it."""
    mark = tmp_path / "die"
    mark.touch()
    third = BY_ID["zone-changes-make-new-objects"]
    seen: list[str] = []
    results = run_properties([FIRST, SECOND, third], lambda: _Dying(mark, "abort"),
                             frozenset({"priority", "combat", "inject-moves"}), corpus.cards,
                             corpus.rulings, profile="ci", seed=1, engine_name="dying",
                             on_result=lambda r: seen.append(r.id), budget=300,
                             isolation=Isolation(jobs=2))
    assert seen == [r.id for r in results] == [FIRST.id, SECOND.id, third.id]
    statuses = [r.status for r in results]
    # which of the two first children meets the mark first is up to the machine
    assert sorted(s.value for s in statuses[:2]) == ["error", "passed"], statuses
    assert statuses[2] is Status.PASSED, results[2].message
    died = next(r for r in results if r.status is Status.ERROR)
    assert died.message.startswith("the engine's process died (SIGABRT) during a game")
