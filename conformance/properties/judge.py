"""The judge's own reading of the card pool: what each face's Oracle text says, in the terms
the properties need -- which triggered abilities it has and on what, whether it doubles
triggers, changes costs, permits casting from a graveyard, makes a permanent enter with
counters, pumps a creature until end of turn.

It reads the card file's Oracle text (the same for every engine) with a few patterns, never
an engine's report of it and never the reference engine's ``rules`` key: the judge must stay
independent of every engine, the reference one included.  A face whose text the judge does
not recognise is *unknown* for what matters, and properties then say nothing about it
rather than guess.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from ..contract.text import normalize_text
from ..contract.types import ObjectView
from ..format.cards import Card, CardFace, CardPool
from ..format.vocabulary import Zone

_SYMBOL = re.compile(r"\{([^}]+)\}")
COLORS = ("W", "U", "B", "R", "G")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "x": "X"}


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability as the judge reads it.

    ``event``: ``enters-self``, ``enters-other`` (another creature), ``enters-yours`` (a
    permanent you control of ``types``), ``door`` (this door unlocked), ``fully-unlocked``,
    ``cast`` (you cast a spell that is not of ``not_types``), ``upkeep`` and ``combat``
    (yours), ``end-step`` (yours) and ``every-end-step``, ``face-up`` (this turned face
    up), ``you-attack`` (once however many attack),
    ``attacks-yours`` (each creature of yours attacking), ``attacks-self``,
    ``combat-damage-yours`` (once per combat damage step in which creatures of yours deal
    damage to a player), ``combat-damage-self``, or ``other`` (not modelled).
    """

    event: str
    types: frozenset[str] = frozenset()
    not_types: frozenset[str] = frozenset()
    #: "" none, "up-to" (never removed), "creature-you-control", "attacking" (an attacking
    #: creature: there is one when it triggers on an attack)
    target: str = ""
    condition: str = ""  # "two-other-legendary-creatures"


@dataclass(frozen=True, slots=True)
class Reading:
    """What one face says, for the properties."""

    triggers: tuple[Trigger, ...] = ()
    #: "all" (every trigger) or the types whose entering it doubles; "" none.
    doubler: str | frozenset[str] = ""
    cost_increase: tuple[int, frozenset[str]] | None = None  # (generic, "non" types)
    cost_reduction: tuple[int, frozenset[str], frozenset[str]] | None = None
    #: "instant and sorcery spells you cast cost {1} less": (generic, any of these types)
    cost_reduction_each: tuple[int, frozenset[str]] | None = None
    permission_mv: int | None = None  # "cast a permanent spell with mana value N or less"
    enters_with: tuple[tuple[str, int | str], ...] = ()
    pump: tuple[int, int] | None = None  # "target creature gets +N/+N until end of turn"
    anthem: tuple[int, int] | None = None  # "[legendary] creatures you control get +N/+N"
    anthem_legendary: bool = False  # ... only legendary ones
    aura: tuple[int, int] | None = None  # "enchanted creature gets +N/+N"
    power_per_card: bool = False
    morph: str | None = None
    copies_spells: bool = False
    casts_copies: bool = False
    adds_mana: bool = False
    deals_damage: bool = False
    #: Changes how spells are paid for or when they may be cast in a way not modelled
    #: (convoke, flash for other spells...): the judge then says nothing of costs.
    unknown_cost: bool = False
    #: A static ability changing power or toughness in a way not modelled.
    unknown_pt: bool = False
    #: A spell or triggered ability changing power or toughness in a way not modelled.
    unknown_pump: bool = False
    #: Effects the judge recognises none of (its properties then say nothing).
    other_triggers: bool = False


_ENTERS_SELF = re.compile(r"^when (this [a-z]+|[a-z ,'-]+?) enters, ")
_ENTERS_OTHER = re.compile(r"^whenever another creature enters, ")
#: "Whenever this creature or another enchantment you control enters": two trigger
#: conditions of one ability, read only for a card type the judge knows.
_ENTERS_SELF_OR_YOURS = re.compile(r"^whenever this [a-z]+ or another ([a-z]+) you control "
                                   r"enters, ")
