#!/usr/bin/env python3
"""Property runs on phase.rs (pip install phase-python; nothing else): phase never leaves the
cleanup step of a turn -- both players pass priority with an empty stack, and phase gives
priority again in the same cleanup step, without end.

A game the `ci` properties played (its calls to phase are in cleanup-loop.trace.json, the
cards' MTGJSON faces phase's own builder was given in cleanup-loop.cards.json) is replayed up
to its last call that is not a pass; then every player passes priority, 200 times.  In the
cleanup step players receive priority only if state-based actions were performed or abilities
triggered, and then another cleanup step follows (CR 514.3a); with nothing performed and
nothing triggered, the step ends and the next turn begins (CR 514.3).  phase stays in the
cleanup step of turn 1, each pass recorded and nothing else happening.
Exit status 0: the departure is reproduced; 1: it is not.
"""

import json
import sys
import uuid

import phase

HERE = __file__.rpartition("/")[0] or "."
CARDS = json.load(open(f"{HERE}/cleanup-loop.cards.json"))
TRACE = json.load(open(f"{HERE}/cleanup-loop.trace.json"))


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
passes = [e for e in TRACE if e["op"] == "apply" and e["action"]["type"] == "PassPriority"]
last = max(i for i, e in enumerate(TRACE) if e not in passes)
game = None
for entry in TRACE[:last + 1]:
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


def actor():
    data = game.waiting_for().get("data") or {}
    player = data.get("player")
    if player is None and data.get("pending"):
        player = data["pending"][0].get("player")
    return int(player or 0)


print("replayed:", game.turn, game.phase, game.waiting_for().get("type"),
      [o["name"] for o in game.battlefield()], flush=True)
in_cleanup = 0  # passes made in the cleanup step
other = []  # what else phase reported meanwhile
for _ in range(200):
    if game.waiting_for().get("type") != "Priority" or game.stack():
        break
    cleanup = game.phase == "Cleanup"
    events = game.apply(actor(), phase.GameAction.from_dict({"type": "PassPriority"})).events
    if cleanup:
        in_cleanup += 1
        other += [e for e in events if e.get("type") != "PriorityPassed"]
print("after 200 passes:", "turn", game.turn, game.phase, game.waiting_for().get("type"),
      f"({in_cleanup} passes made in the cleanup step; other events then: {other[:5]})")
stuck = game.phase == "Cleanup" and in_cleanup >= 100
print("DEPARTURE REPRODUCED" if stuck else "not reproduced")
sys.exit(0 if stuck else 1)
