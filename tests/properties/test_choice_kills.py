"""The properties of the choices a player may make (``target-counts``, ``attacks-and-blocks``
and the stun counters of ``counters``) catch engines that each break one rule
(tests/wrong_engines.py): in their own ``ci`` games, or in ``ci`` games from a board with
what the property talks about where no card of the corpus brings it."""

from __future__ import annotations

from pathlib import Path

import pytest

import wrong_engines
from conformance.format.loader import load_corpus
from conformance.properties import PROPERTIES, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}

#: (property, wrong engine) caught in the property's own ``ci`` games.
CAUGHT_IN_CI: list[tuple[str, str]] = [
    ("target-counts", "duplicate_targets_accepted"),
    ("attacks-and-blocks", "one_creature_blocks_two"),
    ("attacks-and-blocks", "tapped_creatures_block"),
    ("attacks-and-blocks", "haste_ignored_by_attacks"),
]


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize(("prop_id", "wrong"), CAUGHT_IN_CI)
def test_the_property_catches_a_wrong_engine_in_its_ci_games(corpus, prop_id, wrong):
    result = run_property(OWN[prop_id], getattr(wrong_engines, wrong), corpus.cards,
                          corpus.rulings, profile="ci")
    assert result.status is Status.FAILED, result.message
    assert result.details["games"] > 0
