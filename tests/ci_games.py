"""Each property's ``ci`` games on the reference engine, played once per test process.

Three test modules judge the same games: ``test_properties.py`` (the property holds on the
reference engine), ``test_reachability.py`` and ``test_reachability_stack.py`` (in those
games, the property's precondition and the situations its strongest checks need hold at
least once).  The ``ci`` profile is derandomized and counting leaves the games as they are,
so one search serves them all: the property is played once, counting every condition a test
module registered for it (:func:`watch`, at import, so before any test runs).

The tests of one property share an ``xdist_group`` (:func:`group`), which keeps them next
to each other (tests/conftest.py), so that a pytest-xdist worker given a run of tests runs
them all; wherever they run, they stay correct, each process playing what it needs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import Corpus, load_corpus
from conformance.properties import Observation, Property, Violation, run_property
from conformance.runner.results import Result

RULINGS = Path(__file__).parents[1] / "rulings"

Condition = Callable[[Observation], bool]

#: By property id: the conditions counted in its games, by name.
_WATCHED: dict[str, dict[str, Condition]] = {}


@dataclass(frozen=True, slots=True)
class Played:
    """A property's ``ci`` games on the reference engine: the result of the search and in how
    many observations each watched condition held."""

    prop: Property
    result: Result
    seen: Counter[str]


_PLAYED: dict[str, Played] = {}
_CORPUS: list[Corpus] = []


def watch(prop_id: str, conditions: dict[str, Condition]) -> None:
    """Count ``conditions`` in the games of ``prop_id``; a name watched twice must be the same
    condition."""
    watched = _WATCHED.setdefault(prop_id, {})
    for name, condition in conditions.items():
        assert watched.setdefault(name, condition) is condition, (prop_id, name)


def group(prop_id: str) -> pytest.MarkDecorator:
    """The mark that keeps the tests of ``prop_id``'s games in one process."""
    return pytest.mark.xdist_group(f"ci-games-{prop_id}")


def _corpus() -> Corpus:
    if not _CORPUS:
        loaded = load_corpus([RULINGS])
        assert not loaded.failures, [f.message for f in loaded.failures]
        _CORPUS.append(loaded)
    return _CORPUS[0]


def played_in_ci(prop: Property) -> Played:
    """``prop``'s ``ci`` games on the reference engine, played at the first call (again if a
    condition was watched since, or if ``prop`` is another property of the same id)."""
    wanted = dict(_WATCHED.get(prop.id, {}))
    known = _PLAYED.get(prop.id)
    if known is not None and known.prop is prop and set(wanted) <= set(known.seen):
        return known
    seen: Counter[str] = Counter({name: 0 for name in wanted})

    def check(o: Observation) -> Iterable[Violation]:
        found = list(prop.check(o))
        for name, holds in wanted.items():
            if holds(o):
                seen[name] += 1
        return found

    corpus = _corpus()
    result = run_property(replace(prop, check=check), ReferenceEngine, corpus.cards,
                          corpus.rulings, profile="ci")
    _PLAYED[prop.id] = Played(prop, result, seen)
    return _PLAYED[prop.id]
