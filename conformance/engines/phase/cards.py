"""The project's card pool as phase.rs card data.

phase.rs reads its cards from a ``card-data.json``: a mapping from each lower-cased face
name to a ``CardFace`` that phase's own Oracle-text parser builds from an MTGJSON atomic
card (``phase.build_oracle_face``; ``build_oracle_face_multi`` plus ``layout`` and
``face_index`` for each face of a multi-face card).  This module only feeds phase the
project's MTGJSON-shaped faces; every ability is phase's own reading of the Oracle text.

Both faces of a multi-face card (a Room's doors, a double-faced card's faces) get the same
oracle id, or phase does not link them.  The id is deterministic: uuid5 of the card name.
What phase's parser could not read (``Unimplemented`` nodes) is recorded per card.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import phase

from ...format.cards import Card, CardPool

#: Keys of the project's card data that are not MTGJSON's (phase ignores them anyway).
_PROJECT_KEYS = frozenset({"rules"})
_NAMESPACE = uuid.UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")  # uuid.NAMESPACE_URL


def oracle_id(card_name: str) -> str:
    """The oracle id every face of ``card_name`` gets: stable across runs."""
    return str(uuid.uuid5(_NAMESPACE, "conformance-card:" + card_name))


@dataclass(frozen=True)
class PhaseCardData:
    """phase.rs card data for one card pool."""

    #: lower-cased face name -> phase CardFace (as phase built it)
    faces: Mapping[str, Mapping[str, Any]]
    #: card name -> its oracle id
    oracle_ids: Mapping[str, str]
    #: card name -> descriptions of the abilities phase's parser left Unimplemented
    unimplemented: Mapping[str, tuple[str, ...]]
    #: card name -> (layout, the MTGJSON faces given to phase's builder), for reproductions
    sources: Mapping[str, tuple[str, tuple[dict[str, Any], ...]]]
    #: oracle id -> card name (built once: every set-up looks its cards up)
    card_by_oracle_id: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.card_by_oracle_id:
            object.__setattr__(self, "card_by_oracle_id",
                               {oid: name for name, oid in self.oracle_ids.items()})

    def to_json(self) -> str:
        return json.dumps(self.faces, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _mtgjson(raw: Mapping[str, Any]) -> dict[str, Any]:
    """A face as plain JSON data (the YAML loader's mappings remember lines)."""
    face = {str(k): v for k, v in raw.items() if k not in _PROJECT_KEYS}
    face.setdefault("identifiers", {})
    if "manaValue" not in face:  # required by phase's reader; phase computes its own
        face["manaValue"] = 0
    for key in ("power", "toughness", "loyalty"):
        if key in face and face[key] is not None:
            face[key] = str(face[key])
    plain: dict[str, Any] = json.loads(json.dumps(face, default=str))
    return plain


def unimplemented_parts(node: object) -> list[str]:
    """Descriptions of every ``Unimplemented`` node phase's parser produced."""
    found: list[str] = []
    if isinstance(node, dict):
        if node.get("type") == "Unimplemented":
            found.append(str(node.get("description") or node.get("name") or "unimplemented"))
        for value in node.values():
            found.extend(unimplemented_parts(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(unimplemented_parts(value))
    return found


def convert_card(card: Card) -> list[dict[str, Any]]:
    """The phase CardFace(s) of one card, in printed order."""
    return build_faces(card.name, card.layout, [_mtgjson(face.raw) for face in card.faces])


def build_faces(name: str, layout: str, faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """phase's CardFaces of a card from its MTGJSON faces (reproductions repeat this code)."""
    oid = oracle_id(name)
    if len(faces) == 1:
        return [dict(phase.build_oracle_face(faces[0], oid))]
    built_faces = []
    for index, face in enumerate(faces):
        built = dict(phase.build_oracle_face_multi(face, oid))
        built["layout"] = layout
        built["face_index"] = index
        built_faces.append(built)
    return built_faces


def convert_pool(cards: CardPool) -> PhaseCardData:
    faces: dict[str, Mapping[str, Any]] = {}
    oracle_ids: dict[str, str] = {}
    unimplemented: dict[str, tuple[str, ...]] = {}
    sources: dict[str, tuple[str, tuple[dict[str, Any], ...]]] = {}
    for name, card in cards.items():
        oracle_ids[name] = oracle_id(name)
        missing: list[str] = []
        sources[name] = (card.layout, tuple(_mtgjson(face.raw) for face in card.faces))
        for built in build_faces(name, card.layout, list(sources[name][1])):
            key = str(built["name"]).lower()
            # as phase-gen does: a standalone card wins over a multi-face card's face
            if key not in faces or ("layout" in faces[key] and "layout" not in built):
                faces[key] = built
            missing.extend(unimplemented_parts(built))
        if missing:
            unimplemented[name] = tuple(missing)
    return PhaseCardData(faces, oracle_ids, unimplemented, sources)


_CACHE: dict[int, tuple[CardPool, PhaseCardData, Any]] = {}


def engine_for(cards: CardPool) -> tuple[PhaseCardData, Any]:
    """phase card data and a loaded ``phase.Engine`` for a card pool, built once per pool."""
    cached = _CACHE.get(id(cards))
    if cached is None or cached[0] is not cards:
        data = convert_pool(cards)
        cached = (cards, data, phase.Engine.from_json(data.to_json()))
        _CACHE[id(cards)] = cached
    return cached[1], cached[2]
