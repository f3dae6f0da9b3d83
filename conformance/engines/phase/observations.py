"""What phase.rs computed, as contract observations and events.

Every value is one phase computed and *uses*: the object's layer-computed fields (``name``,
``color``, ``card_types``, ``power`` ...), phase's last-known information of the object (the
``ZoneChanged`` record's ``mana_value``, read on a replica of the game), and for a Room on
the battlefield only the abilities phase applies: phase lists both doors' triggered and
static abilities on the permanent, each tagged with its door (``room_door``), and applies
only those of unlocked doors.  The adapter never derives a characteristic from card data.
"""

from __future__ import annotations

import json
import re
from typing import Any

import phase

from ...contract.types import (
    ObjectId, ObjectView, PlayerId, PlayerRef, PlayerView, GameView, StackItemView, Target,
    Event,
)
from ...errors import ContractError, Unsupported
from ...format.vocabulary import Door, Zone
from .session import Moment, PhaseSession, parse_id
from .setup import COUNTER_TO_PHASE, STEP_TO_PHASE, ZONE_TO_PHASE
from .views import PhaseGameView, PhaseObjectView

PHASE_TO_STEP = {v: k for k, v in STEP_TO_PHASE.items()}
PHASE_TO_ZONE = {v: k for k, v in ZONE_TO_PHASE.items()}
COLOR_LETTER = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
_COUNTER_FROM_PHASE = {v: k for k, v in COUNTER_TO_PHASE.items()}
EVENT_KINDS = {
    "SpellCast": "spell_cast", "AbilityActivated": "ability_activated",
    "RoomDoorUnlocked": "door_unlocked", "RoomDoorLocked": "door_locked",
    "TokenCreated": "token_created", "TurnedFaceUp": "turned_face_up",
    "CardDiscarded": "card_discarded", "Discarded": "card_discarded",
    "StackResolved": "resolved",
}
_ABILITY_KEYS = ("abilities", "trigger_definitions", "static_definitions",
                 "replacement_definitions")


#: Why no color identity is reported: phase's card builder keeps the one it is given with the
#: card data (required) and computes none -- a wrong one given comes back
#: unchanged -- and nothing in a game depends on it.
_NO_COLOR_IDENTITY = ("phase computes no color identity: its card builder keeps the one it "
                      "is given with the card data (a wrong one comes back unchanged)")

#: Why a token off the battlefield has no mana value the adapter can read.
_TOKEN_GONE = ("phase's mana value is the one it records as it moves an object out of its "
               "zone, and a token that has left the battlefield does not move again "
               "(CR 111.8; phase keeps it where it is until state-based actions remove it)")


def observe(session: PhaseSession, object_id: ObjectId,
            mana_values: dict[Any, int]) -> ObjectView:
    obj = session.raw(object_id)
    zone = PHASE_TO_ZONE.get(str(obj.get("zone")), Zone.EXILE)
    public = zone in (Zone.BATTLEFIELD, Zone.STACK)
    card_types = obj.get("card_types") or {}
    name = str(obj.get("name") or "")
    moment = session.moment()
    unknown: dict[str, str] = {"color_identity": _NO_COLOR_IDENTITY}
    if obj.get("is_token") and not public:  # (phase's copies of spells are tokens too)
        unknown["mana_value"] = _TOKEN_GONE
    return PhaseObjectView(
        (lambda: 0) if "mana_value" in unknown else
        (lambda: mana_value(moment, object_id, obj, mana_values)),
        unknown=unknown,
        id=object_id, zone=zone, owner=session.player(obj["owner"]),
        controller=session.player(obj["controller"]) if public else None,
        names=tuple(n for n in name.split(" // ") if n),
        colors=tuple(COLOR_LETTER.get(str(c), str(c)) for c in obj.get("color") or ()),
        types=tuple(str(t) for t in card_types.get("core_types") or ()),
        subtypes=tuple(str(t) for t in card_types.get("subtypes") or ()),
        supertypes=tuple(str(t) for t in card_types.get("supertypes") or ()),
        power=_int_or_none(obj.get("power")), toughness=_int_or_none(obj.get("toughness")),
        abilities=ability_texts(obj),
        unlocked_doors=unlocked(obj) if zone is Zone.BATTLEFIELD else (),
        face_down=bool(obj.get("face_down")), transformed=bool(obj.get("transformed")),
        token=bool(obj.get("is_token")),
        # phase leaves a permanent's tapped flag on the card it moves away and never applies
        # it there: every way back to the battlefield puts the card there untapped
        tapped=bool(obj.get("tapped")) and zone is Zone.BATTLEFIELD,
        counters={_COUNTER_FROM_PHASE.get(str(k), str(k)): int(v)
                  for k, v in (obj.get("counters") or {}).items()},
        identity=_printed_names(obj),
        color_identity=(),
        keywords=tuple(keyword_name(k) for k in obj.get("keywords") or ()),
        attached_to=_attached_to(session, obj.get("attached_to")),
    )


