"""Strategies for answering an engine's choices."""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.contract.types import Choice


def answers(choice: Choice) -> st.SearchStrategy[list[str]]:
    """Option values answering ``choice``: between its ``min`` and ``max`` distinct ones.

    Shrinks towards the fewest options allowed, taken from the first offered.
    """
    values = [option.value for option in choice.options]
    high = min(choice.max, len(values))
    low = min(choice.min, high)
    return st.lists(st.sampled_from(values), min_size=low, max_size=high, unique=True) \
        if values else st.just([])
