"""Writing the results file is linear in the number of results.

Times :class:`ResultsWriter` writing 1,000 and 10,000 results of a realistic size (each
``add`` appends one line; ``finish`` writes the document once) and prints the cost per
result for both and their ratio: 1.0 is perfectly linear; a writer that rewrote the file
after every result (as the harness once did) gives about 10.  ``--check`` exits 1 when the
ratio is above 2, for use in CI.

    python benchmarks/results_writer.py [--repeat N] [--check]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from conformance.runner.results import Result, ResultsWriter, Status

HEADER = {"harness": {"name": "conformance", "version": "0.1.0"},
          "engine": {"name": "reference", "version": "0.1.0"}, "seed": 0}


def sample(n: int) -> Result:
    status = (Status.PASSED, Status.FAILED, Status.ERROR)[n % 3]
    return Result(id=f"ruling-{n:05d}", status=status, duration=0.004,
                  message="" if status is Status.PASSED else
                  f"room: mana_value: expected 6, found {n % 7}",
                  path=f"rulings/rooms/ruling-{n:05d}.yaml", line=n % 60,
                  scenario="casting a Room asks for one door", setup="legal-play")


def seconds_to_write(count: int, folder: Path) -> float:
    results = [sample(n) for n in range(count)]
    path = folder / f"results-{count}.json"
    started = time.perf_counter()
    writer = ResultsWriter(path, HEADER)
    for result in results:
        writer.add(result)
    writer.finish()
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="best of N (default 3)")
    parser.add_argument("--check", action="store_true", help="exit 1 if not linear")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        small = min(seconds_to_write(1_000, Path(folder)) for _ in range(args.repeat))
        large = min(seconds_to_write(10_000, Path(folder)) for _ in range(args.repeat))
    per_small, per_large = small / 1_000, large / 10_000
    ratio = per_large / per_small
    print(f"1,000 results: {small:.3f} s ({per_small * 1e6:.1f} µs per result)")
    print(f"10,000 results: {large:.3f} s ({per_large * 1e6:.1f} µs per result)")
    print(f"per-result cost, 10,000 vs 1,000: {ratio:.2f} (1.0 is linear)")
    return 1 if args.check and ratio > 2 else 0


if __name__ == "__main__":
    sys.exit(main())
