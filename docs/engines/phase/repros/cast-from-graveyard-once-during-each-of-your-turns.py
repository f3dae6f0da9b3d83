#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    the engine refused Cast(player='alice', card='p1.2', face_down=False): casting p1.2 is not among phase's legal actions

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
 "Memnite": {"faces": [{"colorIdentity": [], "colors": [], "identifiers": {}, "layout": "normal", "manaCost": "{0}", "manaValue": 0, "name": "Memnite", "power": "1", "subtypes": ["Construct"], "toughness": "1", "type": "Artifact Creature — Construct", "types": ["Artifact", "Creature"]}], "layout": "normal"},
 "Serra Paragon": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "keywords": ["Flying"], "layout": "normal", "manaCost": "{2}{W}{W}", "manaValue": 4, "name": "Serra Paragon", "power": "3", "subtypes": ["Angel"], "text": "Flying\nOnce during each of your turns, you may play a land from your graveyard or cast a permanent spell with mana value 3 or less from your graveyard. If you do, it gains \"When this permanent is put into a graveyard from the battlefield, exile it and you gain 2 life.\"", "toughness": "4", "type": "Creature — Angel", "types": ["Creature"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Memnite", "Memnite", "Serra Paragon"], "opponent": ["Blinding Mage"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "RemoveObject", "data": {"object_id": 4}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 3, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 1, "to_zone": "Graveyard", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Graveyard", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 3, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 3, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}}]''')


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


WANTED = {"kind": "CastSpell", "match": {"object_id": 1}}

game = replay()
legal = [(a.kind, a.data) for a in game.actions()]
print("phase's legal actions:", legal)
match = [a for a in legal if a[0] == WANTED["kind"]
         and all((a[1] or {}).get(k) == v for k, v in WANTED["match"].items())]
print("the ruling takes:", WANTED["kind"], WANTED["match"], "- listed by phase:", bool(match))
verdict(not match)

