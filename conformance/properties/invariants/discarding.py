"""Who chooses the cards a player discards (CR 701.9b): "If a player discards a card of
their choice, that player chooses" -- a spell saying "target player discards two cards"
has the player who discards choose which two, not the spell's controller, unless the
instruction says who else chooses or that the cards are discarded at random.

The judge looks at the choices the engine asked in a step: one whose options are every
card a player held in hand before the step (and cards drawn in it, no others), after which
a card of that player's hand went to their graveyard, was the discard's choice, and was
that player's to make.  Nothing is said when the text of what resolved in the step speaks
of another player choosing ("you choose", "of your choice"), of revealing or looking at a
hand, or of discarding at random.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Choice
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from strategies.effect_boards import discard_focus
from .instructions import _item_text

#: Instructions in which someone other than the discarding player chooses, or nobody does.
_OTHER_CHOOSER = re.compile(r"\byou choose\b|\bof your choice\b|\bat random\b|\breveals?\b|"
                            r"\blooks? at\b|\bopponent chooses\b")


def hand_choice(o: Observation, step: StepView, player: str, more_than: int = 1
                ) -> Choice | None:
    """The choice asked in the step among every card ``player`` held in hand before it --
    its options those cards and cards drawn in the step, no others, more than
    ``more_than`` of them: a discard's choice."""
    held = {str(v.id) for v in step.before_views.values()
            if v.zone is Zone.HAND and v.owner == player}
    drawn = {str(e.data.get("new_object")) for e in o.events if e.kind == "zone_changed"
             and e.data.get("from") == Zone.LIBRARY.value and e.data.get("to") == Zone.HAND.value}
    for choice, _answer in o.choices:
        values = {option.value for option in choice.options}
        if len(values) > more_than and held <= values <= held | drawn:
            return choice
    return None


def _discards(o: Observation, step: StepView) -> Iterable[tuple[str, Choice]]:
    """Each player who discarded in the step -- a card they held went from their hand to
    their graveyard -- with the choice among all of their cards in hand asked in it."""
    discarded = {str(e.data.get("object")) for e in o.events if e.kind == "zone_changed"
                 and e.data.get("from") == Zone.HAND.value
                 and e.data.get("to") == Zone.GRAVEYARD.value}
    owners = {v.owner for v in step.before_views.values()
              if v.zone is Zone.HAND and str(v.id) in discarded}
    for player in sorted(owners):
        choice = hand_choice(o, step, player)
        if choice is not None:
            yield player, choice


def _judged(o: Observation) -> tuple[StepView, list[tuple[str, Choice]]] | None:
    step = step_of(o)
    if not step.acted or not o.choices or o.engine.pending_choice() is not None:
        return None
    item = step.resolved
    if item is not None:
        read = _item_text(step, item)
        if read is None or _OTHER_CHOOSER.search(normalize_text(read[0]).lower()):
            return None
    found = list(_discards(o, step))
    return (step, found) if found else None


def discard_chosen_by_the_discarder(o: Observation) -> Iterable[Violation]:
    """A player who discards cards of their choice chooses them: the choice among the
    cards in their hand is asked of them, whoever controls the spell or ability that makes
    them discard, unless it says otherwise (CR 701.9b, 701.9a)."""
    judged = _judged(o)
    if judged is None:
        return
    step, found = judged
    for player, choice in found:
        if choice.player != player:
            what = (f"{step.resolved.text or 'a spell or ability'!r} resolved"
                    if step.resolved is not None else "the step went on")
            yield Violation(f"{what} and {player} discarded, but {choice.player} was asked "
                            f"which of {player}'s {len(choice.options)} cards in hand: the "
                            f"player discarding chooses (CR 701.9b)")
            return


def reached(o: Observation) -> bool:
    """A spell or ability resolved and a player discarded, after a choice among all of
    their cards in hand."""
    judged = _judged(o)
    return judged is not None and judged[0].resolved is not None


def reached_other_player(o: Observation) -> bool:
    """... and the player who discarded does not control it."""
    judged = _judged(o)
    item = judged[0].resolved if judged is not None else None
    return judged is not None and item is not None and any(
        player != item.controller for player, _choice in judged[1])


PROPERTIES: tuple[Property, ...] = (
    Property("discard-chosen-by-the-discarder", discard_chosen_by_the_discarder.__doc__ or "",
             ("room-is-one-card",),
             frozenset({"discard"}), discard_chosen_by_the_discarder, discard_focus,
             ("701.9b", "701.9a"), "zones", reached,
             weights=(("Cast", 24), ("Resolve", 16), ("PassPriority", 2))),
)
