"""Invariants of permissions to cast from a graveyard: a "once during each of your turns"
permission (CR 601.3, 601.2a: its restriction is checked against the spell as it would be
on the stack; each permission is used once in each of its controller's turns, and only in
them), from the caster's own graveyard only.

The judge and its candidates are those of ``costs.legal_actions``; this property looks at
casts from a graveyard only, in games that favour permissions and the cards they allow,
and also judges them when the caster's mana is unknown: where no permission allows a
cast, it is illegal whatever mana there is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...contract.types import Action, Cast
from ...format.cards import Card
from ...format.vocabulary import Door, Zone
from ..judge import read_face
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation, mana_value
from . import costs
from .pools import pools_of

Subject = Callable[[StepView, Action], bool]


def _judged(o: Observation, subject: Subject) -> Iterable[Violation]:
    """``costs.legal_actions`` for the candidate actions ``subject`` keeps."""
    step = step_of(o)
    pools_of(o)  # brought up to date at every step, judged or not
    if o.engine.pending_choice() is not None or step.before is None and not o.recorder:
        return
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player is not None else None
    if player is None or pool is None:
        return
    for action, verdict in costs._candidates(step, player, pool):
        if verdict.verdict is None or not subject(step, action):
            continue
        legal = o.engine.is_legal(action)
        if legal != verdict.verdict:
            why = "; ".join(w for w in verdict.why if w) or "every condition holds"
            described = costs._describe(o, action)
            if legal:
                yield Violation(f"{described} is legal though {why}", illegal=action)
            else:
                yield Violation(f"{described} is illegal though {why} (mana: "
                                f"{costs._show_pool(pool)})", legal=action)
            return


def _from_graveyard(step: StepView, action: Action) -> bool:
    """A spell cast from a graveyard."""
    view = step.now.views.get(action.card) if isinstance(action, Cast) else None
    return view is not None and view.zone is Zone.GRAVEYARD


def graveyard_permissions(o: Observation) -> Iterable[Violation]:
    """Casting a spell from a graveyard is legal exactly when a permanent its caster
    controls allows it: only from the caster's own graveyard, during the caster's turn,
    for a spell the permission's restriction allows (checked against the spell: a Room's
    door cast, not both), and each "once during each of your turns" permission once in
    each of its controller's turns, whatever the other permissions did.  Where no
    permission allows it, it is illegal whatever mana its caster has."""
    found = False
    for violation in _judged(o, _from_graveyard):
        found = True
        yield violation
    if not found:
        yield from _unpermitted(o)


def _unpermitted(o: Observation) -> Iterable[Violation]:
    """Casts from a graveyard that no unused permission allows, judged without the pool."""
    step = step_of(o)
    player = o.game.priority_player
    if o.engine.pending_choice() is not None or player is None or not step.acted:
        return
    judge = step.judge
    for view in o.views.values():
        card = judge.card_of(view)
        if view.zone is not Zone.GRAVEYARD or card is None or view.token:
            continue
        doors: list[tuple[Door | None, int]] = (
            [(Door.LEFT, 0), (Door.RIGHT, 1)] if card.is_room else [(None, 0)])
        for door, index in doors:
            face = card.faces[index]
            spell = (frozenset(face.types), frozenset(face.supertypes))
            if "Land" in spell[0]:
                continue
            allowed = (costs._permission(step, player, spell, mana_value(face.mana_cost))
                       if view.owner == player else False)
            if allowed is not False:
                continue
            action = Cast(player, view.id, door=door)
            if o.engine.is_legal(action):
                yield Violation(f"{costs._describe(o, action)} is legal though no unused "
                                f"permission allows casting it from "
                                f"{view.owner}'s graveyard", illegal=action)
                return


def reached_permissions(o: Observation) -> bool:
    """The judge ruled on casting a spell from a graveyard."""
    return _reached(o, _from_graveyard)


def _reached(o: Observation, subject: Subject) -> bool:
    step = step_of(o)
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player else None
    if player is None or pool is None or o.engine.pending_choice() is not None:
        return False
    return any(v.verdict is not None and subject(step, a)
               for a, v in costs._candidates(step, player, pool))


def _permission_focus(card: Card) -> bool:
    """Permissions to cast from a graveyard, and permanent cards cheap enough for them
    (Rooms among them: each door is a spell of its own)."""
    if any(read_face(f).permission_mv is not None for f in card.faces):
        return True
    permanent = {"Artifact", "Creature", "Enchantment"} & set(card.faces[0].types)
    return bool(permanent) and (card.is_room or mana_value(card.faces[0].mana_cost) <= 3)


PROPERTIES: tuple[Property, ...] = (
    Property("graveyard-permissions", graveyard_permissions.__doc__ or "",
             ("cast-from-graveyard-once-during-each-of-your-turns",
              "room-cast-permission-checks-cast-door"),
             frozenset(), graveyard_permissions, _permission_focus,
             ("601.3", "601.2a", "709.3a", "113.6"), "permissions", reached_permissions),
)
