"""Views with gaps: what python-mtg does not compute is not reported at all.

The contract's ``ObjectView`` and ``GameView`` have a value for every field.  python-mtg has
no mana value, no abilities, no color identity, no visible stack, ...  Rather than filling
those fields with a default that a ruling could be judged on, the adapter returns a view
whose unknown fields raise ``Unsupported`` when they are read: a ruling that checks one of
them is unsupported, never failed or passed on a value python-mtg did not compute.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...contract.types import GameView, ObjectView
from ...errors import Unsupported

#: python-mtg's color words -> the contract's color letters (a spelling, not a rule).
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Counter kinds: python-mtg's spelling <-> the rulings' spelling.
COUNTERS_TO_MTG = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
COUNTERS_FROM_MTG = {v: k for k, v in COUNTERS_TO_MTG.items()}

#: Object fields python-mtg computes nothing for, with the reason given when one is read.
ALWAYS_UNKNOWN: Mapping[str, str] = MappingProxyType({
    "mana_value": "python-mtg computes no mana value (its mana_cost relation is a printed fact)",
    "abilities": "python-mtg exposes no ability texts",
    "unlocked_doors": "python-mtg has no Room doors",
    "transformed": "python-mtg exposes no transformed status",
    "identity": "python-mtg exposes no per-player identity of objects",
    "color_identity": "python-mtg computes no color identity",
})


def word(text: str) -> str:
    """``first_strike`` -> ``First strike``: python-mtg's identifiers in the rulings' spelling."""
    text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


def _guarded(owner: Any, name: str) -> Any:
    unknown = object.__getattribute__(owner, "unknown")
    if name in unknown:
        raise Unsupported(unknown[name])
    return object.__getattribute__(owner, name)


@dataclass(frozen=True, slots=True)
class PartialObjectView(ObjectView):
    """An ``ObjectView`` whose fields named in ``unknown`` raise ``Unsupported`` (the reason
    is the mapping's value) instead of answering."""

    unknown: Mapping[str, str] = field(default_factory=lambda: ALWAYS_UNKNOWN)

    def __getattribute__(self, name: str) -> Any:
        return _guarded(self, name)


@dataclass(frozen=True, slots=True)
class PartialGameView(GameView):
    """A ``GameView`` whose fields named in ``unknown`` raise ``Unsupported``."""

    unknown: Mapping[str, str] = field(default_factory=lambda: ALWAYS_UNKNOWN)

    def __getattribute__(self, name: str) -> Any:
        return _guarded(self, name)
