"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    the engine refused PlayLand(player='alice', card='mountain_1'): python-mtg offers no such move (PlayLand)

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Mountain', 'Shock', 'Shock', 'Act on Impulse', 'Forest'], 'bob': []}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend(['Wastes'] * 20)
SEED = 0
CHANGES = {
    '_land_played': set(),
    '_lib_order': {'alice': ['mountain_1', 'shock_11', 'shock_22'], 'bob': []},
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
        ('alice', 'colorless', 2),
        ('alice', 'red', 1),
    },
    'graveyard': set(),
    'in_hand': {
        ('alice', 'act_on_impulse_13'),
        ('alice', 'forest_10'),
    },
    'in_library': {
        ('alice', 'mountain_1'),
        ('alice', 'shock_11'),
        ('alice', 'shock_22'),
    },
    'life': {
        ('alice', 20),
        ('bob', 20),
    },
    'mana_available': {
        ('alice', 3),
        ('bob', 0),
    },
    'mana_pool': {
        ('alice', 'colorless', 2),
        ('alice', 'red', 1),
    },
    'on_battlefield': set(),
    'on_stack': set(),
    'printed_control': {
        ('alice', 'act_on_impulse_13'),
        ('alice', 'forest_10'),
        ('alice', 'mountain_1'),
        ('alice', 'shock_11'),
        ('alice', 'shock_22'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('cast', 'alice', 'act_on_impulse_13', {}), []),
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


KIND, PLAYER, SUBJECT = ('play', 'alice', 'mountain_1')
ANSWERS = []  # what the harness answered up front (a target)
moves = [m for m in game.legal_moves if m.raw[0] == KIND and m.raw[1] == PLAYER
         and (m.raw[2][0] if KIND == "activate" else m.raw[2]) == SUBJECT]
print("python-mtg's moves for", KIND, SUBJECT, ":", [m.raw for m in moves])
legal = bool(moves)
if moves and ANSWERS:  # python-mtg takes a target inside the move: play it and look
    seen = []

    def listen(state, key, options, default):
        seen.append((key, sorted(options or (), key=repr)))
        return answers(state, key, options, default)

    answers.queue = list(ANSWERS)
    game.state["_policy"] = listen
    game.push(moves[0])
    print("python-mtg's decisions during the move:", seen)
    legal = all(any(key == k and value in options for k, options in seen)
                for key, value in ANSWERS)
verdict(not legal, "the move is " + ("legal" if legal else "not legal"), 'the move is legal')
