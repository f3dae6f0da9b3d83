#!/usr/bin/env python3
"""Standalone reproduction on phase.rs (pip install phase-python; no other package).

The conformance harness reported:
    expected the engine to refuse the answer ['bears', 'bears', 'bears'] to 'divide 3 among the targets'; it accepted it

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
 "Arc Lightning": {"faces": [{"colorIdentity": ["R"], "colors": ["R"], "identifiers": {}, "layout": "normal", "manaCost": "{2}{R}", "manaValue": 3, "name": "Arc Lightning", "text": "Arc Lightning deals 3 damage divided as you choose among one, two, or three targets.", "type": "Sorcery", "types": ["Sorcery"]}], "layout": "normal"},
 "Grizzly Bears": {"faces": [{"colorIdentity": ["G"], "colors": ["G"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{G}", "manaValue": 2, "name": "Grizzly Bears", "power": "2", "subtypes": ["Bear"], "toughness": "2", "type": "Creature — Bear", "types": ["Creature"]}], "layout": "normal"}
}''')

TRACE = json.loads(r'''[{"op": "new_game", "player": ["Arc Lightning"], "opponent": ["Grizzly Bears"], "seed": 1, "first_player": 0},
 {"op": "apply", "seat": 0, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "apply", "seat": 1, "action": {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}},
 {"op": "debug_mode"},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "MoveToZone", "data": {"object_id": 2, "to_zone": "Battlefield", "simulate": false, "library_position": {"type": "Top"}}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetSummoningSickness", "data": {"object_id": 2, "sick": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetTapped", "data": {"object_id": 2, "tapped": false}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "SetPhase", "data": {"phase": "PreCombatMain", "active_player": 0}}}},
 {"op": "apply", "seat": 0, "action": {"type": "Debug", "data": {"type": "AddMana", "data": {"player_id": 0, "mana": ["Colorless", "Colorless", "Red"]}}}},
 {"op": "apply", "seat": 0, "action": {"type": "CastSpell", "data": {"object_id": 1, "card_id": 1, "targets": [], "payment_mode": {"type": "Auto"}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseTarget", "data": {"target": {"Object": 2}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseTarget", "data": {"target": {"Player": 1}}}},
 {"op": "apply", "seat": 0, "action": {"type": "ChooseTarget", "data": {"target": null}}},
 {"op": "apply", "seat": 0, "action": {"type": "DistributeAmong", "data": {"distribution": [[{"Object": 2}, 3]]}}}]''')


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


game = replay()  # the last call is the action or answer the ruling says phase must refuse
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

