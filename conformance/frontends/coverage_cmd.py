"""``conformance coverage``: rulings, executable and passing, by card, mechanic and CR
section; the CR sections under the rules in scope with an executable ruling; with
``--official`` the official rulings of each card the corpus has and lacks -- as text, as
JSON, and with ``--html`` as an HTML report.

Passing counts come from one or more results files (``--results A.json B.json``: one
column per engine) or, without them, from running an engine.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ._shared import load, recorded_corpus, write


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    cover: argparse.ArgumentParser = subparsers.add_parser(
        "coverage", help="rulings, executable and passing, by card, mechanic and CR section")
    cover.add_argument("--rulings", type=Path, nargs="+", default=None,
                       help="the corpus (default: the one the --results files record, "
                            "else rulings)")
    cover.add_argument("--cards", type=Path, default=None)
    source = cover.add_mutually_exclusive_group()
    source.add_argument("--engine", default=None,
                        help="run this engine to count passing rulings (default: reference)")
    source.add_argument("--results", type=Path, nargs="+", action="extend", default=None,
                        help="count passing rulings from these results files instead, one "
                             "column per engine")
    cover.add_argument("--json", type=Path, default=Path("out/coverage.json"),
                       help="write the coverage document here (default: out/coverage.json)")
    cover.add_argument("--html", type=Path, default=None, metavar="OUT",
                       help="also write the coverage as an HTML report")
    cover.add_argument("--official", type=Path, default=None, metavar="FILE",
                       help="official rulings in Scryfall's bulk rulings shape: count, per "
                            "card, those the corpus has as executable, not executable and "
                            "missing (oracle ids from the card file's identifiers)")
    return cover


def cmd_coverage(args: argparse.Namespace) -> int:
    from ..contract import registry
    from ..reporting.coverage import coverage, render_text
    from ..reporting.html import coverage_report
    from ..reporting.runs import labels, read_run
    from ..runner.execute import run_corpus

    runs = [read_run(path) for path in args.results or ()]
    args.rulings = recorded_corpus(args.rulings, runs)
    corpus = load(args.rulings, args.cards)
    engines: list[tuple[str, set[str]]] = []
    if args.results:
        engines = [(label, {i for i, r in run.results.items() if r["status"] == "passed"})
                   for label, run in zip(labels(runs), runs)]
    else:
        engine = registry.create(args.engine)
        try:
            name = engine.info.name
            results = run_corpus(corpus.rulings, (), engine, corpus.cards, lambda _r: None)
        finally:
            engine.close()
        engines = [(name, {r.id for r in results if r.status.value == "passed"})]
    document = coverage(corpus.rulings, corpus.cr_sections, None, engines)
    if args.official is not None:
        from ..reporting.official import official_coverage, oracle_ids, read_official

        official = read_official(args.official)
        ids = oracle_ids(Path(corpus.cards.path))
        document["official"] = {"file": str(args.official), **official_coverage(
            corpus.rulings, official, ids, list(corpus.cards))}
        for item in document["official"]["backlog"]:
            item["command"] = _scaffold_command(args, item["id"])
    print(render_text(document), end="")
    write(args.json, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    print(f"coverage written to {args.json}")
    if args.html is not None:
        write(args.html, coverage_report(document, [name for name, _ids in engines],
                                         out=args.html.parent))
        print(f"coverage report written to {args.html}")
    for failure in corpus.failures:
        for error in failure.errors:
            print(error)
    return 2 if corpus.failures else 0


def _scaffold_command(args: argparse.Namespace, official_id: str) -> str:
    """The ``conformance new`` command that scaffolds one missing official ruling: quoted,
    with absolute paths, so that it runs as printed from any folder."""
    import os
    import shlex

    words = ["conformance", "new", "--from-official", os.path.abspath(args.official), "--id",
             official_id]
    words += ["--rulings", *(os.path.abspath(p) for p in args.rulings)]
    if args.cards is not None:
        words += ["--cards", os.path.abspath(args.cards)]
    return shlex.join(words)
