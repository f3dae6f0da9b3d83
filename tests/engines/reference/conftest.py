from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool, load_cards
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone

CARDS = Path(__file__).parents[3] / "rulings" / "cards.yaml"


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return load_cards(CARDS)


@pytest.fixture
def start(pool):
    """start(alice={zone: [entries]}, mana="{U}", step=..., active="alice") -> (engine, ids)."""

    def make(*, mana: str = "", bob_mana: str = "", step: Step = Step.PRECOMBAT_MAIN,
             active: str = "alice", bob: dict | None = None, **alice: list[CardEntry]):
        def zones(spec: dict) -> dict:
            return {Zone(name): tuple(cards) for name, cards in spec.items()}

        setup = Setup(
            players=(PlayerSetup("alice", mana=mana, zones=zones(alice)),
                     PlayerSetup("bob", mana=bob_mana, zones=zones(bob or {}))),
            active_player=active, step=step,
        )
        engine = ReferenceEngine()
        return engine, engine.start(setup, pool)

    return make
