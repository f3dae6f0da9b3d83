"""The example engine in another language (examples/toy-engine/toy.js, Node.js, no
dependencies) run as a user runs it: ``conformance run --engine "cmd:node ..."``.  It knows
only its own small pool of cards, so it is judged on the rulings whose cards are in it or
whose incidental cards it can play by role, and on at least 20 of them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "examples" / "toy-engine" / "toy.js"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node (Node.js) is not installed: the "
                                                     "toy engine is a Node.js program")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("toy") / "toy.json"
    code = main(["run", "-q", "--engine", f"cmd:node {TOY}", "--rulings", str(ROOT / "rulings"),
                 "--results", str(out)])
    document: dict[str, Any] = json.loads(out.read_text("utf-8"))
    document["exit_code"] = code
    return document


def test_the_toy_engine_is_judged_on_at_least_20_rulings(results: dict[str, Any]) -> None:
    judged = [r for r in results["results"] if r["status"] in ("passed", "failed")]
    assert len(judged) >= 20, sorted(r["id"] for r in judged)
    assert not [r for r in results["results"] if r["status"] in ("error", "timeout")]
    assert results["exit_code"] in (0, 1)


def test_the_toy_engine_declares_its_card_pool(results: dict[str, Any]) -> None:
    engine = results["engine"]
    assert engine["name"] == "toy" and engine["contract"] == "1.2"
    assert "inject-state" not in engine["capabilities"]
    assert {"place-cards", "set-life", "set-mana", "set-step"} <= set(engine["capabilities"])


def test_what_the_toy_cannot_play_is_unsupported_with_a_reason(results: dict[str, Any]) -> None:
    unsupported = [r for r in results["results"] if r["status"] == "unsupported"]
    assert unsupported
    assert {r["reason"] for r in unsupported} <= {"capability", "card"}
    card = [r for r in unsupported if r["reason"] == "card"]
    assert card and all("not in the engine's card pool" in r["message"] for r in card)


def test_cards_picked_for_roles_are_the_toys(results: dict[str, Any]) -> None:
    picked = [p for r in results["results"] for p in r.get("details", {}).get("cards_picked", [])]
    assert picked
    toy = TOY.read_text("utf-8")
    assert all(f'"{p["card"]}"' in toy for p in picked)
