"""The meter credits properties only with what they show on a mutant: the games of every
property at once that favour a mechanism's properties are played on the reference engine
too, and a failure there catches nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from conformance.format.loader import load_corpus
from conformance.mutants import catalogue
from conformance.mutants.meter import _holds_on_the_reference, measure_one, quick_profile
from conformance.properties import Observation, Property, Violation

RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def _after_a_pass(o: Observation) -> Iterable[Violation]:
    """Fails on every engine, the reference one included, once a player passes priority."""
    if type(o.action).__name__ == "PassPriority":
        yield Violation("a player passed priority")


def test_a_property_failing_on_the_reference_engine_in_favoured_games_catches_nothing() -> None:
    corpus = replace(load_corpus([RULINGS]), rulings=())
    broken = Property("fails-after-a-pass", "fails after a pass", (), frozenset(), _after_a_pass)
    favoured = Property("favoured", "holds", (), frozenset(), lambda o: iter(()),
                        mechanism="priority")
    properties = [broken, favoured]
    assert not _holds_on_the_reference(corpus, properties, [favoured], quick_profile("ci"))
    mutant = replace(catalogue()["double-strike-strikes-once"], mechanism="priority")
    verdict = measure_one(mutant, corpus, properties)
    assert verdict.properties == []  # "favoured", run alone, holds; "fails-after-a-pass" is not credited
