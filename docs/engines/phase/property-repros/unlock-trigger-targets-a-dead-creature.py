#!/usr/bin/env python3
"""Property runs on phase.rs (pip install phase-python; nothing else): a "when you unlock this
door" ability that targets a creature you control goes on the stack targeting a creature that
state-based actions have just put into the graveyard.

A game the `ci` properties played (its calls to phase are in
unlock-trigger-targets-a-dead-creature.trace.json, the cards' MTGJSON faces in
unlock-trigger-targets-a-dead-creature.cards.json) is set up: alice controls one creature, a
Clone that entered as a copy of nothing (0/0), and a locked Mirror Room.  She unlocks Mirror
Room's door (phase's `UnlockRoomDoor`): "When you unlock this door, create a token that's a
copy of target creature you control".  State-based actions are checked before the triggered
ability is put on the stack (CR 117.5): the 0/0 Clone is put into its owner's graveyard (CR
704.5f), alice controls no creature, and the ability is removed as it is put on the stack
(CR 603.3d).  phase puts it on the stack, its target the Clone in the graveyard.
Exit status 0: the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

HERE = __file__.rpartition("/")[0] or "."
CARDS = json.load(open(f"{HERE}/unlock-trigger-targets-a-dead-creature.cards.json"))
TRACE = json.load(open(f"{HERE}/unlock-trigger-targets-a-dead-creature.trace.json"))


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


engine = phase.Engine.from_json(json.dumps(card_data()))
*SET_UP, UNLOCK = TRACE
game = None
for entry in SET_UP:
    if entry["op"] == "new_game":
        game = engine.new_game(player=entry["player"], opponent=entry["opponent"],
                               seed=entry["seed"], first_player=entry["first_player"])
    elif entry["op"] == "debug_mode":  # what the adapter does to set up a position
        snapshot = game.state()
        snapshot["state"]["debug_mode"] = True
        game = engine.load_game(json.dumps(snapshot))
    else:
        try:
            game.apply(entry["seat"], phase.GameAction.from_dict(entry["action"]))
        except ValueError:
            if not entry.get("refused"):
                raise


clone = next(o for o in game.battlefield() if o["name"] == "Clone")
print("set up: Clone", clone["id"], "power/toughness", clone.get("power"), clone.get("toughness"),
      "on the battlefield;", game.waiting_for().get("type"), flush=True)
game.apply(UNLOCK["seat"], phase.GameAction.from_dict(UNLOCK["action"]))
in_graveyard = clone["id"] in game.player(0)["graveyard"]
stack = game.stack()
targets = [t for item in stack
           for t in ((item.get("kind") or {}).get("data") or {}).get("ability", {}).get("targets", [])]
print("after the unlock: Clone in the graveyard:", in_graveyard, "; stack:",
      [((i.get("kind") or {}).get("data") or {}).get("ability", {}).get("description", "")[:60]
       for i in stack], "targets:", targets)
departs = in_graveyard and any(t == {"Object": clone["id"]} for t in targets)
print("DEPARTURE REPRODUCED" if departs else "not reproduced")
sys.exit(0 if departs else 1)