_ENTERS_YOURS = re.compile(r"whenever an? ([a-z]+) you control enters")
_DOOR = re.compile(r"^when you unlock this door, ")
_FULLY = re.compile(r"whenever you fully unlock a room")
_UPKEEP = re.compile(r"^at the beginning of your upkeep, ")
_END_STEP = re.compile(r"^at the beginning of (your|the|each) end step, ")
_COMBAT = re.compile(r"^at the beginning of combat on your turn, (if you control two or more "
                     r"other legendary creatures, )?")
_FACE_UP = re.compile(r"^when this [a-z]+ is turned face up, ")
_CAST = re.compile(r"^whenever you cast an? ([a-z]+) spell, ")
_YOU_ATTACK = re.compile(r"^whenever you attack, ")
_ATTACKS_YOURS = re.compile(r"^whenever a creature you control attacks, ")
#: Only "this creature": an ability naming its own card (a legendary's "Whenever Cecil
#: attacks") is left unread -- the reference engine does not implement every such card.
_ATTACKS_SELF = re.compile(r"^whenever this creature attacks, ")
_DAMAGE_YOURS = re.compile(r"^whenever one or more creatures you control deal combat damage to "
                           r"a player, ")
_DAMAGE_SELF = re.compile(r"^whenever this creature deals combat damage to a player, ")
_DOUBLER_ALL = re.compile(r"if a triggered ability of a permanent you control triggers, that "
                          r"ability triggers an additional time")
_DOUBLER_ENTERING = re.compile(r"if an? ([a-z ]+?) entering causes a triggered ability of a "
                               r"permanent you control to trigger, that ability triggers an "
                               r"additional time")
_INCREASE = re.compile(r"^([a-z]+) spells cost \{(\d+)\} more to cast")
_REDUCTION = re.compile(r"the first ([a-z ]+?) spell you cast each turn costs \{(\d+)\} less")
#: "instant and sorcery spells you cast cost {1} less", or with no type "spells you cast
#: cost {1} less" (every spell)
_REDUCTION_EACH = re.compile(r"^(?:([a-z ]+?) )?spells you cast cost \{(\d+)\} less to cast\.?$")
#: the card types a spell may have
_SPELL_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Instant", "Kindred",
                          "Planeswalker", "Sorcery"})
_PERMISSION = re.compile(r"once during each of your turns, you may .*cast a permanent spell "
                         r"with mana value (\d+) or less from your graveyard")
_ENTERS_WITH = re.compile(r"enters with (a|an|one|two|three|x|\d+) ([+\-/\w]+) counters? on it")
#: "target creature gets +N/+N until end of turn", and the same change given to each of
#: several targets -- "up to two target creatures each get -2/-2 until end of turn", "untap
#: up to two target creatures. they each get +2/+2 until end of turn" -- which applies to
#: every target still legal as the spell resolves (CR 608.2c, 611.2a)
_PUMP = re.compile(r"^(?:target creature gets|(?:(?:un)?tap )?(?:up to )?(?:one|two|three|four|"
                   r"\d+) target creatures(?: each get|\. they each get)) ([+-]\d+)/([+-]\d+) "
                   r"until end of turn")
_ANTHEM = re.compile(r"^(legendary )?creatures you control get \+(\d+)/\+(\d+)\.?$")
_AURA = re.compile(r"^(?:enchanted|equipped) creature gets \+(\d+)/\+(\d+)")
_PER_CARD = re.compile(r"gets \+1/\+0 for each artifact and/or enchantment card in your "
                       r"graveyard")
_CHAPTER = re.compile(r"^[ivx]+(, [ivx]+)* —")
_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
          "noncreature": "Creature", "legendary": "Legendary", "instant": "Instant",
          "sorcery": "Sorcery", "land": "Land", "planeswalker": "Planeswalker"}


