"""python-mtg 0.1.1 crashes at the first beginning of combat of a game with Serah Farron in a
player's hand -- a game begun from decks, with no state edited, no move made and no other
legendary creature anywhere.

Serah Farron's "At the beginning of combat on your turn, if you control two or more other
legendary creatures, you may transform Serah Farron" is applied though Serah Farron is in
the hand and its condition does not hold, and python-mtg's transform handling applies it
again from inside itself without end (driver._transform -> _apply_effects ->
effect_handlers.transform -> driver._transform ...): RecursionError.

This is why the rulings that play Serah Farron into a combat step end in `error` with
python-mtg's own message.  Exit code 0: the crash shows; 1: it does not.
"""

import sys

import mtg

DECK = ["Serah Farron // Crystallized Serah"] + ["Plains"] * 10 + ["Forest"] * 10
HAND = ["Serah Farron // Crystallized Serah", "Plains", "Forest"]

try:
    game = mtg.Game({"alice": DECK, "bob": ["Wastes"] * 30}, seed=0,
                    starting_hand={"alice": HAND})
except RecursionError as exc:
    print("python-mtg raised RecursionError while starting the game:", exc)
    print("DEPARTURE REPRODUCED")
    sys.exit(0)
print("python-mtg started the game; it is in", game.step, "of", game.active_player)
print("NOT REPRODUCED")
sys.exit(1)
