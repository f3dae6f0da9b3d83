"""Contract actions as phase.rs legal actions.

Every action goes through phase's own legal actions; what phase does not list, or refuses
with ``ValueError``, is ``IllegalAction`` with phase's words.  A cast is checked after the
fact against the request: phase may put a spell on the stack in a mode other than the one
asked (face down when only the face-down cost is payable, the other door); that is not the
action the scenario takes, so it is refused and undone.  Undoing replays the trace
(``PhaseSession.rollback``), never a snapshot.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Never, NoReturn

from ...contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, DeclareAttackers,
    DeclareBlockers, Move, PassPriority, PlayerId, PlayerRef, PlayLand, Resolve, Target,
    TurnFaceUp, Unlock,
)
from ...errors import ContractError, IllegalAction, Unsupported
from ...format.vocabulary import Door, Face, Step
from .observations import stack_targets
from .session import PhaseSession
from .setup import STEP_TO_PHASE, ZONE_TO_PHASE

TARGET_PROMPTS = ("TargetSelection", "TriggerTargetSelection")


@contextmanager
def atomic(session: PhaseSession) -> Iterator[None]:
    """Undo everything if the action is refused part-way (the contract's promise)."""
    mark = len(session.trace)
    try:
        yield
    except IllegalAction:
        session.rollback(mark)
        raise


def priority_seat(session: PhaseSession, player: PlayerId) -> int:
    waiting = session.waiting()
    seat = session.seat(player)
    if waiting.get("type") != "Priority":
        raise IllegalAction(f"phase is waiting for {waiting.get('type')}, not for an action")
    if session.actor() != seat:
        raise IllegalAction(f"{player} does not have priority")
    return seat


def perform(session: PhaseSession, action: Action, given: set[int]) -> list[dict[str, Any]]:
    """Carry out ``action``; ``given`` collects the stack entries whose targets the action
    itself named (so that they are not reported as chosen by phase).  Once the game is
    over no action is taken (contract 1.1), a ``Move`` neither: phase's debug
    ``MoveToZone`` would carry it out and set phase waiting again (for priority, a choice),
    playing on in a game that has ended."""
    session.require()
    if session.waiting().get("type") == "GameOver":
        raise game_over(session)
    match action:
        case Cast():
            return _cast(session, action, given)
        case Activate():
            return _activate(session, action, given)
        case Unlock():
            seat = priority_seat(session, action.player)
            legal = find_legal(session, action)
            if legal is None:
                raise IllegalAction(f"phase does not offer unlocking the {action.door.value} "
                                    f"door of {action.object} now")
            return session.apply(seat, legal)
        case TurnFaceUp():
            seat = priority_seat(session, action.player)
            legal = find_legal(session, action)
            if legal is None:
                raise IllegalAction(f"phase does not offer turning {action.object} face up now")
            return session.apply(seat, legal)
        case PlayLand():
            seat = priority_seat(session, action.player)
            legal = find_legal(session, action)
            if legal is None:
                raise IllegalAction(f"phase does not offer playing {action.card} as a land now")
            return session.apply(seat, legal)
        case Resolve():
            return _resolve(session)
        case AdvanceTo():
            with atomic(session):
                return _advance(session, action.step)
        case PassPriority():
            priority_seat(session, action.player)
            return pass_priority(session)
        case DeclareAttackers():
            return _attack(session, action)
        case DeclareBlockers():
            return _block(session, action)
        case Move():
            if action.transformed:
                raise Unsupported("phase has no way to put a card onto the battlefield "
                                  "transformed (its MoveToZone has no such option)")
            number = session.pid(action.object)
            stack = set(session.stack_ids())
            events = session.apply(session.actor(), {"type": "Debug", "data": {
                "type": "MoveToZone", "data": {"object_id": number,
                                               "to_zone": ZONE_TO_PHASE[action.to],
                                               "simulate": True}}})
            if set(session.stack_ids()) - stack:
                events += _ask_for_triggers(session)
            return events
        case _:
            _unknown_action(action)


def _ask_for_triggers(session: PhaseSession) -> list[dict[str, Any]]:
    """Finish putting on the stack what a ``Move`` triggered.  phase's debug ``MoveToZone``
    checks state-based actions and triggers, but a triggered ability whose targets must be
    chosen stays ``pending_trigger`` -- on the stack with no targets, the abilities of the
    players after its controller held back -- while phase says it waits for priority; the
    player with priority passing makes phase ask for the targets (its
    ``TriggerTargetSelection``, the contract's ``target`` choice) before anything else, and
    once the abilities are on the stack no pass is counted (priority may be the next
    player's: who has it after a move made outside the rules is not judged).  Undone if
    phase asks nothing (the pass would then be a pass)."""
    if session.waiting().get("type") != "Priority" or session.state().get("pending_trigger") \
            is None:
        return []
    mark = len(session.trace)
    events = session.apply(session.actor(), {"type": "PassPriority"})
    if session.waiting().get("type") == "Priority":
        session.rollback(mark)
        return []
    return events


def _unknown_action(action: Never) -> NoReturn:
    """Like ``typing.assert_never``: ``mypy --strict`` names the call when a kind of action
    is not handled; at run time, something that is not an action is unsupported."""
    raise Unsupported(f"unknown action {action!r}")


def _cast(session: PhaseSession, action: Cast, given: set[int]) -> list[dict[str, Any]]:
    seat = priority_seat(session, action.player)
    number = session.pid(action.card)
    legal = session.legal("CastSpell", object_id=number)
    if legal is None:
        raise IllegalAction(f"casting {action.card} is not among phase's legal actions")
    before = session.raw(action.card)
    stack = set(session.stack_ids())
    events: list[dict[str, Any]] = []
    with atomic(session):
        events += session.apply(seat, legal)
        offered = session.waiting().get("type") == "AlternativeCastChoice"
        events += settle(session, action.door, action.face, action.face_down, action.targets,
                         action.x, stack)
        _check_cast_mode(session, action, number, before, offered)
    if action.targets is not None:
        given.add(number)
    return events


def _check_cast_mode(session: PhaseSession, action: Cast, number: int,
                     before: dict[str, Any], offered: bool) -> None:
    """Refuse (and so undo) a cast phase carried out in another mode than requested;
    ``offered``: phase asked whether to cast it face down."""
    if number not in session.stack_ids():
        if action.face_down and not offered:  # e.g. it asks which door of a Room to cast
            raise IllegalAction(f"phase did not offer casting {action.card} face down")
        return  # it is not on the stack as a spell (a prompt is pending, or it resolved)
    spell = session.object_of(number)
    assert spell is not None, number
    if bool(spell.get("face_down")) != action.face_down:
        asked, done = ("face down", "face up") if action.face_down else ("face up", "face down")
        raise IllegalAction(f"phase cast {action.card} {done}, not {asked} as asked: "
                            f"it did not offer casting it {asked}")
    wanted: str | None = None
    if action.door is Door.LEFT or action.face is Face.FRONT:
        wanted = str(before.get("name") or "")
    elif action.door is Door.RIGHT or action.face is Face.BACK:
        wanted = str((before.get("back_face") or {}).get("name") or "")
    if wanted and not spell.get("face_down") and str(spell.get("name")) != wanted:
        raise IllegalAction(f"phase cast {action.card} as {spell.get('name')}, not as "
                            f"{wanted} as asked")


def _activate(session: PhaseSession, action: Activate, given: set[int]) -> list[dict[str, Any]]:
    seat = priority_seat(session, action.player)
    number = session.pid(action.object)
    legal = session.legal("ActivateAbility", source_id=number, ability_index=action.ability)
    if legal is None:
        mana = _mana_ability(session, number, action.ability)
        if mana is not None:
            return session.apply(seat, mana)
        raise IllegalAction(f"activating ability {action.ability + 1} of {action.object} is "
                            f"not among phase's legal actions")
    events: list[dict[str, Any]] = []
    before = set(session.stack_ids())
    with atomic(session):
        events += session.apply(seat, legal)
        events += settle(session, None, None, False, action.targets, action.x, before)
    if action.targets is not None:
        given.update(set(session.stack_ids()) - before)
    return events


def _mana_ability(session: PhaseSession, number: int, ability: int) -> dict[str, Any] | None:
    """phase keeps mana abilities out of its legal actions (CR 605.3a); a land's is
    activated with ``TapLandForMana``, whose selection is built from what phase's object
    view says: the mana ability's index, the incarnation and the one kind of mana it makes.
    phase refuses (``ValueError``) when tapping it is illegal."""
    view = session.call(session.require().object, number) or {}
    if not view.get("has_mana_ability") or int(view.get("mana_ability_index") or 0) != ability:
        return None
    pips = view.get("available_mana_pips") or []
    colors = [p.get("data") for p in pips if isinstance(p, dict) and p.get("type") == "Color"]
    if len(colors) != 1:
        raise Unsupported(f"the adapter cannot say which mana to make with {pips}")
    selection: dict[str, Any] = {
        "source": {"object_id": number, "incarnation": int(view.get("incarnation") or 0)},
        "ability_index": ability, "mana_type": colors[0],
        "output": {"type": "Concrete", "data": colors[0]}, "atomic_combination": None,
        "restrictions": [], "penalty": "None", "taps_for_mana": [],
    }
    return {"type": "TapLandForMana", "data": {"selection": selection}}


def settle(session: PhaseSession, door: Door | None, face: Face | None, face_down: bool,
           targets: tuple[Target, ...] | None, x: int | None,
           before: set[int]) -> list[dict[str, Any]]:
    """Answer the prompts of casting or activating that the action itself decides.  A
    target named beyond those phase asked for is handed to phase all the same, as a player
    would name it: phase says whether it takes it (phase 0.103.0 asks for Arc Lightning's
    three targets, then for the division, and refuses a fourth ``ChooseTarget``).
    ``before``: the stack entries before the cast or activation began."""
    events: list[dict[str, Any]] = []
    queue = list(targets) if targets is not None else None
    asked = False  # phase asked for a target: the targets named are not its own choice
    for _ in range(50):
        waiting = session.waiting()
        kind = waiting.get("type")
        seat = session.actor()
        if kind == "ModalFaceChoice" and (door is not None or face is not None):
            back = door is Door.RIGHT if door is not None else face is Face.BACK
            events += session.apply(seat, {"type": "ChooseModalFace",
                                           "data": {"back_face": back}})
            door = face = None
        elif kind == "AlternativeCastChoice":
            choice = "Alternative" if face_down else "Normal"
            events += session.apply(seat, {"type": "ChooseAlternativeCast",
                                           "data": {"choice": {"type": choice}}})
        elif kind == "ChooseXValue" and x is not None:
            events += session.apply(seat, {"type": "ChooseX", "data": {"value": x}})
            x = None
        elif kind in TARGET_PROMPTS and queue is not None:
            asked = True
            if queue:
                events += session.apply(seat, target_action(session, queue.pop(0)))
            else:
                events += session.apply(seat, {"type": "ChooseTarget", "data": {"target": None}})
                queue = None
        elif asked and queue:  # phase asks for no more targets: IllegalAction if it refuses
            events += session.apply(seat, target_action(session, queue.pop(0)))
        else:
            if queue and not asked:
                _check_unasked_targets(session, before, queue)
            return events
    raise ContractError("phase kept prompting while casting")


def _check_unasked_targets(session: PhaseSession, before: set[int],
                           named: list[Target]) -> None:
    """phase asked for no target of what was just cast or activated -- it chooses a target
    itself where only one is legal -- so the targets named were never handed to it: the
    action was carried out as named only if what it put on the stack has exactly those
    targets; else ``IllegalAction`` (and the action is undone)."""
    wanted = [target_action(session, t)["data"]["target"] for t in named]
    for item in session.stack_items():
        if int(item["id"]) not in before and stack_targets(item) != wanted:
            raise IllegalAction(f"phase asked for no target and chose "
                                f"{stack_targets(item) or 'none'} itself, not {wanted} as "
                                f"named")


def target_action(session: PhaseSession, target: Target | str) -> dict[str, Any]:
    if isinstance(target, PlayerRef):
        value: dict[str, int] = {"Player": session.seat(target.name)}
    elif target.startswith(PLAYER_OPTION_PREFIX):
        value = {"Player": session.seat(target[len(PLAYER_OPTION_PREFIX):])}
    else:
        value = {"Object": session.pid(target)}
    return {"type": "ChooseTarget", "data": {"target": value}}


def _resolve(session: PhaseSession) -> list[dict[str, Any]]:
    stack = session.stack_ids()
    if not stack:
        raise IllegalAction("the stack is empty")
    if session.waiting().get("type") != "Priority":
        raise IllegalAction(f"phase is waiting for {session.waiting().get('type')}")
    top = stack[0]
    events: list[dict[str, Any]] = []
    for _ in range(10):
        if session.waiting().get("type") == "GameOver":
            return events  # it resolved, and the game ended (CR 104)
        if session.waiting().get("type") != "Priority" or top not in session.stack_ids():
            return events
        events += pass_priority(session)
    raise ContractError("the top of the stack did not resolve after every player passed")


def _advance(session: PhaseSession, step: Step) -> list[dict[str, Any]]:
    """Pass priority with an empty stack until ``step`` *begins*: at least the current step
    ends, as in the contract (``AdvanceTo`` from the step itself goes to its next time)."""
    if session.stack_ids():
        raise IllegalAction("the stack is not empty")
    wanted = STEP_TO_PHASE[step]
    start = session.step()
    events: list[dict[str, Any]] = []
    # the turn in which the game was last in a step before ``wanted``
    armed = start[0] if _ORDER.index(start[1]) < _ORDER.index(wanted) else None
    for _ in range(400):
        kind = session.waiting().get("type")
        if kind in _NO_COMBAT:  # passing on: no creature attacks or blocks
            events += session.apply(session.actor(), _NO_COMBAT[str(kind)])
            continue
        now = session.step()
        if kind == "GameOver":
            return events  # the game ended on the way (CR 104)
        if (now != start and now[1] == wanted) or session.stack_ids():
            return events
        if kind != "Priority":
            return events
        if now != start and now[0] == start[0] and wanted in _AFTER_ATTACKERS \
                and _ORDER.index(now[1]) > _ORDER.index(wanted):
            raise IllegalAction(f"the game does not reach {step.value}: with no creature "
                                f"attacking phase skips it (CR 508.8)")
        if now[1] in _ORDER and _ORDER.index(now[1]) < _ORDER.index(wanted):
            armed = now[0]
        elif armed == now[0] and now[1] in _ORDER:  # past it in a turn that was before it
            raise IllegalAction(f"the game does not reach {step.value}: phase went on to "
                                f"{now[1]} of that turn without it beginning")
        events += pass_priority(session)
    turn, current = session.step()
    raise ContractError(f"phase did not reach {step.value}: priority was passed 400 times with "
                        f"an empty stack, and phase is in turn {turn}'s {current} step")


def pass_priority(session: PhaseSession, declare: bool = False) -> list[dict[str, Any]]:
    """The player with priority passes.  A combat damage assignment phase then asks that has
    one answer is made (``assign_combat_damage``); one with several is left pending, the
    contract's ``combat_damage`` choice (prompts.py).  Unless ``declare`` (an action that
    declares attackers or blockers is on its way), a declaration phase then asks for is
    made with no creature, as when the game passes through combat without attacking."""
    events = session.apply(session.actor(), {"type": "PassPriority"})
    while True:
        kind = str(session.waiting().get("type"))
        if kind == "AssignCombatDamage" and combat_damage_is_forced(
                session.waiting().get("data") or {}):
            events += assign_combat_damage(session)
        elif kind in _NO_COMBAT and not declare:
            events += session.apply(session.actor(), _NO_COMBAT[kind])
        else:
            return events


def combat_damage_is_forced(data: dict[str, Any]) -> bool:
    """Whether phase's damage assignment prompt has a single answer, which the contract does
    not ask (CR 510.1c, 702.19b): no blocker left, or one blocker and either no trample or
    no more damage than phase's ``lethal_minimum`` for that blocker."""
    blockers = list(data.get("blockers") or ())
    trample = data.get("trample") not in (None, "None")
    total = int(data.get("total_damage") or 0)
    return not blockers or len(blockers) == 1 and (
        not trample or total <= int(blockers[0].get("lethal_minimum") or 0))


def assign_combat_damage(session: PhaseSession) -> list[dict[str, Any]]:
    """Make the only damage assignment phase's prompt allows: the one phase lists, or all
    of it to the one blocker (or, with trample and no blocker left, to the player)."""
    listed = [a for a in session.actions() if a.kind == "AssignCombatDamage"]
    if len(listed) == 1:
        return session.apply(session.actor(), listed[0])
    data = session.waiting().get("data") or {}
    total = int(data.get("total_damage") or 0)
    blockers = list(data.get("blockers") or ())
    assignments = [[int(blockers[0]["blocker_id"]), total]] if blockers else []
    return session.apply(session.actor(), {"type": "AssignCombatDamage", "data": {
        "assignments": assignments, "controller_damage": 0, "mode": "Normal",
        "trample_damage": 0 if blockers else total}})


_NO_COMBAT = {
    "DeclareAttackers": {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}},
    "DeclareBlockers": {"type": "DeclareBlockers", "data": {"assignments": []}},
}
_AFTER_ATTACKERS = ("DeclareBlockers", "CombatDamage")


