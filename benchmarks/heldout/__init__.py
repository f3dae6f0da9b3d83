"""Held-out engine bugs: the reference engine with one wrong branch, each modelled on a bug
reported against a real rules engine (XMage, Forge, phase.rs and others), to measure how
many such bugs the rulings and the properties catch.

Each bug replaces one function (or registry entry, or method) of the reference engine while
the engine is called, the way ``conformance.mutants`` does, and names the report it models.
``benchmarks/heldout_bugs.py`` measures them; ``witnesses.py`` holds, for each bug, a small
game in which it changes something a player can see.

The bugs come in nineteen batches, written at different times: the first (triggers, copies,
faces, rules) before combat, the turn's steps, state-based actions, divided damage, targets
with a minimum, permissions to play exiled cards and convoke were implemented; the second
(combat, turns, sba, spells) for those mechanisms; the third (third_rules, third_triggers,
third_objects, third_costs) over every mechanism, favouring the families the first two did
not reach: lands, the cleanup step, Auras and Sagas, who controls a trigger and what its
filter admits, copies of copies and of spells, Rooms off the battlefield and unlocked by
effects, and cost reductions; the fourth (fourth_rules, fourth_objects) as a fresh sample
over every mechanism once the corpus had grown around the third: the stack and priority,
targets on resolution, damage, zone changes, tokens, copies, lands and triggers; the fifth
(fifth_rules, fifth_objects) to measure the properties, written without reading them: targets
illegal on resolution, damage decided by its source, simultaneous events and last known
information, counters, priority, timing, and what zone and face changes reset; the sixth
(sixth_rules, sixth_objects) as a second sample for the properties, written the same way:
targets, the stack and priority, timing, state-based actions, combat declarations, damage
decided by its source, last known information, counters and zone changes; the seventh
(seventh_rules, seventh_objects) as a third sample for the properties, written the same way
and spread over the same areas and the ones the earlier batches reached least: lands, mana,
the turn's steps, continuous effects, copies and Rooms; the eighth (eighth_rules,
eighth_objects) as a fourth sample for the properties, written the same way and spread
over every area in proportion to the rules, one or two bugs each; the ninth (ninth_rules,
ninth_objects) as a fifth sample, written the same way and spread the same way; the
tenth (tenth_rules, tenth_objects) as a sixth sample, written the same way and spread the
same way; the eleventh (eleventh_rules, eleventh_objects) as a seventh sample, written the
same way and spread the same way; the twelfth (twelfth_rules, twelfth_objects) as an eighth
sample, written the same way and spread the same way; the thirteenth (thirteenth_rules,
thirteenth_objects) as a ninth sample, written the same way and spread the same way; the
fourteenth (fourteenth_rules, fourteenth_objects) as a tenth sample, written the same way and
spread the same way; the fifteenth (fifteenth_rules, fifteenth_objects) as an eleventh sample,
written the same way and spread the same way; the sixteenth (sixteenth_rules,
sixteenth_objects) as a twelfth sample, written the same way and spread the same way; the
seventeenth (seventeenth_rules, seventeenth_objects) as a thirteenth sample, written the same
way and spread the same way; the eighteenth (eighteenth_rules, eighteenth_objects) as a
fourteenth sample, written the same way and spread the same way; the nineteenth
(nineteenth_rules, nineteenth_objects) as a fifteenth sample, written the same way and spread
the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from conformance.mutants import Mutant, MutantEngine, Patch


@dataclass(frozen=True, slots=True)
class HeldOut:
    """One engine bug: what it breaks, where the report is, and the patches that make it."""

    name: str
    mechanism: str
    description: str
    source: str
    patches: tuple[Patch, ...]

    def mutant(self) -> Mutant:
        """The bug as a meter mutant (no kill set is recorded for it)."""
        return Mutant(self.name, self.mechanism, self.description, self.patches, (),
                      frozenset(), self.mechanism)

    def engine(self) -> MutantEngine:
        return MutantEngine(self.name, list(self.patches))


def bug(name: str, mechanism: str, source: str, description: str,
        *patches: Patch) -> HeldOut:
    return HeldOut(name, mechanism, " ".join(description.split()), source, tuple(patches))


#: The batches, in the order they were written, and the modules that hold each.
BATCHES: dict[str, tuple[str, ...]] = {
    "first": ("triggers", "copies", "faces", "rules"),
    "second": ("combat", "turns", "sba", "spells"),
    "third": ("third_rules", "third_triggers", "third_objects", "third_costs"),
    "fourth": ("fourth_rules", "fourth_objects"),
    "fifth": ("fifth_rules", "fifth_objects"),
    "sixth": ("sixth_rules", "sixth_objects"),
    "seventh": ("seventh_rules", "seventh_objects"),
    "eighth": ("eighth_rules", "eighth_objects"),
    "ninth": ("ninth_rules", "ninth_objects"),
    "tenth": ("tenth_rules", "tenth_objects"),
    "eleventh": ("eleventh_rules", "eleventh_objects"),
    "twelfth": ("twelfth_rules", "twelfth_objects"),
    "thirteenth": ("thirteenth_rules", "thirteenth_objects"),
    "fourteenth": ("fourteenth_rules", "fourteenth_objects"),
    "fifteenth": ("fifteenth_rules", "fifteenth_objects"),
    "sixteenth": ("sixteenth_rules", "sixteenth_objects"),
    "seventeenth": ("seventeenth_rules", "seventeenth_objects"),
    "eighteenth": ("eighteenth_rules", "eighteenth_objects"),
    "nineteenth": ("nineteenth_rules", "nineteenth_objects"),
}


@cache
def batches() -> dict[str, dict[str, HeldOut]]:
    """Every held-out bug by name, per batch."""
    from importlib import import_module

    found: dict[str, dict[str, HeldOut]] = {}
    seen: set[str] = set()
    for batch, modules in BATCHES.items():
        found[batch] = {}
        for module in modules:
            for entry in import_module(f"{__name__}.{module}").BUGS:
                if entry.name in seen:
                    raise ValueError(f"two held-out bugs named {entry.name!r}")
                seen.add(entry.name)
                found[batch][entry.name] = entry
    return found


def catalogue() -> dict[str, HeldOut]:
    """Every held-out bug by name."""
    return {name: entry for bugs in batches().values() for name, entry in bugs.items()}


def batch_of(name: str) -> str:
    return next(batch for batch, bugs in batches().items() if name in bugs)


def chosen(names: Sequence[str] | None, batch: str | None = None) -> list[HeldOut]:
    bugs = catalogue() if batch is None else batches()[batch]
    unknown = [n for n in names or () if n not in bugs]
    if unknown:
        raise SystemExit(f"unknown held-out bug(s): {', '.join(unknown)}")
    return [bugs[n] for n in names] if names else list(bugs.values())
