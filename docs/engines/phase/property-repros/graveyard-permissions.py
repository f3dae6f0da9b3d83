#!/usr/bin/env python3
"""Properties graveyard-permissions, legal-actions, casting-timing and x-costs on phase.rs
(pip install phase-python; nothing else).

Serra Paragon: "Once during each of your turns, you may play a land from your graveyard or
cast a permanent spell with mana value 3 or less from your graveyard."  With it on the
battlefield in its controller's main phase, stack empty, Memnite (mana value 0) and Endless
One ({X}; cast with X=1 its mana value on the stack is 1, CR 202.3e) may each be cast from
that player's graveyard (CR 601.3).  phase's parser leaves the permission Unimplemented, and
its legal actions hold no cast of either card: the properties' "Cast Memnite ... is illegal
though every condition holds" and "Cast Endless One with X=1 ... is illegal".  A Memnite in
the hand is castable, so the game is one where casting is possible.
Exit status 0: the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

CARDS = json.loads(r'''{
 "Endless One": {"faces": [{"colorIdentity": [], "colors": [], "identifiers": {"scryfallOracleId": "7a51780a-fa28-4ee0-94c7-4330800ca9cb"}, "layout": "normal", "manaCost": "{X}", "manaValue": 0, "name": "Endless One", "power": "0", "subtypes": ["Eldrazi"], "text": "This creature enters with X +1/+1 counters on it.", "toughness": "0", "type": "Creature — Eldrazi", "types": ["Creature"]}], "layout": "normal"},
 "Memnite": {"faces": [{"colorIdentity": [], "colors": [], "identifiers": {"scryfallOracleId": "7663ac7c-1de3-4250-b96a-fae9dbd66a27"}, "layout": "normal", "manaCost": "{0}", "manaValue": 0, "name": "Memnite", "power": "1", "subtypes": ["Construct"], "toughness": "1", "type": "Artifact Creature — Construct", "types": ["Artifact", "Creature"]}], "layout": "normal"},
 "Serra Paragon": {"faces": [{"colorIdentity": ["W"], "colors": ["W"], "identifiers": {}, "keywords": ["Flying"], "layout": "normal", "manaCost": "{2}{W}{W}", "manaValue": 4, "name": "Serra Paragon", "power": "3", "subtypes": ["Angel"], "text": "Flying\nOnce during each of your turns, you may play a land from your graveyard or cast a permanent spell with mana value 3 or less from your graveyard. If you do, it gains \"When this permanent is put into a graveyard from the battlefield, exile it and you gain 2 life.\"", "toughness": "4", "type": "Creature — Angel", "types": ["Creature"]}], "layout": "normal"}
}''')


def card_data():
    faces = {}
    for name, card in CARDS.items():
        oracle = str(uuid.uuid5(uuid.NAMESPACE_URL, "conformance-card:" + name))
        built = dict(phase.build_oracle_face(card["faces"][0], oracle))
        faces[built["name"].lower()] = built
    return faces


def unimplemented(node):
    if isinstance(node, dict):
        found = [node.get("description")] if node.get("type") == "Unimplemented" else []
        return found + [d for v in node.values() for d in unimplemented(v)]
    if isinstance(node, list):
        return [d for v in node for d in unimplemented(v)]
    return []


def act(game, seat, kind, data=None):
    plain = {"type": kind} if data is None else {"type": kind, "data": data}
    return game.apply(seat, phase.GameAction.from_dict(plain))


def debug(game, kind, **data):
    return act(game, 0, "Debug", {"type": kind, "data": data})


data = card_data()
print("phase's parser left Unimplemented on Serra Paragon:",
      unimplemented(data["serra paragon"]))
engine = phase.Engine.from_json(json.dumps(data))
game = engine.new_game(player=["Serra Paragon", "Memnite", "Endless One", "Memnite"],
                       opponent=["Memnite"], seed=1, first_player=0)
for seat in (0, 1):  # both players keep their opening hands
    act(game, seat, "MulliganDecision", {"choice": {"type": "Keep"}})
snapshot = game.state()
snapshot["state"]["debug_mode"] = True
game = engine.load_game(json.dumps(snapshot))
objects = game.state()["state"]["objects"]
mine = {int(k): o["name"] for k, o in objects.items() if o["owner"] == 0}
paragon = next(k for k, n in mine.items() if n == "Serra Paragon")
memnites = sorted(k for k, n in mine.items() if n == "Memnite")
endless = next(k for k, n in mine.items() if n == "Endless One")
debug(game, "MoveToZone", object_id=paragon, to_zone="Battlefield", simulate=False)
for number, zone in ((memnites[0], "Graveyard"), (endless, "Graveyard"), (memnites[1], "Hand")):
    debug(game, "MoveToZone", object_id=number, to_zone=zone, simulate=False)
debug(game, "SetPhase", phase="PreCombatMain", active_player=0)
debug(game, "AddMana", player_id=0, mana=["White", "White", "White"])
casts = {int(a.data["object_id"]) for a in game.actions() if a.kind == "CastSpell"}
print(f"turn {game.turn}, {game.phase}, waiting for {game.waiting_for()['type']}, "
      f"stack {len(game.state()['state']['stack'])} entries")
for number, where in ((memnites[1], "hand"), (memnites[0], "graveyard"),
                      (endless, "graveyard")):
    print(f"{mine[number]} in the {where}: {'castable' if number in casts else 'not castable'}")
departs = memnites[1] in casts and memnites[0] not in casts and endless not in casts
print("DEPARTURE REPRODUCED" if departs else "NOT REPRODUCED")
sys.exit(0 if departs else 1)
