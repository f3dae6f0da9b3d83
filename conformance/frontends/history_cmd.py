"""``conformance history RESULTS... [--html OUT]``: each engine's verdicts across versions.

The results files are grouped by engine and ordered by version; for each engine the text
(or the HTML page) lists the regressions, the rulings newly failing and newly passing, and
those still failing since a given version.  Exit 1 when the last version of an engine has a
regression, else 0.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ._shared import load, recorded_corpus, write


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "history", help="each engine's verdicts across versions (several results files); "
                        "exit 1 on a regression in the last version")
    parser.add_argument("results", type=Path, nargs="+", help="results files, any order")
    parser.add_argument("--html", type=Path, default=None, metavar="OUT",
                        help="also write the history as an HTML page")
    parser.add_argument("--rulings", type=Path, nargs="+", default=None,
                        help="the corpus the ruling texts come from, for the HTML page "
                             "(default: the one the results files record, else rulings; "
                             "skipped when missing)")
    parser.add_argument("--cards", type=Path, default=None)
    return parser


def cmd_history(args: argparse.Namespace) -> int:
    from ..reporting.history import history, history_report, render_text
    from ..reporting.runs import read_run

    runs = [read_run(path) for path in args.results]
    histories = history(runs)
    print(render_text(histories), end="")
    if args.html is not None:
        texts: dict[str, str] = {}
        paths: dict[str, str] = {}
        corpus = recorded_corpus(args.rulings, runs)
        if all(path.exists() for path in corpus):
            rulings = load(corpus, args.cards).rulings
            texts = {r.id: r.text for r in rulings}
            paths = {r.id: r.path for r in rulings}
        write(args.html, history_report(runs, texts, paths=paths, out=args.html.parent))
        print(f"history written to {args.html}")
    regressions = any(r.change == "regression" for h in histories for r in h.rulings)
    return 1 if regressions else 0
