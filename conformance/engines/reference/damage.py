"""Damage and life (CR 119, 120): the one place damage is dealt, by spells, abilities and
combat alike.

Damage dealt to a player makes them lose that much life; damage dealt to a creature is
marked on it until the cleanup step (CR 120.3, 514.2).  What the source *is* decides the
rest, read from its characteristics as it deals the damage (or as it last existed):
lifelink makes its controller gain that much life (CR 702.15b), deathtouch makes any
damage to a creature lethal (CR 702.2b, 704.5h).
"""

from __future__ import annotations

from ...contract.types import PLAYER_OPTION_PREFIX
from .characteristics import Characteristics
from .game import Game


def change_life(game: Game, player: str, amount: int) -> None:
    """A player gains (``amount`` > 0) or loses life (CR 119.3)."""
    if not amount:
        return
    game.state.player(player).life += amount
    game.emit("life_changed", player=player, amount=amount)


def deal_damage(game: Game, source: str, source_chars: Characteristics | None,
                controller: str, target: str, amount: int, *, combat: bool = False) -> int:
    """``source`` (controlled by ``controller``) deals ``amount`` damage to ``target``, an
    object id or ``player:<name>``; returns the damage dealt (0 for no damage)."""
    if amount <= 0:
        return 0  # 0 or less damage is no damage (CR 120.8)
    keywords = set(source_chars.keywords) if source_chars is not None else set()
    if target.startswith(PLAYER_OPTION_PREFIX):
        player = target[len(PLAYER_OPTION_PREFIX):]
        change_life(game, player, -amount)
    else:
        obj = game.state.objects.get(target)
        if obj is None:
            return 0
        obj.damage += amount
        if "Deathtouch" in keywords:
            obj.damaged_by_deathtouch = True
    game.emit("damage_dealt", source=source, to=target, amount=amount, combat=combat,
              controller=controller)
    if "Lifelink" in keywords:
        change_life(game, controller, amount)
    return amount


def lethal_damage(game: Game, target: str, source_chars: Characteristics | None) -> int:
    """The damage still needed to destroy a creature: its toughness minus the damage
    already marked, at least 1; any damage from a deathtouch source (CR 702.2c)."""
    if source_chars is not None and "Deathtouch" in source_chars.keywords:
        return 1
    obj = game.state.objects[target]
    toughness = game.chars(obj).toughness or 0
    return max(1, toughness - obj.damage)
