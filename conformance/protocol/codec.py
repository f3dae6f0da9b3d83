"""Contract values <-> JSON values, for the stdio engine protocol (docs/engine-protocol.md).

Every ``encode_*`` returns plain JSON values (dicts, lists, strings, numbers, booleans,
``None``); every ``decode_*`` takes them back to the contract's frozen values, so that
``decode_x(json.loads(json.dumps(encode_x(v)))) == v`` for every value ``v``.  Enums travel
as their string values, tuples as lists, ``PlayerRef(name)`` as ``{"player": name}``.

Decoders are lenient about optional keys (a missing key takes the field's default), strict
about everything else: a value of the wrong shape raises :class:`ContractError`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Never, NoReturn, TypeVar

from ..contract.types import (
    Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers, DeclareBlockers, EngineInfo,
    Event, GameView, Move, ObjectView, Option, PassPriority, PlayerRef, PlayerView, PlayLand,
    Resolve, StackItemView, Target, TurnFaceUp, Unlock,
)
from ..errors import (
    ConformanceError, ContractError, IllegalAction, Location, RulingFileError, Unsupported,
)
from ..format.cards import CardPool, cards_from_document
from ..format.model import CardEntry, PlayerSetup, Setup
from ..format.roles import Role
from ..format.vocabulary import UNSUPPORTED_CODES, Door, Face, Step, Zone
from ..format.yamlsource import LineDict, LineList

#: The protocol's version: a change an existing engine could not follow raises the major.
PROTOCOL_VERSION = "1.2"
#: Optional features of protocol 1.1 an engine lists in its ``hello`` answer
#: (``features``); the harness uses only those listed, so a 1.0 engine works unchanged.
#: ``play-land``: the engine reads actions of type ``play_land`` (sent to no other engine).
FEATURES = ("events-with-choice", "observe-many", "play-land")
#: The feature an engine lists to be sent ``play_land`` actions.
PLAY_LAND = "play-land"

Json = Any  # a JSON value: dict, list, str, int, float, bool or None

_E = TypeVar("_E")


def _enum(kind: Callable[[str], _E], value: Any, what: str) -> _E:
    try:
        return kind(value)
    except ValueError:
        raise ContractError(f"{what}: {value!r} is not a valid value") from None


def _opt_enum(kind: Callable[[str], _E], value: Any, what: str) -> _E | None:
    return None if value is None else _enum(kind, value, what)


def _object(data: Json, what: str) -> Mapping[str, Any]:
    if not isinstance(data, dict):
        raise ContractError(f"{what}: expected a JSON object, found {data!r}")
    return data


def _strings(data: Json, what: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
        raise ContractError(f"{what}: expected a list of strings, found {data!r}")
    return tuple(data)


def _field(data: Mapping[str, Any], key: str, what: str) -> Any:
    try:
        return data[key]
    except KeyError:
        raise ContractError(f"{what}: missing {key!r}") from None


# -- targets ---------------------------------------------------------------------------------


def encode_target(target: Target) -> Json:
    return {"player": target.name} if isinstance(target, PlayerRef) else target


def decode_target(data: Json) -> Target:
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and isinstance(data.get("player"), str):
        return PlayerRef(data["player"])
    raise ContractError(f"target: expected an object id or {{'player': name}}, found {data!r}")


def _targets(data: Json) -> tuple[Target, ...] | None:
    if data is None:
        return None
    if not isinstance(data, list):
        raise ContractError(f"targets: expected a list or null, found {data!r}")
    return tuple(decode_target(t) for t in data)


def _encode_targets(targets: tuple[Target, ...] | None) -> Json:
    return None if targets is None else [encode_target(t) for t in targets]


# -- actions ---------------------------------------------------------------------------------


def encode_action(action: Action) -> Json:
    match action:
        case Cast():
            return {"type": "cast", "player": action.player, "card": action.card,
                    "door": None if action.door is None else action.door.value,
                    "face": None if action.face is None else action.face.value,
                    "face_down": action.face_down, "targets": _encode_targets(action.targets),
                    "x": action.x}
        case Activate():
            return {"type": "activate", "player": action.player, "object": action.object,
                    "ability": action.ability, "targets": _encode_targets(action.targets),
                    "x": action.x}
        case Unlock():
            return {"type": "unlock", "player": action.player, "object": action.object,
                    "door": action.door.value}
        case TurnFaceUp():
            return {"type": "turn_face_up", "player": action.player, "object": action.object}
        case PlayLand():
            return {"type": "play_land", "player": action.player, "card": action.card}
        case Resolve():
            return {"type": "resolve"}
        case AdvanceTo():
            return {"type": "advance_to", "step": action.step.value}
        case Move():
            return {"type": "move", "object": action.object, "to": action.to.value,
                    "transformed": action.transformed}
        case PassPriority():
            return {"type": "pass_priority", "player": action.player}
        case DeclareAttackers():
            return {"type": "declare_attackers", "player": action.player,
                    "attackers": list(action.attackers), "defender": action.defender}
        case DeclareBlockers():
            return {"type": "declare_blockers", "player": action.player,
                    "blocks": [list(pair) for pair in action.blocks]}
        case _:
            _not_an_action(action)


def _not_an_action(action: Never) -> NoReturn:
    """Like ``typing.assert_never``: ``mypy --strict`` names the call when a kind of action
    has no encoding; at run time, something that is not an action breaks the contract."""
    raise ContractError(f"not an action: {action!r}")


def _blocks(data: Mapping[str, Any], what: str) -> tuple[tuple[str, str], ...]:
    pairs = _field(data, "blocks", what)
    if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 for p in pairs):
        raise ContractError(f"{what}: 'blocks' is a list of [blocker, attacker] pairs, "
                            f"found {pairs!r}")
    return tuple((str(b), str(a)) for b, a in pairs)


#: How each action ``type`` is decoded: ``(data, what) -> action`` (``what`` names it in errors).
_ACTION_DECODERS: dict[str, Callable[[Mapping[str, Any], str], Action]] = {
    "cast": lambda data, what: Cast(
        _field(data, "player", what), _field(data, "card", what),
        door=_opt_enum(Door, data.get("door"), "door"),
        face=_opt_enum(Face, data.get("face"), "face"),
        face_down=bool(data.get("face_down", False)),
        targets=_targets(data.get("targets")), x=data.get("x")),
    "activate": lambda data, what: Activate(
        _field(data, "player", what), _field(data, "object", what),
        int(_field(data, "ability", what)), _targets(data.get("targets")), data.get("x")),
    "unlock": lambda data, what: Unlock(
        _field(data, "player", what), _field(data, "object", what),
        _enum(Door, _field(data, "door", what), "door")),
    "turn_face_up": lambda data, what: TurnFaceUp(
        _field(data, "player", what), _field(data, "object", what)),
    "play_land": lambda data, what: PlayLand(
        _field(data, "player", what), _field(data, "card", what)),
    "resolve": lambda data, what: Resolve(),
    "advance_to": lambda data, what: AdvanceTo(_enum(Step, _field(data, "step", what), "step")),
    "move": lambda data, what: Move(
        _field(data, "object", what), _enum(Zone, _field(data, "to", what), "zone"),
        bool(data.get("transformed", False))),
    "pass_priority": lambda data, what: PassPriority(_field(data, "player", what)),
    "declare_attackers": lambda data, what: DeclareAttackers(
        _field(data, "player", what),
        tuple(_strings_of(_field(data, "attackers", what), "attackers")), data.get("defender")),
    "declare_blockers": lambda data, what: DeclareBlockers(
        _field(data, "player", what), _blocks(data, what)),
}


def decode_action(data: Json) -> Action:
    data = _object(data, "action")
    kind = data.get("type")
    decoder = _ACTION_DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise ContractError(f"unknown action type {kind!r}")
    return decoder(data, f"action {kind!r}")


def _strings_of(data: Json, what: str) -> list[str]:
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise ContractError(f"{what}: expected a list of object ids, found {data!r}")
    return list(data)


# -- events and choices ----------------------------------------------------------------------


def encode_event(event: Event) -> Json:
    return {"kind": event.kind, "data": dict(event.data)}


def decode_event(data: Json) -> Event:
    data = _object(data, "event")
    return Event(str(_field(data, "kind", "event")), dict(_object(data.get("data", {}), "data")))


def encode_events(events: Sequence[Event]) -> Json:
    return [encode_event(e) for e in events]


def decode_events(data: Json) -> list[Event]:
    if not isinstance(data, list):
        raise ContractError(f"events: expected a list, found {data!r}")
    return [decode_event(e) for e in data]


def encode_choice(choice: Choice | None) -> Json:
    if choice is None:
        return None
    return {"kind": choice.kind, "player": choice.player, "prompt": choice.prompt,
            "options": [{"value": o.value, "label": o.label} for o in choice.options],
            "min": choice.min, "max": choice.max, "open": choice.open}


def decode_choice(data: Json) -> Choice | None:
    if data is None:
        return None
    data = _object(data, "choice")
    options = tuple(Option(str(_field(_object(o, "option"), "value", "option")),
                           str(o.get("label", ""))) for o in data.get("options", []))
    return Choice(str(_field(data, "kind", "choice")), str(_field(data, "player", "choice")),
                  str(data.get("prompt", "")), options, int(data.get("min", 1)),
                  int(data.get("max", 1)), bool(data.get("open", False)))


# -- views -----------------------------------------------------------------------------------


def encode_object_view(view: ObjectView) -> Json:
    return {
        "id": view.id, "zone": view.zone.value, "owner": view.owner,
        "controller": view.controller, "names": list(view.names),
        "mana_value": view.mana_value, "colors": list(view.colors), "types": list(view.types),
        "subtypes": list(view.subtypes), "supertypes": list(view.supertypes),
        "power": view.power, "toughness": view.toughness, "abilities": list(view.abilities),
        "unlocked_doors": [d.value for d in view.unlocked_doors], "face_down": view.face_down,
        "transformed": view.transformed, "token": view.token, "tapped": view.tapped,
        "counters": dict(view.counters), "identity": list(view.identity),
        "color_identity": list(view.color_identity), "keywords": list(view.keywords),
        "attached_to": view.attached_to, "unknown": dict(view.unknown),
    }


def decode_object_view(data: Json) -> ObjectView:
    data = _object(data, "object view")
    what = "object view"

    def strings(key: str) -> tuple[str, ...]:
        return _strings(data.get(key, []), f"{what} {key}")

    counters = _object(data.get("counters", {}), f"{what} counters")
    return ObjectView(
        id=str(_field(data, "id", what)), zone=_enum(Zone, _field(data, "zone", what), "zone"),
        owner=str(_field(data, "owner", what)), controller=data.get("controller"),
        names=strings("names"), mana_value=int(_field(data, "mana_value", what)),
        colors=strings("colors"), types=strings("types"), subtypes=strings("subtypes"),
        supertypes=strings("supertypes"), power=data.get("power"),
        toughness=data.get("toughness"), abilities=strings("abilities"),
        unlocked_doors=tuple(_enum(Door, d, "door") for d in data.get("unlocked_doors", [])),
        face_down=bool(data.get("face_down", False)),
        transformed=bool(data.get("transformed", False)), token=bool(data.get("token", False)),
        tapped=bool(data.get("tapped", False)),
        counters={str(k): int(v) for k, v in counters.items()},
        identity=strings("identity"), color_identity=strings("color_identity"),
        keywords=strings("keywords"), attached_to=data.get("attached_to"),
        unknown=_unknown(data, what),
    )


def _unknown(data: Mapping[str, Any], what: str) -> dict[str, str]:
    """Contract 1.1: the fields an engine does not compute, with the reason of each."""
    return {str(k): str(v) for k, v in _object(data.get("unknown", {}), f"{what} unknown").items()}


def encode_game_view(view: GameView) -> Json:
    return {
        "step": view.step.value, "active_player": view.active_player,
        "priority_player": view.priority_player,
        "stack": [{"id": i.id, "kind": i.kind, "source": i.source, "controller": i.controller,
                   "targets": [encode_target(t) for t in i.targets], "text": i.text}
                  for i in view.stack],
        "players": [{"name": p.name, "life": p.life, "hand_size": p.hand_size,
                     "library_size": p.library_size, "graveyard_size": p.graveyard_size,
                     "exile_size": p.exile_size} for p in view.players],
        "unknown": dict(view.unknown), "game_over": view.game_over, "winner": view.winner,
    }


def decode_game_view(data: Json) -> GameView:
    data = _object(data, "game view")
    stack = tuple(
        StackItemView(str(_field(i, "id", "stack item")), str(_field(i, "kind", "stack item")),
                      str(_field(i, "source", "stack item")),
                      str(_field(i, "controller", "stack item")),
                      tuple(decode_target(t) for t in i.get("targets", [])),
                      str(i.get("text", "")))
        for i in (_object(x, "stack item") for x in data.get("stack", [])))
    players = tuple(
        PlayerView(str(_field(p, "name", "player")), int(_field(p, "life", "player")),
                   int(p.get("hand_size", 0)), int(p.get("library_size", 0)),
                   int(p.get("graveyard_size", 0)), int(p.get("exile_size", 0)))
        for p in (_object(x, "player view") for x in data.get("players", [])))
    winner = data.get("winner")
    if winner is not None and not isinstance(winner, str):
        raise ContractError(f"game view winner: expected a player name or null, found {winner!r}")
    unknown = _unknown(data, "game view")
    if "game_over" not in data:  # an engine written before contract 1.1 said when games end
        unknown.setdefault("game_over", NOT_REPORTED)
        unknown.setdefault("winner", NOT_REPORTED)
    return GameView(_enum(Step, _field(data, "step", "game view"), "step"),
                    str(_field(data, "active_player", "game view")),
                    data.get("priority_player"), stack, players, unknown,
                    bool(data.get("game_over", False)), winner)


#: Why a game view without ``game_over`` says nothing of the end of the game.
NOT_REPORTED = "the engine does not report whether the game is over"


def encode_info(info: EngineInfo) -> Json:
    data: dict[str, Json] = {"name": info.name, "version": info.version,
                             "capabilities": sorted(info.capabilities), "contract": info.contract}
    if info.cards is not None:  # contract 1.2: the engine's own card pool
        data["cards"] = sorted(info.cards)
    return data


def decode_info(data: Json) -> EngineInfo:
    data = _object(data, "engine info")
    return EngineInfo(str(_field(data, "name", "engine info")),
                      str(_field(data, "version", "engine info")),
                      frozenset(_strings(data.get("capabilities", []), "capabilities")),
                      str(_field(data, "contract", "engine info")),
                      None if data.get("cards") is None
                      else frozenset(_strings(data["cards"], "cards")))


# -- the set-up and the card pool ------------------------------------------------------------


def _encode_entry(entry: CardEntry) -> Json:
    return {"card": entry.card, "alias": entry.alias, "tapped": entry.tapped,
            "unlocked": [d.value for d in entry.unlocked], "face_down": entry.face_down,
            "transformed": entry.transformed, "token": entry.token,
            "counters": [[name, count] for name, count in entry.counters],
            "summoning_sick": entry.summoning_sick, "line": entry.line,
            "role": None if entry.role is None else _encode_role(entry.role)}


def _encode_role(role: Role) -> Json:
    """A role as the ruling file writes it (for messages; the card is already picked)."""
    data: dict[str, Json] = {"types": list(role.types)}
    for key in ("supertypes", "subtypes"):
        if getattr(role, key):
            data[key] = list(getattr(role, key))
    for key in ("power", "toughness", "mana_value"):
        if getattr(role, key) is not None:
            data[key] = getattr(role, key)
    if role.colors is not None:
        data["colors"] = list(role.colors)
    if role.abilities is not None:
        data["abilities"] = list(role.abilities) if role.abilities else "none"
    return data


def _decode_entry(data: Json) -> CardEntry:
    data = _object(data, "card entry")
    return CardEntry(
        card=str(_field(data, "card", "card entry")), alias=data.get("alias"),
        tapped=bool(data.get("tapped", False)),
        unlocked=tuple(_enum(Door, d, "door") for d in data.get("unlocked", [])),
        face_down=bool(data.get("face_down", False)),
        transformed=bool(data.get("transformed", False)), token=bool(data.get("token", False)),
        counters=tuple((str(name), int(count)) for name, count in data.get("counters", [])),
        summoning_sick=bool(data.get("summoning_sick", False)), line=int(data.get("line", 0)),
        role=None if data.get("role") is None
        else Role.from_yaml(_object(data["role"], "card entry role")),
    )


def encode_setup(setup: Setup) -> Json:
    encoded: Json = {
        "players": [{"name": p.name, "life": p.life, "mana": p.mana,
                     "zones": {zone.value: [_encode_entry(e) for e in entries]
                               for zone, entries in p.zones.items()}}
                    for p in setup.players],
        "active_player": setup.active_player, "step": setup.step.value,
    }
    if setup.turn is not None:  # only when the setup names one (capability set-turn)
        encoded["turn"] = setup.turn
    return encoded


def decode_setup(data: Json) -> Setup:
    data = _object(data, "setup")
    players = tuple(
        PlayerSetup(str(_field(p, "name", "player setup")), int(p.get("life", 20)),
                    str(p.get("mana", "")),
                    {_enum(Zone, zone, "zone"): tuple(_decode_entry(e) for e in entries)
                     for zone, entries in _object(p.get("zones", {}), "zones").items()})
        for p in (_object(x, "player setup") for x in data.get("players", [])))
    turn = data.get("turn")
    return Setup(players, str(_field(data, "active_player", "setup")),
                 _enum(Step, data.get("step", Step.PRECOMBAT_MAIN.value), "step"),
                 None if turn is None else int(turn))


def encode_cards(pool: CardPool) -> Json:
    """The pool as MTGJSON-shaped data (each face's ``raw`` dict), with the source path and,
    for messages only, the line of each card and face in that source."""
    return {
        "path": pool.path,
        "data": {name: [dict(face.raw) for face in card.faces] for name, card in pool.items()},
        "lines": {name: [card.location.line] + [getattr(face.raw, "line", 0) for face in card.faces]
                  for name, card in pool.items()},
    }


def decode_cards(data: Json) -> CardPool:
    data = _object(data, "cards")
    path = str(data.get("path", "<cards>"))
    lines = _object(data.get("lines", {}), "card lines")
    document = LineDict()
    document.line, document.key_lines, document.value_lines = 0, {}, {}
    for name, faces in _object(_field(data, "data", "cards"), "card data").items():
        if not isinstance(faces, list):
            raise RulingFileError(Location(path), f"card {name!r} must list its faces")
        card_line, *face_lines = list(lines.get(name, [])) or [0]
        face_lines += [card_line] * (len(faces) - len(face_lines))
        listed = LineList()
        listed.line, listed.item_lines = int(card_line), [int(n) for n in face_lines]
        for face, line in zip(faces, face_lines):
            if isinstance(face, dict):
                face = _line_dict(face, int(line))
            listed.append(face)
        document[name] = listed
        document.key_lines[name] = document.value_lines[name] = int(card_line)
    return cards_from_document(document, path)


def _line_dict(face: Mapping[str, Any], line: int) -> LineDict:
    result = LineDict(face)
    result.line, result.key_lines, result.value_lines = line, {}, {}
    return result


# -- errors ----------------------------------------------------------------------------------
# An error response names what went wrong with one of these types, so that the client
# raises what the engine raised: IllegalAction and Unsupported are part of the contract,
# KeyError is observe()'s "no such object", anything else makes the ruling ``error``.


def encode_error(exc: BaseException) -> Json:
    if isinstance(exc, IllegalAction):
        return {"type": "illegal-action", "message": exc.reason}
    if isinstance(exc, Unsupported):
        return {"type": "unsupported", "message": str(exc), "code": exc.code}
    if isinstance(exc, KeyError):
        return {"type": "unknown-object", "message": str(exc.args[0]) if exc.args else ""}
    if isinstance(exc, RulingFileError):
        return {"type": "card-data", "message": exc.message, "path": exc.location.path,
                "line": exc.location.line}
    if isinstance(exc, ConformanceError):
        return {"type": "contract", "message": str(exc)}
    return {"type": "exception", "class": type(exc).__name__, "message": str(exc)}


class RemoteException(Exception):
    """An exception an engine raised in its own process; its class name is the remote one's
    (``RuntimeError`` etc.), so that a message reads the same in-process and over a pipe."""

    remote_class = "Exception"


_REMOTE_CLASSES: dict[str, type[RemoteException]] = {}


def _remote_class(name: str) -> type[RemoteException]:
    if not name.isidentifier():
        name = "Exception"
    if name not in _REMOTE_CLASSES:
        _REMOTE_CLASSES[name] = type(name, (RemoteException,), {"remote_class": name})
    return _REMOTE_CLASSES[name]


def decode_error(data: Json) -> Exception:
    """The exception an error response stands for (to be raised by the client)."""
    if not isinstance(data, dict):
        return ContractError(f"malformed error response: {data!r}")
    kind, message = data.get("type"), str(data.get("message", ""))
    if kind == "illegal-action":
        return IllegalAction(message)
    if kind == "unsupported":  # contract 1.2: a code beside the text
        code = data.get("code")
        return Unsupported(message, code if code in UNSUPPORTED_CODES else "engine")
    if kind == "unknown-object":
        return KeyError(message)
    if kind == "card-data":
        return RulingFileError(Location(str(data.get("path", "")), int(data.get("line", 0))),
                               message)
    if kind == "contract":
        return ContractError(message)
    if kind == "exception":
        return _remote_class(str(data.get("class", "Exception")))(message)
    if kind == "bad-request":
        return ContractError(f"the engine refused the request: {message}")
    return ContractError(f"unknown error type {kind!r}: {message}")
