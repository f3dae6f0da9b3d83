"""Boards for games about costs: a card that changes the costs of spells with the spells it
changes and mana at the edge of what they cost (see :func:`cost_changes`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from hypothesis import strategies as st

from conformance.format.cards import Card, CardPool
from conformance.format.model import CardEntry
from conformance.format.vocabulary import Door

from .cards import card_text as _text
from .choice_boards import _exactly
from .stack_boards import Hands

_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"}


def _is_permanent(card: Card) -> bool:
    return bool(_PERMANENT_TYPES & set(card.faces[0].types))


#: What a card that changes costs says: "noncreature spells cost {1} more", "the first
#: legendary creature spell you cast each turn costs {2} less", "instant and sorcery spells
#: you cast cost {1} less"; or "creature spells you cast have convoke" (a Room has both
#: doors unlocked).
_COST_CHANGE = re.compile(r"([a-z ]+?) spells? (?:you cast )?(?:each turn )?costs? \{(\d+)\} "
                          r"(more|less) to cast", re.IGNORECASE)
_CONVOKE = re.compile(r"([a-z ]+?) spells you cast have convoke", re.IGNORECASE)
_SPELL_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Sorcery")
_LEGENDARY = re.compile(r"legendary [a-z ]*spells? (?:you cast )?(?:each turn )?costs? \{",
                        re.IGNORECASE)
_PERMISSION = re.compile(r"once during each of your turns, you may [^.]*from your graveyard",
                         re.IGNORECASE)


def _cost_change(card: Card) -> tuple[frozenset[str], int] | None:
    """The types of the spells ``card`` changes the cost of and by how much (+N more, -N
    less), from its text."""
    return _cost_change_in(_text(card))


@cache
def _cost_change_in(text: str) -> tuple[frozenset[str], int] | None:
    """:func:`_cost_change` of a card with rules text ``text``, read once for each text
    (every card of a pool is read for each property's games)."""
    found = _COST_CHANGE.search(text)
    if found is None:
        given = _CONVOKE.search(text)  # a creature may pay for {1}
        return (frozenset(t for t in _SPELL_TYPES if t.lower() in given.group(1).lower()),
                -1) if given is not None else None
    words = found.group(1).lower()
    types = frozenset(t for t in _SPELL_TYPES if t.lower() in words)
    if "non" in words:  # "noncreature spells": the other types
        types = frozenset(_SPELL_TYPES) - types
    amount = int(found.group(2))
    return types, amount if found.group(3).lower() == "more" else -amount


def _changed_cost(cost: str, change: int, colorless: bool) -> str:
    """``cost`` as mana to pay it with: hybrid symbols as their first color, or every
    colored symbol as colorless mana; less ``-change`` symbols when ``change`` reduces it
    (generic mana first); when ``change`` increases it, one generic mana short of the
    increased cost (``change - 1`` more), so that every increase decides whether it can be
    paid."""
    generic = sum(int(s) for s in re.findall(r"\{(\d+)\}", cost)) + max(0, change - 1)
    colored = [s.split("/")[0] for s in re.findall(r"\{([^}\d][^}]*)\}", cost)]
    if colorless:
        generic, colored = generic + len(colored), []
    less = max(0, -change)
    generic, less = max(0, generic - less), max(0, less - generic)
    colored = colored[:max(0, len(colored) - less)]
    return (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored)


def _symbols(cost: str) -> list[str]:
    """The colors of the mana ``cost`` asks for, one for each symbol (generic mana as its
    first color's)."""
    colored = [s.split("/")[0] for s in re.findall(r"\{([^}\d][^}]*)\}", cost)]
    generic = sum(int(s) for s in re.findall(r"\{(\d+)\}", cost))
    return colored + colored[:1] * generic


#: What :func:`cost_changes` draws: alice's hand, alice's and bob's permanents, alice's mana
#: and her graveyard.
_CostChanges = tuple[list[CardEntry], list[CardEntry], list[CardEntry], str, list[CardEntry]]


# Made once, at import: ``st.composite`` reads the source of the function it wraps, which
# costs more than drawing when a strategy is made for each card pool and property.  Each
# has a docstring of its own, which keeps its label apart from the others' (Hypothesis
# tells spans apart by the code that draws them).
@st.composite
def _drawn_cost_changes(draw: st.DrawFn, build: Callable[[st.DrawFn], _CostChanges]
                        ) -> _CostChanges:
    """A cost change with the spells it changes, drawn by ``build``."""
    return build(draw)


@st.composite
def _drawn_symbol_costs(draw: st.DrawFn,
                        build: Callable[[st.DrawFn], tuple[list[CardEntry], str]]
                        ) -> tuple[list[CardEntry], str]:
    """Spells with hybrid or colorless symbols and mana for them, drawn by ``build``."""
    return build(draw)


def cost_changes(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[_CostChanges] | None:
    """For games about cost changes (``focus`` takes every card that changes the costs of
    spells, and not more than a third of the pool): such a card on alice's or bob's
    battlefield (sometimes with a second one), one or two spells whose cost it changes in
    alice's hand (half of the time only legendary ones, when it changes the cost of
    legendary spells), and mana for alice at the edge of what they cost -- their mana costs,
    less the reductions that would apply to them (or every colored symbol paid with
    colorless mana, one time in four; the first spell's, or one time in three all of
    them), so that whether each change applies, and to whom, decides whether they can be
    cast; and a basic land for each mana symbol of the first spell, so that tapping them
    one by one passes that edge again in later steps.  Bob gets the same spells in his
    hand, for the games in which it is his turn with that mana.  Sometimes alice also has one or two permissions to cast permanent spells
    from her graveyard ("once during each of your turns"), with one or two cards they may
    allow there and the mana they cost.  ``None`` for games about something else (the
    boards then draw nothing more).  Values: (alice's hand, alice's battlefield, bob's
    battlefield, alice's mana, alice's graveyard).

    Shrinks towards the first card that changes costs, on alice's side, with one spell.
    """
    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    changers = [n for n in names if _cost_change(pool[n]) is not None]
    if not changers or focus is None or not all(focus(pool[n]) for n in changers) \
            or 3 * sum(1 for n in names if focus(pool[n])) > len(names):
        return None
    spells = [n for n in names if n not in changers and pool[n].faces[0].mana_cost
              and "X" not in (pool[n].faces[0].mana_cost or "")]

    basics = {found.group(1): n for n, c in sorted(pool.items())
              if "Basic" in c.faces[0].supertypes
              and (found := re.search(r"Add \{([WUBRG])\}", c.faces[0].text)) is not None}
    permitters = [n for n in names if _PERMISSION.search(_text(pool[n]))]
    allowed = [n for n in names if _is_permanent(pool[n]) and (pool[n].is_room or sum(
        1 if not s.isdigit() else int(s) for s in re.findall(r"\{([^}]+)\}",
                                                               pool[n].faces[0].mana_cost or ""))
        <= 3)]

    def build(draw: st.DrawFn) -> _CostChanges:
        first = draw(st.sampled_from(changers), label="a card that changes costs")
        more = draw(st.lists(st.sampled_from(changers), max_size=1), label="another")
        sides: tuple[list[CardEntry], list[CardEntry]] = ([], [])
        changes = [c for c in map(_cost_change, (pool[n] for n in [first, *more])) if c]
        for name in [first, *more]:
            sides[draw(st.booleans(), label="bob's")].append(CardEntry(
                name, unlocked=tuple(Door) if pool[name].is_room else ()))
        changed = [n for n in spells if changes[0][0] & set(pool[n].faces[0].types)]
        if _LEGENDARY.search(_text(pool[first])) and draw(st.booleans(), label="legendary"):
            changed = [n for n in changed if "Legendary" in pool[n].faces[0].supertypes]
        hand = draw(st.lists(st.sampled_from(changed or spells), min_size=1, max_size=2),
                    label="spells it changes")
        colorless = draw(st.sampled_from([False, False, False, True]), label="colorless")
        paid = hand if draw(st.sampled_from([False, False, True]), label="for all") else hand[:1]
        mana = "".join(_changed_cost(pool[n].faces[0].mana_cost or "", sum(
            amount for types, amount in changes if types & set(pool[n].faces[0].types)),
            colorless) for n in paid)
        permissions = draw(st.lists(st.sampled_from(permitters), max_size=2)
                           if permitters and allowed else st.just([]),
                           label="permissions to cast from a graveyard")
        graveyard = draw(st.lists(st.sampled_from(allowed), min_size=1, max_size=2)
                         if permissions else st.just([]), label="cards they allow")
        sides[0].extend(CardEntry(n) for n in permissions)
        mana += "".join(_changed_cost(pool[n].faces[0].mana_cost or "", 0, False)
                        for n in graveyard)
        lands = [basics[c] for c in _symbols(pool[hand[0]].faces[0].mana_cost or "")
                 if c in basics][:4]
        sides[0].extend(CardEntry(n) for n in lands)
        return ([CardEntry(n) for n in hand], sides[0], sides[1], mana,
                [CardEntry(n) for n in graveyard])

    return _drawn_cost_changes(build)


def x_cost_reductions(pool: CardPool, focus: Callable[[Card], bool] | None
                      ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry], str]] | None:
    """For games about spells with {X} in their mana cost (``focus`` takes exactly the cards
    with {X} in a face's mana cost): such a spell in alice's hand beside a card of hers that
    reduces the cost of spells of its type ("instant and sorcery spells you cast cost {1}
    less to cast"), and mana for alice at the edge of what it costs with X announced as 1:
    its mana cost with 1 for X, less the reduction (CR 601.2f: X is part of the total cost
    before reductions), so that a cast with X=1 is legal exactly when the reduction takes
    off X's mana too.  ``None`` for games about something else, or when no card of the
    pool reduces the cost of a spell with {X}.  Values: (alice's hand, alice's
    battlefield, alice's mana).

    Shrinks towards the first such spell with the first card reducing its cost.
    """
    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    wanted = [n for n in names if "{X}" in (pool[n].faces[0].mana_cost or "")]
    if not wanted or focus is None or any(focus(pool[n]) != x_focused(pool[n]) for n in names):
        return None
    pairs = []
    for spell in wanted:
        face = pool[spell].faces[0]
        for name in names:
            change = _cost_change(pool[name])
            if change is None or change[1] >= 0 or not _COST_CHANGE.search(_text(pool[name])) \
                    or not change[0] & set(face.types) or (
                        _LEGENDARY.search(_text(pool[name]))
                        and "Legendary" not in face.supertypes):
                continue
            pairs.append((spell, name, _changed_cost(
                (face.mana_cost or "").replace("{X}", "{1}"), change[1], False)))
    if not pairs:
        return None
    return st.sampled_from(pairs).map(
        lambda found: ([CardEntry(found[0])], [CardEntry(found[1])], found[2]))


