"""Invariants of objects changing zones (CR 400.7): an object that moves is a new object
with no memory of its previous existence -- it keeps neither the counters nor the status it
had -- and a token or a copy of a spell that leaves the battlefield or the stack ceases to
exist (CR 111.7, 111.8, 704.5d, 704.5e, 707.10a).

What moved is followed through the engine's own ``zone_changed`` events (the object before
and the new object), so nothing here depends on how an engine names its objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...contract.types import Event, ObjectView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from . import objects
from strategies.token_boards import ceasing_focus

#: Zones where a card is no permanent and no spell: it has no status, and nothing in the
#: card pool puts counters on a card there.
_CARD_ZONES = frozenset({Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD, Zone.EXILE})
_CARD_ZONE_NAMES = frozenset(z.value for z in _CARD_ZONES)


def _moves(step: StepView) -> Iterable[tuple[Event, ObjectView | None, ObjectView | None]]:
    """Each zone change of the step to a hand, library, graveyard or exile, with the
    object before it (as it was before the step) and the new object now."""
    o = step.now
    for event in o.events:
        if event.kind != "zone_changed":
            continue
        try:
            to = Zone(str(event.data.get("to")))
        except ValueError:
            continue
        if to not in _CARD_ZONES:
            continue
        old = step.before_views.get(str(event.data.get("object")))
        new_id = event.data.get("new_object")
        new = o.views.get(str(new_id)) if new_id else None
        yield event, old, new


def _counters_by_effect(step: StepView) -> bool:
    """Whether what resolved in the step speaks of counters (an effect may exile a card
    with counters on it): the judge then says nothing of counters off the battlefield."""
    item = step.resolved
    if item is None:
        return False
    source = step.before_views.get(item.source) or step.now.views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return faces is None or any("counter" in f.text.lower() for f in faces)


def new_objects(o: Observation) -> Iterable[Violation]:
    """A permanent or spell that goes to a hand, a library, a graveyard or exile becomes a
    new object there, untapped and with no counters; one that comes back to the battlefield
    is a new permanent there too, untapped and with only the counters it enters with."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return  # after the end of the game nothing is checked any more (CR 104.1)
    entering = next(iter(objects.entering_permanents(o)), None)
    if entering is not None:
        yield entering
        return
    by_effect = _counters_by_effect(step)
    for _event, _old, new in _moves(step):
        if new is None or new.zone not in _CARD_ZONES:
            continue
        name = " // ".join(new.identity or new.names) or "an object"
        if new.tapped:
            yield Violation(f"{name} is tapped in the {new.zone.value}: a new object has no "
                            f"status", new.id, "tapped", False)
            return
        counters = {k: v for k, v in new.counters.items() if v}
        if counters and not by_effect:
            yield Violation(f"{name} has the counters {counters} in the {new.zone.value}: a "
                            f"new object keeps none", new.id, "counters", {})
            return


def ceasing_to_exist(o: Observation) -> Iterable[Violation]:
    """A token that leaves the battlefield, or a copy of a spell that leaves the stack,
    ceases to exist: nothing of it is left in a hand, a library, a graveyard or exile once
    state-based actions are done, and no token comes back onto the battlefield from one of
    them ("exile it, then return it" returns no token)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return  # after the end of the game nothing is checked any more (CR 104.1)
    for _event, old, new in _moves(step):
        if new is None or new.zone not in _CARD_ZONES or old is None:
            continue
        name = " // ".join(new.identity or new.names) or "an object"
        if old.token:
            yield Violation(f"a token ({name}) that left the {old.zone.value} still exists in "
                            f"the {new.zone.value}", new.id, "zone", old.zone.value)
            return
        if old.id in step.knowledge.spell_copies:
            yield Violation(f"a copy of a spell ({name}) that left the stack still exists in "
                            f"the {new.zone.value}", new.id, "zone", Zone.STACK.value)
            return
    for event in o.events:  # a token in a hand, library, graveyard or exile left the
        # battlefield to be there: it can't come back (CR 111.8)
        if event.kind != "zone_changed" or event.data.get("to") != Zone.BATTLEFIELD.value \
                or event.data.get("from") not in _CARD_ZONE_NAMES:
            continue
        new = o.views.get(str(event.data.get("new_object")))
        if new is not None and new.token and new.zone is Zone.BATTLEFIELD:
            name = " // ".join(new.identity or new.names) or "a token"
            yield Violation(f"a token ({name}) was put onto the battlefield from the "
                            f"{event.data.get('from')}: a token that has left the battlefield "
                            f"can't come back to it (CR 111.8, 111.7)", new.id, "zone",
                            str(event.data.get("from")))
            return


def reached_new_objects(o: Observation) -> bool:
    """A step that moved a tapped permanent or one with counters to a hand, a library, a
    graveyard or exile, or put a card onto the battlefield from anywhere but the stack."""
    step = step_of(o)
    if not step.acted:
        return False
    if any(old is not None and (old.tapped or any(old.counters.values()))
           for _e, old, _new in _moves(step)):
        return True
    return any(source not in (None, Zone.STACK.value) for _i, source in step.entered)


def reached_ceasing(o: Observation) -> bool:
    """A step that moved a token or a copy of a spell out of the battlefield or stack."""
    step = step_of(o)
    return step.acted and any(old is not None and (old.token or old.id in step.knowledge.spell_copies)
                              for _e, old, _new in _moves(step))


def _creature(card: Card) -> bool:
    """Creatures (random positions give them counters and tap them) and what creates
    permanents."""
    return "Creature" in card.faces[0].types or "create" in " ".join(
        f.text for f in card.faces).lower()


PROPERTIES: tuple[Property, ...] = (
    Property("zone-changes-make-new-objects", new_objects.__doc__ or "",
             ("entering-objects-a-copy-enters-as-a-new-object",),
             frozenset(), new_objects, _creature,
             ("400.7", "110.5", "122.2", "614.1c"), "zones", reached_new_objects),
    Property("tokens-and-spell-copies-cease-to-exist", ceasing_to_exist.__doc__ or "",
             ("entering-objects-a-token-that-leaves-ceases-to-exist",),
             frozenset(), ceasing_to_exist, ceasing_focus,
             ("111.7", "111.8", "704.5d", "704.5e", "707.10a"), "zones", reached_ceasing),
)
