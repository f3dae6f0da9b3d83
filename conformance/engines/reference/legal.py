"""The actions a player may take now (the contract's ``legal_actions``).

Candidates are gathered by what each rule looks at -- cards a player could cast or play from
the zones they are in, abilities of their permanents, doors, face-down permanents, passing
priority, declaring attackers and blockers -- and each is kept only if the rules accept it
(``is_legal``, which plays the action on a copy of the game up to its first choice).  So this
module decides nothing the rules modules do not: it only says which actions to try.

Attacks and blocks are sets of creatures, too many to list them all: the declarations offered
are no attack (or no block), each creature alone that may attack (or block one attacker),
and every creature that may attack at once (each blocker on the first attacker it may
block).  Targets and X are left ``None``: the engine asks them.

A caller that wants only some kinds of action asks for those only (``wanted``): the others
are not tried.  ``legal_kinds`` says which kinds have a legal action now, trying each kind's
candidates only up to its first legal one; a declaration of attackers (or blockers) is
possible when declaring none is.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from ...contract.types import (
    Action, Activate, Cast, DeclareAttackers, DeclareBlockers, PassPriority, PlayerId, PlayLand,
    Resolve, TurnFaceUp, Unlock,
)
from ...format.vocabulary import STEP_ORDER, Door, Step, Zone
from . import casting
from .game import Game
from .state import GameObject

Probe = Callable[[Action], bool]
Wanted = Callable[[Action], bool]


def legal_actions(game: Game, player: PlayerId, is_legal: Probe,
                  wanted: Wanted | None = None) -> list[Action]:
    """Every action of ``player`` the rules allow now (see the module's docstring), or those
    of them ``wanted`` accepts (the others are not tried)."""
    keep = wanted or _every
    found = [action for action in _candidates(game, player)
             if keep(action) and is_legal(action)]
    if keep(DeclareAttackers(player, ())):
        found += _attacks(game, player, is_legal)
    if keep(DeclareBlockers(player)):
        found += _blocks(game, player, is_legal)
    return found


def legal_kinds(game: Game, player: PlayerId, is_legal: Probe, kind: Callable[[Action], str],
                kinds: Collection[str] | None = None) -> set[str]:
    """The kinds (as ``kind`` names them) of the actions ``legal_actions`` lists now, or of
    those among ``kinds``: each kind's candidates are tried up to its first legal one."""
    found: set[str] = set()

    def look(action: Action) -> None:
        named = kind(action)
        if named not in found and (kinds is None or named in kinds) and is_legal(action):
            found.add(named)

    for action in _candidates(game, player):
        look(action)
    for declaration in (_no_attack(game, player), _no_block(game, player)):
        if declaration is not None:
            look(declaration)
    return found


def _every(action: Action) -> bool:
    return True


def _candidates(game: Game, player: PlayerId) -> list[Action]:
    """The actions to try, gathered before any is tried: a probe replaces ``game.state``."""
    return [*_spells_and_abilities(game, player), *_lands(game, player),
            *_priority(game, player)]


def _spells_and_abilities(game: Game, player: PlayerId) -> Iterable[Action]:
    state = game.state
    if state.stack:
        yield Resolve()
    for zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE):
        for object_id in state.player(player).zones[zone]:
            card = state.objects[object_id].copiable_card
            doors = tuple(Door) if card.is_room else (None,)
            yield from (Cast(player, object_id, door=d) for d in doors)
            if casting.morph_cost(game, state.objects[object_id]) is not None:
                yield Cast(player, object_id, face_down=True)  # CR 702.37c
    for obj in state.permanents():
        if obj.controller != player:
            continue
        for index, _ability in enumerate(casting.activated_abilities(game, obj)):
            yield Activate(player, obj.id, index)
        if obj.copiable_card.is_room:
            yield from (Unlock(player, obj.id, d) for d in Door if d not in obj.unlocked)
        if obj.face_down:
            yield TurnFaceUp(player, obj.id)  # CR 702.37e


def _lands(game: Game, player: PlayerId) -> Iterable[Action]:
    """Land cards in the player's hand and in exile, in a main phase of their turn with an
    empty stack (CR 305.1); ``is_legal`` checks the rest."""
    state = game.state
    if state.active_player != player or not state.step.is_main_phase or state.stack:
        return
    for zone in (Zone.HAND, Zone.EXILE):
        for object_id in state.player(player).zones[zone]:
            if "Land" in game.chars(state.objects[object_id]).types:
                yield PlayLand(player, object_id)


def _priority(game: Game, player: PlayerId) -> Iterable[Action]:
    """Passing priority, for the player who has it (CR 117.3d)."""
    if game.state.priority == player:
        yield PassPriority(player)


def _creatures(game: Game, player: PlayerId) -> list[GameObject]:
    return [obj for obj in game.state.permanents() if obj.controller == player
            and not obj.tapped and "Creature" in game.chars(obj).types]


def _no_attack(game: Game, player: PlayerId) -> DeclareAttackers | None:
    """Declaring no attackers, where ``player`` may declare attackers: the active player
    holding priority, with an empty stack, before this turn's declare attackers step
    (CR 508.1)."""
    state = game.state
    if state.active_player != player or state.priority != player or state.stack or \
            STEP_ORDER.index(state.step) >= STEP_ORDER.index(Step.DECLARE_ATTACKERS):
        return None
    return DeclareAttackers(player, ())


def _no_block(game: Game, player: PlayerId) -> DeclareBlockers | None:
    """Declaring no blockers, where ``player`` may declare blockers: a defending player, in
    the declare attackers step with an empty stack (CR 509.1)."""
    state, combat = game.state, game.state.combat
    if state.step is not Step.DECLARE_ATTACKERS or state.stack or combat is None or \
            player not in combat.attackers.values():
        return None
    return DeclareBlockers(player)


def _attacks(game: Game, player: PlayerId, is_legal: Probe) -> list[Action]:
    """Declarations of attackers: by the active player holding priority, with an empty
    stack, before this turn's declare attackers step (CR 508.1)."""
    none = _no_attack(game, player)
    if none is None or not is_legal(none):
        return []  # an ability triggers on the way to combat: no declaration yet
    able = [obj.id for obj in _creatures(game, player)
            if is_legal(DeclareAttackers(player, (obj.id,)))]
    found: list[Action] = [none, *(DeclareAttackers(player, (a,)) for a in able)]
    if len(able) > 1:
        found.append(DeclareAttackers(player, tuple(able)))
    return found


def _blocks(game: Game, player: PlayerId, is_legal: Probe) -> list[Action]:
    """Declarations of blockers: by a defending player, in the declare attackers step with
    an empty stack (CR 509.1)."""
    state, combat = game.state, game.state.combat
    none = _no_block(game, player)
    if none is None or combat is None or not is_legal(none):
        return []
    attackers = [a for a, defender in combat.attackers.items() if defender == player
                 and a in state.battlefield]  # one that left is removed from combat (CR 506.4)
    pairs = [(blocker.id, attacker) for blocker in _creatures(game, player)
             for attacker in attackers if is_legal(DeclareBlockers(player, ((blocker.id,
                                                                            attacker),)))]
    found: list[Action] = [none, *(DeclareBlockers(player, (pair,)) for pair in pairs)]
    first: dict[str, tuple[str, str]] = {}
    for blocker, attacker in pairs:
        first.setdefault(blocker, (blocker, attacker))
    if len(first) > 1:
        found.append(DeclareBlockers(player, tuple(first.values())))
    return found
