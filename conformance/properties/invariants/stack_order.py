"""The stack is last in, first out (CR 405.2, 405.5, 608.1): a spell cast or an ability put
on the stack goes on top of what is there, and when all players pass in succession the top
object resolves -- the last one put there -- and nothing else leaves.

The judge compares the stack before and after each step, as the engine lists it (top
first): the objects that were there and are still there keep their order, below every new
one; the step that resolves (``Resolve``, or the last player passing) takes the top object
off and no other.  Steps in which something else may take an object off the stack (a spell
or ability that resolved and speaks of the stack: countering, copying) are left out of the
second check.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...contract.types import PassPriority, Resolve
from ...format.cards import Card
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation


def _judged(step: StepView, o: Observation) -> bool:
    """A step of a game still under way: once the game is over nothing resolves or is put
    on the stack any more (CR 104.1), and what an engine lists there then -- the objects
    left, or none -- says nothing of the order in which the stack resolves."""
    return step.acted and step.before_game is not None and not o.game.game_over \
        and o.engine.pending_choice() is None and "stack" not in o.game.unknown


def stack_order(o: Observation) -> Iterable[Violation]:
    """What is put on the stack goes on top, above what was there, which keeps its order;
    when all players pass, the top object resolves and nothing else leaves the stack (CR
    405.2, 405.5, 608.1)."""
    step = step_of(o)
    if not _judged(step, o):
        return
    before = step.before_game
    assert before is not None
    old = [item.id for item in before.stack]
    now = [item.id for item in o.game.stack]
    kept = [i for i in now if i in old]
    if kept != [i for i in old if i in kept]:
        yield Violation(f"the stack's objects changed order: {old} (top first) became {now}")
        return
    fresh = [i for i in now if i not in old]
    if now[:len(fresh)] != fresh:
        yield Violation(f"an object was put on the stack below one that was there: {old} "
                        f"(top first) became {now} (CR 405.2)")
        return
    if not isinstance(o.action, (Resolve, PassPriority)) or not old:
        return
    gone = [i for i in old if i not in now]
    if not gone:
        return
    if old[0] in now:
        yield Violation(f"all players passed and an object that was not on top left the "
                        f"stack, the top one staying (CR 405.5, 608.1): {old} (top first) "
                        f"became {now}")
        return
    if len(gone) > 1 and not _speaks_of_the_stack(step):
        yield Violation(f"all players passed once and {len(gone)} objects left the stack, not "
                        f"the top one only (CR 405.5): {old} (top first) became {now}")


def _speaks_of_the_stack(step: StepView) -> bool:
    item = step.resolved
    if item is None:
        return True
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return faces is None or any(w in f.text.lower() for f in faces
                                for w in ("counter target", "spell", "ability"))


def reached(o: Observation) -> bool:
    """All players passed with two objects or more on the stack."""
    step = step_of(o)
    before = step.before_game
    return _judged(step, o) and isinstance(o.action, (Resolve, PassPriority)) \
        and before is not None and len(before.stack) > 1 and step.resolved is not None


def _responds(card: Card) -> bool:
    """Instants, spells with flash and what copies spells: what goes on a stack that is not
    empty."""
    face = card.faces[0]
    return "Instant" in face.types or "Flash" in face.keywords or "copy target" in face.text.lower()


PROPERTIES: tuple[Property, ...] = (
    Property("stack-order", stack_order.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",
              "spell-copies-a-copy-of-an-opponents-spell-is-yours"),
             frozenset({"priority"}), stack_order, _responds,
             ("405.2", "405.5", "608.1"), "turn-structure", reached,
             weights=(("Cast", 16), ("Activate (land)", 8))),
)
