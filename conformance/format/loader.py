"""Loading ruling files: YAML with lines -> JSON Schema -> semantic checks -> model.

Every problem in a file is collected and reported at once, each as ``path:line: message``.
A bad file becomes a :class:`LoadFailure`; the other files of the corpus still load.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, assert_never

if TYPE_CHECKING:
    import jsonschema

from ..errors import Location, RulingFileError, did_you_mean
from .cards import Card, CardPool, load_cards
from .crsections import FILE_NAME as CR_FILE_NAME
from .crsections import load_cr_sections
from .filecheck import accepts, validator
from .model import CardEntry, PlayerSetup, Ruling, Scenario, Setup
from .roles import Role, pick
from .steps import (
    ActivateStep, AdvanceStep, AttackStep, BlockStep, CastStep, ChooseStep, ExpectIllegalStep,
    ExpectLegalStep, ExpectStep, FindStep, LabelStep, MoveStep, PassStep, PlayLandStep,
    ResolveStackStep, ResolveStep, ScriptStep, TurnFaceUpStep, UnlockStep,
)
from .stepyaml import parse_step
from .vocabulary import (
    CAPABILITIES, GAME_OBSERVATIONS, MECHANICS, OBJECT_OBSERVATIONS, PLAYER_OBSERVATIONS,
    Door, Step, Zone,
)
from .yamlsource import LineDict, LineList, key_line, line_of, load_yaml

CARD_FILE_NAME = "cards.yaml"
#: Data files of a corpus that are not rulings: the card pool and the cited CR sections.
DATA_FILE_NAMES = (CARD_FILE_NAME, CR_FILE_NAME)
#: Files beside the rulings that hold properties, not rulings (conformance.properties).
PROPERTY_FILE_SUFFIX = ".property.yaml"


@dataclass(frozen=True, slots=True)
class LoadFailure:
    """A ruling file that could not be loaded; ``errors`` has every problem found."""

    path: str
    errors: tuple[RulingFileError, ...]
    ruling_id: str | None = None

    @property
    def message(self) -> str:
        return "\n".join(str(error) for error in self.errors)


@dataclass(frozen=True, slots=True)
class Corpus:
    """The loaded rulings, the files that failed to load, and the card pool."""

    rulings: tuple[Ruling, ...]
    failures: tuple[LoadFailure, ...]
    cards: CardPool
    root: str
    cr_sections: Mapping[str, str] = field(default_factory=dict)


@cache
def ruling_schema() -> dict[str, Any]:
    text = resources.files("conformance.format").joinpath("ruling.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> jsonschema.protocols.Validator:
    return validator("ruling")


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 6
_REPR.maxlevel = 3


def _short(value: object) -> str:
    """A bounded ``repr``: a message never spells out a huge value."""
    return _REPR.repr(value)


def _schema_message(error: jsonschema.ValidationError, key: object = None) -> str:
    """Turn a JSON Schema error into the sentence a ruling author needs (``key``: which
    unknown key, for an error about unknown keys)."""
    where = ".".join(str(p) for p in error.absolute_path) or "the file"
    schema = _schema_of(error)
    value: Any = error.validator_value
    if error.validator == "additionalProperties":
        allowed = sorted(schema.get("properties") or {})
        extra = [key] if key is not None else _extra_keys(error)
        if extra:
            word = "step" if "expect" in allowed and "cast" in allowed else "key"
            if extra[0] == "choose" and where.endswith(".expect_legal"):
                return (f"{where}: expect_legal wraps an action, not an answer: a 'choose' "
                        f"step already fails if the engine refuses its answer")
            return f"unknown {word} {extra[0]!r} in {where}{did_you_mean(str(extra[0]), allowed)}"
    if error.validator == "required":
        return f"{where}: {error.message.replace(' is a required property', '')} is required"
    if error.validator == "enum":
        hint = did_you_mean(str(error.instance)[:100], [str(x) for x in value])
        return f"{where}: {_short(error.instance)} is not one of {list(value)}{hint}"
    if error.validator == "oneOf" and error.context:
        return _schema_message(_closest_branch(error))
    if error.validator == "pattern" and "description" in schema:
        return f"{where}: {_short(error.instance)} is not {schema['description']}"
    if error.validator == "type":
        return f"{where}: expected {value}, found {_short(error.instance)}"
    if error.validator == "anyOf" and all(set(branch) == {"required"} for branch in value):
        needed = " or ".join(repr(key) for branch in value for key in branch["required"])
        return f"{where}: needs {needed}"
    if error.validator in ("minProperties", "maxProperties") and isinstance(error.instance, dict):
        keys = sorted(map(str, error.instance))
        if "cast" in (schema.get("properties") or {}):
            return f"{where}: a step has exactly one key, found {_short(keys)}"
        low, high = schema.get("minProperties"), schema.get("maxProperties")
        wanted = f"exactly {low}" if low == high else (
            f"at least {low}" if error.validator == "minProperties" else f"at most {high}")
        return f"{where}: expected {wanted} entries, found {len(keys)}: {_short(keys)}"
    message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"{where}: {message}"


def _schema_of(error: jsonschema.ValidationError) -> dict[str, Any]:
    return error.schema if isinstance(error.schema, dict) else {}


def _extra_keys(error: jsonschema.ValidationError) -> list[object]:
    allowed = set(_schema_of(error).get("properties") or {})
    instance = error.instance if isinstance(error.instance, dict) else {}
    return sorted((key for key in instance if key not in allowed), key=str)


def _closest_branch(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The error of the ``oneOf`` branch the author most likely meant.

    A branch whose type does not even match the value (a mapping where the other branch
    takes a string) is the least likely; among the others, the deepest error wins.
    """
    context = list(error.context or ())
    depth = len(error.absolute_path)
    shallow = ("type", "enum", "const")
    meant = [e for e in context
             if not (e.validator in shallow and len(e.absolute_path) == depth)] or context
    return max(meant, key=lambda e: len(e.absolute_path))


