"""Strategies for sequences of door actions on a Room."""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.format.vocabulary import Door


def door_actions(*, max_size: int = 6) -> st.SearchStrategy[list[tuple[str, Door]]]:
    """Sequences of ``("unlock", door)`` special actions, including attempts on a door that
    is already unlocked, which the rules refuse.

    Shrinks towards shorter sequences and towards the left door.
    """
    return st.lists(st.tuples(st.just("unlock"), st.sampled_from(list(Door))), max_size=max_size)
