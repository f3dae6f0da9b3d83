#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    expected the engine to refuse Activate(player='alice', object='p2.3', ability=0); it allowed it

This script rebuilds the card data with phase's own builder, replays every call the harness
made into phase (new_game, the opening-hand decisions, the switch to debug mode, then each
action, in order), reads the value the failure is about from phase and prints it beside
what the ruling expects.  Exit status 0: the departure is reproduced; 1: it is not.

Set-up steps the harness played by phase's rules (not placed with debug actions):
    - Mirror Room // Fractured Realm: cast for Fractured Realm (unlocked as it entered)
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Elite Arcanist": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "identifiers": {}, "layout": "normal", "manaCost": "{3}{U}", "manaValue": 4, "name": "Elite Arcanist", "power": "1", "subtypes": ["Human", "Wizard"], "text": "When this creature enters, you may exile an instant card from your hand.\n{X}, {T}: Copy the exiled card. You may cast the copy without paying its mana cost. X is the mana value of the exiled card.", "toughness": "1", "type": "Creature — Human Wizard", "types": ["Creature"]}], "layout": "normal"},
 "Island": {"faces": [{"colorIdentity": ["U"], "colors": [], "identifiers": {}, "layout": "normal", "manaValue": 0, "name": "Island", "subtypes": ["Island"], "supertypes": ["Basic"], "text": "({T}: Add {U}.)", "type": "Basic Land — Island", "types": ["Land"]}], "layout": "normal"},
 "Mirror Room // Fractured Realm": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 3, "faceName": "Mirror Room", "identifiers": {}, "layout": "split", "manaCost": "{2}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "a", "subtypes": ["Room"], "text": "When you unlock this door, create a token that's a copy of target creature you control, except it's a Reflection in addition to its other creature types.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 7, "faceName": "Fractured Realm", "identifiers": {}, "layout": "split", "manaCost": "{5}{U}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "b", "subtypes": ["Room"], "text": "If a triggered ability of a permanent you control triggers, that ability triggers an additional time.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"},
 "Searing Spear": {"faces": [{"colorIdentity": ["R"], "colors": ["R"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{R}", "manaValue": 2, "name": "Searing Spear", "text": "Searing Spear deals 3 damage to any target.", "type": "Instant", "types": ["Instant"]}], "layout": "normal"},
 "Shock": {"faces": [{"colorIdentity": ["R"], "colors": ["R"], "identifiers": {}, "layout": "normal", "manaCost": "{R}", "manaValue": 1, "name": "Shock", "text": "Shock deals 2 damage to any target.", "type": "Instant", "types": ["Instant"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Elite Arcanist", "Island", "Island", "Island", "Island", "Island", "Mirror Room // Fractured Realm", "Searing Spear", "Shock"], "opponent": ["Island", "Island"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Blue", "Blue", "Colorless", "Colorless", "Colorless", "Colorless", "Colorless"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 9, "card_id": 9, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseModalFace", "data": {"back_face": true}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 11, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 10, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Exile", "simulate": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 1, "to_zone": "Library", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 4, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 5, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 6, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 9, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 9, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 4, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 4, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 5, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 5, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 6, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 6, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Colorless", "Colorless", "Blue"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 2, "card_id": 2, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "DecideOptionalEffect", "data": {"accept": true}}},
 {"op": "apply", "seat": 0, "action": {"type": "SelectCards", "data": {"cards": [8]}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "DecideOptionalEffect", "data": {"accept": true}}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 1, "action": {"type": "PassPriority"}},
 {"op": "apply", "seat": 0, "action": {"type": "TapLandForMana", "data": {"selection": {"source": {"object_id": 4, "incarnation": 2}, "ability_index": 0, "mana_type": "Blue", "output": {"type": "Concrete", "data": "Blue"}, "atomic_combination": null, "restrictions": [], "penalty": "None", "taps_for_mana": []}}}},
 {"op": "apply", "seat": 0, "action": {"type": "TapLandForMana", "data": {"selection": {"source": {"object_id": 5, "incarnation": 1}, "ability_index": 0, "mana_type": "Blue", "output": {"type": "Concrete", "data": "Blue"}, "atomic_combination": null, "restrictions": [], "penalty": "None", "taps_for_mana": []}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ActivateAbility", "data": {"source_id": 2, "ability_index": 0}}}]''')


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


game = replay()  # the last call is the action the ruling says phase must refuse
last = TRACE[-1]
print("the ruling says this action is illegal:", json.dumps(last.get("action"))[:400])
print("phase accepted it" if not last.get("refused") else "phase refused it")
verdict(not last.get("refused"))

