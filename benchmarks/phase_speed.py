"""How fast the corpus runs on phase.rs, and how much of it is phase's rules work.

Runs the corpus through ``--engine phase`` a few times, each round as a run starts (no game
opened yet), and prints per scenario: the calls into phase (``phase.Game`` /
``phase.Engine`` methods), the time in the calls that do the rules' work on the live game
(``new_game``, ``apply``, ``actions``), the time in every call into phase (snapshots,
readings and the replays on replicas included: undoing a refused action, mana-value and
legality probes, choices read ahead -- phase rebuilds a Room without its per-door abilities
when a game is reloaded, so the adapter replays calls instead, docs/engines/phase.md), and
the whole run's time (harness included); the ratio of the run's time to the rules calls'
time; rulings per second.  Wall-clock time: compare figures measured in one run.
``benchmarks/phase_adapter.py`` measures the adapter's own CPU against the rules calls'.

    python benchmarks/phase_speed.py [--rounds N] [PATH ...]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from conformance.engines.phase import create
from conformance.engines.phase.adapter import PhaseEngine
from conformance.engines.phase.session import forget_openings
from conformance.format.loader import load_corpus
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

ROOT = Path(__file__).resolve().parents[1]


def run(paths: list[Path], rounds: int) -> dict[str, float]:
    corpus = load_corpus(paths)
    engine = create()
    assert isinstance(engine, PhaseEngine)
    statuses: dict[str, int] = {}
    total = 0.0
    scenarios = rulings = 0
    for _ in range(rounds):
        forget_openings()
        started = time.perf_counter()
        for ruling in corpus.rulings:
            result = run_ruling(ruling, engine, corpus.cards)
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
            rulings += 1
            if result.status not in (Status.UNSUPPORTED, Status.NOT_EXECUTABLE):
                scenarios += len(ruling.scenarios)  # an upper bound: a failure stops early
        total += time.perf_counter() - started
    engine.close()
    return {"total": total, "engine": engine.engine_seconds, "rules": engine.rules_seconds,
            "calls": engine.engine_calls, "scenarios": scenarios, "rulings": rulings,
            **{f"n_{k}": v for k, v in statuses.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "rulings"])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    run(args.paths, 1)  # warm up: card data is built once per pool
    figures = run(args.paths, args.rounds)
    scenarios = max(figures["scenarios"], 1)
    print(f"== {args.rounds} rounds")
    print(f"  phase calls per scenario:          {figures['calls'] / scenarios:8.1f}")
    print(f"  phase's rules calls per scenario:  {figures['rules'] / scenarios * 1000:8.2f} ms")
    print(f"  every phase call per scenario:     {figures['engine'] / scenarios * 1000:8.2f} ms"
          f"  (snapshots, readings, replicas included)")
    print(f"  run time per scenario:             {figures['total'] / scenarios * 1000:8.2f} ms")
    print(f"  ratio run time / rules calls:      "
          f"{figures['total'] / max(figures['rules'], 1e-9):8.2f}")
    print(f"  rulings per second:                {figures['rulings'] / figures['total']:8.1f}")


if __name__ == "__main__":
    main()
