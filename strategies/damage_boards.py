"""Boards for games about damage marked and what a face change keeps: a creature dealt
damage, sent away and back, and dealt damage again (:func:`returning`), and a face-down
creature pumped, then turned face up (:func:`turned_up`); and a permanent watching
creatures die beside creatures to die, for games about last known information
(:func:`watched_deaths`); and a creature that exiles and returns itself with an Aura to
put on it (:func:`flickered`); a creature pumped, then dealt damage it survives only pumped
(:func:`pumped_then_burned`); a lifelinker that two creatures, a deathtoucher among them, may
block (:func:`doubly_blocked`).

Each is drawn only in the games of a focus that takes exactly its cards, so that no other
property's games change."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door

from .cards import card_text as _text
from .cards import is_creature as _creature
from .choice_boards import _exactly, _plain_creatures
from .stack_boards import Hands, LaterHands

#: What deals damage to a target (a burn, a pinger) and what returns a creature to its
#: owner's hand.
_DAMAGE_TO = re.compile(r"damage to (any|target)", re.IGNORECASE)
_BOUNCE = re.compile(r"return target creature to its owner's hand", re.IGNORECASE)
_PUMP = re.compile(r"gets? \+\d+/\+\d+ until end of turn", re.IGNORECASE)
_MORPH_COST = re.compile(r"Morph ((?:\{[^}]+\})+)")
_SYMBOL = re.compile(r"\{([^}]+)\}")
#: The colored mana of the plenty boards give alice (``boards.PLENTY``).
_PLENTY_COLORS = {"W": 2, "U": 3, "B": 2, "R": 2, "G": 2}


def _keywords(card: Card) -> set[str]:
    return {k for f in card.faces for k in f.keywords}


def _toughness(card: Card) -> int:
    try:
        return int(card.faces[0].toughness or 0)
    except ValueError:
        return 0


def _payable_together(*costs: str) -> bool:
    """Whether the colored symbols of ``costs`` together fit in plenty of mana (hybrid and
    other symbols taken as generic)."""
    needed: dict[str, int] = {}
    for cost in costs:
        for symbol in _SYMBOL.findall(cost):
            if symbol in _PLENTY_COLORS:
                needed[symbol] = needed.get(symbol, 0) + 1
    return all(n <= _PLENTY_COLORS[c] for c, n in needed.items())


def trampler_or_deathtoucher(card: Card) -> bool:
    """Creatures with trample or deathtouch (the focus of ``trample-assignment``)."""
    return _creature(card) and bool({"Trample", "Deathtouch"} & _keywords(card))


#: The keywords that change when, to whom or with what effect a creature deals combat damage.
_DAMAGE_KEYWORDS = frozenset({"First strike", "Double strike", "Trample", "Lifelink",
                              "Deathtouch"})
_STRIKES_FIRST = frozenset({"First strike", "Double strike"})


def deals_damage_its_own_way(card: Card) -> bool:
    """The cards combat damage games favour: creatures whose keywords change when, to
    whom or with what effect they deal combat damage (the focus of ``combat-damage``)."""
    return any("Creature" in f.types and _DAMAGE_KEYWORDS & set(f.keywords)
               for f in card.faces)


def burn_or_bounce(card: Card) -> bool:
    """Instants and sorceries dealing damage to a target, and those returning a creature to
    its owner's hand (the focus of ``damage-marked``)."""
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types)) and bool(
        _DAMAGE_TO.search(_text(card)) or _BOUNCE.search(_text(card)))


def morph_or_pump(card: Card) -> bool:
    """Morph cards and "until end of turn" pumps."""
    return "Morph" in _keywords(card) or bool(_PUMP.search(_text(card)))


#: An activated ability transforming the creature that has it.
_TRANSFORMS_ITSELF = re.compile(r"^(\{[^}]+\})+: transform this creature\.$", re.IGNORECASE)


def transforms_itself(card: Card) -> bool:
    """A transforming card both of whose faces are creatures, whose front face has an
    activated ability that transforms it: a creature that may attack before and after it
    transforms."""
    return card.layout == "transform" and len(card.faces) == 2 \
        and all("Creature" in face.types for face in card.faces) \
        and any(_TRANSFORMS_ITSELF.match(t) for t in card.faces[0].ability_texts)


def changes_face(card: Card) -> bool:
    """Morph cards, "until end of turn" pumps and creatures that transform themselves (the
    focus of ``face-changes-keep-the-object``)."""
    return morph_or_pump(card) or transforms_itself(card)


#: A spell giving one target creature +N/+N until end of turn, and nothing else.
_ONE_PUMP = re.compile(r"^target creature gets \+(\d+)/\+(\d+) until end of turn\.$",
                       re.IGNORECASE)
