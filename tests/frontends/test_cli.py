"""The ``conformance`` command, run in-process through ``cli.main`` and once as a real process."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from conformance import __version__
from conformance.contract import registry
from conformance.format.loader import load_corpus
from conformance.format.vocabulary import CAPABILITIES
from conformance.frontends.cli import main
from conformance.runner.results import Status

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
CARD_FILE = RULINGS / "cards.yaml"
BROKEN = ROOT / "tests" / "data" / "broken"
GOOD_RULING = RULINGS / "rooms" / "cast-one-door.yaml"
BROKEN_RULING = BROKEN / "unknown-mechanic.yaml"
HEADER_KEYS = {"format", "harness", "engine", "corpus", "seed", "started", "finished", "summary"}


def expected_error(path: Path, broken: Path = BROKEN_RULING) -> str:
    """The ``path:line: message`` the loader must give for a copy of a broken file."""
    first = broken.read_text(encoding="utf-8").splitlines()[0]
    return f"{path}:{first.removeprefix('# expect: ')}"


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A folder with one good ruling and one broken ruling, and no card file."""
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(GOOD_RULING, folder / "good.yaml")
    shutil.copy(BROKEN_RULING, folder / "broken.yaml")
    return folder


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text
        assert 'File "' not in text


# --- run ------------------------------------------------------------------------------------


def test_run_on_the_real_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results_file = tmp_path / "out" / "results.json"

    code = main(["run", "--rulings", str(RULINGS), "--results", str(results_file)])

    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert err == ""
    document = json.loads(results_file.read_text(encoding="utf-8"))
    assert HEADER_KEYS <= set(document)
    assert document["format"] == "conformance-results/1"
    assert document["harness"] == {"name": "conformance", "version": __version__}
    engine = registry.create("reference")
    try:
        assert document["engine"]["name"] == engine.info.name == "reference"
        assert document["engine"]["version"] == engine.info.version
        assert document["engine"]["capabilities"] == sorted(engine.info.capabilities)
    finally:
        engine.close()
    assert document["corpus"]["root"] == str(RULINGS)
    assert document["corpus"]["revision"]
    assert isinstance(document["seed"], int)
    assert datetime.fromisoformat(document["started"]) <= datetime.fromisoformat(
        document["finished"])

    corpus = load_corpus([RULINGS], CARD_FILE)
    results = document["results"]
    assert sorted(r["id"] for r in results) == sorted(r.id for r in corpus.rulings)
    for result in results:
        assert {"id", "status", "message", "duration"} <= set(result)
        assert result["status"] in {s.value for s in Status}
        assert result["status"] not in ("failed", "error"), result
        assert isinstance(result["message"], str)
        assert isinstance(result["duration"], float) and result["duration"] >= 0
    summary = document["summary"]
    assert set(summary) == {s.value for s in Status}
    assert sum(summary.values()) == len(results)
    for status, count in summary.items():
        assert count == sum(1 for r in results if r["status"] == status)

    assert f"engine reference {engine.info.version}: {summary['passed']} passed" in out
    assert f"results written to {results_file}" in out


def test_run_reports_a_broken_file_and_runs_the_good_one(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    results_file = tmp_path / "results.json"

    code = main(["run", "--rulings", str(mixed), "--cards", str(CARD_FILE),
                 "--results", str(results_file)])

    out, err = capsys.readouterr()
    assert code == 2
    error = expected_error(mixed / "broken.yaml")
    assert error in [line.strip() for line in out.splitlines()]
    no_traceback(out, err)
    results = {r["id"]: r for r in json.loads(results_file.read_text("utf-8"))["results"]}
    assert set(results) == {"room-cast-one-door", "broken-unknown-mechanic"}
    good = results["room-cast-one-door"]
    assert (good["status"], good["message"], good["path"]) == (
        "passed", "", str(mixed / "good.yaml"))
    bad = results["broken-unknown-mechanic"]
    assert (bad["status"], bad["message"], bad["path"]) == (
        "error", error, str(mixed / "broken.yaml"))
    assert bad["line"] == int(error.split(":")[1])


def test_run_quiet_still_reports_errors(
    mixed: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["run", "-q", "--rulings", str(mixed), "--cards", str(CARD_FILE),
                 "--results", str(tmp_path / "r.json")])
    out, _ = capsys.readouterr()
    assert code == 2
    assert expected_error(mixed / "broken.yaml") in out
    assert "1 passed" in out and "1 error" in out


def test_run_with_a_bad_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text("Memnite:\n  - name: Memnite\n    types: [Artifact]\n    manaCots: '{0}'\n",
                     encoding="utf-8")
    code = main(["run", "--rulings", str(GOOD_RULING), "--cards", str(cards),
                 "--results", str(tmp_path / "r.json")])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == (f"conformance: error: {cards}:4: unknown card key 'manaCots'; "
                   f"did you mean 'manaCost'?\n")
    no_traceback(out, err)


def test_unknown_engine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--engine", "refrence", "--rulings", str(RULINGS),
                 "--results", str(tmp_path / "r.json")])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("conformance: error: unknown engine 'refrence'; did you mean "
                          "'reference'?")
    no_traceback(out, err)


