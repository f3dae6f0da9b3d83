"""Property files, expectations files and command lines a hostile or careless user gives:
a property id never writes outside the counterexamples folder, ``lint`` checks property
files, a missing or empty corpus is exit 2 with a message, and ``| head`` ends a command
quietly with its files written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.errors import UsageError
from conformance.frontends.cli import main
from conformance.properties.run import counterexample_path
from conformance.runner.results import Result, Status

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
TESTS = ROOT / "tests"
PROPERTY = RULINGS / "properties" / "room-with-no-door-unlocked.property.yaml"


@pytest.mark.parametrize("property_id", ["../../escaped", "/tmp/anywhere", "a/b", "..", ".",
                                         ".hidden", "a\\b", "", "a\0b"])
def test_a_property_id_that_is_not_a_file_name_names_no_file(tmp_path: Path,
                                                             property_id: str) -> None:
    with pytest.raises(UsageError, match="cannot name a counterexample file"):
        counterexample_path(tmp_path / "out", property_id)


def test_a_plain_property_id_names_a_file_in_the_folder(tmp_path: Path) -> None:
    assert counterexample_path(tmp_path, "room-with-no-door.v2_x") == \
        tmp_path / "room-with-no-door.v2_x.yaml"


def hostile_corpus(tmp_path: Path, property_id: str) -> Path:
    """A corpus whose one property fails on the reference engine (it asks every Room to be
    nameless) and is named ``property_id``."""
    root = tmp_path / "rulings"
    (root / "properties").mkdir(parents=True)
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, root / name)
    checked = next(p for p in RULINGS.rglob("*.yaml")
                   if "id: room-with-no-door-unlocked\n" in p.read_text(encoding="utf-8"))
    shutil.copy(checked, root / checked.name)
    text = PROPERTY.read_text(encoding="utf-8")
    text = text.replace("property: room-with-no-door-is-nameless", f"property: {property_id}")
    text = text.replace("unlocked_doors: [], ", "")
    (root / "properties" / "hostile.property.yaml").write_text(text, encoding="utf-8")
    return root


def test_a_property_id_cannot_write_outside_the_counterexamples_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    root = hostile_corpus(tmp_path, "../../escaped")

    def failing(properties: Any, *args: Any, on_result: Any, **kwargs: Any) -> list[Result]:
        """The property fails at once, with a counterexample (no game is played)."""
        (prop,) = properties
        result = Result(prop.id, Status.FAILED, "a Room has a name", kind="property",
                        details={"counterexample": "id: x\n", "scenario": "", "replay": ""})
        on_result(result)
        return [result]

    monkeypatch.setattr("conformance.properties.run_properties", failing)
    out = tmp_path / "deep" / "out" / "ce"
    code = main(["properties", "--rulings", str(root), "--profile", "ci", "--property",
                 "../../escaped", "--counterexamples", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert "property id '../../escaped' cannot name a counterexample file" in err
    assert not list(tmp_path.rglob("escaped.yaml"))  # was: tmp_path/deep/escaped.yaml


def test_lint_checks_property_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = hostile_corpus(tmp_path, "../../escaped")
    broken = root / "properties" / "shape.property.yaml"
    broken.write_text("property: x\nchecks: 5\ninvariant: [{where: 1, expect: {}}]\n",
                      encoding="utf-8")
    assert main(["lint", str(root)]) == 2
    out = capsys.readouterr().out
    hostile = root / "properties" / "hostile.property.yaml"
    assert f"{hostile}:3: property: '../../escaped' is not an id that can name a file" in out
    assert f"{broken}:2: checks: expected array, found 5" in out
    assert f"{broken}:3: invariant.0.where: expected object, found 1" in out
    assert out.splitlines()[-1] == "1 ruling file(s) valid, 0 invalid, 2 invalid property file(s)"


def test_an_expectations_file_of_the_wrong_shape_is_located(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expectations = tmp_path / "expect.yaml"
    expectations.write_text("engines:\n  reference:\n    x: {status: failed, reason: {a: 1}}\n",
                            encoding="utf-8")
    code = main(["run", "--rulings", str(RULINGS / "rooms" / "cast-one-door.yaml"), "-q",
                 "--results", str(tmp_path / "r.json"), "--expect", str(expectations)])
    assert code == 2
    assert f"{expectations}:3: engines.reference.x.reason: expected" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["properties", "--rulings", "missing-folder"],
    ["run", "--rulings", "missing-folder"],
    ["lint", "missing-folder"],
    ["coverage", "--rulings", "missing-folder"],
])
def test_a_missing_corpus_is_exit_2_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "no such file or folder: missing-folder" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["run", "lint"])
def test_an_empty_corpus_is_exit_2_with_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    shutil.copy(RULINGS / "cards.yaml", tmp_path / "cards.yaml")
    argv = ["run", "--rulings", str(tmp_path), "--results", str(tmp_path / "r.json")] \
        if command == "run" else ["lint", str(tmp_path)]
    assert main(argv) == 2  # was: 0 rulings run, exit 0
    looked_for = "(*.yaml) or property files (*.property.yaml)" if command == "lint" \
        else "(*.yaml)"
    assert f"no ruling files {looked_for} in {tmp_path}" in capsys.readouterr().err


def test_a_closed_stdout_ends_the_command_quietly_with_its_files_written(
        tmp_path: Path) -> None:
    out = tmp_path / "coverage.json"
    html = tmp_path / "coverage.html"
    command = [sys.executable, "-m", "conformance.frontends.cli", "coverage", "--json",
               str(out), "--html", str(html)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(TESTS)])}
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()  # "| head -1"
    process.stdout.close()
    err = process.stderr.read().decode()
    code = process.wait(timeout=300)
    assert code == 0, err  # was: exit 1, nothing written
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert out.stat().st_size > 0 and html.stat().st_size > 0
