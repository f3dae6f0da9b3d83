"""Strategies for answering an engine's choices."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from conformance.contract.types import DIVIDE_CHOICE, DIVIDING_CHOICES, Choice


def answers(choice: Choice) -> st.SearchStrategy[list[str]]:
    """Option values answering ``choice``: between its ``min`` and ``max`` distinct ones; for
    a ``divide`` or ``combat_damage`` choice, ``min`` values naming an option once per point
    (a ``divide`` answer names every option at least once -- but half of the time, among
    two options or more, it leaves one out: an answer a correct engine refuses, CR 601.2d,
    and the machine then tries another; ``valid`` is given twice below, but ``st.one_of``
    keeps a strategy once); a ``target`` choice gets each number of targets it
    allows as often ("up to two": none, one and two).

    Shrinks towards the fewest options allowed, taken from the first offered.
    """
    return _answers(choice.kind, tuple(option.value for option in choice.options),
                    choice.min, choice.max)


@lru_cache(maxsize=4096)
def _answers(kind: str, offered: tuple[str, ...], least: int,
             most: int) -> st.SearchStrategy[list[str]]:
    """:func:`answers` to a choice of ``kind`` offering ``offered``, made once for each: a
    strategy is checked as it is first drawn from, which costs more than the draw."""
    values = list(offered)
    if not values:
        return st.just([])
    if kind in DIVIDING_CHOICES:
        every = values if kind == DIVIDE_CHOICE and least >= len(values) else []
        rest = least - len(every)
        valid = st.lists(st.sampled_from(values), min_size=rest, max_size=rest).map(
            lambda more: every + more)
        if not every or len(values) < 2:
            return valid
        short = st.sampled_from(values).flatmap(lambda left_out: st.lists(
            st.sampled_from([v for v in values if v != left_out]),
            min_size=least, max_size=least))
        return st.one_of(valid, valid, short)
    high = min(most, len(values))
    low = min(least, high)
    if kind == "target" and low < high:
        # as many targets as the spell may have as often as one (divided damage, "up to")
        return st.sampled_from(range(low, high + 1)).flatmap(lambda size: st.lists(
            st.sampled_from(values), min_size=size, max_size=size, unique=True))
    return st.lists(st.sampled_from(values), min_size=low, max_size=high, unique=True)
