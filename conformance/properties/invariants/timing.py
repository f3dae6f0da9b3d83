"""When a spell may be cast (CR 307.1, 304.1, 117.1a, 702.8a): a player with priority may
cast an instant, or a spell with flash, at any time; any other spell only at sorcery speed
-- in a main phase of their own turn, with an empty stack.

The invariant is ``costs.legal_actions``, which rules on every cast of the player with
priority from what timing, zones, permissions and (when the judge knows the mana) the total
cost allow: a cast it knows timing forbids must be illegal whatever the mana, and one it
knows every rule allows must be legal.  Its own games favour cost changes; these favour
instants, spells with flash and sorcery-speed spells -- in both players' hands -- and draw
passing priority more often, so that a player holds them in another player's turn, in
steps other than the main phases and with spells on the stack.
"""

from __future__ import annotations

from ...contract.types import Cast
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import step_of
from ..observation import Observation, Property, mana_value
from . import activation_timing, costs

#: The kind of action of tapping a player's lands (``machine.LAND_KIND``).
LAND_KIND = "Activate (land)"

_MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


def _instant_speed(card: Card) -> bool:
    face = card.faces[0]
    return "Instant" in face.types or "Flash" in face.keywords


def _outside_sorcery_timing(o: Observation) -> bool:
    game, player = o.game, o.game.priority_player
    return player is not None and (game.active_player != player or game.step not in _MAIN
                                   or bool(game.stack))


def _held(o: Observation, test: bool) -> bool:
    """Whether the player with priority holds a card that is (``test``) or is not an
    instant or a spell with flash, outside sorcery timing, with no choice pending."""
    if not _outside_sorcery_timing(o) or o.engine.pending_choice() is not None:
        return False
    if not step_of(o).acted:
        return False
    player = o.game.priority_player
    for view in o.views.values():
        if view.zone is not Zone.HAND or view.owner != player:
            continue
        card = o.card(view)
        if card is not None and "Land" not in card.faces[0].types \
                and _instant_speed(card) is test:
            return True
    return False


def reached(o: Observation) -> bool:
    """The player with priority held a spell outside sorcery timing."""
    return _held(o, True) or _held(o, False)


def reached_sorcery_speed(o: Observation) -> bool:
    """... a spell that is neither an instant nor has flash (illegal then)."""
    return _held(o, False)


def reached_instant_speed(o: Observation) -> bool:
    """... an instant or a spell with flash (legal then, if it can be paid for)."""
    return _held(o, True)


def reached_sorcery_speed_in_another_turn(o: Observation) -> bool:
    """A player other than the active player held a spell that is neither an instant nor
    has flash in the active player's main phase with an empty stack (sorcery timing but for
    whose turn it is)."""
    game = o.game
    return game.priority_player is not None and game.priority_player != game.active_player \
        and game.step in _MAIN and not game.stack and _held(o, False)


def reached_flash(o: Observation) -> bool:
    """The player with priority held a spell with flash (not an instant) outside sorcery
    timing."""
    if not _held(o, True):
        return False
    player = o.game.priority_player
    return any(v.zone is Zone.HAND and v.owner == player and (c := o.card(v)) is not None
               and "Flash" in c.faces[0].keywords and "Instant" not in c.faces[0].types
               for v in o.views.values())


def reached_cast_at_instant_speed(o: Observation) -> bool:
    """An instant or a spell with flash was cast outside sorcery timing."""
    step = step_of(o)
    before = step.before_game
    if not isinstance(o.action, Cast) or step.cast_spell is None or before is None:
        return False
    spell = o.views.get(step.cast_spell)
    card = o.card(spell) if spell is not None else None
    return card is not None and _instant_speed(card) and (
        before.active_player != o.action.player or before.step not in _MAIN
        or bool(before.stack))


def _spells(card: Card) -> bool:
    """Instants, spells with flash, sorceries, and spells that cost one mana or less (a
    player holding one can pay for it at any time)."""
    face = card.faces[0]
    return _instant_speed(card) or "Sorcery" in face.types or (
        "Land" not in face.types and face.mana_cost is not None
        and mana_value(face.mana_cost) <= 1)


PROPERTIES: tuple[Property, ...] = (
    Property("casting-timing", costs.legal_actions.__doc__ or "",
             ("turn-structure-your-upkeep-and-your-spells", "room-unlock-is-a-special-action"),
             frozenset(), costs.legal_actions, _spells,
             ("307.1", "304.1", "117.1a", "702.8a", "601.2f"), "costs", reached,
             weights=(("PassPriority", 8), (LAND_KIND, 12))),
) + activation_timing.PROPERTIES