def _located(document: LineDict, error: jsonschema.ValidationError) -> list[tuple[int, str]]:
    """``(line, message)`` for a schema error; one per key for unknown keys, at the key."""
    if error.validator == "oneOf" and error.context:
        error = _closest_branch(error)
    path = list(error.absolute_path)
    if error.validator == "additionalProperties":
        node: object = document
        for part in path:
            node = node[part]  # type: ignore[index]
        extra = _extra_keys(error)
        if extra:
            return [(key_line(node, key), _schema_message(error, key)) for key in extra]
    return [(line_of(document, path), _schema_message(error))]


#: What each alias of a scenario stands for: its card, or ``None`` when that is not known
#: (an unknown card, an object ``find`` binds).
Aliases = dict[str, Card | None]


class _Checker:
    """Builds the model from a schema-valid document, collecting semantic errors."""

    def __init__(self, path: str, document: LineDict, cards: CardPool,
                 cr_sections: Mapping[str, str] | None) -> None:
        self.path = path
        self.doc = document
        self.cards = cards
        self.cr_sections = cr_sections
        self.errors: list[RulingFileError] = []

    def error(self, line: int, message: str) -> None:
        self.errors.append(RulingFileError(Location(self.path, line), message))

    def names(self, key: str, allowed: Iterable[str], what: str) -> tuple[str, ...]:
        values = tuple(self.doc.get(key) or ())
        allowed = tuple(allowed)
        for index, value in enumerate(values):
            if value not in allowed:
                line = line_of(self.doc, [key, index])
                self.error(line, f"unknown {what} {value!r}{did_you_mean(value, allowed)}")
        return values

    def ruling(self) -> Ruling:
        doc = self.doc
        for index, name in enumerate(doc.get("cards") or ()):
            self.card(name, line_of(doc, ["cards", index]))
        if self.cr_sections:
            self.names("cr", self.cr_sections, f"CR section (not in {CR_FILE_NAME})")
        mechanics = self.names("mechanics", MECHANICS, "mechanic")
        requires = self.names("requires", CAPABILITIES, "capability")
        executable = bool(doc.get("executable", True))
        scenarios: tuple[Scenario, ...] = ()
        if executable:
            if "scenarios" not in doc:
                self.error(doc.line, "an executable ruling needs 'scenarios'")
            if "not_executable_reason" in doc:
                self.error(key_line(doc, "not_executable_reason"),
                           "'not_executable_reason' is only for 'executable: false'")
            scenarios = tuple(
                self.scenario(raw, line_of(doc, ["scenarios", i]))
                for i, raw in enumerate(doc.get("scenarios") or ())
            )
        else:
            if not doc.get("not_executable_reason"):
                self.error(key_line(doc, "executable"),
                           "'executable: false' needs 'not_executable_reason'")
            if "scenarios" in doc:
                self.error(key_line(doc, "scenarios"),
                           "a ruling that is not executable has no scenarios")
        source = doc["source"]
        return Ruling(
            id=doc["id"],
            text=doc["text"],
            date=doc.get("date"),
            seed=source.get("seed", ""),
            cards=tuple(doc["cards"]),
            cr=tuple(doc["cr"]),
            mechanics=mechanics,
            location=Location(self.path, doc.line),
            translations=_frozen(doc.get("translations")),
            translation_seeds=_frozen(source.get("translations")),
            page=source.get("page", ""),
            url=source.get("url", ""),
            requires=requires,
            executable=executable,
            not_executable_reason=doc.get("not_executable_reason", ""),
            text_unverified=bool(doc.get("text_unverified", False)),
            notes=doc.get("notes", ""),
            scenarios=scenarios,
        )

    def card(self, name: str, line: int) -> Card | None:
        try:
            return self.cards.lookup(name, Location(self.path, line))
        except RulingFileError as exc:
            self.errors.append(exc)
            return None

    def scenario(self, raw: LineDict, line: int) -> Scenario:
        aliases: Aliases = {}
        setup = self.setup(raw["setup"], aliases)
        players = {p.name for p in setup.players}
        script = []
        for index, entry in enumerate(raw["script"]):
            step = parse_step(entry, raw["script"].item_lines[index])
            if not isinstance(entry, str):
                (args,) = entry.values()
                self.step(step, args, aliases, players)
            script.append(step)
        requires = tuple(raw.get("requires") or ())
        for index, value in enumerate(requires):
            if value not in CAPABILITIES:
                self.error(line_of(raw, ["requires", index]),
                           f"unknown capability {value!r}{did_you_mean(value, CAPABILITIES)}")
        return Scenario(raw["name"], setup, tuple(script), line, raw.get("notes", ""), requires)

    def setup(self, raw: LineDict, aliases: Aliases) -> Setup:
        players = []
        for name, zones_raw in raw["players"].items():
            zones_raw = zones_raw or LineDict()
            zones: dict[Zone, tuple[CardEntry, ...]] = {}
            for zone in Zone:
                if zone.value not in zones_raw or zone is Zone.STACK:
                    continue
                items: LineList = zones_raw[zone.value]
                zones[zone] = tuple(
                    self.entry(item, items.item_lines[i], zone, aliases)
                    for i, item in enumerate(items)
                )
            players.append(PlayerSetup(name, zones_raw.get("life", 20),
                                       zones_raw.get("mana", ""), zones))
        names = [p.name for p in players]
        active = raw.get("active_player", names[0])
        if active not in names:
            self.error(key_line(raw, "active_player"),
                       f"unknown player {active!r}{did_you_mean(active, names)}")
        return Setup(tuple(players), active, Step(raw.get("step", Step.PRECOMBAT_MAIN.value)),
                     raw.get("turn"))

    def entry(self, item: Any, line: int, zone: Zone, aliases: Aliases) -> CardEntry:
        if isinstance(item, str):
            self.card(item, line)
            return CardEntry(card=item, line=line)
        card = self.role_card(item, line) if "role" in item else self.card(item["card"], line)
        alias = item.get("as")
        if alias is not None:
            if alias in aliases:
                self.error(key_line(item, "as"), f"alias {alias!r} is defined twice")
            aliases[alias] = card
        unlocked = tuple(Door(d) for d in item.get("unlocked") or ())
        if "unlocked" in item and card is not None and not card.is_room:
            self.error(key_line(item, "unlocked"), f"{card.name!r} has no doors")
        if item.get("transformed") and card is not None and len(card.faces) < 2:
            self.error(key_line(item, "transformed"), f"{card.name!r} has no back face")
        permanent_only = ("tapped", "unlocked", "counters", "summoning_sick")
        if zone is not Zone.BATTLEFIELD:
            for key in permanent_only:
                if key in item:
                    self.error(key_line(item, key), f"{key!r} is only for the battlefield")
        return CardEntry(
            card=card.name if card is not None and "role" in item else item.get("card", ""),
            alias=alias, role=Role.from_yaml(item["role"]) if "role" in item else None, tapped=item.get("tapped", False), unlocked=unlocked,
            face_down=item.get("face_down", False), transformed=item.get("transformed", False),
            token=item.get("token", False), counters=tuple((item.get("counters") or {}).items()),
            summoning_sick=item.get("summoning_sick", False), line=line,
        )

    def role_card(self, item: LineDict, line: int) -> Card | None:
        """The card the corpus gives a role: the entry's ``card`` when it names one (it must
        fit the role), else the first card of the card file that fits."""
        role = Role.from_yaml(item["role"])
        role_line = key_line(item, "role")
        if "card" in item:
            card = self.card(item["card"], line)
            why = None if card is None else role.mismatch(card)
            if why is not None:
                self.error(role_line, f"{item['card']!r} does not fit its role, "
                                      f"{role.describe()}: {why}")
            return card
        card = pick(role, self.cards.values())
        if card is None:
            self.error(role_line, f"no card in {Path(self.cards.path).name or 'the card file'} "
                                  f"fits the role {role.describe()}")
        return card

    def use(self, alias: str, line: int, aliases: Aliases) -> Card | None:
        if alias not in aliases:
            self.error(line, f"alias {alias!r} is used before it is defined"
                             f"{did_you_mean(alias, aliases)}")
            return None
        return aliases[alias]

    def door_of(self, alias: str, door: Door | None, args: LineDict, aliases: Aliases,
                cast: bool) -> None:
        """A door named for a card without doors.  A permanent may have become a copy of a
        Room (CR 707.2, 709.5b): its doors are checked only when no Room is set up."""
        card = aliases.get(alias)
        if card is None or door is None or card.is_room:
            return
        if cast or not any(c is not None and c.is_room for c in aliases.values()):
            self.error(key_line(args, "door"), f"{card.name!r} has no doors")

    def targets(self, targets: tuple[str, ...] | None, args: LineDict,
                targets_ok: set[str]) -> None:
        for i, target in enumerate(targets or ()):
            if target not in targets_ok:
                self.error(line_of(args, ["targets", i]),
                           f"unknown target {target!r}{did_you_mean(target, targets_ok)}")

    def step(self, step: ScriptStep, args: Any, aliases: Aliases,
             players: set[str]) -> None:
        """The semantic checks of one step; ``args`` is what the file writes after its key
        (for the lines of messages)."""
        match step:
            case CastStep():
                self.use(step.card, key_line(args, "card"), aliases)
                self.door_of(step.card, step.door, args, aliases, cast=True)
                self.targets(step.targets, args, set(aliases) | players)
                if step.alias is not None:
                    aliases[step.alias] = aliases.get(step.card)
            case ActivateStep():
                self.use(step.object, key_line(args, "object"), aliases)
                self.targets(step.targets, args, set(aliases) | players)
            case UnlockStep():
                self.use(step.object, key_line(args, "object"), aliases)
                self.door_of(step.object, step.door, args, aliases, cast=False)
            case TurnFaceUpStep() | MoveStep():
                self.use(step.object, key_line(args, "object"), aliases)
            case PlayLandStep():
                self.use(step.card, key_line(args, "card"), aliases)
                if step.player is not None:
                    self._player(step.player, key_line(args, "player"), players)
            case PassStep():
                self._player(step.player, step.line, players)
            case AttackStep() | BlockStep():
                self._combat(step, args, aliases, players)
            case ExpectIllegalStep() | ExpectLegalStep():
                (inner_args,) = args.values()
                self.step(step.action, inner_args, aliases, players)
            case FindStep():
                aliases[step.alias] = None
                self._players_in(args, players)
                for i, other in enumerate(step.filter.excluded):
                    self.use(other, line_of(args, ["not", i]), aliases)
            case LabelStep():
                aliases[step.alias] = self.use(step.object, key_line(args, "object"), aliases)
            case ExpectStep():
                self.expect(args, aliases, players)
            case ResolveStep() | ResolveStackStep() | AdvanceStep() | ChooseStep():
                pass
            case _:
                assert_never(step)

    def _player(self, name: str, line: int, players: set[str]) -> None:
        if name not in players:
            self.error(line, f"unknown player {name!r}{did_you_mean(name, players)}")

    def _combat(self, step: AttackStep | BlockStep, args: LineDict, aliases: Aliases,
                players: set[str]) -> None:
        """``attack: {attackers, defender?, player?}``, ``block: {blockers: {blocker:
        attacker}, player?}``: every alias defined, every player known."""
        if isinstance(step, AttackStep) and step.defender is not None:
            self._player(step.defender, key_line(args, "defender"), players)
        if step.player is not None:
            self._player(step.player, key_line(args, "player"), players)
        if isinstance(step, AttackStep):
            for i, alias in enumerate(step.attackers):
                self.use(alias, line_of(args, ["attackers", i]), aliases)
            return
        blockers = args["blockers"]
        for blocker, attacker in step.blocks:
            self.use(blocker, key_line(blockers, blocker), aliases)
            self.use(attacker, key_line(blockers, blocker), aliases)

    def _players_in(self, args: LineDict, players: set[str]) -> None:
        if "controller" in args and args["controller"] not in players:
            self.error(key_line(args, "controller"), f"unknown player {args['controller']!r}"
                                                     f"{did_you_mean(args['controller'], players)}")

    def expect(self, args: LineDict, aliases: Aliases, players: set[str]) -> None:
        if isinstance(args.get("objects"), dict):
            self._players_in(args["objects"], players)
        if "object" in args and "player" in args:
            self.error(key_line(args, "player"),
                       "an 'expect' is about an object or a player, not both: split it")
        if "object" in args:
            self.use(args["object"], key_line(args, "object"), aliases)
        if "player" in args and args["player"] not in players:
            self.error(key_line(args, "player"),
                       f"unknown player {args['player']!r}{did_you_mean(args['player'], players)}")
        for key in args:
            if key in OBJECT_OBSERVATIONS and "object" not in args:
                self.error(key_line(args, key), f"{key!r} is about an object: add 'object:'")
            elif key in PLAYER_OBSERVATIONS and "player" not in args:
                self.error(key_line(args, key), f"{key!r} is about a player: add 'player:'")
            elif key in GAME_OBSERVATIONS and ("object" in args or "player" in args):
                self.error(key_line(args, key), f"{key!r} is about the game: use its own 'expect'")
        for key in ("same_object_as", "new_object_since", "attached_to"):
            if args.get(key) is not None:
                self.use(args[key], key_line(args, key), aliases)
        for key in ("controller", "owner", "active_player", "viewer", "winner"):
            if key in args and args[key] not in players and (key, args[key]) != ("winner", None):
                self.error(key_line(args, key),
                           f"unknown player {args[key]!r}{did_you_mean(args[key], players)}")
        for i, item in enumerate(args.get("stack") or ()):
            for key in ("spell", "ability_of"):
                if key in item:
                    self.use(item[key], line_of(args, ["stack", i]), aliases)
            if "controller" in item and item["controller"] not in players:
                self.error(line_of(args, ["stack", i]),
                           f"unknown player {item['controller']!r}"
                           f"{did_you_mean(item['controller'], players)}")


