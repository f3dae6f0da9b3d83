"""Standalone reproductions of python-mtg failures.

The adapter records the engine calls of a scenario (``Log``): the moves pushed, each with
the answers python-mtg's choice seam gave, and the queries the harness made (casts tried,
legality asked, objects and the game observed), each with how many moves had been pushed.
``script`` turns that record and the runner's failure message into a Python script that
uses only ``mtg``: it builds the same game from the same decks, makes the same relation
edits, calls ``Game.from_state``, pushes the same moves, then reads what the failing check
is about, prints it beside what the ruling expected and ends with "DEPARTURE REPRODUCED"
(exit 0) or "NOT REPRODUCED" (exit 1).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from .setup import PADDING, PADDING_CARD, SEED, Start

#: The checks a failure message can be about: "<key>: expected <value>, found <value>".
_MISMATCH = re.compile(r"(\w+): expected (.+?), found (.+?)(?=; \w+: expected |$)")


@dataclass(slots=True)
class Log:
    """The engine calls of one scenario, in order."""

    moves: list[tuple[Any, list[tuple[str, Any]]]] = field(default_factory=list)
    queries: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def push(self, raw: Any, answers: list[tuple[str, Any]]) -> None:
        self.moves.append((raw, answers))

    def pop(self) -> None:
        self.moves.pop()

    def query(self, kind: str, **data: Any) -> None:
        self.queries.append((kind, data))

    def last(self, *kinds: str) -> dict[str, Any] | None:
        for kind, data in reversed(self.queries):
            if kind in kinds:
                return dict(data)
        return None


def _literal(value: Any, indent: str = "    ") -> str:
    """A Python literal for a relation value, rows sorted so the script reads well."""
    if isinstance(value, (set, frozenset)):
        if not value:
            return "set()"
        rows = sorted(value, key=repr)
        return "{\n" + "".join(f"{indent}    {r!r},\n" for r in rows) + indent + "}"
    return repr(value)


_HEADER = '''"""Reproduces a python-mtg {version} departure with python-mtg alone (import mtg).

Failure reported by the conformance harness:
    {failure}

The game is built the way the harness builds it: python-mtg's own game from decks holding
the scenario's cards, its relations rewritten into the scenario's state, Game.from_state,
then the same moves, each with the same answers to python-mtg's decisions.
Exit code 0: the departure shows; 1: it does not.
"""

import sys

import mtg

DECKS = {decks!r}
for deck in DECKS.values():  # the padding, so that the opening draw cannot end the game
    deck.extend([{padding!r}] * {count})
SEED = {seed}
CHANGES = {{
{changes}}}
#: (move, answers to python-mtg's decisions during the move), in order
MOVES = {moves}


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
{left}

def verdict(departed, found, expected):
    print("python-mtg:", found)
    print("the ruling:", expected)
    print("DEPARTURE REPRODUCED" if departed else "NOT REPRODUCED")
    sys.exit(0 if departed else 1)

'''

#: After the last move python-mtg went on by itself through several steps: the game is read
#: as python-mtg left one of them, kept while python-mtg's own one-step function ran.
_LEFT = '''
LEFT = {step!r}  # the step python-mtg went through by itself that the ruling looks at
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
'''

#: After the last move (a cast, an activation, ...) python-mtg went on by itself past the step
#: it was made in: the game is read as it was right after the move, python-mtg's state as its
#: own loop was about to play the rest of that step, having found no decision in it.
_MOVED = '''
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
'''

_MOVE = '''
KIND, PLAYER, SUBJECT = {match!r}
ANSWERS = {answers!r}  # what the harness answered up front (a target)
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
verdict({departed}, "the move is " + ("legal" if legal else "not legal"), {expected!r})
'''

_COMBAT = '''
KIND, WANTED = {kind!r}, {wanted!r}
PASSES = {passes!r}  # python-mtg's moves to its declaration step, with their answers
for move, given in PASSES:
    answers.queue = list(given)
    game.push(move)
offered = [sorted(m.raw[1]) for m in game.legal_moves if m.raw[0] == KIND]
print("python-mtg is in", game.step, "of", game.active_player, "; to move:", game.turn)
print("python-mtg offers the", KIND, "declarations", offered)
legal = sorted(WANTED) in offered
verdict({departed}, KIND + " " + repr(WANTED) + (" is" if legal else " is not") + " offered",
        {expected!r})
'''

_CHOICE = '''
LAST, GIVEN = {last!r}, {given!r}
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
        {expected!r})
'''

_OBSERVE = '''
OBJECT = {object!r}
card = game.card(OBJECT)
COLORS = {{"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}}
COUNTERS = {{"p1p1": "+1/+1", "m1m1": "-1/-1"}}


def word(text):
    text = str(text).replace("_", " ")
    return text[:1].upper() + text[1:]


zone = {{"command_zone": "command"}}.get(card.zone, card.zone)
values = {{
    "zone": zone, "names": [card.name], "colors": [COLORS.get(c, c) for c in card.colors],
    "types": [word(t) for t in card.types], "subtypes": [word(t) for t in card.subtypes],
    "power": card.power if card.is_creature or "creature" in card.types else None,
    "toughness": card.toughness if card.is_creature or "creature" in card.types else None,
    "keywords": [word(k) for k in card.keywords], "tapped": bool(card.tapped),
    "controller": card.controller if zone == "battlefield" else None,
    # python-mtg's transform points instance_of at the back face its transform_target links
    "transformed": (OBJECT, dict(game.state.get("instance_of", ())).get(OBJECT))
    in game.state.get("transform_target", set()),
    "counters": {{COUNTERS.get(k, k): int(n) for (c, k, n) in game.state.get("counter", ())
                 if c == OBJECT}},
}}
EXPECTED = {expected!r}
departed = False
for key, wanted in EXPECTED.items():
    found = values[key]
    if key == "counters":  # the kinds the ruling names, none as 0
        found = values[key] = {{kind: found.get(kind, 0) for kind in wanted}}
    same = sorted(map(str, found)) == sorted(map(str, wanted)) if isinstance(wanted, list) \\
        else found == wanted
    print(f"{{key}}: python-mtg {{found!r}}, the ruling {{wanted!r}}")
    departed = departed or not same
verdict(departed, {{k: values[k] for k in EXPECTED}}, EXPECTED)
'''

_PLAYER = '''
PLAYER = {player!r}
values = {{"life": game.life()[PLAYER], "hand_size": game.hand_count(PLAYER),
          "library_size": game.library_size(PLAYER),
          "graveyard_size": len(game.graveyard(PLAYER))}}
EXPECTED = {expected!r}
found = {{k: values[k] for k in EXPECTED}}
verdict(found != EXPECTED, found, EXPECTED)
'''


def _expected(failure: str) -> dict[str, Any] | None:
    found: dict[str, Any] = {}
    for key, wanted, _shown in _MISMATCH.findall(failure):
        try:
            found[key] = ast.literal_eval(wanted)
        except (ValueError, SyntaxError):
            return None
    return found or None


def script(start: Start, log: Log, failure: str) -> str | None:
    """The reproduction script of ``failure``, or ``None`` when the adapter cannot tell
    which engine call the failure is about."""
    check = _check(log, failure)
    if check is None:
        return None
    upto, body, left = check
    changes = "".join(f"    {key!r}: {_literal(value)},\n"
                      for key, value in sorted(start.changes.items()))
    moves = "[\n" + "".join(f"    ({raw!r}, {answers!r}),\n"
                            for raw, answers in log.moves[:upto]) + "]"
    header = _HEADER.format(version=_version(), failure=failure.replace('"""', "'''"),
                            decks={p: list(deck[:-PADDING]) for p, deck in start.decks.items()},
                            padding=PADDING_CARD, count=PADDING, seed=SEED, changes=changes,
                            moves=moves, left=left)
    return header + body


