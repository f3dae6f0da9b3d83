"""``conformance diff``: status changes between two runs, regressions first."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.frontends.cli import main
from conformance.reporting.diff import ABSENT, diff
from conformance.reporting.runs import read_run
from results_files import check_snapshot, normalise, result, write_results


@pytest.fixture
def runs(tmp_path: Path) -> tuple[Path, Path]:
    old = write_results(tmp_path / "old.json", [
        result("a-stays", "passed"),
        result("b-regresses", "passed"),
        result("c-fixed", "failed", "x: expected 1, found 2"),
        result("d-other", "unsupported", "the engine lacks: rooms"),
        result("e-removed", "passed"),
        result("f-regresses-to-error", "passed"),
    ])
    new = write_results(tmp_path / "new.json", [
        result("a-stays", "passed"),
        result("b-regresses", "failed", "room: zone: expected stack, found hand\nsecond line",
               path="rulings/rooms/b.yaml", line=12, scenario="the door"),
        result("c-fixed", "passed"),
        result("d-other", "failed", "y"),
        result("f-regresses-to-error", "timeout", "no answer within 30 s"),
        result("g-added", "passed"),
    ], engine="reference", version="0.2.0")
    return old, new


def test_changes_are_ordered_regressions_fixes_others(runs):
    changes = diff(read_run(runs[0]), read_run(runs[1]))
    assert [(c.kind, c.id, c.old, c.new) for c in changes] == [
        ("regression", "b-regresses", "passed", "failed"),
        ("regression", "f-regresses-to-error", "passed", "timeout"),
        ("fix", "c-fixed", "failed", "passed"),
        ("fix", "g-added", ABSENT, "passed"),
        ("other", "d-other", "unsupported", "failed"),
        ("other", "e-removed", "passed", ABSENT),
    ]


def test_diff_cli_output_and_exit_1_on_a_regression(runs, tmp_path, capsys):
    assert main(["diff", str(runs[0]), str(runs[1])]) == 1
    out = capsys.readouterr().out
    check_snapshot("diff.txt", normalise(out, {str(tmp_path): "<tmp>"}))


def test_diff_cli_exit_0_without_regression(runs, tmp_path, capsys):
    fixed = write_results(tmp_path / "fixed.json", [
        result("a-stays", "passed"), result("b-regresses", "passed"),
        result("c-fixed", "passed"), result("d-other", "error", "z"),
        result("e-removed", "passed"), result("f-regresses-to-error", "passed")])
    assert main(["diff", str(runs[0]), str(fixed)]) == 0
    out = capsys.readouterr().out
    assert "0 regressions, 1 fix, 1 other change" in out
    assert "  c-fixed: failed -> passed\n" in out


def test_identical_runs_have_no_change(runs, capsys):
    assert main(["diff", str(runs[0]), str(runs[0])]) == 0
    assert capsys.readouterr().out.endswith("0 regressions, 0 fixes, 0 other changes\n")


def test_an_unreadable_file_is_exit_2(tmp_path, runs, capsys):
    assert main(["diff", str(tmp_path / "missing.json"), str(runs[0])]) == 2
    assert "missing.json: not a readable results file" in capsys.readouterr().err
