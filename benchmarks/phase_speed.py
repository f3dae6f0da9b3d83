"""How much the phase adapter costs on top of phase.rs itself.

Runs the corpus through ``--engine phase`` a few times and prints:

* per scenario: the calls into phase (``phase.Game`` / ``phase.Engine`` methods) and the
  time spent inside them, against the adapter's total time -- the ratio is the adapter's
  overhead (the target is at most 1.3);
* the effect of snapshot reuse (started games per deck list, finished set-ups per
  scenario set-up) against a new game for every scenario;
* rulings per second on phase.

    python benchmarks/phase_speed.py [--rounds N] [PATH ...]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from conformance.engines.phase import create
from conformance.engines.phase.adapter import PhaseEngine
from conformance.format.loader import load_corpus
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

ROOT = Path(__file__).resolve().parents[1]


def run(paths: list[Path], rounds: int, reuse: bool) -> dict[str, float]:
    corpus = load_corpus(paths)
    engine = create()
    assert isinstance(engine, PhaseEngine)
    engine.reuse_snapshots = reuse
    statuses: dict[str, int] = {}
    started = time.perf_counter()
    scenarios = rulings = 0
    for _ in range(rounds):
        for ruling in corpus.rulings:
            result = run_ruling(ruling, engine, corpus.cards)
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
            rulings += 1
            if result.status not in (Status.UNSUPPORTED, Status.NOT_EXECUTABLE):
                scenarios += len(ruling.scenarios)  # an upper bound: a failure stops early
    total = time.perf_counter() - started
    engine.close()
    return {"total": total, "engine": engine.engine_seconds, "calls": engine.engine_calls,
            "scenarios": scenarios, "rulings": rulings, **{f"n_{k}": v for k, v in statuses.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "rulings"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    run(args.paths, 1, True)  # warm up: card data is built once per pool

    for reuse in (True, False):
        figures = run(args.paths, args.rounds, reuse)
        scenarios = max(figures["scenarios"], 1)
        label = "with snapshot reuse" if reuse else "new game per scenario"
        print(f"== {label} ({args.rounds} rounds)")
        print(f"  phase calls per scenario:   {figures['calls'] / scenarios:8.1f}")
        print(f"  time in phase per scenario: {figures['engine'] / scenarios * 1000:8.2f} ms")
        print(f"  adapter time per scenario:  {figures['total'] / scenarios * 1000:8.2f} ms")
        print(f"  ratio adapter / phase:      {figures['total'] / max(figures['engine'], 1e-9):8.2f}")
        print(f"  rulings per second:         {figures['rulings'] / figures['total']:8.1f}")
        if reuse:
            with_reuse = figures["total"]
        else:
            print(f"  snapshot reuse speed-up:    {figures['total'] / with_reuse:8.2f}x")


if __name__ == "__main__":
    main()