def mana_value_probe(game: Any, number: int, zone: str) -> int | None:
    """phase's mana value of object ``number`` where it is in ``game``: the last-known
    information phase records as it moves the object out (``game`` is changed)."""
    away = "Graveyard" if zone == "Exile" else "Exile"
    action = phase.GameAction.from_dict({"type": "Debug", "data": {
        "type": "MoveToZone", "data": {"object_id": number, "to_zone": away, "simulate": False}}})
    waiting = game.waiting_for()
    data = waiting.get("data") or {}
    seat = data.get("player")
    if seat is None and data.get("pending"):
        seat = data["pending"][0].get("player")
    result = game.apply(int(seat or 0), action)
    for event in result.events:
        if event.get("type") == "ZoneChanged" and int(event["data"]["object_id"]) == number:
            value = (event["data"].get("record") or {}).get("mana_value")
            return None if value is None else int(value)
    return None


def mana_value(moment: Moment, object_id: ObjectId, live: dict[str, Any],
               cache: dict[Any, int]) -> int:
    """phase's own mana value of the object as it was at ``moment`` (``live``: phase's
    object then), read on a replica of the game in that state (built by replaying every
    call, never by reloading a snapshot); the live game is untouched.

    phase records an object's mana value from the object alone (the mana cost the layers
    left on it: ``mana_value()`` of it, in phase's ``zones.rs``), so the value read for an
    object is kept for as long as phase shows that object exactly as it was then -- every
    field the same, its zone and incarnation included -- and read again once any changes."""
    key = json.dumps(live, sort_keys=True, default=str)
    if key not in cache:
        number, _ = parse_id(object_id)
        zone = str(live.get("zone"))
        try:
            value = mana_value_probe(_probe_replica(moment, number, live), number, zone)
        except ValueError as exc:
            raise Unsupported(f"phase would not show its mana value of {object_id}: "
                              f"{exc}") from None
        if value is None:
            raise Unsupported(f"phase recorded no mana value for {object_id}")
        cache[key] = value
    return cache[key]


def _probe_replica(moment: Moment, number: int, live: dict[str, Any]) -> Any:
    """A replica to probe object ``number`` on: the one already built in that state of the
    game, while phase's object there is still exactly the live one (earlier probes moved
    other objects out of it), or else a new one."""
    session = moment.session()
    if session is None:  # the session is over: nothing to share with
        return moment.replica()
    shared = session.replicas.get(moment.version)
    if shared is not None:
        try:
            there = dict(session.call(shared.object, number))
        except ValueError:
            there = None
        if there == live:
            return shared
    shared = session.replicas[moment.version] = moment.replica()
    while len(session.replicas) > 4:  # the last few states observed
        del session.replicas[next(iter(session.replicas))]
    return shared


def applied(obj: dict[str, Any], entry: Any) -> bool:
    """Whether phase applies an ability entry of the object: a Room permanent's entries
    tagged with a door count only while that door is unlocked."""
    if not isinstance(entry, dict) or obj.get("zone") != "Battlefield":
        return True
    definition = entry.get("definition") if isinstance(entry.get("definition"), dict) else entry
    door = definition.get("room_door") if isinstance(definition, dict) else None
    if door is None:
        return True
    return Door.LEFT in unlocked(obj) if door == "Left" else Door.RIGHT in unlocked(obj)


def ability_texts(obj: dict[str, Any]) -> tuple[str, ...]:
    """The texts of the abilities phase applies to the object now: its keywords and the
    descriptions of its activated, triggered, static and replacement abilities."""
    texts = [keyword_name(k) for k in obj.get("keywords") or ()]
    for key in _ABILITY_KEYS:
        for entry in obj.get(key) or ():
            text = _description(entry)
            if text and text not in texts and applied(obj, entry):
                texts.append(text)
    return tuple(texts)


