"""The defects issue 24 found with hostile and broken input and with faults, one test (or a
few) each: every one is now a clear ``path:line: message`` (or a plain message), exit 2 and no
traceback, or no longer happens at all."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
GOOD = RULINGS / "rooms" / "cast-one-door.yaml"
GOOD_ID = "room-cast-one-door"


def corpus(tmp_path: Path) -> Path:
    """A corpus of one ruling that passes on the reference engine."""
    root = tmp_path / "rulings"
    root.mkdir()
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, root / name)
    shutil.copy(GOOD, root / "good.yaml")
    return root


# -- 1. the text summary of a results file pytest wrote ---------------------------------------


def test_the_summary_of_a_results_file_pytest_wrote(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    results = tmp_path / "pytest-results.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p",
                           "no:cacheprovider", "-q", str(root), "--conformance-results",
                           str(results)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "version" not in json.loads(results.read_text("utf-8"))["engine"]
    assert main(["report", str(results)]) == 0  # was: a traceback (no engine version)
    out = capsys.readouterr().out
    assert out.startswith("conformance 0.1.0 -- engine reference\n1 passed, 0 failed")


def test_the_summary_of_a_results_file_with_only_its_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "bare.json"
    results.write_text('{"format": "conformance-results/1", "results": []}', encoding="utf-8")
    assert main(["report", str(results)]) == 0
    assert capsys.readouterr().out.startswith("conformance -- engine unknown\n0 passed")


# -- 2. a hex or binary integer of 4,000 digits ----------------------------------------------


def lint_and_run(root: Path, bad: Path, tmp_path: Path,
                 capsys: pytest.CaptureFixture[str]) -> list[str]:
    """Lint and run ``root``: exit 2 both times, no traceback, ``bad``'s messages all
    ``path:line: ...`` (returned), and the good ruling still passes."""
    assert main(["lint", str(root)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    messages = [line for line in out.splitlines() if line.startswith(str(bad))]
    assert messages, out
    for message in messages:
        location = message.partition(": ")[0]
        assert location.startswith(f"{bad}:") and location.rsplit(":", 1)[1].isdigit(), message
    assert "1 ruling file(s) valid, 1 invalid" in out
    results = tmp_path / "out" / "results.json"
    assert main(["run", "--rulings", str(root), "--results", str(results)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    statuses = {r["id"]: r["status"] for r in json.loads(results.read_text("utf-8"))["results"]}
    assert statuses.pop(GOOD_ID) == "passed"  # the other ruling still runs
    assert list(statuses.values()) == ["error"]
    return messages


@pytest.mark.parametrize(("text", "line"), [
    ("id: 0x" + "f" * 4000 + "\n", 1),                     # was: a traceback, nothing run
    ("id: x\ncards: 0b" + "1" * 14_000 + "\n", 2),
    ("id: x\nnotes: [0" + "7" * 4000 + "]\n", 2),  # octal
    ("id: x\nnotes: -0x" + "a" * 1001 + "\n", 2),
])
def test_a_long_hex_or_binary_integer_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int) -> None:
    root = corpus(tmp_path)
    bad = root / "long-integer.yaml"
    bad.write_text(text, encoding="utf-8")
    messages = lint_and_run(root, bad, tmp_path, capsys)
    assert any(m.startswith(f"{bad}:{line}: invalid YAML: cannot read '")
               and "as int (expected an integer of at most 4000 bits, found one of " in m
               for m in messages), messages


def test_an_integer_of_4000_bits_is_still_read(tmp_path: Path) -> None:
    from conformance.format.yamlsource import load_yaml

    path = tmp_path / "x.yaml"
    path.write_text("v: 0x" + "f" * 1000 + "\n", encoding="utf-8")
    assert load_yaml(path)["v"] == 16 ** 1000 - 1


# -- 3. a card file's list of strings that is not one ----------------------------------------


@pytest.mark.parametrize(("written", "found"), [
    ("types: 5", "found 5"),                                            # was: a TypeError
    ("types: Enchantment", "found 'Enchantment' (write [Enchantment])"),  # was: E, n, c, ...
    ("types: [Enchantment, 7]", "found an item 7"),
    ("types: {Enchantment: 1}", "found a mapping"),
    ("types: [[Enchantment]]", "found an item a list"),
])
def test_a_card_file_list_that_is_not_a_list_of_strings_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], written: str, found: str) -> None:
    root = corpus(tmp_path)
    cards = root / "cards.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines(keepends=True)
    number = lines.index("    types: [Enchantment]\n")
    lines[number] = f"    {written}\n"
    cards.write_text("".join(lines), encoding="utf-8")
    for command in (["lint", str(root)], ["run", "--rulings", str(root), "--results",
                                          str(tmp_path / "results.json")]):
        assert main(command) == 2
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert f"{cards}:{number + 1}: card 'Bottomless Pool // Locker Room': 'types': " \
               f"expected a list of strings, {found}" in err


@pytest.mark.parametrize("key", ["subtypes", "supertypes", "colors", "colorIdentity",
                                 "colorIndicator", "keywords"])
def test_every_list_of_strings_of_a_face_is_checked(tmp_path: Path, key: str) -> None:
    from conformance.errors import RulingFileError
    from conformance.format.cards import load_cards

    cards = tmp_path / "cards.yaml"
    cards.write_text(f"Bear:\n  - name: Bear\n    types: [Creature]\n    {key}: Green\n",
                     encoding="utf-8")
    with pytest.raises(RulingFileError, match=rf"^{cards}:4: card 'Bear': '{key}': expected "
                                              r"a list of strings, found 'Green'"):
        load_cards(cards)


# -- 4. a path component over 255 bytes --------------------------------------------------------

LONG = "a" * 300


def two_versions(tmp_path: Path, path: str) -> tuple[Path, Path]:
    """Results files of two versions of one engine whose results name ``path``."""
    sys.path.insert(0, str(ROOT / "tests"))
    from results_files import result, write_results

    results = [result(GOOD_ID, "failed", "expected 6, found 1", path=path, line=3),
               result("room-other", "passed", path=path)]
    return (write_results(tmp_path / "a-0.1.json", results, version="0.1.0"),
            write_results(tmp_path / "a-0.2.json", results, version="0.2.0"))


@pytest.mark.parametrize("path", [f"/tmp/{LONG}/x.yaml", f"rulings/{LONG}.yaml"])
def test_reports_of_results_naming_a_path_with_a_long_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], path: str) -> None:
    old, new = two_versions(tmp_path, path)
    out = tmp_path / "out" / "report.html"
    corpus_of = ["--rulings", str(RULINGS)]
    for command in (["report", str(old), *corpus_of],
                    ["report", str(old), "--html", str(out), *corpus_of],  # was: OSError
                    ["report", str(old), str(new), "--html", str(out), *corpus_of],
                    ["history", str(old), str(new), "--html", str(out), *corpus_of],
                    ["diff", str(old), str(new)],
                    ["coverage", "--results", str(old), "--html", str(out), *corpus_of]):
        assert main(command) == 0, command
        out_text, err = capsys.readouterr()
        assert "Traceback" not in out_text + err


@pytest.mark.parametrize("command", [
    ["report", "{old}", "--html", "{long}/report.html"],
    ["report", "{old}", "--html", "{long}.html"],
    ["report", "{old}", "{new}", "--html", "{long}.html"],
    ["history", "{old}", "{new}", "--html", "{long}.html"],
    ["lint", "{long}.yaml"],
    ["run", "--rulings", "{long}"],
    ["run", "--rulings", "{rulings}", "--results", "{long}/results.json"],
    ["run", "--rulings", "{rulings}", "--expect", "{long}.yaml"],
    ["expect", "update", "{old}", "--expect", "{long}.yaml"],
])
def test_a_path_with_a_name_over_255_bytes_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    old, new = two_versions(tmp_path, str(GOOD))
    values = {"old": str(old), "new": str(new), "long": str(tmp_path / LONG),
              "rulings": str(corpus(tmp_path))}
    argv = [part.format(**values) for part in command]
    if argv[0] in ("report", "history"):
        argv += ["--rulings", str(RULINGS)]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err.startswith(f"conformance: error: {tmp_path / LONG}"), err
    assert "File name too long" in err


# -- 5. a results file's path as a link ------------------------------------------------------

HOSTILE_PATHS = ["javascript:alert(1)", "JavaScript:alert(document.domain)//x.yaml",
                 "data:text/html,<script>alert(1)</script>", "//evil.invalid/x.yaml",
                 "\\\\evil.invalid\\x.yaml", "https://evil.invalid/x.yaml",
                 " javascript:alert(1)", "vbscript:msgbox(1)"]


def hrefs(html: str) -> list[str]:
    import html as markup
    import re

    return [markup.unescape(h) for h in re.findall(r'href="([^"]*)"', html)]


def only_file_links(html: str) -> None:
    from urllib.parse import urlsplit

    for href in hrefs(html):
        if href.startswith("#"):
            continue
        parts = urlsplit(href.strip())
        assert parts.scheme == "" and parts.netloc == "", href
        assert not href.startswith(("//", "\\", "/\\")), href


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_a_results_files_path_is_only_ever_a_file_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], path: str) -> None:
    monkeypatch.chdir(tmp_path)
    try:  # a file of that name in the current folder: the history links it
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("id: x\n", encoding="utf-8")
    except OSError:
        pass
    old, new = two_versions(tmp_path, path)
    out = tmp_path / "report.html"
    for command in (["report", str(old)], ["report", str(old), str(new)],
                    ["history", str(old), str(new)]):
        assert main([*command, "--html", str(out), "--rulings", str(RULINGS)]) in (0, 1)
        capsys.readouterr()
        html = out.read_text(encoding="utf-8")
        only_file_links(html)
        assert "javascript:" not in " ".join(hrefs(html)).lower()


def test_a_plain_path_is_still_linked_as_it_was(tmp_path: Path) -> None:
    from conformance.reporting.details import Links, file_href

    assert file_href("rulings/rooms/cast-one-door.yaml") == "rulings/rooms/cast-one-door.yaml"
    assert file_href("/abs/x y.yaml") == "/abs/x%20y.yaml"
    assert file_href("javascript:alert(1)") == "javascript%3Aalert%281%29"
    assert file_href("//evil.invalid/x") == "/evil.invalid/x"
    assert Links(tmp_path).ruling(str(tmp_path / "r" / "x.yaml"), 4) == "r/x.yaml#L4"
    assert Links(source_url="https://h.invalid/{revision}/{path}#L{line}",
                 revision="a/b").ruling("r/x?.yaml", 2) == "https://h.invalid/a%2Fb/r/x%3F.yaml#L2"


# -- 6. and 11. what an isolated engine starts never outlives the run -----------------------

ENGINES = '''
import os, subprocess, sys, time
from pathlib import Path
from conformance.engines.reference import ReferenceEngine

PIDS = Path(os.environ["PIDS_FILE"])

class Helper(ReferenceEngine):
    """Starts a helper process that shares the run's standard output and outlives it."""

    def start(self, setup, cards):
        if not PIDS.exists():
            helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
            PIDS.write_text(f"{os.getpid()} {helper.pid}")
        return super().start(setup, cards)