def _types(words: str) -> frozenset[str]:
    return frozenset(_TYPES[w] for w in re.split(r" or |, | and/or ", words) if w in _TYPES)


_READ: dict[tuple[str, str], Reading] = {}


def read_face(face: CardFace) -> Reading:
    """The judge's reading of one face (see the module's docstring)."""
    key = (face.name, face.text)
    found = _READ.get(key)
    if found is None:
        found = _READ[key] = _read(face)
    return found


def _read(face: CardFace) -> Reading:
    triggers: list[Trigger] = []
    fields: dict[str, object] = {}
    unknown_pt = False
    for raw in face.ability_texts:
        text = normalize_text(raw).lower()
        if "—" in text and not _CHAPTER.match(text):
            text = text.split("— ", 1)[1]  # an ability word: "Eerie — Whenever ..."
        target = ("up-to" if "up to one target" in text else
                  "creature-you-control" if "target creature you control" in text else
                  "attacking" if "target attacking creature" in text else
                  "other" if "target" in text else "")
        found: list[Trigger] = []
        either = _ENTERS_SELF_OR_YOURS.match(text)
        if either is not None and _types(either.group(1)):
            found += [Trigger("enters-self", target=target),
                      Trigger("enters-yours", types=_types(either.group(1)), target=target)]
        elif _ENTERS_SELF.match(text):
            found.append(Trigger("enters-self", target=target))
        elif _ENTERS_OTHER.match(text):
            found.append(Trigger("enters-other", types=frozenset({"Creature"}), target=target))
        elif _DOOR.match(text):
            found.append(Trigger("door", target=target))
        elif _UPKEEP.match(text):
            found.append(Trigger("upkeep", target=target))
        elif (end := _END_STEP.match(text)) is not None:
            found.append(Trigger("end-step" if end.group(1) == "your" else "every-end-step",
                                 target=target))
        elif (combat := _COMBAT.match(text)) is not None:
            found.append(Trigger("combat", target=target, condition="two-other-legendary-creatures"
                                 if combat.group(1) else ""))
        elif _FACE_UP.match(text):
            found.append(Trigger("face-up", target=target))
        elif (cast := _CAST.match(text)) is not None:
            found.append(Trigger("cast", not_types=_types(cast.group(1)), target=target))
        elif _YOU_ATTACK.match(text):
            found.append(Trigger("you-attack", target=target))
        elif _ATTACKS_YOURS.match(text):
            found.append(Trigger("attacks-yours", target=target))
        elif _ATTACKS_SELF.match(text):
            found.append(Trigger("attacks-self", target=target))
        elif _DAMAGE_YOURS.match(text):
            found.append(Trigger("combat-damage-yours", target=target))
        elif _DAMAGE_SELF.match(text):
            found.append(Trigger("combat-damage-self", target=target))
        else:
            yours = _ENTERS_YOURS.search(text)
            if yours is not None:
                found.append(Trigger("enters-yours", types=_types(yours.group(1)), target=target))
            if _FULLY.search(text):
                found.append(Trigger("fully-unlocked", target=target))
        if not found and (text.startswith(("when", "whenever", "at the beginning"))
                          or _CHAPTER.match(text)):
            found.append(Trigger("other"))
        if len(found) > 1:  # one ability with several trigger conditions: keep them together
            found = [Trigger("+".join(t.event for t in found),
                             frozenset().union(*(t.types for t in found)))]
        triggers.extend(found)
        if _DOUBLER_ALL.search(text):
            fields["doubler"] = "all"
        elif (entering := _DOUBLER_ENTERING.search(text)) is not None:
            fields["doubler"] = _types(entering.group(1))
        if (increase := _INCREASE.match(text)) is not None:
            fields["cost_increase"] = (int(increase.group(2)), _types(increase.group(1)))
        if (reduction := _REDUCTION.search(text)) is not None:
            words = reduction.group(1).split()
            fields["cost_reduction"] = (int(reduction.group(2)),
                                        frozenset(_TYPES[w] for w in words if w != "legendary"
                                                  and w in _TYPES),
                                        frozenset({"Legendary"} if "legendary" in words else ()))
        if (each := _REDUCTION_EACH.match(text)) is not None:
            fields["cost_reduction_each"] = (int(each.group(2)), frozenset(
                _TYPES[w] for w in re.split(r" and | or |, ", each.group(1)) if w in _TYPES)
                if each.group(1) is not None else _SPELL_TYPES)
        if (permission := _PERMISSION.search(text)) is not None:
            fields["permission_mv"] = int(permission.group(1))
        if (counters := _ENTERS_WITH.search(text)) is not None:
            amount = _NUMBERS.get(counters.group(1), counters.group(1))
            fields["enters_with"] = ((counters.group(2),
                                      amount if amount == "X" else int(str(amount))),)
        if (pump := _PUMP.match(text)) is not None:
            fields["pump"] = (int(pump.group(1)), int(pump.group(2)))
        elif (anthem := _ANTHEM.match(text)) is not None:
            fields["anthem"] = (int(anthem.group(2)), int(anthem.group(3)))
            fields["anthem_legendary"] = anthem.group(1) is not None
        elif (aura := _AURA.match(text)) is not None:
            fields["aura"] = (int(aura.group(1)), int(aura.group(2)))
        elif _PER_CARD.search(text):
            fields["power_per_card"] = True
        elif re.search(r"gets? [+-]\d+/[+-]\d+|gets? \+x|get [+-]", text):
            if found or _CHAPTER.match(text) or face.types[:1] in (("Instant",), ("Sorcery",)):
                fields["unknown_pump"] = True
            else:
                unknown_pt = True
        if text.startswith("morph {"):
            fields["morph"] = text.split(" ", 1)[1].upper()
        if re.search(r"copy target [a-z ]*spell", text):
            fields["copies_spells"] = True
        if "you may cast the copy" in text:
            fields["casts_copies"] = True
        if re.search(r"\badd \{", text):
            fields["adds_mana"] = True
        if re.search(r"deals \d+ damage", text):
            fields["deals_damage"] = True
        if re.search(r"\bconvoke\b|\baffinity\b|\bimprovise\b|\bdelve\b|spells you cast have|"
                     r"as though (it|they) had flash|spells? (you cast )?cost .* less to cast "
                     r"for each", text) and not _REDUCTION.search(text) \
                and not _REDUCTION_EACH.match(text):
            fields["unknown_cost"] = True
    if "Prowess" in face.keywords and not any(t.event == "cast" for t in triggers):
        triggers.append(Trigger("cast", not_types=frozenset({"Creature"})))
    return Reading(triggers=tuple(triggers), unknown_pt=unknown_pt,
                   other_triggers=any(t.event == "other" for t in triggers),
                   **fields)  # type: ignore[arg-type]


