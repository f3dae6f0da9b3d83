"""Strategies over a card pool."""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool


def cards(pool: CardPool, *, rooms: bool | None = None, layout: str | None = None,
          types: tuple[str, ...] = ()) -> st.SearchStrategy[Card]:
    """Cards of ``pool``, optionally only Rooms (or only non-Rooms), one layout, or cards
    whose first face has all of ``types``.

    Shrinks towards the card that sorts first by name.
    """
    chosen = [
        card for _name, card in sorted(pool.items())
        if (rooms is None or card.is_room == rooms)
        and (layout is None or card.layout == layout)
        and set(types) <= set(card.faces[0].types)
    ]
    if not chosen:
        raise ValueError("no card in the pool matches those options")
    return st.sampled_from(chosen)


def card_text(card: Card) -> str:
    """Every face's rules text, a face a line."""
    return "\n".join(face.text for face in card.faces)


def is_creature(card: Card) -> bool:
    """Whether the card's first face is a creature."""
    return "Creature" in card.faces[0].types
