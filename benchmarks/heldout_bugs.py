"""How many held-out engine bugs the corpus's rulings and the ``ci`` properties catch.

The bugs in ``benchmarks/heldout/`` are the reference engine with one wrong branch each,
modelled on bugs reported against real rules engines (each names its report).  Every bug
is measured as the mutation meter measures its own mutants (``conformance.mutants.meter``):
every ruling of the corpus, then the properties in games of the profile.  Each bug is also
played in its witness game (``benchmarks/heldout/witnesses.py``) against the reference
engine, to show that it changes something a player can see.

Prints how many bugs the rulings catch, how many the properties catch, how many either
catches, and every survivor with its mechanism, what it breaks and its source.

    python benchmarks/heldout_bugs.py [--jobs 1] [--profile ci] [--batch first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth]
                                      [--json FILE] [NAME ...]

The bugs come in nineteen batches (``benchmarks/heldout/__init__.py``); the figures are given
for each batch measured and for all of them together.  The first measurement of each batch
is kept in ``benchmarks/heldout/results.json`` (first batch),
``benchmarks/heldout/results-second.json`` (second batch),
``benchmarks/heldout/results-third.json`` (third batch),
``benchmarks/heldout/results-fourth.json`` (fourth batch),
``benchmarks/heldout/results-fifth.json`` (fifth batch),
``benchmarks/heldout/results-sixth.json`` (sixth batch),
``benchmarks/heldout/results-seventh.json`` (seventh batch),
``benchmarks/heldout/results-eighth.json`` (eighth batch),
``benchmarks/heldout/results-ninth.json`` (ninth batch),
``benchmarks/heldout/results-tenth.json`` (tenth batch),
``benchmarks/heldout/results-eleventh-first.json`` (eleventh batch),
``benchmarks/heldout/results-twelfth.json`` (twelfth batch),
``benchmarks/heldout/results-thirteenth.json`` (thirteenth batch),
``benchmarks/heldout/results-fourteenth.json`` (fourteenth batch),
``benchmarks/heldout/results-fifteenth.json`` (fifteenth batch),
``benchmarks/heldout/results-sixteenth.json`` (sixteenth batch),
``benchmarks/heldout/results-seventeenth.json`` (seventeenth batch),
``benchmarks/heldout/results-eighteenth.json`` (eighteenth batch) and
``benchmarks/heldout/results-nineteenth.json`` (nineteenth batch).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.heldout import BATCHES, HeldOut, batch_of, catalogue, chosen  # noqa: E402
from benchmarks.heldout.play import first_difference, play, pool  # noqa: E402
from benchmarks.heldout.witnesses import EQUIVALENT, WITNESSES  # noqa: E402
from conformance.engines.reference import ReferenceEngine  # noqa: E402
from conformance.format.cards import CardPool  # noqa: E402
from conformance.format.loader import Corpus, load_corpus  # noqa: E402
from conformance.mutants.meter import CAUGHT, measure_one, quick_profile, together  # noqa: E402
from conformance.properties import Property, all_properties, run_property  # noqa: E402
from conformance.runner.execute import run_ruling  # noqa: E402
from conformance.runner.results import Status  # noqa: E402

_WORKER: dict[str, Any] = {}

#: Properties that compare the engine with card data this file's compact cards leave out
#: (color identity), left out of games played with those cards.
_NEEDS_FULL_CARD_DATA = frozenset({"colors-from-card-data"})


def witness(bug: HeldOut) -> str:
    """``differs at step N`` when the bug changes what its witness game shows, else why not."""
    if bug.name in EQUIVALENT:
        return f"equivalent: {EQUIVALENT[bug.name]}"
    game = WITNESSES.get(bug.name)
    if game is None:
        return "no witness game"
    cards = pool()
    reference = play(ReferenceEngine(), game, cards)
    try:
        broken = play(bug.engine(), game, cards)
    except Exception as crash:  # a bug that crashes is caught by anything
        return f"crashes in its witness game ({type(crash).__name__})"
    index = first_difference(reference, broken)
    return "no difference in its witness game" if index is None else f"differs at step {index}"


def baseline(corpus: Corpus, properties: Sequence[Property],
             profile: str) -> tuple[Corpus, list[Property], list[str]]:
    """The corpus and properties without what already fails on the reference engine (a
    ruling or property that fails there would "catch" every bug), and what was left out."""
    failing = [r for r in corpus.rulings
               if run_ruling(r, ReferenceEngine(), corpus.cards).status in CAUGHT]
    left_out = [f"ruling {r.id}" for r in failing]
    if failing:
        kept = [r for r in corpus.rulings if r not in failing]
        corpus = replace(corpus, rulings=tuple(kept))
    quick = quick_profile(profile)
    if run_property(together(properties), ReferenceEngine, corpus.cards, corpus.rulings,
                    profile=quick).status is Status.FAILED:
        bad = [p for p in properties
               if run_property(p, ReferenceEngine, corpus.cards, corpus.rulings,
                               profile=quick).status is Status.FAILED]
        left_out += [f"property {p.id}" for p in bad]
        properties = [p for p in properties if p not in bad]
    return corpus, list(properties), left_out


def _measure(bug: HeldOut, corpus: Corpus, properties: Sequence[Property],
             profile: str, every: bool = False) -> dict[str, Any]:
    verdict = measure_one(bug.mutant(), corpus, properties, profile=profile,
                          every_property=every)
    by_id = {r.id: r for r in corpus.rulings}
    statuses = {i: run_ruling(by_id[i], bug.engine(), corpus.cards).status.value
                for i in verdict.rulings}
    return {"ruling_statuses": statuses, "name": bug.name, "batch": batch_of(bug.name),
            "mechanism": bug.mechanism, "description": bug.description,
            "source": bug.source, "caught_by_rulings": verdict.rulings,
            "caught_by_properties": verdict.properties, "witness": witness(bug),
            "seconds": round(verdict.seconds, 1), "cpu_seconds": round(verdict.cpu_seconds, 1)}


def _init(roots: list[str], profile: str, every: bool) -> None:
    paths = [Path(r) for r in roots]
    corpus, properties, _ = baseline(load_corpus(paths), all_properties(paths), profile)
    _WORKER.update(corpus=corpus, properties=properties, profile=profile, every=every)


def _measure_named(name: str) -> dict[str, Any]:
    return _measure(catalogue()[name], _WORKER["corpus"], _WORKER["properties"],
                    _WORKER["profile"], _WORKER["every"])


def measure(bugs: Sequence[HeldOut], roots: Sequence[Path], profile: str,
            jobs: int, every: bool = False) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = []
    corpus, properties, left_out = baseline(load_corpus(list(roots)),
                                            all_properties(list(roots)), profile)
    print(f"{len(corpus.rulings)} rulings and {len(properties)} properties that pass on the "
          f"reference engine ({len(corpus.failures)} ruling files did not load); left out: "
          f"{', '.join(left_out) or 'none'}", flush=True)
    if jobs > 1:
        with ProcessPoolExecutor(jobs, initializer=_init,
                                 initargs=([str(r) for r in roots], profile, every)) as workers:
            for result in workers.map(_measure_named, [b.name for b in bugs]):
                _progress(result)
                results.append(result)
        return results
    for bug in bugs:
        result = _measure(bug, corpus, properties, profile, every)
        _progress(result)
        results.append(result)
    return results


def _progress(result: dict[str, Any]) -> None:
    rulings, properties = result["caught_by_rulings"], result["caught_by_properties"]
    caught = ", ".join(filter(None, [f"{len(rulings)} ruling(s)" if rulings else "",
                                     f"property {properties[0]}" if properties else ""]))
    errors = sum(1 for v in result["ruling_statuses"].values() if v != "failed")
    if errors:
        caught += f" ({errors} erred)"
    print(f"  {result['name']:<40} {caught or 'SURVIVES':<45} {result['cpu_seconds']:>6} s CPU",
          flush=True)


def summary(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    total = len(results)
    by_rulings = [r for r in results if r["caught_by_rulings"]]
    by_properties = [r for r in results if r["caught_by_properties"]]
    both = [r for r in results if r["caught_by_rulings"] and r["caught_by_properties"]]
    either = [r for r in results if r["caught_by_rulings"] or r["caught_by_properties"]]

    def rate(part: Sequence[Any]) -> float:
        return round(len(part) / total, 3) if total else 0.0

    mechanisms: dict[str, dict[str, int]] = {}
    for r in results:
        row = mechanisms.setdefault(r["mechanism"], {"bugs": 0, "caught": 0, "by_rulings": 0,
                                                     "by_properties": 0})
        row["bugs"] += 1
        row["caught"] += bool(r["caught_by_rulings"] or r["caught_by_properties"])
        row["by_rulings"] += bool(r["caught_by_rulings"])
        row["by_properties"] += bool(r["caught_by_properties"])
    return {
        "bugs": total,
        "caught_by_rulings": len(by_rulings), "rulings_rate": rate(by_rulings),
        "caught_by_properties": len(by_properties), "properties_rate": rate(by_properties),
        "caught_by_both": len(both), "both_rate": rate(both),
        "caught_by_either": len(either), "either_rate": rate(either),
        "only_by_rulings": [r["name"] for r in by_rulings if not r["caught_by_properties"]],
        "only_by_properties": [r["name"] for r in by_properties if not r["caught_by_rulings"]],
        "survivors": [{k: r[k] for k in ("name", "mechanism", "description", "source",
                                         "witness")}
                      for r in results if not (r["caught_by_rulings"] or r["caught_by_properties"])],
        "by_mechanism": dict(sorted(mechanisms.items())),
        "cpu_seconds": round(sum(r["cpu_seconds"] for r in results), 1),
    }


def report(s: dict[str, Any]) -> str:
    n = s["bugs"]
    lines = [
        f"{n} held-out bugs",
        f"  caught by the rulings:            {s['caught_by_rulings']:>3}/{n} ({s['rulings_rate']:.0%})",
        f"  caught by the properties:         {s['caught_by_properties']:>3}/{n} ({s['properties_rate']:.0%})",
        f"  caught by both (each on its own): {s['caught_by_both']:>3}/{n} ({s['both_rate']:.0%})",
        f"  caught by rulings + properties:   {s['caught_by_either']:>3}/{n} ({s['either_rate']:.0%})",
        f"  only by the properties: {', '.join(s['only_by_properties']) or '-'}",
        "",
        "by mechanism (bugs / caught / by rulings / by properties):",
    ]
    for mechanism, row in s["by_mechanism"].items():
        lines.append(f"  {mechanism:<18} {row['bugs']:>3} {row['caught']:>3} "
                     f"{row['by_rulings']:>3} {row['by_properties']:>3}")
    lines += ["", f"survivors ({len(s['survivors'])}):"]
    for r in s["survivors"]:
        lines += [f"  {r['name']} [{r['mechanism']}] -- {r['witness']}",
                  f"      {r['description']}", f"      {r['source']}"]
    lines.append(f"\nCPU: {s['cpu_seconds']} s")
    return "\n".join(lines)


def from_witness_position(bug: HeldOut, properties: Sequence[Property], cards: CardPool,
                          profile: str) -> str:
    """Which property, if any, catches ``bug`` in games started from its witness game's
    position (every property at once, the profile's games without shrinking, on the bug and
    on the reference engine): a diagnostic of reach, not a measurement -- the position was
    written knowing the bug.  A catch here and none in the ``ci`` games means the rule is
    stated and the games never reach it."""
    from hypothesis import settings
    from hypothesis import strategies as st

    from conformance.properties.machine import PropertyFailure, games_test, machine_class
    from conformance.properties.profiles import PROFILES

    game = WITNESSES.get(bug.name)
    if game is None:
        return "no witness game"
    everything = together(list(properties))
    chosen_settings = settings(PROFILES[quick_profile(profile)])
    found: dict[str, str | None] = {}
    for label, factory in (("reference", ReferenceEngine), ("bug", bug.engine)):
        machine = machine_class(factory, cards, [everything], moves=True,
                                setups=st.just(game.setup))
        try:
            games_test(machine, chosen_settings)()
            found[label] = None
        except PropertyFailure as failure:
            found[label] = str(failure).split("] ")[0].split("[")[-1]
        except Exception as crash:  # noqa: BLE001 - the engine broke: said as it is
            found[label] = f"error ({type(crash).__name__})"
    if found["reference"] is not None:
        return f"not judged: {found['reference']} fails the reference engine from there"
    return f"caught by {found['bug']}" if found["bug"] else "not caught"


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="measure only these bugs")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--profile", default="ci", help="property profile (default ci)")
    parser.add_argument("--rulings", type=Path, action="append",
                        help="ruling folders (default: rulings/)")
    parser.add_argument("--json", type=Path, help="write the results and summary here")
    parser.add_argument("--batch", choices=tuple(BATCHES),
                        help="measure only the bugs of this batch")
    parser.add_argument("--every-property", action="store_true",
                        help="each property also in games of its own, as `conformance "
                             "properties --profile ci` plays them (not only every property "
                             "at once and those watching the bug's mechanism)")
    parser.add_argument("--witnesses-only", action="store_true",
                        help="only play each bug's witness game")
    parser.add_argument("--from-witness-positions", action="store_true",
                        help="a diagnostic of reach, not a measurement: which property "
                             "catches each bug in games started from its witness position")
    args = parser.parse_args(argv)
    bugs = chosen(args.names, args.batch)
    if args.witnesses_only:
        for bug in bugs:
            print(f"  {bug.name:<40} {witness(bug)}")
        return 0
    roots = args.rulings or [ROOT / "rulings"]
    if args.from_witness_positions:
        properties = [p for p in all_properties(list(roots))
                      if p.id not in _NEEDS_FULL_CARD_DATA]
        cards = pool()
        for bug in bugs:
            print(f"  {bug.name:<40} "
                  f"{from_witness_position(bug, properties, cards, args.profile)}", flush=True)
        return 0
    started = time.perf_counter()
    results = measure(bugs, roots, args.profile, args.jobs, args.every_property)
    s = summary(results)
    by_batch = {batch: summary([r for r in results if r["batch"] == batch])
                for batch in BATCHES if any(r["batch"] == batch for r in results)}
    for batch, part in by_batch.items():
        if len(by_batch) > 1:
            print(f"\n== {batch} batch")
            print(report(part))
    print("\n== all measured bugs" if len(by_batch) > 1 else "")
    print(report(s))
    print(f"wall: {time.perf_counter() - started:.0f} s with {args.jobs} job(s)")
    if args.json:
        args.json.write_text(json.dumps({"commit": _commit(), "profile": args.profile,
                                         "every_property": args.every_property,
                                         "summary": s, "by_batch": by_batch,
                                         "results": results}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
