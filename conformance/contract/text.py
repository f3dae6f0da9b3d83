"""How texts that cross the contract are compared: ability texts and names.

Engines print the same Oracle text in different typography -- curly or straight apostrophes
and quotes, a line break or two spaces where the card has one, with or without reminder text.
None of that is a rules difference, so every comparison of a text reported by an engine
(``abilities``, ``names``, a stack item's ``text``) goes through :func:`normalize_text`, on
both sides.  This module is the one place that says what "the same text" means
(docs/properties.md, "Texts").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: Typographic apostrophes and quotes, and the ASCII character each one stands for.
_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u02bc": "'",
    "\u0060": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
})
#: Reminder text: a parenthesised passage (CR 207.2).  Reminder text never nests.
_REMINDER = re.compile(r"\([^()]*\)")
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;:])")


@lru_cache(maxsize=16384)
def normalize_text(text: str) -> str:
    """``text`` as compared: compatibility characters folded (NFKC), typographic apostrophes
    and quotes made ASCII, reminder text in parentheses removed, and every run of whitespace
    (line breaks included) one space, none at either end or before punctuation.

    Case, dashes and the words themselves are kept: "Chapter I — Draw" stays as it is.
    Worked out once for each text (the same card texts are read after every step).
    """
    folded = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    without_reminders = _REMINDER.sub(" ", folded)
    spaced = _SPACE.sub(" ", without_reminders).strip()
    return _SPACE_BEFORE_PUNCTUATION.sub(r"\1", spaced)


def same_text(a: str, b: str) -> bool:
    """Whether two texts are the same once normalised."""
    return normalize_text(a) == normalize_text(b)


def normalize_texts(texts: tuple[str, ...] | list[str]) -> list[str]:
    """Each text normalised, in order (for lists of ability texts or names)."""
    return [normalize_text(t) for t in texts]
