"""A refused answer on phase.rs: the refusal is phase's own (the adapter passes the answer on
and reports what phase says), and the same choice stays pending.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from conformance.contract.types import Cast, PlayerRef  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Step, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"


def test_phase_refuses_a_division_that_gives_a_target_nothing() -> None:
    engine = create()
    setup = Setup((
        PlayerSetup("alice", mana="{2}{R}", zones={Zone.HAND: (CardEntry("Arc Lightning", "arc"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}),
    ), "alice", Step.PRECOMBAT_MAIN)
    ids = engine.start(setup, load_cards(RULINGS / "cards.yaml"))
    engine.perform(Cast("alice", ids["arc"], targets=(ids["bears"], PlayerRef("bob"))))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "divide"
    with pytest.raises(IllegalAction, match="phase refused .*DistributeAmong"):
        engine.answer([ids["bears"]] * 3)
    assert engine.pending_choice() == choice
    engine.answer([ids["bears"], "player:bob", "player:bob"])
    assert engine.pending_choice() is None
    engine.close()