def _frozen(mapping: Any) -> dict[str, str | tuple[str, ...]]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in (mapping or {}).items()}


def load_ruling(path: Path, cards: CardPool,
                cr_sections: Mapping[str, str] | None = None) -> Ruling | LoadFailure:
    """Load one ruling file; never raises for a problem in the file itself.  With
    ``cr_sections``, every cited CR number must be one of them."""
    try:
        document = load_yaml(path)
    except RulingFileError as exc:
        return LoadFailure(str(path), (exc,))
    if not isinstance(document, LineDict):
        return LoadFailure(str(path), (RulingFileError(
            Location(str(path), getattr(document, "line", 1)),
            "a ruling file is a mapping with 'id', 'text', 'cards', ... at the top"),))
    ruling_id = document.get("id") if isinstance(document.get("id"), str) else None
    located = [] if accepts("ruling", document) else sorted(
        (pair for e in _validator().iter_errors(document) for pair in _located(document, e)),
        key=lambda pair: pair[0])
    if located:
        errors = tuple(RulingFileError(Location(str(path), line), message)
                       for line, message in located)
        return LoadFailure(str(path), errors, ruling_id)
    checker = _Checker(str(path), document, cards, cr_sections)
    ruling = checker.ruling()
    if checker.errors:
        return LoadFailure(str(path), tuple(checker.errors), ruling_id)
    return ruling


