"""The properties of trigger doubling, trigger conditions, cost changes, permissions and
zone changes: each holds on the reference engine and on every benign variant in its own
``ci`` games, and catches the wrong engines it is about -- engines of the mutation meter
that break one rule each."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings
from conformance.properties.machine import games_test

from conformance.contract.types import Cast, PassPriority
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone
from conformance.properties import PROPERTIES, run_property
from conformance.properties.machine import machine_class
from conformance.properties.profiles import PROFILES
from conformance.properties.invariants import doubling, exile_play, permissions, spells, zones
from conformance.runner.results import Status

from builders import assert_caught_in_ci_games, assert_caught_on_a_board

sys.path.insert(0, str(Path(__file__).parents[1] / "benign"))
from benign_variants import VARIANTS  # noqa: E402

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in (doubling.PROPERTIES + permissions.PROPERTIES + zones.PROPERTIES
                         + spells.PROPERTIES + exile_play.PROPERTIES)}

#: Wrong engines each property catches in its ``ci`` games.
CAUGHT = {
    "additional-instances-entering": ("doubler-applies-to-every-players-permanents",),
    "additional-instances-steps-and-casts": ("doubler-applies-to-every-players-permanents",
                                             "upkeep-trigger-every-upkeep"),
    "graveyard-permissions": ("permission-for-other-players-graveyards",),
    "copies-of-instants": ("spell-copy-loses-targets",),
}

PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"


def _board(alice: dict[Zone, tuple[CardEntry, ...]],
           bob: dict[Zone, tuple[CardEntry, ...]] | None = None) -> Setup:
    return Setup((PlayerSetup("alice", mana=PLENTY, zones=alice),
                  PlayerSetup("bob", zones=bob or {})), "alice", Step.PRECOMBAT_MAIN)


#: Wrong engines each property catches in ``ci`` games from one board that has what the
#: property is about (which random boards reach it moves with every change to the pool).
#: Wrong engines whose property needs more than the ``ci`` profile's 30 random games to meet
#: them, as many as first catch each (measured when the games' test function changed).
MORE_GAMES = {("graveyard-permissions", "permission-for-other-players-graveyards"): 60}

CAUGHT_FROM = {
    ("additional-instances-entering", "doublers-do-not-stack"):
        _board({Zone.BATTLEFIELD: (CardEntry("Panharmonicon"),
                                   CardEntry("Mirror Room // Fractured Realm",
                                             unlocked=(Door.LEFT, Door.RIGHT)),
                                   CardEntry("Soul Warden")),
                Zone.HAND: (CardEntry("Grizzly Bears"),)}),
    ("tokens-and-spell-copies-cease-to-exist", "tokens-do-not-cease-to-exist"):
        _board({Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", token=True),
                                   CardEntry("Grizzly Bears", token=True))}),
    ("graveyard-permissions", "permission-from-other-players-permanents"):
        _board({Zone.GRAVEYARD: (CardEntry("Grizzly Bears"), CardEntry("Memnite"))},
               {Zone.BATTLEFIELD: (CardEntry("Serra Paragon"),)}),
    ("additional-instances-steps-and-casts", "at-triggers-not-doubled"):
        _board({Zone.BATTLEFIELD: (
            CardEntry("Mirror Room // Fractured Realm", unlocked=(Door.LEFT, Door.RIGHT)),
            CardEntry("Unholy Annex // Ritual Chamber", unlocked=(Door.LEFT,)),
            CardEntry("Monastery Swiftspear")),
                Zone.HAND: (CardEntry("Shock"),)}),
    ("additional-instances-steps-and-casts", "cast-trigger-ignores-spell-types"):
        _board({Zone.BATTLEFIELD: (CardEntry("Monastery Swiftspear"),),
                Zone.HAND: (CardEntry("Grizzly Bears"), CardEntry("Memnite"))}),
    ("graveyard-permissions", "once-each-turn-permission-unlimited"):
        _board({Zone.BATTLEFIELD: (CardEntry("Lurrus of the Dream-Den"),),
                Zone.GRAVEYARD: (CardEntry("Grizzly Bears"), CardEntry("Memnite"))}),
    ("exiled-cards-playable", "exiled-card-not-playable"):
        _board({Zone.HAND: (CardEntry("Act on Impulse"),),
                Zone.LIBRARY: (CardEntry("Grizzly Bears"), CardEntry("Memnite"),
                               CardEntry("Shock"))}),
}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.slow  # by default, tests/benign plays every property on every variant
@pytest.mark.parametrize("prop_id", sorted(OWN))
def test_the_property_holds_on_every_benign_difference_at_once(corpus, prop_id):
    result = run_property(OWN[prop_id], VARIANTS["everything"], corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message


@pytest.mark.slow  # by default, tests/benign plays every property on every variant
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_benign_variant_passes_the_properties(corpus, variant):
    machine = machine_class(VARIANTS[variant], corpus.cards, list(OWN.values()), moves=True)
    games_test(machine, settings(PROFILES["ci"], max_examples=12))()


@pytest.mark.slow  # random games; by default, the boards with the subject below
@pytest.mark.parametrize(("prop_id", "mutant"),
                         [(p, m) for p, names in CAUGHT.items() for m in names])
def test_the_property_catches_a_wrong_engine(corpus, prop_id, mutant):
    assert_caught_in_ci_games(corpus.cards, OWN[prop_id], mutant,
                              MORE_GAMES.get((prop_id, mutant)))


@pytest.mark.parametrize(("prop_id", "mutant"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(corpus, prop_id,
                                                                       mutant):
    assert_caught_on_a_board(corpus.cards, OWN[prop_id], mutant, CAUGHT_FROM[prop_id, mutant])


def test_the_properties_are_in_the_catalogue():
    assert set(OWN) <= {p.id for p in PROPERTIES}


def test_a_permission_of_your_turns_is_not_used_in_another_players_turn(corpus):
    """Found by graveyard-permissions: in bob's turn, alice may not cast a flash creature
    from her graveyard with Serra Paragon's permission ("once during each of your
    turns")."""
    engine = ReferenceEngine()
    setup = Setup(players=(
        PlayerSetup("alice", mana="{2}{U}", zones={
            Zone.BATTLEFIELD: (CardEntry("Serra Paragon", alias="paragon"),),
            Zone.GRAVEYARD: (CardEntry("Entity Tracker", alias="tracker"),)}),
        PlayerSetup("bob", zones={})), active_player="bob", step=Step.PRECOMBAT_MAIN)
    ids = engine.start(setup, corpus.cards)
    engine.perform(PassPriority("bob"))
    assert engine.game().priority_player == "alice"
    assert not engine.is_legal(Cast("alice", ids["tracker"]))
