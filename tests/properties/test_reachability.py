"""Every property reaches what it is about in the ``ci`` profile: in the games it plays on
the reference engine, its precondition holds at least once -- a property that never has
anything to judge would pass on any engine.

Each property's own ``reached`` says when its check judged something; the extra conditions
below name the situations the mutation meter relies on (a doubler applying, both players'
triggers in one step, a cost increase in play, an "until end of turn" change ending).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.properties import Observation, Property, Violation, all_properties, run_property
from conformance.properties.invariants import costs, durations, objects, triggers
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
PROPERTIES = all_properties([RULINGS])

#: Situations beyond each property's own precondition, by property.
EXTRA: dict[str, dict[str, Callable[[Observation], bool]]] = {
    "trigger-instances": {"an expected trigger": triggers.reached_instances},
    "legal-actions": {"a ruling on an action": costs.reached,
                      "a permission to cast from a graveyard": costs.reached_permission},
    "power-and-toughness": {"an until-end-of-turn change": durations.reached},
    "entering-permanents": {},
    "spell-copies": {},
    "legend-rule": {},
    "double-faced-faces": {"a double-faced card seen": objects.reached_double_faced},
}


def conditions(prop: Property) -> dict[str, Callable[[Observation], bool]]:
    assert prop.reached is not None, f"{prop.id} says nothing of when it has something to judge"
    return {"its precondition": prop.reached, **EXTRA.get(prop.id, {})}


def counting(prop: Property, seen: Counter[str]) -> Property:
    """``prop``, also counting the observations in which each condition holds."""
    wanted = conditions(prop)

    def check(o: Observation) -> Iterable[Violation]:
        found = list(prop.check(o))
        for name, holds in wanted.items():
            if holds(o):
                seen[name] += 1
        return found

    return replace(prop, check=check)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.mark.parametrize("prop", PROPERTIES, ids=lambda p: p.id)
def test_the_property_reaches_its_subject_in_ci(corpus, prop):
    seen: Counter[str] = Counter()
    result = run_property(counting(prop, seen), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    missing = [name for name in conditions(prop) if not seen[name]]
    assert not missing, f"{prop.id} never reached: {', '.join(missing)} ({dict(seen)})"
