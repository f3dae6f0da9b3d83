"""The mutation meter: how many seeded bugs the rulings and properties catch.

Every mutant is run against every ruling of the corpus; a mutant no ruling catches is then
run against the properties (or every mutant is, with ``all_properties``).  A mutant is
*killed* when anything fails on it -- or errors on it, since an engine that crashes on a
ruling is caught too.  Survivors are gaps in the corpus: add the scenario or property that
catches them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import Phase

from ..format.loader import Corpus
from ..properties import PROPERTIES, PROFILES, Property, run_property
from ..runner.execute import run_ruling
from ..runner.results import Status
from . import Mutant, catalogue

CAUGHT = (Status.FAILED, Status.ERROR, Status.TIMEOUT)


@dataclass
class Verdict:
    mutant: Mutant
    rulings: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def killed(self) -> bool:
        return bool(self.rulings or self.properties)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.mutant.name, "mechanic": self.mutant.mechanic,
                "description": self.mutant.description, "killed": self.killed,
                "caught_by_rulings": self.rulings, "caught_by_properties": self.properties,
                "seconds": round(self.seconds, 3)}


def _quick(profile: str) -> str:
    """The profile without shrinking: the meter only needs to know that something fails."""
    name = f"{profile}-no-shrink"
    if name not in PROFILES:
        base = PROFILES[profile]
        PROFILES[name] = base.__class__(base, phases=[p for p in base.phases
                                                      if p is not Phase.shrink])
    return name


def measure(corpus: Corpus, *, profile: str = "ci", all_properties: bool = False,
            properties: Sequence[Property] = PROPERTIES,
            on_verdict: Callable[[Verdict], None] = lambda v: None) -> list[Verdict]:
    quick = _quick(profile)
    verdicts = []
    for mutant in catalogue().values():
        started = time.perf_counter()
        verdict = Verdict(mutant)
        engine = mutant.engine()
        for ruling in corpus.rulings:
            if run_ruling(ruling, engine, corpus.cards).status in CAUGHT:
                verdict.rulings.append(ruling.id)
        if all_properties or not verdict.rulings:
            for prop in properties:
                result = run_property(prop, mutant.engine, corpus.cards, corpus.rulings,
                                      profile=quick)
                if result.status in CAUGHT:
                    verdict.properties.append(prop.id)
        verdict.seconds = time.perf_counter() - started
        on_verdict(verdict)
        verdicts.append(verdict)
    return verdicts


def summary(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    killed = [v for v in verdicts if v.killed]
    return {
        "mutants": len(verdicts),
        "killed": len(killed),
        "kill_rate": round(len(killed) / len(verdicts), 4) if verdicts else 0.0,
        "survivors": [v.mutant.name for v in verdicts if not v.killed],
        "by_properties_alone": [v.mutant.name for v in verdicts
                                if v.properties and not v.rulings],
    }
