"""The Room rulings catch deliberately wrong engines, each on exactly the rulings about
the rule it breaks -- so every Room scenario can fail, and fails only for its own reason.

Only rulings/rooms/ is compared: rulings of other mechanics that use Rooms (Mirror Room's
copies, say) may legitimately fail too, and have their own wrong engines."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.format.loader import load_corpus
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status
from wrong_engines import WRONG_ENGINES, factory

RULINGS = Path(__file__).parents[2] / "rulings"


@pytest.fixture(scope="module")
def corpus():
    loaded = load_corpus([RULINGS / "rooms"], RULINGS / "cards.yaml")
    assert not loaded.failures
    return loaded


@pytest.mark.parametrize("name", sorted(WRONG_ENGINES))
def test_wrong_engine_fails_exactly_its_rulings(corpus, name):
    engine = factory(name)()
    _patches, expected = WRONG_ENGINES[name]
    results = {ruling.id: run_ruling(ruling, engine, corpus.cards) for ruling in corpus.rulings}
    failed = {rid for rid, result in results.items() if result.status is Status.FAILED}
    errors = {rid: r.message for rid, r in results.items() if r.status is Status.ERROR}
    assert not errors
    assert failed == expected


def test_every_room_ruling_is_caught_by_some_wrong_engine(corpus):
    caught = set().union(*(expected for _patches, expected in WRONG_ENGINES.values()))
    room_rulings = {r.id for r in corpus.rulings if "rooms" in r.mechanics}
    assert room_rulings - caught == set()
