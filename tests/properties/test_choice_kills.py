"""The properties of the choices a player may make (``target-counts``, ``offered-targets``,
``attacks-and-blocks`` and the stun counters of ``counters``) catch engines that each break
one rule (tests/wrong_engines.py, and held-out bugs of benchmarks/heldout/): in their own
``ci`` games, or in ``ci`` games from a board with what the property talks about where no
card of the corpus brings it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import wrong_engines
from benchmarks.heldout import catalogue as held_out
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import load_cards
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, Setup
from conformance.format.vocabulary import Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, run_property
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES
from conformance.runner.results import Status

from builders import board

RULINGS = Path(__file__).parents[2] / "rulings"
#: A card file with an untap effect (Kiora's Follower: "{T}: Untap another target
#: permanent."); the corpus has none.
HELD_OUT_CARDS = Path(__file__).parents[2] / "benchmarks" / "heldout" / "cards.yaml"
OWN = {p.id: p for p in PROPERTIES}

#: (property, wrong engine) caught in the property's own ``ci`` games.
CAUGHT_IN_CI: list[tuple[str, str]] = [
    ("target-counts", "duplicate_targets_accepted"),
    ("target-counts", "fewest_targets_refused"),
    ("target-counts", "held-out:up-to-targets-need-one"),
    ("offered-targets", "any_target_without_players"),
    ("offered-targets", "target_controller_ignored"),
    ("offered-targets", "any_target_takes_every_permanent"),
    ("attacks-and-blocks", "one_creature_blocks_two"),
    ("attacks-and-blocks", "tapped_creatures_block"),
    ("attacks-and-blocks", "haste_ignored_by_attacks"),
]


def _engine(name: str):
    """A wrong engine of tests/wrong_engines.py, or a held-out bug ("held-out:NAME")."""
    if name.startswith("held-out:"):
        return held_out()[name.removeprefix("held-out:")].engine
    return getattr(wrong_engines, name)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize(("prop_id", "wrong"), CAUGHT_IN_CI)
def test_the_property_catches_a_wrong_engine_in_its_ci_games(corpus, prop_id, wrong):
    result = run_property(OWN[prop_id], _engine(wrong), corpus.cards,
                          corpus.rulings, profile="ci")
    assert result.status is Status.FAILED, result.message
    assert result.details["games"] > 0


_LIBRARY = {Zone.LIBRARY: (CardEntry("Memnite"), CardEntry("Grizzly Bears"), CardEntry("Shock"))}

#: (property, wrong engine): the card file and a board with what the property talks about,
#: on which it catches the wrong engine in ``ci`` games and passes the reference engine.
#: No corpus card puts a stun counter on a permanent or untaps one: the boards start with
#: stun counters, and the untap effect is the held-out card file's.
CAUGHT_FROM: dict[tuple[str, str], tuple[Path, Setup]] = {
    ("counters", "stun_ignored_by_untapping"): (RULINGS / "cards.yaml", board(
        _LIBRARY, {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", tapped=True,
                                                counters=(("stun", 2),)),), **_LIBRARY})),
    ("counters", "untap_effects_ignore_stun"): (HELD_OUT_CARDS, board(
        {Zone.BATTLEFIELD: (CardEntry("Kiora's Follower"),
                            CardEntry("Bear", tapped=True, counters=(("stun", 2),)))},
        {Zone.BATTLEFIELD: (CardEntry("Bear", tapped=True, counters=(("stun", 1),)),)})),
    # "Up to two target creatures" on a spell (no such spell in the corpus: its "up to"
    # words are triggered abilities'): a cast naming none is probed.
    ("target-counts", "held-out:up-to-targets-need-one"): (HELD_OUT_CARDS, board(
        {Zone.HAND: (CardEntry("Wither"),), Zone.BATTLEFIELD: (CardEntry("Bear"),)},
        {Zone.BATTLEFIELD: (CardEntry("Ogre"), CardEntry("Bear"))})),
    # "Target opponent" (no card of the corpus says it): Bump in the Night in hand.
    ("offered-targets", "held-out:target-opponent-offers-yourself"): (HELD_OUT_CARDS, board(
        {Zone.HAND: (CardEntry("Bump in the Night"),), Zone.BATTLEFIELD: (CardEntry("Bear"),)},
        {Zone.BATTLEFIELD: (CardEntry("Ogre"),)})),
}


@pytest.mark.parametrize(("prop_id", "wrong"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(prop_id, wrong):
    cards_file, position = CAUGHT_FROM[prop_id, wrong]
    cards = load_cards(cards_file)
    chosen = settings(PROFILES[quick_profile("ci")])
    for factory in (ReferenceEngine, _engine(wrong)):
        machine = machine_class(factory, cards, [OWN[prop_id]], moves=True,
                                setups=st.just(position))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop_id):
                games_test(machine, chosen)()
