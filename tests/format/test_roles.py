"""Roles: a setup's card named by what it is -- the filter, its words, which card fits, the
schema's closed lists against the vocabulary, and what a setup takes to start (contract 1.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.format import vocabulary
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import ruling_schema
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.roles import Role, pick
from conformance.format.vocabulary import Step, Zone

CARD_FILE = Path(__file__).resolve().parents[2] / "rulings" / "cards.yaml"
VANILLA_2_2 = Role(types=("Creature",), power=2, toughness=2, abilities=())


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(CARD_FILE)


def test_a_role_reads_as_the_ruling_file_writes_it() -> None:
    role = Role.from_yaml({"types": ["Creature"], "power": 2, "toughness": 2,
                           "abilities": "none"})
    assert role == VANILLA_2_2
    assert role.describe() == "a 2/2 Creature with no abilities"
    keywords = Role.from_yaml({"types": ["Creature"], "abilities": ["Flying", "Vigilance"]})
    assert keywords.abilities == ("Flying", "Vigilance")
    assert keywords.describe() == "a Creature with flying, vigilance and no other abilities"
    land = Role.from_yaml({"types": ["Land"], "supertypes": ["Basic"], "subtypes": ["Forest"]})
    assert land.describe() == "a Basic Land (Forest)"
    assert land.abilities is None and land.colors is None


def test_what_fits_a_role(cards: CardPool) -> None:
    assert VANILLA_2_2.fits(cards["Grizzly Bears"])
    assert VANILLA_2_2.mismatch(cards["Hill Giant"]) == "power is 3, the role says 2"
    assert VANILLA_2_2.mismatch(cards["Shock"]) == "types is ['Instant'], the role says " \
                                                  "['Creature']"
    assert "abilities other than keywords" in (VANILLA_2_2.mismatch(cards["Goblin Guide"]) or "")
    flyer = Role(types=("Creature",), abilities=("Flying", "Vigilance"))
    assert flyer.fits(cards["Serra Angel"])
    assert not flyer.fits(cards["Vampire Nighthawk"])  # flying, deathtouch, lifelink
    assert Role(types=("Creature",), abilities=("Flying", "Deathtouch", "Lifelink")).fits(
        cards["Vampire Nighthawk"])
    # supertypes are exact: a legendary 2/2 is not what "a 2/2 creature" means
    assert not VANILLA_2_2.fits(cards["Isamaru, Hound of Konda"])
    assert Role(types=("Creature",), supertypes=("Legendary",), power=2, toughness=2,
                abilities=()).fits(cards["Isamaru, Hound of Konda"])
    forest = Role(types=("Land",), supertypes=("Basic",), subtypes=("Forest",))
    assert forest.fits(cards["Forest"]) and not forest.fits(cards["Mountain"])
    assert "faces" in (VANILLA_2_2.mismatch(cards["Bottomless Pool // Locker Room"]) or "")


def test_the_card_picked_is_the_preferred_one_or_the_first_by_name(cards: CardPool) -> None:
    pool = list(cards.values())
    fitting = sorted(c.name for c in pool if VANILLA_2_2.fits(c))
    assert "Grizzly Bears" in fitting
    assert pick(VANILLA_2_2, pool).name == fitting[0]  # type: ignore[union-attr]
    assert pick(VANILLA_2_2, pool, preferred="Grizzly Bears").name == "Grizzly Bears"  # type: ignore[union-attr]
    assert pick(VANILLA_2_2, pool, preferred="Hill Giant").name == fitting[0]  # type: ignore[union-attr]
    assert pick(VANILLA_2_2, [cards["Hill Giant"]]) is None


def test_the_schema_lists_what_the_vocabulary_lists() -> None:
    role = ruling_schema()["$defs"]["role"]["properties"]
    assert tuple(role["types"]["items"]["enum"]) == vocabulary.ROLE_TYPES
    assert tuple(role["supertypes"]["items"]["enum"]) == vocabulary.ROLE_SUPERTYPES
    assert tuple(role["abilities"]["oneOf"][1]["items"]["enum"]) == vocabulary.ROLE_KEYWORDS
    assert tuple(role["colors"]["items"]["enum"]) == vocabulary.COLORS


def setup(**changes: object) -> Setup:
    players = (PlayerSetup("alice", zones={Zone.HAND: (CardEntry("Grizzly Bears"),)}),
               PlayerSetup("bob"))
    return Setup(players, "alice", **changes)  # type: ignore[arg-type]


def test_a_setup_takes_only_the_capabilities_it_uses() -> None:
    assert setup().capabilities == frozenset()
    assert setup(step=Step.END).capabilities == {"set-step"}
    assert setup(turn=1).capabilities == {"set-turn"}  # named, even the first turn
    alice = PlayerSetup("alice", life=3, mana="{G}",
                        zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"),)})
    assert Setup((alice, PlayerSetup("bob")), "alice").capabilities == {
        "place-cards", "set-life", "set-mana"}
    tapped = PlayerSetup("alice", zones={Zone.HAND: (CardEntry("Forest", tapped=True),)})
    assert Setup((tapped, PlayerSetup("bob")), "alice").capabilities == {"place-cards"}


def test_inject_state_stands_for_every_setup_capability() -> None:
    assert set(vocabulary.SETUP_CAPABILITIES) <= set(vocabulary.CAPABILITIES)
    assert set(vocabulary.IMPLIED_BEFORE_1_2) < set(vocabulary.SETUP_CAPABILITIES)
    assert "place-cards" not in vocabulary.IMPLIED_BEFORE_1_2