#: A spell dealing N damage to one target, and nothing else.
_ONE_BURN = re.compile(r"^[^.]* deals (\d+) damage to (?:any target|target creature)\.$",
                       re.IGNORECASE)


def pump_or_burn(card: Card) -> bool:
    """Instants and sorceries doing nothing but give one target creature +N/+N until end
    of turn, or deal N damage to one target (the focus of ``damage-after-a-pump``)."""
    return bool({"Instant", "Sorcery"} & set(card.faces[0].types)) and len(card.faces) == 1 \
        and bool(_ONE_PUMP.match(card.faces[0].text) or _ONE_BURN.match(card.faces[0].text))


def pumped_then_burned(pool: CardPool, focus: Callable[[Card], bool] | None
                       ) -> st.SearchStrategy[LaterHands] | None:
    """For games about a pumped creature dealt damage: alice has a creature, the only one,
    and holds two spells giving a creature +N/+N until end of turn and one dealing it at
    least its printed toughness but less than the pumped one, with plenty of mana -- so that the
    creature is pumped, dealt damage it survives only pumped, and the turn ends: its damage
    is removed as the pump ends, at the same time (CR 514.2), and it lives on.  Basic lands
    are on top of both libraries, for the turn after.  ``None`` for games about something
    else.

    Shrinks towards the first creature and the first spells.
    """
    wanted = _exactly(pool, pump_or_burn, focus)
    pumps = {n: int(m.group(2)) for n in wanted
             if (m := _ONE_PUMP.match(pool[n].faces[0].text)) is not None}
    burns = {n: int(m.group(1)) for n in wanted
             if (m := _ONE_BURN.match(pool[n].faces[0].text)) is not None}
    creatures = [n for n in _plain_creatures(pool) if _toughness(pool[n]) > 0]
    combos = [(c, pump, burn) for c in creatures for pump, more in pumps.items()
              for burn, amount in burns.items()
              if _toughness(pool[c]) <= amount < _toughness(pool[c]) + more]
    lands = [n for n in sorted(pool) if "Land" in pool[n].faces[0].types
             and "Basic" in pool[n].faces[0].supertypes]
    if not combos or not lands:
        return None
    one = st.sampled_from
    return st.builds(
        lambda combo, land: (
            [CardEntry(combo[1]), CardEntry(combo[1]), CardEntry(combo[2])], [],
            [CardEntry(combo[0])], [], [CardEntry(land)] * 3, [CardEntry(land)] * 3),
        one(combos), one(lands))


def returning(pool: CardPool, focus: Callable[[Card], bool] | None
              ) -> st.SearchStrategy[Hands] | None:
    """For games about the damage marked on an object: alice has a creature of toughness 3
    or more, and holds two spells dealing damage to a target and one returning a creature
    to its owner's hand, with plenty of mana -- so that a creature is dealt damage, leaves
    and comes back (or is moved away and back), and is dealt damage again as a new object
    (CR 400.7, 120.6).  ``None`` for games about something else.

    Shrinks towards the first creature and the first spells.
    """
    wanted = _exactly(pool, burn_or_bounce, focus)
    burns = [n for n in wanted if _DAMAGE_TO.search(_text(pool[n]))]
    bounces = [n for n in wanted if _BOUNCE.search(_text(pool[n]))]
    names = sorted(pool)
    sturdy = [n for n in names if _creature(pool[n]) and 3 <= _toughness(pool[n]) <= 4
              and "Morph" not in _keywords(pool[n])]
    if not burns or not bounces or not sturdy:
        return None
    one = st.sampled_from
    return st.builds(lambda c, b1, b2, back: ([CardEntry(b1), CardEntry(b2), CardEntry(back)],
                                              [], [CardEntry(c)], []),
                     one(sturdy), one(burns), one(burns), one(bounces))


def turned_up(pool: CardPool, focus: Callable[[Card], bool] | None
              ) -> st.SearchStrategy[Hands] | None:
    """For games about turning face up or transforming: alice has a face-down morph
    creature (with a +1/+1 counter half of the time) and holds an "until end of turn" pump,
    with plenty of mana -- so that the creature is pumped, then turned face up, and is
    still the same object (CR 708.8) -- a morph card whose morph cost and the pump's cost
    plenty of mana pays together; or, half of the time when the pool has a creature that
    transforms itself, that creature alone (``transforming`` is given twice, but
    ``st.one_of`` keeps a strategy once) -- so that it may attack before and after it
    transforms (CR 712.18, 302.6).  ``None`` for games about something else.

    Shrinks towards the first such pair, without counters.
    """
    wanted = _exactly(pool, changes_face, focus)
    pumps = [n for n in wanted if _PUMP.search(_text(pool[n]))
             and bool({"Instant", "Sorcery"} & set(pool[n].faces[0].types))]
    pairs = [(m, p) for m in wanted if (found := _MORPH_COST.search(_text(pool[m])))
             for p in pumps if _payable_together(found.group(1),
                                                 pool[p].faces[0].mana_cost or "")]
    if not pairs:
        return None
    morphs: st.SearchStrategy[Hands] = st.builds(
        lambda mp, k: ([CardEntry(mp[1])], [], [CardEntry(mp[0], face_down=True,
                                                          counters=(("+1/+1", 1),) if k
                                                          else ())], []),
        st.sampled_from(pairs), st.booleans())
    transformers = [n for n in wanted if transforms_itself(pool[n])]
    if not transformers:
        return morphs
    transforming: st.SearchStrategy[Hands] = st.builds(
        lambda t: ([], [], [CardEntry(t)], []), st.sampled_from(transformers))
    return st.one_of(morphs, transforming, transforming)


