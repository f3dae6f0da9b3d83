"""Playing lands (CR 305, 116.2a).

Playing a land is a special action: the player puts the land card onto the battlefield from
the zone it is in, without using the stack, so no player can respond to it (CR 305.1).  A
player may do it while they have priority in a main phase of their own turn with an empty
stack (CR 305.1, 305.3), normally once each turn (CR 305.2) -- from their hand, or from
another zone when an effect lets them play the card, such as "you may play those cards"
(exile_to_play.py).  Such a permission does not give a land play: a land played with it
uses the turn's one (CR 305.2, 601.3).  A land card is never cast (CR 305.9); a card that
is not a land is cast, never played this way.

The lands each player played are kept in ``GameState.linked`` under ``(LANDS + turn,
player)``, so that rolling the game back forgets them with everything else, and a new turn
starts with none played.
"""

from __future__ import annotations

from ...contract.types import PlayLand
from ...errors import IllegalAction
from ...format.vocabulary import Zone
from .abilities import Ability
from .casting import graveyard_permission, use_graveyard_permission
from .entering import put_onto_battlefield
from .exile_to_play import may_play
from .game import Flow, Game
from .state import GameObject

#: The prefix of the names the lands played each turn are kept under (``lands-played:<n>``).
LANDS = "lands-played:"


def played_this_turn(game: Game, player: str) -> list[str]:
    """The lands ``player`` played this turn (the permanents they became)."""
    return game.state.linked.get((f"{LANDS}{game.state.turn}", player), [])


def lands_allowed(game: Game, player: str) -> int:
    """How many lands ``player`` may play each turn: one (CR 305.2)."""
    return 1


def check_timing(game: Game, player: str) -> None:
    """A main phase of ``player``'s turn, with an empty stack, while they have priority
    (CR 305.1, 305.3)."""
    state = game.state
    if state.active_player != player:
        raise IllegalAction("a player plays lands only during their own turn (CR 305.3)")
    if not state.step.is_main_phase:
        raise IllegalAction(f"lands are played in a main phase, not in the "
                            f"{state.step.value} step (CR 305.1)")
    if state.stack:
        raise IllegalAction("lands are played only while the stack is empty (CR 305.1)")
    if state.priority != player:
        raise IllegalAction(f"{player} does not have priority")


def check_permission(game: Game, player: str, card: GameObject
                     ) -> tuple[GameObject, Ability] | None:
    """May ``player`` play ``card`` from the zone it is in: their own hand, or a zone an
    effect lets them play it from (CR 305.1, 601.3), their graveyard included ("you may
    play a land from your graveyard"); returns that static permission, if it is one."""
    if card.zone is Zone.HAND and card.owner == player:
        return None
    if card.zone is Zone.EXILE and may_play(game, player, card.id):
        return None
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        permission = graveyard_permission(game, player, game.chars(card))
        if permission is not None:
            return permission
    raise IllegalAction(f"nothing allows {player} to play {card.card.name} from the "
                        f"{card.zone.value}")


def play_land(game: Game, action: PlayLand) -> Flow:
    """The special action of playing ``action.card`` (CR 116.2a)."""
    state = game.state
    card = land_refused_early(game, action)
    permission = check_permission(game, action.player, card)
    if permission is not None:
        use_graveyard_permission(game, action.player, permission)
    land = yield from put_onto_battlefield(game, card, controller=action.player)
    if land is None:
        raise IllegalAction(f"{card.card.name} can't enter the battlefield")
    if permission is not None:  # "if you do, it gains ..."
        land.granted = permission[1].grants
    state.linked.setdefault((f"{LANDS}{state.turn}", action.player), []).append(land.id)
    game.emit("land_played", object=land.id, player=action.player)


def land_refused_early(game: Game, action: PlayLand) -> GameObject:
    """What refuses playing a land before anything changes: raises ``IllegalAction``;
    else the card to play.  A probe for legality asks this before it copies the game."""
    state = game.state
    card = state.objects.get(action.card)
    if card is None or card.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a land card in a hand, graveyard, exile or library can be "
                            "played")
    if "Land" not in game.chars(card).types:
        raise IllegalAction(f"{card.card.name} is not a land: it is cast, not played "
                            f"(CR 305.9, 601)")
    check_timing(game, action.player)
    check_permission(game, action.player, card)
    played = played_this_turn(game, action.player)
    if len(played) >= lands_allowed(game, action.player):
        raise IllegalAction(f"{action.player} has played {len(played)} land(s) this turn and "
                            f"may play {lands_allowed(game, action.player)} (CR 305.2)")
    return card


def forget_earlier_turns(game: Game) -> None:
    """A new turn begins with no land played in it (CR 305.2)."""
    for key in [k for k in game.state.linked
                if k[0].startswith(LANDS) and k[0] != f"{LANDS}{game.state.turn}"]:
        del game.state.linked[key]