def _version() -> str:
    try:
        import mtg  # noqa: PLC0415 - only to name the version in the script's docstring
    except ImportError:
        return "(unknown version)"
    return str(getattr(mtg, "__version__", ""))


def _where(query: dict[str, Any]) -> str:
    """The lines that take the script to the game the check reads, after the moves: as
    python-mtg left a step it went through by itself during the last move, or right after
    that move; nothing for the game python-mtg is in."""
    if query.get("left"):
        return _LEFT.format(step=query["left"])
    return _MOVED if query.get("moved") else ""


def _check(log: Log, failure: str) -> tuple[int, str, str] | None:
    """How many moves to replay, the check that ends the script and the lines that take it
    to the game the check reads (``_where``)."""
    refused = failure.startswith("the engine refused ") or \
        "to be legal; the engine does not allow it" in failure
    allowed = failure.startswith("expected the engine to refuse ")
    if (refused or allowed) and "Declare" in failure.partition(":")[0]:
        combat = log.last("combat")
        if combat is None:
            return None
        wanted = "the declaration is not legal" if allowed else "the declaration is legal"
        return int(combat["moves"]), _COMBAT.format(
            kind=combat["move"], wanted=combat["wanted"], passes=combat["passes"],
            departed="legal" if allowed else "not legal", expected=wanted), ""
    if refused or allowed:
        act = log.last("act", "legal")
        if act is None:
            return None
        wanted = "the move is not legal" if allowed else "the move is legal"
        body = _MOVE.format(match=act["match"], answers=act["answers"],
                            departed="legal" if allowed else "not legal", expected=wanted)
        return int(act["moves"]), body, ""
    if ": choice: expected the engine to ask for a choice" in failure or \
            failure.startswith("expected the engine to ask for a choice (answered "):
        if not log.moves:
            return None
        last, given = log.moves[-1]
        return len(log.moves) - 1, _CHOICE.format(
            last=last, given=given, expected="a choice asked of the player"), ""
    subject, _, rest = failure.partition(": ")
    expected = _expected(rest)
    if expected is None:
        return None
    if set(expected) <= {"life", "hand_size", "library_size", "graveyard_size"}:
        query = log.last("game")
        if query is None:
            return None
        return (int(query["moves"]), _PLAYER.format(player=subject, expected=expected),
                _where(query))
    query = log.last("observe")
    if query is None:
        return None
    return (int(query["moves"]), _OBSERVE.format(object=query["object"], expected=expected),
            _where(query))
