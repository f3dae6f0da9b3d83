"""Who chooses a triggered ability's targets (CR 603.3d: its controller, as it is put on the
stack, whoever's turn it is): ``targeted-triggers`` holds on the reference engine and
catches the development set's held-out bug that lets the active player choose them when
the other player's Vampire Sovereign ("when this creature enters, target opponent loses 3
life") is put onto the battlefield during the active player's turn; and the judgement tells choices apart by who was asked, never by their options'
values (the engine's own), so that two items and a forced choice made by the engine are
judged right."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.heldout import catalogue
from builders import judged_script
from conformance.contract.types import Choice, Move, Option, StackItemView
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.properties import PROPERTIES
from conformance.properties.invariants import triggers
from conformance.properties.run import with_own_cards

RULINGS = Path(__file__).parents[2] / "rulings"
PROPERTY = {p.id: p for p in PROPERTIES}["targeted-triggers"]
BUG = "trigger-targets-chosen-by-the-active-player"

#: alice's turn; bob's Vampire Sovereign in his hand, to be put onto the battlefield (as a
#: flicker or a reanimation would) while alice is active
BOARD = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (CardEntry("Swamp", "s"),)}),
               PlayerSetup("bob", zones={Zone.HAND: (CardEntry("Vampire Sovereign", "v"),)})),
              "alice", Step.PRECOMBAT_MAIN)


@pytest.fixture(scope="module")
def pool():
    return with_own_cards(load_corpus([RULINGS]).cards)


def _judged_after_the_move(pool, factory) -> list[str]:
    """targeted-triggers' judgement of Vampire Sovereign put onto the battlefield in alice's
    turn, its trigger's target choice answered, observed as the property games observe."""
    engine = factory()
    found = judged_script(engine, pool, PROPERTY, BOARD,
                          [lambda ids: Move(ids["v"], Zone.BATTLEFIELD)])
    engine.close()
    return [v.message for v in found]


def test_the_reference_engine_passes(pool):
    assert _judged_after_the_move(pool, ReferenceEngine) == []


def test_the_active_player_choosing_another_players_trigger_targets_is_caught(pool):
    found = _judged_after_the_move(pool, catalogue()[BUG].engine)
    assert len(found) == 1 and "controlled by bob, were chosen by alice" in found[0]


class _Step:
    """What targets_chosen_by_controller reads of step_of."""

    def __init__(self, items: list[StackItemView]) -> None:
        self.acted = True
        self.new_items = items

    def view(self, _object_id: str) -> None:
        return None


def _judged(items: list[StackItemView], choices: list[tuple[Choice, tuple[str, ...]]],
            monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(triggers, "step_of", lambda _o: _Step(items))

    class Seen:
        pass

    seen = Seen()
    seen.choices = choices  # type: ignore[attr-defined]
    return [v.message for v in triggers.targets_chosen_by_controller(seen)]  # type: ignore[arg-type]


def _target_choice(player: str, value: str) -> Choice:
    return Choice("target", player, "targets", (Option(value, value),))


def test_two_items_each_chosen_by_its_controller_pass(monkeypatch):
    """alice's and bob's abilities both target x, each chosen by its controller."""
    items = [StackItemView("a1", "ability", "s1", "alice", ("x",)),
             StackItemView("a2", "ability", "s2", "bob", ("x",))]
    choices = [(_target_choice("alice", "x"), ("x",)), (_target_choice("bob", "x"), ("x",))]
    assert _judged(items, choices, monkeypatch) == []


def test_a_choice_asked_of_a_player_controlling_no_new_item_is_caught(monkeypatch):
    items = [StackItemView("a2", "ability", "s2", "bob", ("player:alice",))]
    choices = [(_target_choice("alice", "0"), ("0",))]
    assert _judged(items, choices, monkeypatch) == [
        "the targets of ability a2 of s2, controlled by bob, were chosen by alice"]


def test_a_forced_choice_the_engine_made_itself_is_no_violation(monkeypatch):
    """alice's trigger's one target chosen by the engine (no choice asked), bob's asked of
    bob: nobody who controls no new item was asked."""
    items = [StackItemView("a1", "ability", "s1", "alice", ("y",)),
             StackItemView("a2", "ability", "s2", "bob", ("x",))]
    assert _judged(items, [(_target_choice("bob", "x"), ("x",))], monkeypatch) == []
