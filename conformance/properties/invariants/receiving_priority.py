"""Who has priority (CR 117): only the player who has it casts a spell (117.1a), and who
receives it -- the active player at the beginning of each step in which players receive
priority (117.3a), and after a spell or ability resolves (117.3b); the player who cast a
spell, activated an ability or took a special action, afterwards (117.3c), whoever's turn
it is.  Declaring attackers or blockers is a turn-based action after which the active
player receives priority (CR 508.2, 509.2).

The ``priority`` property judges passing it (117.3d, 117.4); these judge who has it after
everything else a player does.  Moves the machine makes as an effect would, outside the
rules, are not judged; nor is a step that ended the game or left a choice pending.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...contract.types import (
    Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, PassPriority, PlayLand,
    Resolve, TurnFaceUp, Unlock,
)
from ...format.cards import Card
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation


def _expected(o: Observation, step: StepView) -> tuple[str, str] | None:
    """The player who should have priority after ``o``'s step, and the rule that says so;
    ``None`` when the judge has nothing to say."""
    action, game = o.action, o.game
    if not step.acted or step.before_game is None or game.game_over \
            or o.engine.pending_choice() is not None:
        return None
    if "priority_player" in game.unknown or "active_player" in game.unknown:
        return None
    if isinstance(action, (Cast, Activate, Unlock, TurnFaceUp, PlayLand)):
        what = {Cast: "cast a spell", Activate: "activated an ability"}.get(
            type(action), "took a special action")
        return action.player, f"{action.player} {what} (CR 117.3c)"
    if step.resolved is not None and isinstance(action, (Resolve, PassPriority)):
        if "stack" in game.unknown:
            return None
        return game.active_player, "a spell or ability resolved (CR 117.3b)"
    if isinstance(action, (AdvanceTo, PassPriority)) and step.steps_begun:
        return game.active_player, f"the {game.step.value.replace('_', ' ')} step began " \
            f"(CR 117.3a)"
    if isinstance(action, (DeclareAttackers, DeclareBlockers)) and step.steps_begun:
        return game.active_player, "attackers or blockers were declared (CR 508.2, 509.2)"
    return None


def receiving_priority(o: Observation) -> Iterable[Violation]:
    """The active player receives priority as each step begins and after a spell or ability
    resolves; a player who casts a spell, activates an ability or takes a special action
    receives priority afterwards, whoever's turn it is (CR 117.3a-c)."""
    step = step_of(o)
    expected = _expected(o, step)
    if expected is None:
        return
    player, why = expected
    found = o.game.priority_player
    if found != player:
        yield Violation(f"{why}, and {found or 'no player'} has priority, not {player}")


def reached(o: Observation) -> bool:
    """The judge knew who should have priority after a step."""
    return _expected(o, step_of(o)) is not None


def reached_other_players_action(o: Observation) -> bool:
    """A player other than the active player cast a spell, activated an ability or took a
    special action (the caster keeps priority, not the active player)."""
    step = step_of(o)
    expected = _expected(o, step)
    return expected is not None and "117.3c" in expected[1] \
        and expected[0] != o.game.active_player


def reached_other_players_resolution(o: Observation) -> bool:
    """A spell or ability of a player other than the active player resolved."""
    step = step_of(o)
    expected = _expected(o, step)
    return expected is not None and step.resolved is not None and "117.3b" in expected[1] \
        and step.resolved.controller != o.game.active_player


def _instant_speed(card: Card) -> bool:
    """What a player may cast or activate in another player's turn: instants, flash, and
    permanents with activated abilities."""
    face = card.faces[0]
    return "Instant" in face.types or "Flash" in face.keywords or ": " in face.text


def _without_priority(o: Observation) -> list[Cast]:
    """Casts of the instants and spells with flash in the hand of each player who does not
    have priority (illegal, whatever else: CR 117.1a)."""
    game = o.game
    step = step_of(o)
    if not step.acted or game.game_over or o.engine.pending_choice() is not None \
            or game.priority_player is None or "priority_player" in game.unknown:
        return []
    casts = []
    for view in o.views.values():
        if view.zone.value != "hand" or view.owner == game.priority_player:
            continue
        card = o.card(view)
        if card is not None and (
                "Instant" in card.faces[0].types or "Flash" in card.faces[0].keywords):
            casts.append(Cast(view.owner, view.id))
    return casts


def acting_with_priority(o: Observation) -> Iterable[Violation]:
    """Only the player who has priority may cast a spell -- an instant or a spell with flash
    included (CR 117.1a, 117.1, 601.2)."""
    for cast in _without_priority(o):
        if o.engine.is_legal(cast):
            name = " // ".join(o.views[cast.card].names)
            yield Violation(f"{cast.player} may cast {name} while {o.game.priority_player} has "
                            f"priority (CR 117.1a)", illegal=cast)
            return


def reached_without_priority(o: Observation) -> bool:
    """A player without priority held an instant or a spell with flash."""
    return bool(_without_priority(o))


PROPERTIES: tuple[Property, ...] = (
    Property("receiving-priority", receiving_priority.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), receiving_priority, _instant_speed,
             ("117.3a", "117.3b", "117.3c", "508.2", "509.2"), "turn-structure", reached,
             weights=(("PassPriority", 6),)),
    Property("acting-with-priority", acting_with_priority.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), acting_with_priority, _instant_speed,
             ("117.1a", "117.1", "601.2"), "turn-structure", reached_without_priority),
)
