"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    the engine refused DeclareBlockers(player='bob', blocks=(('grizzly_bears_24', 'hill_giant_4'), ('memnite_21', 'hill_giant_4'))): python-mtg offers bob the block declarations [[], [('grizzly_bears_24', 'hill_giant_4')], [('memnite_21', 'hill_giant_4')]]

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Hill Giant'], 'bob': ['Grizzly Bears', 'Memnite']}
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
        ('grizzly_bears_24',),
        ('hill_giant_4',),
        ('memnite_21',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'hill_giant_4'),
        ('bob', 'grizzly_bears_24'),
        ('bob', 'memnite_21'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('pass',), []),
    (('attack', frozenset({'hill_giant_4'})), []),
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


KIND, WANTED = 'block', [('grizzly_bears_24', 'hill_giant_4'), ('memnite_21', 'hill_giant_4')]
PASSES = []  # python-mtg's moves to its declaration step, with their answers
for move, given in PASSES:
    answers.queue = list(given)
    game.push(move)
offered = [sorted(m.raw[1]) for m in game.legal_moves if m.raw[0] == KIND]
print("python-mtg is in", game.step, "of", game.active_player, "; to move:", game.turn)
print("python-mtg offers the", KIND, "declarations", offered)
legal = sorted(WANTED) in offered
try:  # python-mtg's own legality check on push, with the declaration as a bare move
    game.push((KIND, frozenset(WANTED)))
    print("python-mtg's push accepts the declaration")
    game.pop()
except ValueError as refused:
    print("python-mtg's push refuses it:", refused)
verdict(not legal, KIND + " " + repr(WANTED) + (" is" if legal else " is not") + " offered",
        'the declaration is legal: two creatures may block one attacker (CR 509.1a), '
        'and the attacker then divides its damage among them (CR 510.1c)')
