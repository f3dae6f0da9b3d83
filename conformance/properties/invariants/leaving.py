"""Abilities that trigger on their own permanent leaving the battlefield look back in time,
and only at that permanent (CR 603.6c, 603.10a, 201.5).

"When this creature leaves the battlefield" triggers as its permanent moves from the
battlefield to any zone -- a graveyard, a hand, exile, a library -- though it is no longer
on the battlefield: the game looks back at it as it last existed there.  "This" is the
object with the ability (CR 201.5), never another permanent of the same name or card: a
permanent that stays on the battlefield while another leaves does not trigger its own
"leaves the battlefield" ability.

The judge reads those abilities from card data, each permanent as it was before the step,
and counts the instances put on the stack in the step by their source (the object that
left, or the object it became).  It counts only abilities without targets, for permanents
whose every triggered ability speaks of the permanent itself (entering, dying, leaving), so
that nothing else it has can trigger in the step; and it says nothing of a step with a
doubler of triggered abilities in play, a permanent it can't read, or one that left without
a zone change the engine reported.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...format.cards import Card, CardFace
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .dying import _doubles

#: The permanent's own leaves-the-battlefield ability ("this creature", "this artifact",
#: or its name), and its own entering and dying ones.
_THIS = r"(this (creature|artifact|enchantment|permanent|land)|[a-z,'-][a-z ,'-]*?)"
_LEAVES = re.compile(rf"^when {_THIS} leaves the battlefield, ")
_SELF = re.compile(rf"^when(ever)? {_THIS} (enters|dies|leaves the battlefield)\b")


@dataclass(frozen=True)
class _Reading:
    #: untargeted "when this leaves the battlefield" abilities
    leaves: int = 0
    #: whether every triggered ability speaks of the permanent itself alone
    own_only: bool = True


def _read(faces: Iterable[CardFace]) -> _Reading:
    leaves, own_only = 0, True
    for face in faces:
        for raw in face.ability_texts:
            text = normalize_text(raw).lower()
            if "—" in text:
                text = text.split("— ", 1)[-1]
            if not text.startswith(("when", "at the beginning")):
                continue
            if "target" in text or "another" in text or not _SELF.match(text):
                own_only = False
            elif _LEAVES.match(text):
                leaves += 1
    return _Reading(leaves, own_only)


@dataclass
class _Leaving:
    current: Observation | None = None
    #: expected and found instances by source (the source's id before the step)
    expected: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    #: the sources among them that stayed on the battlefield
    stayed: set[str] = field(default_factory=set)
    #: the zones the permanents judged left to
    zones: set[str] = field(default_factory=set)
    judged: bool = False


_MEMORIES: PerGame[_Leaving] = PerGame(_Leaving)


def _leaving(o: Observation) -> _Leaving:
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        memory.current = o
        memory.expected, memory.found, memory.stayed = Counter(), Counter(), set()
        memory.zones, memory.judged = set(), False
        step = step_of(o)
        if step.acted and step.before is not None and o.engine.pending_choice() is None \
                and not o.game.game_over:
            memory.judged = _work_out(step, o, memory)
    return memory


def _work_out(step: StepView, o: Observation, memory: _Leaving) -> bool:
    before = step.before_views
    left: dict[str, str] = {}
    for event in o.events:
        if event.kind == "zone_changed" and event.data.get("from") == Zone.BATTLEFIELD.value:
            left[str(event.data.get("object"))] = str(event.data.get("to"))
    if not left:
        return False
    readings: dict[str, _Reading] = {}
    for view in before.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None:
            if view.id in left:
                return False
            continue
        if _doubles(step, view):
            return False
        readings[view.id] = _read(faces)
    for view in before.values():  # a permanent gone with no zone change reported
        if view.zone is Zone.BATTLEFIELD and view.id not in left:
            now = o.views.get(view.id)
            if now is None or now.zone is not Zone.BATTLEFIELD:
                return False
    for object_id, reading in readings.items():
        if not reading.leaves or not reading.own_only:
            continue
        if object_id in left:
            memory.expected[object_id] += reading.leaves
            memory.zones.add(left[object_id])
        else:
            memory.expected[object_id] += 0
            memory.stayed.add(object_id)
    if not any(object_id in left for object_id in memory.expected):
        return False  # none of what left has an ability the judge counts
    ids = {object_id: object_id for object_id in memory.expected}
    for object_id in list(ids):
        for later in o.history.get(object_id, ()):
            back = o.views.get(later)
            if back is not None and back.zone is Zone.BATTLEFIELD:
                return False  # it left and came back: its entering may trigger too
            ids[later] = object_id
    for item in step.new_items:
        if item.kind == "ability" and item.source in ids:
            memory.found[ids[item.source]] += 1
    return True


def leaves_abilities(o: Observation) -> Iterable[Violation]:
    """As a permanent leaves the battlefield -- to a graveyard, a hand, exile or a library,
    whatever moved it -- each of its "when this leaves the battlefield" abilities triggers
    once though it is gone (CR 603.6c, 603.10a); a permanent that stays on the battlefield
    does not trigger its own, whatever else of the same name or card leaves ("this" is the
    object with the ability, CR 201.5)."""
    memory = _leaving(o)
    if not memory.judged:
        return
    step = step_of(o)
    for source, expected in sorted(memory.expected.items()):
        found = memory.found[source]
        if found != expected:
            view = step.before_views[source]
            name = " // ".join(view.names) or "a permanent"
            how = "stayed on the battlefield while another permanent left" \
                if source in memory.stayed else "left the battlefield"
            yield Violation(f"{name} {how}, and its \"when this leaves the battlefield\" "
                            f"abilities were put on the stack {found} time(s), not {expected} "
                            f"(CR 603.6c, 603.10a, 201.5)")
            return


def reached(o: Observation) -> bool:
    """A permanent with a "when this leaves the battlefield" ability left the battlefield."""
    memory = _leaving(o)
    return memory.judged and any(s not in memory.stayed for s in memory.expected)


def reached_beside_a_stayer(o: Observation) -> bool:
    """... while another permanent with such an ability stayed."""
    memory = _leaving(o)
    return reached(o) and bool(memory.stayed)


def reached_not_dying(o: Observation) -> bool:
    """... to another zone than a graveyard (a hand, exile, a library)."""
    memory = _leaving(o)
    return reached(o) and bool(memory.zones - {Zone.GRAVEYARD.value})


def leaves_text(card: Card) -> bool:
    """Permanents with a "when this leaves the battlefield" ability."""
    return any(_LEAVES.match(normalize_text(t).lower()) for f in card.faces
               for t in f.ability_texts)


PROPERTIES: tuple[Property, ...] = (
    Property("leaves-abilities", leaves_abilities.__doc__ or "",
             ("trigger-conditions-what-each-trigger-watches",
              "trigger-conditions-dies-means-put-into-a-graveyard"),
             frozenset({"triggered-abilities"}), leaves_abilities, leaves_text,
             ("603.6c", "603.10a", "201.5"), "triggers", reached,
             weights=(("Move", 12), ("DeclareAttackers", 24), ("DeclareBlockers", 48)),
             focused_cards=True),
)
