#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    serah: mana_value: expected 3, found 0

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
    (none)
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Blinding Mage": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Blinding Mage", "power": "1", "subtypes": ["Human", "Wizard"], "text": "{W}, {T}: Tap target creature.", "toughness": "2", "type": "Creature — Human Wizard", "types": ["Creature"]}], "layout": "normal"},
 "Isamaru, Hound of Konda": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{W}", "manaValue": 1, "name": "Isamaru, Hound of Konda", "power": "2", "subtypes": ["Dog"], "supertypes": ["Legendary"], "toughness": "2", "type": "Legendary Creature — Dog", "types": ["Creature"]}], "layout": "normal"},
 "Serah Farron // Crystallized Serah": {"faces": [{"colorIdentity": ["G", "W"], "colors": ["W", "G"], "faceManaValue": 3, "faceName": "Serah Farron", "identifiers": {}, "keywords": ["Transform"], "layout": "transform", "manaCost": "{1}{G}{W}", "manaValue": 3, "name": "Serah Farron // Crystallized Serah", "power": "2", "side": "a", "subtypes": ["Human", "Citizen"], "supertypes": ["Legendary"], "text": "The first legendary creature spell you cast each turn costs {2} less to cast.\nAt the beginning of combat on your turn, if you control two or more other legendary creatures, you may transform Serah Farron.", "toughness": "2", "type": "Legendary Creature — Human Citizen", "types": ["Creature"]}, {"colorIdentity": ["G", "W"], "colorIndicator": ["W", "G"], "colors": ["W", "G"], "faceManaValue": 0, "faceName": "Crystallized Serah", "identifiers": {}, "layout": "transform", "manaValue": 3, "name": "Serah Farron // Crystallized Serah", "side": "b", "supertypes": ["Legendary"], "text": "The first legendary creature spell you cast each turn costs {2} less to cast.\nLegendary creatures you control get +2/+2.", "type": "Legendary Artifact", "types": ["Artifact"]}], "layout": "transform"},
 "Tyrox, Saurid Tyrant": {"faces": [{"colorIdentity": ["R"], "colors": ["R"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{R}", "manaValue": 2, "name": "Tyrox, Saurid Tyrant", "power": "4", "subtypes": ["Dinosaur", "Warrior"], "supertypes": ["Legendary"], "toughness": "1", "type": "Legendary Creature — Dinosaur Warrior", "types": ["Creature"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Isamaru, Hound of Konda", "Serah Farron // Crystallized Serah", "Tyrox, Saurid Tyrant"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 4}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 2, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 2, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 3, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 3, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Green", "White"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 1, "card_id": 1, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "DecideOptionalEffect", "data": {"accept": true}}}]''')


def oracle_id(name):
    """One id for every face of a card, or phase does not link a Room's doors."""
    namespace = uuid.UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
    return str(uuid.uuid5(namespace, "conformance-card:" + name))


def card_data():
    faces = {}
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
    data = game.waiting_for().get("data") or {}
    if data.get("player") is None and data.get("pending"):
        return data["pending"][0]["player"]
    return data.get("player") or 0


def verdict(departs):
    print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
    sys.exit(0 if departs else 1)


NUMBER = 1
EXPECTED = {'mana_value': 3}


def applied(obj, entry):
    """phase applies a Room permanent's door-tagged abilities only while the door is
    unlocked; every other entry applies."""
    definition = entry.get("definition") if isinstance(entry.get("definition"), dict) else entry
    door = definition.get("room_door")
    if obj["zone"] != "Battlefield" or door is None:
        return True
    return (obj.get("room_unlocks") or {}).get(door.lower() + "_unlocked", False)


def abilities(obj):
    texts = [next(iter(k)) if isinstance(k, dict) else str(k) for k in obj["keywords"]]
    for key in ("abilities", "trigger_definitions", "static_definitions",
                "replacement_definitions"):
        for entry in obj.get(key) or []:
            definition = entry.get("definition") if isinstance(entry.get("definition"), dict) \
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
    result = game.apply(actor(game), phase.GameAction.from_dict({"type": "Debug", "data": {
        "type": "MoveToZone", "data": {"object_id": number, "to_zone": away, "simulate": False}}}))
    return [e["data"]["record"]["mana_value"] for e in result.events
            if e["type"] == "ZoneChanged" and e["data"]["object_id"] == number][0]


game = replay()
obj = game.state()["state"]["objects"][str(NUMBER)]
doors = obj.get("room_unlocks") or {}
read = {
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
}
print(f"phase object {NUMBER} ({obj['zone']}): name {obj['name']!r}, mana_cost "
      f"{obj.get('mana_cost')}, room_unlocks {obj.get('room_unlocks')}")
departs = False
for field, expected in EXPECTED.items():
    value = mana_value(NUMBER) if field == "mana_value" else read.get(field)
    print(f"{field}: phase gives {value!r}; the ruling expects {expected!r}")
    departs = departs or value != expected
verdict(departs)

