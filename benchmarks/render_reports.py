"""Render 10,000 synthetic results to the HTML run report and time it.

    python benchmarks/render_reports.py [N]

Prints the time to render N results (default 10,000; target < 1 s on the project's 2-core
machines), the time for N/10, and their ratio (about 10 when rendering is linear).  The
comparison matrix (two runs) and the coverage report are timed too.  Nothing is run: the
results and the rulings they refer to are made up, as reports only read results files.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from conformance.errors import Location
from conformance.format.model import Ruling
from conformance.format.vocabulary import MECHANICS
from conformance.reporting.coverage import coverage
from conformance.reporting.html import coverage_report, run_report
from conformance.reporting.matrix import matrix_report
from conformance.reporting.runs import Run, read_run

STATUSES = ["passed"] * 16 + ["failed", "failed", "error", "unsupported", "not-executable",
                              "timeout"]
WORDS = ("the door room spell copy token battlefield stack mana value cast unlock choose "
         "permanent ability trigger <script> & face down transform").split()


def synthetic(n: int, seed: int = 0) -> tuple[dict[str, Ruling], dict[str, str],
                                               list[dict[str, object]]]:
    rng = random.Random(seed)
    cards = [f"Card {i:04d}" for i in range(max(n // 20, 5))]
    sections = {f"{700 + i // 10}.{i % 10}{c}": " ".join(rng.choices(WORDS, k=20))
                for i in range(100) for c in ("", "a", "b")}
    numbers = list(sections)
    mechanics = list(MECHANICS)
    rulings, results = {}, []
    for i in range(n):
        ruling_id = f"synthetic-ruling-{i:05d}"
        rulings[ruling_id] = Ruling(
            id=ruling_id, text=" ".join(rng.choices(WORDS, k=45)), date="2025-01-01",
            seed="000-00", cards=tuple(rng.sample(cards, 2)), cr=tuple(rng.sample(numbers, 2)),
            mechanics=tuple(rng.sample(mechanics, 2)),
            location=Location(f"rulings/synthetic/{ruling_id}.yaml", 1),
            translations={"fr": " ".join(rng.choices(WORDS, k=45))})
        status = rng.choice(STATUSES)
        failing = status in ("failed", "error", "timeout")
        results.append({
            "id": ruling_id, "status": status, "duration": rng.random() / 100,
            "message": "room: names: expected ['A', 'B'], found ['A'] <b>" if failing else "",
            "path": f"rulings/synthetic/{ruling_id}.yaml", "line": 40 if failing else 0,
            "scenario": "a scenario" if failing else "", "setup": "legal-play",
            "injected_steps": 0, "kind": "ruling", "details": {}})
    return rulings, sections, results


def results_file(folder: Path, name: str, results: list[dict[str, object]]) -> Path:
    path = folder / name
    path.write_text(json.dumps({
        "format": "conformance-results/1", "started": "2026-01-01T00:00:00+00:00",
        "harness": {"name": "conformance", "version": "0"},
        "engine": {"name": name.removesuffix(".json"), "version": "1"},
        "results": results}), encoding="utf-8")
    return path


def best_of(repeat: int, render: Callable[[], str]) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(render())
        times.append(time.perf_counter() - start)
    return min(times), size


def measure(n: int, folder: Path) -> dict[str, tuple[float, int]]:
    rulings, sections, results = synthetic(n)
    path = results_file(folder, f"engine-{n}.json", results)
    other = results_file(folder, f"other-{n}.json", [
        {**r, "status": "passed" if i % 3 else r["status"]} for i, r in enumerate(results)])
    run: Run = read_run(path)
    runs = [run, read_run(other)]
    passing = {r for r, v in run.results.items() if v["status"] == "passed"}
    document = coverage(list(rulings.values()), sections, None, [("engine", passing)])
    return {
        "read results file": best_of(3, lambda: str(read_run(path).results)),
        "run report": best_of(5, lambda: run_report(read_run(path), rulings, sections)),
        "run report (fr)": best_of(3, lambda: run_report(run, rulings, sections, "fr")),
        "matrix, 2 engines": best_of(3, lambda: matrix_report(runs, rulings, sections)),
        "coverage report": best_of(3, lambda: coverage_report(document, ["engine"])),
    }


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        small = measure(n // 10, Path(folder))
        large = measure(n, Path(folder))
    print(f"{'report':<20} {n // 10:>8} results {n:>8} results   ratio   size")
    for name, (seconds, size) in large.items():
        small_seconds = small[name][0]
        print(f"{name:<20} {small_seconds:>14.3f} s {seconds:>14.3f} s  {seconds / small_seconds:>5.1f}"
              f"  {size / 1e6:>5.1f} MB")
    total = large["run report"][0]
    verdict = "met" if total < 1.0 else "MISSED"
    print(f"run report of {n} results from the results file: {total:.3f} s "
          f"(target < 1 s: {verdict}); ratio to {n // 10}: {total / small['run report'][0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