def doubled_reductions(pool: CardPool, focus: Callable[[Card], bool] | None
                       ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry], str]
                                              | None] | None:
    """For games about every cost change (``focus`` takes every card that changes the costs
    of spells, every Room and every card with a hybrid symbol, and not more than a third of
    the pool -- ``legal-actions``' focus):
    half of the time, two of a nonlegendary card reducing the cost of spells of some types
    on alice's battlefield, a spell of those types in her hand that needs no target the
    judge does not work out with generic mana at least the two reductions together, and the
    mana it costs less both (CR 601.2f: every reduction that applies reduces the total
    cost), so that it can be cast exactly when both apply.  ``None`` for games about
    something else.  Values: (alice's hand, alice's battlefield, alice's mana), or ``None``.

    Shrinks towards no such board.
    """
    from conformance.properties.invariants.costs import _targets_known

    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    if focus is None or not all(
            focus(pool[n]) for n in names
            if _cost_change(pool[n]) is not None or pool[n].is_room
            or any("/" in (f.mana_cost or "") for f in pool[n].faces)) \
            or 3 * sum(1 for n in names if focus(pool[n])) > len(names):
        return None
    boards = []
    for name in names:
        change = _cost_change(pool[name])
        if change is None or change[1] >= 0 or not _COST_CHANGE.search(_text(pool[name])) \
                or _LEGENDARY.search(_text(pool[name])) \
                or "Legendary" in pool[name].faces[0].supertypes:
            continue
        for spell in names:
            face = pool[spell].faces[0]
            cost = face.mana_cost or ""
            generic = sum(int(g) for g in re.findall(r"\{(\d+)\}", cost))
            if spell == name or "{X}" in cost or not change[0] & set(face.types) \
                    or generic < -2 * change[1] or _targets_known(face) is not True:
                continue
            boards.append(([CardEntry(spell)], [CardEntry(name), CardEntry(name)],
                           _changed_cost(cost, 2 * change[1], False)))
    if not boards:
        return None
    return st.one_of(st.none(), st.sampled_from(boards))


