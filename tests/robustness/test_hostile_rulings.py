"""Hostile ruling files: each is refused with ``path:line: message`` (exit 2, no traceback)
in bounded time, and every other file of the corpus is still checked and run."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from conformance.format.loader import LoadFailure, load_ruling
from conformance.format.yamlsource import MAX_FILE_BYTES, load_yaml
from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
GOOD = RULINGS / "rooms" / "cast-one-door.yaml"
GOOD_ID = "room-cast-one-door"


def alias_bomb() -> str:
    """Under 600 bytes: lists of ten aliases nested 9 deep, standing for 10**9 strings."""
    names = "abcdefghij"
    lines = ["id: bomb", "a: &a [" + ",".join(["lol"] * 10) + "]"]
    for below, name in zip(names, names[1:]):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{below}"] * 10) + "]")
    lines.append("notes: *j")
    return "\n".join(lines) + "\n"


HOSTILE: dict[str, tuple[str, str]] = {
    # name: (text, the message's start after "path:line: ")
    "alias-bomb": (alias_bomb(), "too many values behind aliases"),
    "huge-int": ("id: x\nline: " + "9" * 5000 + "\n", "invalid YAML: cannot read '99999"),
    "float-tag": ("id: x\nvalue: !!float 'x'\n", "invalid YAML: cannot read 'x' as float"),
    "int-tag": ("id: x\nvalue: !!int 'nope'\n", "invalid YAML: cannot read 'nope' as int"),
    "list-as-key": ("id: x\n? [1, 2]\n: v\n", "invalid YAML: a list cannot be a mapping key"),
    "mapping-as-key": ("id: x\n? {a: 1}\n: v\n",
                       "invalid YAML: a mapping cannot be a mapping key"),
    "nested-300": ("id: x\nv: " + "[" * 300 + "]" * 300 + "\n", "nested more than 64"),
    "nested-100000": ("id: x\nv: " + "[" * 100_000 + "]" * 100_000 + "\n", "nested"),
    "binary-tag": ("id: x\nv: !!binary 'a'\n", "invalid YAML: failed to decode base64"),
    "python-tag": ("id: x\nv: !!python/object:os.system {}\n", "invalid YAML"),
    "surrogate": ('id: "a\\ud800b"\n', "the file: 'text' is required"),
}


def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "rulings"
    root.mkdir()
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, root / name)
    shutil.copy(GOOD, root / "good.yaml")
    return root


def check_lint_and_run(root: Path, bad: Path, start: str, tmp_path: Path,
                       capsys: pytest.CaptureFixture[str]) -> None:
    started = time.monotonic()
    assert main(["lint", str(root)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    messages = [line for line in out.splitlines() if line.startswith(str(bad))]
    assert messages, out
    for message in messages:
        location, _, text = message.partition(": ")
        assert location.startswith(f"{bad}:") and location.rsplit(":", 1)[1].isdigit(), message
    assert any(line.partition(": ")[2].startswith(start) for line in messages), messages
    assert "1 ruling file(s) valid, 1 invalid" in out
    results = tmp_path / "out" / "results.json"
    assert main(["run", "--rulings", str(root), "--results", str(results)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    statuses = {r["id"]: r["status"] for r in json.loads(results.read_text("utf-8"))["results"]}
    assert statuses.pop(GOOD_ID) == "passed"  # the other file still runs
    assert list(statuses.values()) == ["error"]
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_ruling_file_is_one_located_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    text, start = HOSTILE[name]
    root = corpus(tmp_path)
    bad = root / f"{name}.yaml"
    bad.write_text(text, encoding="utf-8")
    check_lint_and_run(root, bad, start, tmp_path, capsys)


def test_the_alias_bomb_is_a_few_hundred_bytes_and_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(), encoding="utf-8")
    assert path.stat().st_size < 600
    started = time.monotonic()
    failure = load_ruling(path, load_cards())
    assert time.monotonic() - started < 2  # was: spinning forever
    assert isinstance(failure, LoadFailure)
    assert failure.message.startswith(f"{path}:")


def load_cards():  # type: ignore[no-untyped-def]
    from conformance.format.cards import load_cards as load

    return load(RULINGS / "cards.yaml")


def test_a_fifo_named_yaml_is_refused_without_blocking(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = corpus(tmp_path)
    fifo = root / "fifo.yaml"
    os.mkfifo(fifo)
    assert main(["lint", str(root)]) == 2
    out = capsys.readouterr().out
    assert f"{fifo}: not a regular file" in out
    assert "1 ruling file(s) valid, 1 invalid" in out
    results = tmp_path / "results.json"
    assert main(["run", "--rulings", str(root), "--results", str(results)]) == 2
    statuses = {r["id"]: r["status"] for r in json.loads(results.read_text("utf-8"))["results"]}
    assert statuses == {GOOD_ID: "passed", str(fifo): "error"}


def test_a_huge_file_is_refused_without_being_parsed(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"id: [" * (MAX_FILE_BYTES // 5 + 10))
    started = time.monotonic()
    with pytest.raises(Exception, match=rf"^{path}:1: file too large"):
        load_yaml(path)
    assert time.monotonic() - started < 1


def test_a_large_malformed_file_is_parsed_once(tmp_path: Path) -> None:
    path = tmp_path / "large.yaml"
    path.write_text("items:\n" + "  - {a: 1, b: [2, 3]}\n" * 60_000 + "  - [unclosed\n",
                    encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(Exception, match=rf"^{path}:\d+: invalid YAML"):
        load_yaml(path)
    assert time.monotonic() - started < 10