class Judge:
    """Readings of a pool's faces, and what views are, worked out from card data."""

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.faces: dict[str, tuple[Card, CardFace]] = {}
        for card in pool.values():
            for face in card.faces:
                self.faces.setdefault(face.name, (card, face))
        self._readings: dict[str, Reading] = {}
        #: faces and readings by the names a view shows (``None``: a name not in the pool)
        self._named: dict[tuple[str, ...], tuple[tuple[CardFace, ...] | None,
                                                 tuple[Reading, ...] | None]] = {}
        self._battlefields: dict[int, tuple[dict[str, ObjectView],
                                            list[tuple[ObjectView, tuple[Reading, ...]]]]] = {}

    def reading(self, face: CardFace) -> Reading:
        found = self._readings.get(face.name)
        if found is None:
            found = self._readings[face.name] = read_face(face)
        return found

    def faces_of(self, view: ObjectView) -> list[CardFace] | None:
        """The faces whose characteristics ``view`` has, from its names (a copy has the
        names of what it copies); ``None`` when a name is not in the pool (a token an
        effect defined).  A face-down object or a Room with no door unlocked has none."""
        if view.face_down:
            return []
        faces = self._of_names(view.names)[0]
        return None if faces is None else list(faces)

    def readings_of(self, view: ObjectView) -> list[Reading] | None:
        if view.face_down:
            return []
        readings = self._of_names(view.names)[1]
        return None if readings is None else list(readings)

    def battlefield_readings(self, views: dict[str, ObjectView]
                             ) -> list[tuple[ObjectView, tuple[Reading, ...]]]:
        """Each permanent of ``views`` with its readings (none for a name not in the pool),
        in the views' order; worked out once for a dict of views, which an observation
        never changes once made."""
        known = self._battlefields.get(id(views))
        if known is not None and known[0] is views:
            return known[1]
        found = [(v, () if v.face_down else self._of_names(v.names)[1] or ())
                 for v in views.values() if v.zone is Zone.BATTLEFIELD]
        if len(self._battlefields) >= 8:
            self._battlefields.clear()
        self._battlefields[id(views)] = (views, found)
        return found

    def _of_names(self, names: tuple[str, ...]) -> tuple[tuple[CardFace, ...] | None,
                                                         tuple[Reading, ...] | None]:
        """The faces named ``names`` and their readings, worked out once per names."""
        known = self._named.get(names)
        if known is None:
            entries = [self.faces.get(name) for name in names]
            if any(entry is None for entry in entries):
                known = (None, None)
            else:
                faces = tuple(entry[1] for entry in entries if entry is not None)
                known = (faces, tuple(self.reading(f) for f in faces))
            self._named[names] = known
        return known

    def types_of(self, view: ObjectView) -> frozenset[str] | None:
        """The card types of what ``view`` is, from card data: a face-down object is a
        creature (CR 708.2); a Room with no door unlocked an enchantment."""
        if view.face_down:
            return frozenset({"Creature"})
        faces = self.faces_of(view)
        if faces is None:  # a token an effect defined: its types are the effect's
            return frozenset(view.types) if view.token else None
        if not faces:
            card = self.card_of(view)
            return frozenset(card.faces[0].types) if card is not None else None
        return frozenset(t for f in faces for t in f.types)

    def supertypes_of(self, view: ObjectView) -> frozenset[str] | None:
        faces = self.faces_of(view)
        if faces is None:
            return frozenset(view.supertypes) if view.token else None
        return frozenset(t for f in faces for t in f.supertypes)

    def card_of(self, view: ObjectView) -> Card | None:
        for name in view.identity:
            entry = self.faces.get(name)
            if entry is not None:
                return entry[0]
        return None


