"""Counters on permanents (CR 122): they are put on and removed by effects, costs and the
rules that say so, and nothing else -- not by time passing, combat, tapping or the cleanup
step, which removes damage, not counters (CR 514.2).

The rules that move counters on their own, the judge works out itself: as a player's
precombat main phase begins, each Saga they control gets a lore counter (CR 714.3b); a tapped
permanent with a stun counter that stays tapped may have lost one stun counter, which is what
happens instead of its untapping -- in an untap step or by an effect -- and one that became
untapped has no stun counter left (CR 122.1d, 701.26b); a Saga
with as many lore counters as its final chapter number, and no chapter ability of it on the
stack, is sacrificed (CR 704.5s, 714.4); a +1/+1 and a -1/-1 counter on one permanent are
removed in pairs (CR 704.5q).

In a step in which a spell or ability resolved, or an ability was activated, whose text
speaks of counters (or the judge can't read it), it says nothing of which counters
changed: an effect may have put or removed any.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Activate, Cast, ObjectView
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .objects import _entering_judged, _lore_on_entering
from strategies.counter_boards import counter_rules_focus

_CHAPTER = re.compile(r"^([ivx]+(?:, [ivx]+)*) —")
_NUMERALS = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}


def _final_chapter(step: StepView, view: ObjectView) -> int | None:
    """The final chapter number of a Saga, from card data; ``None`` for anything else."""
    faces = step.judge.faces_of(view)
    if not faces or not any("Saga" in f.subtypes for f in faces):
        return None
    chapters = [_NUMERALS.get(n.strip(), 0) for f in faces for raw in f.ability_texts
                if (found := _CHAPTER.match(normalize_text(raw).lower())) is not None
                for n in found.group(1).split(",")]
    return max(chapters) if chapters else None


def _speaks_of_counters(step: StepView, view: ObjectView | None) -> bool:
    if view is None:
        return True
    faces = step.judge.faces_of(view)
    return faces is None or any("counter" in f.text.lower() for f in faces)


def _effects_may_change(step: StepView, o: Observation) -> bool:
    """Whether something in the step may have put or removed counters by its text."""
    if step.resolved is not None and _speaks_of_counters(
            step, step.before_views.get(step.resolved.source)):
        return True
    action = o.action
    if isinstance(action, Activate):  # a cost ("remove a counter"): paid at once
        return _speaks_of_counters(step, step.before_views.get(action.object))
    if isinstance(action, Cast):  # convoke and the like are costs too
        return _speaks_of_counters(step, step.before_views.get(action.card))
    return False


def counters(o: Observation) -> Iterable[Violation]:
    """Counters on a permanent change only by what puts or removes them: the effects and
    costs that say so, a lore counter on each of the active player's Sagas as their
    precombat main phase begins, a stun counter removed instead of an untap; a tapped
    permanent with a stun counter never becomes untapped keeping one, whatever untaps it;
    a Saga with its final chapter's lore counters and no chapter ability on the stack is
    sacrificed; a Saga enters with one lore counter, however it enters, and its chapter I
    ability (one with no target) triggers; no permanent keeps both a +1/+1 and a -1/-1
    counter (CR 122.1, 122.1d, 701.26b, 714.3a, 714.2b, 714.3b, 704.5s, 704.5q, 514.2)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    for view in o.views.values():
        if view.zone is Zone.BATTLEFIELD and view.counters.get("+1/+1", 0) > 0 \
                and view.counters.get("-1/-1", 0) > 0:
            name = " // ".join(view.names) or "a face-down permanent"
            yield Violation(f"{name} has both +1/+1 and -1/-1 counters once state-based actions "
                            f"are done (CR 704.5q)", view.id, "counters",
                            _annihilated(dict(view.counters)))
            return
    if _entering_judged(step):
        for object_id, _zone in step.entered:
            entered = o.views.get(object_id)
            if entered is not None and entered.zone is Zone.BATTLEFIELD \
                    and (wrong := _lore_on_entering(step, object_id, entered)) is not None:
                yield wrong
                return
    yield from _sagas_done(o, step)
    if _effects_may_change(step, o):
        return
    mains = [p for s, p in step.steps_begun if s is Step.PRECOMBAT_MAIN]
    untap_step = _untap_step(o, step)
    for view in o.views.values():
        then = step.before_views.get(view.id)
        if then is None or then.zone is not Zone.BATTLEFIELD or view.zone is not Zone.BATTLEFIELD:
            continue
        expected = dict(then.counters)
        final = _final_chapter(step, then)
        if final is not None and then.controller == view.controller:
            lore = expected.get("lore", 0) + sum(p == view.controller for p in mains)
            if lore:
                expected["lore"] = lore
        found = {k: n for k, n in view.counters.items() if n}
        expected = _annihilated(expected)  # +1/+1 and -1/-1 counters go in pairs (704.5q)
        if then.tapped and not view.tapped and expected.get("stun", 0) \
                and found.get("stun", 0):
            # to untap it had to have none left; nothing here puts one back (CR 122.1d)
            name = " // ".join(view.names) or "a face-down permanent"
            yield Violation(f"{name} became untapped with a stun counter on it: a permanent "
                            f"with a stun counter that would untap loses one instead and "
                            f"stays tapped, whatever untaps it (CR 122.1d, 701.26b)",
                            view.id, "tapped", True)
            return
        if then.tapped and expected.get("stun", 0) and untap_step is not None \
                and view.controller == untap_step:
            # its controller's untap step: the one untap it would get is replaced by one
            # stun counter removed -- exactly one, and it stays tapped (CR 502.3, 122.1d)
            expected["stun"] -= 1
            expected = {k: n for k, n in expected.items() if n}
            name = " // ".join(view.names) or "a face-down permanent"
            if not view.tapped:
                yield Violation(f"{name}, tapped with {then.counters.get('stun', 0)} stun "
                                f"counter(s), became untapped in its controller's untap step: "
                                f"one stun counter is removed instead of its untapping, and it "
                                f"stays tapped (CR 122.1d)", view.id, "tapped", True)
                return
            if found != expected:
                yield Violation(f"{name}'s counters went from {dict(then.counters)} to {found} "
                                f"in its controller's untap step: exactly one stun counter is "
                                f"removed instead of its untapping (CR 122.1d, 502.3)",
                                view.id, "counters", expected)
                return
            continue
        if found != expected and then.tapped and view.tapped and expected.get("stun", 0):
            # it would have untapped (in its untap step, or by an effect that doesn't speak
            # of counters): a stun counter is removed instead (CR 122.1d)
            expected["stun"] -= 1
            expected = {k: n for k, n in expected.items() if n}
        if found != expected:
            name = " // ".join(view.names) or "a face-down permanent"
            yield Violation(f"{name}'s counters went from {dict(then.counters)} to {found} in a "
                            f"step in which nothing that puts or removes counters happened"
                            f"{' but its lore counters' if final is not None else ''} "
                            f"(CR 122.1, 714.3b)", view.id, "counters", expected)
            return


