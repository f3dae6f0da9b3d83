"""A refused answer over the stdio protocol: the engine's ``IllegalAction`` comes back as
``IllegalAction`` with the engine's reason (the client decides nothing), and the same choice
stays pending for the next answer."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from conformance.contract.types import Cast, PlayerRef
from conformance.errors import IllegalAction
from conformance.format.cards import load_cards
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.protocol.client import StdioEngine

ROOT = Path(__file__).resolve().parents[2]
SERVE = shlex.split(f"{shlex.quote(sys.executable)} -m conformance.frontends.cli serve "
                    f"--engine reference")


def test_a_refused_division_comes_back_refused_and_the_choice_stays_pending() -> None:
    engine = StdioEngine(SERVE, timeout=30)
    try:
        setup = Setup((
            PlayerSetup("alice", mana="{2}{R}",
                        zones={Zone.HAND: (CardEntry("Arc Lightning", "arc"),)}),
            PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}),
        ), "alice", Step.PRECOMBAT_MAIN)
        ids = engine.start(setup, load_cards(ROOT / "rulings" / "cards.yaml"))
        engine.perform(Cast("alice", ids["arc"], targets=(ids["bears"], PlayerRef("bob"))))
        choice = engine.pending_choice()
        assert choice is not None and choice.kind == "divide"
        with pytest.raises(IllegalAction, match=r"at least 1 .*\(CR 601\.2d\)"):
            engine.answer([ids["bears"]] * 3)
        assert engine.pending_choice() == choice
        engine.answer([ids["bears"], "player:bob", "player:bob"])
        assert engine.pending_choice() is None
        assert len(engine.game().stack) == 1
    finally:
        engine.close()
