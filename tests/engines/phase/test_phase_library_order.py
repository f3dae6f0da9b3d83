"""phase.rs lists a player's library in the order it draws from (capability
``library-order``, CR 401.2, 121.1): the card listed first is the one the next draw takes,
and what is left keeps its order.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from conformance.contract.types import AdvanceTo  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.engines.phase.adapter import CAPABILITIES  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Step, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"


def test_the_library_is_listed_top_first() -> None:
    assert "library-order" in CAPABILITIES
    engine = create()
    library = tuple(CardEntry(name) for name in ("Forest", "Grizzly Bears", "Shock", "Island"))
    setup = Setup((PlayerSetup("alice", zones={Zone.LIBRARY: library}),
                   PlayerSetup("bob", zones={Zone.LIBRARY: (CardEntry("Forest"),) * 4})),
                  "alice")
    engine.start(setup, load_cards(RULINGS / "cards.yaml"))

    def names(zone: Zone) -> list[str]:
        return [" // ".join(engine.observe(i).names) for i in engine.objects(zone, "alice")]

    assert names(Zone.LIBRARY) == ["Forest", "Grizzly Bears", "Shock", "Island"]
    engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))  # bob's turn
    engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))  # alice's next turn: she draws
    assert engine.game().active_player == "alice"
    assert names(Zone.HAND) == ["Forest"]
    assert names(Zone.LIBRARY) == ["Grizzly Bears", "Shock", "Island"]
