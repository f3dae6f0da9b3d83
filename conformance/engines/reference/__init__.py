"""The embedded reference engine: a small rules kernel organised by mechanism.

One module per mechanism -- ``state`` (objects and zones), ``mana``, ``characteristics``,
``rooms``, ``casting``, ``triggers``, ``effects``, ``entering``, ``turn`` -- driven by card
data.  No module names a card or a ruling.
"""

from __future__ import annotations

from .engine import ReferenceEngine


def create() -> ReferenceEngine:
    """Entry point of the ``conformance.engines`` group."""
    return ReferenceEngine()


__all__ = ["ReferenceEngine", "create"]
