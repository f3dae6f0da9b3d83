#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    demon: names: expected ['Demon Token'], found ['Demon']

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
    - Unholy Annex // Ritual Chamber: cast for Unholy Annex (unlocked as it entered)
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Blinding Mage": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Blinding Mage", "power": "1", "subtypes": ["Human", "Wizard"], "text": "{W}, {T}: Tap target creature.", "toughness": "2", "type": "Creature — Human Wizard", "types": ["Creature"]}], "layout": "normal"},
 "Swamp": {"faces": [{"colorIdentity": ["B"], "colors": [], "identifiers": {}, "layout": "normal", "manaValue": 0, "name": "Swamp", "subtypes": ["Swamp"], "supertypes": ["Basic"], "text": "({T}: Add {B}.)", "type": "Basic Land — Swamp", "types": ["Land"]}], "layout": "normal"},
 "Unholy Annex // Ritual Chamber": {"faces": [{"colorIdentity": ["B"], "colors": ["B"], "faceManaValue": 3, "faceName": "Unholy Annex", "identifiers": {}, "layout": "split", "manaCost": "{2}{B}", "manaValue": 8, "name": "Unholy Annex // Ritual Chamber", "side": "a", "subtypes": ["Room"], "text": "At the beginning of your end step, draw a card. If you control a Demon, each opponent loses 2 life and you gain 2 life. Otherwise, you lose 2 life.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["B"], "colors": ["B"], "faceManaValue": 5, "faceName": "Ritual Chamber", "identifiers": {}, "layout": "split", "manaCost": "{3}{B}{B}", "manaValue": 8, "name": "Unholy Annex // Ritual Chamber", "side": "b", "subtypes": ["Room"], "text": "When you unlock this door, create a 6/6 black Demon creature token with flying.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Swamp", "Unholy Annex // Ritual Chamber"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 3}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Black", "Colorless", "Colorless"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 1, "card_id": 1, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseModalFace", "data": {"back_face": false}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 1, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 1, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Colorless", "Colorless", "Black", "Black"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "UnlockRoomDoor", "data": {"object_id": 1, "door": "Right"}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}}]''')


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


NUMBER = 5
EXPECTED = {'names': ['Demon Token']}


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

