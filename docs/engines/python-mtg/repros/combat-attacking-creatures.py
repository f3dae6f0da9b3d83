"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    expected the engine to refuse DeclareAttackers(player='alice', attackers=('memnite_20',)); it allowed it

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Grizzly Bears', 'Memnite', 'Monastery Swiftspear'], 'bob': ['Grizzly Bears']}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend(['Wastes'] * 20)
SEED = 0
CHANGES = {
    '_land_played': set(),
    '_lib_order': {'alice': [], 'bob': []},
    '_sick': {
        ('grizzly_bears_5',),
        ('monastery_swiftspear_9',),
    },
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
    'floating_mana': set(),
    'graveyard': set(),
    'in_hand': set(),
    'in_library': set(),
    'life': {
        ('alice', 20),
        ('bob', 20),
    },
    'mana_available': {
        ('alice', 0),
        ('bob', 0),
    },
    'mana_pool': set(),
    'on_battlefield': {
        ('grizzly_bears_26',),
        ('grizzly_bears_5',),
        ('memnite_20',),
        ('monastery_swiftspear_9',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'grizzly_bears_5'),
        ('alice', 'memnite_20'),
        ('alice', 'monastery_swiftspear_9'),
        ('bob', 'grizzly_bears_26'),
    },
    'tapped': {
        ('memnite_20',),
    },
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
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


KIND, WANTED = 'attack', ['memnite_20']
PASSES = [(('pass',), [])]  # python-mtg's moves to its declaration step, with their answers
for move, given in PASSES:
    answers.queue = list(given)
    game.push(move)
offered = [sorted(m.raw[1]) for m in game.legal_moves if m.raw[0] == KIND]
print("python-mtg is in", game.step, "of", game.active_player, "; to move:", game.turn)
print("python-mtg offers the", KIND, "declarations", offered)
legal = sorted(WANTED) in offered
verdict(legal, KIND + " " + repr(WANTED) + (" is" if legal else " is not") + " offered",
        'the declaration is not legal')
