#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    expected the engine to ask for a choice (answered ['seal']); it neither asked nor chose itself

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
 "Ground Seal": {"faces": [{"colorIdentity": ["G"], "colors": ["G"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{G}", "manaValue": 2, "name": "Ground Seal", "text": "When this enchantment enters, draw a card.\nCards in graveyards can't be the targets of spells or abilities.", "type": "Enchantment", "types": ["Enchantment"]}], "layout": "normal"},
 "Memnite": {"faces": [{"colorIdentity": [], "colors": [], "identifiers": {}, "layout": "normal", "manaCost": "{0}", "manaValue": 0, "name": "Memnite", "power": "1", "subtypes": ["Construct"], "toughness": "1", "type": "Artifact Creature — Construct", "types": ["Artifact", "Creature"]}], "layout": "normal"},
 "Terra, Magical Adept // Esper Terra": {"faces": [{"colorIdentity": ["B", "G", "R", "U", "W"], "colors": ["R", "G"], "faceManaValue": 3, "faceName": "Terra, Magical Adept", "identifiers": {}, "keywords": ["Mill", "Trance", "Transform"], "layout": "transform", "manaCost": "{1}{R}{G}", "manaValue": 3, "name": "Terra, Magical Adept // Esper Terra", "power": "4", "side": "a", "subtypes": ["Human", "Wizard", "Warrior"], "supertypes": ["Legendary"], "text": "When Terra enters, mill five cards. Put up to one enchantment card milled this way into your hand.\nTrance — {4}{R}{G}, {T}: Exile Terra, then return it to the battlefield transformed under its owner's control. Activate only as a sorcery.", "toughness": "2", "type": "Legendary Creature — Human Wizard Warrior", "types": ["Creature"]}, {"colorIdentity": ["B", "G", "R", "U", "W"], "colorIndicator": ["R", "G"], "colors": ["R", "G"], "faceManaValue": 0, "faceName": "Esper Terra", "identifiers": {}, "keywords": ["Flying"], "layout": "transform", "manaValue": 3, "name": "Terra, Magical Adept // Esper Terra", "power": "6", "side": "b", "subtypes": ["Saga", "Wizard"], "supertypes": ["Legendary"], "text": "(As this Saga enters and after your draw step, add a lore counter.)\nI, II, III — Create a token that's a copy of target nonlegendary enchantment you control. It gains haste. If it's a Saga, put up to three lore counters on it. Sacrifice it at the beginning of your next end step.\nIV — Add {W}{W}, {U}{U}, {B}{B}, {R}{R}, and {G}{G}. Exile Esper Terra, then return it to the battlefield (front face up).\nFlying", "toughness": "6", "type": "Legendary Enchantment Creature — Saga Wizard", "types": ["Enchantment", "Creature"]}], "layout": "transform"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Ground Seal", "Memnite", "Memnite", "Memnite", "Terra, Magical Adept // Esper Terra"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 6}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 4, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 1, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 5, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 5, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 5, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 2, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 2, "tapped": true}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "ModifyCounters", "data": {"object_id": 2, "counter_type": "time", "delta": 2}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Colorless", "Colorless", "Colorless", "Red", "Green"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ActivateAbility", "data": {"source_id": 5, "ability_index": 0}}},
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


game = replay()
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