_WATCHES_DEATHS = re.compile(r"whenever (a|another) creature[^.]* dies", re.IGNORECASE)


def leaving_text(card: Card) -> bool:
    """What speaks of permanents leaving the battlefield: creatures with "when this creature
    dies", permanents watching creatures die, "put into a graveyard from the battlefield"
    (the focus of ``triggers-from-the-battlefield``)."""
    text = _text(card).lower()
    return "dies" in text or "into a graveyard from the battlefield" in text


def watched_deaths(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[Hands] | None:
    """For games about last known information: alice has a permanent watching creatures
    die ("whenever a creature you control dies"; a Room with both doors unlocked) and two
    creatures, so that the watcher leaves the battlefield and a creature dies later -- an
    event the watcher was not there for (CR 603.10a).  ``None`` for games about something
    else.

    Shrinks towards the first watcher and the first creatures.
    """
    wanted = _exactly(pool, leaving_text, focus)
    watchers = [n for n in wanted if _WATCHES_DEATHS.search(_text(pool[n]))
                and bool({"Artifact", "Creature", "Enchantment"} & set(pool[n].faces[0].types))]
    creatures = [n for n in sorted(pool) if _creature(pool[n]) and _toughness(pool[n]) >= 1
                 and "Morph" not in _keywords(pool[n])]
    if not watchers or not creatures:
        return None
    one = st.sampled_from
    return st.builds(
        lambda w, a, b: ([], [], [CardEntry(w, unlocked=tuple(Door) if pool[w].is_room
                                            else ()), CardEntry(a), CardEntry(b)], []),
        one(watchers), one(creatures), one(creatures))


_RETURNS_ITSELF = re.compile(r"exile (this|it|[^.,]*), then return it to the battlefield",
                             re.IGNORECASE)


def returns_itself_or_attaches(card: Card) -> bool:
    """What exiles a permanent and returns it at once, Auras and Equipment (the focus of
    ``attachments-through-a-return``)."""
    return bool(_RETURNS_ITSELF.search(_text(card))) or any(
        {"Aura", "Equipment"} & set(f.subtypes) for f in card.faces)


def flickered(pool: CardPool, focus: Callable[[Card], bool] | None
              ) -> st.SearchStrategy[Hands] | None:
    """For games about what a permanent that leaves and comes back keeps attached: alice has
    a creature whose ability exiles it and returns it to the battlefield, an Equipment half
    of the time, and holds an Aura that enchants creatures, with plenty of mana -- so that
    the Aura is put on the creature, the creature comes back as a new object, and nothing
    is attached to it (CR 400.7, 704.5m).  ``None`` for games about something else.

    Shrinks towards the first creature, the first Aura and no Equipment.
    """
    wanted = _exactly(pool, returns_itself_or_attaches, focus)
    creatures = [n for n in wanted if _creature(pool[n]) and _RETURNS_ITSELF.search(
        _text(pool[n]))]
    auras = [n for n in wanted if any("Aura" in f.subtypes for f in pool[n].faces)
             and "enchant creature" in _text(pool[n]).lower()]
    equipment = [n for n in wanted if any("Equipment" in f.subtypes for f in pool[n].faces)]
    if not creatures or not auras:
        return None
    one = st.sampled_from
    none: list[CardEntry] = []
    gear: st.SearchStrategy[list[CardEntry]] = st.one_of(
        st.just(none), one(equipment).map(lambda n: [CardEntry(n)])) if equipment \
        else st.just(none)
    return st.builds(lambda c, a, g: ([CardEntry(a)], [], [CardEntry(c), *g], []),
                     one(creatures), one(auras), gear)


def double_blocked(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[Hands] | None:
    """For games about how a trampler assigns its combat damage (``focus`` takes exactly
    the creatures with trample or deathtouch): alice has one or two creatures with trample
    (without flying, so that anything may block them), bob two or three creatures that may
    block, so that a trampler is blocked by two creatures or more and must assign each of
    them lethal damage before the player (CR 702.19b, 509.1a: the machine declares every
    blocker on the first attacker as one of its blocks).  ``None`` for games about
    something else.

    Shrinks towards the first trampler, one of it, and two blockers.
    """
    wanted = _exactly(pool, trampler_or_deathtoucher, focus)
    tramplers = [n for n in wanted if "Trample" in _keywords(pool[n])
                 and "Flying" not in _keywords(pool[n]) and len(pool[n].faces) == 1]
    blockers = _plain_creatures(pool)
    if not tramplers or not blockers:
        return None
    one = st.sampled_from
    return st.builds(
        lambda mine, theirs: ([], [], [CardEntry(n) for n in mine],
                              [CardEntry(n) for n in theirs]),
        st.lists(one(tramplers), min_size=1, max_size=2),
        st.lists(one(blockers), min_size=2, max_size=3))


def lifelinker_or_deathtoucher(card: Card) -> bool:
    """Creatures of one face with lifelink or deathtouch (the focus of
    ``damage-results-in-double-blocks``)."""
    return _creature(card) and len(card.faces) == 1 \
        and bool({"Lifelink", "Deathtouch"} & set(_keywords(card)))


def doubly_blocked(pool: CardPool, focus: Callable[[Card], bool] | None
                   ) -> st.SearchStrategy[Hands] | None:
    """For games about the results of damage dealt to or by several creatures at once
    (``focus`` takes exactly :func:`lifelinker_or_deathtoucher`'s creatures): alice has a
    creature with lifelink (without flying, so that anything may block it), bob a creature
    with deathtouch and one or two others that may block -- so that the lifelinker is
    blocked by two, divides its damage between them and gains its controller all of it
    (CR 702.15b, 510.2), and is dealt damage by a deathtoucher and another at once, and dies
    (CR 702.2b, 704.5h; the machine declares every blocker on the first attacker as one of
    its blocks).  ``None`` for games about something else.

    Shrinks towards the first of each kind and one other blocker.
    """
    wanted = _exactly(pool, lifelinker_or_deathtoucher, focus)
    lifelinkers = [n for n in wanted if "Lifelink" in _keywords(pool[n])
                   and "Flying" not in _keywords(pool[n]) and "Deathtouch" not in _keywords(pool[n])]
    deathtouchers = [n for n in wanted if "Deathtouch" in _keywords(pool[n])
                     and "Lifelink" not in _keywords(pool[n])]
    blockers = _plain_creatures(pool)
    if not lifelinkers or not deathtouchers or not blockers:
        return None
    one = st.sampled_from
    return st.builds(
        lambda mine, deadly, others: ([], [], [CardEntry(mine)],
                                      [CardEntry(deadly), *(CardEntry(n) for n in others)]),
        one(lifelinkers), one(deathtouchers),
        st.lists(one(blockers), min_size=1, max_size=2))


def first_strike_duels(pool: CardPool, focus: Callable[[Card], bool] | None
                       ) -> st.SearchStrategy[Hands] | None:
    """For games about combat damage (``focus`` takes exactly the creatures
    :func:`deals_damage_its_own_way` takes): a creature with first strike or double strike
    (without flying, so that anything may block it) on one side, and on the other one or
    two creatures without keywords that it deals lethal damage to before they deal theirs,
    though theirs would be lethal to it -- alice's attacker and bob's blockers, or bob's
    blocker and alice's attackers.  Whether it survives says which step each creature
    dealt its damage in (CR 510.4, 702.7b).  ``None`` for games about something else.

    Shrinks towards the first striker attacking, one creature against it.
    """
    wanted = _exactly(pool, deals_damage_its_own_way, focus)
    strikers = [n for n in wanted if _STRIKES_FIRST & _keywords(pool[n])
                and "Flying" not in _keywords(pool[n]) and len(pool[n].faces) == 1]
    plain = _plain_creatures(pool)

    def against(striker: str) -> list[str]:
        face = pool[striker].faces[0]
        power, toughness = int(face.power or 0), _toughness(pool[striker])
        return [n for n in plain if 0 < _toughness(pool[n]) <= power
                and int(pool[n].faces[0].power or 0) >= toughness]

    pairs = [(s, against(s)) for s in strikers if against(s)]
    if not pairs:
        return None

    def duel(pair: tuple[str, list[str]]) -> st.SearchStrategy[Hands]:
        striker, others = pair
        return st.builds(
            lambda them, attacking: ([], [], [CardEntry(striker)], [CardEntry(n) for n in them])
            if attacking else ([], [], [CardEntry(n) for n in them], [CardEntry(striker)]),
            st.lists(st.sampled_from(others), min_size=1, max_size=2),
            st.booleans().map(lambda b: not b))

    return st.sampled_from(pairs).flatmap(duel)