def game_over(session: PhaseSession) -> IllegalAction:
    """The game is over: phase takes no more actions, and neither does the contract
    (``GameView.game_over``): the action is refused, with who won and why."""
    winner = (session.waiting().get("data") or {}).get("winner")
    why = [f"{session.player(seat)} drew from an empty library (CR 704.5b)"
           for seat in range(len(session.names))
           if session.player_state(seat).get("drew_from_empty_library")]
    return IllegalAction(f"the game is over ({'; '.join(why) or 'phase says so'}; winner: "
                         f"{session.player(winner) if winner is not None else 'none'})")


#: phase's steps in turn order, for telling whether a step has passed
_ORDER = list(STEP_TO_PHASE.values())


def _pass_to(session: PhaseSession, prompt: str, step: str) -> list[dict[str, Any]]:
    """Pass priority with an empty stack until phase asks ``prompt``; ``IllegalAction`` if
    the stack is not empty, ``step`` has passed this turn, or phase skips it."""
    if session.stack_ids():
        raise IllegalAction(f"{prompt}: the stack is not empty")
    turn = session.step()[0]
    events: list[dict[str, Any]] = []
    for _ in range(40):
        kind = session.waiting().get("type")
        if kind == prompt:
            return events
        if kind == "GameOver":
            raise game_over(session)
        now = session.step()
        if now[0] != turn or session.stack_ids() or kind != "Priority" \
                or _ORDER.index(now[1]) > _ORDER.index(step):
            raise IllegalAction(f"phase does not ask for {prompt} now (it is in "
                                f"{now[1]}, waiting for {kind})")
        events += pass_priority(session, declare=True)
    raise ContractError(f"phase did not reach {step}")


