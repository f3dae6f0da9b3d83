#!/usr/bin/env python3
"""Properties additional-instances-entering, additional-instances-steps-and-casts,
enters-under-your-control, turned-face-up-under-doublers and copies-and-cast-triggers on
phase.rs (pip install phase-python; nothing else).

CR 603.2d: each Fractured Realm ("If a triggered ability of a permanent you control triggers,
that ability triggers an additional time") adds one instance.  alice casts two Mirror Room //
Fractured Realm for their Fractured Realm doors (each unlocks as its Room enters), then
unlocks the Mirror Room door of the first (phase's UnlockRoomDoor): "When you unlock this
door, create a token that's a copy of target creature you control ..." triggers three times.
phase puts two instances on the stack: the other Room's Fractured Realm is applied, the
unlocked Room's own is not -- with only the other Room's Fractured Realm unlocked (the first
Room put onto the battlefield with no door unlocked) phase puts two, as it should, and
trigger-instances.py shows one where the Room's own is the only one.  The properties' "Mirror
Room // Fractured Realm put 1 (2) triggered abilities on the stack in this step, not 2 (3)".
Exit status 0: the departure is reproduced; 1: it is not.
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


def instances_after_unlock(own_realm):
    """Triggered abilities on the stack after alice unlocks the first Room's Mirror Room
    door, the second Room cast for Fractured Realm, the first cast for it too if
    ``own_realm``, else put onto the battlefield with no door unlocked."""
    game = engine.new_game(player=["Grizzly Bears", ROOM, ROOM], opponent=["Blinding Mage"],
                           seed=1, first_player=0)
    for seat in (0, 1):  # both players keep their opening hands
        act(game, seat, "MulliganDecision", {"choice": {"type": "Keep"}})
    snapshot = game.state()
    snapshot["state"]["debug_mode"] = True
    game = engine.load_game(snapshot)
    objects = game.state()["state"]["objects"]
    rooms = sorted(int(k) for k, o in objects.items()
                   if o["owner"] == 0 and o["name"] == "Mirror Room")
    bears = next(int(k) for k, o in objects.items() if o["name"] == "Grizzly Bears")
    debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
    if not own_realm:  # the full zone-change pipeline, as an effect would: no door unlocked
        debug(game, "MoveToZone", object_id=rooms[0], to_zone="Battlefield", simulate=True)
    for room in rooms if own_realm else rooms[1:]:
        debug(game, "AddMana", player_id=0, mana=["Blue", "Blue"] + ["Colorless"] * 5)
        act(game, 0, "CastSpell", {"object_id": room, "card_id": room, "targets": [],
                                   "payment_mode": {"type": "Auto"}})
        act(game, 0, "ChooseModalFace", {"back_face": True})  # Fractured Realm
        act(game, 0, "PassPriority")
        act(game, 1, "PassPriority")  # it resolves: Fractured Realm unlocked
    debug(game, "MoveToZone", object_id=bears, to_zone="Battlefield", simulate=False)
    print("  before unlocking:", [game.object(r)["room_unlocks"] for r in rooms])
    debug(game, "AddMana", player_id=0, mana=["Colorless", "Colorless", "Blue"])
    act(game, 0, "UnlockRoomDoor", {"object_id": rooms[0], "door": "Left"})  # Mirror Room
    for _ in range(5):  # answer every target prompt with the Grizzly Bears
        if game.waiting_for()["type"] not in ("TargetSelection", "TriggerTargetSelection"):
            break
        act(game, 0, "ChooseTarget", {"target": {"Object": bears}})
    stack = game.state()["state"]["stack"]
    return len([e for e in stack if (e.get("kind") or {}).get("type") != "Spell"])


engine = phase.Engine.from_json(json.dumps(card_data()))
print("both Rooms' Fractured Realm unlocked:")
both = instances_after_unlock(own_realm=True)
print(f"  {both} triggered abilities on the stack (CR 603.2d: 3)")
print("only the other Room's Fractured Realm unlocked:")
other = instances_after_unlock(own_realm=False)
print(f"  {other} triggered abilities on the stack (CR 603.2d: 2)")
departs = both == 2 and other == 2
print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
sys.exit(0 if departs else 1)
