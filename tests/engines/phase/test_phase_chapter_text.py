"""A Saga's chapter ability on phase.rs's stack is reported with its printed text.  phase
describes it only as ``Chapter 1``; reported so, Esper Terra's chapters did not read as what
makes a delayed trigger ("Sacrifice it at the beginning of your next end step"), and
delayed-triggers-once counted one made where two chapters had made two.

Skipped when phase-python is not installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.engines.phase.cards import convert_pool, oracle_id  # noqa: E402
from conformance.engines.phase.observations import _stack_item  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402

RULINGS = Path(__file__).parents[3] / "rulings"
TERRA = "Terra, Magical Adept // Esper Terra"


class _Session:
    """What ``_stack_item`` reads of a session: players by seat, the card data."""

    def __init__(self) -> None:
        cards = load_cards(RULINGS / "cards.yaml")
        self.data = convert_pool(CardPool({TERRA: cards[TERRA]}))

    def player(self, seat: object) -> str:
        return ("alice", "bob")[int(str(seat))]


def _chapter(description: str) -> dict[str, Any]:
    ability = {"source_id": 27, "source_incarnation": 2, "description": description,
               "trigger_source": {"printed_ref": {"oracle_id": oracle_id(TERRA),
                                                  "face_name": "Esper Terra"}}}
    return {"id": 30, "controller": 1, "source_id": 27,
            "kind": {"type": "TriggeredAbility",
                     "data": {"ability": ability, "description": description}}}


@pytest.mark.parametrize(("chapter", "begins"), [
    ("Chapter 1", "I, II, III — Create a token that's a copy of target nonlegendary"),
    ("Chapter 3", "I, II, III — Create a token that's a copy of target nonlegendary"),
    ("Chapter 4", "IV — Add {W}{W}, {U}{U}, {B}{B}, {R}{R}, and {G}{G}."),
])
def test_a_chapter_ability_has_its_printed_text(chapter: str, begins: str) -> None:
    item = _stack_item(_Session(), _chapter(chapter))  # type: ignore[arg-type]
    assert (item.kind, item.source, item.controller) == ("ability", "p27.2", "bob")
    assert item.text.startswith(begins)


def test_another_description_is_reported_as_phase_gives_it() -> None:
    item = _stack_item(_Session(), _chapter("When ~ enters, draw a card."))  # type: ignore[arg-type]
    assert item.text == "When ~ enters, draw a card."
