"""Roles: a card named by what it is rather than by its name.

A ruling that restates the Comprehensive Rules -- combat, turn structure, state-based
actions -- needs "a 2/2 creature with no abilities", not Grizzly Bears in particular.  Its
setup may say so::

    - {role: {types: [Creature], power: 2, toughness: 2, abilities: none}, as: bears}
    - {card: Grizzly Bears, role: {types: [Creature], power: 2, toughness: 2,
       abilities: none}, as: bears}          # this card where the engine has it

and the runner picks, for each engine, a card that fits: among the cards the engine
declares (``EngineInfo.cards``), or from the corpus's card file.  A role reads printed
characteristics from card data only (types, power, ...); it computes no rule.

The filter is small and closed (the schema lists its keys):

``types``       the card's types, exactly (``[Creature]`` is not an artifact creature)
``supertypes``  exactly these (default none: no legendary creature where none was meant)
``subtypes``    each of these, others allowed (``[Forest]``)
``power``, ``toughness``, ``mana_value``   printed values, exactly
``colors``      exactly these
``abilities``   ``none`` (no rules text but reminder text), or keywords, exactly these
                (``[Flying, Vigilance]``); left out: any
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardFace
from .vocabulary import ROLE_KEYWORDS


@dataclass(frozen=True, slots=True)
class Role:
    """What a card entry's card must be; see the module's docstring for each key."""

    types: tuple[str, ...]
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    mana_value: int | None = None
    colors: tuple[str, ...] | None = None
    #: ``None``: any abilities; ``()``: none; else exactly these keywords
    abilities: tuple[str, ...] | None = None

    @classmethod
    def from_yaml(cls, data: Mapping[str, Any]) -> Role:
        """The role a schema-valid ``role:`` mapping describes."""
        abilities = data.get("abilities")
        colors = data.get("colors")
        return cls(
            types=tuple(data["types"]), supertypes=tuple(data.get("supertypes") or ()),
            subtypes=tuple(data.get("subtypes") or ()), power=data.get("power"),
            toughness=data.get("toughness"), mana_value=data.get("mana_value"),
            colors=None if colors is None else tuple(colors),
            abilities=None if abilities is None else () if abilities == "none"
            else tuple(abilities))

    def describe(self) -> str:
        """In words: ``a 2/2 Creature with no abilities``, ``a Basic Land (Forest)``."""
        words = [*self.supertypes, *self.types]
        text = " ".join(words)
        if self.power is not None or self.toughness is not None:
            text = f"{_or_any(self.power)}/{_or_any(self.toughness)} {text}"
        if self.subtypes:
            text += f" ({', '.join(self.subtypes)})"
        if self.colors is not None:
            text += f", colors {''.join(self.colors) or 'none'}"
        if self.mana_value is not None:
            text += f", mana value {self.mana_value}"
        if self.abilities == ():
            text += " with no abilities"
        elif self.abilities:
            text += f" with {', '.join(a.lower() for a in self.abilities)} and no other abilities"
        return f"a {text}"

    def mismatch(self, card: Card) -> str | None:
        """Why ``card`` does not fit the role (the first difference), or ``None``."""
        if len(card.faces) != 1:
            return f"it has {len(card.faces)} faces; a role is a single-faced card"
        face = card.faces[0]
        checks: list[tuple[str, object, object]] = [
            ("types", sorted(face.types), sorted(self.types)),
            ("supertypes", sorted(face.supertypes), sorted(self.supertypes)),
        ]
        missing = [s for s in self.subtypes if s not in face.subtypes]
        if missing:
            return f"subtypes are {list(face.subtypes)}, the role needs {missing}"
        if self.power is not None:
            checks.append(("power", _number(face.power), self.power))
        if self.toughness is not None:
            checks.append(("toughness", _number(face.toughness), self.toughness))
        if self.mana_value is not None:
            checks.append(("mana_value", _mana_value(face), self.mana_value))
        if self.colors is not None:
            checks.append(("colors", sorted(face.colors), sorted(self.colors)))
        for key, value, wanted in checks:
            if value != wanted:
                return f"{key} is {value!r}, the role says {wanted!r}"
        if self.abilities is not None:
            found = keywords_only(face)
            if found is None:
                return f"it has abilities other than keywords: {list(face.ability_texts)}"
            if sorted(found) != sorted(a.lower() for a in self.abilities):
                return f"abilities are {sorted(found)}, the role says {list(self.abilities)}"
        return None

    def fits(self, card: Card) -> bool:
        return self.mismatch(card) is None


def keywords_only(face: CardFace) -> list[str] | None:
    """The face's abilities in lower case when each is a keyword of ``ROLE_KEYWORDS``
    (``Flying, vigilance`` is two), else ``None``."""
    known = {k.lower() for k in ROLE_KEYWORDS}
    found = [part.strip().lower() for text in face.ability_texts for part in text.split(",")]
    return found if all(part in known for part in found) else None


def pick(role: Role, cards: Iterable[Card], preferred: str | None = None) -> Card | None:
    """The card a role stands for among ``cards``: ``preferred`` when it is there (and fits),
    else the first that fits by name; ``None`` when none does."""
    fitting = sorted((card for card in cards if role.fits(card)), key=lambda card: card.name)
    for card in fitting:
        if card.name == preferred:
            return card
    return fitting[0] if fitting else None


def _or_any(value: int | None) -> str:
    return "*" if value is None else str(value)


def _number(text: str | None) -> int | None:
    try:
        return None if text is None else int(text)
    except ValueError:
        return None


def _mana_value(face: CardFace) -> int | None:
    value = face.raw.get("manaValue")
    return int(value) if isinstance(value, (int, float)) else None


__all__ = ["Role", "keywords_only", "pick"]
