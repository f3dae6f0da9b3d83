"""The properties of last known information (damage dealt by a source that left the
battlefield, abilities that look back at a permanent leaving it): each holds on the
reference engine and catches engines that each break one rule (tests/wrong_engines.py) --
in ``ci`` games from a board that has what the property talks about, some of them on a copy
of the pool with cards kept out of the corpus (data/last-known-information.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wrong_engines
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, Setup
from conformance.format.vocabulary import Zone
from conformance.properties import PROPERTIES

from builders import board
from test_rules_kills import assert_caught

RULINGS = Path(__file__).parents[2] / "rulings"
DATA = Path(__file__).parent / "data" / "last-known-information.yaml"
OWN = {p.id: p for p in PROPERTIES if p.id in ("damage-from-a-source-that-left",
                                                    "dies-abilities-looking-back")}


def _cards(*names: str) -> tuple[CardEntry, ...]:
    return tuple(CardEntry(name) for name in names)


#: (property, wrong engine): a board with what the property talks about, on which the
#: property catches the wrong engine in ``ci`` games and passes the reference engine.
CAUGHT_FROM: dict[tuple[str, str], Setup] = {
    # Merciless Enforcers (lifelink) pings bob, who returns it to alice's hand in response
    ("damage-from-a-source-that-left", "gone_source_damage_without_keywords"):
        board({Zone.BATTLEFIELD: _cards("Merciless Enforcers")},
              {Zone.HAND: _cards("Unsummon", "Unsummon", "Shock")}),
    # a Clone enters as Doomed Traveler; Twin Bolt kills both at once
    ("dies-abilities-looking-back", "dying_copies_seen_as_printed_cards"):
        board({Zone.HAND: _cards("Clone", "Twin Bolt"),
               Zone.BATTLEFIELD: _cards("Doomed Traveler")}),
    # Unruly Mob ("whenever another creature you control dies") dies with Doomed Traveler
    ("dies-abilities-looking-back", "watchers_leaving_together_see_nothing"):
        board({Zone.HAND: _cards("Twin Bolt"),
               Zone.BATTLEFIELD: _cards("Unruly Mob", "Doomed Traveler")}),
    ("dies-abilities-looking-back", "simultaneous_deaths_trigger_once"):
        board({Zone.HAND: _cards("Twin Bolt"),
               Zone.BATTLEFIELD: _cards("Unruly Mob", "Doomed Traveler", "Memnite")}),
}

#: More games where the board leaves the machine many other moves.
EXAMPLES: dict[tuple[str, str], int] = {}


@pytest.fixture(scope="module")
def pool() -> CardPool:
    corpus = load_corpus([RULINGS])
    extra = load_cards(DATA)
    return CardPool({**{n: corpus.cards[n] for n in corpus.cards},
                     **{n: extra[n] for n in extra}})


@pytest.mark.parametrize(("prop_id", "wrong"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(pool, prop_id, wrong):
    assert_caught(pool, OWN[prop_id], getattr(wrong_engines, wrong),
                  CAUGHT_FROM[prop_id, wrong], EXAMPLES.get((prop_id, wrong), 30))


def test_the_properties_are_in_the_catalogue():
    assert set(OWN) == {prop for prop, _wrong in CAUGHT_FROM}