def x_focused(card: Card) -> bool:
    """Cards with {X} in a face's mana cost (the focus of ``x-costs``)."""
    return any("{X}" in (face.mana_cost or "") for face in card.faces)


#: What a spell letting its controller play cards it exiles says.
_IMPULSE = re.compile(r"exile the top \w+ cards? of your library\. until (?:end of turn|the end "
                      r"of your next turn), you may play", re.IGNORECASE)


def impulses(pool: CardPool, focus: Callable[[Card], bool] | None
             ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry]]] | None:
    """For games about casting exiled cards (``focus`` takes every spell that exiles the
    top of its controller's library with a permission to play those cards, not more than a
    tenth of the pool and no land card): such a spell in alice's hand and three cards on top of her
    library that can be cast without targets -- instants, creatures and other permanents
    of mana value 3 or less, a basic land sometimes -- so that once it resolves, the cards
    it exiled can be played (alice then has plenty of mana).  For games about lands (the
    focus takes land cards too), such a spell and a basic land on top of her library, so
    that the land is exiled and may be played from exile (CR 305.1, 601.3).  ``None`` for
    games about something else.  Values: (alice's hand, the top of her library).

    Shrinks towards the first such spell over the first cards.
    """
    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    spells = [n for n in names if _IMPULSE.search(_text(pool[n]).replace("\n", " "))]
    lands = [n for n, c in pool.items() if "Land" in c.faces[0].types]
    if not spells or focus is None or not all(focus(pool[n]) for n in spells) \
            or 10 * sum(1 for n in names if focus(pool[n])) > len(names):
        return None
    if any(focus(pool[n]) for n in lands):  # games about lands: a land on top
        basics = sorted(n for n in lands if "Basic" in pool[n].faces[0].supertypes)
        return st.tuples(st.sampled_from(spells).map(lambda n: [CardEntry(n)]),
                         st.sampled_from(basics).map(lambda n: [CardEntry(n)])) \
            if basics else None
    playable = [n for n, c in sorted(pool.items()) if "target" not in _text(c).lower()
                and not c.is_room and (("Land" in c.faces[0].types
                                        and "Basic" in c.faces[0].supertypes)
                                       or (c.faces[0].mana_cost and "X" not in
                                           (c.faces[0].mana_cost or "") and sum(
                                               1 if not s.isdigit() else int(s) for s in
                                               re.findall(r"\{([^}]+)\}",
                                                          c.faces[0].mana_cost or "")) <= 3))]
    return st.tuples(st.sampled_from(spells).map(lambda n: [CardEntry(n)]),
                     st.lists(st.sampled_from(playable), min_size=3, max_size=3).map(
                         lambda found: [CardEntry(n) for n in found]))


