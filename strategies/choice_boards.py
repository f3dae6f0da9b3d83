"""Boards for games about the choices a player may make: spells whose one word "target"
allows several targets, with players and creatures to target (:func:`multi_targets`), and
a combat with two attackers, an untapped and a tapped potential blocker and a creature with
haste that has just come under its controller's control (:func:`declarations`).

Each is drawn only in the games of a focus that takes exactly its cards, so that no other
property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from conformance.contract.text import normalize_text
from conformance.format.cards import Card, CardFace, CardPool
from conformance.format.model import CardEntry

from .cards import card_text as _text
from .cards import is_creature as _creature
from .stack_boards import Hands

_SYMBOL = re.compile(r"\{([^}]+)\}")
#: Texts that change who may attack or block, or how many creatures one may block.
_COMBAT_RULES = re.compile(r"attack|block", re.IGNORECASE)


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_WORD = r"(one|two|three|four|five|six)"
#: "up to two target creatures", "one or two targets", "one, two, or three targets",
#: "two target creatures"; the noun after the word "target" is kept.
_COUNTED = re.compile(rf"\b(up to )?{_WORD}(?:, {_WORD})?(?:,? or {_WORD})? (?:other )?"
                      r"targets?\b ?([a-z]*)")
_TARGET_WORD = re.compile(r"\btargets?\b")


@dataclass(frozen=True)
class Counted:
    """What one word "target" of a text allows: between ``least`` and ``most`` targets,
    of the kind ``noun`` names ("" for "targets" alone: any target)."""

    least: int
    most: int
    noun: str


def counted(face: CardFace) -> Counted | None:
    """The targets a face's one word "target" allows when it allows more than one;
    ``None`` for a text with no word "target", several, or one for a single target."""
    text = normalize_text(face.text).lower()
    if len(_TARGET_WORD.findall(text)) != 1:
        return None
    found = _COUNTED.search(text)
    if found is None:
        return None
    up_to, first, second, last, noun = found.groups()
    numbers = [_NUMBERS[n] for n in (first, second, last) if n]
    most = max(numbers)
    if most < 2:
        return None
    return Counted(0 if up_to else min(numbers), most, noun.removesuffix("s"))


#: "up to one target creature", "any number of target creatures": a word "target" that
#: allows none (and, for "up to one", at most one).
_NONE_ALLOWED = re.compile(rf"\b(?:up to {_WORD}|any number of) (?:other )?targets?\b ?([a-z]*)")
#: A plain "target creature": one target exactly (not "X target creatures", "two target").
_ONE = re.compile(r"(?<!\bx )(?<!\bone )\btarget\b")
#: Texts whose number of targets the judge does not read: modes, X targets, a cost or an
#: amount counted by targets.
_UNREAD_COUNT = re.compile(r"\bchoose\b|\u2022|\bx targets?\b|for each target|"
                           r"number of targets")
#: Most targets "any number of" allows, as far as the judge counts.
ANY_NUMBER = 99


def target_range(text: str) -> Counted | None:
    """How many targets a text's one word "target" allows, whatever the number: "one or two
    targets" (:func:`counted`), "up to one target creature" (none or one), "any number of
    target creatures" (none or more), "target creature" (one exactly).  ``None`` for a text
    with no word "target", several, modes, or a number of targets it counts otherwise
    ("X target creatures")."""
    text = normalize_text(text).lower()
    if len(_TARGET_WORD.findall(text)) != 1 or _UNREAD_COUNT.search(text):
        return None
    found = _NONE_ALLOWED.search(text)
    if found is not None:
        number, noun = found.groups()
        return Counted(0, _NUMBERS[number] if number else ANY_NUMBER, noun.removesuffix("s"))
    found = _COUNTED.search(text)
    if found is not None:
        up_to, first, second, last, noun = found.groups()
        numbers = [_NUMBERS[n] for n in (first, second, last) if n]
        return Counted(0 if up_to else min(numbers), max(numbers), noun.removesuffix("s"))
    if _ONE.search(text) is None:
        return None
    return Counted(1, 1, "")


def spell_reading(card: Card | None) -> Counted | None:
    """:func:`counted` of an instant or sorcery card with one face."""
    if card is None or len(card.faces) != 1:
        return None
    face = card.faces[0]
    if not {"Instant", "Sorcery"} & set(face.types):
        return None
    return counted(face)


def several_targets(card: Card) -> bool:
    """Cards with a face whose one word "target" allows several targets: instants and
    sorceries, a Room's door ("up to two target creatures")."""
    return any(counted(face) is not None for face in card.faces)