def _attack(session: PhaseSession, action: DeclareAttackers) -> list[dict[str, Any]]:
    seat = session.seat(action.player)
    if session.active_seat() != seat:
        raise IllegalAction(f"{action.player} is not the active player")
    defender = 1 - seat if action.defender is None else session.seat(action.defender)
    attacks = [[session.pid(a), {"type": "Player", "data": defender}] for a in action.attackers]
    events: list[dict[str, Any]] = []
    with atomic(session):
        if session.waiting().get("type") == "Priority" and \
                _ORDER.index(session.step()[1]) >= _ORDER.index("DeclareAttackers"):
            raise IllegalAction("this turn's declare attackers step has passed")
        try:
            events += _pass_to(session, "DeclareAttackers", "DeclareAttackers")
        except IllegalAction:
            if attacks:  # phase skips the declaration when no creature can attack
                raise
            return events
        events += session.apply(seat, {"type": "DeclareAttackers",
                                       "data": {"attacks": attacks, "bands": []}})
    return events


def _block(session: PhaseSession, action: DeclareBlockers) -> list[dict[str, Any]]:
    seat = session.seat(action.player)
    assignments = [[session.pid(b), session.pid(a)] for b, a in action.blocks]
    events: list[dict[str, Any]] = []
    with atomic(session):
        events += _pass_to(session, "DeclareBlockers", "DeclareBlockers")
        if session.actor() != seat:
            raise IllegalAction(f"{action.player} is not the defending player")
        events += session.apply(seat, {"type": "DeclareBlockers",
                                       "data": {"assignments": assignments}})
    return events