def test_missing_rulings_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no-such-folder"
    code = main(["run", "--rulings", str(missing), "--cards", str(CARD_FILE),
                 "--results", str(tmp_path / "r.json")])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == f"conformance: error: no such file or folder: {missing}\n"
    no_traceback(out, err)


def test_missing_rulings_path_without_card_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    missing = tmp_path / "no-such-folder"
    code = main(["run", "--rulings", str(missing), "--results", str(tmp_path / "r.json")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == f"conformance: error: no such file or folder: {missing}\n"


def test_no_card_file_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "rulings"
    folder.mkdir()
    shutil.copy(GOOD_RULING, folder / "good.yaml")
    code = main(["lint", str(folder)])
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("conformance: error: ")
    assert "cards.yaml" in err and str(folder) in err
    no_traceback(out, err)


# --- lint -----------------------------------------------------------------------------------


def test_lint_good_files(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["lint", str(RULINGS)])
    out, err = capsys.readouterr()
    count = len(load_corpus([RULINGS], CARD_FILE).rulings)
    assert (code, out, err) == (0, f"{count} ruling file(s) valid, 0 invalid\n", "")


def test_lint_defaults_to_the_rulings_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["lint"]) == 0
    assert capsys.readouterr().out.endswith(" valid, 0 invalid\n")


def test_lint_broken_files_prints_each_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    several = BROKEN / "several" / "several-mistakes.yaml"
    broken = [BROKEN / "unknown-mechanic.yaml", BROKEN / "tapped-outside-battlefield.yaml"]
    paths = [GOOD_RULING, *broken, several]

    code = main(["lint", *map(str, paths), "--cards", str(CARD_FILE)])

    out, err = capsys.readouterr()
    assert code == 2
    lines = out.splitlines()
    expected = [expected_error(p, p) for p in broken]
    expected += [line.replace("# expect: ", f"{several}:")
                 for line in several.read_text("utf-8").splitlines()
                 if line.startswith("# expect: ")]
    assert sorted(lines[:-1]) == sorted(expected)
    assert lines[-1] == "1 ruling file(s) valid, 3 invalid"
    no_traceback(out, err)


def test_lint_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.yaml"
    code = main(["lint", str(missing), "--cards", str(CARD_FILE)])
    out, err = capsys.readouterr()
    assert (code, err) == (2, f"conformance: error: no such file or folder: {missing}\n")


# --- engines, version, usage ----------------------------------------------------------------


def test_engines_lists_reference_with_its_capabilities(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["engines"]) == 0
    lines = capsys.readouterr().out.splitlines()
    engine = registry.create("reference")
    try:
        info = engine.info
    finally:
        engine.close()
    header = f"{info.name} {info.version} (contract {info.contract})"
    assert header in lines
    capabilities = lines[lines.index(header) + 1]
    assert capabilities == f"  capabilities: {', '.join(sorted(info.capabilities))}"
    assert "inject-state" in info.capabilities and "rooms" in info.capabilities
    assert set(info.capabilities) <= set(CAPABILITIES)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out == f"conformance {__version__}\n"


@pytest.mark.parametrize("argv", [[], ["frobnicate"], ["run", "--bogus"]])
def test_bad_usage_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert err.startswith("usage: conformance")
    no_traceback(out, err)


# --- as a real process ----------------------------------------------------------------------


def conformance(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conformance.frontends.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def test_process_unknown_engine_shows_no_traceback(tmp_path: Path) -> None:
    done = conformance("run", "--engine", "refrence", "--rulings", str(RULINGS),
                       "--results", str(tmp_path / "r.json"), cwd=tmp_path)
    assert done.returncode == 2
    assert "did you mean 'reference'?" in done.stderr
    no_traceback(done.stdout, done.stderr)


def test_process_run_with_a_broken_file(mixed: Path, tmp_path: Path) -> None:
    results_file = tmp_path / "results.json"
    done = conformance("run", "--rulings", str(mixed), "--cards", str(CARD_FILE),
                       "--results", str(results_file), cwd=tmp_path)
    assert done.returncode == 2
    assert expected_error(mixed / "broken.yaml") in done.stdout
    no_traceback(done.stdout, done.stderr)
    statuses = {r["id"]: r["status"] for r in json.loads(results_file.read_text())["results"]}
    assert statuses == {"room-cast-one-door": "passed", "broken-unknown-mechanic": "error"}


def test_process_version(tmp_path: Path) -> None:
    done = conformance("--version", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"conformance {__version__}\n")
