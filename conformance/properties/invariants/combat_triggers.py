"""Triggered abilities of combat in games about them: "whenever this creature attacks",
"whenever a creature you control attacks", "whenever you attack" and "whenever ... deal(s)
combat damage to a player" (CR 508.3a, 510.3a, 603.2) -- the invariant is
``trigger-instances``'s, its games favour the permanents with such abilities and the
creatures that deal damage by an ability (which is not combat damage, CR 120.2a), and draw
attacks and blocks as often as casts.
"""

from __future__ import annotations

import re

from ...contract.text import normalize_text
from ...contract.types import DeclareAttackers
from ...format.cards import Card
from ..judge import read_face
from ..memory import step_of
from ..observation import Observation, Property
from .combat import turn_of
from .declarations import WEIGHTS
from .triggers import reached_instances, trigger_instances

_COMBAT_TRIGGERS = ("attacks", "you-attack", "combat-damage")
_ABILITY_DAMAGE = re.compile(r"\{t\}: this creature deals \d+ damage")


def watches_combat(card: Card) -> bool:
    """A permanent whose triggered ability watches attacks or combat damage, or a creature
    that deals damage by an ability."""
    return any(any(t.event.startswith(_COMBAT_TRIGGERS) for t in read_face(f).triggers)
               or "Creature" in f.types and _ABILITY_DAMAGE.search(
                   normalize_text(f.text).lower()) is not None
               for f in card.faces)


def reached(o: Observation) -> bool:
    """A step that declared attackers or dealt combat damage to a player in which the
    judge expected a triggered ability on the stack."""
    step = step_of(o)
    if not step.acted:
        return False
    action = o.action
    dealt = turn_of(o).damage_dealt
    combat = isinstance(action, DeclareAttackers) and bool(action.attackers) or (
        dealt is not None and dealt[1] > 0)
    return combat and reached_instances(o)


PROPERTIES = (
    Property("combat-trigger-instances", trigger_instances.__doc__ or "",
             ("combat-hospital-room-whenever-you-attack",
              "combat-hospital-room-with-one-attacker",
              "combat-locker-room-draws-once-per-combat-damage-step",
              "combat-goblin-guide-attack-trigger", "combat-brutal-hordechief-attack-trigger"),
             frozenset({"combat", "triggered-abilities"}), trigger_instances, watches_combat,
             ("508.3a", "510.3a", "603.2", "120.2a"), "combat", reached, weights=WEIGHTS),
)