#: A hybrid symbol ("{W/B}", "{2/W}") or the colorless symbol {C} in a mana cost.
_KIND_SYMBOL = re.compile(r"\{(C|[^}]*/[^}]*)\}")


def kind_symbols(card: Card) -> bool:
    """Cards whose mana cost asks for mana of a kind other than one color or generic: a
    hybrid symbol or {C}."""
    return any(_KIND_SYMBOL.search(face.mana_cost or "") for face in card.faces)


def symbol_costs(pool: CardPool, focus: Callable[[Card], bool] | None
                 ) -> st.SearchStrategy[tuple[list[CardEntry], str]] | None:
    """For games about how mana symbols are paid (``focus`` takes exactly the cards
    :func:`kind_symbols` takes): one or two such cards in alice's hand and mana for the
    first -- each hybrid symbol paid with one of its halves (either color, or generic mana
    as colorless for {2/W}), {C} with colorless mana or, one time in three, with a mana of
    a color (which can't pay it), generic mana with any kind -- and, one time in four, one
    mana short.  ``None`` for games about something else.  Values: (alice's hand, alice's
    mana).

    Shrinks towards the first card, paid with the first half of each symbol.
    """
    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    wanted = [n for n in names if kind_symbols(pool[n])]
    if not wanted or focus is None or any(focus(pool[n]) != (n in wanted) for n in names):
        return None

    def build(draw: st.DrawFn) -> tuple[list[CardEntry], str]:
        hand = draw(st.lists(st.sampled_from(wanted), min_size=1, max_size=2),
                    label="cards with hybrid or colorless symbols")
        paid: list[str] = []
        for symbol in re.findall(r"\{([^}]+)\}", pool[hand[0]].faces[0].mana_cost or ""):
            if symbol.isdigit():
                paid += draw(st.lists(st.sampled_from("CWUBRG"), min_size=int(symbol),
                                      max_size=int(symbol)), label="generic mana")
            elif symbol == "C":
                paid.append(draw(st.one_of(st.just("C"), st.just("C"), st.sampled_from("WUBRG")),
                                 label="{C}"))
            elif "/" in symbol:
                half = draw(st.sampled_from(symbol.split("/")), label=f"{{{symbol}}}")
                paid += ["C"] * int(half) if half.isdigit() else [half]
            elif symbol != "X":
                paid.append(symbol)
        if paid and draw(st.sampled_from([False, False, False, True]), label="short"):
            paid = paid[:-1]
        mana = "".join(f"{{{kind}}}" for kind in paid)
        return [CardEntry(n) for n in hand], mana

    return _drawn_symbol_costs(build)