def hasty(card: Card) -> bool:
    """Creatures with haste."""
    return _creature(card) and "Haste" in card.faces[0].keywords


def _exactly(pool: CardPool, test: Callable[[Card], bool],
             focus: Callable[[Card], bool] | None) -> list[str]:
    """The cards ``test`` takes, when ``focus`` takes those and no other; else none."""
    if focus is None:
        return []
    names = sorted(pool)
    wanted = [n for n in names if test(pool[n])]
    if not wanted or any(focus(pool[n]) != (n in wanted) for n in names):
        return []
    return wanted


def _plain_creatures(pool: CardPool) -> list[str]:
    """Creatures with power 1 or more whose text says nothing of attacking or blocking
    and who have no keyword (a reminder text of flying speaks of blocking), cheap."""
    found = []
    for name in sorted(pool):
        card = pool[name]
        face = card.faces[0]
        if not _creature(card) or len(card.faces) != 1 or face.keywords \
                or _COMBAT_RULES.search(_text(card)):
            continue
        cost = face.mana_cost or ""
        if "X" in cost or not (face.power or "").isdigit() or int(face.power or 0) < 1:
            continue
        found.append(name)
    return found


def multi_targets(pool: CardPool, focus: Callable[[Card], bool] | None
                  ) -> st.SearchStrategy[Hands] | None:
    """For games about how many targets a spell has (``focus`` takes exactly the cards
    :func:`several_targets` takes: instants and sorceries whose one word "target" allows several): alice
    holds two of them, bob one, a creature is on alice's battlefield and two on bob's, and
    both have plenty of mana -- so that each may cast one with one target or more, and
    there are more players and creatures than any of them may target.  ``None`` for games
    about something else.

    Shrinks towards the first spells and creatures.
    """
    wanted = [n for n in _exactly(pool, several_targets, focus)
              if spell_reading(pool[n]) is not None]
    creatures = _plain_creatures(pool)
    if not wanted or not creatures:
        return None
    one = st.sampled_from
    return st.builds(
        lambda a, b, c, x, y, z: ([CardEntry(a), CardEntry(b)], [CardEntry(c)],
                                  [CardEntry(x)], [CardEntry(y), CardEntry(z)]),
        one(wanted), one(wanted), one(wanted), one(creatures), one(creatures),
        one(creatures))


def declarations(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[Hands] | None:
    """For games about who may attack and block (``focus`` takes exactly the cards
    :func:`hasty` takes: creatures with haste): alice has two untapped creatures that may
    attack and a creature with haste that came under her control this turn, and holds
    another creature with haste; bob has an untapped creature and a tapped one; each has an
    untapped creature with defender when the pool has one -- so that two creatures attack,
    one creature may block either, a creature with defender may block, and the creature
    with haste may attack at once (CR 508.1a, 509.1a, 302.6, 702.10b, 702.3b).  Both have plenty of mana.
    ``None`` for games about something else.

    Shrinks towards the first creatures.
    """
    wanted = _exactly(pool, hasty, focus)
    creatures = _plain_creatures(pool)
    if not wanted or not creatures:
        return None
    one = st.sampled_from
    made: st.SearchStrategy[Hands] = st.builds(
        lambda h, i, a, b, c, d: ([CardEntry(i)], [],
                                  [CardEntry(a), CardEntry(b),
                                   CardEntry(h, summoning_sick=True)],
                                  [CardEntry(c), CardEntry(d, tapped=True)]),
        one(wanted), one(wanted), one(creatures), one(creatures), one(creatures),
        one(creatures))
    # With a creature with defender in the pool (none in the corpus's), each player has
    # one untapped too: it may block as any creature (CR 702.3b), whoever attacks.
    walls = [n for n in sorted(pool) if _creature(pool[n])
             and "Defender" in pool[n].faces[0].keywords]
    if not walls:
        return made
    return st.builds(lambda hands, wall: (hands[0], hands[1], [*hands[2], CardEntry(wall)],
                                          [CardEntry(wall), *hands[3]]),
                     made, one(walls))
