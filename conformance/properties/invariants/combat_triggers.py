"""Triggered abilities of combat in games about them: "whenever this creature attacks",
"whenever a creature you control attacks", "whenever you attack" and "whenever ... deal(s)
combat damage to a player" (CR 508.3a, 510.3a, 603.2) -- the invariant is
``trigger-instances``'s (and a revealed card put into a hand "if it's a land card" is
one), its games favour the permanents with such abilities and the
creatures that deal damage by an ability (which is not combat damage, CR 120.2a), and draw
attacks and blocks as often as casts.
"""

from __future__ import annotations

import re

from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import DeclareAttackers
from ...format.vocabulary import Zone
from strategies.trigger_boards import watches_combat

from ..memory import step_of
from ..observation import Observation, Property, Violation
from .combat import turn_of
from .declarations import WEIGHTS
from .triggers import reached_instances, trigger_instances

#: A permanent whose triggered ability watches attacks or combat damage, or a creature that
#: deals damage by an ability; the boards add a creature with double strike beside a
#: permanent watching combat damage (``strategies.trigger_boards.double_strikes_watched``).
_watches_combat = watches_combat


_REVEALS_A_LAND = re.compile(r"reveals the top card of their library\. if it's a land card, "
                             r"that player puts it into their hand")


def revealed_lands(o: Observation) -> Iterable[Violation]:
    """An ability that has a player reveal the top card of their library and put it into
    their hand "if it's a land card" (Goblin Guide's) puts no other card there."""
    step = step_of(o)
    item = step.resolved
    source = step.view(item.source) if item is not None else None
    faces = step.judge.faces_of(source) if source is not None else None
    if item is None or item.kind != "ability" or not faces or not any(
            _REVEALS_A_LAND.search(normalize_text(f.text).lower()) for f in faces):
        return
    for event in o.events:
        if event.kind != "zone_changed" or event.data.get("from") != Zone.LIBRARY.value \
                or event.data.get("to") != Zone.HAND.value:
            continue
        view = o.views.get(str(event.data.get("new_object")))
        card = step.judge.card_of(view) if view is not None else None
        if card is not None and "Land" not in card.faces[0].types:
            yield Violation(f"{' // '.join(card.face_names)} went from a library to a hand as "
                            f"an ability putting a revealed land card there resolved")
            return


def combat_triggers(o: Observation) -> Iterable[Violation]:
    """``trigger-instances``, and what the attack triggers do: a revealed card that is not
    a land is not put into its owner's hand."""
    for violation in (*trigger_instances(o), *revealed_lands(o)):
        yield violation
        return


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
    Property("combat-trigger-instances", combat_triggers.__doc__ or "",
             ("combat-hospital-room-whenever-you-attack",
              "combat-hospital-room-with-one-attacker",
              "combat-locker-room-draws-once-per-combat-damage-step",
              "combat-goblin-guide-attack-trigger", "combat-brutal-hordechief-attack-trigger"),
             frozenset({"combat", "triggered-abilities"}), combat_triggers, _watches_combat,
             ("508.3a", "510.3a", "603.2", "120.2a"), "combat", reached, weights=WEIGHTS),
)
