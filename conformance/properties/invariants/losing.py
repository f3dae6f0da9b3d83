"""When a player loses in combat (CR 510.2, 702.15b, 704.3, 704.5a): combat damage is dealt
simultaneously, as one event, and the life lifelink gains is part of that event; a player
with 0 or less life loses only when state-based actions are checked after the whole event.
A player whose life, after all of the step's damage and lifelink, is 1 or more is still in
the game -- even if the damage alone took it to 0.  The invariant is ``game-over``'s; its
games give a player a blocker with lifelink and as much life as an attacker has power.

A player brought to 0 or less life by losing life -- not by damage -- loses all the same
(CR 119.3, 704.5a): ``losing-to-life-loss`` judges that with ``game-over``'s invariant too,
in games in which alice holds what makes a target player lose life and bob has as much life
as it takes, or less."""

from __future__ import annotations

from collections.abc import Iterable

from strategies.life_boards import lifelinker, makes_a_player_lose_life

from ...contract.types import PLAYER_OPTION_PREFIX
from ...format.vocabulary import Step
from ..memory import step_of
from ..observation import Observation, Property, Violation
from .declarations import WEIGHTS

#: Attacks and blocks drawn twice as often as in the combat properties' games, casts seldom.
_FIGHTS = tuple((kind, 2 * weight) for kind, weight in WEIGHTS) + (("Cast", 2),)
from .turns import game_over, reached_life_lost_to_zero


def losing_after_combat_damage(o: Observation) -> Iterable[Violation]:
    """A player loses for 0 or less life only when state-based actions are checked after
    the whole combat damage event, lifelink's life gain included: a player whose life ends
    the step at 1 or more is still in the game, though the damage alone took it to 0 or
    less, and with one opponent left the game is over only when that opponent has 0 or
    less life or drew from an empty library (CR 510.2, 702.15b, 704.3, 704.5a, 104.3b)."""
    yield from game_over(o)


def reached(o: Observation) -> bool:
    """A step with combat damage in which the damage dealt to a player alone was at least
    their life before it, and they have more than 0 life after it."""
    step = step_of(o)
    before = step.before_game
    if not step.acted or before is None or not any(
            s is Step.COMBAT_DAMAGE for s, _p in step.steps_begun):
        return False
    for player in o.game.players:
        dealt = sum(amount for e in o.events if e.kind == "damage_dealt"
                    and e.data.get("to") == PLAYER_OPTION_PREFIX + player.name
                    and isinstance(amount := e.data.get("amount"), int))
        then = before.player(player.name).life
        if dealt and then - dealt <= 0 < player.life:
            return True
    return False


PROPERTIES = (
    Property("losing-after-combat-damage", losing_after_combat_damage.__doc__ or "",
             ("game-over-a-player-who-loses-ends-the-game",),
             frozenset({"combat"}), losing_after_combat_damage, lifelinker,
             ("510.2", "702.15b", "704.3", "704.5a", "104.3b"), "game-over", reached,
             weights=_FIGHTS),
    Property("losing-to-life-loss",
             "A player with 0 or less life loses as state-based actions are next checked, "
             "whatever took them there: life lost to a spell or ability, not only damage "
             "(CR 119.3, 704.5a, 104.3b) -- `game-over`'s invariant in games in which alice "
             "holds what makes a target player lose life and bob has as much life as it "
             "takes, or less.",
             ("game-over-a-player-who-loses-ends-the-game",),
             frozenset(), game_over, makes_a_player_lose_life,
             ("119.3", "704.5a", "104.3b"), "game-over", reached_life_lost_to_zero,
             weights=(("Cast", 32), ("Resolve", 24), ("Advance", 1), ("Move", 1),
                      ("Activate (land)", 1))),
)
