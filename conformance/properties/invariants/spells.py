"""Copies of spells in the games where they are made.

The invariant is ``objects.spell_copies``: a copy of a spell copies the spell's
characteristics and every choice made for it -- its mana value with X, whether it is face
down, its targets (new ones may be chosen, never fewer) -- and is controlled by the player
who made it (CR 707.10, 707.10c).  A copy is made only when a spell that copies spells
finds a spell to copy on the stack, so these games favour the spells that copy and the
instants they copy (Twincast's kind copies an instant or sorcery spell while it waits on
the stack); cards are chosen by what the judge reads in their text, never by name.
"""

from __future__ import annotations

from ...format.cards import Card
from ..judge import read_face
from ..observation import Property
from . import objects
from .offered_targets import reached_spell_word, spells_only


def _copier_or_instant(card: Card) -> bool:
    """What copies spells, and instants."""
    return any(read_face(f).copies_spells for f in card.faces) \
        or "Instant" in card.faces[0].types


PROPERTIES: tuple[Property, ...] = (
    Property("copies-of-instants", objects.spell_copies.__doc__ or "",
             ("spell-copies-a-copy-of-an-opponents-spell-is-yours",
              "spell-copies-lithoform-copy-keeps-x-and-is-not-cast"),
             frozenset(), objects.spell_copies, _copier_or_instant,
             ("707.10", "707.10c", "707.10a", "115.7"), "spell-copies",
             objects.reached_spell_copies),
    Property("spell-words-take-spells", spells_only.__doc__ or "",
             ("spell-copies-a-copy-of-an-opponents-spell-is-yours",),
             frozenset(), spells_only, _copier_or_instant,
             ("112.1", "113.1", "115.1"), "targets", reached_spell_word),
)
