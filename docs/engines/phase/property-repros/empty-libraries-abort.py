#!/usr/bin/env python3
"""Property runs on phase.rs (pip install phase-python; nothing else): phase keeps a game
going after a player draws from an empty library, and the next pass aborts the process.

A game the `ci` properties played (its calls to phase are in empty-libraries-abort.trace.json,
the card data phase was given in empty-libraries-abort.cards.json) is replayed, then every
player passes priority.  Both libraries are empty; in the draw step of turn 2 the active player
draws from its empty library, so the game ends at the next state-based action check (CR 704.5b)
-- phase instead waits for priority, and reports only Ground Seal left on the battlefield.
Exit status 0: the departure is reproduced; 1: it is not.

With --abort the script then passes priority once more: phase tries to allocate 5-10 GiB
(``memory allocation of ... bytes failed``) and aborts the Python process (SIGABRT, exit
status 134), or, without a memory limit, the system kills it.  Run it under a limit:
``prlimit --as=4000000000 python empty-libraries-abort.py --abort``.
"""

import json
import sys

import phase

HERE = __file__.rpartition("/")[0] or "."

engine = phase.Engine.from_json(open(f"{HERE}/empty-libraries-abort.cards.json").read())
trace = json.load(open(f"{HERE}/empty-libraries-abort.trace.json"))
game = None
for entry in trace:
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


def libraries():
    return [len(game.player(seat)["library"]) for seat in (0, 1)]


print("replayed:", game, game.waiting_for().get("type"), flush=True)
for step in range(60):
    kind = game.waiting_for().get("type")
    print(step, game.turn, game.phase, kind, "libraries:", libraries(),
          [o["name"] for o in game.battlefield()], flush=True)
    if kind == "GameOver":
        print("the game is over: not reproduced")
        sys.exit(1)
    if game.turn == 2 and game.phase == "Draw":
        if kind != "Priority" or libraries() != [0, 0]:
            print("not reproduced:", game.waiting_for())
            sys.exit(1)
        print("DEPARTURE REPRODUCED: the active player drew from an empty library in the draw "
              "step of turn 2 and phase still waits for priority (CR 704.5b: that player "
              "loses the game)", flush=True)
        if "--abort" not in sys.argv:
            sys.exit(0)
        print("passing priority once more (phase aborts the process) ...", flush=True)
        game.apply(actor(), phase.GameAction.from_dict({"type": "PassPriority"}))
        print("the pass returned: the abort is not reproduced")
        sys.exit(1)
    if kind == "DeclareAttackers":
        action = {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}}
    elif kind == "DeclareBlockers":
        action = {"type": "DeclareBlockers", "data": {"assignments": []}}
    elif kind == "Priority":
        action = {"type": "PassPriority"}
    else:
        print("waiting for", game.waiting_for())
        sys.exit(1)
    game.apply(actor(), phase.GameAction.from_dict(action))
print("the draw step of turn 2 was not reached: not reproduced")
sys.exit(1)
