"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    the game: choice: expected the engine to ask for a choice; it neither asks nor chose one itself

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Arc Lightning'], 'bob': ['Grizzly Bears']}
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
        ('alice', 'colorless', 2),
        ('alice', 'red', 1),
    },
    'graveyard': set(),
    'in_hand': {
        ('alice', 'arc_lightning_4'),
    },
    'in_library': set(),
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
    'on_battlefield': {
        ('grizzly_bears_24',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'arc_lightning_4'),
        ('bob', 'grizzly_bears_24'),
    },
    'tapped': set(),
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


LAST, GIVEN = ('cast', 'alice', 'arc_lightning_4', {}), [('attackers', frozenset()), ('blocks', frozenset())]
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
print("Arc Lightning is in alice's graveyard:", 'arc_lightning_4' in game.graveyard('alice'),
      "; bob's permanents:", sorted(c for c, p in game.battlefield().items() if p == 'bob'))
verdict(not asked, "decisions with a choice of several options: " + repr(asked),
        'a choice asked of the player: one, two or three targets as Arc Lightning is cast '
        '(CR 601.2c), then the division of its 3 damage among them (CR 601.2d)')
