"""``conformance run --jobs N``: the same results as one process, whatever the corpus holds
(failures, broken files, duplicate ids), and a process that dies costs only its rulings;
``pytest -n N`` on a corpus distributes with ``worksteal``."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
WRONG = "wrong_engines:room_one_door_off_battlefield"


def _results(path: Path) -> dict[tuple[str, str], tuple[str, str, str, int]]:
    """Each result by (id, file): a duplicate id's failure shares its id with the ruling."""
    document: dict[str, Any] = json.loads(path.read_text("utf-8"))
    found = {}
    for r in document["results"]:
        key = (r["id"], r["path"])
        assert key not in found, f"{key} recorded twice"
        found[key] = (r["status"], r["message"], r["path"], r["line"])
    return found


def _run(tmp_path: Path, name: str, *extra: str
         ) -> dict[tuple[str, str], tuple[str, str, str, int]]:
    out = tmp_path / f"{name}.json"
    code = main(["run", "-q", "--no-html", "--results", str(out), *extra])
    assert code in (0, 1, 2)
    return _results(out)


def test_two_jobs_give_the_results_of_one_process(tmp_path, capsys):
    rulings = ["--rulings", str(RULINGS / "rooms"), str(RULINGS / "copies")]
    assert _run(tmp_path, "two", *rulings, "--jobs", "2", "--engine", WRONG) == \
        _run(tmp_path, "one", *rulings, "--engine", WRONG)
    printed = capsys.readouterr().out
    assert printed.count("FAILED room-characteristics-outside-stack-and-battlefield") == 2


def test_broken_files_and_duplicate_ids_come_out_as_in_one_process(tmp_path, capsys):
    corpus = tmp_path / "rulings"
    shutil.copytree(RULINGS / "rooms", corpus / "rooms")
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, corpus / name)
    (corpus / "rooms" / "broken.yaml").write_text("id: broken\ntext: [unclosed\n", "utf-8")
    for name in ("a-copy.yaml", "zz-copy.yaml"):  # one before, one after the original
        shutil.copy(corpus / "rooms" / "cast-one-door.yaml", corpus / "rooms" / name)
    one = _run(tmp_path, "one", "--rulings", str(corpus))
    for jobs in ("2", "3"):
        assert _run(tmp_path, f"jobs-{jobs}", "--rulings", str(corpus), "--jobs", jobs) == one
    kept = [path for (i, path), (status, *_rest) in one.items()
            if i == "room-cast-one-door" and status == "passed"]
    assert len(kept) == 1 and kept[0].endswith("a-copy.yaml")  # the first file keeps it
    assert sum(1 for status, message, _p, _l in one.values()
               if "is already used by" in message and status == "error") == 2


def test_a_process_that_dies_costs_its_rulings_an_error_each(tmp_path, monkeypatch, capsys):
    module = tmp_path / "dying_engine.py"
    module.write_text(textwrap.dedent("""\
        import os
        from conformance.engines.reference import ReferenceEngine

        class Dying:
            def __init__(self):
                self._engine = ReferenceEngine()
                self.started = 0

            def start(self, setup, cards):
                self.started += 1
                if self.started == 3:
                    try:  # the first process to get here dies; the others never do
                        os.close(os.open(os.environ["DIE_MARK"], os.O_CREAT | os.O_EXCL))
                    except FileExistsError:
                        pass
                    else:
                        os._exit(9)
                return self._engine.start(setup, cards)

            def __getattr__(self, name):
                return getattr(self._engine, name)

        def create():
            return Dying()
        """), "utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("DIE_MARK", str(tmp_path / "died"))
    out = tmp_path / "r.json"
    code = main(["run", "-q", "--no-html", "--no-isolate", "--jobs", "2", "--engine",
                 "dying_engine:create", "--rulings", str(RULINGS / "rooms"),
                 "--results", str(out)])
    results = _results(out)
    died = [key for key, (_s, message, _p, _l) in results.items() if "died" in message]
    assert died, "no process died"
    assert code == 2
    expected = {p.stem for p in (RULINGS / "rooms").glob("*.yaml")}
    assert len(results) == len(expected)  # every ruling has a result
    assert all(results[i][0] == "error" and "exit status 9" in results[i][1] for i in died)
    assert sum(1 for status, *_rest in results.values() if status == "passed") >= \
        len(expected) // 2 - 1  # the other process played its share
    capsys.readouterr()


def test_jobs_must_be_a_count(tmp_path, capsys):
    assert main(["run", "-q", "--jobs", "-1", "--results", str(tmp_path / "r.json")]) == 2
    assert "--jobs must be 0 (one per CPU) or more" in capsys.readouterr().err


@pytest.mark.parametrize("dist, expected", [([], "worksteal"), (["--dist", "load"], "load")])
def test_pytest_distributes_a_corpus_with_worksteal(pytester: pytest.Pytester, dist,
                                                    expected):
    folder = pytester.path / "rulings" / "rooms"
    folder.mkdir(parents=True)
    shutil.copy(RULINGS / "cards.yaml", folder.parent / "cards.yaml")
    shutil.copy(RULINGS / "rooms" / "cast-one-door.yaml", folder)
    pytester.makeconftest("def pytest_configure(config):\n"
                          "    print('dist mode:', config.option.dist)\n")
    result = pytester.runpytest_subprocess("rulings", "-n", "2", "-p", "no:cacheprovider",
                                           *dist)
    result.assert_outcomes(passed=1)
    assert f"dist mode: {expected}" in result.outlines
    assert sys.executable  # the workers run this interpreter
