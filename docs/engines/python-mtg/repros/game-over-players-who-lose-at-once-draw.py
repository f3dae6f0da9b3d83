"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    alice: life: expected 0, found 4

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Flame Rift', 'Shock'], 'bob': []}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend(['Wastes'] * 20)
SEED = 0
CHANGES = {
    '_land_played': set(),
    '_lib_order': {'alice': [], 'bob': []},
    '_sick': set(),
    'active_player': {
        ('alice',),
    },
    'attacks': set(),
    'blocks': set(),
    'command_zone': set(),
    'counter': set(),
    'current_step': {
        ('precombat_main',),
    },
    'exile': set(),
    'floating_mana': {
        ('alice', 'colorless', 1),
        ('alice', 'red', 2),
    },
    'graveyard': set(),
    'in_hand': {
        ('alice', 'flame_rift_4'),
        ('alice', 'shock_19'),
    },
    'in_library': set(),
    'life': {
        ('alice', 4),
        ('bob', 4),
    },
    'mana_available': {
        ('alice', 3),
        ('bob', 0),
    },
    'mana_pool': {
        ('alice', 'colorless', 1),
        ('alice', 'red', 2),
    },
    'on_battlefield': set(),
    'on_stack': set(),
    'printed_control': {
        ('alice', 'flame_rift_4'),
        ('alice', 'shock_19'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('cast', 'alice', 'flame_rift_4', {}), []),
]


class Answers:
    """python-mtg's choice seam: the recorded answers, else python-mtg's own default."""

    def __init__(self):
        self.queue = []

    def __call__(self, state, key, options, default):
        if self.queue and self.queue[0][0] == key:
            return self.queue.pop(0)[1]
        return default


answers = Answers()
built = mtg.Game(DECKS, seed=SEED, explicit_lands=True, instant_speed=True)
state = dict(built.state)
state.update(CHANGES)
state["_policy"] = answers
game = mtg.Game.from_state(state)
for move, given in MOVES:
    answers.queue = list(given)
    game.push(move)


def verdict(departed, found, expected):
    print("python-mtg:", found)
    print("the ruling:", expected)
    print("DEPARTURE REPRODUCED" if departed else "NOT REPRODUCED")
    sys.exit(0 if departed else 1)


PLAYER = 'alice'
values = {"life": game.life()[PLAYER], "hand_size": game.hand_count(PLAYER),
          "library_size": game.library_size(PLAYER),
          "graveyard_size": len(game.graveyard(PLAYER))}
EXPECTED = {'life': 0}
found = {k: values[k] for k in EXPECTED}
verdict(found != EXPECTED, found, EXPECTED)