def find_ruling_files(paths: Sequence[Path]) -> list[Path]:
    """Every ``*.yaml`` ruling file under ``paths``, sorted; card files are skipped, and so
    are property files (``*.property.yaml``), even named one by one."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*.yaml"))
                         if p.name not in DATA_FILE_NAMES
                         and not p.name.endswith(PROPERTY_FILE_SUFFIX))
        elif path.exists():
            if not path.name.endswith(PROPERTY_FILE_SUFFIX):
                found.append(path)
        else:
            raise FileNotFoundError(str(path))
    return found


def find_card_file(paths: Sequence[Path]) -> Path:
    """The card file of a corpus: ``cards.yaml`` in the first path or one of its parents."""
    for path in paths:
        start = path if path.is_dir() else path.parent
        for folder in (start, *start.resolve().parents):
            candidate = folder / CARD_FILE_NAME
            if candidate.exists():
                return candidate
    raise FileNotFoundError(f"no {CARD_FILE_NAME} found beside or above {paths[0]}")


def load_corpus(paths: Sequence[Path], card_file: Path | None = None) -> Corpus:
    """Load every ruling under ``paths``; duplicate ids are load failures too."""
    for path in paths:
        if not path.exists():
            raise FileNotFoundError(str(path))
    card_file = card_file or find_card_file(paths)
    cards = load_cards(card_file)
    sections_file = card_file.parent / CR_FILE_NAME
    cr_sections = load_cr_sections(sections_file) if sections_file.exists() else {}
    rulings: list[Ruling] = []
    failures: list[LoadFailure] = []
    seen: dict[str, Ruling] = {}
    for path in find_ruling_files(paths):
        result = load_ruling(path, cards, cr_sections)
        if isinstance(result, LoadFailure):
            failures.append(result)
        elif result.id in seen:
            first = seen[result.id]
            failures.append(LoadFailure(result.path, (RulingFileError(
                result.location, f"ruling id {result.id!r} is already used by {first.location}"),),
                result.id))
        else:
            seen[result.id] = result
            rulings.append(result)
    root = str(paths[0]) if paths else "."
    return Corpus(tuple(rulings), tuple(failures), cards, root, cr_sections)


__all__ = [
    "CARD_FILE_NAME", "DATA_FILE_NAMES", "Corpus", "LoadFailure", "find_card_file", "find_ruling_files",
    "load_corpus", "load_ruling", "ruling_schema",
]