@cache
def _judges() -> dict[int, tuple[CardPool, Judge]]:
    return {}


def judge_for(pool: CardPool) -> Judge:
    """The judge of a pool (one per pool)."""
    known = _judges().get(id(pool))
    if known is None or known[0] is not pool:
        known = (pool, Judge(pool))
        _judges()[id(pool)] = known
    return known[1]


# -- mana ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cost:
    """A total cost as the judge computes it: generic mana plus colored and hybrid symbols."""

    generic: int
    symbols: tuple[str, ...] = ()

    @classmethod
    def of(cls, cost: str | None) -> Cost:
        known = _COSTS.get(cost)
        if known is not None and cls is Cost:
            return known
        generic, symbols = 0, []
        for symbol in _SYMBOL.findall(cost or ""):
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol != "X":
                symbols.append(symbol)
        made = cls(generic, tuple(symbols))
        if cls is Cost and len(_COSTS) < 4096:
            _COSTS[cost] = made
        return made

    def plus(self, generic: int) -> Cost:
        return Cost(self.generic + generic, self.symbols)

    def minus(self, generic: int) -> Cost:
        """Reductions reduce only generic mana (CR 601.2f)."""
        return Cost(max(0, self.generic - generic), self.symbols)

    @property
    def free(self) -> bool:
        return not self.generic and not self.symbols


