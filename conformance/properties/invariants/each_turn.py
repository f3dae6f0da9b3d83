"""Cost reductions of "the first ... spell you cast each turn" (CR 601.2f): "each turn"
counts the spells its controller cast this turn only -- in every turn, theirs or another
player's, the first spell of its kind they cast costs less again, whatever they cast in
earlier turns.

The judge is ``legal-actions``' (which works out the total cost with the spells each player
cast this turn, forgotten as every turn begins): this property plays it in games that go on
to the reduction's controller's next turn -- the reduction on alice's battlefield, two
spells it reduces in her hand, the mana for the first, and the lands for the second in a
later turn (``strategies.cost_boards.reduced_each_turn``).
"""

from __future__ import annotations

from collections.abc import Iterable

from strategies.cost_boards import first_each_turn

from ...contract.types import Cast
from ...format.vocabulary import Zone
from ..memory import step_of
from ..observation import Observation, Property, Violation
from .costs import _candidates, legal_actions, reached as judged
from .pools import pools_of


def reductions_each_turn(o: Observation) -> Iterable[Violation]:
    """A "first ... spell you cast each turn" reduction applies to the first spell of its
    kind its controller casts in each turn, whoever's turn it is: the spells cast in earlier
    turns don't count (CR 601.2f) -- casting such a spell is legal exactly when its total
    cost with the reduction (as ``legal-actions`` works it out) can be paid."""
    yield from legal_actions(o)


def reached(o: Observation) -> bool:
    """A cast was judged, after the first turn, by a player with a "first ... spell each
    turn" reduction on their battlefield."""
    if not judged(o) or step_of(o).knowledge.turns < 2:
        return False
    step = step_of(o)
    player = o.game.priority_player
    if not any(r.cost_reduction for v in o.views.values()
               if v.zone is Zone.BATTLEFIELD and v.controller == player
               for r in step.judge.readings_of(v) or ()):
        return False
    pool = pools_of(o).get(player) if player else None
    return any(isinstance(a, Cast) and v.verdict is not None
               for a, v in _candidates(step, player, pool)) if player else False


PROPERTIES: tuple[Property, ...] = (
    Property("cost-reductions-each-turn", reductions_each_turn.__doc__ or "",
             ("cost-reduction-generic-mana-of-legendary-creature-spells",),
             frozenset(), reductions_each_turn, first_each_turn,
             ("601.2f", "601.2g", "500.4"), "costs", reached,
             weights=(("Advance", 12), ("Cast", 24), ("Activate (land)", 24), ("Move", 0)), steps=30),
)
