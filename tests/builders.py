"""Small builders for tests that set up games without a ruling file."""

from __future__ import annotations

from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door


def entry(card: str, alias: str | None = None, **state: object) -> CardEntry:
    """A card entry of a setup; ``unlocked`` takes door names."""
    unlocked = tuple(Door(d) for d in state.pop("unlocked", ()))  # type: ignore[union-attr]
    return CardEntry(card=card, alias=alias, unlocked=unlocked, **state)  # type: ignore[arg-type]