class Dying(ReferenceEngine):
    """Starts a helper, then kills its own process (as a crash in native code would)."""

    def start(self, setup, cards):
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        PIDS.write_text(f"{os.getpid()} {helper.pid}")
        os.kill(os.getpid(), 9)

class Hanging(ReferenceEngine):
    """Starts a helper, then never returns."""

    def start(self, setup, cards):
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        PIDS.write_text(f"{os.getpid()} {helper.pid}")
        time.sleep(3600)
'''


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie no one has reaped yet has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except FileNotFoundError:
        return True
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")


def wait_until(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def engine_run(tmp_path: Path, engine: str) -> tuple[list[str], dict[str, str], Path]:
    (tmp_path / "engines_24.py").write_text(ENGINES, encoding="utf-8")
    pids = tmp_path / "pids"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
           "PIDS_FILE": str(pids)}
    command = [sys.executable, "-m", "conformance.frontends.cli", "run", "--engine",
               f"engines_24:{engine}", "--isolate", "--rulings", str(corpus(tmp_path)),
               "--results", str(tmp_path / "results.json"), "--no-html", "--timeout", "60"]
    return command, env, pids


needs_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs /proc")


@needs_linux
def test_a_helper_an_isolated_engine_started_does_not_hold_the_runs_output(
        tmp_path: Path) -> None:
    command, env, pids = engine_run(tmp_path, "Helper")
    started = time.monotonic()
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=100)  # `| cat`: reads until every writer is gone
    assert time.monotonic() - started < 30  # was: 120 s, the helper's life
    assert done.returncode == 0, done.stderr
    assert "1 passed" in done.stdout
    child, helper = map(int, pids.read_text().split())
    assert wait_until(lambda: gone(child) and gone(helper), 5)


@needs_linux
def test_a_helper_an_isolated_property_search_started_does_not_hold_the_output(
        tmp_path: Path) -> None:
    command, env, pids = engine_run(tmp_path, "Helper")
    command = [sys.executable, "-m", "conformance.frontends.cli", "properties", "--engine",
               "engines_24:Helper", "--isolate", "--profile", "ci", "--property",
               "legend-rule", "--rulings", str(ROOT / "rulings"),
               "--results", str(tmp_path / "properties.json")]
    started = time.monotonic()
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=100)  # `| cat`: reads until every writer is gone
    assert time.monotonic() - started < 60  # was: 120 s, the helper's life
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed (properties)" in done.stdout
    child, helper = map(int, pids.read_text().split())
    assert wait_until(lambda: gone(child) and gone(helper), 5)


@needs_linux
def test_a_helper_of_an_engine_that_died_goes_with_it(tmp_path: Path) -> None:
    command, env, pids = engine_run(tmp_path, "Dying")
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=100)
    assert done.returncode == 2, done.stderr
    assert "died (SIGKILL) during this ruling" in done.stdout
    child, helper = map(int, pids.read_text().split())
    assert wait_until(lambda: gone(child) and gone(helper), 5)


@needs_linux
def test_a_harness_killed_with_sigkill_takes_its_hanging_engine_along(tmp_path: Path) -> None:
    command, env, pids = engine_run(tmp_path, "Hanging")
    harness = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        assert wait_until(lambda: pids.exists() and len(pids.read_text().split()) == 2, 30)
        child, helper = map(int, pids.read_text().split())
        assert not gone(child) and not gone(helper)
    finally:
        harness.kill()
        harness.wait()
    assert wait_until(lambda: gone(child) and gone(helper), 5)  # was: both kept running


# -- 7. phase's reproduction script, whatever the names in its failure ----------------------

NAMES = ["x}, found 1 z", "a'b\"c", "back\\slash \\N{x} end\\", 'three """ quotes', "{}",
         "line\nbreak\x00nul", "ünï cödé"]


def phase_reproduction(failure: str, reads: list[Any] | None = None) -> str:
    from types import SimpleNamespace

    from conformance.engines.phase.trace import reproduction

    session = SimpleNamespace(
        trace=[{"op": "new_game", "player": ["Bear"], "opponent": [], "seed": 0,
                "first_player": 0}],
        data=SimpleNamespace(sources={"Bear": ("normal", [{"name": "Bear"}])}),
        setup_steps=[], names=["you", "opponent"])
    script = reproduction(session, reads or [], failure)  # type: ignore[arg-type]
    assert script is not None
    compile(script, "repro.py", "exec")  # was: a SyntaxError for a name holding "}, found"
    return script


def assigned(script: str, name: str) -> Any:
    import ast

    tree = ast.parse(script)
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == name:
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned")


@pytest.mark.parametrize("name", NAMES)
def test_a_filter_name_stays_one_value_in_phases_reproduction(name: str) -> None:
    written = {"name": name, "zone": "battlefield"}
    for failure in (f"objects: expected 2 matching {written!r}, found 0",
                    f"expected exactly one object in the battlefield matching {written!r}; "
                    f"found 3"):
        script = phase_reproduction(failure)
        assert assigned(script, "FILTER") == written


@pytest.mark.parametrize("name", NAMES)
def test_any_failure_text_stays_inside_the_scripts_docstring(name: str) -> None:
    import ast

    failure = f"objects: expected 1 matching {{'name': 'Bear'}}, found 0 ({name})"
    script = phase_reproduction(failure)
    docstring = ast.get_docstring(ast.parse(script))
    assert docstring is not None and f"({name})" in docstring.replace("\\x00", "\x00")


def test_the_legal_action_reading_is_python_whatever_the_json() -> None:
    from conformance.engines.phase.trace import Read

    detail = {"kind": "cast", "match": {"face_down": True, "target": None, "name": "x'}"}}
    script = phase_reproduction("the engine refused it: not among phase's legal actions",
                                [Read("perform", "x", 0, detail)])
    value = next(line for line in script.splitlines() if line.startswith("WANTED = "))
    assert json.loads(eval(value.removeprefix("WANTED = ").removeprefix("json.loads"))) \
        == detail


# -- 8. an expectations entry of the wrong type ----------------------------------------------


@pytest.mark.parametrize(("entry", "line", "message"), [
    ("room-x: bogus", 4, "status must be one of ['failed', 'error', 'timeout', 'unsupported'], "
                         "found 'bogus'"),                      # was: e.yaml: (no line)
    ("room-x: 5", 4, "expected a mapping with status and reason or bug, found 5"),
    ("room-x:", 4, "expected a mapping with status and reason or bug, found nothing"),
    ("room-x: [failed, x]", 4, "expected a mapping with status and reason or bug, found a "
                               "list (['failed', 'x'])"),
    ("room-x:\n      status: failed\n      reason: 5", 6,
     "engines.reference.room-x.reason: expected ['string', 'null'], found 5"),
    ("room-x:\n      status: failed\n      resaon: x", 6, "unknown key 'resaon'; did you "
                                                        "mean 'reason'?"),
])
def test_an_expectations_entry_of_the_wrong_type_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], entry: str, line: int,
        message: str) -> None:
    root = corpus(tmp_path)
    expect = tmp_path / "expectations.yaml"
    expect.write_text("format: conformance-expectations/1\nengines:\n  reference:\n"
                      f"    {entry}\n", encoding="utf-8")
    results = tmp_path / "results.json"
    for command in (["run", "--rulings", str(root), "--results", str(results), "--no-html",
                     "--expect", str(expect)],
                    ["expect", "update", str(results), "--expect", str(expect)],
                    ["report", str(results), "--expect", str(expect), "--html",
                     str(tmp_path / "r.html"), "--rulings", str(root)]):
        if command[0] != "run":
            assert main(["run", "--rulings", str(root), "--results", str(results),
                         "--no-html"]) == 0
            capsys.readouterr()
        assert main(command) == 2, command
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert err.startswith(f"conformance: error: {expect}:{line}: "), err
        assert message in err, err


# -- 9. a file that is not UTF-8 -------------------------------------------------------------


def test_a_ruling_file_that_is_not_utf8_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    bad = root / "latin-1.yaml"
    bad.write_bytes("id: x\n# fine\ntext: café\n".encode("latin-1"))
    messages = lint_and_run(root, bad, tmp_path, capsys)
    assert messages == [f"{bad}:3: cannot read file: expected UTF-8 text, found the byte 0xe9 "
                        f"(column 10)"]  # was: "path: ... (byte 0xe9 on line 3)"


@pytest.mark.parametrize("which", ["cards", "expectations"])
def test_a_card_or_expectations_file_that_is_not_utf8_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], which: str) -> None:
    root = corpus(tmp_path)
    if which == "cards":
        bad = root / "cards.yaml"
        bad.write_bytes(bad.read_bytes() + b"\n# \xff\n")
        line = bad.read_bytes().count(b"\n")
        command = ["lint", str(root)]
    else:
        bad = tmp_path / "expectations.yaml"
        bad.write_bytes(b"format: conformance-expectations/1\nengines:\n  reference: \x80\n")
        line = 3
        command = ["run", "--rulings", str(root), "--results", str(tmp_path / "r.json"),
                   "--no-html", "--expect", str(bad)]
    assert main(command) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert f"{bad}:{line}: cannot read file: expected UTF-8 text, found the byte 0x" in err


# -- 10. the official rulings reader ---------------------------------------------------------

OFFICIAL_RULING = {"oracle_id": "o-1", "source": "wotc", "published_at": "2024-01-01",
                   "comment": "A [bracketed] {braced} \"quoted\\\" ] [ text."}


def official_error(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    started = time.monotonic()
    for command in (["coverage", "--official", str(path)],
                    ["new", "--from-official", str(path), "--id", "x"]):
        assert main([*command, "--rulings", str(RULINGS)]) == 2, command
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
    assert time.monotonic() - started < 30
    return err


def test_official_rulings_nested_100000_deep_are_refused_before_parsing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")  # was: RecursionError
    assert f"{deep}: expected a JSON list of rulings nested at most 16 deep, found lists or " \
           f"objects nested more than 16 deep" in official_error(deep, capsys)


def test_official_rulings_in_a_fifo_are_refused_without_blocking(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "rulings.json"
    os.mkfifo(fifo)  # was: waiting forever for a writer
    assert f"{fifo}: expected a regular file (official rulings), found a FIFO" in \
        official_error(fifo, capsys)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_official_rulings_from_dev_zero_are_refused_without_reading(
        capsys: pytest.CaptureFixture[str]) -> None:
    # was: reading until memory ran out
    assert "/dev/zero: expected a regular file (official rulings), found a character device" \
        in official_error(Path("/dev/zero"), capsys)


def test_official_rulings_over_the_size_limit_are_refused_unread(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from conformance.reporting import official

    monkeypatch.setattr(official, "MAX_OFFICIAL_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(json.dumps([OFFICIAL_RULING] * 20), encoding="utf-8")
    assert f"{big}: file too large ({big.stat().st_size} bytes; the limit is 1000)" in \
        official_error(big, capsys)


def test_invalid_official_json_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('[\n {"oracle_id": "o-1",\n  "comment": }\n]\n', encoding="utf-8")
    assert f"{broken}:3: expected JSON (Scryfall's bulk rulings shape), found invalid JSON: " \
           f"Expecting value (column 14)" in official_error(broken, capsys)


def test_official_rulings_of_the_usual_shape_and_depth_are_read(tmp_path: Path) -> None:
    from conformance.reporting.official import read_official

    path = tmp_path / "rulings.json"
    path.write_text(json.dumps([OFFICIAL_RULING, {**OFFICIAL_RULING, "extra": [[{"a": [1]}]]}]),
                    encoding="utf-8")
    assert [r.comment for r in read_official(path)] == [OFFICIAL_RULING["comment"]] * 2


def test_the_card_file_for_oracle_ids_is_read_bounded(tmp_path: Path) -> None:
    from conformance.errors import ConformanceError
    from conformance.reporting.official import oracle_ids

    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ConformanceError, match=f"cannot read the card file: {fifo}: not a "
                                               f"regular file"):
        oracle_ids(fifo)


# -- 12. a folder of property files only -----------------------------------------------------


def test_lint_checks_a_folder_of_property_files_only(
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = RULINGS / "properties"
    count = len(list(folder.rglob("*.property.yaml")))
    assert main(["lint", str(folder)]) == 0  # was: "no ruling files", exit 2
    assert capsys.readouterr().out == f"{count} property file(s) valid, 0 invalid " \
                                      f"(no ruling files)\n"
    one = next(folder.rglob("*.property.yaml"))
    assert main(["lint", str(one)]) == 0  # was: read as a ruling file, a dozen errors
    assert capsys.readouterr().out == "1 property file(s) valid, 0 invalid (no ruling files)\n"


def test_a_broken_property_file_alone_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    (root / "good.yaml").unlink()
    folder = root / "properties"
    folder.mkdir()
    source = next((RULINGS / "properties").rglob("*.property.yaml"))
    bad = folder / "bad.property.yaml"
    bad.write_text(source.read_text(encoding="utf-8") + "unknown_key: 1\n", encoding="utf-8")
    assert main(["lint", str(folder)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert out.startswith(f"{bad}:")
    assert out.endswith("0 property file(s) valid, 1 invalid (no ruling files)\n")


def test_a_folder_with_neither_rulings_nor_properties_says_what_it_looked_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    (root / "good.yaml").unlink()
    assert main(["lint", str(root)]) == 2
    assert capsys.readouterr().err == (f"conformance: error: no ruling files (*.yaml) or "
                                       f"property files (*.property.yaml) in {root}\n")


# -- 13. two runs writing the same results file -----------------------------------------------

BUSY = "another run is writing this results file (it is locked); expected no other run, " \
       "found one: wait for it to end, or give this run another --results path"


def test_a_second_writer_of_the_same_results_file_is_refused_and_changes_nothing(
        tmp_path: Path) -> None:
    from conformance.runner.results import (Result, ResultsFileBusy, ResultsWriter, Status,
                                            load_results)

    path = tmp_path / "results.json"
    first = ResultsWriter(path, {"engine": {"name": "first"}})
    first.add(Result("one", Status.PASSED))
    written = path.read_bytes()
    with pytest.raises(ResultsFileBusy, match=re.escape(f"{path}: {BUSY}")):
        ResultsWriter(path, {"engine": {"name": "second"}})
    assert path.read_bytes() == written  # not emptied by the refused writer
    first.add(Result("two", Status.FAILED, "x: expected 1, found 2"))
    first.finish()
    header, results = load_results(path)
    assert header["engine"] == {"name": "first"} and [r.id for r in results] == ["one", "two"]
    again = ResultsWriter(path, {"engine": {"name": "third"}})  # free once finished
    again.finish()
    assert load_results(path)[0]["engine"] == {"name": "third"}


def test_a_run_writing_a_results_file_another_run_writes_is_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.runner.results import Result, ResultsWriter, Status

    path = tmp_path / "results.json"
    running = ResultsWriter(path, {"engine": {"name": "reference"}})
    running.add(Result("still-running", Status.PASSED))
    root = corpus(tmp_path)
    # was: both exit 0, and the one that finished last replaced the other's results
    assert main(["run", "--rulings", str(root), "--results", str(path), "--no-html"]) == 2
    out, err = capsys.readouterr()
    assert err == f"conformance: error: {path}: {BUSY}\n"
    assert "Traceback" not in out + err
    running.finish()
    assert [r["id"] for r in json.loads(path.read_text("utf-8"))["results"]] == \
        ["still-running"]
    assert main(["run", "--rulings", str(root), "--results", str(path), "--no-html"]) == 0


def test_two_processes_writing_one_results_file(tmp_path: Path) -> None:
    """A run in another process holds the file: the second, a pytest run here, is refused
    with the same message (pytest's usage error, exit 4) and no traceback."""
    path = tmp_path / "results.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom pathlib import Path\n"
         "from conformance.runner.results import ResultsWriter\n"
         "w = ResultsWriter(Path(sys.argv[1]), {})\nprint('locked', flush=True)\n"
         "sys.stdin.read()\nw.finish()\n", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p",
                               "no:cacheprovider", "-q", str(corpus(tmp_path)),
                               "--conformance-results", str(path)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert done.returncode == 4, done.stdout + done.stderr
        assert f"{path}: {BUSY}" in done.stderr
        assert "Traceback" not in done.stdout + done.stderr
    finally:
        holder.communicate("", timeout=30)
    assert holder.returncode == 0
    assert json.loads(path.read_text("utf-8"))["results"] == []


def test_a_results_file_whose_name_leaves_no_room_for_the_temporary_name(
        tmp_path: Path) -> None:
    from conformance.runner.results import Result, ResultsWriter, Status, load_results

    path = tmp_path / ("r" * 245 + ".json")  # 250 bytes: ".NAME.finishing" would be 266
    writer = ResultsWriter(path, {})
    writer.add(Result("one", Status.PASSED))
    writer.finish()  # was: OSError (File name too long) for the temporary file
    assert [r.id for r in load_results(path)[1]] == ["one"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


@pytest.mark.parametrize("kind", ["a FIFO", "a folder", "a device"])
def test_a_results_path_that_is_not_a_regular_file_is_refused_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    if kind == "a FIFO":
        path = tmp_path / "results.json"
        os.mkfifo(path)  # opening it to write would wait for a reader
    elif kind == "a folder":
        path = tmp_path / "results.json"
        path.mkdir()
    else:
        path = Path("/dev/null")  # was: emptied, then replaced by a regular file at the end
        if not path.exists():
            pytest.skip("no /dev/null")
    assert main(["run", "--rulings", str(corpus(tmp_path)), "--results", str(path),
                 "--no-html"]) == 2
    out, err = capsys.readouterr()
    assert err == f"conformance: error: {path}: expected a results file (a regular file, or " \
                  f"none yet), found {kind}\n"
