"""``conformance run --expect FILE --junit FILE``: the CI gate on a run.

:func:`add_arguments` adds the options to ``run``; :func:`prepare` reads the expectations
before anything runs (a bad file is a harness error, exit 2); :func:`conclude` prints the
gate's verdict, writes the JUnit file and gives the exit code.  The matching itself is
``runner.expectations``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..runner.expectations import Expectations, check, load_expectations, render_gate
from ..runner.results import Result, exit_code
from ._shared import write


def add_arguments(run: argparse.ArgumentParser) -> None:
    run.add_argument("--expect", type=Path, default=None, metavar="FILE",
                     help="expectations file: exit 0 when every result is as it says, 1 on "
                          "an unexpected result (docs/expectations.md)")
    run.add_argument("--junit", type=Path, default=None, metavar="FILE",
                     help="also write the results as JUnit XML")


def prepare(args: argparse.Namespace) -> Expectations | None:
    path: Path | None = getattr(args, "expect", None)
    return None if path is None else load_expectations(path)


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
    print(render_gate(report), end="")
    return report.exit_code
