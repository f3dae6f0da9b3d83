"""``conformance mutants``: the mutation meter -- how many seeded-bug variants of the
reference engine the rulings and properties catch, and what caught each."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mutants", help="run the suite against seeded-bug variants of the reference engine")
    parser.add_argument("--rulings", type=Path, nargs="+", default=[Path("rulings")])
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--profile", default="ci", help="properties' settings profile")
    parser.add_argument("--all-properties", action="store_true",
                        help="run the properties on every mutant, not only on those the "
                             "rulings miss")
    parser.add_argument("--json", type=Path, default=None, help="write the verdicts here")
    return parser


def cmd_mutants(args: argparse.Namespace) -> int:
    from ..format.loader import load_corpus
    from ..mutants.meter import Verdict, measure, summary

    corpus = load_corpus(args.rulings, args.cards)

    def show(verdict: Verdict) -> None:
        caught = verdict.rulings + [f"property {p}" for p in verdict.properties]
        mark = "killed  " if verdict.killed else "SURVIVED"
        shown = ", ".join(caught[:4]) + (f" (+{len(caught) - 4} more)" if len(caught) > 4 else "")
        print(f"{mark} {verdict.mutant.name}: {shown or 'nothing caught it'}")

    verdicts = measure(corpus, profile=args.profile, all_properties=args.all_properties,
                       on_verdict=show)
    totals = summary(verdicts)
    print(f"{totals['killed']} of {totals['mutants']} mutants killed "
          f"({totals['kill_rate']:.0%})")
    if totals["survivors"]:
        print("survivors: " + ", ".join(totals["survivors"]))
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        document = {**totals, "mutants": [v.to_json() for v in verdicts],
                    "count": totals["mutants"]}
        args.json.write_text(json.dumps(document, indent=1) + "\n", "utf-8")
        print(f"verdicts written to {args.json}")
    return 0 if not totals["survivors"] else 1
