"""``conformance expect update RESULTS --expect FILE``: rewrite an expectations file.

The entries of the results file's engine are rewritten from its results: a ruling that did
not pass is listed with its status, keeping the reason and bug of an existing entry (a new
one gets a TODO reason); a ruling that now passes is removed.  Other engines are kept.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "expect", help="maintain the expectations file of the CI gate")
    actions = parser.add_subparsers(dest="expect_command", required=True)
    update = actions.add_parser("update", help="rewrite the engine's expectations from a "
                                               "results file, keeping reasons")
    update.add_argument("results", type=Path, help="results file of the engine's run")
    update.add_argument("--expect", type=Path, required=True, metavar="FILE",
                        help="the expectations file (created if missing)")
    update.add_argument("--engine", default=None,
                        help="the engine's name in the file (default: the results file's)")
    return parser


def cmd_expect(args: argparse.Namespace) -> int:
    from ..errors import ConformanceError
    from ..runner.expectations import Expectations, dump, load_expectations, update
    from ..runner.results import load_results
    from ._shared import write

    try:
        header, results = load_results(args.results)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConformanceError(f"{args.results}: not a readable results file ({exc})") from None
    engine = args.engine or (header.get("engine") or {}).get("name")
    if not engine:
        raise ConformanceError(f"{args.results}: names no engine; give --engine")
    current = load_expectations(args.expect) if args.expect.exists() \
        else Expectations(str(args.expect))
    rewritten, changes = update(current, engine, results)
    write(args.expect, dump(rewritten))
    print(f"{args.expect}: engine {engine}: {len(changes.added)} added, "
          f"{len(changes.removed)} removed, {len(changes.changed)} changed status, "
          f"{len(changes.kept)} kept, {len(changes.not_run)} not in the results (kept)")
    for ruling_id in changes.added:
        print(f"  added {ruling_id}: give a reason or a bug link")
    return 0
