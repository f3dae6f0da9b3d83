"""Text normalisation: typography never makes two texts differ, wording does."""

from __future__ import annotations

import pytest

from conformance.contract.text import normalize_text, same_text


@pytest.mark.parametrize(("a", "b"), [
    ("Fractured Realm\u2019s ability", "Fractured Realm's ability"),
    ("\u201cyes\u201d", '"yes"'),
    ("Whenever a creature\nyou  control dies,\tdraw a card.", "Whenever a creature you control dies, draw a card."),
    ("Flying (This creature can't be blocked except by creatures with flying.)", "Flying"),
    ("Morph {4}{U} (You may cast this card face down as a 2/2 creature for {3}.) ", "Morph {4}{U}"),
    ("  Draw a card .", "Draw a card."),
    ("\uff21", "A"),  # a full-width letter (NFKC)
])
def test_typography_is_not_a_difference(a, b):
    assert normalize_text(a) == normalize_text(b)
    assert same_text(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Draw a card.", "Draw two cards."),
    ("draw a card.", "Draw a card."),  # case is kept
    ("Chapter I \u2014 Draw a card.", "Chapter II \u2014 Draw a card."),
])
def test_wording_is_a_difference(a, b):
    assert not same_text(a, b)


def test_normalising_twice_changes_nothing():
    text = "It\u2019s  (reminder)  here.\n"
    assert normalize_text(normalize_text(text)) == normalize_text(text) == "It's here."
