"""Abilities that trigger on a creature dying look back in time (CR 603.10a, 603.6c, 700.4).

A creature dies when it is put into a graveyard from the battlefield.  Its own "when this
creature dies" abilities trigger although it is no longer on the battlefield: the game
looks back at it as it last existed there.  So do the "whenever a creature you control
dies" abilities of the permanents its controller had then -- once for each creature that
died, several creatures dying at once included, and even for a permanent that left the
battlefield at the same moment (each sees the others leave).

The judge reads these abilities from card data, the dead creature's as it was before the
step (a token an effect defined has none it can read), and counts the instances put on the
stack in the step by their source.  It counts only abilities without targets (one that
needs a target may be removed for want of one, CR 603.3d; ``targeted-triggers`` judges
that), and says nothing of a step with a doubler of triggers in play, a permanent it can't
read, or what watches deaths entering or changing in the step.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import Move, ObjectView
from ...format.cards import CardFace
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from strategies.dying_boards import dies_or_sacrifices
from strategies.lki_boards import dies_or_copies

_OWN = re.compile(r"^when (this creature|[a-z,'-][a-z ,'-]*?) dies, ")
_WATCHER = re.compile(r"^whenever (a|another) (nontoken )?creature you control dies, ")
_ANY_DIES = re.compile(r"\bdies\b|put into a graveyard from the battlefield|leaves the "
                       r"battlefield")


@dataclass(frozen=True)
class _Reading:
    own: int = 0  # untargeted "when this creature dies" abilities
    watches: int = 0  # untargeted "whenever a creature you control dies" abilities
    watches_others: bool = False
    nontoken: bool = False
    #: an ability about leaving the battlefield the judge does not count (targeted, or
    #: worded otherwise): it says nothing of this permanent's instances
    unread: bool = False


def _read(faces: Iterable[CardFace]) -> _Reading:
    own = watches = 0
    others = nontoken = unread = False
    for face in faces:
        for raw in face.ability_texts:
            text = normalize_text(raw).lower()
            if "—" in text:
                text = text.split("— ", 1)[-1]
            if not _ANY_DIES.search(text):
                continue
            if "target" in text:
                unread = True
            elif _OWN.match(text):
                own += 1
            elif (found := _WATCHER.match(text)) is not None:
                watches += 1
                others |= found.group(1) == "another"
                nontoken |= bool(found.group(2))
            elif text.startswith(("when", "whenever")):
                unread = True
    return _Reading(own, watches, others, nontoken, unread)


def _reading(step: StepView, view: ObjectView) -> _Reading | None:
    faces = step.judge.faces_of(view)
    return None if faces is None else _read(faces)


def _doubles(step: StepView, view: ObjectView) -> bool:
    """Whether a permanent makes triggered abilities trigger an additional time, whatever
    the event (entering, dying...)."""
    faces = step.judge.faces_of(view) or []
    return any(r.doubler for r in step.judge.readings_of(view) or []) or any(
        "additional time" in f.text.lower() for f in faces)


@dataclass
class _Deaths:
    current: Observation | None = None
    #: expected and found instances by source (the source's id before the step)
    expected: Counter[str] = field(default_factory=Counter)
    found: Counter[str] = field(default_factory=Counter)
    died: int = 0
    watched: bool = False
    judged: bool = False


_MEMORIES: PerGame[_Deaths] = PerGame(_Deaths)


def _deaths(o: Observation) -> _Deaths:
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        memory.current = o
        memory.expected, memory.found = Counter(), Counter()
        memory.died, memory.watched, memory.judged = 0, False, False
        step = step_of(o)
        if step.acted and step.before is not None and o.engine.pending_choice() is None \
                and not o.game.game_over:
            memory.judged = _work_out(step, o, memory)
    return memory


def _unreported_deaths(step: StepView, o: Observation) -> list[str]:
    """The permanents the views show put into their owner's graveyard from the battlefield
    in the step with no zone change reported for them: a card gone from the battlefield,
    and one new object of its owner with its identity in their graveyard and in no other
    zone (CR 700.4: that is dying, whatever put it there -- a sacrifice, destruction, a
    state-based action).  A token leaving shows nowhere, so only the events tell of it."""
    moved = {str(e.data.get("object")) for e in o.events if e.kind == "zone_changed"}
    before = step.before_views
    arrived: dict[tuple[str, tuple[str, ...]], list[ObjectView]] = {}
    for view in o.views.values():
        if view.id not in before and view.identity:
            arrived.setdefault((view.owner, tuple(view.identity)), []).append(view)
    found: list[str] = []
    for then in before.values():
        if then.zone is not Zone.BATTLEFIELD or then.token or then.id in moved \
                or not then.identity:
            continue
        now = o.views.get(then.id)
        if now is not None:  # an engine whose objects keep their id across zones
            if now.zone is Zone.GRAVEYARD:
                found.append(then.id)
            continue
        new = arrived.get((then.owner, tuple(then.identity)), [])
        if len(new) == 1 and new[0].zone is Zone.GRAVEYARD:
            found.append(then.id)
    return found


def _work_out(step: StepView, o: Observation, memory: _Deaths) -> bool:
    before = step.before_views
    died: list[ObjectView] = []
    gone = [str(e.data.get("object")) for e in o.events if e.kind == "zone_changed"
            and e.data.get("from") == Zone.BATTLEFIELD.value
            and e.data.get("to") == Zone.GRAVEYARD.value]
    for object_id in gone + _unreported_deaths(step, o):
        then = before.get(object_id)
        if then is None:
            return False
        types = step.judge.types_of(then)
        if types is None:
            return False
        if "Creature" in types:
            died.append(then)
    if not died:
        return False
    readings: dict[str, _Reading] = {}
    for view in before.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        reading = _reading(step, view)
        if reading is None:
            if any(view.id == d.id for d in died):
                continue  # a token an effect defined dying: only its watchers are counted
            return False
        if _doubles(step, view):
            return False
        readings[view.id] = reading
    for view in o.views.values():  # what watches deaths entering or changing in the step
        if view.zone is not Zone.BATTLEFIELD:
            continue
        reading = _reading(step, view)
        if reading is None or _doubles(step, view):
            return False
        if reading.watches and (view.id not in readings
                                or readings[view.id].watches != reading.watches):
            return False
    unread = {object_id for object_id, r in readings.items() if r.unread}
    moved = o.action.object if isinstance(o.action, Move) else None
    for dead in died:
        own = readings.get(dead.id)
        if own is not None and own.own and dead.id not in unread:
            memory.expected[dead.id] += own.own
        for watcher_id, reading in readings.items():
            watcher = before[watcher_id]
            if not reading.watches or watcher.controller != dead.controller \
                    or watcher_id in unread:
                continue
            if reading.watches_others and watcher_id == dead.id \
                    or reading.nontoken and dead.token:
                continue
            if moved is not None and watcher_id == moved != dead.id:
                continue  # moved by the step's action, before anything else died in it
            memory.expected[watcher_id] += reading.watches
            memory.watched = True
    memory.died = len(died)
    ids = {object_id: object_id for object_id in readings if object_id not in unread}
    for object_id in list(ids):
        for later in o.history.get(object_id, ()):
            ids[later] = object_id
    for item in step.new_items:
        if item.kind == "ability" and item.source in ids \
                and ids[item.source] in memory.expected:
            memory.found[ids[item.source]] += 1
    return True


def dies_abilities(o: Observation) -> Iterable[Violation]:
    """As a creature dies -- put into its owner's graveyard from the battlefield, whatever
    put it there: combat damage, state-based actions, destruction, a sacrifice --, each of
    its "when this creature dies" abilities triggers once though it has left the
    battlefield, and each "whenever a creature you control dies" ability of the permanents
    its controller had then -- one leaving at the same moment included -- triggers once
    for it (CR 603.10a, 603.6c, 700.4, 701.21a)."""
    deaths = _deaths(o)
    if not deaths.judged:
        return
    step = step_of(o)
    for source, expected in sorted(deaths.expected.items()):
        found = deaths.found[source]
        if found != expected:
            view = step.before_views[source]
            name = " // ".join(view.names) or "a permanent"
            what = "creature" if deaths.died == 1 else f"{deaths.died} creatures"
            yield Violation(f"{what} died and {name}'s abilities that trigger on dying were "
                            f"put on the stack {found} time(s), not {expected} (CR 603.10a, "
                            f"603.6c)")
            return


def reached(o: Observation) -> bool:
    """A creature died, and an ability should have triggered on it."""
    deaths = _deaths(o)
    return deaths.judged and bool(deaths.expected)


def reached_watcher(o: Observation) -> bool:
    """... a "whenever a creature you control dies" ability."""
    deaths = _deaths(o)
    return deaths.judged and deaths.watched


def reached_together(o: Observation) -> bool:
    """... with two creatures or more dying at once."""
    deaths = _deaths(o)
    return reached(o) and deaths.died > 1


def _copy(view: ObjectView) -> bool:
    """A token, or a permanent whose card is not what it shows (a Clone entered as a copy)."""
    return bool(view.names) and (view.token or len(view.identity) == 1
                                 and view.identity[0] not in view.names)


def reached_copy(o: Observation) -> bool:
    """... a copy (a token, a Clone) dying with its own "when this creature dies" ability."""
    deaths = _deaths(o)
    if not deaths.judged:
        return False
    before = step_of(o).before_views
    return any(_copy(before[s]) for s in deaths.expected if s in before
               and before[s].zone is Zone.BATTLEFIELD and _own(o, before[s]))


def _own(o: Observation, view: ObjectView) -> bool:
    reading = _reading(step_of(o), view)
    return reading is not None and reading.own > 0


def reached_together_watched(o: Observation) -> bool:
    """... two creatures or more dying at once, watched by a "whenever a creature you
    control dies" ability."""
    return reached_together(o) and reached_watcher(o)