#: "the first legendary creature spell you cast each turn costs {2} less to cast"
_FIRST_EACH_TURN = re.compile(r"the first ([a-z ]+?) spell you cast each turn costs? \{(\d+)\} "
                              r"less to cast", re.IGNORECASE)


def first_each_turn(card: Card) -> bool:
    """Cards reducing the cost of the first spell of a kind their controller casts each
    turn (the focus of ``cost-reductions-each-turn``)."""
    return bool(_FIRST_EACH_TURN.search(_text(card)))


def _of_kind(card: Card, words: str) -> bool:
    """Whether a spell of ``card``'s front face is of the kind ``words`` names
    ("legendary creature", "creature", "instant or sorcery")."""
    face = card.faces[0]
    types = {t for t in _SPELL_TYPES if t.lower() in words}
    legendary = "legendary" in words
    return bool(types & set(face.types)) and (not legendary
                                               or "Legendary" in face.supertypes)


def _less_generic(cost: str, amount: int) -> tuple[str, list[str]]:
    """``cost`` less ``amount`` generic mana (a reduction takes off generic mana only, CR
    601.2f), as mana to pay it with (a hybrid symbol as its first color), and its colored
    symbols."""
    generic = max(0, sum(int(s) for s in re.findall(r"\{(\d+)\}", cost)) - amount)
    colored = [s.split("/")[0] for s in re.findall(r"\{([^}\d][^}]*)\}", cost)]
    return (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colored), colored


