"""Boards for games about creatures dying whatever puts them into the graveyard: a creature
sacrificed by an effect beside what watches it die (:func:`sacrificed`).

Drawn only in the games of a focus that takes exactly its cards (``dies-abilities``'s), so
that no other property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands

#: An effect sacrificing a creature: its own ("sacrifice this creature"), one it made or
#: copied ("sacrifice it"), or one its controller chooses.
_SACRIFICES = re.compile(r"\bsacrifice (this creature|it|that creature|a creature)\b(?!:)",
                         re.IGNORECASE)
_SACRIFICES_ITSELF = re.compile(r"^[^:\n]*\bsacrifice this creature\b[^:\n]*$",
                                re.IGNORECASE | re.MULTILINE)
_OWN_DIES = re.compile(r"^when this creature dies, ", re.IGNORECASE | re.MULTILINE)
_WATCHES = re.compile(r"^whenever (a|another) creature you control dies, ",
                      re.IGNORECASE | re.MULTILINE)


def dies_or_sacrifices(card: Card) -> bool:
    """What triggers on a creature dying, and what sacrifices a creature by an effect (the
    focus of ``dies-abilities``)."""
    text = _text(card)
    return "dies" in text.lower() or bool(_SACRIFICES.search(text))


def sacrificed(pool: CardPool, focus: Callable[[Card], bool] | None
               ) -> st.SearchStrategy[Hands] | None:
    """For games about dying whatever puts a creature into the graveyard: alice has a
    permanent watching her creatures die (a Room with both doors unlocked), a creature whose
    own triggered ability sacrifices it (at the beginning of the end step) and a creature
    with a "when this creature dies" ability.  So an effect sacrifices a creature, which
    dies: the watcher triggers (CR 700.4, 701.21a, 603.6c).  ``None`` for games about
    something else.

    Shrinks towards the first of each kind.
    """
    if focus is None:
        return None
    names = sorted(pool)
    if any(focus(pool[n]) != dies_or_sacrifices(pool[n]) for n in names):
        return None
    watchers = [n for n in names if _WATCHES.search(_text(pool[n]))
                and not _creature(pool[n])]
    doomed = [n for n in names if _creature(pool[n]) and _SACRIFICES_ITSELF.search(_text(pool[n]))
              and not _OWN_DIES.search(_text(pool[n]))]
    dying = [n for n in names if _creature(pool[n]) and _OWN_DIES.search(_text(pool[n]))]
    if not watchers or not doomed or not dying:
        return None
    one = st.sampled_from
    return st.builds(
        lambda w, s, d: ([], [], [CardEntry(w, unlocked=tuple(Door) if pool[w].is_room
                                            else ()), CardEntry(s), CardEntry(d)], []),
        one(watchers), one(doomed), one(dying))
