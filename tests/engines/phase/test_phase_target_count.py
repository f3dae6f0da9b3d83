"""A cast naming more targets than phase.rs asks for: the adapter hands phase every target
named and reports what phase does with them, never leaving one out.

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


def test_a_target_beyond_those_phase_asks_for_is_refused_by_phase() -> None:
    """Arc Lightning ("among one, two, or three targets") named with four: phase asks for
    three targets, then for the division, and refuses a fourth ``ChooseTarget`` -- so the
    cast is illegal, with phase's words, and the game is as it was.  Before, the adapter
    named three, left the fourth out and reported the cast taken."""
    engine = create()
    setup = Setup((
        PlayerSetup("alice", mana="{2}{R}", zones={Zone.HAND: (CardEntry("Arc Lightning", "arc"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),
                                                     CardEntry("Grizzly Bears", "cubs"))}),
    ), "alice", Step.PRECOMBAT_MAIN)
    ids = engine.start(setup, load_cards(RULINGS / "cards.yaml"))
    four = (PlayerRef("alice"), PlayerRef("bob"), ids["bears"], ids["cubs"])

    assert not engine.is_legal(Cast("alice", ids["arc"], targets=four))
    with pytest.raises(IllegalAction, match="ChooseTarget.*while waiting for DistributeAmong"):
        engine.perform(Cast("alice", ids["arc"], targets=four))
    assert engine.observe(ids["arc"]).zone is Zone.HAND
    assert engine.pending_choice() is None and engine.game().stack == ()

    assert engine.is_legal(Cast("alice", ids["arc"], targets=four[:3]))
    engine.perform(Cast("alice", ids["arc"], targets=four[:3]))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "divide"
    assert {o.value for o in choice.options} == {"player:alice", "player:bob", ids["bears"]}
    engine.close()
