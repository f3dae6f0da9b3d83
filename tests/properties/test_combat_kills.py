"""The properties of combat, of damage divided among targets and of land plays: each holds on
the reference engine and on every benign difference at once in its own ``ci`` games, and
catches the wrong engines of the mutation meter it is about -- in ``ci`` games from a board
that has what the property talks about (which random boards reach it moves with every change
to the card pool)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door, Zone
from conformance.properties import PROPERTIES, run_property
from conformance.runner.results import Status

from builders import assert_caught_on_a_board
from builders import board as _board

sys.path.insert(0, str(Path(__file__).parents[1] / "benign"))
from benign_variants import VARIANTS  # noqa: E402

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES if p.id in (
    "combat-declarations", "combat-damage", "combat-trigger-instances", "divided-damage",
    "land-plays")}





def _cards(*names: str, **state: object) -> tuple[CardEntry, ...]:
    return tuple(CardEntry(name, **state) for name in names)  # type: ignore[arg-type]


_BEARS = {Zone.BATTLEFIELD: _cards("Grizzly Bears")}
_ARC = _board({Zone.HAND: _cards("Arc Lightning")}, _BEARS)
_BOLT = _board({Zone.HAND: _cards("Twin Bolt")}, _BEARS)
_HOSPITAL = CardEntry("Surgical Suite // Hospital Room", unlocked=tuple(Door))
_LOCKER = CardEntry("Bottomless Pool // Locker Room", unlocked=tuple(Door))
_LANDS = _board({Zone.HAND: _cards("Forest", "Mountain"),
                 Zone.LIBRARY: _cards("Plains", "Island", "Memnite")},
                {Zone.HAND: _cards("Swamp"), Zone.LIBRARY: _cards("Forest", "Island")})

#: (property, wrong engine): a board with what the property talks about, on which the
#: property catches the wrong engine in ``ci`` games and passes the reference engine.
CAUGHT_FROM = {
    ("divided-damage", "divide-asked-for-one-target"): _ARC,
    ("divided-damage", "divided-evenly-without-asking"): _ARC,
    ("divided-damage", "minimum-targets-ignored"): _ARC,
    ("divided-damage", "divided-damage-dealt-in-full-to-each"): _ARC,
    ("divided-damage", "divided-damage-target-may-get-none"): _BOLT,
    ("combat-declarations", "flying-blocked-by-anything"):
        _board({Zone.BATTLEFIELD: _cards("Serra Angel")}, _BEARS),
    ("combat-declarations", "flying-blocker-needs-reach"):
        _board({Zone.BATTLEFIELD: _cards("Serra Angel")},
               {Zone.BATTLEFIELD: _cards("Vampire Nighthawk")}),
    ("combat-damage", "double-strike-strikes-once"):
        _board({Zone.BATTLEFIELD: _cards("Fencing Ace")}),
    ("combat-damage", "combat-damage-without-deathtouch-or-lifelink"):
        _board({Zone.BATTLEFIELD: _cards("Vampire Nighthawk")}),
    ("combat-damage", "first-strike-only-for-attacking-player"):
        _board({Zone.BATTLEFIELD: _cards("Grizzly Bears")},
               {Zone.BATTLEFIELD: _cards("Youthful Knight")}),
    ("combat-damage", "damage-assignment-order"):
        _board({Zone.BATTLEFIELD: _cards("Hill Giant")},
               {Zone.BATTLEFIELD: _cards("Memnite", "Memnite")}),
    ("combat-damage", "trample-ignored-when-blocked"):
        _board({Zone.BATTLEFIELD: _cards("Colossal Dreadmaw")}, _BEARS),
    ("combat-trigger-instances", "attack-trigger-never"):
        _board({Zone.BATTLEFIELD: _cards("Goblin Guide")}),
    ("combat-trigger-instances", "reveal-top-takes-any-card"):
        _board({Zone.BATTLEFIELD: _cards("Goblin Guide")},
               {Zone.LIBRARY: _cards("Memnite", "Grizzly Bears")}),
    ("combat-trigger-instances", "you-attack-trigger-needs-a-group"):
        _board({Zone.BATTLEFIELD: (_HOSPITAL, CardEntry("Grizzly Bears"))}),
    ("combat-trigger-instances", "you-attack-trigger-per-attacker"):
        _board({Zone.BATTLEFIELD: (_HOSPITAL, *_cards("Grizzly Bears", "Memnite"))}),
    ("combat-trigger-instances", "combat-damage-trigger-per-creature"):
        _board({Zone.BATTLEFIELD: (_LOCKER, *_cards("Grizzly Bears", "Memnite"))}),
    ("combat-trigger-instances", "ability-damage-is-combat-damage"):
        _board({Zone.BATTLEFIELD: (_LOCKER, CardEntry("Prodigal Pyromancer"))}),
    ("land-plays", "two-lands-each-turn"): _LANDS,
    ("land-plays", "land-plays-never-reset"): _LANDS,
    ("land-plays", "land-on-another-players-turn"):
        _board({Zone.HAND: _cards("Forest")}, {Zone.HAND: _cards("Swamp")}, active="bob"),
}


#: More games where the board leaves the machine many other moves (a double block is one of
#: four declarations of blockers; the damage comes only after an attack, a block and both
#: players passing), as many as the ``ci`` games first catch each mutant in.
EXAMPLES = {("combat-damage", "damage-assignment-order"): 100,
            ("combat-damage", "first-strike-only-for-attacking-player"): 60,
            ("combat-damage", "trample-ignored-when-blocked"): 60,
            ("combat-trigger-instances", "combat-damage-trigger-per-creature"): 200}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.slow  # by default, the reachability tests play the same games
@pytest.mark.parametrize("prop_id", sorted(OWN))
def test_the_property_holds_on_the_reference_engine(corpus, prop_id):
    result = run_property(OWN[prop_id], ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message


@pytest.mark.slow  # by default, tests/benign plays every property on every variant
@pytest.mark.parametrize("prop_id", sorted(OWN))
def test_the_property_holds_on_every_benign_difference_at_once(corpus, prop_id):
    result = run_property(OWN[prop_id], VARIANTS["everything"], corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message


@pytest.mark.parametrize(("prop_id", "mutant"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(corpus, prop_id,
                                                                       mutant):
    assert_caught_on_a_board(corpus.cards, OWN[prop_id], mutant, CAUGHT_FROM[prop_id, mutant],
                             EXAMPLES.get((prop_id, mutant), 30))


def test_the_properties_are_in_the_catalogue():
    assert len(OWN) == 5
