"""A permanent's tapped status changes only by what taps or untaps it (CR 701.26, 110.5):
costs with {T} and mana paid by tapping, attacking without vigilance (CR 508.1f), effects
that say "tap" or "untap", and its controller's untap step (CR 502.3).  Blocking taps
nothing (CR 509.1), nor does combat damage, the end of combat or the cleanup step; nothing
untaps at the end of a turn, only as its controller's next turn begins.

The judge looks at the permanents that stay on the battlefield through a step.  It says
nothing of what becomes tapped in a step in which a cost was paid (an engine may tap lands
or creatures to pay it, CR 601.2g-h), of a step in which a spell or ability resolved whose
text speaks of tapping or untapping (or that it can't read), nor of untapping in a step
where a permanent that untaps others' permanents is in play (``untap-step`` judges that).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.types import (
    AdvanceTo, DeclareAttackers, DeclareBlockers, Move, PassPriority, Resolve,
)
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .declarations import WEIGHTS

#: Text that taps or untaps permanents, or changes the untap step.
_TAPS = re.compile(r"\btap\b|\buntap\b|\{t\}|tapped|untap step")


def _speaks_of_tapping(step: StepView, object_id: str | None) -> bool:
    view = step.before_views.get(object_id) if object_id is not None else None
    if view is None:
        return True
    faces = step.judge.faces_of(view)
    return faces is None or any(_TAPS.search(f.text.lower().replace("untapped", ""))
                                for f in faces)


def _untappers(step: StepView) -> bool:
    """Whether a permanent whose text speaks of untapping or the untap step was in play."""
    for view in step.before_views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any(re.search(r"\buntap\b|untap step", f.text.lower())
                                for f in faces):
            return True
    return False


def _judged(o: Observation, step: StepView) -> bool:
    return (step.acted and step.before is not None and o.engine.pending_choice() is None
            and not o.game.game_over
            and isinstance(o.action, (PassPriority, AdvanceTo, Resolve, DeclareAttackers,
                                      DeclareBlockers, Move))
            and not (step.resolved is not None
                     and _speaks_of_tapping(step, step.resolved.source)))


def tapped_status(o: Observation) -> Iterable[Violation]:
    """A permanent becomes tapped only by a cost, by attacking without vigilance or by an
    effect that taps it -- never by blocking, combat damage, the end of combat or the
    cleanup step; it untaps only as its controller's turn begins or by an effect that
    untaps it (CR 701.26, 508.1f, 509.1, 502.3)."""
    step = step_of(o)
    if not _judged(o, step):
        return
    action = o.action
    attackers = set(action.attackers) if isinstance(action, DeclareAttackers) else set()
    new_turn = o.game.active_player if step.turn_ended else None
    untappers: bool | None = None
    for view in o.views.values():
        then = step.before_views.get(view.id)
        if then is None or then.zone is not Zone.BATTLEFIELD or view.zone is not Zone.BATTLEFIELD:
            continue
        if then.tapped == view.tapped:
            continue
        name = " // ".join(view.names) or "a face-down permanent"
        if view.tapped:
            if view.id in attackers:
                continue
            what = type(action).__name__ if action is not None else "a step"
            yield Violation(f"{name} became tapped in a step that paid no cost and resolved "
                            f"nothing that taps ({what}) (CR 701.26, 509.1)", view.id,
                            "tapped", False)
            return
        if new_turn is not None and view.controller == new_turn:
            continue  # its controller's untap step (CR 502.3)
        if untappers is None:
            untappers = _untappers(step)
        if untappers:
            continue
        yield Violation(f"{name} untapped though no turn of its controller began and nothing "
                        f"that untaps resolved (CR 502.3, 701.26)", view.id, "tapped", True)
        return


def reached(o: Observation) -> bool:
    """A tapped or untapped permanent stayed on the battlefield through a step judged."""
    step = step_of(o)
    return _judged(o, step) and any(
        v.zone is Zone.BATTLEFIELD and (then := step.before_views.get(v.id)) is not None
        and then.zone is Zone.BATTLEFIELD for v in o.views.values())


def reached_combat(o: Observation) -> bool:
    """... blockers declared, or combat damage dealt, with tapped and untapped creatures."""
    return reached(o) and (isinstance(o.action, DeclareBlockers) or any(
        e.kind == "damage_dealt" and e.data.get("combat") for e in o.events))


def reached_turn_end(o: Observation) -> bool:
    """... a turn ended with a tapped permanent of the player whose turn did not begin."""
    step = step_of(o)
    return reached(o) and step.turn_ended and any(
        v.zone is Zone.BATTLEFIELD and v.tapped and v.controller != o.game.active_player
        for v in step.before_views.values())


def _fights_or_taps(card: Card) -> bool:
    """Creatures (they attack and block), and what taps or untaps."""
    text = " ".join(f.text for f in card.faces).lower()
    return any("Creature" in f.types for f in card.faces) or bool(_TAPS.search(text))


PROPERTIES: tuple[Property, ...] = (
    Property("tapped-status", tapped_status.__doc__ or "",
             ("combat-attacking-creatures", "turn-structure-tap-an-attacker-before-attacks"),
             frozenset(), tapped_status, _fights_or_taps,
             ("701.26a", "701.26b", "508.1f", "509.1", "502.3", "110.5"), "turn-structure",
             reached, weights=WEIGHTS),
)
