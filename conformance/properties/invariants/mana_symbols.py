"""How the mana symbols of a cost are paid (CR 107.4c, 107.4e, 106.1b, 601.2h).

{C} is paid only with colorless mana (CR 107.4c, 106.1b: colorless is not a color, and
generic mana in a pool pays no {C}); a hybrid symbol with either of its halves -- {W/B}
with white or black mana, {2/W} with white mana or two mana of any kind (CR 107.4e).  So
a spell whose mana cost has such a symbol can be cast exactly when the mana its player may
have pays each symbol with mana of its kind, and a spell cast was paid for that way.

This is ``legal-actions``'s judgement (the judge's own arithmetic, every way of paying
kept: ``invariants/pools.py``) for the spells whose mana cost has a hybrid symbol or {C},
in games that give their player mana of the kind each symbol asks for or of another kind
only: each hybrid symbol's first half or its second, {C}'s colorless mana or a color's,
sometimes one mana short (``strategies/cost_boards.symbol_costs``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.cost_boards import kind_symbols

from ...contract.types import Cast
from ...format.cards import Card
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .costs import _candidates, _describe, _payment, _show_pool
from .pools import pools_of

_KIND_SYMBOL = re.compile(r"\{(C|[^}]*/[^}]*)\}")


def _symbols(o: Observation, action: Cast) -> list[str]:
    """The hybrid symbols and {C} of the mana cost of the card ``action`` casts."""
    view = o.views.get(action.card)
    card = o.card(view) if view is not None else None
    if card is None or action.face_down or action.door is not None or card.is_room:
        return []
    return _KIND_SYMBOL.findall(card.faces[0].mana_cost or "")


def _judged(o: Observation, step: StepView) -> list[tuple[Cast, bool, str]]:
    """Each cast of a spell with such symbols the judge rules on now: the action, whether
    it must be legal, and why."""
    key = "mana-symbols: judged"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: list[tuple[Cast, bool, str]] = []
    step.shared[key] = found
    player = o.game.priority_player
    if player is None or o.engine.pending_choice() is not None:
        return found
    pool = pools_of(o).get(player)
    if pool is None:
        return found
    for action, verdict in _candidates(step, player, pool):
        if not isinstance(action, Cast) or verdict.verdict is None or not _symbols(o, action):
            continue
        why = "; ".join(w for w in verdict.why if w) or "every condition holds"
        found.append((action, verdict.verdict, why))
    return found


def mana_symbols(o: Observation) -> Iterable[Violation]:
    """A spell whose mana cost has a hybrid symbol or {C} can be cast exactly when the mana
    its player may have pays each symbol with mana of its kind -- {C} with colorless mana
    only, a hybrid symbol with either of its halves (two mana of any kind for {2/W}) -- and
    timing and zone allow it; a spell cast was paid that way (CR 107.4c, 107.4e, 106.1b,
    601.2h)."""
    step = step_of(o)
    pools_of(o)  # brought up to date at every step, judged or not
    if not step.acted or o.engine.pending_choice() is not None:
        return
    action = o.action
    if isinstance(action, Cast) and _symbols(o, action):
        paid = _payment(o, step)
        if paid is not None:
            yield paid
            return
    player = o.game.priority_player
    for cast, must, why in _judged(o, step):
        legal = o.engine.is_legal(cast)
        if legal == must:
            continue
        symbols = "".join(f"{{{s}}}" for s in _symbols(o, cast))
        pool = pools_of(o).get(player) if player is not None else None
        if legal:
            yield Violation(f"{_describe(o, cast)} is legal though {why} ({symbols}: "
                            f"{{C}} is paid with colorless mana only, a hybrid symbol with "
                            f"one of its halves)", illegal=cast)
        else:
            yield Violation(f"{_describe(o, cast)} is illegal though {why} (mana: "
                            f"{_show_pool(pool)}; {symbols}: a hybrid symbol is paid with "
                            f"either of its halves)", legal=cast)
        return


def reached(o: Observation) -> bool:
    """A cast of a spell with a hybrid symbol or {C} was judged with its player's mana
    known."""
    step = step_of(o)
    return step.acted and bool(_judged(o, step))


def reached_other_half(o: Observation) -> bool:
    """... with mana of a hybrid symbol's second half only, or a {C} without colorless
    mana."""
    step = step_of(o)
    if not step.acted:
        return False
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player is not None else None
    if pool is None:
        return False
    for cast, _must, _why in _judged(o, step):
        for symbol in _symbols(o, cast):
            halves = symbol.split("/")
            for mana in pool.possible:
                kinds = {kind for kind, n in mana if n > 0}
                if symbol == "C" and "C" not in kinds:
                    return True
                if len(halves) == 2 and halves[0] not in kinds and halves[1] in kinds:
                    return True
    return False


def focus(card: Card) -> bool:
    """Cards whose mana cost has a hybrid symbol or {C}."""
    return kind_symbols(card)


PROPERTIES: tuple[Property, ...] = (
    Property("mana-symbols", mana_symbols.__doc__ or "",
             ("cost-total-cost-and-mana-value",), frozenset(), mana_symbols, focus,
             ("107.4c", "107.4e", "106.1b", "601.2h"), "mana", reached),
)
