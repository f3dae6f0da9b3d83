"""stack-order judges the stack of a game under way: in the step that ends the game (CR 104.1)
an engine may list what was left on the stack or nothing -- phase.rs lists nothing -- and
neither says how the stack resolves.  An engine resolving more than the top object is still
caught while the game goes on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import Cast, GameView, PlayerRef, Resolve
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Zone
from conformance.properties import PROPERTIES, Observation

RULINGS = Path(__file__).parents[2] / "rulings"
STACK_ORDER = next(p for p in PROPERTIES if p.id == "stack-order")


class _StackGoneAtTheEnd(ReferenceEngine):
    """Lists no stack once the game is over, as phase.rs does."""

    def game(self) -> GameView:
        view = super().game()
        return replace(view, stack=()) if view.game_over else view


class _ResolvesEverything(ReferenceEngine):
    """Resolving the top object takes every object below it off the stack too."""

    def perform(self, action: Any) -> Any:
        events = list(super().perform(action))
        if isinstance(action, Resolve):
            while self.game().stack and not self.game().game_over:
                events += super().perform(Resolve())
        return events


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_corpus([RULINGS]).cards


def _judged(engine: ReferenceEngine, cards: CardPool, bob_life: int) -> list[str]:
    """alice casts Giant Growth on her Grizzly Bears, then Shock at bob (2 damage) above
    it; all players pass once."""
    setup = Setup((PlayerSetup("alice", mana="{G}{R}", zones={
        Zone.HAND: (CardEntry("Giant Growth", "growth"), CardEntry("Shock", "shock")),
        Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}),
        PlayerSetup("bob", life=bob_life)), "alice")
    ids = engine.start(setup, cards)
    views = {o: engine.observe(o) for z in Zone for o in engine.objects(z)}
    found = [v.message for v in STACK_ORDER.check(Observation(engine, cards, views,
                                                              engine.game()))]
    for action in (Cast("alice", ids["growth"], targets=(ids["bears"],)),
                   Cast("alice", ids["shock"], targets=(PlayerRef("bob"),)), Resolve()):
        events = list(engine.perform(action))
        views = {o: engine.observe(o) for z in Zone for o in engine.objects(z)}
        found += [v.message for v in STACK_ORDER.check(
            Observation(engine, cards, views, engine.game(), action, events))]
    return found


def test_the_step_that_ends_the_game_is_not_judged(cards: CardPool) -> None:
    engine = _StackGoneAtTheEnd()
    assert _judged(engine, cards, bob_life=2) == []
    assert engine.game().game_over


def test_resolving_more_than_the_top_object_is_caught_while_the_game_goes_on(
        cards: CardPool) -> None:
    assert _judged(ReferenceEngine(), cards, bob_life=20) == []
    found = _judged(_ResolvesEverything(), cards, bob_life=20)
    assert found and "2 objects left the stack" in found[0]
