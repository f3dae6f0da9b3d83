"""What a spell or an activated ability may target as it is put on the stack (CR 601.2c,
602.2b, 115.1, 115.3, 115.5).

A target is chosen among what the word "target" allows: a spell cast or an ability activated
with a target that does not meet its requirement, or the same object chosen twice for one
word "target" ("two target creatures": two different creatures, CR 115.3), or itself as its
own target (CR 115.5), was put on the stack illegally.

The judge reads the requirement as ``illegal-targets`` does (``resolution.target_requirement``:
one word "target", plainly a card type, tapped or untapped, whose) and checks each object
target as it was before the step -- targets are chosen before costs are paid (CR 601.2c,
601.2h), so tapping or sacrificing it as a cost does not count.  It judges the spell a
``Cast`` put on the stack and the ability an ``Activate`` did, never a copy (a copy keeps
its original's targets, legal or not, CR 707.10) nor a triggered ability (whose targets are
chosen as it is put on the stack, after what happened in the step).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Activate, Cast, PlayerRef, StackItemView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .resolution import target_requirement, unmet


def _chosen(o: Observation, step: StepView) -> StackItemView | None:
    """The item the step's cast or activation put on the stack."""
    if not step.acted or o.engine.pending_choice() is not None:
        return None
    action = o.action
    if isinstance(action, Cast) and step.cast_spell is not None:
        found = [i for i in step.new_items if step.cast_spell in (i.id, i.source)
                 and i.kind == "spell"]
    elif isinstance(action, Activate):
        found = [i for i in step.new_items if i.source == action.object and i.kind != "spell"]
    else:
        return None
    return found[0] if len(found) == 1 and found[0].targets else None


def _one_word(step: StepView, item: StackItemView) -> bool | None:
    """Whether the item's text has one word "target" (``None``: no text to read)."""
    if item.kind == "spell":
        view = step.now.views.get(item.source)
        faces = step.judge.faces_of(view) if view is not None else None
        if not faces or len(faces) != 1:
            return None
        text = faces[0].text
    else:
        text = item.text
    if not text:
        return None
    return len(re.findall(r"\btargets?\b", normalize_text(text).lower())) == 1


def targets_when_chosen(o: Observation) -> Iterable[Violation]:
    """A spell cast or an ability activated targets only what its word "target" allows --
    a permanent of the type it names, tapped or untapped, controlled by whom it says --,
    never the same object twice for one word "target", never itself (CR 601.2c, 115.1,
    115.3, 115.5)."""
    step = step_of(o)
    item = _chosen(o, step)
    if item is None:
        return
    what = "a spell" if item.kind == "spell" else "an ability"
    objects = [str(t) for t in item.targets if not isinstance(t, PlayerRef)]
    if item.id in objects or item.kind == "spell" and item.source in objects:
        yield Violation(f"{what} was put on the stack targeting itself (CR 115.5)")
        return
    if _one_word(step, item) and len(set(objects)) < len(objects):
        yield Violation(f"{what} was put on the stack with one object chosen twice for one "
                        f"word \"target\" (CR 115.3, 601.2c)")
        return
    if len(objects) != 1 or len(item.targets) != 1:
        return
    requirement = target_requirement(step, item, o.views)
    target = step.before_views.get(objects[0])
    if requirement is None or target is None:
        return
    name = " // ".join(target.names) or "a face-down permanent"
    if target.zone is not Zone.BATTLEFIELD:
        yield Violation(f"{what} was put on the stack targeting {name} in the "
                        f"{target.zone.value}, though its word \"target\" asks for a "
                        f"permanent (CR 601.2c, 115.1)")
    elif unmet(step, target, requirement, item.controller):
        yield Violation(f"{what} was put on the stack targeting {name}, which is not what "
                        f"its word \"target\" asks for ({_show(requirement)}) (CR 601.2c, "
                        f"115.1)")


def _show(requirement: object) -> str:
    kind = getattr(requirement, "kind", None)
    tapped = getattr(requirement, "tapped", None)
    control = getattr(requirement, "control", None)
    words = [] if tapped is None else ["tapped" if tapped else "untapped"]
    words.append((kind or "permanent").lower())
    if control is not None:
        words.append("you control" if control == "you" else "an opponent controls")
    return " ".join(words)


def reached(o: Observation) -> bool:
    """A cast or an activation put a spell or ability with a target on the stack whose
    requirement the judge reads."""
    step = step_of(o)
    item = _chosen(o, step)
    return item is not None and target_requirement(step, item, o.views) is not None


def focus(card: Card) -> bool:
    """Cards whose text targets, and Auras."""
    return any("target" in f.text.lower() or "Aura" in f.subtypes for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("targets-when-chosen", targets_when_chosen.__doc__ or "",
             ("divided-damage-arc-lightning-divides-as-it-is-cast",),
             frozenset(), targets_when_chosen, focus,
             ("601.2c", "602.2b", "115.1", "115.3", "115.5"), "stack", reached),
)
