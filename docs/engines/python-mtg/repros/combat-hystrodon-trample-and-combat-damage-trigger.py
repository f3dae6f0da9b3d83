"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    expected the engine to ask for a choice (answered ['memnite', 'bob', 'bob']); it neither asked nor chose itself

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Island', 'Hystrodon'], 'bob': ['Memnite']}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend(['Wastes'] * 20)
SEED = 0
CHANGES = {
    '_land_played': set(),
    '_lib_order': {'alice': ['island_4'], 'bob': []},
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
    'in_library': {
        ('alice', 'island_4'),
    },
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
        ('hystrodon_19',),
        ('memnite_25',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'hystrodon_19'),
        ('alice', 'island_4'),
        ('bob', 'memnite_25'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('pass',), []),
    (('attack', frozenset({'hystrodon_19'})), []),
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


LAST, GIVEN = ('block', frozenset({('memnite_25', 'hystrodon_19')})), []
seen = []


def listen(state, key, options, default):
    seen.append((key, sorted(options or (), key=repr)))
    return answers(state, key, options, default)


answers.queue = list(GIVEN)
game.state["_policy"] = listen
game.push(LAST)
asked = [(key, options) for key, options in seen
         if len(options) > 1 and key not in ("attackers", "blocks")]
print("python-mtg's decisions during", LAST, ":", seen)
print("after it: life", game.life(), "hands", game.hand_count(),
      "step", game.step, "of", game.active_player)
verdict(not asked, "decisions with a choice of several options: " + repr(asked),
        'a choice asked of the player')
