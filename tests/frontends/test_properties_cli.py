"""The properties and the mutation meter from the command line and from pytest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conformance.frontends.cli import main

RULINGS = Path(__file__).parents[2] / "rulings"


def test_properties_command_passes_on_the_reference_engine(tmp_path, capsys):
    out = tmp_path / "p.json"
    code = main(["properties", "--profile", "ci", "--property", "room-characteristics-by-zone",
                 "--property", "unlocking-timing", "--results", str(out)])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "2 passed (properties)" in printed
    # a search slower than the heartbeat's 10 s of wall time (a loaded machine) also prints
    # "  ... searching: ..." lines, tested on their own below
    lines = [line for line in printed.splitlines() if not line.startswith("  ... searching")]
    assert lines[0] == "properties: 2 on engine reference, profile ci, seed 0", printed
    assert lines[1].startswith("[1/2] passed room-characteristics-by-zone (seed 0, "), printed
    assert " games, " in lines[1] and lines[1].endswith(" steps)"), printed
    assert lines[2].startswith("[2/2] passed unlocking-timing (seed 0, "), printed
    results = json.loads(out.read_text("utf-8"))["results"]
    assert [(r["id"], r["kind"], r["status"]) for r in results] == [
        ("room-characteristics-by-zone", "property", "passed"),
        ("unlocking-timing", "property", "passed")]


def test_a_long_search_prints_a_heartbeat():
    import io
    import time

    from conformance.frontends._shared import SearchProgress

    out = io.StringIO()
    with SearchProgress(3, every=0.05, out=out) as progress:
        progress.header("reference", "dev", None)
        time.sleep(0.3)
        progress.say(progress.prefix() + "passed one")
        time.sleep(0.02)  # less than the heartbeat's interval: no line
    lines = out.getvalue().splitlines()
    assert lines[0] == "properties: 3 on engine reference, profile dev, a seed of its own for each"
    assert lines[1].startswith("  ... searching: 0 of 3 done, "), lines
    assert lines[-1] == "[1/3] passed one", lines


def test_an_unknown_property_is_a_usage_error(capsys):
    assert main(["properties", "--property", "room-characteristic"]) == 2
    assert "unknown property 'room-characteristic'" in capsys.readouterr().err


@pytest.mark.slow  # minutes of CPU: the slow tier (pyproject.toml)
def test_run_with_properties_puts_them_in_the_results_file(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["run", "-q", "--properties", "--results", str(out)]) == 0
    results = json.loads(out.read_text("utf-8"))["results"]
    kinds = {r["kind"] for r in results}
    assert kinds == {"ruling", "property"}
    from conformance.properties import all_properties

    assert sum(r["kind"] == "property" for r in results) == len(all_properties([RULINGS]))


def test_a_failing_property_prints_its_counterexample(tmp_path, capsys):
    code = main(["properties", "--engine", "wrong_engines:room_one_door_off_battlefield",
                 "--profile", "ci", "--property", "room-characteristics-by-zone",
                 "--counterexamples", str(tmp_path)])
    printed = capsys.readouterr().out
    assert code == 1
    assert "counterexample (a scenario for rulings/):" in printed and "replay:" in printed
    written = tmp_path / "room-characteristics-by-zone.yaml"
    assert written.exists() and "scenarios:" in written.read_text("utf-8")


@pytest.mark.slow  # the whole meter's CLI run is in the slow tier too (tests/mutants/test_meter.py)
def test_the_mutation_meter(tmp_path, capsys):
    # The whole catalogue is measured by `conformance mutants` (docs/properties.md); here two
    # mutants, one of them killed, go through the command and its JSON.
    out = tmp_path / "mutants.json"
    main(["mutants", "--json", str(out), "--jobs", "1",
          "--mutant", "cast-room-enters-locked", "--mutant", "clone-copies-counters"])
    document = json.loads(out.read_text("utf-8"))
    assert document["count"] == 2
    assert {m["name"] for m in document["mutants"]} == {"cast-room-enters-locked",
                                                        "clone-copies-counters"}
    assert any(m["killed"] for m in document["mutants"])
    assert all({"name", "killed", "caught_by_rulings"} <= set(m) for m in document["mutants"])
    assert "mutants killed" in capsys.readouterr().out


def test_pytest_collects_properties_on_request(pytester: pytest.Pytester):
    rulings = pytester.path / "rulings"
    (rulings / "rooms").mkdir(parents=True)
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, rulings / name)
    shutil.copy(RULINGS / "rooms" / "cast-one-door.yaml", rulings / "rooms")
    listed = pytester.runpytest("rulings", "--collect-only", "-q")
    assert not any("property:" in line for line in listed.outlines)
    result = pytester.runpytest("rulings", "--conformance-properties", "-q", "-k",
                                "room-characteristics-by-zone or cast-one-door")
    result.assert_outcomes(passed=2)
