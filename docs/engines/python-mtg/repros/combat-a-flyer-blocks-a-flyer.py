"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    alice: life: expected 22, found 20

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Vampire Nighthawk'], 'bob': ['Serra Angel']}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend(['Wastes'] * 20)
SEED = 0
CHANGES = {
    '_land_played': set(),
    '_lib_order': {'alice': [], 'bob': []},
    '_sick': set(),
    'active_player': {
        ('bob',),
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
        ('serra_angel_24',),
        ('vampire_nighthawk_4',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'vampire_nighthawk_4'),
        ('bob', 'serra_angel_24'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('pass',), []),
    (('attack', frozenset({'serra_angel_24'})), []),
    (('block', frozenset({('vampire_nighthawk_4', 'serra_angel_24')})), []),
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

LEFT = 'combat_damage'  # the step python-mtg went through by itself that the ruling looks at
steps = mtg.engine.env
one_step, kept = steps._advance_one, []


def keeping(state, *rest):
    step = next(iter(state["current_step"]))[0]
    turn, active = state.get("_turn", 0), next(iter(state["active_player"]))[0]
    result = one_step(state, *rest)
    kept.append((turn, active, step, mtg.Game.from_state(state)))
    return result


last, given = MOVES[-1]
game.pop()
turn, active = game.turn_number, game.active_player
steps._advance_one = keeping
answers.queue = list(given)
game.push(last)
steps._advance_one = one_step
print("python-mtg went through", [s for t, a, s, g in kept if (t, a) == (turn, active)],
      "of", active + "'s turn by itself during", last, "; now in", game.step, "of",
      game.active_player + "'s turn")
game = next(g for t, a, s, g in kept if (t, a, s) == (turn, active, LEFT))
print("the game as python-mtg left", LEFT, ":")


def verdict(departed, found, expected):
    print("python-mtg:", found)
    print("the ruling:", expected)
    print("DEPARTURE REPRODUCED" if departed else "NOT REPRODUCED")
    sys.exit(0 if departed else 1)


PLAYER = 'alice'
values = {"life": game.life()[PLAYER], "hand_size": game.hand_count(PLAYER),
          "library_size": game.library_size(PLAYER),
          "graveyard_size": len(game.graveyard(PLAYER))}
EXPECTED = {'life': 22}
found = {k: values[k] for k in EXPECTED}
verdict(found != EXPECTED, found, EXPECTED)
