"""What is attached to what (CR 303.4, 301.5, 704.5m, 704.5n).

An Aura spell that resolves enters attached to the object it targets (CR 303.4f).  An Aura
on the battlefield is attached to an object on the battlefield that its enchant ability
allows ("Enchant creature": a creature); once that object leaves -- it is a new object
elsewhere, with nothing attached (CR 400.7) -- the Aura is put into its owner's graveyard
as state-based actions are checked (CR 704.5m).  An Equipment is attached to a creature
or to nothing (CR 301.5c, 704.5n), and nothing else is attached to anything.

The judge reads what an object is from card data (a token an effect defined by its view),
and what is attached to what from each view's ``attached_to``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.damage_boards import returns_itself_or_attaches

from ...contract.types import ObjectView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation


def _subtypes(step: StepView, view: ObjectView) -> frozenset[str] | None:
    faces = step.judge.faces_of(view)
    if faces is None:
        return frozenset(view.subtypes) if view.token else None
    return frozenset(s for f in faces for s in f.subtypes)


def _enchants_creatures(step: StepView, view: ObjectView) -> bool:
    faces = step.judge.faces_of(view)
    return bool(faces) and any("enchant creature" in f.text.lower() for f in faces or ())


def _name(view: ObjectView) -> str:
    return " // ".join(view.names) or "a face-down permanent"


def attachments(o: Observation) -> Iterable[Violation]:
    """An Aura spell that resolves enters attached to its legal target; an Aura on the
    battlefield is attached to an object on the battlefield its enchant ability allows,
    and is put into its owner's graveyard once that object leaves; an Equipment is attached
    to a creature or to nothing; nothing else is attached (CR 303.4f, 704.5m, 704.5n,
    301.5c)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    yield from _entered_attached(o, step)
    yield from _left_with_its_object(o, step)
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        subtypes = _subtypes(step, view)
        if subtypes is None:
            continue
        host = o.views.get(view.attached_to) if view.attached_to is not None else None
        on_battlefield = host is not None and host.zone is Zone.BATTLEFIELD
        if "Aura" in subtypes:
            if not on_battlefield:
                yield Violation(f"{_name(view)}, an Aura, is on the battlefield attached to "
                                f"{'nothing' if view.attached_to is None else 'an object no longer on the battlefield'}"
                                f" once state-based actions are done (CR 704.5m)", view.id,
                                "zone", Zone.GRAVEYARD.value)
                return
            types = step.judge.types_of(host) if host is not None else None
            if _enchants_creatures(step, view) and types is not None \
                    and "Creature" not in types:
                yield Violation(f"{_name(view)} enchants creatures and is attached to "
                                f"{_name(host) if host else 'nothing'}, not a creature "
                                f"(CR 704.5m)", view.id, "zone", Zone.GRAVEYARD.value)
                return
        elif "Equipment" in subtypes:
            if view.attached_to is not None and not on_battlefield:
                yield Violation(f"{_name(view)}, an Equipment, is attached to an object no "
                                f"longer on the battlefield (CR 704.5n)", view.id,
                                "attached_to", None)
                return
        elif view.attached_to is not None:
            yield Violation(f"{_name(view)}, neither an Aura nor an Equipment, is attached to "
                            f"something (CR 301.5c, 303.4)", view.id, "attached_to", None)
            return


#: What an effect says to attach something (an Aura or Equipment moved, equip).
_ATTACHING = re.compile(r"\battach|\bequip|\benchant\b", re.IGNORECASE)


def _left_with_its_object(o: Observation, step: StepView) -> Iterable[Violation]:
    """An Aura or Equipment whose object left the battlefield in the step, itself still on
    the battlefield, is attached to nothing (an Aura is then put into its owner's graveyard)
    -- not to the new object its object became, which comes back with nothing attached --
    unless what resolved attaches it (CR 400.7, 704.5m, 704.5n)."""
    item = step.resolved
    if item is not None:
        source = step.before_views.get(item.source)
        faces = step.judge.faces_of(source) if source is not None else None
        if faces is None or any(_ATTACHING.search(f.text) for f in faces):
            return
    for then in step.before_views.values():
        if then.zone is not Zone.BATTLEFIELD or then.attached_to is None:
            continue
        now = o.views.get(then.id)
        if now is None or now.zone is not Zone.BATTLEFIELD or now.attached_to is None:
            continue
        host = o.views.get(then.attached_to)
        if host is not None and host.zone is Zone.BATTLEFIELD:
            continue
        before = step.before_views.get(then.attached_to)
        if before is None or before.zone is not Zone.BATTLEFIELD:
            continue
        yield Violation(f"{_name(now)} was attached to {_name(before)}, which left the "
                        f"battlefield, and is attached to "
                        f"{_name(o.views[now.attached_to]) if now.attached_to in o.views else 'another object'}"
                        f" now: the object that left is gone, and what it became has nothing "
                        f"attached (CR 400.7, 704.5m, 704.5n)", now.id, "attached_to", None)
        return


