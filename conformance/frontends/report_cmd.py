"""``conformance report RESULTS... [--html OUT]``: render results files.

One results file: its summary as text, or with ``--html`` the run report.  Several: each
summary and the interop figure, or with ``--html`` the comparison matrix (with the history
of an engine given in several versions).  Ruling texts,
cards, mechanics and CR titles come from the corpus (``--rulings``, by default the one
the first results file records); results are never re-run.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..format.loader import ruling_schema
from ._shared import load, recorded_corpus, write


def languages() -> list[str]:
    enum: list[str] = ruling_schema()["properties"]["translations"]["propertyNames"]["enum"]
    return ["en", *enum]


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report", help="render results files: a summary, the HTML run report or, for "
                       "several files, the comparison matrix")
    parser.add_argument("results", type=Path, nargs="+", help="results file(s)")
    parser.add_argument("--html", type=Path, default=None, metavar="OUT",
                        help="write an HTML report here (one file: the run report; several: "
                             "the comparison matrix)")
    parser.add_argument("--rulings", type=Path, nargs="+", default=None,
                        help="the corpus the ruling texts come from (default: the one the "
                             "results file records, else rulings)")
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--lang", default="en", choices=languages(),
                        help="language of ruling texts, where a translation exists "
                             "(default: en)")
    parser.add_argument("--expect", type=Path, default=None, metavar="FILE",
                        help="expectations file: the run report shows unexpected results "
                             "first and marks the expected ones")
    parser.add_argument("--source-url", default="", metavar="TEMPLATE",
                        help="link ruling files to this URL instead of a relative path; "
                             "{path}, {line} and {revision} are filled in (e.g. "
                             "https://github.com/o/r/blob/{revision}/{path}#L{line})")
    return parser


def cmd_report(args: argparse.Namespace) -> int:
    from ..reporting import render_summary
    from ..reporting.history import history
    from ..reporting.html import run_report
    from ..reporting.matrix import interop, matrix_report
    from ..reporting.runs import read_run

    runs = [read_run(path) for path in args.results]
    if args.html is None:
        for run in runs:
            print(render_summary(run.path), end="")
        if len(runs) > 1:
            print(interop(runs).text())
        return 0
    _check_template(args.source_url)
    if args.expect is not None and not args.expect.is_file():
        from .gate_cmd import missing

        raise missing(args.expect, runs[0].engine, args.results[0], run=False)
    paths = recorded_corpus(args.rulings, runs)
    if args.rulings is None and not all(path.exists() for path in paths):
        import sys

        print(f"note: the corpus the results record is not found from here (nor {paths[0]}): "
              f"the report leaves out ruling texts, cards and mechanics; give --rulings",
              file=sys.stderr)
        rulings, sections = {}, {}
    else:
        corpus = load(paths, args.cards)
        rulings, sections = {r.id: r for r in corpus.rulings}, dict(corpus.cr_sections)
    if len(runs) == 1:
        html = run_report(runs[0], rulings, sections, args.lang,
                          expectations=args.expect, out=args.html.parent,
                          source_url=args.source_url)
    else:
        several = [h for h in history(runs) if len(h.versions) > 1]
        html = matrix_report(runs, rulings, sections, args.lang, history=several,
                             out=args.html.parent, source_url=args.source_url)
    write(args.html, html)
    print(f"report written to {args.html}")
    return 0


def _check_template(template: str) -> None:
    from ..errors import ConformanceError

    try:
        template.format(path="p", line=1, revision="r")
    except (KeyError, IndexError, ValueError) as exc:
        raise ConformanceError(f"--source-url {template!r}: not a template with {{path}}, "
                               f"{{line}} and {{revision}} ({type(exc).__name__}: {exc})") \
            from None
