"""Standalone reproductions of failures on phase.rs.

``reproduction`` turns a failing scenario's trace (every call the adapter made into phase,
``session.py``) into a Python script that needs only ``phase-python``: it builds the card
data from the MTGJSON faces with phase's own builder, replays the calls in order, reads the
value the failure is about straight from phase, prints it beside what the ruling expects,
and exits 0 when the departure shows ("DEPARTURE REPRODUCED"), 1 when it does not.

The readings are phase's raw values, each with the rule the adapter applies to it spelled
out in the script (a Room permanent's abilities are those of its unlocked doors, phase's
mana value is the ``mana_value`` of the last-known information it records when the object
moves), so that a reader can check the harness as well as the engine.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from typing import Any

from .session import PhaseSession, parse_id

#: Fields of an object the script can read from phase (observations.py, in plain code).
OBJECT_FIELDS = ("names", "mana_value", "abilities", "ability_count", "transformed",
                 "face_down", "zone", "colors", "types", "subtypes", "power", "toughness",
                 "unlocked_doors", "token", "counters")
PLAYER_FIELDS = ("life", "hand_size", "library_size", "graveyard_size")
_FIELD = re.compile(r"(\w+): expected (.+?), found (.+?)(?=; \w+: expected |$)")
_OBJECTS = re.compile(r"(?:expected (\d+) matching|expected exactly one object in the \w+ "
                      r"matching) (?=\{)")
#: Where the filter written after :data:`_OBJECTS` may end (a card name may hold the same).
_OBJECTS_END = re.compile(r"\}(?:, found|; found) \d+")


@dataclass(frozen=True, slots=True)
class Read:
    """Something the harness asked the adapter, with the trace length at that moment."""

    kind: str
    subject: str
    at: int
    detail: Any = None


def reproduction(session: PhaseSession, reads: list[Read], failure: str) -> str | None:
    """The script for ``failure``, or ``None`` when the adapter cannot read its value."""
    reading = _reading(session, reads, failure)
    if reading is None:
        return None
    cards = _cards(session)
    return _TEMPLATE.format(
        failure=_docstring_text(failure),
        steps="\n".join(f"    - {s}" for s in session.setup_steps) or "    (none)",
        cards=_literal("{\n" + ",\n".join(
            f" {json.dumps(name)}: {json.dumps(card, ensure_ascii=False, sort_keys=True)}"
            for name, card in cards.items()) + "\n}"),
        trace=_literal(json.dumps(session.trace, ensure_ascii=False).replace("}, {", "},\n {")),
        reading=reading,
    )


def _filter_at(failure: str, start: int) -> dict[str, Any] | None:
    """The filter a failure message writes from ``start`` (a dict's ``repr``), read as a
    value, never cut short by a ``}`` inside a name; ``None`` when it cannot be read."""
    for end in _OBJECTS_END.finditer(failure, start):
        try:
            value = ast.literal_eval(failure[start:end.start() + 1])
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(value, dict):
            return value
    return None


def _python_literal(value: Any) -> str:
    """A JSON value as a Python expression (``true`` is not Python's ``True``)."""
    return f"json.loads({json.dumps(value, ensure_ascii=False)!r})"


def _docstring_text(text: str) -> str:
    """``text`` as it can stand inside the script's docstring: backslashes and quotes that
    would end or change the string escaped, control characters written as escapes."""
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return "".join(c if c in "\n\t" or c.isprintable() else repr(c)[1:-1] for c in text)


def _literal(text: str) -> str:
    """JSON text as a Python expression for the script."""
    if "'''" in text or text.endswith("\\"):
        return f"json.loads({text!r})"
    return f"json.loads(r'''{text}''')"


def _cards(session: PhaseSession) -> dict[str, Any]:
    decks = session.trace[0]["player"] + session.trace[0]["opponent"]
    out: dict[str, Any] = {}
    for name in sorted(set(decks)):
        layout, faces = session.data.sources[name]
        out[name] = {"layout": layout, "faces": list(faces)}
    return out


def _reading(session: PhaseSession, reads: list[Read], failure: str) -> str | None:
    """The code that reads the failing value, chosen from the failure message and the last
    thing the harness asked."""
    if "neither asked nor chose" in failure or "neither asks nor chose" in failure:
        return _CHOICE_READING
    if "waiting for a choice the script does not answer" in failure:
        return _WAITING_READING
    if failure.startswith("expected the engine to refuse ") and failure.endswith(
            ("it allowed it", "it accepted it")):  # an action, or an answer to a choice
        return _ALLOWED_READING
    if "the engine refused" in failure and "not among phase's legal actions" in failure:
        performs = [r for r in reads if r.kind == "perform"]
        if performs and performs[-1].detail is not None:
            return _LEGAL_READING.format(detail=_python_literal(performs[-1].detail))
        return None
    found = _OBJECTS.search(failure)
    if found is not None:
        which = _filter_at(failure, found.end())
        if which is None:
            return None
        return _OBJECTS_READING.format(filter=repr(which), count=int(found.group(1) or 1))
    subject = failure.split(":", 1)[0]
    if subject in session.names:
        wanted = {}
        for name, text, _found in _FIELD.findall(failure):
            if name in PLAYER_FIELDS:
                try:
                    wanted[name] = ast.literal_eval(text)
                except (ValueError, SyntaxError):
                    return None
        if wanted:
            return _PLAYER_READING.format(seat=session.names.index(subject),
                                          player=repr(subject), expected=repr(wanted))
    fields = [(name, expected) for name, expected, _found in _FIELD.findall(failure)
              if name in OBJECT_FIELDS]
    observed = [r for r in reads if r.kind == "observe"]
    if fields and observed and not failure.startswith("the game:"):
        number, _ = parse_id(observed[-1].subject)
        expected = {}
        for name, text in fields:
            try:
                expected[name] = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                return None
        return _OBJECT_READING.format(number=number, expected=repr(expected))
    return None


_TEMPLATE = '''#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    {failure}

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
{steps}
"""

import json
import sys
import uuid

import phase

CARDS = {cards}

TRACE = {trace}


def oracle_id(name):
    """One id for every face of a card, or phase does not link a Room's doors."""
    namespace = uuid.UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
    return str(uuid.uuid5(namespace, "conformance-card:" + name))


def card_data():
    faces = {{}}
    for name, card in CARDS.items():
        for index, face in enumerate(card["faces"]):
            if len(card["faces"]) == 1:
                built = dict(phase.build_oracle_face(face, oracle_id(name)))
            else:
                built = dict(phase.build_oracle_face_multi(face, oracle_id(name)))
                built["layout"] = card["layout"]
                built["face_index"] = index
            key = built["name"].lower()
            if key not in faces or ("layout" in faces[key] and "layout" not in built):
                faces[key] = built
    return faces


ENGINE = phase.Engine.from_json(json.dumps(card_data()))


def replay():
    game = None
    for entry in TRACE:
        if entry["op"] == "new_game":
            game = ENGINE.new_game(player=entry["player"], opponent=entry["opponent"],
                                   seed=entry["seed"], first_player=entry["first_player"])
        elif entry["op"] == "debug_mode":  # before any card is on the battlefield
            snapshot = game.state()
            snapshot["state"]["debug_mode"] = True
            game = ENGINE.load_game(snapshot)
        else:
            try:
                game.apply(entry["seat"], phase.GameAction.from_dict(entry["action"]))
            except ValueError:
                if not entry.get("refused"):
                    raise
    return game


def actor(game):
    data = game.waiting_for().get("data") or {{}}
    if data.get("player") is None and data.get("pending"):
        return data["pending"][0]["player"]
    return data.get("player") or 0


def verdict(departs):
    print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
    sys.exit(0 if departs else 1)


{reading}
'''

_OBJECT_READING = '''NUMBER = {number}
EXPECTED = {expected}


def applied(obj, entry):
    """phase applies a Room permanent's door-tagged abilities only while the door is
    unlocked; every other entry applies."""
    definition = entry.get("definition") if isinstance(entry.get("definition"), dict) else entry
    door = definition.get("room_door")
    if obj["zone"] != "Battlefield" or door is None:
        return True
    return (obj.get("room_unlocks") or {{}}).get(door.lower() + "_unlocked", False)


def abilities(obj):
    texts = [next(iter(k)) if isinstance(k, dict) else str(k) for k in obj["keywords"]]
    for key in ("abilities", "trigger_definitions", "static_definitions",
                "replacement_definitions"):
        for entry in obj.get(key) or []:
            definition = entry.get("definition") if isinstance(entry.get("definition"), dict) \\
                else entry
            text = definition.get("description")
            if text and text not in texts and applied(obj, entry):
                texts.append(text)
    return texts


def mana_value(number):
    """phase's mana value: the last-known information it records as the object leaves."""
    game = replay()
    obj = game.state()["state"]["objects"][str(number)]
    away = "Graveyard" if obj["zone"] == "Exile" else "Exile"
    result = game.apply(actor(game), phase.GameAction.from_dict({{"type": "Debug", "data": {{
        "type": "MoveToZone", "data": {{"object_id": number, "to_zone": away, "simulate": False}}}}}}))
    return [e["data"]["record"]["mana_value"] for e in result.events
            if e["type"] == "ZoneChanged" and e["data"]["object_id"] == number][0]


game = replay()
obj = game.state()["state"]["objects"][str(NUMBER)]
doors = obj.get("room_unlocks") or {{}}
read = {{
    "names": [n for n in obj["name"].split(" // ") if n],
    "abilities": abilities(obj),
    "ability_count": len(abilities(obj)),
    "transformed": bool(obj.get("transformed")),
    "face_down": bool(obj.get("face_down")),
    "zone": obj["zone"].lower(),
    "types": obj["card_types"]["core_types"],
    "subtypes": obj["card_types"]["subtypes"],
    "power": obj.get("power"),
    "toughness": obj.get("toughness"),
    "token": bool(obj.get("is_token")),
    "unlocked_doors": [d for d in ("left", "right") if doors.get(d + "_unlocked")],
}}
print(f"phase object {{NUMBER}} ({{obj['zone']}}): name {{obj['name']!r}}, mana_cost "
      f"{{obj.get('mana_cost')}}, room_unlocks {{obj.get('room_unlocks')}}")
departs = False
for field, expected in EXPECTED.items():
    value = mana_value(NUMBER) if field == "mana_value" else read.get(field)
    print(f"{{field}}: phase gives {{value!r}}; the ruling expects {{expected!r}}")
    departs = departs or value != expected
verdict(departs)
'''

_PLAYER_READING = '''SEAT = {seat}
PLAYER = {player}
EXPECTED = {expected}

game = replay()
state = game.state()["state"]
player = state["players"][SEAT]
read = {{"life": player["life"], "hand_size": len(player["hand"]),
        "library_size": len(player["library"]), "graveyard_size": len(player["graveyard"])}}
print(f"phase is in {{state['phase']}} (turn {{state['turn_number']}}), waiting for "
      f"{{game.waiting_for()['type']}}")
departs = False
for field, expected in EXPECTED.items():
    print(f"{{PLAYER}} (seat {{SEAT}}) {{field}}: phase gives {{read[field]!r}}; the ruling expects "
          f"{{expected!r}}")
    departs = departs or read[field] != expected
verdict(departs)
'''

_CHOICE_READING = '''game = replay()
waiting = game.waiting_for()
stack = game.state()["state"]["stack"]
print("phase waits for:", waiting["type"])
for item in reversed(stack):
    ability = (item["kind"].get("data") or {}).get("ability") or {}
    print(f"  on the stack: {item['kind']['type']} {item['id']}: "
          f"{ability.get('description') or ''!r}, targets {ability.get('targets')}")
state = game.state()["state"]
for number in state["battlefield"]:
    obj = state["objects"][str(number)]
    statics = [(st.get("mode"), (st.get("affected") or {}).get("type"))
               for st in obj.get("static_definitions") or []]
    print(f"  on the battlefield: {obj['name']!r} (controller {obj['controller']}), "
          f"static abilities as phase parsed them (mode, affected): {statics}")
print("the ruling expects a choice at this point; phase asks for none and waits for "
      "priority (the stack above is all there is)")
verdict(waiting["type"] == "Priority")
'''

_WAITING_READING = '''game = replay()
waiting = game.waiting_for()
print("phase waits for:", waiting["type"], json.dumps(waiting.get("data"))[:400])
print("the ruling's scenario makes no choice here (the rules give none); phase asks one")
verdict(waiting["type"] not in ("Priority", "GameOver"))
'''

_ALLOWED_READING = '''game = replay()  # the last call is the action or answer the ruling says phase must refuse
last = TRACE[-1]
print("the ruling says this is illegal:", json.dumps(last.get("action"))[:400])
print("phase accepted it" if not last.get("refused") else "phase refused it")


def first(value, key):
    """The first ``key`` found in ``value``, depth first."""
    if isinstance(value, dict):
        if key in value:
            return value[key]
        value = list(value.values())
    for item in value if isinstance(value, list) else ():
        found = first(item, key)
        if found is not None:
            return found
    return None


for item in game.state()["state"].get("stack") or []:
    print("on phase's stack: targets", json.dumps(first(item, "targets")),
          "- distribution", json.dumps(first(item, "distribution")))
verdict(not last.get("refused"))
'''

_LEGAL_READING = '''WANTED = {detail}

game = replay()
legal = [(a.kind, a.data) for a in game.actions()]
print("phase's legal actions:", legal)
match = [a for a in legal if a[0] == WANTED["kind"]
         and all((a[1] or {{}}).get(k) == v for k, v in WANTED["match"].items())]
print("the ruling takes:", WANTED["kind"], WANTED["match"], "- listed by phase:", bool(match))
verdict(not match)
'''

_OBJECTS_READING = '''FILTER = {filter}
COUNT = {count}

game = replay()
state = game.state()["state"]
zone = FILTER.get("zone", "battlefield")
numbers = state["battlefield"] if zone == "battlefield" else []
found = 0
for number in numbers:
    obj = state["objects"][str(number)]
    print(f"  {{zone}}: {{obj['name']!r}}, token: {{bool(obj.get('is_token'))}}")
    if "token" in FILTER and bool(obj.get("is_token")) != FILTER["token"]:
        continue
    if "name" in FILTER and FILTER["name"] not in obj["name"].split(" // "):
        continue
    found += 1
print(f"objects matching {{FILTER}}: phase has {{found}}; the ruling expects {{COUNT}}")
verdict(found != COUNT)
'''
