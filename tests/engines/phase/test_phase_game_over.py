"""The end of the game on phase.rs (contract 1.1, CR 104.2a): once a player has drawn from an
empty library and lost, no action is taken -- a ``Move`` neither.  phase's debug
``MoveToZone`` carried one out after ``GameOver`` and set phase waiting again, and the game
played on: a later pass of priority made phase allocate 5 GiB and abort the process (ten
property errors in one ``ci`` run).

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("phase")

from conformance.contract.types import AdvanceTo, Move  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Step, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"


def test_no_card_is_moved_once_the_game_is_over() -> None:
    engine = create()
    zones = {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", alias="bears"),),
             Zone.HAND: (CardEntry("Memnite", alias="memnite"),)}
    setup = Setup((PlayerSetup("alice", zones=zones), PlayerSetup("bob")), "alice")
    ids = engine.start(setup, load_cards(RULINGS / "cards.yaml"))  # no library
    engine.perform(AdvanceTo(Step.END))
    engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))  # bob draws from an empty library
    game = engine.game()
    assert game.game_over and game.winner == "alice"
    for object_id, zone in ((ids["memnite"], Zone.BATTLEFIELD), (ids["bears"], Zone.EXILE)):
        before = engine.observe(object_id).zone
        with pytest.raises(IllegalAction, match="the game is over"):
            engine.perform(Move(object_id, zone))
        assert engine.observe(object_id).zone is before
        assert engine.game().game_over