def _untap_step(o: Observation, step: StepView) -> str | None:
    """The player whose untap step began in ``o``'s step (one turn ended); ``None`` when
    none did, or a permanent speaks of untap steps ("doesn't untap during ...", "untap ...
    during each other player's untap step"), or of untapping at all, which the judge leaves
    to ``untap-step``."""
    if not step.turn_ended or "active_player" in o.game.unknown:
        return None
    for view in list(step.before_views.values()) + list(o.views.values()):
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any("untap" in f.text.lower() for f in faces):
            return None
    return o.game.active_player


def _annihilated(counters: dict[str, int]) -> dict[str, int]:
    pairs = min(counters.get("+1/+1", 0), counters.get("-1/-1", 0))
    left = dict(counters, **{"+1/+1": counters.get("+1/+1", 0) - pairs,
                             "-1/-1": counters.get("-1/-1", 0) - pairs})
    return {k: n for k, n in left.items() if n}


def _sagas_done(o: Observation, step: StepView) -> Iterable[Violation]:
    """A Saga with at least its final chapter's lore counters, and no ability of it on the
    stack, has been sacrificed (CR 704.5s)."""
    sources = {item.source for item in o.game.stack}
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        final = _final_chapter(step, view)
        if final is None or view.counters.get("lore", 0) < final:
            continue
        if sources & set(o.history.get(view.id, {view.id})):
            continue
        name = " // ".join(view.names)
        yield Violation(f"{name}, a Saga with {view.counters.get('lore', 0)} lore counters "
                        f"(final chapter {final}) and no chapter ability on the stack, is still "
                        f"on the battlefield (CR 704.5s)", view.id, "zone", Zone.GRAVEYARD.value)
        return