def objects(session: PhaseSession, zone: Zone, player: PlayerId | None) -> list[ObjectId]:
    """The objects in a zone, in phase's order, read from that zone alone (not from a
    snapshot of the whole game)."""
    seat = None if player is None else session.seat(player)
    if zone is Zone.STACK:
        numbers = [int(item["id"]) for item in reversed(session.stack_items())
                   if (item.get("kind") or {}).get("type") == "Spell"
                   and seat in (None, int(item["controller"]))]
    elif zone is Zone.BATTLEFIELD:
        numbers = [int(obj["id"]) for obj in session.battlefield()
                   if seat in (None, int(obj["controller"]))]
    elif zone is Zone.EXILE:
        numbers = [int(obj["id"]) for obj in session.exile()
                   if seat in (None, int(obj["owner"]))]
    elif zone is Zone.COMMAND:
        state = session.state()
        numbers = [int(n) for n in state.get("command_zone") or [] if str(n) in state["objects"]
                   and seat in (None, int(state["objects"][str(n)]["owner"]))]
    else:
        key = {Zone.LIBRARY: "library", Zone.HAND: "hand", Zone.GRAVEYARD: "graveyard"}[zone]
        seats = [seat] if seat is not None else [0, 1]
        numbers = [int(n) for s in seats for n in session.player_state(s).get(key) or []]
    return [session.cid(n) for n in numbers]


def game_view(session: PhaseSession) -> GameView:
    waiting = session.waiting()
    priority = session.player(session.actor()) if waiting.get("type") == "Priority" else None
    exiled = [int(obj["owner"]) for obj in session.exile()]
    players = []
    for seat, name in enumerate(session.names):
        raw = session.player_state(seat)
        players.append(PlayerView(name, int(raw["life"]), len(raw.get("hand") or []),
                                  len(raw.get("library") or []),
                                  len(raw.get("graveyard") or []), exiled.count(seat)))
    phase_name = session.step()[1]
    if phase_name not in PHASE_TO_STEP:
        raise ContractError(f"phase reports an unknown step {phase_name!r}")
    moment = session.moment()
    return PhaseGameView(
        lambda: _active_player(moment),
        step=PHASE_TO_STEP[phase_name], priority_player=priority,
        stack=tuple(_stack_item(session, item) for item in reversed(session.stack_items())),
        players=tuple(players),
        game_over=waiting.get("type") == "GameOver",
        winner=_winner(session, waiting),
    )


def _active_player(moment: Moment) -> PlayerId:
    """phase's active player at ``moment``: only a snapshot of the whole game says, so it
    is read only when asked for."""
    session = moment.now()
    if session is not None:
        return session.player(session.active_seat())
    then = moment.replica().state()
    return moment.names[int(then["state"]["active_player"])]


def _winner(session: PhaseSession, waiting: dict[str, Any]) -> PlayerId | None:
    """Who phase says won, once the game is over."""
    winner = (waiting.get("data") or {}).get("winner") if waiting.get("type") == "GameOver" \
        else None
    return session.player(winner) if winner is not None else None


def stack_targets(item: dict[str, Any]) -> list[Any]:
    """The targets phase recorded for a stack entry (a spell's or an ability's)."""
    data = (item.get("kind") or {}).get("data") or {}
    return list((data.get("ability") or {}).get("targets") or ())


def _stack_item(session: PhaseSession, item: dict[str, Any]) -> StackItemView:
    kind = item.get("kind") or {}
    data = kind.get("data") or {}
    controller = session.player(item["controller"])
    targets = tuple(contract_target(session, t) for t in stack_targets(item))
    if kind.get("type") == "Spell":
        spell = session.cid(int(item["id"]))
        return StackItemView(spell, "spell", spell, controller, targets)
    ability = data.get("ability") or {}
    source_number = int(str(ability.get("source_id", item.get("source_id"))))
    incarnation = ability.get("source_incarnation")
    if incarnation is not None:
        source = f"p{source_number}.{incarnation}"
    else:  # phase names no incarnation: the source's current one, if it still exists
        try:
            source = session.cid(source_number)
        except KeyError:
            source = f"p{source_number}.gone"
    text = str(data.get("description") or ability.get("description") or "")
    chapter = _CHAPTER.fullmatch(text)
    if chapter is not None:  # phase labels a Saga's chapter ability, and keeps no text of it
        text = _chapter_text(session, ability, int(chapter.group(1))) or text
    return StackItemView(f"a{item['id']}", "ability", source, controller, targets, text)


