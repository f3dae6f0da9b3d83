"""Whole runs, timed as a user runs them: a new process each, start-up included.

Prints, in one run:

- ``conformance run`` on corpora of 55, 550 and 5,500 rulings (copies of the project's
  rulings under new ids, the same mix at every size): CPU seconds per ruling of the whole
  process and the ratio of the largest to the smallest (target: at most 1.2), wall time
  and peak memory;
- start-up: ``conformance --help`` and a bare ``python -c pass`` for scale (target: under
  0.3 s);
- ``pytest`` on the largest corpus serially and with ``-n 2``: the speed-up (target: at
  least 1.7) and the parallel run's CPU against the serial run's (target: at most 1.15);
- pytest's own cost per test (the same number of empty tests, a new process too), and the
  harness's cost per ruling as a multiple of it; what ``-n 2`` adds per test on those empty
  tests (pytest-xdist's own reports and events), against what it adds per ruling;
- property games: the harness's CPU per engine action in the ``ci`` games against the
  engine's own, the same games replayed on fresh engines (target: at most 1.5;
  ``benchmarks/property_overhead.py``, in a process of its own);
- on phase.rs, when installed (``--no-phase`` skips it): the ``ci`` properties' wall time as
  a user runs them (target: under 5 minutes, no harness error) and the phase adapter's own
  CPU against phase's rules calls (target: at most 1.5; ``benchmarks/phase_adapter.py``).

Figures are CPU time where they compare costs (less noisy on a shared machine than wall
time) and wall time for the speed-up.  ``--sizes 55,550`` and ``--no-pytest`` shorten it;
``--pytest-only`` measures only the pytest figures (on the largest size).

    python benchmarks/run_all.py [--sizes 55,550,5500] [--no-pytest | --pytest-only] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "rulings"
#: The number of distinct rulings every corpus is made of; a corpus of 550 holds each ten
#: times under new ids, so that the mix of rulings is the same at every size.
BASE = 55
_ID = re.compile(r"^id:\s*(\S+)\s*$", re.MULTILINE)
_BIN = Path(sys.executable).parent


@dataclass(frozen=True, slots=True)
class Usage:
    """What one process (with the processes it waited for) used."""

    wall: float
    cpu: float
    peak_mb: float


def run_process(command: list[str], cwd: Path, allowed: tuple[int, ...] = (0, 1)) -> Usage:
    """Run ``command`` to its end; its wall time, CPU time (user and system, its children
    included) and peak resident memory (its largest process)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if process.returncode not in allowed:  # 1: some ruling failed, which is a verdict
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}:\n"
                         f"{errors.decode(errors='replace')}")
    return Usage(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def base_rulings() -> list[Path]:
    from conformance.format.loader import find_ruling_files

    files = find_ruling_files([RULINGS])
    if len(files) < BASE:
        raise SystemExit(f"the corpus has {len(files)} rulings; {BASE} are needed")
    return files[:BASE]


def make_corpus(folder: Path, count: int) -> Path:
    """A corpus of ``count`` rulings in ``folder/rulings``: the first :data:`BASE` rulings
    of the project, copied under new ids, with the card file and the CR sections."""
    corpus = folder / "rulings"
    corpus.mkdir(parents=True)
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, corpus / name)
    sources = [path.read_text("utf-8") for path in base_rulings()]
    for number in range(count):
        text = sources[number % BASE]
        renamed, found = _ID.subn(rf"id: \g<1>-copy-{number // BASE}", text, count=1)
        assert found, "every ruling has a top-level id"
        shelf = corpus / f"shelf-{number // 500:03d}"
        shelf.mkdir(exist_ok=True)
        (shelf / f"ruling-{number:05d}.yaml").write_text(renamed, "utf-8")
    return corpus


def conformance_run(corpus: Path, repeat: int) -> Usage:
    command = [str(_BIN / "conformance"), "run", "-q", "--rulings", str(corpus),
               "--results", str(corpus.parent / "out" / "results.json")]
    return min((run_process(command, corpus.parent) for _ in range(repeat)),
               key=lambda usage: usage.cpu)


