"""Exiling cards with permission to play them: "Exile the top two cards of your library.
Until the end of your next turn, you may play those cards."

The resolving spell or ability creates a continuous effect (CR 611.2) that lets its
controller cast the exiled cards (CR 601.3): from exile, paying their costs, at the time
their types allow (an instant any time they have priority, a sorcery or creature in their
main phase with an empty stack, CR 307.1).  The permission ends as the cleanup step of its
last turn begins -- "until end of turn": this turn's; "until the end of your next turn": the
controller's next turn's (CR 514.2).  A card that leaves exile becomes a new object and the
permission does not follow it (CR 400.7).  A land is played, not cast (CR 305.1): the
permission lets its controller play an exiled land with the turn's land play (lands.py).

The permissions are kept in ``GameState.linked`` under ``(PLAY + last turn, player)``, so
that rolling the game back forgets them with everything else.
"""

from __future__ import annotations

from typing import Any

from ...format.vocabulary import Zone
from .effects import Context, effect
from .game import Flow, Game

#: The prefix of the names the permissions are kept under (``play-until-turn:<n>``).
PLAY = "play-until-turn:"
#: How long a permission lasts, as card data says it.
DURATIONS = ("end_of_turn", "end_of_your_next_turn")


def last_turn(game: Game, player: str, duration: str) -> int:
    """The number of the turn whose cleanup step ends a permission of ``player``."""
    state = game.state
    if duration == "end_of_turn":
        return state.turn
    if duration == "end_of_your_next_turn":
        return state.turn + (2 if state.active_player == player else 1)
    raise ValueError(f"a permission lasts until one of {list(DURATIONS)}, not {duration!r}")


@effect("exile_top")
def exile_top(game: Game, ctx: Context, params: Any) -> Flow:
    """``{count: N, play_until: end_of_turn | end_of_your_next_turn}``: exile the top N
    cards of your library; until then, you may play them."""
    player = game.state.player(ctx.controller)
    until = last_turn(game, ctx.controller, str(params.get("play_until", "end_of_turn")))
    key = (f"{PLAY}{until}", ctx.controller)
    for object_id in list(player.zones[Zone.LIBRARY][:int(params.get("count", 1))]):
        exiled = game.move(game.state.objects[object_id], Zone.EXILE)
        if exiled is not None:
            game.state.linked.setdefault(key, []).append(exiled.id)
    yield from ()


def may_play(game: Game, player: str, object_id: str) -> bool:
    """Whether an effect lets ``player`` play the card ``object_id`` from exile now."""
    return any(name.startswith(PLAY) and who == player and object_id in ids
               for (name, who), ids in game.state.linked.items())


def end_permissions(game: Game) -> None:
    """Permissions whose last turn is this one end as its cleanup step begins (CR 514.2)."""
    ending = f"{PLAY}{game.state.turn}"
    for key in [k for k in game.state.linked if k[0] == ending]:
        del game.state.linked[key]
