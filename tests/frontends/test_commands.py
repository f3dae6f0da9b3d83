"""Commands that run as printed: every command the harness prints is shell-quoted, names
files by absolute paths, and writes a results file of its own; ``expect update`` takes an
unsupported ruling's reason from the engine."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from conformance.frontends.cli import main
from conformance.properties import all_properties
from conformance.properties.run import Replay
from conformance.reporting.details import RERUN_RESULTS, repro_command, rerun_command
from results_files import RULINGS, result, write_results

TOY = "cmd:node toy.js"


def test_rerun_and_repro_commands_paste_into_a_shell_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(RULINGS.parent)
    words = shlex.split(rerun_command(TOY, "rulings/rooms/cast-one-door.yaml"))
    assert words == ["conformance", "run", "--engine", TOY, "--rulings",
                     str(RULINGS / "rooms" / "cast-one-door.yaml"), "--results",
                     RERUN_RESULTS]
    results = tmp_path / "my results.json"
    results.write_text("{}", "utf-8")
    command = repro_command(os.path.relpath(results), "room-cast-one-door")
    first, _, then = command.partition(" && ")
    assert shlex.split(first) == ["conformance", "repro", str(results), "--ruling",
                                  "room-cast-one-door", "--out", "repro.py"]
    assert then == "python repro.py"


def test_a_property_replay_command_never_writes_over_the_users_results(tmp_path, monkeypatch):
    monkeypatch.chdir(RULINGS.parent)
    prop = all_properties([RULINGS])[0]
    replay = Replay(engine=TOY, rulings=("rulings",), counterexamples=Path("found"))
    ruling_run, _, property_run = replay.command(prop, "ci", 7, written=True).partition(
        " (or: ")
    words = shlex.split(ruling_run)
    assert words[:4] == ["conformance", "run", "--engine", TOY]
    values = dict(zip(words[4::2], words[5::2]))
    assert values["--rulings"] == str(RULINGS.parent / "found" / f"{prop.id}.yaml")
    assert values["--cards"] == str(RULINGS / "cards.yaml")
    assert values["--results"] == str(RULINGS.parent / "found" / f"{prop.id}.results.json")
    assert all(Path(v).is_absolute() for k, v in values.items() if k != "--engine")
    again = shlex.split(property_run.removesuffix(")"))
    assert again[:4] == ["conformance", "properties", "--engine", TOY]
    assert again[again.index("--rulings") + 1] == str(RULINGS)
    assert "--results" not in again  # conformance properties writes no results by default
    assert shlex.split(Replay(engine=TOY).command(prop, "ci", 7, written=False))[3] == TOY


def test_the_missing_expectations_message_quotes_its_commands(tmp_path, capsys):
    expect = tmp_path / "my expect.yaml"
    code = main(["run", "--rulings", str(RULINGS / "rooms" / "cast-one-door.yaml"),
                 "--results", str(tmp_path / "r.json"), "--expect", str(expect),
                 "--engine", "reference"])
    assert code == 2
    err = capsys.readouterr().err
    assert f"  conformance expect update {tmp_path / 'r.json'} --expect " \
           f"'{expect}' --allow-todo\n" in err


def test_expect_update_takes_an_unsupported_rulings_reason_from_the_engine(tmp_path, capsys):
    results = write_results(tmp_path / "r.json", [
        result("room-cast-one-door", "unsupported", "the engine lacks: rooms\nmore"),
        result("room-fully-unlock", "unsupported", "the engine lacks: lock-unlock-effects"),
        result("room-is-one-card", "failed", "expected 1, found 2"),
        result("room-has-two-names", "passed")], engine="toy")
    expect = tmp_path / "expect.yaml"
    update = ["expect", "update", str(results), "--expect", str(expect),
              "--rulings", str(RULINGS)]
    # the failure still needs a reason a person gives; the unsupported ones do not
    assert main(update) == 2
    err = capsys.readouterr().err
    assert "1 entry has no reason yet" in err and "room-is-one-card (failed)" in err
    assert main([*update, "--reason", "room-is-one-card=bug 12",
                 "--reason", "room-fully-unlock=planned for 0.3"]) == 0
    capsys.readouterr()
    text = expect.read_text("utf-8")
    assert "TODO" not in text
    assert "reason: 'the engine lacks: rooms'" in text or \
        "reason: the engine lacks: rooms" in text
    assert "planned for 0.3" in text and "lock-unlock-effects" not in text
    # a reason written by hand is kept on the next update
    expect.write_text(text.replace("the engine lacks: rooms", "rooms come in 0.4"), "utf-8")
    assert main(update) == 0
    capsys.readouterr()
    assert "rooms come in 0.4" in expect.read_text("utf-8")


def test_help_texts_have_no_markup(capsys):
    """--help is read in a terminal: no reST or Markdown backticks, in any command."""
    import argparse

    from conformance.frontends.cli import _parser

    parser = _parser()
    texts = [parser.format_help()]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                texts.append(sub.format_help())
                for inner in sub._actions:
                    if isinstance(inner, argparse._SubParsersAction):
                        texts += [p.format_help() for p in inner.choices.values()]
    assert len(texts) > 10
    assert [t.splitlines()[0] for t in texts if "`" in t] == []


def test_a_property_failure_under_pytest_prints_a_replay_that_runs_anywhere(
        pytester, monkeypatch):
    import shutil

    tests = RULINGS.parent / "tests"
    pytester.syspathinsert(tests)
    monkeypatch.setenv("PYTHONPATH", str(tests))
    rulings = pytester.path / "rulings"
    (rulings / "rooms").mkdir(parents=True)
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, rulings / name)
    engine = "wrong_engines:room_one_door_off_battlefield"
    result = pytester.runpytest("rulings", "--conformance-properties", "--engine", engine,
                                "-k", "room-characteristics-by-zone")
    result.assert_outcomes(failed=1)
    (replay,) = [line.split("replay: ", 1)[1] for line in result.outlines
                 if line.startswith("replay: ")]
    words = shlex.split(replay)
    assert words[:4] == ["conformance", "properties", "--engine", engine]
    assert words[words.index("--rulings") + 1] == str(rulings)
    assert words[words.index("--cards") + 1] == str(rulings / "cards.yaml")
