"""``conformance repro RESULTS --ruling ID [--out FILE]``: a failure as a standalone script.

For a ``failed`` result on a real engine, the adapter recorded the engine-level trace of the
failing scenario (the engine's own calls and what they returned) as a script that uses only
the engine's own package and prints the departure: what an engine author pastes into an
upstream bug report.  This command writes that script out (to standard output by default).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import ConformanceError, did_you_mean
from ._shared import write


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "repro", help="write a failure's standalone reproduction (the engine's own package "
                      "only)")
    parser.add_argument("results", type=Path, help="a results file")
    parser.add_argument("--ruling", required=True, metavar="ID", help="the failed ruling's id")
    parser.add_argument("--out", type=Path, default=None, metavar="FILE",
                        help="write the script here (default: standard output)")
    return parser


def cmd_repro(args: argparse.Namespace) -> int:
    from ..reporting.runs import read_run

    run = read_run(args.results)
    results = run.results
    result = results.get(args.ruling)
    if result is None:
        raise ConformanceError(f"{args.results}: no result for ruling {args.ruling!r}"
                               f"{did_you_mean(args.ruling, [str(k) for k in results])}")
    details = result.get("details") or {}
    script = details.get("reproduction") if isinstance(details, dict) else None
    if not isinstance(script, str):
        raise ConformanceError(
            f"{args.results}: ruling {args.ruling!r} ({result.get('status')}) has no "
            f"reproduction: the engine's adapter records one for each failed result")
    if args.out is None:
        print(script, end="" if script.endswith("\n") else "\n")
    else:
        write(args.out, script)
        print(f"reproduction written to {args.out}")
    return 0
