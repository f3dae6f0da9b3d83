"""Invariants of playing cards exiled with a permission (CR 601.3, 611.2a, 514.2): a spell
that says "exile the top N cards of your library; until end of turn (or until the end of
your next turn) you may play them" lets its controller cast those cards -- paying their
costs, at the time their types allow -- for exactly that long, and no one else.

The judge reads the permission from card data (the resolved spell's text), follows the
cards it exiled through the engine's ``zone_changed`` events, and counts turns itself.
Whether a card can be cast is judged only when the judge knows the player's mana and the
spell needs no targets the judge does not work out; that it can't once the permission has
ended is judged whatever the mana.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...contract.types import Cast, ObjectId
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..judge import total_cost
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from . import costs
from .pools import pools_of

_IMPULSE = re.compile(r"exile the top (?:\w+) cards? of your library\. until (end of turn|the "
                      r"end of your next turn), you may play (?:those cards|cards exiled this "
                      r"way|them|it)")


@dataclass(frozen=True, slots=True)
class _Permission:
    player: str
    last_turn: int  # the judge's number of the last turn it lasts


class Exiled:
    """The cards of one game exiled with a permission to play them, as the judge has
    followed them.  It learns from every observation it is given; one it missed (a step
    it was not shown) makes it say nothing more for that game."""

    def __init__(self) -> None:
        self.known: dict[ObjectId, _Permission] = {}
        self.last: Observation | None = None
        self.followed = True
        self.turn = 1

    def see(self, o: Observation) -> None:
        if o is self.last:
            return
        step = step_of(o)
        if step.before is None:
            self.known.clear()
            self.followed = True
        elif self.last is None or step.before[0] is not self.last.views:
            self.followed = False
        self.last = o
        self.turn = step.knowledge.turns
        if self.followed and step.acted:
            _learn(step, self.known)

    def allows(self, card: ObjectId, player: str) -> bool | None:
        """Whether a permission lets ``player`` play ``card`` from exile now; ``None``
        when the judge has not followed the whole game."""
        if not self.followed:
            return None
        permission = self.known.get(card)
        return permission is not None and permission.player == player \
            and self.turn <= permission.last_turn


#: The followed exiled cards of each game (keyed like the judge's memory).
_GAMES: PerGame[Exiled] = PerGame(Exiled)


def exiled_of(o: Observation) -> Exiled:
    """The exiled cards of ``o``'s game, brought up to date with ``o``."""
    exiled = _GAMES.of(o)
    exiled.see(o)
    return exiled


def _learn(step: StepView, known: dict[ObjectId, _Permission]) -> None:
    """Record the permissions the step's resolving spell gave, and forget the cards that
    left exile."""
    o = step.now
    for event in o.events:
        if event.kind == "zone_changed" and str(event.data.get("object")) in known:
            known.pop(str(event.data.get("object")))
    item = step.resolved
    if item is None or item.kind != "spell":
        return
    spell = step.before_views.get(item.id)
    faces = step.judge.faces_of(spell) if spell is not None else None
    found = _IMPULSE.search(" ".join(f.text for f in faces or ()).lower().replace("\n", " "))
    if found is None:
        return
    turns = step.knowledge.turns
    if found.group(1) == "end of turn":
        last = turns
    else:  # the end of its controller's next turn
        last = turns + (2 if o.game.active_player == item.controller else 1)
    for event in o.events:
        if event.kind == "zone_changed" and event.data.get("from") == Zone.LIBRARY.value \
                and event.data.get("to") == Zone.EXILE.value and event.data.get("new_object"):
            known[str(event.data["new_object"])] = _Permission(item.controller, last)


def exiled_cards_playable(o: Observation) -> Iterable[Violation]:
    """A card exiled with permission to play it can be cast by that permission's
    controller until the permission ends -- until end of turn, or until the end of their
    next turn -- when its types' timing allows it and its total cost can be paid; once the
    permission has ended, or by another player, it can't be cast from exile."""
    step = step_of(o)
    pools_of(o)  # brought up to date at every step, judged or not
    exiled = exiled_of(o)
    if not step.acted or not exiled.followed:
        return
    player = o.game.priority_player
    if o.engine.pending_choice() is not None or player is None or o.game.game_over:
        return
    pool = pools_of(o).get(player)
    for object_id in sorted(exiled.known):
        view = o.views.get(object_id)
        card = step.judge.card_of(view) if view is not None else None
        if view is None or card is None or view.zone is not Zone.EXILE or card.is_room:
            continue
        face = card.faces[0]
        types = frozenset(face.types)
        if "Land" in types:
            continue  # playing a land also needs a land play (CR 305.2)
        action = Cast(player, object_id)
        permission = exiled.known[object_id]
        if not exiled.allows(object_id, player):
            if o.engine.is_legal(action):
                yield Violation(f"{costs._describe(o, action)} is legal from exile though no "
                                f"permission lets {player} play it now", illegal=action)
                return
            continue
        expected = _must_be_castable(step, player, card, pool)
        if expected and not o.engine.is_legal(action):
            yield Violation(f"{costs._describe(o, action)} is illegal though a permission lets "
                            f"{player} play it until turn {permission.last_turn} (this is "
                            f"turn {step.knowledge.turns}) and its cost can be paid",
                            legal=action)
            return


def _must_be_castable(step: StepView, player: str, card: Card, pool: Any) -> bool:
    """Whether the judge knows the card can be cast now (timing, cost, targets; X may be
    0)."""
    if pool is None:
        return False
    o = step.now
    face = card.faces[0]
    types = frozenset(face.types)
    instant = "Instant" in types or "Flash" in face.keywords
    if o.game.priority_player != player or not (
            instant or costs._sorcery_timing(step, player)):
        return False
    if costs._targets_known(face) is not True:
        return False
    if any(r.unknown_cost for v in o.views.values() if v.zone is Zone.BATTLEFIELD
           for r in step.judge.readings_of(v) or ()):
        return False
    cost = total_cost(step.judge, o.views, player, (types, frozenset(face.supertypes)),
                      face.mana_cost, step.knowledge.casts.get(player, []))
    return pool.can_pay(cost) is True


def reached(o: Observation) -> bool:
    """A card exiled with a permission to play it is in exile."""
    exiled = exiled_of(o)
    return exiled.followed and any((v := o.views.get(i)) is not None and v.zone is Zone.EXILE
                                   for i in exiled.known)


def _impulse(card: Card) -> bool:
    """Spells exiling cards with a permission to play them."""
    return any(_IMPULSE.search(f.text.lower().replace("\n", " ")) for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("exiled-cards-playable", exiled_cards_playable.__doc__ or "",
             ("exile-to-play-until-end-of-turn-or-your-next-turn",),
             frozenset(), exiled_cards_playable, _impulse,
             ("601.3", "611.2a", "514.2", "307.1", "601.2f"), "exile-to-play", reached),
)
