"""Mana abilities may be activated while a cost is paid (CR 601.2g): an engine that taps its
players' untapped basic lands when the pool can't pay (and so does not declare
``explicit-mana``) is as correct as one that waits to be asked, and ``legal-actions`` judges
both right -- while an engine that lets a spell be cast with neither the pool nor the lands
paying for it is still caught, whichever it declares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from benign_variants import TapsLandsToPay
from hypothesis import settings
from hypothesis import strategies as st
from conformance.properties.machine import games_test

from conformance.engines.reference import ReferenceEngine, mana
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.properties import PROPERTIES
from conformance.properties.machine import PropertyFailure, machine_class
from conformance.properties.profiles import PROFILES

RULINGS = Path(__file__).parents[2] / "rulings"
LEGAL_ACTIONS = next(p for p in PROPERTIES if p.id == "legal-actions")
#: alice's pool is one {R} short of Ball Lightning; a Mountain of hers is untapped
SHORT_BY_A_LAND = Setup((
    PlayerSetup("alice", mana="{R}{R}", zones={
        Zone.HAND: (CardEntry("Ball Lightning"), CardEntry("Shock")),
        Zone.BATTLEFIELD: (CardEntry("Mountain"), CardEntry("Grizzly Bears"))}),
    PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"),)})),
    "alice", Step.PRECOMBAT_MAIN)
GAMES = settings(PROFILES["ci"], max_examples=20)


def _play(factory: type, cards: object) -> None:
    machine = machine_class(factory, cards, [LEGAL_ACTIONS], moves=True,
                            setups=st.just(SHORT_BY_A_LAND))
    games_test(machine, GAMES)()


class _Counting(TapsLandsToPay):
    """Counts the casts paid with a land the variant tapped."""

    taps = 0

    def perform(self, action):  # type: ignore[no-untyped-def]
        events = list(super().perform(action))
        _Counting.taps += sum(e.kind == "ability_activated" for e in events)
        return events


def test_an_engine_tapping_lands_to_pay_is_judged_as_the_reference_engine(corpus):
    _Counting.taps = 0
    _play(_Counting, corpus.cards)
    assert _Counting.taps > 0, "no game had the variant tap a land to pay"
    _play(ReferenceEngine, corpus.cards)


@pytest.fixture
def free_casts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The reference engine charging nothing the pool can't pay."""
    real_pay = mana.ManaPool.pay

    def pay(self: mana.ManaPool, cost: mana.Cost) -> None:
        try:
            real_pay(self, cost)
        except Exception:  # noqa: BLE001 - the wrong engine: not paid, cast anyway
            pass

    monkeypatch.setattr(mana.ManaPool, "pay", pay)
    yield


def test_a_spell_neither_the_pool_nor_the_lands_paid_for_is_caught(corpus, free_casts):
    # declaring explicit-mana: the cast is legal though the pool can't pay
    with pytest.raises(PropertyFailure, match="is legal though its total cost"):
        _play(ReferenceEngine, corpus.cards)
    # not declaring it: the cast is taken, and neither the pool nor a land paid for it
    with pytest.raises(PropertyFailure, match="can't pay its cost"):
        _play(TapsLandsToPay, corpus.cards)