def reached(o: Observation) -> bool:
    """A permanent with counters stayed on the battlefield through a step in which nothing
    put or removed counters."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or _effects_may_change(step, o):
        return False
    return any(v.counters and v.zone is Zone.BATTLEFIELD
               and (then := step.before_views.get(v.id)) is not None
               and then.zone is Zone.BATTLEFIELD for v in o.views.values())


def reached_lore(o: Observation) -> bool:
    """A Saga stayed on the battlefield as its controller's precombat main phase began."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or _effects_may_change(step, o):
        return False
    mains = {p for s, p in step.steps_begun if s is Step.PRECOMBAT_MAIN}
    return any(v.zone is Zone.BATTLEFIELD and v.controller in mains
               and (then := step.before_views.get(v.id)) is not None
               and then.zone is Zone.BATTLEFIELD and _final_chapter(step, then) is not None
               for v in o.views.values())


def reached_counter_rules(o: Observation) -> bool:
    """A step in which counters were judged and a turn ended, a Saga was judged as its
    controller's precombat main phase began, or a permanent had both +1/+1 and -1/-1
    counters before it."""
    step = step_of(o)
    return reached_lore(o) or reached_turn(o) or (reached(o) and any(
        v.counters.get("+1/+1", 0) and v.counters.get("-1/-1", 0)
        for v in step.before_views.values()))


def reached_untapped_stunned(o: Observation) -> bool:
    """An untapped permanent with a stun counter stayed on the battlefield, untapped, through
    its controller's untap step (nothing untaps it, so it keeps the counter, CR 502.3,
    122.1d)."""
    step = step_of(o)
    if not reached(o) or not step.turn_ended or "active_player" in o.game.unknown:
        return False
    return any(v.zone is Zone.BATTLEFIELD and v.controller == o.game.active_player
               and not v.tapped and (then := step.before_views.get(v.id)) is not None
               and then.zone is Zone.BATTLEFIELD and not then.tapped
               and then.counters.get("stun", 0) for v in o.views.values())


def reached_turn(o: Observation) -> bool:
    """A permanent with counters stayed on the battlefield through the end of a turn."""
    return reached(o) and step_of(o).turn_ended


def _counters(card: Card) -> bool:
    """What puts, removes or counts counters: Sagas, "enters with" counters, +1/+1
    counters put by effects."""
    text = " ".join(f.text for f in card.faces).lower()
    return "counter" in text or any("Saga" in f.subtypes for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("counters", counters.__doc__ or "",
             ("copy-mirror-room-x-is-zero", "turn-structure-draw-step-and-cleanup"),
             frozenset(), counters, _counters,
             ("122.1", "122.1d", "701.26b", "714.3a", "714.2b", "714.3b", "704.5s", "704.5q",
              "514.2"),
             "counters",
             reached),
    Property("counter-rules",
             "`counters` in games about the rules that move counters on their own: each "
             "player has a Saga with its final chapter's lore counters (alice's) or one short "
             "(bob's), a tapped creature "
             "with two stun counters, an untapped one with a stun counter and a creature with "
             "+1/+1 and -1/-1 counters -- the last "
             "chapter resolves and the Saga is sacrificed, never before and never kept; each "
             "untap step of a stunned permanent's controller removes exactly one stun counter "
             "and leaves it tapped, and one already untapped keeps its counter (it would not "
             "become untapped); one +1/+1 and one -1/-1 counter are removed together until "
             "only one kind is left; a Saga enters with one lore counter, however it enters, "
             "and its untargeted chapter I ability triggers (CR 714.3a, 714.2b, 714.3b, "
             "714.4, 704.5s, 122.1d, 502.3, 704.5q).",
             ("copy-mirror-room-x-is-zero", "turn-structure-draw-step-and-cleanup"),
             frozenset(), counters, counter_rules_focus,
             ("714.3a", "714.2b", "714.3b", "714.4", "704.5s", "122.1d", "502.3", "704.5q"),
             "counters",
             reached_counter_rules, weights=(("Advance", 12), ("PassPriority", 4))),
)
