"""The card pool: card data in MTGJSON's atomic-card shape.

A card file maps each card name to the list of its faces, as MTGJSON's
``AtomicCards.json`` does (``{"data": {name: [face, ...]}}`` or the bare mapping).
Each face uses MTGJSON's keys (``manaCost``, ``types``, ``subtypes``, ``supertypes``,
``text``, ``power``, ``toughness``, ``colors``, ``colorIndicator``, ``faceName``, ``side``,
``layout``...).  One key is this project's own: ``rules``, the reference engine's reading
of the face's Oracle text (see ``docs/card-data.md``); other engines ignore it.

This module only reads and indexes data.  It computes no rule: a card's mana value,
colors or characteristics in a zone are for engines to work out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Location, RulingFileError, did_you_mean
from .yamlsource import LineDict, key_line, load_yaml, read_text

_FACE_KEYS = {
    "name", "faceName", "manaCost", "manaValue", "faceManaValue", "type", "types", "subtypes",
    "supertypes", "text", "power", "toughness", "loyalty", "colors", "colorIdentity",
    "colorIndicator", "keywords", "layout", "side", "identifiers", "rules", "printings",
}


@dataclass(frozen=True, slots=True)
class CardFace:
    """One face of a card as printed (for a single-faced card, the card itself)."""

    name: str
    mana_cost: str | None
    type_line: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    text: str
    power: str | None
    toughness: str | None
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...] | None
    keywords: tuple[str, ...]
    side: str | None
    rules: tuple[Mapping[str, Any], ...]
    raw: Mapping[str, Any] = field(repr=False, compare=False)
    #: The face's rules text split into abilities, reminder text removed.
    ability_texts: tuple[str, ...] = field(default=(), repr=False, compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> CardFace:
        return self  # immutable: game-state snapshots share card data



@dataclass(frozen=True, slots=True)
class Card:
    """A card: its full name, layout and faces in printed order."""

    name: str
    layout: str
    faces: tuple[CardFace, ...]
    color_identity: tuple[str, ...]
    location: Location = field(compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self  # immutable: game-state snapshots share card data

    @property
    def is_room(self) -> bool:
        return self.layout == "split" and "Room" in self.faces[0].subtypes

    @property
    def face_names(self) -> tuple[str, ...]:
        return tuple(face.name for face in self.faces)


def abilities_of(text: str) -> tuple[str, ...]:
    """Rules text split into abilities, one a line, reminder text removed."""
    return tuple(line for line in (_strip_reminder(x) for x in text.splitlines()) if line)


def _strip_reminder(line: str) -> str:
    out, depth = [], 0
    for char in line:
        if char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return "".join(out).strip()


class CardPool(Mapping[str, Card]):
    """Cards by name; faces of multi-faced cards are found by their own names too."""

    def __init__(self, cards: Mapping[str, Card], path: str = "") -> None:
        self._cards = dict(cards)
        self._by_face = {face.name: card for card in self._cards.values() for face in card.faces}
        self.path = path

    def __getitem__(self, name: str) -> Card:
        return self._cards[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def lookup(self, name: str, location: Location) -> Card:
        """The card called ``name`` (full name or a face's name), or a clear error."""
        card = self._cards.get(name) or self._by_face.get(name)
        if card is None:
            hint = did_you_mean(name, list(self._cards) + list(self._by_face))
            raise RulingFileError(location, f"unknown card {name!r}{hint}")
        return card

    def face_names(self) -> tuple[str, ...]:
        """The name of every face of every card in the pool, sorted."""
        return tuple(sorted(self._by_face))


def _face(raw: LineDict, path: str, card_name: str, line: int) -> CardFace:
    where = Location(path, getattr(raw, "line", line))
    if not isinstance(raw, dict):
        raise RulingFileError(where, f"a face of {card_name!r} must be a mapping")
    unknown = sorted(set(raw) - _FACE_KEYS)
    if unknown:
        line = key_line(raw, unknown[0])
        raise RulingFileError(
            Location(path, line),
            f"unknown card key {unknown[0]!r}{did_you_mean(unknown[0], _FACE_KEYS)}",
        )
    for required in ("name", "types"):
        if required not in raw:
            raise RulingFileError(where, f"card {card_name!r} is missing {required!r}")
    rules = raw.get("rules") or []
    if not isinstance(rules, list):
        raise RulingFileError(Location(path, key_line(raw, "rules")), "'rules' must be a list")

    def strings(key: str) -> tuple[str, ...]:
        return _strings(raw, key, path, card_name)

    indicator = None if raw.get("colorIndicator") is None else strings("colorIndicator")
    return CardFace(
        name=str(raw.get("faceName") or raw["name"]),
        mana_cost=raw.get("manaCost"),
        type_line=str(raw.get("type", "")),
        types=strings("types"),
        subtypes=strings("subtypes"),
        supertypes=strings("supertypes"),
        text=str(raw.get("text") or ""),
        power=None if raw.get("power") is None else str(raw["power"]),
        toughness=None if raw.get("toughness") is None else str(raw["toughness"]),
        colors=strings("colors"),
        color_indicator=indicator,
        keywords=strings("keywords"),
        side=raw.get("side"),
        rules=tuple(rules),
        raw=raw,
        ability_texts=abilities_of(str(raw.get("text") or "")),
    )


def _strings(raw: Mapping[str, Any], key: str, path: str, card_name: str) -> tuple[str, ...]:
    """A face's list of strings under ``key`` (``types``, ``colors``, ...), empty when it is
    missing or null; a clear error at its line when it is not a list of strings (a string
    alone would otherwise be read letter by letter)."""
    value = raw.get(key)
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    if isinstance(value, list):
        found = next(item for item in value if not isinstance(item, str))
        what = f"an item {_shown(found)}"
    else:
        what = _shown(value)
    hint = f" (write [{value}])" if isinstance(value, str) else ""
    raise RulingFileError(Location(path, key_line(raw, key)),
                          f"card {card_name!r}: {key!r}: expected a list of strings, found "
                          f"{what}{hint}")


def _shown(value: Any) -> str:
    """A value for a message: ``repr`` for scalars, the kind for containers."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "..."


#: Card pools already read in this process, by the card file's path and text, the most
#: recently used last: a process that reads the same file again (a command per engine, a
#: test suite's many runs) parses it once.  A pool is never changed once built.
_READ: OrderedDict[tuple[str, str], CardPool] = OrderedDict()
_READ_KEPT = 4


def load_cards(path: Path) -> CardPool:
    """Load a card file (YAML or JSON in MTGJSON's atomic shape)."""
    text = read_text(path)
    key = (str(path), text)
    pool = _READ.get(key)
    if pool is not None:
        _READ.move_to_end(key)
        return pool
    document = load_yaml(path, text)
    if isinstance(document, dict) and "data" in document and isinstance(document["data"], dict):
        document = document["data"]
    if not isinstance(document, dict):
        raise RulingFileError(Location(str(path), 1), "a card file must map card names to faces")
    pool = cards_from_document(document, str(path))
    _READ[key] = pool
    if len(_READ) > _READ_KEPT:
        _READ.popitem(last=False)
    return pool


def cards_from_document(document: Mapping[str, Any], path: str) -> CardPool:
    """A card pool from MTGJSON-shaped data already read (``{name: [face, ...]}``);
    ``path`` names its source in messages.  Faces that are ``LineDict``s keep their lines."""
    cards: dict[str, Card] = {}
    for name, faces in document.items():
        where = Location(str(path), key_line(document, name))
        if not isinstance(faces, list) or not faces:
            raise RulingFileError(where, f"card {name!r} must list its faces")
        lines = getattr(faces, "item_lines", [where.line] * len(faces))
        parsed = tuple(_face(face, str(path), name, line) for face, line in zip(faces, lines))
        layout = str(faces[0].get("layout", "normal")) if isinstance(faces[0], dict) else "normal"
        identity = _strings(faces[0], "colorIdentity", str(path), name) \
            if isinstance(faces[0], dict) else ()
        cards[str(name)] = Card(str(name), layout, parsed, identity, where)
    return CardPool(cards, str(path))
