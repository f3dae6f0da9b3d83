"""Strategies for answering an engine's choices."""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.contract.types import DIVIDE_CHOICE, DIVIDING_CHOICES, Choice


def answers(choice: Choice) -> st.SearchStrategy[list[str]]:
    """Option values answering ``choice``: between its ``min`` and ``max`` distinct ones; for
    a ``divide`` or ``combat_damage`` choice, ``min`` values naming an option once per point
    (a ``divide`` answer names every option at least once).

    Shrinks towards the fewest options allowed, taken from the first offered.
    """
    values = [option.value for option in choice.options]
    if not values:
        return st.just([])
    if choice.kind in DIVIDING_CHOICES:
        every = values if choice.kind == DIVIDE_CHOICE and choice.min >= len(values) else []
        rest = choice.min - len(every)
        return st.lists(st.sampled_from(values), min_size=rest, max_size=rest).map(
            lambda more: every + more)
    high = min(choice.max, len(values))
    low = min(choice.min, high)
    return st.lists(st.sampled_from(values), min_size=low, max_size=high, unique=True)
