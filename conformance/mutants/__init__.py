"""Seeded-bug variants of the reference engine: the mutation meter's catalogue.

Each mutant is the reference engine with one rule broken in one situation, the way real
engines have broken it, by replacing one function (or registry entry) of a reference-engine
module while the mutant is being called.  A mutant that no ruling and no property catches
shows a gap in the corpus.  ``kills`` is what each mutant is known to fail among the
rulings of its own mechanic's folder; the tests hold the catalogue to it.

This package is for measuring the harness; nothing in the harness depends on it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any
from unittest import mock

from ..engines.reference import ReferenceEngine
from ..engines.reference import characteristics, engine as reference_engine

#: (module, class or registry dict; attribute or key; replacement)
Patch = tuple[Any, str, Any]

#: The reference engine's module-level memos: tables its functions fill and read back across
#: calls and games.  A mutant gets tables of its own, so what a broken function computed never
#: reaches the reference engine or another mutant measured in the same process, and what the
#: reference engine computed never hides a broken function from a mutant.
MEMOS: tuple[tuple[Any, str], ...] = (
    (characteristics, "_SHARED"), (characteristics, "_PT_CARDS"),
    (characteristics, "_IDENTITIES"), (reference_engine, "_PARSED"),
)


class MutantEngine:
    """Delegates to a reference engine, with ``patches`` applied during every call, and
    the reference engine's memos (``MEMOS``) replaced by the mutant's own."""

    #: The memos of the latest mutant made, with its patches: a measurement makes one engine
    #: after another for the same mutant (a ruling, a property's games), which share them.
    _latest: tuple[list[Patch], tuple[dict[Any, Any], ...]] | None = None

    def __init__(self, name: str, patches: list[Patch]) -> None:
        self._engine = ReferenceEngine()
        self._patches = patches
        self._memos = self._memos_for(patches)
        self.name = name

    @classmethod
    def _memos_for(cls, patches: list[Patch]) -> tuple[dict[Any, Any], ...]:
        """One table for each of ``MEMOS``, in its order."""
        latest = cls._latest
        if latest is not None and len(latest[0]) == len(patches) and all(
                a[0] is b[0] and a[1] == b[1] and a[2] is b[2]
                for a, b in zip(latest[0], patches)):
            return latest[1]
        memos: tuple[dict[Any, Any], ...] = tuple({} for _ in MEMOS)
        cls._latest = (list(patches), memos)
        return memos

    @contextlib.contextmanager
    def _broken(self) -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for (module, attribute), memo in zip(MEMOS, self._memos):
                stack.enter_context(mock.patch.object(module, attribute, memo))
            for target, attribute, replacement in self._patches:
                if isinstance(target, dict):  # a registry entry, e.g. effects.EFFECTS
                    stack.enter_context(mock.patch.dict(target, {attribute: replacement}))
                else:
                    stack.enter_context(mock.patch.object(target, attribute, replacement))
            yield

    @property
    def info(self) -> Any:
        return self._engine.info

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._engine, name)
        if not callable(attribute):
            return attribute

        def call(*args: Any, **kwargs: Any) -> Any:
            with self._broken():
                return attribute(*args, **kwargs)
        return call


@dataclass(frozen=True)
class Mutant:
    name: str
    mechanic: str
    description: str
    patches: tuple[Patch, ...]
    folders: tuple[str, ...]
    kills: frozenset[str]
    #: The mechanism whose rules it breaks (rooms, trigger-doubling, costs...), for the
    #: meter's list of survivors; its module's mechanic unless stated.
    mechanism: str = ""

    def engine(self) -> MutantEngine:
        return MutantEngine(self.name, list(self.patches))


def table(mechanic: str, folders: tuple[str, ...],
          entries: dict[str, tuple[list[Patch], set[str]]],
          descriptions: dict[str, str] | None = None,
          mechanisms: dict[str, str] | None = None,
          kills: dict[str, frozenset[str]] | None = None) -> list[Mutant]:
    """Mutants from ``name: (patches, kills)``; each description is ``descriptions[name]``
    or else the docstring of its first replacement; each mechanism ``mechanisms[name]`` or
    else ``mechanic``; the rulings each fails are in the entry, or in ``kills[name]``."""
    mutants = []
    for name, (patches, known) in entries.items():
        replacement = patches[0][2]
        doc = (descriptions or {}).get(name) or getattr(
            getattr(replacement, "__func__", replacement), "__doc__", None) or name
        mutants.append(Mutant(name, mechanic, " ".join(doc.split()), tuple(patches), folders,
                              frozenset(known) | (kills or {}).get(name, frozenset()),
                              (mechanisms or {}).get(name, mechanic)))
    return mutants


@cache
def catalogue() -> dict[str, Mutant]:
    """Every mutant by name."""
    from . import combat, copies, costs, dfc, lands, morph, rooms, spells, triggers, turns

    found: dict[str, Mutant] = {}
    for module in (rooms, copies, morph, dfc, triggers, spells, costs, turns, combat, lands):
        for mutant in module.MUTANTS:
            if mutant.name in found:
                raise ValueError(f"two mutants named {mutant.name!r}")
            found[mutant.name] = mutant
    return found


def create(name: str) -> MutantEngine:
    return catalogue()[name].engine()
