"""A creature with toughness 0 or less is put into its owner's graveyard as state-based
actions are checked (CR 704.5f, 704.3), whatever brought it there: a 0/0 entering with
no counters (X of 0, a copy of nothing), counters or effects that lower it.  It is not
destroyed: "indestructible" does not keep it (CR 704.5f), so the judge does not ask why.

After every action (state-based actions are checked before a player receives priority),
the judge reads each creature's toughness as the engine reports it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import step_of
from ..observation import Observation, Property, Violation


def zero_toughness(o: Observation) -> Iterable[Violation]:
    """Once state-based actions are done, no creature on the battlefield has toughness 0 or
    less (CR 704.5f, 704.3)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.toughness is None \
                or "Creature" not in view.types:
            continue
        if view.toughness <= 0:
            name = " // ".join(view.names) or "a face-down creature"
            yield Violation(f"{name} is a creature with toughness {view.toughness} on the "
                            f"battlefield once state-based actions are done (CR 704.5f)",
                            view.id, "zone", Zone.GRAVEYARD.value)
            return


def reached(o: Observation) -> bool:
    """A creature entered the battlefield and was put into a graveyard in the same step
    (a 0/0 with nothing to raise its toughness, say)."""
    step = step_of(o)
    if not step.acted:
        return False
    entered = {i for i, _zone in step.entered}
    return any(e.kind == "zone_changed" and e.data.get("from") == Zone.BATTLEFIELD.value
               and e.data.get("to") == Zone.GRAVEYARD.value
               and str(e.data.get("object")) in entered for e in o.events)


def _zero(card: Card) -> bool:
    """Creatures printed 0/0 or with toughness 0 (their counters or a copy make them what
    they are)."""
    return any("Creature" in f.types and (f.toughness or "").strip() in ("0", "*")
               for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("zero-toughness", zero_toughness.__doc__ or "",
             ("copy-mirror-room-x-is-zero", "entering-objects-a-copy-enters-as-a-new-object"),
             frozenset(), zero_toughness, _zero, ("704.5f", "704.3"), "zones", reached,
             weights=(("Cast", 16),)),
)
