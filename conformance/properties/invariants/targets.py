"""Triggered abilities with targets in the games where the targets are missing, and
"dies" abilities in the games where permanents leave the battlefield for other zones.

The invariant is ``triggers.targeted_triggers``: a triggered ability that needs a target
and has no legal one is removed from the stack as it would be put there (CR 603.3d); one
with "up to one target" goes on the stack with none, as many times as it triggered
(``triggers.trigger_instances``, CR 603.2).  These games favour the cards whose triggered
abilities target -- the doors of Rooms ("When you unlock this door, ... target creature an
opponent controls"), creatures' "when this dies" -- chosen by what the judge reads in their
text, never by name.

``triggers.dies_triggers``: "dies" means put into a graveyard from the battlefield (CR
700.4), so a creature returned to a hand or exiled does not trigger its "when this creature
dies" abilities; these games favour such creatures and what returns permanents to a hand.
"""

from __future__ import annotations

from ...format.cards import Card
from ..judge import read_face
from ..observation import Property
from . import triggers
from strategies.dying_boards import dies_or_sacrifices


def _dies_or_returns(card: Card) -> bool:
    """Cards with a "when this creature dies" ability, and what returns permanents to a
    hand."""
    text = " ".join(f.text for f in card.faces).lower()
    return "creature dies" in text or "owner's hand" in text or "owners' hands" in text


def _targeted(card: Card) -> bool:
    """Cards with a triggered ability that targets."""
    return any(t.target for f in card.faces for t in read_face(f).triggers)


PROPERTIES: tuple[Property, ...] = (
    Property("targeted-triggers", triggers.targeted_triggers.__doc__ or "",
             ("room-unlock-without-targets-for-trigger", "room-when-you-unlock-this-door"),
             frozenset({"triggered-abilities"}), triggers.targeted_triggers, _targeted,
             ("603.3d", "601.2c", "602.2b", "115.1", "603.2"), "triggers",
             triggers.reached_targeted),
    Property("dies-triggers", triggers.dies_triggers.__doc__ or "",
             ("trigger-conditions-dies-means-put-into-a-graveyard",),
             frozenset({"triggered-abilities"}), triggers.dies_triggers, _dies_or_returns,
             ("700.4", "603.6c", "603.10a"), "triggers", triggers.reached_dies,
             weights=(("Move", 12),)),
    Property("trigger-targets-chosen-by-their-controller",
             "`trigger-order-and-control` in games in which creatures die in combat and "
             "by effects, with what triggers on their dying: a triggered ability's targets "
             "are chosen by its controller as it is put on the stack -- the player whose turn "
             "it is not, for their creature's \"when this creature dies\" ability -- and "
             "the active player's triggered abilities go on the stack first (CR 603.3d, "
             "603.3b).",
             ("trigger-order-controller-orders-simultaneous-triggers",
              "trigger-doubling-separate-choices-per-instance"),
             frozenset({"triggered-abilities"}), triggers.trigger_order_and_control,
             dies_or_sacrifices, ("603.3d", "603.3b", "101.4"), "triggers",
             triggers.reached_trigger_targets,
             weights=(("Move", 12), ("DeclareAttackers", 24), ("DeclareBlockers", 48))),
)
