"""``conformance mutants``: the mutation meter -- how many seeded-bug variants of the
reference engine the rulings and the properties catch, each alone and together, and the
mechanism of every survivor."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mutants", help="run the suite against seeded-bug variants of the reference engine")
    parser.add_argument("--rulings", type=Path, nargs="+", default=[Path("rulings")])
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--profile", default="ci", help="properties' settings profile")
    parser.add_argument("--all-properties", action="store_true",
                        help="run every property on every mutant (by default a mutant's "
                             "properties stop at the first that catches it)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="mutants measured in parallel (default: 2, or 1 on one core)")
    parser.add_argument("--mutant", action="append", default=None,
                        help="measure only this mutant (repeatable)")
    parser.add_argument("--json", type=Path, default=None, help="write the verdicts here")
    return parser


def cmd_mutants(args: argparse.Namespace) -> int:
    from ..format.loader import load_corpus
    from ..mutants.meter import EQUIVALENT, Verdict, measure, summary
    from ._shared import default_jobs

    corpus = load_corpus(args.rulings, args.cards)

    def show(verdict: Verdict) -> None:
        caught = verdict.rulings + [f"property {p}" for p in verdict.properties]
        mark = "killed  " if verdict.killed else "SURVIVED"
        shown = ", ".join(caught[:4]) + (f" (+{len(caught) - 4} more)" if len(caught) > 4 else "")
        print(f"{mark} [{verdict.mutant.mechanism}] {verdict.mutant.name}: "
              f"{shown or 'nothing caught it'}", flush=True)

    started = time.perf_counter()
    verdicts = measure(corpus, profile=args.profile, all_properties=args.all_properties,
                       roots=args.rulings, cards=args.cards,
                       jobs=args.jobs or default_jobs(), names=args.mutant, on_verdict=show)
    totals = summary(verdicts)
    elapsed = time.perf_counter() - started
    count = totals["mutants"]
    print(f"{totals['killed']} of {count} mutants killed ({totals['kill_rate']:.0%}): "
          f"rulings alone {totals['killed_by_rulings']} ({totals['rulings_kill_rate']:.0%}), "
          f"properties alone {totals['killed_by_properties']} "
          f"({totals['properties_kill_rate']:.0%}); {elapsed:.0f} s, "
          f"{totals['cpu_seconds']:.0f} s of CPU in the measurements")
    for mechanism, row in totals["by_mechanism"].items():
        print(f"  {mechanism:<18} {row['killed']:>3}/{row['mutants']:<3} killed; rulings "
              f"{row['by_rulings']}, properties {row['by_properties']}")
    gaps = [s for s in totals["survivors"] if not s["equivalent"]]
    for survivor in totals["survivors"]:
        why = f" -- equivalent: {survivor['equivalent']}" if survivor["equivalent"] else ""
        print(f"survivor [{survivor['mechanism']}] {survivor['name']}: "
              f"{survivor['description']}{why}")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        document = {**totals, "mutants": [v.to_json() for v in verdicts], "count": count,
                    "seconds": round(elapsed, 1), "profile": args.profile,
                    "equivalent": EQUIVALENT}
        args.json.write_text(json.dumps(document, indent=1) + "\n", "utf-8")
        print(f"verdicts written to {args.json}")
    return 0 if not gaps else 1
