"""Mutants about playing lands (CR 305, 116.2a): how many each turn, when, from where, and
which cards."""

from __future__ import annotations

from typing import Any

from ..engines.reference import lands
from ..errors import IllegalAction
from ..format.vocabulary import Zone
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

_check_timing = lands.check_timing
_check_permission = lands.check_permission


def _two_lands(game: Any, player: str) -> int:
    """A player may play two lands each turn."""
    return 2


def _every_land_ever(game: Any, player: str) -> list[str]:
    """The lands a player played count against every later turn's land play: the count is
    never reset."""
    return [object_id for (name, who), ids in game.state.linked.items()
            if name.startswith(lands.LANDS) and who == player for object_id in ids]


def _any_stack(game: Any, player: str) -> None:
    """A land may be played while spells or abilities are on the stack."""
    stack, game.state.stack = game.state.stack, []
    try:
        _check_timing(game, player)
    finally:
        game.state.stack = stack


def _any_turn(game: Any, player: str) -> None:
    """A player with priority may play a land on another player's turn."""
    active, game.state.active_player = game.state.active_player, player
    try:
        _check_timing(game, player)
    finally:
        game.state.active_player = active


def _any_step(game: Any, player: str) -> None:
    """A land may be played in any step of the player's turn, not only a main phase."""
    state = game.state
    if state.active_player != player or state.stack or state.priority != player:
        _check_timing(game, player)


def _hand_only(game: Any, player: str, card: Any) -> None:
    """Lands are played only from the hand: a permission to play an exiled card lets it be
    cast, never played as a land."""
    if card.zone is not Zone.HAND:
        raise IllegalAction(f"lands are played from the hand, not the {card.zone.value}")
    _check_permission(game, player, card)


def _nonland(game: Any, action: Any) -> Any:
    """Any card may be played as a land: a card that is not a land goes onto the
    battlefield with the turn's land play."""
    from ..engines.reference.entering import put_onto_battlefield

    state = game.state
    card = state.objects.get(action.card)
    if card is None or "Land" in game.chars(card).types:
        return (yield from _play_land(game, action))
    lands.check_timing(game, action.player)
    lands.check_permission(game, action.player, card)
    if len(lands.played_this_turn(game, action.player)) >= 1:
        raise IllegalAction("one land each turn")
    land = yield from put_onto_battlefield(game, card, controller=action.player)
    state.linked.setdefault((f"{lands.LANDS}{state.turn}", action.player), []).append(land.id)
    return None


_play_land = lands.play_land

WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "two-lands-each-turn": ([(lands, "lands_allowed", _two_lands)], set()),
    "land-plays-never-reset": ([(lands, "played_this_turn", _every_land_ever),
                                (lands, "forget_earlier_turns", lambda game: None)], set()),
    "land-with-a-spell-on-the-stack": ([(lands, "check_timing", _any_stack)], set()),
    "land-on-another-players-turn": ([(lands, "check_timing", _any_turn)], set()),
    "land-outside-a-main-phase": ([(lands, "check_timing", _any_step)], set()),
    "land-from-exile-refused": ([(lands, "check_permission", _hand_only)], set()),
    "nonland-played-as-a-land": ([(lands, "play_land", _nonland)], set()),
}

MUTANTS = table("lands", FOLDERS, WRONG, kills=KILLS)