def find_legal(session: PhaseSession, action: Action) -> Any:
    """Phase's legal action that carries out ``action``; ``None`` if it lists none (or the
    action is not one phase lists)."""
    match action:
        case Unlock():
            door = "Left" if action.door is Door.LEFT else "Right"
            return session.legal("UnlockRoomDoor", object_id=session.pid(action.object),
                                 door=door)
        case TurnFaceUp():
            return session.legal("TurnFaceUp", object_id=session.pid(action.object))
        case PlayLand():
            return session.legal("PlayLand", object_id=session.pid(action.card))
        case Activate():
            return session.legal("ActivateAbility", source_id=session.pid(action.object),
                                 ability_index=action.ability)
        case Cast():
            return session.legal("CastSpell", object_id=session.pid(action.card))
        case Resolve() | AdvanceTo() | Move() | PassPriority() | DeclareAttackers() \
                | DeclareBlockers():
            return None
        case _:
            _unknown_action(action)


def is_legal(session: PhaseSession, action: Action) -> bool:
    """Answered from phase's legal-action list when that decides it (an unlock, turning
    face up, a land play, an activation with nothing to choose, a cast phase does not
    list); otherwise -- a cast phase lists, since phase may cast in another mode than
    asked -- by performing the action on a replica of the game, built by replaying the
    trace and thrown away."""
    if isinstance(action, (Unlock, TurnFaceUp, PlayLand)) or (
            isinstance(action, Activate) and action.targets is None and action.x is None):
        try:
            priority_seat(session, action.player)
            return find_legal(session, action) is not None
        except IllegalAction:
            return False
    if isinstance(action, Cast):  # what the cast checks first, on the live game
        try:
            if session.waiting().get("type") == "GameOver":
                return False
            priority_seat(session, action.player)
            if find_legal(session, action) is None:
                return False
        except IllegalAction:
            return False
    return bool(session.memo("is_legal " + repr(action), lambda: _performs(session, action)))


def _performs(session: PhaseSession, action: Action) -> bool:
    """Whether phase carries out ``action`` on a replica of the game as it is."""
    with session.probe():
        try:
            perform(session, action, set())
        except IllegalAction:
            return False
    return True
