"""The properties of trigger doubling, trigger conditions, cost changes, permissions and
zone changes reach what they are about in the ``ci`` profile: in their games on the
reference engine, each one's precondition holds at least once, and so do the situations
its strongest checks need (a doubler applying to a trigger)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.properties import Observation, Property, Violation, run_property
from conformance.properties.invariants import (
    doubling, exile_play, permissions, spells, triggers, zones,
)
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in (doubling.PROPERTIES + permissions.PROPERTIES + zones.PROPERTIES
                         + spells.PROPERTIES + exile_play.PROPERTIES)}

EXTRA: dict[str, dict[str, Callable[[Observation], bool]]] = {
    "additional-instances-entering": {"a doubler applying": triggers.reached_doubling},
    "additional-instances-steps-and-casts": {"a doubler applying": triggers.reached_doubling},
}


def conditions(prop: Property) -> dict[str, Callable[[Observation], bool]]:
    assert prop.reached is not None, f"{prop.id} says nothing of when it has something to judge"
    return {"its precondition": prop.reached, **EXTRA.get(prop.id, {})}


_SEEN: dict[str, Counter[str]] = {}


def seen_in_ci(prop: Property) -> Counter[str]:
    if prop.id not in _SEEN:
        corpus = load_corpus([RULINGS])
        seen: Counter[str] = Counter()
        wanted = conditions(prop)

        def check(o: Observation) -> Iterable[Violation]:
            found = list(prop.check(o))
            for name, holds in wanted.items():
                if holds(o):
                    seen[name] += 1
            return found

        result = run_property(replace(prop, check=check), ReferenceEngine, corpus.cards,
                              corpus.rulings, profile="ci")
        assert result.status is Status.PASSED, result.message
        _SEEN[prop.id] = seen
    return _SEEN[prop.id]


@pytest.mark.parametrize(("prop_id", "situation"),
                         [(p.id, name) for p in OWN.values() for name in conditions(p)])
def test_the_property_reaches_its_subject_in_ci(prop_id, situation):
    seen = seen_in_ci(OWN[prop_id])
    assert seen[situation], f"{prop_id} never reached {situation} ({dict(seen)})"
