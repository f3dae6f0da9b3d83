"""The mutation meter: how many seeded bugs the rulings and the properties catch, each on
its own and together.

Every mutant is run against every ruling of the corpus and against the properties (the
built-in ones and the YAML ones of the corpus): all properties at once in one set of games
of the profile, then, if none caught it, each property watching the mutant's mechanism
alone.  A mutant is *killed* by the rulings when one fails or errors on it (an engine that
crashes on a ruling, or asks a choice no correct engine asks, is caught too), and by the
properties only when one *fails*: a random game that errors may have met something the
state machine does not handle (a game that is over, say), which says nothing of the mutant.
Properties run without shrinking: the meter needs to know that
something fails, not the smallest game that shows it, so no verdict waits for a shrinker.
Survivors are gaps: add the scenario or property that catches them, or document why the
mutant is equivalent (``EQUIVALENT``).

Mutants are measured in parallel (``jobs`` processes), each measurement independent.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hypothesis import Phase

from ..engines.reference import ReferenceEngine
from ..format.cards import Card
from ..format.loader import Corpus, load_corpus
from ..properties import PROFILES, Observation, Property, Violation, all_properties, run_property
from ..runner.execute import run_ruling
from ..runner.results import Status
from . import Mutant, catalogue

CAUGHT = (Status.FAILED, Status.ERROR, Status.TIMEOUT)

#: The properties that watch each mechanism, beside those whose own ``mechanism`` it is, run
#: one by one (each in games favouring its own cards) on a mutant of that mechanism that all
#: the properties together missed.  Each mechanism a mutant or a held-out bug names is
#: listed with every property whose games reach what that mechanism decides (combat: the
#: damage, the sickness and the tapping its declarations decide; tokens: the properties of
#: token copies and of what tokens cease to be), not only those written for it.
WATCHED_BY: dict[str, tuple[str, ...]] = {
    "rooms": ("room-characteristics-by-zone", "room-doors-on-entering", "unlocking-timing",
              "unlock-trigger-count", "trigger-instances", "legal-actions",
              "targeted-triggers", "room-with-no-door-is-nameless"),
    "copies": ("entering-permanents", "token-copies-no-status", "trigger-instances",
               "legend-rule"),
    "face-down": ("face-down-characteristics", "turning-face-up-permanents-only",
                  "legal-actions", "power-and-toughness", "trigger-instances",
                  "turned-face-up-under-doublers"),
    "transform": ("double-faced-faces", "double-faced-mana-value", "legend-rule",
                  "power-and-toughness", "face-changes-keep-the-object"),
    "trigger-doubling": ("trigger-instances", "unlock-trigger-count", "entering-permanents"),
    "triggers": ("trigger-instances", "trigger-order-and-control",
                 "turned-face-up-under-doublers", "combat-trigger-instances"),
    "trigger-order": ("trigger-order-and-control", "trigger-targets-chosen-by-their-controller"),
    "step-triggers": ("trigger-instances", "additional-instances-steps-and-casts",
                      "intervening-if", "delayed-triggers-once"),
    "attack-triggers": ("combat-trigger-instances", "trigger-instances",
                        "trigger-order-and-control"),
    "dies-triggers": ("dies-triggers", "dies-abilities", "dies-abilities-looking-back",
                      "leaves-abilities", "triggers-from-the-battlefield"),
    "spell-copies": ("spell-copies", "trigger-instances", "entering-permanents",
                     "tokens-exist-only-on-the-battlefield-or-stack"),
    "zones": ("entering-permanents", "power-and-toughness", "copies-enter-with-copied-values",
              "trigger-instances", "leaves-abilities"),
    "durations": ("power-and-toughness", "delayed-triggers-once", "exiled-cards-playable",
                  "damage-after-a-pump"),
    "continuous-effects": ("power-and-toughness", "statics-on-the-battlefield-only",
                           "until-end-of-turn-effects", "tokens-under-static-abilities"),
    "replacement-effects": ("entering-permanents", "entering-as-a-copy",
                            "copies-enter-with-copied-values",
                            "enters-with-counters-under-doublers", "returned-transformed"),
    "costs": ("legal-actions", "activation-costs"),
    "convoke": ("legal-actions", "activation-costs", "x-costs"),
    "permissions": ("legal-actions", "exiled-cards-playable"),
    "exile-to-play": ("legal-actions", "graveyard-permissions"),
    "legend-rule": ("legend-rule", "state-based-actions"),
    "timing": ("casting-timing", "legal-actions", "sorcery-speed-abilities",
               "activation-costs", "exiled-cards-playable", "graveyard-permissions"),
    "priority": ("acting-with-priority", "priority", "receiving-priority", "stack-order"),
    "stack": ("illegal-targets", "attachments", "stack-order", "legal-actions"),
    "counters": ("trample-assignment", "face-changes-keep-the-object",
                 "enters-with-counters-under-doublers", "power-and-toughness"),
    "state-based-actions": ("counter-rules", "legend-rule", "zero-toughness", "damage-marked",
                            "game-over"),
    "targets": ("target-counts", "offered-targets", "targeted-triggers",
                "trigger-targets-chosen-by-their-controller", "illegal-targets",
                "targets-when-chosen", "legal-targets-affected"),
    "combat": ("trample-assignment", "combat-damage-amounts", "damage-results",
               "losing-after-combat-damage", "summoning-sickness", "tapped-status"),
    "damage": ("damage-marked", "divided-damage", "damage-from-a-source-that-left",
               "combat-damage", "life-gained-and-lost", "damage-results-in-double-blocks"),
    "divided-damage": ("damage-marked", "combat-damage-amounts"),
    "mana": ("mana-symbols", "legal-actions", "x-costs"),
    "drawing": ("keyword-actions", "draw-step", "drawing-from-an-empty-library"),
    "game-over": ("drawing-from-an-empty-library", "state-based-actions", "combat-damage"),
    "mana-abilities": ("mana-symbols", "legal-actions", "activation-costs"),
    "tokens": ("keyword-actions", "token-copies-no-status", "copies-of-tokens", "token-copies-copy",
               "tokens-exist-only-on-the-battlefield-or-stack",
               "tokens-and-spell-copies-cease-to-exist"),
    "lands": ("legal-actions", "mana-symbols"),
}

#: Mutants no ruling or property can catch because they change nothing a game can show,
#: with the reason.  Each is still measured; a survivor listed here is not a gap.
EQUIVALENT: dict[str, str] = {}


@dataclass
class Verdict:
    mutant: Mutant
    rulings: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def killed(self) -> bool:
        return bool(self.rulings or self.properties)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.mutant.name, "mechanism": self.mutant.mechanism,
                "description": self.mutant.description, "killed": self.killed,
                "caught_by_rulings": self.rulings, "caught_by_properties": self.properties,
                "equivalent": EQUIVALENT.get(self.mutant.name),
                "seconds": round(self.seconds, 3), "cpu_seconds": round(self.cpu_seconds, 3)}


def quick_profile(profile: str) -> str:
    """``profile`` without shrinking: the meter only needs to know that something fails."""
    name = f"{profile}-no-shrink"
    if name not in PROFILES:
        base = PROFILES[profile]
        PROFILES[name] = base.__class__(base, phases=[p for p in base.phases
                                                      if p is not Phase.shrink])
    return name


_quick = quick_profile  # the name older callers use


def together(properties: Sequence[Property],
             favour: Sequence[Property] | None = None) -> Property:
    """One property checking all of ``properties`` after every step of the same games, whose
    cards favour the focus of ``favour`` (by default of every property); a violation's
    message starts with ``[id]`` of its property."""
    favoured = list(favour) if favour else list(properties)
    def check(o: Observation) -> Iterable[Violation]:
        for prop in properties:
            for violation in prop.check(o):
                yield replace(violation, message=f"[{prop.id}] {violation.message}")
                return

    def focus(card: Card) -> bool:
        return any(p.focus(card) for p in favoured)

    weights: dict[str, int] = {}
    for prop in favoured:
        for kind, weight in prop.weights:
            weights[kind] = max(weight, weights.get(kind, 0))
    return Property("every-property", "every property at once",
                    tuple(dict.fromkeys(r for p in properties for r in p.rulings)),
                    frozenset().union(*(p.requires for p in properties)), check, focus,
                    weights=tuple(sorted(weights.items())))


def _caught_by(message: str, properties: Sequence[Property]) -> str:
    found = message[1:message.find("]")] if message.startswith("[") else ""
    return found if any(p.id == found for p in properties) else "every-property"


#: Whether every property at once holds on the reference engine in the games that favour
#: a set of properties, by corpus, properties, favoured properties and profile.
_REFERENCE_HOLDS: dict[tuple[int, tuple[str, ...], tuple[str, ...], str], bool] = {}


def _holds_on_the_reference(corpus: Corpus, properties: Sequence[Property],
                            watching: Sequence[Property], profile: str) -> bool:
    """Whether the games of every property at once favouring ``watching`` pass on the
    reference engine: a property failing there would "catch" every mutant whose mechanism
    favours those games (the reference engine is played once for each set)."""
    key = (id(corpus), tuple(p.id for p in properties), tuple(p.id for p in watching), profile)
    known = _REFERENCE_HOLDS.get(key)
    if known is None:
        known = _REFERENCE_HOLDS[key] = run_property(
            together(properties, watching), ReferenceEngine, corpus.cards, corpus.rulings,
            profile=profile).status is not Status.FAILED
    return known


def measure_one(mutant: Mutant, corpus: Corpus, properties: Sequence[Property], *,
                profile: str = "ci", every_property: bool = False) -> Verdict:
    """Run the corpus and the properties against one mutant: every property at once in
    one set of games favouring the cards of the properties that watch its mechanism, then
    -- if none caught it, or with ``every_property`` -- each of those on its own, in games
    that favour its own cards."""
    started, cpu = time.perf_counter(), time.process_time()
    verdict = Verdict(mutant)
    engine = mutant.engine()
    for ruling in corpus.rulings:
        if run_ruling(ruling, engine, corpus.cards).status in CAUGHT:
            verdict.rulings.append(ruling.id)
    quick = quick_profile(profile)
    wanted = WATCHED_BY.get(mutant.mechanism, ())
    watching = [p for p in properties if p.id in wanted or p.mechanism == mutant.mechanism]
    result = run_property(together(properties, watching), mutant.engine, corpus.cards,
                          corpus.rulings, profile=quick)
    if result.status is Status.FAILED and _holds_on_the_reference(
            corpus, properties, watching, quick):
        verdict.properties.append(_caught_by(result.message, properties))
    alone = [p for p in properties
             if every_property or p.id in wanted or p.mechanism == mutant.mechanism]
    for prop in alone if every_property or not verdict.properties else ():
        if prop.id in verdict.properties:
            continue
        result = run_property(prop, mutant.engine, corpus.cards, corpus.rulings, profile=quick)
        if result.status is Status.FAILED:
            verdict.properties.append(prop.id)
            if not every_property:
                break
    verdict.seconds = time.perf_counter() - started
    verdict.cpu_seconds = time.process_time() - cpu
    return verdict


_WORKER: dict[str, Any] = {}


def _init_worker(roots: list[str], cards: str | None, profile: str, every: bool) -> None:
    corpus = load_corpus([Path(r) for r in roots], Path(cards) if cards else None)
    _WORKER.update(corpus=corpus, properties=all_properties([Path(r) for r in roots]),
                   profile=profile, every=every)


def _measure_named(name: str) -> tuple[str, list[str], list[str], float, float]:
    verdict = measure_one(catalogue()[name], _WORKER["corpus"], _WORKER["properties"],
                          profile=_WORKER["profile"], every_property=_WORKER["every"])
    return name, verdict.rulings, verdict.properties, verdict.seconds, verdict.cpu_seconds


def measure(corpus: Corpus, *, profile: str = "ci", all_properties: bool = False,
            properties: Sequence[Property] | None = None, roots: Sequence[Path] = (),
            cards: Path | None = None, jobs: int = 1, names: Sequence[str] | None = None,
            on_verdict: Callable[[Verdict], None] = lambda v: None) -> list[Verdict]:
    """Every mutant (or those ``names``) against ``corpus`` and the properties: the
    built-in and YAML properties found under ``roots`` unless ``properties`` is given.
    With ``jobs`` > 1, mutants are measured in that many processes (``roots`` and
    ``cards`` say how each loads the corpus)."""
    mutants = [m for m in catalogue().values() if names is None or m.name in names]
    if jobs > 1 and properties is None and roots:
        verdicts: list[Verdict] = []
        with ProcessPoolExecutor(jobs, initializer=_init_worker,
                                 initargs=([str(r) for r in roots],
                                           str(cards) if cards else None, profile,
                                           all_properties)) as pool:
            for name, rulings, found, seconds, cpu in pool.map(
                    _measure_named, [m.name for m in mutants]):
                verdict = Verdict(catalogue()[name], rulings, found, seconds, cpu)
                on_verdict(verdict)
                verdicts.append(verdict)
        return verdicts
    chosen = list(properties) if properties is not None else _properties(roots)
    verdicts = []
    for mutant in mutants:
        verdict = measure_one(mutant, corpus, chosen, profile=profile,
                              every_property=all_properties)
        on_verdict(verdict)
        verdicts.append(verdict)
    return verdicts


def _properties(roots: Sequence[Path]) -> list[Property]:
    return all_properties(list(roots))


def _rate(count: int, total: int) -> float:
    return round(count / total, 4) if total else 0.0


def summary(verdicts: Sequence[Verdict]) -> dict[str, Any]:
    """Kill rates by source -- rulings alone, properties alone, both -- and the survivors
    with their mechanisms."""
    total = len(verdicts)
    by_rulings = [v for v in verdicts if v.rulings]
    by_properties = [v for v in verdicts if v.properties]
    killed = [v for v in verdicts if v.killed]
    mechanisms: dict[str, dict[str, int]] = {}
    for v in verdicts:
        row = mechanisms.setdefault(v.mutant.mechanism, {"mutants": 0, "killed": 0,
                                                         "by_rulings": 0, "by_properties": 0})
        row["mutants"] += 1
        row["killed"] += v.killed
        row["by_rulings"] += bool(v.rulings)
        row["by_properties"] += bool(v.properties)
    return {
        "mutants": total,
        "killed": len(killed),
        "kill_rate": _rate(len(killed), total),
        "killed_by_rulings": len(by_rulings),
        "rulings_kill_rate": _rate(len(by_rulings), total),
        "killed_by_properties": len(by_properties),
        "properties_kill_rate": _rate(len(by_properties), total),
        "survivors": [{"name": v.mutant.name, "mechanism": v.mutant.mechanism,
                       "description": v.mutant.description,
                       "equivalent": EQUIVALENT.get(v.mutant.name)}
                      for v in verdicts if not v.killed],
        "by_properties_alone": [v.mutant.name for v in verdicts
                                if v.properties and not v.rulings],
        "by_mechanism": dict(sorted(mechanisms.items())),
        "cpu_seconds": round(sum(v.cpu_seconds for v in verdicts), 1),
    }


