"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    winds: power: expected 2, found 5; toughness: expected 2, found 6

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Thousand Winds', 'Holy Strength'], 'bob': []}
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
        ('alice', 'colorless', 3),
        ('alice', 'white', 1),
    },
    'graveyard': set(),
    'in_hand': {
        ('alice', 'holy_strength_19'),
        ('alice', 'thousand_winds_4'),
    },
    'in_library': set(),
    'life': {
        ('alice', 20),
        ('bob', 20),
    },
    'mana_available': {
        ('alice', 4),
        ('bob', 0),
    },
    'mana_pool': {
        ('alice', 'colorless', 3),
        ('alice', 'white', 1),
    },
    'on_battlefield': set(),
    'on_stack': set(),
    'printed_control': {
        ('alice', 'holy_strength_19'),
        ('alice', 'thousand_winds_4'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('cast_face_down', 'alice', 'thousand_winds_4'), []),
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


OBJECT = 'thousand_winds_4'
card = game.card(OBJECT)
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def word(text):
    text = str(text).replace("_", " ")
    return text[:1].upper() + text[1:]


zone = {"command_zone": "command"}.get(card.zone, card.zone)
values = {
    "zone": zone, "names": [card.name], "colors": [COLORS.get(c, c) for c in card.colors],
    "types": [word(t) for t in card.types], "subtypes": [word(t) for t in card.subtypes],
    "power": card.power if card.is_creature or "creature" in card.types else None,
    "toughness": card.toughness if card.is_creature or "creature" in card.types else None,
    "keywords": [word(k) for k in card.keywords], "tapped": bool(card.tapped),
    "controller": card.controller if zone == "battlefield" else None,
}
EXPECTED = {'power': 2, 'toughness': 2}
departed = False
for key, wanted in EXPECTED.items():
    found = values[key]
    same = sorted(map(str, found)) == sorted(map(str, wanted)) if isinstance(wanted, list) \
        else found == wanted
    print(f"{key}: python-mtg {found!r}, the ruling {wanted!r}")
    departed = departed or not same
verdict(departed, {k: values[k] for k in EXPECTED}, EXPECTED)
