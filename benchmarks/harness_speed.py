"""How fast the harness runs on the reference engine.

Prints: the time of the whole ruling corpus on one core and rulings per second (target:
the corpus in under 2 s); property steps per second, a step being one action with its
answers and the check of every property after it (target: 2,000/s); and ``pytest rulings``
serially and with ``-n 2``, measured in the same run of this script: wall time, CPU time
(controller and workers) and their ratios.  On the project's few rulings start-up weighs
most; ``python benchmarks/run_all.py --pytest-only`` measures 5,500.

    python benchmarks/harness_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path


from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.properties import PROFILES, PROPERTIES
from conformance.properties.catalog import Observation, Property
from conformance.properties.machine import games_test, machine_class
from conformance.runner.execute import run_ruling

ROOT = Path(__file__).parents[1]


def corpus_seconds(repeat: int) -> tuple[float, int]:
    corpus = load_corpus([ROOT / "rulings"])
    engine = ReferenceEngine()
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for ruling in corpus.rulings:
            run_ruling(ruling, engine, corpus.cards)
        best = min(best, time.perf_counter() - started)
    return best, len(corpus.rulings)


def property_steps() -> tuple[int, float]:
    corpus = load_corpus([ROOT / "rulings"])
    steps = 0

    def counting(observation: Observation) -> list[object]:
        nonlocal steps
        steps += 1
        for prop in PROPERTIES:
            list(prop.check(observation))
        return []

    everything = Property("all", "every property", ("all",), frozenset(), counting)
    machine = machine_class(ReferenceEngine, corpus.cards, [everything], moves=True)
    started = time.perf_counter()
    games_test(machine, PROFILES["ci"])()
    return steps, time.perf_counter() - started


def pytest_seconds(*extra: str) -> tuple[float, float]:
    """Wall and CPU seconds (the process and its workers) of ``pytest rulings``."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "pytest", "rulings", "-q",
                                "-p", "no:cacheprovider", *extra], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"pytest rulings {' '.join(extra)} failed")
    return time.perf_counter() - started, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    seconds, count = corpus_seconds(args.repeat)
    print(f"ruling corpus: {count} rulings in {seconds:.3f} s on one core "
          f"({count / seconds:.0f} rulings/s; target: under 2 s)")
    steps, elapsed = property_steps()
    print(f"properties: {steps} steps in {elapsed:.2f} s ({steps / elapsed:.0f} steps/s, "
          f"all {len(PROPERTIES)} properties checked at each; target: 2,000/s)")
    serial, serial_cpu = pytest_seconds("-p", "no:xdist")
    parallel, parallel_cpu = pytest_seconds("-n", "2")
    print(f"pytest rulings: {serial:.2f} s serial ({serial_cpu:.2f} s CPU), {parallel:.2f} s "
          f"with -n 2 ({parallel_cpu:.2f} s CPU): speed-up {serial / parallel:.2f}x, CPU "
          f"{parallel_cpu / serial_cpu:.2f}x (start-up included)")


if __name__ == "__main__":
    main()