def reached_by_rules(o: Observation) -> bool:
    """... in combat or as a spell or ability resolved (not moved by the machine)."""
    return reached(o) and not isinstance(o.action, Move)


def reached_sacrificed(o: Observation) -> bool:
    """... sacrificed by a spell or ability resolving (one whose text says "sacrifice")."""
    if not reached(o):
        return False
    step = step_of(o)
    resolved = step.resolved
    if resolved is None:
        return False
    text = resolved.text or ""
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    text += " ".join(f.text for f in faces or ())
    return "sacrifice" in text.lower()


PROPERTIES: tuple[Property, ...] = (
    Property("dies-abilities", dies_abilities.__doc__ or "",
             ("rooms-duskmourn-funeral-room-dies",
              "trigger-conditions-dies-means-put-into-a-graveyard"),
             frozenset({"triggered-abilities"}), dies_abilities, dies_or_sacrifices,
             ("603.10a", "603.6c", "700.4", "701.21a", "603.2"), "triggers", reached,
             weights=(("Move", 12), ("DeclareAttackers", 24), ("DeclareBlockers", 48))),
    Property("dies-abilities-looking-back",
             "`dies-abilities` in games favouring creatures with a \"when this creature "
             "dies\" ability, permanents watching their controller's creatures die, what "
             "copies a creature and spells killing two at once: a copy dying triggers the "
             "abilities it had as it last existed on the battlefield (not its card's), and "
             "a watcher triggers once for each creature dying with another -- or with "
             "itself (CR 603.10a, 700.4, 707.2).",
             ("rooms-duskmourn-funeral-room-dies",),
             frozenset({"triggered-abilities"}), dies_abilities, dies_or_copies,
             ("603.10a", "603.6c", "700.4", "707.2", "603.2"), "last-known-information",
             reached, weights=(("Cast", 24), ("Resolve", 4))),
)
