#!/usr/bin/env python3
"""Property room-characteristics-by-zone on phase.rs (pip install phase-python; nothing else).

CR 709.4: outside the stack (and the battlefield, CR 709.5) a split card -- a Room -- has the
combined characteristics of its two halves: a Room card in a library or a hand is named both
Bottomless Pool and Locker Room.  phase names a Room card in its owner's library or opening
hand (dealt there by new_game, no debug action) after its left door only, the right door kept aside as
``back_face``; the last-known information phase records when it leaves the library carries
that one name too.  Exit status 0: the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Bottomless Pool // Locker Room": {"faces": [{"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 1, "faceName": "Bottomless Pool", "identifiers": {}, "layout": "split", "manaCost": "{U}", "manaValue": 6, "name": "Bottomless Pool // Locker Room", "side": "a", "subtypes": ["Room"], "text": "When you unlock this door, return up to one target creature to its owner's hand.", "type": "Enchantment — Room", "types": ["Enchantment"]}, {"colorIdentity": ["U"], "colors": ["U"], "faceManaValue": 5, "faceName": "Locker Room", "identifiers": {}, "layout": "split", "manaCost": "{4}{U}", "manaValue": 6, "name": "Bottomless Pool // Locker Room", "side": "b", "subtypes": ["Room"], "text": "Whenever one or more creatures you control deal combat damage to a player, draw a card.", "type": "Enchantment — Room", "types": ["Enchantment"]}], "layout": "split"}
}''')

ROOM = "Bottomless Pool // Locker Room"


def card_data():
    oracle = str(uuid.uuid5(uuid.NAMESPACE_URL, "conformance-card:" + ROOM))  # both doors
    faces = {}
    for index, face in enumerate(CARDS[ROOM]["faces"]):
        built = dict(phase.build_oracle_face_multi(face, oracle))
        built["layout"], built["face_index"] = "split", index
        faces[built["name"].lower()] = built
    return faces


def debug(game, kind, **data):
    action = phase.GameAction.from_dict({"type": "Debug", "data": {"type": kind, "data": data}})
    return game.apply(0, action)


engine = phase.Engine.from_json(json.dumps(card_data()))
game = engine.new_game(player=[ROOM] * 12, opponent=[ROOM], seed=1, first_player=0)
for seat in (0, 1):  # both players keep their opening hands
    game.apply(seat, phase.GameAction.from_dict(
        {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}}))
objects = game.state()["state"]["objects"]
in_hand = next(o for o in objects.values() if o["owner"] == 0 and o["zone"] == "Hand")
print(f"in the hand: name {in_hand['name']!r}")
room = next(int(k) for k, o in objects.items() if o["owner"] == 0 and o["zone"] == "Library")
obj = objects[str(room)]
print(f"in the library: name {obj['name']!r}, back_face name "
      f"{(obj.get('back_face') or {}).get('name')!r}")
snapshot = game.state()
snapshot["state"]["debug_mode"] = True
game = engine.load_game(snapshot)
result = debug(game, "MoveToZone", object_id=room, to_zone="Exile", simulate=False)
record = [e["data"]["record"] for e in result.events if e["type"] == "ZoneChanged"][0]
print(f"last-known information as it left the library: name {record.get('name')!r} "
      f"(CR 709.4: Bottomless Pool and Locker Room)")
names = {n for n in str(obj["name"]).split(" // ") if n}
hand_names = {n for n in str(in_hand["name"]).split(" // ") if n}
departs = obj["zone"] == "Library" and names != {"Bottomless Pool", "Locker Room"} \
    and hand_names != {"Bottomless Pool", "Locker Room"}
print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
sys.exit(0 if departs else 1)
