"""How fast the harness runs on the reference engine.

Prints: the time of the whole ruling corpus on one core and rulings per second (target:
the corpus in under 2 s); property steps per second, a step being one action with its
answers and the check of every property after it (target: 2,000/s); and the speed-up of
``pytest rulings -n 2`` over a serial run, measured in the same run of this script.

    python benchmarks/harness_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import stateful

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.properties import PROFILES, PROPERTIES
from conformance.properties.catalog import Observation, Property
from conformance.properties.machine import machine_class
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
    make_test = stateful.get_state_machine_test
    make_test(machine, settings=PROFILES["ci"])()
    return steps, time.perf_counter() - started


def pytest_seconds(*extra: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "rulings", "-q", "-p", "no:cacheprovider",
                    *extra], cwd=ROOT, capture_output=True, check=True)
    return time.perf_counter() - started


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
    serial = pytest_seconds("-p", "no:xdist")
    parallel = pytest_seconds("-n", "2")
    print(f"pytest rulings: {serial:.2f} s serial, {parallel:.2f} s with -n 2 "
          f"(speed-up {serial / parallel:.2f}x; start-up included)")


if __name__ == "__main__":
    main()
