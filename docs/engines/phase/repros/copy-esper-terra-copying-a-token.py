#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    expected exactly one object in the battlefield matching {'as': 'glimmer', 'zone': 'battlefield', 'token': True, 'name': 'Glimmer Token'}; found 0

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
 "Glimmerburst": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "identifiers": {}, "layout": "normal", "manaCost": "{3}{U}", "manaValue": 4, "name": "Glimmerburst", "text": "Draw two cards.\nCreate a 1/1 white Glimmer enchantment creature token.", "type": "Instant", "types": ["Instant"]}], "layout": "normal"},
 "Memnite": {"faces": [{"colorIdentity": [], "colors": [], "identifiers": {}, "layout": "normal", "manaCost": "{0}", "manaValue": 0, "name": "Memnite", "power": "1", "subtypes": ["Construct"], "toughness": "1", "type": "Artifact Creature — Construct", "types": ["Artifact", "Creature"]}], "layout": "normal"},
 "Terra, Magical Adept // Esper Terra": {"faces": [{"colorIdentity": ["B", "G", "R", "U", "W"], "colors": ["R", "G"], "faceManaValue": 3, "faceName": "Terra, Magical Adept", "identifiers": {}, "keywords": ["Mill", "Trance", "Transform"], "layout": "transform", "manaCost": "{1}{R}{G}", "manaValue": 3, "name": "Terra, Magical Adept // Esper Terra", "power": "4", "side": "a", "subtypes": ["Human", "Wizard", "Warrior"], "supertypes": ["Legendary"], "text": "When Terra enters, mill five cards. Put up to one enchantment card milled this way into your hand.\nTrance — {4}{R}{G}, {T}: Exile Terra, then return it to the battlefield transformed under its owner's control. Activate only as a sorcery.", "toughness": "2", "type": "Legendary Creature — Human Wizard Warrior", "types": ["Creature"]}, {"colorIdentity": ["B", "G", "R", "U", "W"], "colorIndicator": ["R", "G"], "colors": ["R", "G"], "faceManaValue": 0, "faceName": "Esper Terra", "identifiers": {}, "keywords": ["Flying"], "layout": "transform", "manaValue": 3, "name": "Terra, Magical Adept // Esper Terra", "power": "6", "side": "b", "subtypes": ["Saga", "Wizard"], "supertypes": ["Legendary"], "text": "(As this Saga enters and after your draw step, add a lore counter.)\nI, II, III — Create a token that's a copy of target nonlegendary enchantment you control. It gains haste. If it's a Saga, put up to three lore counters on it. Sacrifice it at the beginning of your next end step.\nIV — Add {W}{W}, {U}{U}, {B}{B}, {R}{R}, and {G}{G}. Exile Esper Terra, then return it to the battlefield (front face up).\nFlying", "toughness": "6", "type": "Legendary Enchantment Creature — Saga Wizard", "types": ["Enchantment", "Creature"]}], "layout": "transform"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Glimmerburst", "Memnite", "Memnite", "Terra, Magical Adept // Esper Terra"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 5}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 1, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 4, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 4, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 4, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Colorless", "Colorless", "Blue", "Colorless", "Colorless", "Colorless", "Colorless", "Red", "Green"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 2, "card_id": 2, "targets": [], "payment_mode": {"type": "Auto"}}}},
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


FILTER = {'as': 'glimmer', 'zone': 'battlefield', 'token': True, 'name': 'Glimmer Token'}
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

