"""Convoke (CR 702.51): tapping untapped creatures you control while paying a spell's total
cost, each paying for {1} or for one mana of that creature's color.

A spell has convoke from its own keywords or from a static ability that gives it to the
spells you cast (``spells_have_convoke: filter``).  The player chooses the creatures as the
cost is paid, after targets (CR 601.2h): a ``cards`` choice of any number of them.
"""

from __future__ import annotations

from ...contract.types import Choice, Option
from ...errors import IllegalAction
from ...format.vocabulary import Zone
from .characteristics import Characteristics
from .game import Flow, Game
from .mana import Cost
from .state import GameObject
from .targets import label, matches


def has_convoke(game: Game, player: str, spell: GameObject, chars: Characteristics) -> bool:
    if "Convoke" in chars.keywords:
        return True
    return any(matches(chars, rule) for _permanent, _ability, rule
               in game.statics("spells_have_convoke", controller=player))


def helpers(game: Game, player: str) -> list[GameObject]:
    """The untapped creatures ``player`` controls, which may be tapped for convoke."""
    return [obj for obj in game.state.permanents()
            if obj.controller == player and not obj.tapped and obj.zone is Zone.BATTLEFIELD
            and "Creature" in game.chars(obj).types]


def convoke(game: Game, player: str, cost: Cost) -> Flow:
    """Ask which creatures to tap; returns what is left of ``cost`` to pay with mana.  A
    creature pays for one colored symbol of its color if one is left, else for {1}; an
    answer with a creature that can pay for neither is refused and the choice stays pending
    (CR 702.51a)."""
    available = helpers(game, player)
    if not available or not (cost.generic or cost.colored):
        return cost
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in available)
    game.answer_rule = lambda values: _pay(game, values, cost)[1]
    chosen = yield Choice("cards", player, f"tap creatures to help pay {cost} (convoke)",
                          options, 0, min(len(options), cost.generic + len(cost.colored)))
    left, refused = _pay(game, tuple(chosen), cost)
    if refused is not None:
        raise IllegalAction(refused)
    for object_id in chosen:
        game.state.objects[object_id].tapped = True
    return left


def _pay(game: Game, chosen: tuple[str, ...], cost: Cost) -> tuple[Cost, str | None]:
    """What is left of ``cost`` once the ``chosen`` creatures pay, each for one colored
    symbol of its color if one is left, else for {1}; or why one of them can pay nothing."""
    generic, colored = cost.generic, list(cost.colored)
    for object_id in chosen:
        colors = game.chars(game.state.objects[object_id]).colors
        symbol = next((c for c in colored if c in colors), None)
        if symbol is not None:
            colored.remove(symbol)
        elif generic:
            generic -= 1
        else:
            return cost, f"{label(game, object_id)} can't pay for any of {cost}"
    return Cost(generic, tuple(colored)), None
