"""Invariants of triggered abilities (CR 603): how many instances each event puts on the
stack -- once per event, once more per doubler of its controller that applies (CR 603.2d)
-- who controls them (CR 603.3a) and in what order they go on the stack (CR 603.3b).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import ORDER_CHOICE, Activate, Cast, DeclareAttackers, TurnFaceUp
from ...format.cards import Card
from ...format.vocabulary import Door, Step, Zone
from ..judge import Judge, Reading, Trigger
from ..memory import StepView, step_of
from ..observation import Observation, Violation
from .combat import turn_of

_DOOR_INDEX = {Door.LEFT: 0, Door.RIGHT: 1}


def _doublers(judge: Judge, step: StepView, views: Iterable[object]) -> dict[str, list[Reading]]:
    found: dict[str, list[Reading]] = {}
    for view in views:
        if getattr(view, "zone", None) is not Zone.BATTLEFIELD:
            continue
        for reading in judge.readings_of(view) or ():  # type: ignore[arg-type]
            if reading.doubler:
                found.setdefault(view.id, []).append(reading)  # type: ignore[attr-defined]
    return found


class _Events:
    """The events of a step that triggered abilities in the pool watch, from what the
    engine reported (objects entering, doors, casts, steps)."""

    def __init__(self, judge: Judge, step: StepView) -> None:
        o = step.now
        self.ok = True
        self.entering: list[tuple[str, str, frozenset[str]]] = []  # (id, controller, types)
        for object_id, _source in step.entered:
            view = o.views.get(object_id)
            types = judge.types_of(view) if view is not None else None
            if view is None or types is None or view.zone is not Zone.BATTLEFIELD:
                self.ok = False  # it entered and left again, or the judge can't tell
                continue
            self.entering.append((object_id, view.controller or view.owner, types))
        entered_from_stack = {i for i, source in step.entered if source == Zone.STACK.value}
        self.doors: dict[str, list[Door]] = {}
        self.fully: list[str] = []  # controllers of Rooms fully unlocked
        before = step.before_views
        for view in o.views.values():
            if view.zone is not Zone.BATTLEFIELD or view.face_down:
                continue
            old = before.get(view.id)
            if old is not None and old.zone is Zone.BATTLEFIELD:
                was = set(old.unlocked_doors)
            elif view.id in entered_from_stack:
                was = set()
            else:
                continue
            new = [d for d in view.unlocked_doors if d not in was]
            if new:
                self.doors[view.id] = new
                if len(set(view.unlocked_doors)) == 2:
                    self.fully.append(view.controller or view.owner)
        self.casts: list[tuple[str, frozenset[str]]] = []
        action = o.action
        spells = ([(action.player, step.cast_spell)] if isinstance(action, Cast)
                  and step.cast_spell else [])
        if step.resolved is not None:
            spells += [(step.resolved.controller, c) for c in step.copies_cast]
        for player, spell_id in spells:
            view = o.views.get(spell_id)
            types = judge.types_of(view) if view is not None else None
            if types is None:
                self.ok = False
                continue
            self.casts.append((player, types))
        self.face_up = action.object if isinstance(action, TurnFaceUp) else None
        self.steps = step.steps_begun
        turn = turn_of(o)
        attacking = isinstance(action, DeclareAttackers) and not o.game.game_over \
            and o.game.step is Step.DECLARE_ATTACKERS
        self.attackers = list(action.attackers) if attacking else []  # type: ignore[union-attr]
        self.attacker = action.player if attacking and self.attackers else None  # type: ignore[union-attr]
        self.dealt = turn.damage_dealt
        # the attacking player of the combat whose damage the step dealt, even when the
        # step went on into the next turn (which forgets its combat)
        self.combat_player = turn.damage_player


def _count(judge: Judge, step: StepView, events: _Events, source: object, face: int,
           trigger: Trigger, card: Card | None) -> list[frozenset[str] | None] | None:
    """One entry per event that triggers ``trigger`` of ``source``: the types of the
    permanent entering when the event is one (for Panharmonicon's kind), else ``None``;
    ``None`` altogether when the judge can't tell."""
    view = source
    me: str = view.id  # type: ignore[attr-defined]
    controller: str = view.controller  # type: ignore[attr-defined]
    found: list[frozenset[str] | None] = []
    #: the permanents entering counted already: an ability triggers once for each event,
    #: however many of its trigger conditions the event meets (CR 603.2c) -- "this creature
    #: or another enchantment you control" entering, itself an enchantment, is one event
    counted: set[str] = set()
    for part in trigger.event.split("+"):
        if part in ("enters-self", "enters-other", "enters-yours"):
            for i, c, types in events.entering:
                if i in counted:
                    continue
                if part == "enters-self" and i == me \
                        or part == "enters-other" and i != me and trigger.types & types \
                        or part == "enters-yours" and c == controller and trigger.types & types:
                    counted.add(i)
                    found.append(types)
        elif part == "door":
            if card is None or not card.is_room:
                return None
            found += [None for d in events.doors.get(me, []) if _DOOR_INDEX[d] == face]
        elif part == "fully-unlocked":
            found += [None for c in events.fully if c == controller]
        elif part == "cast":
            found += [None for p, types in events.casts
                      if p == controller and not types & trigger.not_types]
        elif part == "upkeep":
            found += [None for s, p in events.steps if s is Step.UPKEEP and p == controller]
        elif part == "end-step":
            found += [None for s, p in events.steps if s is Step.END and p == controller]
        elif part == "every-end-step":
            found += [None for s, _p in events.steps if s is Step.END]
        elif part == "combat":
            found += [None for s, p in events.steps
                      if s is Step.BEGINNING_OF_COMBAT and p == controller]
        elif part == "face-up":
            found += [None] if events.face_up == me else []
        elif part == "you-attack":
            found += [None] if events.attacker == controller else []
        elif part == "attacks-self":
            found += [None for a in events.attackers if a == me]
        elif part == "attacks-yours":
            found += [None for _a in events.attackers] if events.attacker == controller else []
        elif part in ("combat-damage-self", "combat-damage-yours"):
            if events.dealt is None:
                return None
            dealt, steps = events.dealt
            if part == "combat-damage-self":
                found += [None] * dealt.get(me, 0)
            elif events.combat_player == controller:
                found += [None] * steps
        else:
            return None
    return found


def _legendary_creatures(judge: Judge, step: StepView, controller: str, other: str) -> int | None:
    count = 0
    for view in step.now.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != controller or view.id == other:
            continue
        types, supertypes = judge.types_of(view), judge.supertypes_of(view)
        if types is None or supertypes is None:
            return None
        count += "Creature" in types and "Legendary" in supertypes
    return count


def _controls_creature(judge: Judge, step: StepView, controller: str) -> bool | None:
    for view in step.now.views.values():
        if view.zone is Zone.BATTLEFIELD and view.controller == controller:
            types = judge.types_of(view)
            if types is None:
                return None
            if "Creature" in types:
                return True
    return False


def expected_instances(step: StepView) -> dict[str, int] | None:
    """How many instances of triggered abilities each judged source should have put on the
    stack in this step, by source id; ``None`` when the judge can't tell for this step.
    Worked out once per step for the properties that share it (not to be changed)."""
    if "expected instances" not in step.shared:
        step.shared["expected instances"] = _expected_instances(step)
    return step.shared["expected instances"]  # type: ignore[no-any-return]


def _expected_instances(step: StepView) -> dict[str, int] | None:
    judge, o = step.judge, step.now
    if not step.acted or o.engine.pending_choice() is not None:
        return None
    if o.game.game_over:
        return None  # the game has ended (CR 104.1): nothing triggers any more
    events = _Events(judge, step)
    if not events.ok:
        return None
    doublers_now = _doublers(judge, step, o.views.values())
    doublers_before = _doublers(judge, step, step.before_views.values())
    if doublers_now != doublers_before:
        return None  # a doubler came or went during the step: timing the judge won't guess
    expected: dict[str, int] = {}
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller is None:
            continue
        if isinstance(o.action, Activate) and o.action.object == view.id:
            continue  # its activated ability is on the stack too
        old = step.before_views.get(view.id)
        card = judge.card_of(view)
        if old is not None and (old.face_down != view.face_down or old.transformed
                                != view.transformed or old.zone is not Zone.BATTLEFIELD
                                or (set(old.names) - set(view.names))
                                or (set(view.names) - set(old.names)
                                    and not (card is not None and card.is_room))):
            if not (isinstance(o.action, TurnFaceUp) and o.action.object == view.id):
                continue  # it changed during the step
        faces = judge.faces_of(view)
        if faces is None:
            continue
        total, judged = 0, True
        for face in faces:
            reading = judge.reading(face)
            index = next((i for i, f in enumerate(card.faces) if f.name == face.name), 0) \
                if card is not None else 0
            for trigger in reading.triggers:
                events_of = _count(judge, step, events, view, index, trigger, card)
                if events_of is None:
                    judged = False
                    break
                if not events_of:
                    continue
                if trigger.target == "attacking" and not events.attackers:
                    judged = False
                    break
                if trigger.target == "other":
                    judged = False
                    break
                if trigger.target == "creature-you-control":
                    has = _controls_creature(judge, step, view.controller)
                    if has is None:
                        judged = False
                        break
                    if not has:
                        continue
                if trigger.condition:
                    others = _legendary_creatures(judge, step, view.controller, view.id)
                    if others is None:
                        judged = False
                        break
                    if others < 2:
                        continue
                for entering in events_of:
                    total += 1 + _extra(judge, doublers_now, o, view.controller, entering)
        if judged:
            expected[view.id] = total
    return expected


def _extra(judge: Judge, doublers: dict[str, list[Reading]], o: Observation, controller: str,
           entering: frozenset[str] | None) -> int:
    extra = 0
    for permanent, readings in doublers.items():
        if o.views[permanent].controller != controller:
            continue
        for reading in readings:
            if reading.doubler == "all":
                extra += 1
            elif entering is not None and isinstance(reading.doubler, frozenset) \
                    and reading.doubler & entering:
                extra += 1
    return extra


#: The text of a spell or ability that copies abilities on the stack ("Copy target activated
#: or triggered ability you control."): a copy of a triggered ability is not an instance of
#: it -- it did not trigger (CR 707.10) -- and has the same source.
_COPIES_ABILITIES = re.compile(r"\bcopy\b[^.]*\babilit(?:y|ies)\b", re.IGNORECASE)


def trigger_instances(o: Observation) -> Iterable[Violation]:
    """Every event puts each triggered ability that watches it on the stack once, and once
    more for each permanent of the ability's controller saying a triggered ability
    "triggers an additional time" that applies (Panharmonicon's kind only to an artifact or
    creature entering): not for another player's permanents, not for copies of spells, not
    for anything the ability does not watch; each instance's targets are chosen as it is
    put on the stack (:func:`_targets_shared`).  It says nothing of a step in which
    something that copies abilities resolved: the copies it puts on the stack did not
    trigger (CR 707.10), and nothing tells them from instances."""
    step = step_of(o)
    if step.resolved is not None and _COPIES_ABILITIES.search(step.resolved.text or ""):
        return
    shared = _targets_shared(o)
    if shared is not None:
        yield Violation(shared)
        return
    expected = expected_instances(step)
    if expected is None:
        return
    found: dict[str, int] = {}
    for item in step.new_items:
        if item.kind == "ability":
            found[item.source] = found.get(item.source, 0) + 1
    for source, count in sorted(expected.items()):
        if found.get(source, 0) != count:
            view = o.views[source]
            yield Violation(f"{' // '.join(view.names) or 'a permanent'} ({view.controller}'s) "
                            f"put {found.get(source, 0)} triggered abilities on the stack in "
                            f"this step, not {count}")


def _targets_shared(o: Observation) -> str | None:
    """Each instance of a triggered ability is an ability of its own, its targets chosen as
    it is put on the stack (CR 603.2d, 603.3d): in a step whose new targeted items are all
    instances of one ability (one source, one text), its controller was asked for targets
    once per instance -- or the choice asked had a single answer, which an engine may make
    itself (contract 1.1).  Choices asked for targets among two or more options, fewer than
    the instances, mean an instance took targets nobody chose for it."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return None
    targeted = [item for item in step.new_items if item.targets]
    if len(targeted) < 2 or any(item.kind != "ability" for item in targeted) \
            or len({(item.source, item.text, item.controller) for item in targeted}) != 1:
        return None
    controller = targeted[0].controller
    asked = [choice for choice, _values in o.choices
             if choice.kind == "target" and choice.player == controller]
    if not asked or len(asked) >= len(targeted) or all(choice.forced for choice in asked):
        return None
    source = step.view(targeted[0].source)
    name = " // ".join(source.names) if source is not None and source.names else "a permanent"
    return (f"{len(targeted)} instances of a triggered ability of {name} went on the stack "
            f"with targets, and {controller} was asked to choose targets {len(asked)} "
            f"time(s), among {len(asked[0].options)} options: each instance's targets are "
            f"chosen as it is put on the stack (CR 603.2d, 603.3d)")


def trigger_order_and_control(o: Observation) -> Iterable[Violation]:
    """A triggered ability is controlled by the player who controlled its source when it
    triggered, its targets are chosen by that player as it is put on the stack (CR 603.3d),
    that player orders their own triggered abilities (CR 603.3b), and the active player's
    triggered abilities go on the stack before the nonactive player's (APNAP order), so the
    nonactive player's resolve first."""
    step = step_of(o)
    if not step.acted or isinstance(o.action, Activate) \
            or o.engine.pending_choice() is not None:
        return
    active = o.game.active_player
    seen_nonactive = False
    chooser = _trigger_targets_chooser(o, step) or _order_chooser(o, step)
    if chooser is not None:
        yield Violation(chooser)
        return
    for item in step.new_items:
        if item.kind != "ability":
            continue
        source = step.view(item.source)
        if source is not None and source.controller is not None \
                and source.zone is Zone.BATTLEFIELD and item.controller != source.controller:
            yield Violation(f"a triggered ability of {' // '.join(source.names) or 'a permanent'}"
                            f" controlled by {source.controller} is controlled by "
                            f"{item.controller}")
            return
        if item.controller != active:
            seen_nonactive = True
        elif seen_nonactive:
            yield Violation(f"{active}'s triggered ability went on the stack above the "
                            f"nonactive player's (APNAP order)")
            return


def _targeting_controllers(o: Observation, step: StepView) -> set[str]:
    """In a step that cast or activated nothing, the controllers of the triggered abilities
    put on the stack with targets (every target chosen in the step is one of theirs)."""
    if isinstance(o.action, (Cast, Activate)):
        return set()
    return {item.controller for item in step.new_items
            if item.kind == "ability" and item.targets}


def _trigger_targets_chooser(o: Observation, step: StepView) -> str | None:
    """A target choice asked of a player who controls none of the triggered abilities put on
    the stack with targets, in a step that cast or activated nothing: each is chosen by its
    ability's controller (CR 603.3d)."""
    controllers = _targeting_controllers(o, step)
    if not controllers:
        return None
    for choice, _answer in o.choices:
        if choice.kind == "target" and choice.player not in controllers:
            return (f"a triggered ability's target was chosen by {choice.player}, who controls "
                    f"no triggered ability put on the stack with targets in the step ("
                    f"{', '.join(sorted(controllers))} does; CR 603.3d: its controller "
                    f"chooses)")
    return None


def _order_sources_controller(o: Observation, step: StepView, values: Iterable[str]
                              ) -> str | None:
    """The one player who controlled the sources an ``order`` choice names (its option
    values: a source's object id, or ``<id>/<n>``) before the step -- or now, for a source
    that entered in it; ``None`` when a source is unknown or they have several."""
    controllers = set()
    for value in values:
        source = value if step.view(value) is not None else value.rpartition("/")[0]
        view = step.before_views.get(source) or o.views.get(source)
        if view is None or view.controller is None:
            return None
        controllers.add(view.controller)
    return controllers.pop() if len(controllers) == 1 else None


def _order_chooser(o: Observation, step: StepView) -> str | None:
    """An ``order`` choice among triggered abilities whose sources one player controls,
    asked of another player: each player puts their own triggered abilities on the stack in
    the order they choose (CR 603.3b, 101.4)."""
    for choice, _answer in o.choices:
        if choice.kind != ORDER_CHOICE or len(choice.options) < 2:
            continue
        controller = _order_sources_controller(o, step, (op.value for op in choice.options))
        if controller is not None and choice.player != controller:
            return (f"{choice.player} was asked the order of {len(choice.options)} triggered "
                    f"abilities of {controller}'s permanents: each player puts their own "
                    f"triggered abilities on the stack in the order they choose (CR 603.3b, "
                    f"101.4)")
    return None


def reached_order_of_the_other_player(o: Observation) -> bool:
    """An ``order`` choice among triggered abilities of the player whose turn it is not."""
    step = step_of(o)
    return step.acted and any(
        choice.kind == ORDER_CHOICE and len(choice.options) > 1
        and _order_sources_controller(o, step, (op.value for op in choice.options))
        not in (None, o.game.active_player) for choice, _answer in o.choices)


def reached_trigger_targets(o: Observation) -> bool:
    """A triggered ability of the player whose turn it is not put on the stack with a
    target the engine asked them to choose."""
    step = step_of(o)
    if not step.acted:
        return False
    return bool(_targeting_controllers(o, step) - {o.game.active_player}) and any(
        choice.kind == "target" for choice, _answer in o.choices)


def reached_instances(o: Observation) -> bool:
    """A step in which the judge expected some triggered ability on the stack."""
    expected = expected_instances(step_of(o))
    return expected is not None and any(expected.values())


def reached_doubling(o: Observation) -> bool:
    """A step in which a doubler of a source's controller applied to an expected trigger."""
    step = step_of(o)
    expected = expected_instances(step)
    if not expected:
        return False
    doublers = _doublers(step.judge, step, o.views.values())
    controllers = {o.views[d].controller for d in doublers}
    return any(count and o.views[s].controller in controllers for s, count in expected.items())


def reached_order(o: Observation) -> bool:
    """A step that put triggered abilities of both players on the stack."""
    step = step_of(o)
    return step.acted and len({i.controller for i in step.new_items if i.kind == "ability"}) > 1


def _needs_a_target(text: str) -> bool:
    """Whether an ability's text asks for at least one target: "target" without "up to"
    (which allows none) and without "any number of"."""
    return "target" in text and "up to" not in text and "any number of" not in text


def targeted_triggers(o: Observation) -> Iterable[Violation]:
    """A triggered ability that needs a target goes on the stack with one: with no legal
    target to choose, it is removed from the stack instead (CR 603.3d, 601.2c, 115.1) --
    and one with "up to one target" goes on the stack all the same, with none
    (``trigger_instances``).  Its controller chooses its targets as it is put on the stack,
    whoever's turn it is (``targets_chosen_by_controller``)."""
    step = step_of(o)
    if not step.acted or isinstance(o.action, Activate) \
            or o.engine.pending_choice() is not None:
        return
    wrong = next(iter(targets_chosen_by_controller(o)), None)
    if wrong is not None:
        yield wrong
        return
    judge = step.judge
    for item in step.new_items:
        if item.kind != "ability" or item.targets:
            continue
        source = step.view(item.source)
        faces = judge.faces_of(source) if source is not None else None
        if not faces:
            continue
        texts = [normalize_text(t).lower() for f in faces for t in f.ability_texts]
        triggered = [t for t in texts if t.startswith(("when", "whenever", "at the beginning"))
                     or ("—" in t and t.split("— ", 1)[-1].startswith(("when", "whenever")))]
        if not triggered or len(triggered) != len(texts) \
                or not all(_needs_a_target(t) for t in triggered):
            continue  # an ability of this source that needs no target may be the one
        name = " // ".join(source.names) if source is not None else "a permanent"
        yield Violation(f"a triggered ability of {name} went on the stack with no target, "
                        f"though every triggered ability it has needs one")
        return
    yield from trigger_instances(o)


def targets_chosen_by_controller(o: Observation) -> Iterable[Violation]:
    """The targets of a spell or ability put on the stack are chosen by its controller (CR
    601.2c, 602.2b, 603.3d): a step that put on the stack an item with targets, asking no
    target choice of its controller, asked none of a player who controls no such new item.
    (Choices are told apart by who was asked, not by their options' values, which are the
    engine's own; an engine that makes a forced choice itself asks nobody, contract 1.1.)"""
    step = step_of(o)
    if not step.acted or not o.choices:
        return
    asked = [choice.player for choice, _values in o.choices if choice.kind == "target"]
    targeted = [item for item in step.new_items if item.targets]
    controllers = {item.controller for item in targeted}
    strangers = [player for player in asked if player not in controllers]
    if not strangers:
        return
    for item in targeted:
        if item.controller not in asked:
            source = step.view(item.source)
            name = " // ".join(source.names) if source is not None else item.source
            yield Violation(f"the targets of {item.kind} {item.id} of {name}, controlled by "
                            f"{item.controller}, were chosen by {strangers[0]}")
            return


def reached_targeted(o: Observation) -> bool:
    """A step that put on the stack a triggered ability whose text speaks of a target."""
    step = step_of(o)
    if not step.acted:
        return False
    for item in step.new_items:
        source = step.view(item.source) if item.kind == "ability" else None
        faces = step.judge.faces_of(source) if source is not None else None
        if faces and any("target" in f.text.lower() for f in faces):
            return True
    return False


_DIES = ("when this creature dies", "whenever this creature dies")


def _dies_only(judge: Judge, view: object) -> bool:
    """Whether every triggered ability ``view`` has is a "when this creature dies" one."""
    faces = judge.faces_of(view) if view is not None else None  # type: ignore[arg-type]
    if not faces:
        return False
    texts = [normalize_text(t).lower() for f in faces for t in f.ability_texts]
    triggered = [t for t in texts if t.startswith(("when", "whenever", "at the beginning"))]
    return bool(triggered) and all(t.startswith(_DIES) for t in triggered)


def dies_triggers(o: Observation) -> Iterable[Violation]:
    """"Dies" means put into a graveyard from the battlefield (CR 700.4): a permanent
    whose only triggered abilities are "when this creature dies" that leaves the
    battlefield for a hand, a library or exile puts none of them on the stack (CR 603.6c,
    603.10a)."""
    step = step_of(o)
    if not step.acted or isinstance(o.action, Activate):
        return
    judge = step.judge
    for event in o.events:
        if event.kind != "zone_changed" or event.data.get("from") != Zone.BATTLEFIELD.value \
                or event.data.get("to") in (Zone.GRAVEYARD.value, Zone.BATTLEFIELD.value):
            continue
        old = str(event.data.get("object"))
        before = step.before_views.get(old)
        if before is None or before.face_down or not _dies_only(judge, before):
            continue
        sources = {old, str(event.data.get("new_object"))}
        found = [i for i in step.new_items if i.kind == "ability" and i.source in sources]
        if found:
            yield Violation(f"{' // '.join(before.names)} left the battlefield for the "
                            f"{event.data.get('to')} and its \"dies\" ability triggered")
            return


def reached_dies(o: Observation) -> bool:
    """A step that moved a permanent with a "dies" ability off the battlefield elsewhere
    than to a graveyard."""
    step = step_of(o)
    return step.acted and any(
        e.kind == "zone_changed" and e.data.get("from") == Zone.BATTLEFIELD.value
        and e.data.get("to") not in (Zone.GRAVEYARD.value, Zone.BATTLEFIELD.value)
        and (v := step.before_views.get(str(e.data.get("object")))) is not None
        and _dies_only(step.judge, v) for e in o.events)


def reached_face_down_entering(o: Observation) -> bool:
    """A creature entered face down in a step whose triggered abilities the judge counted,
    some ability expected to trigger."""
    step = step_of(o)
    if not step.acted or not any((v := o.views.get(i)) is not None and v.face_down
                                 for i, _source in step.entered):
        return False
    expected = expected_instances(step)
    return expected is not None and any(expected.values())
