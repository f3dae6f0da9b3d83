"""``conformance run --expect FILE --junit FILE``: the CI gate on a run.

:func:`add_arguments` adds the options to ``run``; :func:`prepare` reads the expectations
before anything runs (a bad or missing file is a harness error, exit 2, and says how to
make one); :func:`conclude` prints the gate's verdict, writes the JUnit file and gives the
exit code.  The matching itself is ``runner.expectations``.

With expectations the log is quiet: nothing per ruling while the run goes, then one entry
per unexpected result (with its message), expected failures as one line, and the verdict.
``-q`` leaves out the messages: one line per unexpected result.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..errors import ConformanceError
from ..runner.expectations import Expectations, GateReport, check, load_expectations
from ..runner.results import Result, exit_code
from ._shared import html_path, write


def add_arguments(run: argparse.ArgumentParser) -> None:
    run.add_argument("--expect", type=Path, default=None, metavar="FILE",
                     help="expectations file: exit 0 when every result is as it says, 1 on "
                          "an unexpected result (docs/expectations.md)")
    run.add_argument("--junit", type=Path, default=None, metavar="FILE",
                     help="also write the results as JUnit XML")


def prepare(args: argparse.Namespace) -> Expectations | None:
    path: Path | None = getattr(args, "expect", None)
    if path is None:
        return None
    if not path.is_file():
        raise missing(path, getattr(args, "engine", None) or "ENGINE",
                      getattr(args, "results", None) or Path("out/results.json"))
    return load_expectations(path)


def missing(path: Path, engine: str, results: Path, run: bool = True) -> ConformanceError:
    """The error for an expectations file that does not exist: how to make one (from a new
    run of the engine, or with ``run=False`` from the results file at hand)."""
    import shlex

    return ConformanceError(
        f"{path}: no such expectations file; make one from a run of the engine:\n"
        + (f"  {shlex.join(['conformance', 'run', '--engine', engine, '--results', str(results)])}"
           "\n" if run else "")
        + f"  {shlex.join(['conformance', 'expect', 'update', str(results), '--expect', str(path)])}"
          " --allow-todo\n"
        f"then replace each TODO reason with the reason or a bug link "
        f"(docs/expectations.md)")


def quiet_run(expectations: Expectations | None) -> bool:
    """Whether the run prints nothing per ruling (the gate reports at the end)."""
    return expectations is not None


def render(report: GateReport, results: Sequence[Result], quiet: bool = False,
           report_file: Path | None = None) -> str:
    """The gate's log: each unexpected result (with its message unless ``quiet``), the
    expected failures as one line (``12 expected failures (...; see REPORT)``), the verdict."""
    by_id = {r.id: r for r in results}
    lines = []
    if not report.has_section:
        lines.append(f"gate: {report.path} lists nothing for engine {report.engine}: "
                     "every ruling is expected to pass")
    for outcome in report.unexpected:
        why = f" ({outcome.expectation.why})" if outcome.expectation else ""
        label = "UNEXPECTED PASS" if outcome.status == "passed" else \
            f"UNEXPECTED {outcome.status.upper()}"
        lines.append(f"{label} {outcome.id}: expected {outcome.expected}{why}")
        result = by_id.get(outcome.id)
        if quiet or result is None or outcome.status == "passed":
            continue
        for line in result.message.splitlines():
            prefix = "" if not result.path or line.startswith(result.path) \
                else f"{result.location}: "
            lines.append(f"  {prefix}{line}")
        if result.scenario:
            lines.append(f"  (scenario: {result.scenario})")
    for ruling_id in report.not_run:
        lines.append(f"not run: {ruling_id} (listed in {report.path} for {report.engine})")
    known = [o for o in report.outcomes if o.matched and o.expectation is not None]
    tally: dict[str, int] = {}
    for outcome in known:
        tally[outcome.status] = tally.get(outcome.status, 0) + 1
    if known:
        see = f"see {report_file}" if report_file else "see the report"
        kinds = ", ".join(f"{n} {status}" for status, n in sorted(tally.items()))
        lines.append(f"{len(known)} expected failure{'s' if len(known) != 1 else ''} "
                     f"({kinds}; {see})")
    verdict = "FAILED" if report.unexpected else "passed"
    lines.append(f"gate {verdict} (expectations {report.path}, engine {report.engine}): "
                 f"{len(report.unexpected)} unexpected, "
                 f"{len(report.outcomes) - len(report.unexpected)} as expected")
    return "\n".join(lines) + "\n"


def conclude(args: argparse.Namespace, expectations: Expectations | None, engine: str,
             results: Sequence[Result]) -> int:
    from ..reporting.junit import junit_xml

    report = None if expectations is None else check(results, expectations, engine)
    junit: Path | None = getattr(args, "junit", None)
    if junit is not None:
        write(junit, junit_xml(results, engine, report.by_id() if report else None))
        print(f"JUnit XML written to {junit}")
    if report is None:
        return exit_code(list(results))
    results_file: Path | None = getattr(args, "results", None)
    html = None if results_file is None or getattr(args, "no_html", False) \
        else html_path(results_file)
    print(render(report, results, bool(getattr(args, "quiet", False)), html), end="")
    return report.exit_code
