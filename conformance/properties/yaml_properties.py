"""Properties written in YAML: "after every step, every object matching ``where`` has what
``expect`` says".  Files are named ``*.property.yaml`` and live with the rulings::

    property: room-with-no-door-is-nameless
    checks: [room-with-no-door-unlocked]
    requires: [rooms]
    focus: {subtypes: [Room]}
    invariant:
      - where: {zone: battlefield, subtypes: [Room], unlocked_doors: []}
        expect: {names: [], abilities: [], mana_value: 0}

In ``where`` and ``focus``, a list means "has all of these" -- and an empty list "has none".
``expect`` takes the object keys of a ruling's ``expect`` (docs/ruling-format.md); lists are
compared without regard to order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import Location, RulingFileError, did_you_mean
from ..format.cards import Card
from ..format.loader import PROPERTY_FILE_SUFFIX
from ..format.vocabulary import CAPABILITIES
from ..format.yamlsource import LineDict, key_line, load_yaml
from .catalog import Observation, Property, Violation

SUFFIX = PROPERTY_FILE_SUFFIX
_KEYS = ("property", "description", "checks", "requires", "focus", "invariant")
_OBSERVED = ("zone", "names", "mana_value", "colors", "types", "subtypes", "supertypes", "power",
             "toughness", "abilities", "unlocked_doors", "face_down", "transformed", "token",
             "tapped", "keywords", "identity")
_FOCUS = ("types", "subtypes", "supertypes", "keywords", "layout", "room")


def find_property_files(paths: Sequence[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{SUFFIX}")))
        elif path.name.endswith(SUFFIX):
            found.append(path)
    return found


def _value(view: Any, key: str) -> Any:
    value = getattr(view, key)
    if key == "zone":
        return value.value
    if isinstance(value, tuple):
        return [str(getattr(v, "value", v)) for v in value]
    return value


def _has(found: Any, wanted: Any) -> bool:
    """``where`` matching: a list is "has all of these", an empty list "has none"."""
    if isinstance(wanted, list):
        return set(map(str, wanted)) <= set(found) if wanted else not found
    return bool(found == wanted)


def _same(found: Any, wanted: Any) -> bool:
    if isinstance(wanted, list):
        return sorted(map(str, wanted)) == sorted(found)
    return bool(found == wanted)


def _focus(rule: Mapping[str, Any]) -> Any:
    def focus(card: Card) -> bool:
        if "room" in rule and card.is_room != bool(rule["room"]):
            return False
        if "layout" in rule and card.layout != rule["layout"]:
            return False
        for key in ("types", "subtypes", "supertypes", "keywords"):
            if key in rule and not any(set(rule[key]) <= set(getattr(f, key)) for f in card.faces):
                return False
        return True
    return focus


def _plain(value: Any) -> Any:
    """Plain dicts and lists, without the line bookkeeping (for writing counterexamples)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def load_property(path: Path) -> Property:
    """A YAML property; every mistake is a :class:`RulingFileError` with its line."""
    doc = load_yaml(path)
    where = str(path)
    if not isinstance(doc, LineDict):
        raise RulingFileError(Location(where, 1), "a property file is a mapping")

    def fail(node: Any, key: Any, message: str) -> RulingFileError:
        return RulingFileError(Location(where, key_line(node, key)), message)

    for key in doc:
        if key not in _KEYS:
            raise fail(doc, key, f"unknown key {key!r}{did_you_mean(str(key), _KEYS)}")
    for key in ("property", "checks", "invariant"):
        if key not in doc:
            raise RulingFileError(Location(where, doc.line), f"{key!r} is required")
    for capability in doc.get("requires") or ():
        if capability not in CAPABILITIES:
            raise fail(doc, "requires", f"unknown capability {capability!r}"
                                        f"{did_you_mean(capability, CAPABILITIES)}")
    for key in doc.get("focus") or {}:
        if key not in _FOCUS:
            raise fail(doc["focus"], key, f"unknown focus key {key!r}{did_you_mean(key, _FOCUS)}")
    clauses = []
    for clause in doc["invariant"]:
        if not isinstance(clause, LineDict) or set(clause) != {"where", "expect"}:
            raise RulingFileError(Location(where, getattr(clause, "line", doc.line)),
                                  "each invariant has 'where' and 'expect'")
        for part in ("where", "expect"):
            for key in clause[part]:
                if key not in _OBSERVED:
                    raise fail(clause[part], key, f"unknown observation {key!r}"
                                                  f"{did_you_mean(key, _OBSERVED)}")
        clauses.append((_plain(clause["where"]), _plain(clause["expect"])))

    def check(o: Observation) -> Iterable[Violation]:
        if o.game.game_over:
            return  # an invariant holds while the game goes on; nothing is checked after (CR 104.1)
        for condition, expected in clauses:
            for view in o.views.values():
                if not all(_has(_value(view, k), v) for k, v in condition.items()):
                    continue
                for key, wanted in expected.items():
                    found = _value(view, key)
                    if not _same(found, wanted):
                        yield Violation(f"an object matching {condition} has {key} {found!r}, "
                                        f"not {wanted!r}", view.id, key, wanted)

    def reached(o: Observation) -> bool:
        """An object the invariant is about: one matching ``where`` but for the keys its
        ``expect`` sets (``where: {token: true, zone: hand}`` with ``expect: {zone: ...}``
        is about every token)."""
        return any(all(_has(_value(view, k), v) for k, v in condition.items()
                       if k not in expected)
                   for condition, expected in clauses for view in o.views.values())

    return Property(str(doc["property"]), str(doc.get("description", "")),
                    tuple(doc["checks"]), frozenset(doc.get("requires") or ()), check,
                    _focus(doc.get("focus") or {}), reached=reached)
