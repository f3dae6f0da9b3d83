"""The boards' choices come as often as their docstrings and docs/properties.md say.

``st.one_of`` keeps a strategy once however often it is given, so ``st.one_of(none, a, a, a)``
draws ``a`` half of the time, not three times in four.  These searches count what the
weighted choices of ``strategies.boards`` give, so that a docstring and the strategy it
describes can't drift apart again.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from conformance.format.cards import load_cards
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Zone
from strategies.boards import card_entries, mostly, usually

EXAMPLES = 400


def _shares(strategy: st.SearchStrategy[Any], sort: Any) -> Counter[str]:
    """How many of ``EXAMPLES`` draws from ``strategy`` fall into each of ``sort``'s kinds
    (a number drawn beside each keeps every example new, so the search plays them all)."""
    counted: Counter[str] = Counter()

    @settings(max_examples=EXAMPLES, derandomize=True, database=None,
              phases=[Phase.generate], deadline=None)
    @given(strategy, st.integers(0, 10**9))
    def search(value: Any, _other: int) -> None:
        counted[sort(value)] += 1

    search()
    return counted


def _about_half(part: int, whole: int) -> bool:
    return 0.35 <= part / whole <= 0.65


def test_mostly_and_usually_give_none_half_of_the_time() -> None:
    entries = st.lists(st.just(CardEntry("Grizzly Bears")), min_size=1, max_size=2)
    for weighted in (mostly(entries), usually(entries)):
        shares = _shares(weighted, lambda found: "none" if not found else "some")
        assert _about_half(shares["none"], sum(shares.values())), shares


def test_half_of_the_entries_come_from_the_focused_cards() -> None:
    pool = load_cards(Path(__file__).parents[2] / "rulings" / "cards.yaml")
    names = sorted(name for name in pool if "Land" not in pool[name].faces[0].types)
    focused = names[:1]
    shares = _shares(card_entries(pool, Zone.HAND, names=names, focused=focused),
                     lambda entry: "focused" if entry.card in focused else "other")
    # half from the focused card, the other half from every name (the focused one among them)
    assert _about_half(shares["focused"], sum(shares.values())), shares
