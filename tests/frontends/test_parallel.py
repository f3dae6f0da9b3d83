"""Parallel runs: ``pytest rulings -n 2`` and pytest-xdist gateways (``--tx``) give the same
merged results file -- and so the same reports -- as a run in one process."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.format.loader import LoadFailure, find_ruling_files, load_corpus, load_ruling
from conformance.frontends import report_wire
from conformance.frontends.plugin import declared_id
from conformance.reporting.html import run_report
from conformance.reporting.runs import read_run

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
WRONG = "wrong_engines:room_one_door_off_battlefield"  # one ruling fails, with a message


def pytest_rulings(results: Path, *options: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(TESTS), *filter(None, [os.environ.get("PYTHONPATH")])])}
    process = subprocess.run(
        [sys.executable, "-m", "pytest", "rulings", "-q", "-p", "no:cacheprovider",
         "--engine", WRONG, "--conformance-results", str(results), *options],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert process.returncode == 1, process.stdout + process.stderr  # the one failure
    document: dict[str, Any] = json.loads(results.read_text(encoding="utf-8"))
    return document


def comparable(document: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    ids = [r["id"] for r in document["results"]]
    assert len(ids) == len(set(ids)), "a ruling recorded twice"
    return {r["id"]: (r["status"], r["message"], r["path"], r["line"], r["scenario"],
                      r["setup"], r["injected_steps"]) for r in document["results"]}


@functools.cache
def corpus() -> Any:
    return load_corpus([ROOT / "rulings"])


def report_without_times(path: Path) -> str:
    corpus_ = corpus()
    html = run_report(read_run(path), {r.id: r for r in corpus_.rulings}, corpus_.cr_sections)
    html = html.replace(str(path), "<results>")
    html = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[^ <]*", "<time>", html)
    return re.sub(r'<span class="duration">[^<]*</span>', "", html)


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serial") / "results.json"
    pytest_rulings(path)
    return path


@pytest.mark.parametrize("options", [
    ("-n", "2"),
    pytest.param(("--tx", "2*popen", "--dist", "load"), marks=pytest.mark.slow),
    pytest.param(("-d", "--tx", "popen", "--tx", "popen"), marks=pytest.mark.slow),
], ids=["n2", "tx-2-popen", "d-tx-popen-popen"])
def test_parallel_runs_give_the_same_results_and_reports(serial, tmp_path, options):
    one = json.loads(serial.read_text(encoding="utf-8"))
    path = tmp_path / "results.json"
    many = pytest_rulings(path, *options)
    assert comparable(many) == comparable(one)
    assert sum(1 for r in one["results"] if r["status"] == "failed") == 1
    assert many["summary"] == one["summary"]
    assert "finished" in many
    assert report_without_times(path) == report_without_times(serial)


# -- each worker loads only what it runs ------------------------------------------------------

LOAD_LOG = '''
import os

import pytest

from conformance.frontends import plugin

_load = plugin.load_ruling


def pytest_configure(config):
    worker = getattr(config, "workerinput", {}).get("workerid", "controller")
    folder = os.environ["LOAD_LOG"]

    def load(path, *args, **kwargs):
        with open(os.path.join(folder, worker + ".loaded"), "a") as log:
            log.write(f"{path}\\n")
        return _load(path, *args, **kwargs)

    plugin.load_ruling = load
    config.load_log = os.path.join(folder, worker + ".ran")


def pytest_runtest_setup(item):
    with open(item.config.load_log, "a") as log:
        log.write(f"{item.path}\\n")


@pytest.hookimpl(hookwrapper=True)
def pytest_report_from_serializable(config, data):  # on the controller: how reports came
    with open(os.path.join(os.environ["LOAD_LOG"], "controller.reports"), "a") as log:
        log.write(data.get("$report_type", "?") + "\\n")
    yield
'''


def test_each_worker_loads_only_the_rulings_it_runs(tmp_path: Path) -> None:
    """Collection reads ids only: a worker parses and checks the files of its own items,
    each once, and no file is loaded by two workers."""
    corpus_ = tmp_path / "rulings"
    corpus_.mkdir()
    shutil.copy(ROOT / "rulings" / "cards.yaml", corpus_ / "cards.yaml")
    for path in sorted((ROOT / "rulings" / "rooms").glob("*.yaml"))[:12]:
        shutil.copy(path, corpus_ / path.name)
    (tmp_path / "load_log.py").write_text(LOAD_LOG, encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    env = {**os.environ, "LOAD_LOG": str(logs), "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    process = subprocess.run(
        [sys.executable, "-m", "pytest", "rulings", "-q", "-p", "no:cacheprovider",
         "-p", "load_log", "-n", "2"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert process.returncode == 0, process.stdout + process.stderr
    loaded = {log.stem: log.read_text(encoding="utf-8").split()
              for log in logs.glob("*.loaded")}
    ran = {log.stem: sorted(log.read_text(encoding="utf-8").split())
           for log in logs.glob("*.ran")}
    assert sorted(ran) == ["gw0", "gw1"], "both workers ran rulings"
    for worker, paths in ran.items():
        assert sorted(loaded.get(worker, [])) == paths, worker  # each once, only its own
    assert sorted(p for paths in ran.values() for p in paths) == sorted(
        str(p) for p in corpus_.glob("*.yaml") if p.name != "cards.yaml")
    # three reports a ruling, each sent pickled (conformance/frontends/report_wire.py) and
    # read back by pytest's own ``TestReport`` path
    sent = (logs / "controller.reports").read_text(encoding="utf-8").split()
    assert [kind for kind in sent if kind != "TestReport"] == [report_wire.REPORT_TYPE] * 36
    assert sent.count("TestReport") == 36


def test_a_file_collected_by_its_id_line_is_named_as_when_it_is_loaded(corpus) -> None:
    """The id read from a file's ``id:`` line is the id the loader finds, for every ruling
    and every deliberately broken file -- but for a file that libyaml parses and the loader
    still refuses as YAML (a duplicate key), which is named by the id it declares."""
    files = find_ruling_files([ROOT / "rulings"]) + sorted(
        (TESTS / "data" / "broken").rglob("*.yaml"))
    read = 0
    for path in files:
        declared = declared_id(path)
        if declared is None:
            continue
        read += 1
        loaded = load_ruling(path, corpus.cards, corpus.cr_sections)
        if isinstance(loaded, LoadFailure):
            if loaded.ruling_id is None:
                assert "invalid YAML: duplicate key" in loaded.message, path
                continue
            assert declared == loaded.ruling_id, path
        else:
            assert declared == loaded.id, path
    assert read > len(files) * 0.9


@pytest.mark.parametrize("text", [
    "id: '123'\n", "id: 123\n", "id: true\n", "id: x\nid: y\n", "id: x\n'id': y\n",
    "id: x\ntext: [unclosed\n", "id: x\n---\nid: y\n", "id: x # the id\n", "id: Upper\n",
    "text: |\n  id: inside\n",
])
def test_an_id_line_that_is_not_that_simple_is_left_to_the_loader(tmp_path: Path,
                                                                  text: str) -> None:
    path = tmp_path / "ruling.yaml"
    path.write_text(text, encoding="utf-8")
    assert declared_id(path) is None


def test_an_id_line_is_read_without_loading_the_file(tmp_path: Path) -> None:
    path = tmp_path / "ruling.yaml"
    path.write_text("# a comment\n---\nid: room-x-1\ntext: 'id: other'\n", encoding="utf-8")
    assert declared_id(path) == "room-x-1"


# -- 5,500 rulings (slow tier) ------------------------------------------------------------------


def _benchmarks() -> Any:
    """``benchmarks/run_all.py``, whose corpora and process measurements these tests share."""
    name = "benchmarks_run_all"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / "run_all.py")
        assert spec is not None and spec.loader is not None
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.mark.slow
def test_a_run_of_5500_rulings_costs_per_ruling_no_more_than_a_run_of_55(
        tmp_path: Path) -> None:
    """Whole ``conformance run`` processes, start-up and HTML report included, in CPU time
    (wall time is at the mercy of whatever else the machine runs)."""
    bench = _benchmarks()
    small = bench.conformance_run(bench.make_corpus(tmp_path / "small", 55), 1)
    large = bench.conformance_run(bench.make_corpus(tmp_path / "large", 5500), 1)
    ratio = (large.cpu / 5500) / (small.cpu / 55)
    assert ratio <= 1.2, (small, large)
    results = json.loads((tmp_path / "large" / "out" / "results.json").read_text("utf-8"))
    assert len(results["results"]) == 5500 and "finished" in results


@pytest.mark.slow
def test_pytest_n2_on_5500_rulings_loads_each_file_once_on_one_worker(tmp_path: Path) -> None:
    bench = _benchmarks()
    corpus_ = bench.make_corpus(tmp_path, 5500)
    (tmp_path / "load_log.py").write_text(LOAD_LOG, encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    env = {**os.environ, "LOAD_LOG": str(logs), "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    process = subprocess.run(
        [sys.executable, "-m", "pytest", str(corpus_), "-q", "-p", "no:cacheprovider",
         "--rootdir", str(corpus_), "-p", "load_log", "-n", "2",
         "--conformance-results", str(tmp_path / "results.json")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800, check=False)
    assert process.returncode == 0, process.stdout[-2000:] + process.stderr[-2000:]
    loaded = [path for log in logs.glob("*.loaded")
              for path in log.read_text(encoding="utf-8").split()]
    assert sorted(loaded) == sorted(str(p) for p in corpus_.rglob("ruling-*.yaml"))
    assert len(json.loads((tmp_path / "results.json").read_text("utf-8"))["results"]) == 5500