@dataclass
class Pool:
    """Mana a player has, as the judge knows it: ``None`` when it can't be known."""

    mana: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, text: str) -> Pool:
        mana: Counter[str] = Counter()
        for symbol in _SYMBOL.findall(text or ""):
            if symbol.isdigit():
                mana["C"] += int(symbol)
            else:
                mana[symbol] += 1
        return cls(mana)

    def can_pay(self, cost: Cost) -> bool:
        """Whether some way of paying ``cost`` exists (every color and hybrid choice)."""
        mana: Counter[str] = Counter.__new__(Counter)  # Counter() runs update() in Python
        dict.update(mana, self.mana)
        return _payable(mana, list(cost.symbols), cost.generic)

    def after_exact(self, cost: Cost) -> Pool | None:
        """The pool after paying ``cost`` when only one way to pay exists; else ``None``."""
        left = Counter(self.mana)
        for symbol in cost.symbols:
            options = [p for p in symbol.split("/") if not p.isdigit() and left[p] > 0]
            if len(set(options)) != 1 or any(p.isdigit() for p in symbol.split("/")):
                return None  # a choice of color, or nothing to pay with
            left[options[0]] -= 1
        left = +left
        if cost.generic:
            if len(left) != 1 or sum(left.values()) < cost.generic:
                return None  # which mana pays the generic part is the player's choice
            (kind,) = left
            left[kind] -= cost.generic
        return Pool(+left)

    def plus(self, mana: str) -> Pool:
        return Pool(self.mana + Pool.of(mana).mana)


#: Costs by the mana cost they were read from (a cost is a value: one is shared).
_COSTS: dict[str | None, Cost] = {}


def _payable(pool: Counter[str], symbols: list[str], generic: int) -> bool:
    if not symbols:
        return sum(pool.values()) >= generic
    symbol, rest = symbols[0], symbols[1:]
    if "/" in symbol:
        for part in symbol.split("/"):
            if part.isdigit():
                if _payable(pool, rest, generic + int(part)):
                    return True
            elif pool[part] > 0:
                pool[part] -= 1
                ok = _payable(pool, rest, generic)
                pool[part] += 1
                if ok:
                    return True
        return False
    if pool[symbol] <= 0:
        return False
    pool[symbol] -= 1
    ok = _payable(pool, rest, generic)
    pool[symbol] += 1
    return ok


def total_cost(judge: Judge, views: dict[str, ObjectView], player: str,
               spell: tuple[frozenset[str], frozenset[str]], base: str | None,
               earlier: list[tuple[frozenset[str], frozenset[str]]]) -> Cost:
    """The total cost of casting a spell whose types and supertypes on the stack are
    ``spell`` for ``base``: increases from every player's permanents, then reductions from
    the caster's (CR 601.2f).  ``earlier`` are the types and supertypes of the spells the
    caster cast before in this turn, for "the first ... spell you cast each turn"."""
    types, supertypes = spell
    cost = Cost.of(base)
    permanents = judge.battlefield_readings(views)
    for _permanent, readings in permanents:
        for reading in readings:
            if reading.cost_increase is not None:
                generic, excluded = reading.cost_increase
                if not types & excluded:
                    cost = cost.plus(generic)
    for permanent, readings in permanents:
        if permanent.controller != player:
            continue
        for reading in readings:
            if reading.cost_reduction_each is not None and types & reading.cost_reduction_each[1]:
                cost = cost.minus(reading.cost_reduction_each[0])
            if reading.cost_reduction is None:
                continue
            generic, wanted, wanted_super = reading.cost_reduction
            if not (wanted <= types and wanted_super <= supertypes):
                continue
            if any(wanted <= t and wanted_super <= s for t, s in earlier):
                continue
            cost = cost.minus(generic)
    return cost


def on_battlefield(views: dict[str, ObjectView]) -> list[ObjectView]:
    return [v for v in views.values() if v.zone is Zone.BATTLEFIELD]