def reduced_each_turn(pool: CardPool, focus: Callable[[Card], bool] | None
                      ) -> st.SearchStrategy[tuple[list[CardEntry], list[CardEntry],
                                                   list[CardEntry], str]] | None:
    """For games about "the first ... spell you cast each turn costs {N} less"
    (``focus`` takes exactly the cards saying so): such a card on alice's battlefield, two
    spells of the kind it reduces in her hand whose generic mana it takes off, the mana the
    first costs with the reduction, a basic land for each colored symbol of the second (tapped,
    so that it pays for nothing before her next turn), and
    more of the first on top of her library (no land to play) -- so that she casts the first in her turn, and the
    second, whose generic mana she can't pay, in her next turn with her lands, exactly when
    the reduction applies again there (CR 601.2f: "each turn" counts the spells cast this
    turn).  ``None`` for games about something else.  Values: (alice's hand, alice's
    battlefield, alice's library, alice's mana).

    Shrinks towards the first reduction with its first spells.
    """
    if focus is None:
        return None
    names = sorted(n for n, c in pool.items() if "Land" not in c.faces[0].types)
    if any(focus(pool[n]) != first_each_turn(pool[n]) for n in sorted(pool)):
        return None
    basics = {found.group(1): n for n, c in sorted(pool.items())
              if "Basic" in c.faces[0].supertypes
              and (found := re.search(r"Add \{([WUBRG])\}", c.faces[0].text)) is not None}
    pairs = []
    for reducer in names:
        found = _FIRST_EACH_TURN.search(_text(pool[reducer]))
        if found is None or not _is_permanent(pool[reducer]):
            continue
        words, amount = found.group(1).lower(), int(found.group(2))
        spells = [n for n in names if n != reducer and _of_kind(pool[n], words)
                  and re.search(r"\{\d+\}", pool[n].faces[0].mana_cost or "")
                  and "X" not in (pool[n].faces[0].mana_cost or "")
                  and all(s in basics for s in _less_generic(
                      pool[n].faces[0].mana_cost or "", amount)[1])]
        pairs += [(reducer, amount, s) for s in spells]
    if not pairs or not basics:
        return None

    def build(found: tuple[str, int, str], second: str
              ) -> tuple[list[CardEntry], list[CardEntry], list[CardEntry], str]:
        reducer, amount, first = found
        colored = _less_generic(pool[second].faces[0].mana_cost or "", amount)[1]
        return ([CardEntry(first), CardEntry(second)],
                [CardEntry(reducer), *(CardEntry(basics[c], tapped=True) for c in colored)],
                [CardEntry(first)] * 6,
                _less_generic(pool[first].faces[0].mana_cost or "", amount)[0])

    return st.sampled_from(pairs).flatmap(lambda found: st.builds(
        build, st.just(found), st.sampled_from([s for r, a, s in pairs if r == found[0]])))


#: An activated ability whose cost is mana alone -- "{4}{G}: Transform this creature." -- no
#: {T} or {Q} in it.
_MANA_ONLY_COST = re.compile(r"^(?:\{(?![TQ]\})[^}]+\})+:", re.MULTILINE)


def mana_activated(card: Card) -> bool:
    """Permanents with an activated ability whose cost is mana alone: such an ability is
    activated whatever the permanent's status, tapped or untapped (the focus of
    ``abilities-of-tapped-permanents``)."""
    return _is_permanent(card) and any(_MANA_ONLY_COST.search(face.text) for face in card.faces)


def tapped_activators(pool: CardPool, focus: Callable[[Card], bool] | None
                      ) -> st.SearchStrategy[Hands] | None:
    """For games about the abilities of tapped permanents: one or two permanents whose
    activated ability costs mana alone (``focus`` takes exactly those) on alice's
    battlefield, tapped, with plenty of mana -- so that such an ability is judged
    activatable though its permanent is tapped (CR 602.2, 107.5: only a cost with {T} or
    {Q} needs the permanent untapped).  ``None`` for games about something else.

    Shrinks towards one permanent, the first of them.
    """
    wanted = _exactly(pool, mana_activated, focus)
    if not wanted:
        return None
    return st.builds(lambda names: ([], [], [CardEntry(n, tapped=True) for n in names], []),
                     st.lists(st.sampled_from(wanted), min_size=1, max_size=2))
