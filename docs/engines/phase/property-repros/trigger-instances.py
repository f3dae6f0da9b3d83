#!/usr/bin/env python3
"""Property trigger-instances on phase.rs (pip install phase-python; nothing else).

CR 603.2d: Fractured Realm ("If a triggered ability of a permanent you control triggers,
that ability triggers an additional time") makes Mirror Room's "When you unlock this door,
create a token that's a copy of target creature you control ..." trigger twice when its
controller unlocks that door.  With Fractured Realm unlocked (cast, so it unlocked as the
Room entered), unlocking Mirror Room by phase's UnlockRoomDoor special action puts one
instance on phase's stack.  Exit status 0: the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Blinding Mage": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{W}", "manaValue": 2, "name": "Blinding Mage", "power": "1", "subtypes": ["Human", "Wizard"], "text": "{W}, {T}: Tap target creature.", "toughness": "2", "type": "Creature — Human Wizard", "types": ["Creature"]}], "layout": "normal"},
 "Grizzly Bears": {"faces": [{"colorIdentity": ["G"], "colors": ["G"], "identifiers": {}, "layout": "normal", "manaCost": "{1}{G}", "manaValue": 2, "name": "Grizzly Bears", "power": "2", "subtypes": ["Bear"], "toughness": "2", "type": "Creature — Bear", "types": ["Creature"]}], "layout": "normal"},
 "Mirror Room // Fractured Realm": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 3, "faceName": "Mirror Room", "identifiers": {}, "layout": "split", "manaCost": "{2}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "a", "subtypes": ["Room"], "text": "When you unlock this door, create a token that's a copy of target creature you control, except it's a Reflection in addition to its other creature types.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 7, "faceName": "Fractured Realm", "identifiers": {}, "layout": "split", "manaCost": "{5}{U}{U}", "manaValue": 10, "name": "Mirror Room // Fractured Realm", "side": "b", "subtypes": ["Room"], "text": "If a triggered ability of a permanent you control triggers, that ability triggers an additional time.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"}
}''')

ROOM = "Mirror Room // Fractured Realm"


def card_data():
    faces = {}
    for name, card in CARDS.items():
        oracle = str(uuid.uuid5(uuid.NAMESPACE_URL, "conformance-card:" + name))  # every face
        for index, face in enumerate(card["faces"]):
            if len(card["faces"]) == 1:
                built = dict(phase.build_oracle_face(face, oracle))
            else:
                built = dict(phase.build_oracle_face_multi(face, oracle))
                built["layout"], built["face_index"] = card["layout"], index
            faces.setdefault(built["name"].lower(), built)
    return faces


def act(game, seat, kind, data=None):
    plain = {"type": kind} if data is None else {"type": kind, "data": data}
    return game.apply(seat, phase.GameAction.from_dict(plain))


def debug(game, kind, **data):
    return act(game, 0, "Debug", {"type": kind, "data": data})


engine = phase.Engine.from_json(json.dumps(card_data()))
game = engine.new_game(player=["Grizzly Bears", ROOM], opponent=["Blinding Mage"], seed=1,
                       first_player=0)
for seat in (0, 1):  # both players keep their opening hands
    act(game, seat, "MulliganDecision", {"choice": {"type": "Keep"}})
snapshot = game.state()
snapshot["state"]["debug_mode"] = True
game = engine.load_game(snapshot)
objects = game.state()["state"]["objects"]
room = next(int(k) for k, o in objects.items() if o["owner"] == 0 and o["name"] == "Mirror Room")
bears = next(int(k) for k, o in objects.items() if o["name"] == "Grizzly Bears")
debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
debug(game, "AddMana", player_id=0, mana=["Blue", "Blue"] + ["Colorless"] * 5)
act(game, 0, "CastSpell", {"object_id": room, "card_id": room, "targets": [],
                           "payment_mode": {"type": "Auto"}})
act(game, 0, "ChooseModalFace", {"back_face": True})  # Fractured Realm
act(game, 0, "PassPriority")
act(game, 1, "PassPriority")  # it resolves: Fractured Realm unlocked
debug(game, "MoveToZone", object_id=bears, to_zone="Battlefield", simulate=False)
print("before unlocking:", game.object(room)["room_unlocks"])
debug(game, "AddMana", player_id=0, mana=["Colorless", "Colorless", "Blue"])
act(game, 0, "UnlockRoomDoor", {"object_id": room, "door": "Left"})  # Mirror Room
for _ in range(5):  # answer every target prompt with the Grizzly Bears
    if game.waiting_for()["type"] not in ("TargetSelection", "TriggerTargetSelection"):
        break
    act(game, 0, "ChooseTarget", {"target": {"Object": bears}})
stack = game.state()["state"]["stack"]
instances = [e for e in stack if (e.get("kind") or {}).get("type") != "Spell"]
for entry in instances:
    ability = ((entry.get("kind") or {}).get("data") or {}).get("ability") or {}
    print("on the stack:", ability.get("source_id"), ability.get("description"))
print(f"after unlocking Mirror Room: {game.object(room)['room_unlocks']}, waiting for "
      f"{game.waiting_for()['type']}; {len(instances)} triggered abilities on the stack "
      f"(CR 603.2d: 2)")
departs = len(instances) == 1
print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
sys.exit(0 if departs else 1)
