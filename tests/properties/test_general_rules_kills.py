"""Rules the seventh held-out batch left unstated, stated in general: each property holds on
the reference engine and catches an engine that breaks its rule (tests/wrong_engines.py) --
in its own ``ci`` games where the corpus's cards reach the rule, else in ``ci`` games from
a board with what the rule is about (cards the corpus lacks are kept in
data/general-rules.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

import wrong_engines_general as wrong_engines
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES

RULINGS = Path(__file__).parents[2] / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}

#: (property, wrong engine) caught in the property's own ``ci`` games on the corpus.
IN_CI_GAMES = (
    ("drawing-from-an-empty-library", "effect_draws_never_lose"),
    ("copies-of-tokens", "copies_of_tokens_are_tokens"),
)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def _play(cards: object, prop_id: str, factory: object) -> None:
    chosen = settings(PROFILES[quick_profile("ci")])
    machine = machine_class(factory, cards, [BY_ID[prop_id]], moves=True)  # type: ignore[arg-type]
    games_test(machine, chosen)()


@pytest.mark.parametrize(("prop_id", "wrong"), IN_CI_GAMES)
def test_caught_in_its_own_ci_games(corpus, prop_id, wrong):
    _play(corpus.cards, prop_id, ReferenceEngine)  # the same games pass
    with pytest.raises(PropertyFailure, match=prop_id):
        _play(corpus.cards, prop_id, getattr(wrong_engines, wrong))