def start_up(repeat: int) -> tuple[float, float]:
    """Wall seconds of ``conformance --help`` and of ``python -c pass`` (best of N)."""
    help_ = min(run_process([str(_BIN / "conformance"), "--help"], ROOT).wall
                for _ in range(repeat))
    bare = min(run_process([sys.executable, "-c", "pass"], ROOT).wall for _ in range(repeat))
    return help_, bare


def pytest_run(folder: Path, *extra: str) -> Usage:
    return run_process([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "--rootdir", str(folder), *extra, str(folder)], folder)


def empty_tests(folder: Path, count: int) -> Path:
    tests = folder / "empty"
    tests.mkdir()
    (tests / "test_empty.py").write_text(
        "".join(f"def test_{n}():\n    pass\n\n\n" for n in range(count)), "utf-8")
    return tests


def pytest_figures(folder: Path, corpus: Path, size: int, per_run: float | None) -> None:
    """``pytest`` on ``corpus`` serially and with ``-n 2``, and the same number of empty
    tests, for pytest's and pytest-xdist's own costs (``per_run``: CPU seconds per ruling
    of ``conformance run``, when measured)."""
    serial = pytest_run(corpus)
    parallel = pytest_run(corpus, "-n", "2")
    speed_up = serial.wall / parallel.wall
    cpu_ratio = parallel.cpu / serial.cpu
    print(f"pytest on {size} rulings: serial {serial.wall:.1f} s wall "
          f"({serial.cpu:.1f} s CPU), -n 2 {parallel.wall:.1f} s wall "
          f"({parallel.cpu:.1f} s CPU)")
    print(f"  -n 2 speed-up {speed_up:.2f}x (target >= 1.7: "
          f"{'met' if speed_up >= 1.7 else 'MISSED'}); CPU of -n 2 / serial "
          f"{cpu_ratio:.2f} (target <= 1.15: {'met' if cpu_ratio <= 1.15 else 'MISSED'})")
    tests = empty_tests(folder, size)
    empty = pytest_run(tests)
    empty_parallel = pytest_run(tests, "-n", "2")
    per_test = empty.cpu / size
    print(f"pytest's own cost per test ({size} empty tests, whole process): "
          f"{per_test * 1000:.2f} ms CPU; a ruling under pytest costs "
          f"{serial.cpu / size / per_test:.1f}x that"
          + (f", under conformance run {per_run / per_test:.1f}x" if per_run else ""))
    extra = (empty_parallel.cpu - empty.cpu) / size
    print(f"pytest-xdist's own cost per test with -n 2 (the same empty tests): "
          f"{extra * 1000:.2f} ms CPU more than serially; the rulings' -n 2 run costs "
          f"{(parallel.cpu - serial.cpu) / size * 1000:.2f} ms more per ruling")
    print(f"  with pytest-xdist's own cost alone, the CPU of -n 2 / serial would be "
          f"{1 + extra * size / serial.cpu:.2f} and the speed-up on two idle cores at most "
          f"{2 * serial.cpu / (serial.cpu + extra * size):.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="55,550,5500",
                        help="corpus sizes, comma-separated (default 55,550,5500)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="best of N for each conformance run (default 1)")
    parser.add_argument("--no-pytest", action="store_true",
                        help="skip the pytest figures (serial, -n 2, empty tests)")
    parser.add_argument("--pytest-only", action="store_true",
                        help="only the pytest figures, on the largest size")
    parser.add_argument("--no-phase", action="store_true",
                        help="skip the phase.rs figures (the ci properties, the adapter's CPU)")
    args = parser.parse_args(argv)
    sizes = sorted(int(size) for size in args.sizes.split(","))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}" + (" (PYTHONDONTWRITEBYTECODE is set: each process "
                                          "compiles the project's modules)"
                                          if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""))
    if args.pytest_only:
        with tempfile.TemporaryDirectory(prefix="conformance-bench-") as temporary:
            folder = Path(temporary)
            pytest_figures(folder, make_corpus(folder / "corpus", sizes[-1]), sizes[-1], None)
        return 0
    help_, bare = start_up(5)
    print(f"start-up: conformance --help {help_:.3f} s (python -c pass {bare:.3f} s); "
          f"target < 0.3 s: {'met' if help_ < 0.3 else 'MISSED'}")
    usages: dict[int, Usage] = {}
    with tempfile.TemporaryDirectory(prefix="conformance-bench-") as temporary:
        folder = Path(temporary)
        corpora = {size: make_corpus(folder / f"corpus-{size}", size) for size in sizes}
        print("conformance run (whole process, HTML report included):")
        for size in sizes:
            usage = usages[size] = conformance_run(corpora[size], args.repeat)
            print(f"  {size:>6} rulings: {usage.cpu / size * 1000:7.2f} ms CPU per ruling, "
                  f"{usage.cpu:7.2f} s CPU, {usage.wall:7.2f} s wall, "
                  f"peak {usage.peak_mb:6.0f} MB")
        small, large = sizes[0], sizes[-1]
        per_small = usages[small].cpu / small
        per_large = usages[large].cpu / large
        if large != small:
            ratio = per_large / per_small
            marginal = (usages[large].cpu - usages[small].cpu) / (large - small)
            print(f"  cost per ruling, {large} vs {small}: {ratio:.2f} "
                  f"(target <= 1.2: {'met' if ratio <= 1.2 else 'MISSED'}); "
                  f"each ruling past the first {small}: {marginal * 1000:.2f} ms")
        if not args.no_pytest:
            pytest_figures(folder, corpora[large], large,
                           usages[large].cpu / large if usages else None)
    peak = max(usage.peak_mb for usage in usages.values())
    print(f"peak memory of a conformance run: {peak:.0f} MB "
          f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")
    property_figures()
    if not args.no_phase:
        phase_figures()
    return 0


def property_figures() -> None:
    """What ``benchmarks/property_overhead.py`` prints: the property games' CPU per engine
    action against the engine's own in the same games."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "property_overhead.py")],
                          capture_output=True, text=True, check=True)
    print("property games (benchmarks/property_overhead.py):")
    for line in done.stdout.splitlines():
        print(f"  {line}")


def phase_figures() -> None:
    """On phase.rs, when it is installed: ``conformance properties --engine phase --profile
    ci`` as a user runs it (target: under 5 minutes, no harness error), with each error's
    message to tell the engine's from the harness's; and what
    ``benchmarks/phase_adapter.py`` prints (the adapter's own CPU against phase's rules
    calls, target at most 1.5)."""
    import importlib.util
    import json

    if importlib.util.find_spec("phase") is None:
        print("phase.rs: not installed (pip install '.[phase]'), no figures")
        return
    with tempfile.TemporaryDirectory(prefix="conformance-bench-") as temporary:
        results = Path(temporary) / "properties.json"
        usage = run_process([str(_BIN / "conformance"), "properties", "--engine", "phase",
                             "--profile", "ci", "--results", str(results)], ROOT,
                            allowed=(0, 1, 2))
        written = json.loads(results.read_text("utf-8"))["results"]
    counts: dict[str, int] = {}
    for result in written:
        counts[result["status"]] = counts.get(result["status"], 0) + 1
    print(f"phase.rs, conformance properties --profile ci: {usage.wall / 60:.1f} min wall "
          f"({usage.cpu:.0f} s CPU, searches two at a time; target < 5 min: "
          f"{'met' if usage.wall < 300 else 'MISSED'}); "
          + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    for result in written:
        if result["status"] == "error":
            print(f"  error {result['id']}: {result['message'].splitlines()[0]}")
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "phase_adapter.py")],
                          capture_output=True, text=True, check=True)
    print("phase adapter (benchmarks/phase_adapter.py):")
    for line in done.stdout.splitlines():
        print(f"  {line}")


if __name__ == "__main__":
    sys.exit(main())
