#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    expected exactly one object in the battlefield matching {'as': 'soldier', 'zone': 'battlefield', 'token': True, 'name': 'Soldier Token', 'first': True}; found 0

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
    - Funeral Room // Awakening Hall: cast for Funeral Room (unlocked as it entered)
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Funeral Room // Awakening Hall": {"faces": [{"colorIdentity": ["B"], "colors": ["B"], "faceManaValue": 3, "faceName": "Funeral Room", "identifiers": {}, "layout": "split", "manaCost": "{2}{B}", "manaValue": 11, "name": "Funeral Room // Awakening Hall", "side": "a", "subtypes": ["Room"], "text": "Whenever a creature you control dies, each opponent loses 1 life and you gain 1 life.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["B"], "colors": ["B"], "faceManaValue": 8, "faceName": "Awakening Hall", "identifiers": {}, "layout": "split", "manaCost": "{6}{B}{B}", "manaValue": 11, "name": "Funeral Room // Awakening Hall", "side": "b", "subtypes": ["Room"], "text": "When you unlock this door, return all creature cards from your graveyard to the battlefield under your control.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"},
 "Giant Spider": {"faces": [{"colorIdentity": ["G"], "colors": ["G"], "identifiers": {}, "keywords": ["Reach"], "layout": "normal", "manaCost": "{3}{G}", "manaValue": 4, "name": "Giant Spider", "power": "2", "subtypes": ["Spider"], "text": "Reach (This creature can block creatures with flying.)", "toughness": "4", "type": "Creature — Spider", "types": ["Creature"]}], "layout": "normal"},
 "Grizzly Bears": {"faces": [{"colorIdentity": ["G"], "colors": ["G"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{G}", "manaValue": 2, "name": "Grizzly Bears", "power": "2", "subtypes": ["Bear"], "toughness": "2", "type": "Creature — Bear", "types": ["Creature"]}], "layout": "normal"},
 "Raise the Alarm": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Raise the Alarm", "text": "Create two 1/1 white Soldier creature tokens.", "type": "Instant", "types": ["Instant"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Funeral Room // Awakening Hall", "Raise the Alarm"], "opponent": ["Giant Spider", "Grizzly Bears"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Black", "Colorless", "Colorless"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 2, "card_id": 2, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseModalFace", "data": {"back_face": false}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 4, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 2, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 2, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 3, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 3, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 4, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 4, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "White"]}}}},
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


FILTER = {'as': 'soldier', 'zone': 'battlefield', 'token': True, 'name': 'Soldier Token', 'first': True}
COUNT = 1

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

