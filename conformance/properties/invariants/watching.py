"""What triggered abilities watch, in the games where the difference shows.

The invariant is ``triggers.trigger_instances``: an event puts each ability that watches it
on the stack once (plus one per doubler), and no ability that does not watch it (CR 603.2).
Four situations decide that and rarely meet in random games, so each property here plays
games favouring one:

- "whenever an enchantment you control enters" while permanents enter under another
  player's control -- the machine moves cards of either player onto the battlefield (CR
  603.2, 109.4);
- a morph card's "when this is turned face up" ability under trigger doublers: Fractured
  Realm's kind repeats it, Panharmonicon's kind doesn't (turning face up is no entering;
  CR 603.2d, 708.8);
- copies of spells with what watches spells being cast: a copy put on the stack is not
  cast, a copy cast is (CR 707.10, 707.12, 601.2i);
- an intervening "if" ("at the beginning of combat on your turn, if you control two or more
  other legendary creatures"), under which the ability does not trigger at all when the
  condition is false (CR 603.4).

Cards are chosen by what the judge reads in their text, never by name.
"""

from __future__ import annotations

from strategies.trigger_boards import face_up_and_doublers

from ...format.cards import Card
from ..judge import read_face
from ..observation import Property
from . import triggers


def _text(card: Card) -> str:
    return " ".join(face.text for face in card.faces).lower()


def _yours_entering(card: Card) -> bool:
    """Watchers of "a permanent you control" entering, and enchantments (what they watch)."""
    return any(t.event == "enters-yours" for f in card.faces for t in read_face(f).triggers) \
        or "Enchantment" in card.faces[0].types


#: Morph cards whose "when this is turned face up" ability triggers, and doublers; the boards
#: add a morph card beside a creature watching others enter (``watched_morphs``).
_face_up_and_doublers = face_up_and_doublers


def _copies_and_cast_triggers(card: Card) -> bool:
    """What copies spells, and what watches spells being cast (prowess): a copy of a spell
    is not cast (CR 707.10), a copy cast is (CR 707.12)."""
    return any(r.copies_spells or r.casts_copies or any(t.event == "cast" for t in r.triggers)
               for r in map(read_face, card.faces))


def _conditional(card: Card) -> bool:
    """Triggered abilities with an intervening "if", and legendary creatures (what the
    condition counts)."""
    return any(t.condition for f in card.faces for t in read_face(f).triggers) or any(
        "Legendary" in f.supertypes and "Creature" in f.types for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("enters-under-your-control", triggers.trigger_instances.__doc__ or "",
             ("trigger-conditions-what-each-trigger-watches",),
             frozenset({"triggered-abilities"}), triggers.trigger_instances, _yours_entering,
             ("603.2", "109.4", "603.6a"), "triggers", triggers.reached_instances,
             weights=(("Move", 12),)),
    Property("turned-face-up-under-doublers", triggers.trigger_instances.__doc__ or "",
             ("trigger-doubling-turned-face-up-triggers-additional-time",
              "morph-turning-face-up-does-not-trigger-enters"),
             frozenset({"triggered-abilities", "morph"}), triggers.trigger_instances,
             _face_up_and_doublers, ("603.2d", "702.37e", "708.8", "603.6a"),
             "trigger-doubling", triggers.reached_instances,
             weights=(("TurnFaceUp", 24), ("Move", 1))),
    Property("copies-and-cast-triggers", triggers.trigger_instances.__doc__ or "",
             ("spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
              "spell-copies-elite-arcanist-copy-cast-is-cast"),
             frozenset({"triggered-abilities"}), triggers.trigger_instances,
             _copies_and_cast_triggers, ("707.10", "707.12", "601.2i", "603.2"),
             "spell-copies", triggers.reached_instances,
             weights=(("Cast", 16), ("Activate", 12), ("Move", 1))),
    Property("intervening-if", triggers.trigger_instances.__doc__ or "",
             ("cost-intervening-if-checked-on-trigger-and-resolution",),
             frozenset({"triggered-abilities"}), triggers.trigger_instances, _conditional,
             ("603.4", "603.2"), "triggers", triggers.reached_instances),
)
