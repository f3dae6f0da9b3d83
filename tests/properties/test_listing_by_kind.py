"""The reference engine lists the legal actions of some kinds only (``legal_kinds``,
``legal_actions_where``; beyond the contract), and the machine uses that to ask only for the
kind it draws: the games must be exactly those of an engine that lists every legal action
before each step, and the two listings must agree wherever the games go."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import pytest

from conformance.contract.types import Action, Event, PlayerId
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool
from conformance.format.model import Setup
from conformance.properties import PROPERTIES, run_property
from conformance.properties.machine import ListsByKind
from conformance.runner.results import Status

BY_ID = {p.id: p for p in PROPERTIES}
#: combat (blocks by the player without priority), lands tapped then a spell cast, the
#: judge's own listings, and activated abilities
PROPERTIES_PLAYED = ("combat-declarations", "mana-symbols", "legal-actions",
                     "activation-costs")

Played = list[tuple[str, Any]]


class _Checked(ReferenceEngine):
    """The reference engine, recording every game and checking each listing by kind
    against the whole listing as it is asked."""

    games: list[Played] = []
    checked = 0

    def start(self, setup: Setup, cards: CardPool) -> dict[str, str]:
        aliases = super().start(setup, cards)
        type(self).games.append([("start", setup)])
        return aliases

    def perform(self, action: Action) -> Sequence[Event]:
        type(self).games[-1].append(("perform", action))
        return super().perform(action)

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        type(self).games[-1].append(("answer", tuple(values)))
        return super().answer(values)

    def legal_kinds(self, player: PlayerId, kind: Callable[[Action], str],
                    kinds: Collection[str] | None = None) -> set[str]:
        found = super().legal_kinds(player, kind, kinds)
        whole = {kind(a) for a in self.legal_actions(player)}
        assert found == (whole if kinds is None else whole & set(kinds)), (found, whole)
        type(self).checked += 1
        return found

    def legal_actions_where(self, player: PlayerId,
                            wanted: Callable[[Action], bool]) -> Sequence[Action]:
        found = super().legal_actions_where(player, wanted)
        assert list(found) == [a for a in self.legal_actions(player) if wanted(a)]
        return found


class _Whole:
    """The same engine seen through the contract alone: it lists every legal action."""

    games: list[Played] = []

    def __init__(self) -> None:
        self._engine = _Recorded()

    def __getattr__(self, name: str) -> Any:
        if name in ("legal_kinds", "legal_actions_where"):
            raise AttributeError(name)
        return getattr(self._engine, name)


class _Recorded(_Checked):
    games = _Whole.games


def test_the_reference_engine_lists_by_kind_and_the_contract_alone_does_not() -> None:
    assert isinstance(ReferenceEngine(), ListsByKind)
    assert not isinstance(_Whole(), ListsByKind)


@pytest.mark.parametrize("prop_id", PROPERTIES_PLAYED)
def test_the_games_are_those_of_the_whole_listing(corpus: Any, prop_id: str) -> None:
    _Checked.games.clear()
    _Whole.games.clear()
    _Checked.checked = 0
    by_kind = run_property(BY_ID[prop_id], _Checked, corpus.cards, corpus.rulings,
                           profile="ci")
    whole = run_property(BY_ID[prop_id], _Whole, corpus.cards, corpus.rulings,
                         profile="ci")
    assert by_kind.status is whole.status is Status.PASSED, (by_kind.message, whole.message)
    assert by_kind.details["steps"] == whole.details["steps"] > 0
    assert _Checked.checked > 0
    assert _Checked.games == _Whole.games

