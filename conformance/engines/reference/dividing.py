"""Dividing an amount among targets (CR 601.2d): "deals 3 damage divided as you choose
among one, two, or three targets".

The division is announced as the spell is cast or the ability put on the stack, right after
its targets are chosen (CR 601.2d, 602.2b, 603.3d), and it does not change afterwards: a
target that is illegal as the spell or ability resolves is dealt nothing, and its share goes
to no other target (CR 608.2b).  Each target gets at least 1, so a spell can't have more
targets than the amount it divides.  A copy of a spell copies the division (CR 707.10).

Card data names the amount with ``divided: true`` on a ``damage`` effect; the player answers a
``divide`` choice whose options are the targets, naming a target once per point.  The
reference engine asks whenever there are two or more targets, even when each target can only
get 1.  The division is kept with the spell or ability on the stack (in ``GameState.linked``
under :data:`DIVIDED`, one entry per point), so that rolling the game back forgets it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ...contract.types import DIVIDE_CHOICE, Choice, Option
from ...errors import IllegalAction
from .abilities import Ability
from .game import Flow, Game
from .targets import label

#: The name the division is linked to its spell or ability under.
DIVIDED = "divided"


def divided_amount(ability: Ability | None) -> int | None:
    """The amount an ability divides among its targets, or ``None`` if it divides nothing."""
    if ability is None:
        return None
    for effect in _effects(ability.effects):
        for name, params in effect.items():
            if name == "damage" and isinstance(params, Mapping) and params.get("divided"):
                return int(params["amount"])
    return None


def _effects(effects: Iterable[Any]) -> Iterable[Mapping[str, Any]]:
    for effect in effects:
        if isinstance(effect, Mapping):
            yield effect


def announce(game: Game, player: str, ability: Ability | None,
             targets: tuple[str, ...], what: str) -> Flow:
    """Announce how ``ability`` divides its amount among ``targets`` (CR 601.2d); returns the
    division, one entry per point (``()`` if it divides nothing)."""
    amount = divided_amount(ability)
    if amount is None or not targets:
        return ()
    if len(targets) == 1:
        return tuple(targets) * amount
    if amount < len(targets):
        raise IllegalAction(f"{what}: {amount} can't be divided among {len(targets)} targets, "
                            f"each of which gets at least 1 (CR 601.2d)")
    options = tuple(Option(target, label(game, target)) for target in targets)
    chosen = yield Choice(DIVIDE_CHOICE, player,
                          f"{what}: divide {amount} among "
                          + ", ".join(o.label for o in options)
                          + " (name a target once per point, each at least once)",
                          options, amount, amount)
    return tuple(chosen)


def record(game: Game, item_id: str, division: tuple[str, ...]) -> None:
    """Keep ``division`` with the spell or ability ``item_id`` on the stack."""
    if division:
        game.state.linked[(item_id, DIVIDED)] = list(division)


def division_of(game: Game, item_id: str) -> dict[str, int]:
    """How much of the amount each target of ``item_id`` gets."""
    return dict(Counter(game.state.linked.get((item_id, DIVIDED), ())))


def copy_division(game: Game, original: str, copy: str) -> None:
    """A copy of a spell divides as the original does (CR 707.10)."""
    division = game.state.linked.get((original, DIVIDED))
    if division:
        game.state.linked[(copy, DIVIDED)] = list(division)
