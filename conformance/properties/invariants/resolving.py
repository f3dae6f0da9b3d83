"""Where a spell goes as it resolves (CR 608.2n, 608.3, 608.3a): an instant or sorcery card
is put into its owner's graveyard as the final step of its resolution; a permanent spell
becomes a permanent and is put onto the battlefield under the control of the spell's
controller.

The judge follows the card that resolved through the engine's ``zone_changed`` events (a
required event of the contract) to the object it became.  It says nothing of a copy of a
spell (it ceases to exist: ``tokens-and-spell-copies-cease-to-exist``), of an Aura spell
(its target decides, CR 608.3b: ``illegal-targets``), of a spell whose targets were all
illegal (it doesn't resolve, CR 608.2b: ``illegal-targets``) or of a text in any zone that
may send it elsewhere ("instead", "would", flashback, rebound, buyback, a text naming "this
card" or "this spell") or change who controls what enters.  A permanent spell that left
the battlefield in the same step (state-based actions: a 0/0 creature, the legend rule)
entered it first, as its events say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import ObjectView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .resolution import _memory as _targets_memory

_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                              "Battle"})
#: Texts that may put a resolving spell elsewhere, or under another player's control.
_ELSEWHERE = re.compile(r"\binstead\b|\bwould\b|\bflashback\b|\brebound\b|\bbuyback\b|"
                        r"this card|this spell|gains? control|control of|exchange control|"
                        r"enters under")


def _spoiled(o: Observation, step: StepView) -> bool:
    key = "resolving: spoilers"
    kept = step.shared.get(key)
    if kept is None:
        kept = False
        for views in (step.before_views, o.views):
            for view in views.values():
                faces = step.judge.faces_of(view)
                texts = [f.text for f in faces] if faces is not None else list(view.abilities)
                if any(_ELSEWHERE.search(normalize_text(t).lower()) for t in texts):
                    kept = True
                    break
            if kept:
                break
        step.shared[key] = kept
    return bool(kept)


def _judged(o: Observation) -> tuple[StepView, ObjectView, frozenset[str], ObjectView] | None:
    """The step, the spell as it was before it resolved, its card types and what it became,
    when the judge reads where it should be."""
    step = step_of(o)
    item = step.resolved
    if item is None or item.kind != "spell" or not step.acted \
            or o.engine.pending_choice() is not None or any(i.id == item.id for i in o.game.stack):
        return None
    spell = step.before_views.get(item.source)
    if spell is None or spell.zone is not Zone.STACK or spell.token \
            or spell.id in step.knowledge.spell_copies:
        return None
    types = step.judge.types_of(spell)
    subtypes = {t for f in step.judge.faces_of(spell) or () for t in f.subtypes}
    if types is None or "Aura" in subtypes or "Aura" in spell.subtypes:
        return None
    judged = _targets_memory(o).judged  # the targets it had, followed since they were chosen
    if judged is not None and judged[1]:
        return None  # every target illegal: it didn't resolve (CR 608.2b)
    became = [str(e.data.get("new_object")) for e in o.events if e.kind == "zone_changed"
              and str(e.data.get("object")) == spell.id and e.data.get("new_object")]
    now = next((o.views[i] for i in became if i in o.views), None) or o.views.get(spell.id)
    if now is None or now.zone is Zone.STACK or _spoiled(o, step):
        return None
    return step, spell, types, now


def _entered(o: Observation, spell: ObjectView) -> bool:
    """Whether the engine reports the spell's card entering the battlefield in the step."""
    return any(e.kind == "zone_changed" and str(e.data.get("object")) == spell.id
               and e.data.get("to") == Zone.BATTLEFIELD.value for e in o.events)


def resolved_spell_destination(o: Observation) -> Iterable[Violation]:
    """A spell that resolves leaves the stack for where the rules send it: an instant or
    sorcery card to its owner's graveyard, a permanent spell onto the battlefield under the
    control of the spell's controller (CR 608.2n, 608.3, 608.3a)."""
    found = _judged(o)
    if found is None:
        return
    step, spell, types, now = found
    name = " // ".join(spell.names) or "a face-down spell"
    controller = step.resolved.controller if step.resolved is not None else spell.controller
    if types & _PERMANENT_TYPES:
        if now.zone is Zone.BATTLEFIELD:
            if now.controller is not None and now.controller != controller:
                yield Violation(f"{name}, a permanent spell {controller} controlled, resolved "
                                f"and entered the battlefield under {now.controller}'s "
                                f"control (CR 608.3a: the spell's controller's)", now.id,
                                "controller", controller)
        elif not _entered(o, spell):
            yield Violation(f"{name}, a permanent spell, resolved and went to the "
                            f"{now.zone.value} without entering the battlefield (CR 608.3a)",
                            now.id, "zone", Zone.BATTLEFIELD.value)
        return
    if not types & {"Instant", "Sorcery"}:
        return
    if now.zone is not Zone.GRAVEYARD or now.owner != spell.owner:
        where = f"{now.owner}'s graveyard" if now.zone is Zone.GRAVEYARD else (
            "exile" if now.zone is Zone.EXILE else f"the {now.zone.value}")
        yield Violation(f"{name}, {'an instant' if 'Instant' in types else 'a sorcery'} "
                        f"{spell.owner} owns, resolved and went to {where}, not its owner's "
                        f"graveyard (CR 608.2n)", now.id, "zone", Zone.GRAVEYARD.value)


def reached(o: Observation) -> bool:
    """A spell resolved whose destination the judge reads."""
    return _judged(o) is not None


def reached_permanent_of_another_player(o: Observation) -> bool:
    """A permanent spell of a player other than the active player resolved."""
    found = _judged(o)
    return found is not None and bool(found[2] & _PERMANENT_TYPES) \
        and found[1].controller != o.game.active_player


def reached_instant_or_sorcery(o: Observation) -> bool:
    """An instant or sorcery card resolved."""
    found = _judged(o)
    return found is not None and bool(found[2] & {"Instant", "Sorcery"}) \
        and not found[2] & _PERMANENT_TYPES


def focus(card: Card) -> bool:
    """Instants, sorceries and spells with flash: spells cast by either player, in either
    player's turn."""
    face = card.faces[0]
    return bool({"Instant", "Sorcery"} & set(face.types)) or "Flash" in face.keywords


PROPERTIES: tuple[Property, ...] = (
    Property("resolved-spell-destination", resolved_spell_destination.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent", "room-cast-one-door"),
             frozenset(), resolved_spell_destination, focus, ("608.2n", "608.3", "608.3a"),
             "stack", reached, weights=(("Cast", 16), ("Resolve", 8))),
)
