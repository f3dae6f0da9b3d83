"""Invariants of playing lands (CR 305.1, 305.2, 116.2a): a player may play a land card from
their hand -- or from exile while an effect lets them play it -- in a main phase of their own
turn, with priority and an empty stack, and only once each turn; playing a card that is not a
land is never allowed.

The judge counts the lands each player played this turn from the steps it saw, and says
nothing where a permanent's text speaks of playing additional lands, or of playing lands
from elsewhere, which it does not model.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from ...contract.text import normalize_text
from ...contract.types import ObjectView, PlayLand
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Violation
from .exile import exiled_of

_MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
#: What changes how many lands a player may play, or from where beyond the hand and exile
#: ("play lands from the top of your library").  Playing "a land from your graveyard"
#: (Serra Paragon's kind) changes neither: a land played so uses the turn's land play,
#: which the judge counts whatever zone it came from.
_OTHER_LAND_PLAYS = re.compile(r"additional land|play lands")


class _Memory:
    def __init__(self) -> None:
        self.current: Observation | None = None
        self.played: Counter[str] = Counter()


_MEMORIES: PerGame[_Memory] = PerGame(_Memory)


def played_of(o: Observation) -> Counter[str]:
    """The lands each player played this turn, after ``o``'s step."""
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        step = step_of(o)
        if memory.current is None or step.before is None:
            memory.played = Counter()
        if step.acted:
            if step.turn_ended:
                memory.played.clear()
            if isinstance(o.action, PlayLand):
                memory.played[o.action.player] += 1
        memory.current = o
    return memory.played


def _other_plays(step: StepView, o: Observation) -> bool:
    """Whether a permanent's text speaks of playing more lands, or from elsewhere (a token
    an effect defined: by the abilities the engine shows it with)."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        texts = [f.text for f in faces] if faces is not None else list(view.abilities)
        if any(_gives_land_plays(t) for t in texts):
            return True
    return False


@lru_cache(maxsize=4096)
def _gives_land_plays(text: str) -> bool:
    """Whether ``text`` speaks of other land plays (worked out once for each text)."""
    return _OTHER_LAND_PLAYS.search(normalize_text(text).lower()) is not None


def _candidates(step: StepView, o: Observation, player: str) -> list[ObjectView]:
    """The land cards in ``player``'s hand and in exile, and the first card of their hand
    that is not a land (by name), to be played."""
    judge = step.judge
    lands: list[ObjectView] = []
    others: list[ObjectView] = []
    for view in o.views.values():
        card = judge.card_of(view)
        if card is None or view.token or view.face_down:
            continue
        if view.zone is Zone.HAND and view.owner == player or view.zone is Zone.EXILE:
            (lands if "Land" in card.faces[0].types else others).append(view)
    others = [v for v in others if v.zone is Zone.HAND]
    others.sort(key=lambda v: (v.identity, v.names))
    return lands + others[:1]


def land_plays(o: Observation) -> Iterable[Violation]:
    """A player may play a land card from their hand, or from exile while an effect lets
    them play it, in a main phase of their turn with priority and an empty stack, once
    each turn; a card that is not a land is never played as one."""
    step = step_of(o)
    played = played_of(o)
    game = o.game
    player = game.priority_player
    if player is None or not step.acted or game.game_over \
            or o.engine.pending_choice() is not None or _other_plays(step, o):
        return
    window = game.active_player == player and game.step in _MAIN and not game.stack
    for view in _candidates(step, o, player):
        card = step.judge.card_of(view)
        assert card is not None
        land = "Land" in card.faces[0].types
        allowed: bool | None = True
        if view.zone is Zone.EXILE:
            allowed = exiled_of(o).allows(view.id, player)
        must = land and window and not played[player] and allowed
        if allowed is None and land and window and not played[player]:
            continue  # the judge does not know the permission
        action = PlayLand(player, view.id)
        legal = o.engine.is_legal(action)
        name = " // ".join(view.names) or "a card"
        if legal and not must:
            why = ("it is not a land" if not land else "it is not in a main phase of the "
                   "player's turn with an empty stack" if not window else
                   "a land was played this turn" if played[player] else
                   "nothing lets the player play it from exile")
            yield Violation(f"playing {name} ({view.zone.value}) is legal though {why}",
                            illegal=action)
            return
        if must and not legal:
            yield Violation(f"playing {name} ({view.zone.value}) is illegal though it is a "
                            f"land, in a main phase of {player}'s turn with an empty stack, "
                            f"and no land was played this turn", legal=action)
            return


def reached(o: Observation) -> bool:
    """The player with priority had a land card in hand in a main phase of their turn."""
    step = step_of(o)
    game = o.game
    player = game.priority_player
    return bool(step.acted and player == game.active_player and game.step in _MAIN and any(
        (card := step.judge.card_of(v)) is not None and "Land" in card.faces[0].types
        and v.zone is Zone.HAND and v.owner == player for v in o.views.values()))


def reached_exiled_land(o: Observation) -> bool:
    """... and a land card exiled with a permission to play it, with no land played yet."""
    step = step_of(o)
    game = o.game
    player = game.priority_player
    if not reached(o) or player is None or played_of(o)[player]:
        return False
    exiled = exiled_of(o)
    return any(exiled.allows(v.id, player) and (card := step.judge.card_of(v)) is not None
               and "Land" in card.faces[0].types
               for v in o.views.values() if v.zone is Zone.EXILE)


def focus(card: Card) -> bool:
    """The cards games about lands favour: land cards, and what lets a player play cards
    exiled from a library (a land among them is played from exile)."""
    return "Land" in card.faces[0].types or any(
        "you may play" in normalize_text(f.text).lower() for f in card.faces)


#: Land plays in games about lands, drawn as often as casts; passing priority with an empty
#: stack as often as another kind, so that the other player holds priority in a main phase
#: that is not theirs; and passing to a later step as often as casts, so that a player who
#: played a land comes to their next turn.
WEIGHTS = (("PlayLand", 12), ("PassPriority", 4), ("Advance", 12))
