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

import re
from collections.abc import Iterable

from ...contract.types import (
    Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, ObjectView,
    PassPriority, PlayLand, Resolve, TurnFaceUp, Unlock,
)
from ...format.cards import Card
from ...format.vocabulary import Door, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from . import activation_timing
from strategies.priority_boards import acts


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


def reached_others_trigger_as_a_step_began(o: Observation) -> bool:
    """A step began and put on the stack a triggered ability of a player other than the
    active player: the active player still receives priority (117.3a)."""
    step = step_of(o)
    return _expected(o, step) is not None and bool(step.steps_begun) and any(
        item.kind == "ability" and item.controller != o.game.active_player
        for item in step.new_items)


def _instant_speed(card: Card) -> bool:
    """What a player may cast or activate in another player's turn: instants, flash, and
    permanents with activated abilities; and permanents whose abilities trigger as a step of
    any player's turn begins ("at the beginning of the end step"), so that the player
    controlling such a trigger is not the active player, who receives priority (117.3a)."""
    face = card.faces[0]
    return "Instant" in face.types or "Flash" in face.keywords or ": " in face.text \
        or bool(_ANY_PLAYERS_STEP.search(face.text))


#: An ability triggering as a step of any player's turn begins.
_ANY_PLAYERS_STEP = re.compile(r"at the beginning of (?:the|each) (?:end step|upkeep|"
                               r"draw step|combat)", re.IGNORECASE)


#: The actions probed for a player without priority.
Act = Cast | Activate | PlayLand | TurnFaceUp | Unlock


def _activations(o: Observation, view: ObjectView, player: str) -> list[Act]:
    """The activated abilities of ``view``, a permanent ``player`` controls, when its card
    data places every one of them -- mana abilities too: they are probed only while no
    choice is pending, so no cost is being paid (CR 605.3a)."""
    step = step_of(o)
    faces = step.judge.faces_of(view)
    if not faces or len(faces) != 1:
        return []
    read = activation_timing.abilities_of(faces[0])
    return [Activate(player, view.id, index) for index in range(len(read or ()))]


def _without_priority(o: Observation) -> list[Act]:
    """What each player who does not have priority might do, were they to have it (all
    illegal, whatever else: CR 117.1, 117.1a-b, 116.2a-b, 116.2m): cast the instants and
    spells with flash in their hand, play the first land card of their hand, turn face up
    each face-down permanent they control, unlock each locked door of the Rooms they
    control, and activate the abilities of the permanents they control, mana abilities too
    (no choice is pending: no cost is being paid, CR 605.3a)."""
    game = o.game
    step = step_of(o)
    if not step.acted or game.game_over or o.engine.pending_choice() is not None \
            or game.priority_player is None or "priority_player" in game.unknown:
        return []
    casts: list[Act] = []
    others: list[Act] = []
    landed: set[str] = set()
    for view in o.views.values():
        if view.zone is Zone.HAND and view.owner != game.priority_player:
            card = o.card(view)
            if card is None:
                continue
            face = card.faces[0]
            if "Instant" in face.types or "Flash" in face.keywords:
                casts.append(Cast(view.owner, view.id))
            elif "Land" in face.types and view.owner not in landed:
                landed.add(view.owner)
                others.append(PlayLand(view.owner, view.id))
        elif view.zone is Zone.BATTLEFIELD and view.controller is not None \
                and view.controller != game.priority_player:
            player = view.controller
            if view.face_down:
                others.append(TurnFaceUp(player, view.id))
                continue
            card = o.card(view)
            if card is not None and "Room" in card.faces[0].subtypes:
                others.extend(Unlock(player, view.id, door) for door in Door
                              if door not in view.unlocked_doors)
                continue
            others.extend(_activations(o, view, player))
    return casts + others


def _what(o: Observation, action: Act) -> str:
    """How a probe reads in a violation."""
    match action:
        case Cast(card=card):
            return f"cast {' // '.join(o.views[card].names)}"
        case PlayLand(card=card):
            return f"play {' // '.join(o.views[card].names)} as a land (a special action)"
        case TurnFaceUp(object=obj):
            return f"turn face-down permanent {obj} face up (a special action)"
        case Unlock(object=obj, door=door):
            return (f"unlock the {door.value} door of {' // '.join(o.views[obj].names)} "
                    f"(a special action)")
        case Activate(object=obj, ability=index):
            return f"activate ability #{index + 1} of {' // '.join(o.views[obj].names)}"
    return str(action)


def acting_with_priority(o: Observation) -> Iterable[Violation]:
    """Only the player who has priority may act: cast a spell -- an instant or a spell with
    flash included --, activate an ability -- a mana ability too, unless a cost is being
    paid --, or take a special action -- play a land, turn a face-down permanent face up,
    unlock a door (CR 117.1, 117.1a, 117.1b, 116.2a, 116.2b, 116.2m, 601.2, 602.2, 605.3a).
    Probed for each player without priority, whatever the turn, step and stack."""
    for action in _without_priority(o):
        if o.engine.is_legal(action):
            yield Violation(f"{action.player} may {_what(o, action)} while "
                            f"{o.game.priority_player} has priority (CR 117.1)",
                            illegal=action)
            return


def reached_without_priority(o: Observation) -> bool:
    """A player without priority held an instant or a spell with flash, a land card, a
    face-down permanent, a locked door or an ability to activate."""
    return bool(_without_priority(o))


def reached_special_action(o: Observation) -> bool:
    """A special action was probed for the active player while the other player had
    priority in a main phase of the active player's turn with an empty stack: the time at
    which the active player could take it, had they priority."""
    game = o.game
    if game.priority_player == game.active_player or not game.step.is_main_phase \
            or game.stack:
        return False
    return any(isinstance(a, (PlayLand, TurnFaceUp, Unlock)) and a.player == game.active_player
               for a in _without_priority(o))


def reached_face_down(o: Observation) -> bool:
    """A player without priority controlled a face-down permanent."""
    return any(isinstance(a, TurnFaceUp) for a in _without_priority(o))


PROPERTIES: tuple[Property, ...] = (
    Property("receiving-priority", receiving_priority.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), receiving_priority, _instant_speed,
             ("117.3a", "117.3b", "117.3c", "508.2", "509.2"), "turn-structure", reached,
             weights=(("PassPriority", 6),)),
    Property("acting-with-priority", acting_with_priority.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), acting_with_priority, acts,
             ("117.1", "117.1a", "117.1b", "116.2a", "116.2b", "116.2m", "601.2", "602.2",
              "605.3a"),
             "turn-structure", reached_without_priority, weights=(("PassPriority", 6),)),
)
