#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    the game: objects: expected 2 matching {'zone': 'battlefield', 'token': True, 'name': 'Soldier Token', 'count': 2}, found 0

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
    - Mirror Room // Fractured Realm put onto the battlefield by the zone-change pipeline, no door unlocked
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Blinding Mage": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Blinding Mage", "power": "1", "subtypes": ["Human", "Wizard"], "text": "{W}, {T}: Tap target creature.", "toughness": "2", "type": "Creature — Human Wizard", "types": ["Creature"]}], "layout": "normal"},
 "Mirror Room // Fractured Realm": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 3, "faceName": "Mirror Room", "identifiers": {}, "layout": "split", "manaCost": "{2}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "a", "subtypes": ["Room"], "text": "When you unlock this door, create a token that's a copy of target creature you control, except it's a Reflection in addition to its other creature types.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 7, "faceName": "Fractured Realm", "identifiers": {}, "layout": "split", "manaCost": "{5}{U}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "b", "subtypes": ["Room"], "text": "If a triggered ability of a permanent you control triggers, that ability triggers an additional time.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"},
 "Raise the Alarm": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Raise the Alarm", "text": "Create two 1/1 white Soldier creature tokens.", "type": "Instant", "types": ["Instant"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Mirror Room // Fractured Realm", "Raise the Alarm"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 3}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Battlefield", "simulate": true, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 2, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 2, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "White", "Colorless", "Colorless", "Blue"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 1, "card_id": 1, "targets": [], "payment_mode": {"type": "Auto"}}}},
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


FILTER = {'zone': 'battlefield', 'token': True, 'name': 'Soldier Token', 'count': 2}
COUNT = 2

game = replay()
state = game.state()["state"]
zone = FILTER.get("zone", "battlefield")
numbers = state["battlefield"] if zone == "battlefield" else []
found = 0
for number in numbers:
    obj = state["objects"][str(number)]
    print(f"  {zone}: {obj['name']!r}, token: {bool(obj.get('is_token'))}")
    if "token" in FILTER and bool(obj.get("is_token")) != FILTER["token"]:
        continue
    if "name" in FILTER and FILTER["name"] not in obj["name"].split(" // "):
        continue
    found += 1
print(f"objects matching {FILTER}: phase has {found}; the ruling expects {COUNT}")
verdict(found != COUNT)

