"""The active player on phase.rs: the adapter keeps the one phase's set-up step was given and
the one each of phase's ``TurnStarted`` events names, instead of reading a snapshot of the
whole game each time; it must always be the one phase's own state holds.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.contract.types import AdvanceTo, PassPriority  # noqa: E402
from conformance.engines.phase import create  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Step, Zone  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
CARD = "Blinding Mage"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(RULINGS / "cards.yaml")


def _phase_says(engine: Any) -> str:
    """The active player in a snapshot of phase's whole game, read now."""
    session = engine.session
    return str(session.names[int(session.require().state()["state"]["active_player"])])


def _start(cards: CardPool, active: str) -> Any:
    engine = create()
    library = {Zone.LIBRARY: tuple(CardEntry(CARD) for _ in range(3))}
    setup = Setup((PlayerSetup("alice", zones=library), PlayerSetup("bob", zones=library)),
                  active)
    engine.start(setup, cards)
    return engine


@pytest.mark.parametrize("active", ["alice", "bob"])
def test_the_active_player_is_phases_through_turns(cards: CardPool, active: str) -> None:
    engine = _start(cards, active)
    seen = [engine.game().active_player]
    assert seen[0] == active == _phase_says(engine)
    for step in (Step.END, Step.UPKEEP, Step.PRECOMBAT_MAIN, Step.UPKEEP, Step.DRAW):
        engine.perform(AdvanceTo(step))
        seen.append(engine.game().active_player)
        assert seen[-1] == _phase_says(engine), step
    assert seen[-1] == active and "alice" in seen and "bob" in seen  # two turns began


def test_a_probe_or_an_undone_action_leaves_the_active_player_as_phase_has_it(
        cards: CardPool) -> None:
    engine = _start(cards, "bob")
    assert not engine.is_legal(PassPriority("alice"))  # tried on the live game: refused
    engine.perform(AdvanceTo(Step.UPKEEP))  # alice's turn
    assert engine.game().active_player == "alice" == _phase_says(engine)
    with pytest.raises(IllegalAction):
        engine.perform(PassPriority("bob"))  # bob has no priority: refused, nothing done
    assert engine.game().active_player == "alice" == _phase_says(engine)


def test_the_active_player_is_read_without_a_snapshot(cards: CardPool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """What the set-up gave phase and what phase reports as a turn begins are enough: no
    snapshot of the whole game (about 1.5 ms each) is read for it."""
    engine = _start(cards, "bob")
    snapshots: list[object] = []
    session = engine.session
    read = session.state
    monkeypatch.setattr(session, "state", lambda: snapshots.append(1) or read())
    assert engine.game().active_player == "bob"
    engine.perform(AdvanceTo(Step.UPKEEP))
    assert engine.game().active_player == "alice"
    assert snapshots == []
