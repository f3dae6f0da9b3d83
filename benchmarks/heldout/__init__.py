"""Held-out engine bugs: the reference engine with one wrong branch, each modelled on a bug
reported against a real rules engine (XMage, Forge, phase.rs and others), to measure how
many such bugs the rulings and the properties catch.

Each bug replaces one function (or registry entry, or method) of the reference engine while
the engine is called, the way ``conformance.mutants`` does, and names the report it models.
``benchmarks/heldout_bugs.py`` measures them; ``witnesses.py`` holds, for each bug, a small
game in which it changes something a player can see.
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


@cache
def catalogue() -> dict[str, HeldOut]:
    """Every held-out bug by name."""
    from . import copies, faces, rules, triggers

    found: dict[str, HeldOut] = {}
    for module in (triggers, copies, faces, rules):
        for entry in module.BUGS:
            if entry.name in found:
                raise ValueError(f"two held-out bugs named {entry.name!r}")
            found[entry.name] = entry
    return found


def chosen(names: Sequence[str] | None) -> list[HeldOut]:
    bugs = catalogue()
    unknown = [n for n in names or () if n not in bugs]
    if unknown:
        raise SystemExit(f"unknown held-out bug(s): {', '.join(unknown)}")
    return [bugs[n] for n in names] if names else list(bugs.values())
