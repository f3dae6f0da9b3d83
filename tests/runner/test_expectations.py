"""Expectations files: reading them, matching a run against them, rewriting them."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.errors import ConformanceError
from conformance.runner.expectations import (
    TODO_REASON, Expectation, Expectations, ExpectationsError, check, dump, load_expectations,
    render_gate, update,
)
from conformance.runner.results import Result, Status

GOOD = """\
format: conformance-expectations/1
engines:
  alpha:
    r-fails: {status: failed, reason: casts both doors}
    r-unsupported:
      status: unsupported
      bug: https://example.invalid/issues/4
    r-errors: {status: error, reason: crashes on copies, bug: https://example.invalid/5}
  beta: {}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "expectations.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_loads(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    alpha = expectations.for_engine("alpha")
    assert alpha["r-fails"] == Expectation("r-fails", "failed", "casts both doors", "", 4)
    assert alpha["r-unsupported"].why == "https://example.invalid/issues/4"
    assert alpha["r-errors"].why == "crashes on copies; https://example.invalid/5"
    assert expectations.for_engine("beta") == {}
    assert expectations.for_engine("gamma") == {}


@pytest.mark.parametrize("text, message", [
    ("engines:\n  a:\n    r1: {status: failed}\n",
     ":3: engines.a.r1: give a reason or a bug link"),
    ("engines:\n  a:\n    r1: {status: passed, reason: x}\n",
     ":3: engines.a.r1: status must be one of ['failed', 'error', 'timeout', 'unsupported'], "
     "found 'passed'"),
    ("engines:\n  a:\n    r1: {status: faild, reason: x}\n", "did you mean 'failed'?"),
    ("engines:\n  a:\n    r1: {status: failed, reson: x}\n",
     ":3: engines.a.r1: unknown key 'reson'; did you mean 'reason'?"),
    ("engine:\n  a: {}\n", ":1: unknown key 'engine'; did you mean 'engines'?"),
    ("format: other/1\n", ":1: format: expected 'conformance-expectations/1'"),
    ("engines:\n  a: [r1]\n", ":2: engines.a: a mapping of ruling ids to entries"),
    ("engines: {a: {r1: {status: failed, reason: x}}\n", "invalid YAML"),
])
def test_a_bad_file_says_where_and_why(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(ExpectationsError) as caught:
        load_expectations(path)
    assert str(caught.value).startswith(str(path))
    assert message in str(caught.value)


def test_a_missing_file_is_a_harness_error(tmp_path):
    with pytest.raises(ConformanceError, match="no such expectations file"):
        load_expectations(tmp_path / "nope.yaml")


def results(**statuses: str) -> list[Result]:
    return [Result(i.replace("_", "-"), Status(s)) for i, s in statuses.items()]


def test_every_result_as_expected_is_exit_0(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    report = check(results(r_fails="failed", r_unsupported="unsupported", r_errors="error",
                           r_passes="passed", r_manual="not-executable"),
                   expectations, "alpha")
    assert report.unexpected == [] and report.exit_code == 0
    assert render_gate(report).endswith(
        "0 unexpected, 5 as expected (known not to pass: 1 error, 1 failed, 1 unsupported)\n")


def test_an_unexpected_pass_is_exit_1(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    report = check(results(r_fails="passed", r_unsupported="unsupported", r_errors="error"),
                   expectations, "alpha")
    assert [(o.id, o.kind) for o in report.unexpected] == [("r-fails", "unexpected-pass")]
    assert report.exit_code == 1
    assert "UNEXPECTED PASS r-fails: expected failed (casts both doors)" in render_gate(report)


def test_an_unexpected_failure_is_exit_1_and_an_unexpected_error_exit_2(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    failing = check(results(r_new="failed"), expectations, "alpha")
    assert failing.exit_code == 1
    assert "UNEXPECTED FAILED r-new: expected passed" in render_gate(failing)
    # a different non-passing status than the one expected is unexpected too
    assert check(results(r_fails="unsupported"), expectations, "alpha").exit_code == 1
    assert check(results(r_fails="error"), expectations, "alpha").exit_code == 2
    assert check(results(r_new="timeout"), expectations, "alpha").exit_code == 2
    assert check(results(r_errors="error"), expectations, "alpha").exit_code == 0


def test_rulings_listed_but_not_run_are_reported_not_failed(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    report = check(results(r_fails="failed"), expectations, "alpha")
    assert report.not_run == ("r-errors", "r-unsupported")
    assert report.exit_code == 0
    assert "not run: r-errors" in render_gate(report)


def test_an_engine_without_a_section_expects_every_ruling_to_pass(tmp_path):
    expectations = load_expectations(write(tmp_path, GOOD))
    report = check(results(r_fails="failed"), expectations, "gamma")
    assert report.exit_code == 1
    assert "lists nothing for engine gamma" in render_gate(report)


def test_update_keeps_reasons_adds_todo_and_removes_passes(tmp_path):
    path = write(tmp_path, GOOD)
    expectations = load_expectations(path)
    rewritten, changes = update(expectations, "alpha", results(
        r_fails="passed", r_unsupported="unsupported", r_errors="failed", r_new="timeout",
        r_manual="not-executable"))
    assert changes.added == ("r-new",)
    assert changes.removed == ("r-fails",)
    assert changes.changed == ("r-errors",)
    assert changes.kept == ("r-unsupported",)
    path.write_text(dump(rewritten), encoding="utf-8")
    again = load_expectations(path)
    alpha = again.for_engine("alpha")
    assert sorted(alpha) == ["r-errors", "r-new", "r-unsupported"]
    assert (alpha["r-errors"].status, alpha["r-errors"].reason, alpha["r-errors"].bug) == (
        "failed", "crashes on copies", "https://example.invalid/5")
    assert alpha["r-new"].reason == TODO_REASON
    assert again.for_engine("beta") == {} and "beta" in again.engines


def test_update_keeps_entries_of_rulings_not_in_the_results():
    expectations = Expectations("x.yaml", {"alpha": {
        "r-old": Expectation("r-old", "failed", "old reason")}})
    rewritten, changes = update(expectations, "alpha", results(r_other="passed"))
    assert changes.not_run == ("r-old",)
    assert rewritten.for_engine("alpha")["r-old"].reason == "old reason"
