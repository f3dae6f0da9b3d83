#!/usr/bin/env python3
"""Property receiving-priority on phase.rs (pip install phase-python; nothing else).

CR 117.3b, 117.5: after a spell resolves, the active player receives priority -- once
state-based actions are checked and triggered abilities put on the stack, whoever controls
them.  alice, the active player, casts Shock at bob's Star Pupil (a 1/1 with a +1/+1
counter: "When this creature dies, put its counters on target creature you control"); both
pass, Shock resolves, Star Pupil dies, and bob chooses the target of his ability among his two
Doomed Travelers.  phase then gives priority to bob, who chose the trigger's target, not to
alice.  (With one Doomed Traveler phase chooses the target itself, asks nothing, and gives
priority to alice.)  The property's "... and bob has priority, not alice".  Exit status 0:
the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{"Shock": {"faces": [{"name": "Shock", "identifiers": {"scryfallOracleId": "a9d288b8-cdc1-4e55-a0c9-d6edfc95e65d"}, "layout": "normal", "manaCost": "{R}", "manaValue": 1, "type": "Instant", "types": ["Instant"], "colors": ["R"], "colorIdentity": ["R"], "text": "Shock deals 2 damage to any target."}], "layout": "normal"}, "Star Pupil": {"faces": [{"name": "Star Pupil", "layout": "normal", "manaCost": "{W}", "manaValue": 1, "type": "Creature \u2014 Human Wizard", "types": ["Creature"], "subtypes": ["Human", "Wizard"], "power": "0", "toughness": "0", "colors": ["W"], "colorIdentity": ["W"], "text": "This creature enters with a +1/+1 counter on it.\nWhen this creature dies, put its counters on target creature you control.", "identifiers": {}}], "layout": "normal"}, "Doomed Traveler": {"faces": [{"name": "Doomed Traveler", "identifiers": {"scryfallOracleId": "a30907c0-fbde-4fd3-a8c7-f304305fcea7"}, "layout": "normal", "manaCost": "{W}", "manaValue": 1, "type": "Creature \u2014 Human Soldier", "types": ["Creature"], "subtypes": ["Human", "Soldier"], "power": "1", "toughness": "1", "colors": ["W"], "colorIdentity": ["W"], "text": "When this creature dies, create a 1/1 white Spirit creature token with flying."}], "layout": "normal"}}''')


def card_data():
    faces = {}
    for name, card in CARDS.items():
        oracle = str(uuid.uuid5(uuid.NAMESPACE_URL, "conformance-card:" + name))
        built = dict(phase.build_oracle_face(card["faces"][0], oracle))
        faces[built["name"].lower()] = built
    return faces


def shown(waiting):
    return waiting["type"], waiting.get("data", {}).get("player")


def act(game, seat, kind, data=None):
    plain = {"type": kind} if data is None else {"type": kind, "data": data}
    return game.apply(seat, phase.GameAction.from_dict(plain))


def debug(game, kind, **data):
    return act(game, 0, "Debug", {"type": kind, "data": data})


engine = phase.Engine.from_json(json.dumps(card_data()))
game = engine.new_game(player=["Shock", "Shock"],
                       opponent=["Star Pupil", "Doomed Traveler", "Doomed Traveler"],
                       seed=1, first_player=0)
for seat in (0, 1):  # both players keep their opening hands
    act(game, seat, "MulliganDecision", {"choice": {"type": "Keep"}})
snapshot = game.state()
snapshot["state"]["debug_mode"] = True
game = engine.load_game(json.dumps(snapshot))
objects = game.state()["state"]["objects"]
shock = next(int(k) for k, o in objects.items() if o["owner"] == 0 and o["name"] == "Shock")
pupil = next(int(k) for k, o in objects.items() if o["owner"] == 1 and o["name"] == "Star Pupil")
travelers = sorted(int(k) for k, o in objects.items()
                   if o["owner"] == 1 and o["name"] == "Doomed Traveler")
traveler = travelers[0]
debug(game, "MoveToZone", object_id=shock, to_zone="Hand", simulate=False)
for number in travelers:  # two creatures of bob's: his ability's target is his choice
    debug(game, "MoveToZone", object_id=number, to_zone="Battlefield", simulate=False)
debug(game, "MoveToZone", object_id=pupil, to_zone="Battlefield", simulate=True)  # a counter
print("Star Pupil:", {k: v for k, v in game.object(pupil).items() if k in ("zone", "counters")})
debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
debug(game, "AddMana", player_id=0, mana=["Red"])
act(game, 0, "CastSpell", {"object_id": shock, "card_id": shock, "targets": [],
                           "payment_mode": {"type": "Auto"}})
for _ in range(3):
    if game.waiting_for()["type"] not in ("TargetSelection", "TriggerTargetSelection"):
        break
    act(game, 0, "ChooseTarget", {"target": {"Object": pupil}})
print("after the cast:", shown(game.waiting_for()))
act(game, 0, "PassPriority")
print("after alice passes:", shown(game.waiting_for()))
act(game, 1, "PassPriority")  # Shock resolves; Star Pupil dies
print("after bob passes:", shown(game.waiting_for()))
for _ in range(3):  # bob's Star Pupil ability: its target, bob's Doomed Traveler
    if game.waiting_for()["type"] not in ("TargetSelection", "TriggerTargetSelection"):
        break
    act(game, 1, "ChooseTarget", {"target": {"Object": traveler}})
waiting = game.waiting_for()
stack = game.state()["state"]["stack"]
print("once bob chose his target:", shown(waiting), "stack:", len(stack), "entries")
where = game.state()["state"]["objects"].get(str(pupil), {}).get("zone")
print("Star Pupil is in the", where)
seat = waiting.get("data", {}).get("player")
departs = waiting.get("type") == "Priority" and seat == 1 and len(stack) == 1
print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
sys.exit(0 if departs else 1)
