"""Abilities as the reference engine reads them from card data (a face's ``rules`` list).

Each entry of ``rules`` is one ability of the face, in printed order, with exactly one
kind key -- ``triggered``, ``activated``, ``static``, ``as_enters`` or ``spell`` -- plus
``target``, ``if`` and ``effects`` where they apply.  docs/card-data.md documents every
key.  Parsing checks names against the engine's registries of events, effects and
static abilities, so a typo in card data is a clear error, not a silent no-op.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import Location, RulingFileError, did_you_mean
from ...format.cards import Card

KINDS = ("triggered", "activated", "static", "as_enters", "spell")
EVENTS = ("door_unlocked", "room_fully_unlocked", "enters", "turned_face_up",
          "combat_damage_to_player", "beginning_of_combat", "beginning_of_upkeep",
          "spell_cast", "chapter", "attacks", "dies", "leaves_battlefield", "put_into_graveyard",
          "beginning_of_end_step", "beginning_of_precombat_main", "beginning_of_draw_step",
          "you_attack")
STATICS = ("trigger_additional_time", "cast_from_graveyard", "power_per_card",
           "cost_reduction", "cost_increase", "prevent_activation", "enchanted_gets", "anthem",
           "morph", "untap_during_others_untap", "no_maximum_hand_size", "spells_have_convoke")
AS_ENTERS = ("choose_card_name", "copy", "counters")
TARGET_WHAT = ("permanent", "player", "spell", "any")
#: Keys of a filter over characteristics (see targets.matches).
FILTER_KEYS = ("types", "types_any", "subtypes", "supertypes", "permanent", "nonland",
               "noncreature", "nonlegendary", "mana_value_max", "tapped", "attacking")
TARGET_KEYS = ("what", "controller", "up_to", "count", "at_least") + FILTER_KEYS
_ABILITY_KEYS = set(KINDS) | {"target", "if", "effects", "text", "unimplemented"}


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What an ability may target: ``what`` is permanent, player, spell or card."""

    what: str
    filter: Mapping[str, Any] = field(default_factory=dict)
    controller: str | None = None  # "you" or "opponent"
    count: int = 1
    up_to: bool = False
    #: "one or two targets" (CR 601.2c): at least this many of ``count``
    at_least: int | None = None

    @property
    def minimum(self) -> int:
        """The fewest targets: none for "up to N", ``at_least`` for "one or two", else all."""
        if self.up_to:
            return 0
        return self.count if self.at_least is None else self.at_least


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a face; ``face`` is the face's index on the card."""

    kind: str
    face: int
    index: int  # position among the face's abilities, printed order
    params: Mapping[str, Any]
    target: TargetSpec | None = None
    condition: Mapping[str, Any] | None = None
    effects: tuple[Mapping[str, Any], ...] = ()
    text: str = ""
    events: tuple[tuple[str, Any], ...] = field(default=())
    unimplemented: str = ""  # why the engine can't carry this ability out yet
    #: abilities this static ability gives what it lets its controller play ("it gains ...")
    grants: tuple[Ability, ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Ability:
        return self  # immutable: game-state snapshots share parsed card data


def chapter_numbers(abilities: Iterable[Ability]) -> list[int]:
    """The chapter numbers of a Saga's chapter abilities (CR 714.2); none for others."""
    return [int(n) for a in abilities if a.kind == "triggered"
            for name, params in a.events if name == "chapter"
            for n in (params if isinstance(params, list) else [params])]


def _fail(card: Card, face_raw: Any, message: str) -> RulingFileError:
    line = getattr(face_raw, "line", 0) or card.location.line
    return RulingFileError(Location(card.location.path, line), f"{card.name}: {message}")


def _named(entry: Any, allowed: tuple[str, ...], what: str, card: Card, raw: Any) -> None:
    if not isinstance(entry, dict):
        raise _fail(card, raw, f"each {what} is a mapping such as {{{allowed[0]}: ...}}, "
                               f"not {entry!r}")
    names = list(entry)
    for name in names:
        if name not in allowed:
            raise _fail(card, raw, f"unknown {what} {name!r}{did_you_mean(name, allowed)}")


def _target(raw: Any, card: Card, face_raw: Any) -> TargetSpec | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _fail(card, face_raw, "'target' must be a mapping")
    _named(raw, TARGET_KEYS, "target key", card, face_raw)
    what = raw.get("what", "permanent")
    if what not in TARGET_WHAT:
        raise _fail(card, face_raw, f"a target is one of {list(TARGET_WHAT)}, not {what!r}"
                                    f"{did_you_mean(what, TARGET_WHAT)}")
    count = int(raw.get("count", 1))
    at_least = raw.get("at_least")
    if at_least is not None and not (isinstance(at_least, int) and 1 <= at_least <= count):
        raise _fail(card, face_raw, f"'at_least' is a number of targets from 1 to 'count' "
                                    f"({count}), not {at_least!r}")
    if at_least is not None and raw.get("up_to"):
        raise _fail(card, face_raw, "a target has 'up_to' or 'at_least', not both")
    return TargetSpec(
        what=raw.get("what", "permanent"),
        filter={key: raw[key] for key in FILTER_KEYS if key in raw},
        controller=raw.get("controller"),
        count=count,
        up_to=bool(raw.get("up_to", False)),
        at_least=at_least,
    )


def parse_abilities(card: Card, effect_names: tuple[str, ...]) -> tuple[tuple[Ability, ...], ...]:
    """The abilities of each face of ``card``, checked against the engine's registries."""
    faces = []
    for face_index, face in enumerate(card.faces):
        texts = face.ability_texts
        parsed = []
        for index, raw in enumerate(face.rules):
            parsed.append(_parse_entry(card, face.raw, face_index, index, raw, texts,
                                       effect_names))
        faces.append(tuple(parsed))
    return tuple(faces)


def _parse_entry(card: Card, face_raw: Any, face_index: int, index: int, raw: Any,
                 texts: tuple[str, ...], effect_names: tuple[str, ...]) -> Ability:
    """One entry of a face's ``rules``, checked against the engine's registries."""
    if not isinstance(raw, dict):
        raise _fail(card, face_raw, "each entry of 'rules' must be a mapping")
    _named(raw, tuple(sorted(_ABILITY_KEYS)), "rules key", card, raw)
    kinds = [k for k in KINDS if k in raw]
    if not kinds and raw.get("unimplemented"):  # printed, not carried out yet
        raw = {**raw, "static": {}}
        kinds = ["static"]
    if len(kinds) != 1:
        raise _fail(card, raw, f"an ability has exactly one of {list(KINDS)}")
    kind = kinds[0]
    params = raw[kind]
    events: tuple[tuple[str, Any], ...] = ()
    grants: tuple[Ability, ...] = ()
    if kind == "triggered":
        entries = params if isinstance(params, list) else [params]
        pairs: list[tuple[str, Any]] = []
        for entry in entries:
            _named(entry, EVENTS, "trigger event", card, raw)
            pairs.extend((name, value) for name, value in entry.items())
        events = tuple(pairs)
    elif kind == "static":
        _named(params, STATICS, "static ability", card, raw)
        grants = _grants(card, face_raw, face_index, index, params, effect_names)
    elif kind == "as_enters":
        _named(params, AS_ENTERS, "as-enters ability", card, raw)
    elif kind == "activated" and not isinstance(params, dict):
        raise _fail(card, raw, "'activated' is a mapping of costs, e.g. {mana: '{1}'}")
    for effect in raw.get("effects") or ():
        _named(effect, effect_names, "effect", card, raw)
    text = raw.get("text") or (texts[index] if index < len(texts) else "")
    return Ability(
        kind=kind, face=face_index, index=index,
        params=params if isinstance(params, dict) else {"value": params},
        target=_target(raw.get("target"), card, raw),
        condition=raw.get("if"), effects=tuple(raw.get("effects") or ()),
        text=text, events=events, unimplemented=str(raw.get("unimplemented", "")),
        grants=grants,
    )


def _grants(card: Card, face_raw: Any, face_index: int, index: int, params: Any,
            effect_names: tuple[str, ...]) -> tuple[Ability, ...]:
    """The abilities a static ability gives what it lets its controller play (``grants``:
    one rules entry or a list of them), parsed as the face's own are."""
    raw = params.get("cast_from_graveyard") if isinstance(params, dict) else None
    granted = raw.get("grants") if isinstance(raw, dict) else None
    if granted is None:
        return ()
    entries = granted if isinstance(granted, list) else [granted]
    return tuple(_parse_entry(card, face_raw, face_index, index, entry, (), effect_names)
                 for entry in entries)