#: phase's description of a Saga's chapter ability (``Chapter 2``)
_CHAPTER = re.compile(r"Chapter (\d+)")
_NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
#: a chapter line of a Saga's printed text: "I, II, III — Create a token ..."
_CHAPTER_LINE = re.compile(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — ")


def _chapter_text(session: PhaseSession, ability: dict[str, Any], chapter: int) -> str | None:
    """The printed line of chapter ``chapter`` of the face the ability comes from (the card
    data phase's builder was given); ``None`` where it cannot be found."""
    ref = (ability.get("trigger_source") or {}).get("printed_ref") or {}
    name = session.data.card_by_oracle_id.get(str(ref.get("oracle_id")))
    if name is None or name not in session.data.sources:
        return None
    for face in session.data.sources[name][1]:
        if ref.get("face_name") not in (face.get("faceName"), face.get("name")):
            continue
        for line in str(face.get("text") or "").splitlines():
            found = _CHAPTER_LINE.match(line)
            if found and chapter in {_NUMERALS[n] for n in found.group(1).split(", ")}:
                return line
    return None


def contract_target(session: PhaseSession, target: Any) -> Target:
    if isinstance(target, dict) and "Player" in target:
        return PlayerRef(session.player(target["Player"]))
    if isinstance(target, dict) and "Object" in target:
        try:
            return session.cid(int(target["Object"]))
        except KeyError:
            return f"p{target['Object']}.gone"
    return json.dumps(target)


# -- events --------------------------------------------------------------------------------


def events(session: PhaseSession, raw: list[dict[str, Any]]) -> list[Event]:
    out: list[Event] = []
    for index, event in enumerate(raw):
        kind, data = event.get("type"), event.get("data") or {}
        if kind == "ZoneChanged":
            out.append(_zone_changed(session, raw, index, data))
        elif kind in EVENT_KINDS:
            out.append(Event(EVENT_KINDS[str(kind)], {"phase": data}))
    return out


def _zone_changed(session: PhaseSession, raw: list[dict[str, Any]], index: int,
                  data: dict[str, Any]) -> Event:
    number = int(data["object_id"])
    before = _incarnation_left(data)
    after: int | None = None
    for later in raw[index + 1:]:  # the same card moving again in the same action
        if later.get("type") == "ZoneChanged" and int(later["data"]["object_id"]) == number:
            after = _incarnation_left(later["data"])
            break
    if after is None:
        obj = session.object_of(number)
        if obj is not None and obj.get("zone") == data.get("to"):
            after = int(obj.get("incarnation", 0))
    return Event("zone_changed", {
        "object": f"p{number}.{before}",
        "new_object": None if after is None else f"p{number}.{after}",
        "from": _zone_name(data.get("from")), "to": _zone_name(data.get("to")),
    })


# -- helpers -------------------------------------------------------------------------------


def _incarnation_left(data: dict[str, Any]) -> int:
    record = data.get("record") or {}
    context = record.get("trigger_source_context") or {}
    reference = (context.get("identity") or {}).get("reference") or {}
    if "incarnation" not in reference:
        raise ContractError(f"phase's ZoneChanged event has no incarnation: {data}")
    return int(reference["incarnation"])


def _zone_name(zone: object) -> str:
    found = PHASE_TO_ZONE.get(str(zone))
    return found.value if found else str(zone)


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    try:
        return int(str(value))
    except ValueError:
        return None


def unlocked(obj: dict[str, Any]) -> tuple[Door, ...]:
    unlocks = obj.get("room_unlocks") or {}
    doors = []
    if unlocks.get("left_unlocked"):
        doors.append(Door.LEFT)
    if unlocks.get("right_unlocked"):
        doors.append(Door.RIGHT)
    return tuple(doors)


def keyword_name(keyword: object) -> str:
    if isinstance(keyword, dict) and keyword:
        return str(next(iter(keyword)))
    return str(keyword)


def _description(entry: Any) -> str:
    if isinstance(entry, dict):
        definition = entry.get("definition")
        source: dict[str, Any] = definition if isinstance(definition, dict) else entry
        return str(source.get("description") or "")
    return ""


def _printed_names(obj: dict[str, Any]) -> tuple[str, ...]:
    names = []
    for ref in (obj.get("base_printed_ref"), (obj.get("back_face") or {}).get("printed_ref")):
        if isinstance(ref, dict) and ref.get("face_name"):
            names.append(str(ref["face_name"]))
    return tuple(names)


def _attached_to(session: PhaseSession, value: object) -> ObjectId | None:
    if value is None:
        return None
    if isinstance(value, dict):  # {"type": "Object", "data": id} (or a player)
        if value.get("type") != "Object":
            raise Unsupported(f"attached to {value}, which the contract cannot name")
        value = value.get("data")
    return session.cid(int(str(value)))