def _entered_attached(o: Observation, step: StepView) -> Iterable[Violation]:
    """An Aura spell that resolved with its target still there is attached to it."""
    item = step.resolved
    if item is None or item.kind != "spell" or len(item.targets) != 1:
        return
    target = str(item.targets[0])
    then, now = step.before_views.get(target), o.views.get(target)
    if then is None or now is None or then.zone is not Zone.BATTLEFIELD \
            or now.zone is not Zone.BATTLEFIELD:
        return
    spell = step.before_views.get(item.source)
    if spell is None:
        return
    subtypes = _subtypes(step, spell)
    if subtypes is None or "Aura" not in subtypes:
        return
    types = step.judge.types_of(now)
    if types is None or "Creature" not in types and _enchants_creatures(step, spell):
        return  # the target is no longer legal: nothing to attach to
    for entered, source in step.entered:
        if source != Zone.STACK.value:
            continue
        aura = o.views.get(entered)
        if aura is None or aura.identity != spell.identity:
            if aura is None and step.entered_as.get(entered) == item.source:
                yield Violation(f"an Aura spell resolved targeting {_name(now)}, which is "
                                f"still on the battlefield, and did not stay there attached to "
                                f"it (CR 303.4f)")
            continue
        if aura.zone is not Zone.BATTLEFIELD or aura.attached_to != target:
            yield Violation(f"{_name(aura)} resolved targeting {_name(now)} and is "
                            f"{'attached to another object' if aura.zone is Zone.BATTLEFIELD else 'in the ' + aura.zone.value}"
                            f", not attached to it (CR 303.4f)", aura.id, "attached_to", target)
        return


def reached(o: Observation) -> bool:
    """An Aura or an Equipment was on the battlefield after a step."""
    step = step_of(o)
    return step.acted and o.engine.pending_choice() is None and any(
        v.zone is Zone.BATTLEFIELD and (s := _subtypes(step, v)) is not None
        and bool({"Aura", "Equipment"} & s) for v in o.views.values())


def reached_aura_resolved(o: Observation) -> bool:
    """An Aura spell resolved with its target on the battlefield."""
    step = step_of(o)
    item = step.resolved
    if item is None or item.kind != "spell" or o.engine.pending_choice() is not None:
        return False
    spell = step.before_views.get(item.source)
    subtypes = _subtypes(step, spell) if spell is not None else None
    return subtypes is not None and "Aura" in subtypes and len(item.targets) == 1 and any(
        (v := o.views.get(str(t))) is not None and v.zone is Zone.BATTLEFIELD
        for t in item.targets)


def reached_host_left(o: Observation) -> bool:
    """An object an Aura was attached to left the battlefield."""
    step = step_of(o)
    if not step.acted:
        return False
    for view in step.before_views.values():
        if view.zone is not Zone.BATTLEFIELD or view.attached_to is None:
            continue
        host = o.views.get(view.attached_to)
        if host is None or host.zone is not Zone.BATTLEFIELD:
            return True
    return False


def _attaches(card: Card) -> bool:
    """Auras and Equipment, and what moves creatures (a bounce, a burn)."""
    text = " ".join(f.text for f in card.faces).lower()
    return any({"Aura", "Equipment"} & set(f.subtypes) for f in card.faces) or (
        "Instant" in card.faces[0].types and "target creature" in text)


def reached_host_returned(o: Observation) -> bool:
    """An object something was attached to left the battlefield and came back in the
    step."""
    step = step_of(o)
    if not step.acted:
        return False
    hosts = {v.attached_to for v in step.before_views.values()
             if v.zone is Zone.BATTLEFIELD and v.attached_to is not None}
    return any(host in o.history.get(entered, ()) for entered, _zone in step.entered
               for host in hosts)


PROPERTIES: tuple[Property, ...] = (
    Property("attachments", attachments.__doc__ or "",
             ("durations-giant-growth-until-end-of-turn", "entering-objects-a-copy-enters-as-a-new-object"),
             frozenset(), attachments, _attaches,
             ("303.4f", "704.5m", "704.5n", "301.5c", "400.7"), "zones", reached,
             weights=(("Move", 12), ("DeclareAttackers", 24), ("DeclareBlockers", 48))),
    Property("attachments-through-a-return", attachments.__doc__ or "",
             ("entering-objects-a-copy-enters-as-a-new-object",),
             frozenset(), attachments, returns_itself_or_attaches,
             ("303.4f", "704.5m", "704.5n", "301.5c", "400.7"), "zones", reached,
             weights=(("Activate", 16), ("Cast", 12))),
)
