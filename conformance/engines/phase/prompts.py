"""phase.rs prompts as contract choices, their answers, and the choices phase makes itself.

| phase prompt | contract choice | answered with |
| --- | --- | --- |
| ``ModalFaceChoice`` | ``door`` (a Room) / ``face`` | ``ChooseModalFace{back_face}`` |
| ``TargetSelection``, ``TriggerTargetSelection`` | ``target`` | ``ChooseTarget`` per target |
| ``NamedChoice`` (a card name) | ``name``, open: any text | ``ChooseOption{choice}`` |
| ``DiscardChoice``, ``SearchChoice``, ... | ``cards`` | ``SelectCards`` |
| ``OptionalEffectChoice`` | ``option``: ``yes``/``no`` | ``DecideOptionalEffect{accept}`` |
| ... then a card prompt | ``cards`` (none = decline) | ``DecideOptionalEffect`` + ``SelectCards`` |
| ``ReplacementChoice`` to enter as a copy | ``cards`` (none = decline) | ``ChooseReplacement`` + ``ChooseTarget`` |
| ``CopyTargetChoice`` | ``cards`` | ``ChooseTarget`` |
| ``ChooseRoomDoor`` | ``option``: ``lock left``, ``unlock right`` ... | ``ChooseRoomDoor`` |
| ``ChooseLegend`` | ``cards``: the one to keep | ``ChooseLegend`` |
| ``ChooseXValue`` | ``option``: each allowed value | ``ChooseX`` |
| ``OrderTriggers`` | ``order``: the sources, first put on the stack first | ``OrderTriggers`` |
| ``DistributeAmong`` | ``divide``: the targets, one value per point | ``DistributeAmong`` |
| ``AssignCombatDamage`` (several ways) | ``combat_damage``: blockers (and the player, with trample) | ``AssignCombatDamage`` |
| ``ManaPayment`` with convoke | ``cards``: the creatures to tap (none or more) | ``TapForConvoke`` each, then ``PassPriority`` |

Convoke: phase asks, in its mana payment, which creature to tap for which mana
(``TapForConvoke`` per creature and mana type) until the payment can be finished
(``PassPriority`` is offered then).  The contract asks only which creatures; an answer is
carried out with a way of tapping exactly those creatures that phase lets finish the
payment, found by trying phase's own offers on replicas, and is refused when there is none
-- phase decides what each creature may pay, the adapter only looks for a way it accepts.

Choices phase makes itself are reported as automatic choices (contract 1.1,
``automatic_choice``): a target it picks when exactly one legal assignment exists
(``auto_select_targets``; a new stack entry with targets that neither the action nor an
answer named), a door an effect locks or unlocks without asking which, and an "up to N
counters" amount it sets without asking.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Callable, Sequence
from typing import Any

import phase

from ...contract.types import (
    COMBAT_DAMAGE_CHOICE, DIVIDE_CHOICE, PLAYER_OPTION_PREFIX, Choice, Event, Option,
    automatic_choice,
)
from ...errors import IllegalAction, Unsupported
from .actions import TARGET_PROMPTS, atomic, target_action
from .observations import contract_target, stack_targets
from .session import PhaseSession

CARD_PROMPTS = ("DiscardChoice", "SearchChoice", "ChooseFromZoneChoice", "EffectZoneChoice",
                "DiscardToHandSize")
_DOOR = {"Left": "left", "Right": "right"}


def pending_choice(session: PhaseSession) -> Choice | None:
    waiting = session.waiting()
    kind = waiting.get("type")
    data = waiting.get("data") or {}
    if kind in ("Priority", "GameOver", None):
        return None
    player = session.player(session.actor())
    if kind == "ModalFaceChoice":
        if _is_room(session, int(data.get("object_id", -1))):
            return Choice("door", player, "choose a door to cast",
                          (Option("left"), Option("right")))
        return Choice("face", player, "choose a face to cast",
                      (Option("front"), Option("back")))
    if kind in TARGET_PROMPTS:
        legal, low, high = _target_group(data)
        options = tuple(target_option(session, t) for t in legal)
        prompt = str(data.get("description") or "choose targets")
        return Choice("target", player, prompt, options, low, high)
    if kind == "NamedChoice":
        listed = tuple(Option(str(o)) for o in data.get("options") or ())
        if listed:
            return Choice("name", player, "choose a name", listed)
        # a card name: phase takes any valid name; its legal actions suggest some
        suggested = tuple(Option(str((a.data or {}).get("choice"))) for a in session.actions()
                          if a.kind == "ChooseOption")
        return Choice("name", player, "choose a card name", suggested, open=True)
    if kind in CARD_PROMPTS:
        count = int(data.get("count", 1))
        options = tuple(Option(session.cid(int(c))) for c in data.get("cards") or ())
        # "up to", or a search that may find less than it looks for (CR 701.23b): phase
        # takes an empty selection then (checked on phase-python 0.103.0)
        low = 0 if data.get("up_to") or data.get("allows_partial_find") \
            else min(count, len(options))
        return Choice("cards", player, f"choose cards ({kind})", options, low, count)
    if kind == "OptionalEffectChoice":
        prompt = str(data.get("description") or "do it?")
        cards = _cards_if_accepted(session)
        if cards is not None:  # "you may exile a card": which card, or none
            return Choice("cards", player, prompt, cards[0], 0, cards[1])
        return Choice("option", player, prompt, (Option("yes"), Option("no")))
    if kind == "ReplacementChoice":
        copies = _copy_candidates(session, data)
        if copies is not None:
            return Choice("cards", player, "enter as a copy of", copies, 0, 1)
        options = tuple(Option(str(c.get("description")))
                        for c in data.get("candidates") or ())
        return Choice("option", player, "choose a replacement effect", options)
    if kind == "CopyTargetChoice":
        options = tuple(Option(session.cid(int(n))) for n in data.get("valid_targets") or ())
        return Choice("cards", player, "choose what to copy", options)
    if kind == "ChooseRoomDoor":
        options = tuple(Option(f"{str(op.get('type')).lower()} {_DOOR[str(door)]}")
                        for op, door in data.get("options") or ())
        return Choice("option", player, "lock or unlock a door", options)
    if kind == "ChooseLegend":
        name = str(data.get("legend_name") or "legend")
        options = tuple(Option(session.cid(n), name) for n in _legend_candidates(data))
        return Choice("cards", player, f"legend rule: choose the {name} to keep", options)
    if kind == "ChooseXValue":
        low, high = int(data.get("min", 0) or 0), int(data.get("max", 0) or 0)
        return Choice("option", player, "choose X",
                      tuple(Option(str(n)) for n in range(low, high + 1)))
    if kind == "OrderTriggers":
        options = _trigger_options(session, data)
        return Choice("order", player, "order your triggered abilities (the first goes on "
                      "the stack first)", options, len(options), len(options))
    if kind == "DistributeAmong":
        total = int(data.get("total") or 0)
        options = tuple(target_option(session, t) for t in data.get("targets") or ())
        return Choice(DIVIDE_CHOICE, player, f"divide {total} among the targets", options,
                      total, total)
    if kind == "AssignCombatDamage":
        total = int(data.get("total_damage") or 0)
        return Choice(COMBAT_DAMAGE_CHOICE, player, f"assign {total} combat damage",
                      _damage_options(session, data), total, total)
    if kind == "ManaPayment" and data.get("convoke_mode") == "Convoke":
        options = tuple(Option(session.cid(n)) for n in _convoke_offers(session))
        return Choice("cards", player, "tap creatures to help pay (convoke)", options, 0,
                      len(options))
    raise Unsupported(f"phase waits for a {kind} prompt, which the adapter does not map "
                      f"to a contract choice")


def _convoke_offers(session: PhaseSession) -> dict[int, list[str]]:
    """The creatures phase offers to tap for convoke, each with the mana it may pay, in
    phase's order."""
    offers: dict[int, list[str]] = {}
    for action in session.actions():
        if action.kind == "TapForConvoke":
            data = action.data or {}
            offers.setdefault(int(data["object_id"]), []).append(str(data["mana_type"]))
    return offers


def _convoke_payment(session: PhaseSession, values: Sequence[str]) -> list[dict[str, Any]]:
    """Tapping exactly the creatures ``values`` for convoke and finishing the payment: the
    first way of tapping them (which mana each pays, among phase's offers) after which phase
    offers to finish it, tried on replicas of the game."""
    offers = _convoke_offers(session)
    chosen = [session.pid(v) for v in values]
    for paid in itertools.product(*(offers.get(n, []) for n in chosen)):
        taps = [{"type": "TapForConvoke", "data": {"object_id": n, "mana_type": m}}
                for n, m in zip(chosen, paid)]
        if session.memo("convoke " + json.dumps(taps), functools.partial(_finishes, session, taps)):
            return [*taps, {"type": "PassPriority"}]
    raise IllegalAction(f"phase does not let {list(values)} pay the cost by convoke: no way "
                        f"of tapping them lets the payment be finished")


def _finishes(session: PhaseSession, taps: list[dict[str, Any]]) -> bool:
    """Whether phase offers to finish the mana payment once ``taps`` are applied (on a
    replica)."""
    replica = session.replica()
    try:
        for plain in taps:
            replica.apply(session.actor(), _action(plain))
    except ValueError:
        return False
    return any(a.kind == "PassPriority" for a in replica.actions())


def _slot(data: dict[str, Any]) -> int:
    return int((data.get("selection") or {}).get("current_slot", 0))


def _target_group(data: dict[str, Any]) -> tuple[list[Any], int, int]:
    """The targets phase asks for now, as one choice: phase asks target slot by target slot
    ("up to two target creatures" is two optional slots); the slots from the current one
    with the same legal targets are one choice of as many targets (at least the number of
    slots that are not optional).  Returns (legal targets, min, max)."""
    selection = data.get("selection") or {}
    slots = list(data.get("target_slots") or [])
    current = int(selection.get("current_slot", 0))
    legal = list(selection.get("current_legal_targets")
                 or (slots[current].get("legal_targets") if current < len(slots) else [])
                 or [])
    if current >= len(slots):
        return legal, 1, 1
    group = [slots[current]]
    for slot in slots[current + 1:]:
        if slot.get("legal_targets") != slots[current].get("legal_targets"):
            break
        group.append(slot)
    return legal, sum(1 for slot in group if not slot.get("optional")), len(group)


def _damage_options(session: PhaseSession, data: dict[str, Any]) -> tuple[Option, ...]:
    """The blockers of phase's damage assignment prompt, and with trample the player."""
    options = tuple(Option(session.cid(int(b["blocker_id"]))) for b in data.get("blockers") or ())
    if data.get("trample") not in (None, "None") and data.get("defending_player") is not None:
        options += (Option(PLAYER_OPTION_PREFIX + session.player(data["defending_player"])),)
    return options


def _trigger_options(session: PhaseSession, data: dict[str, Any]) -> tuple[Option, ...]:
    """One option per trigger phase asks to order: the source's id (``<id>/<n>`` for the
    n-th of several from one source), labelled with the source's name and the text."""
    triggers = list(data.get("triggers") or ())
    sources = [int(t.get("source_id")) for t in triggers]
    options = []
    for index, trigger in enumerate(triggers):
        value = _source_id(session, trigger, sources[index])
        if sources.count(sources[index]) > 1:
            value += f"/{sources[:index + 1].count(sources[index])}"
        options.append(Option(value, f"{trigger.get('source_name')}: "
                                     f"{trigger.get('description')}"))
    return tuple(options)


def _source_id(session: PhaseSession, trigger: dict[str, Any], number: int) -> str:
    """A trigger's source as the contract names it; a source phase no longer has (a token
    that died, say) is no object of the game any more."""
    incarnation = trigger.get("source_incarnation")
    if incarnation is not None:
        return f"p{number}.{incarnation}"
    if session.object_of(number) is None:
        return f"p{number}.gone"  # as a stack entry's target that left (observations)
    return session.cid(number)


def _is_room(session: PhaseSession, number: int) -> bool:
    obj = session.object_of(number) or {}
    ref = obj.get("base_printed_ref") or obj.get("printed_ref") or {}
    face = session.data.faces.get(str(ref.get("face_name") or "").lower()) or {}
    return face.get("layout") == "split"


def _legend_candidates(data: dict[str, Any]) -> list[int]:
    if not data.get("candidates"):
        raise Unsupported(f"the adapter cannot read phase's ChooseLegend prompt: {data}")
    return [int(str(c)) for c in data["candidates"]]


def _decline_index(data: dict[str, Any]) -> int | None:
    for index, candidate in enumerate(data.get("candidates") or ()):
        if candidate.get("description") == "Decline":
            return index
    return None


def _after(session: PhaseSession, plain: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """What phase waits for once ``plain`` is applied, and the events of applying it, read
    on a replica of the game."""
    def probe() -> tuple[dict[str, Any], list[Any]]:
        replica = session.replica()
        result = replica.apply(session.actor(), _action(plain))
        return dict(replica.waiting_for()), list(result.events)
    return session.memo(json.dumps(plain), probe)  # type: ignore[no-any-return]


def _copy_candidates(session: PhaseSession, data: dict[str, Any]) -> tuple[Option, ...] | None:
    """The permanents an optional "enter as a copy" replacement can copy: phase names them
    only after the replacement is chosen, so they are read on a replica of the game."""
    if (data.get("kind") or {}).get("type") != "OptionalBranch" or _decline_index(data) != 1:
        return None
    waiting, _events = _after(session, {"type": "ChooseReplacement", "data": {"index": 0}})
    if waiting.get("type") != "CopyTargetChoice":
        return None
    return tuple(Option(session.cid(int(n)))
                 for n in (waiting.get("data") or {}).get("valid_targets") or ())


def _cards_if_accepted(session: PhaseSession) -> tuple[tuple[Option, ...], int] | None:
    """The cards (and how many) an optional effect that takes cards from its player's hand
    would take, read on a replica where it is accepted: the cards phase then asks for, or the
    one card phase takes itself when it is the only one (phase asks nothing then).
    ``None`` for any other optional effect."""
    waiting, events = _after(session, {"type": "DecideOptionalEffect", "data": {"accept": True}})
    data = waiting.get("data") or {}
    if waiting.get("type") in CARD_PROMPTS and data.get("player") == session.actor():
        options = tuple(Option(session.cid(int(c))) for c in data.get("cards") or ())
        return options, int(data.get("count", 1))
    from_hand = [e["data"] for e in events if e.get("type") == "ZoneChanged"
                 and e["data"].get("from") == "Hand"]
    if len(from_hand) == 1:
        return (Option(session.cid(int(from_hand[0]["object_id"]))),), 1
    return None


def _action(plain: dict[str, Any]) -> Any:
    return phase.GameAction.from_dict(plain)


def target_option(session: PhaseSession, target: Any) -> Option:
    if isinstance(target, dict) and "Player" in target:
        return Option(PLAYER_OPTION_PREFIX + session.player(target["Player"]))
    if isinstance(target, dict) and "Object" in target:
        return Option(str(contract_target(session, target)))  # "p<n>.gone" once it left
    return Option(json.dumps(target))


def answer(session: PhaseSession, values: Sequence[str], given: set[int]) -> list[dict[str, Any]]:
    waiting = session.waiting()
    kind = waiting.get("type")
    data = waiting.get("data") or {}
    choice = pending_choice(session)
    if choice is None:
        raise IllegalAction("phase is not waiting for a choice")
    if not choice.open:
        offered = {o.value for o in choice.options}
        unknown = [v for v in values if v not in offered]
        if unknown or not choice.min <= len(values) <= choice.max:
            raise IllegalAction(f"{list(values)} is not an answer phase allows "
                                f"(offered: {sorted(offered)})")
    elif len(values) != 1:
        raise IllegalAction(f"phase takes one name, not {list(values)}")
    seat = session.actor()
    before = set(session.stack_ids())
    events: list[dict[str, Any]] = []
    with atomic(session):
        for action in _answer_actions(session, str(kind), data, values):
            events += session.apply(seat, action)
        if kind in TARGET_PROMPTS:  # the group's optional slots left: no target
            for _ in range(choice.max - max(len(values), 1)):
                waiting = session.waiting()
                now = waiting.get("data") or {}
                if waiting.get("type") not in TARGET_PROMPTS or \
                        now.get("source_id") != data.get("source_id") or \
                        _slot(now) <= _slot(data):  # another ability's targets
                    break
                events += session.apply(seat, {"type": "ChooseTarget", "data": {"target": None}})
    if kind in TARGET_PROMPTS:
        given.update(set(session.stack_ids()) - before)
    return events + answer_forced(session)


def answer_forced(session: PhaseSession) -> list[dict[str, Any]]:
    """phase asks how to divide an amount among a single target, which has one answer and
    which the contract does not ask (CR 601.2d): all of it to that target."""
    waiting = session.waiting()
    data = waiting.get("data") or {}
    targets = list(data.get("targets") or ())
    if waiting.get("type") != "DistributeAmong" or len(targets) != 1:
        return []
    with atomic(session):
        return session.apply(session.actor(), {"type": "DistributeAmong", "data": {
            "distribution": [[targets[0], int(data.get("total") or 0)]]}})


def _answer_actions(session: PhaseSession, kind: str, data: dict[str, Any],
                    values: Sequence[str]) -> list[dict[str, Any]]:
    if kind == "ModalFaceChoice":
        return [{"type": "ChooseModalFace", "data": {"back_face": values[0] in ("right", "back")}}]
    if kind in TARGET_PROMPTS:
        if not values:
            return [{"type": "ChooseTarget", "data": {"target": None}}]
        return [target_action(session, v) for v in values]
    if kind == "NamedChoice":
        return [{"type": "ChooseOption", "data": {"choice": values[0]}}]
    if kind in CARD_PROMPTS:
        return [{"type": "SelectCards", "data": {"cards": [session.pid(v) for v in values]}}]
    if kind == "OptionalEffectChoice":
        if _cards_if_accepted(session) is not None:
            if not values:
                return [{"type": "DecideOptionalEffect", "data": {"accept": False}}]
            accept = {"type": "DecideOptionalEffect", "data": {"accept": True}}
            if _after(session, accept)[0].get("type") not in CARD_PROMPTS:
                return [accept]  # phase takes the only card itself
            return [accept,
                    {"type": "SelectCards", "data": {"cards": [session.pid(v) for v in values]}}]
        return [{"type": "DecideOptionalEffect", "data": {"accept": values[0] == "yes"}}]
    if kind == "ReplacementChoice":
        decline = _decline_index(data)
        if decline is not None and _copy_candidates(session, data) is not None:
            if not values:
                return [{"type": "ChooseReplacement", "data": {"index": decline}}]
            return [{"type": "ChooseReplacement", "data": {"index": 0}},
                    {"type": "ChooseTarget", "data": {"target": {"Object": session.pid(values[0])}}}]
        descriptions = [str(c.get("description")) for c in data.get("candidates") or ()]
        return [{"type": "ChooseReplacement", "data": {"index": descriptions.index(values[0])}}]
    if kind == "CopyTargetChoice":
        return [{"type": "ChooseTarget", "data": {"target": {"Object": session.pid(values[0])}}}]
    if kind == "ChooseRoomDoor":
        op, door = values[0].split()
        return [{"type": "ChooseRoomDoor", "data": {
            "object_id": data.get("object_id"), "op": {"type": op.capitalize()},
            "door": door.capitalize()}}]
    if kind == "ChooseLegend":
        return [{"type": "ChooseLegend", "data": {"keep": session.pid(values[0])}}]
    if kind == "ChooseXValue":
        return [{"type": "ChooseX", "data": {"value": int(values[0])}}]
    if kind == "OrderTriggers":
        values_in_order = [o.value for o in _trigger_options(session, data)]
        return [{"type": "OrderTriggers",
                 "data": {"order": [values_in_order.index(v) for v in values]}}]
    if kind == "DistributeAmong":
        # One value per point: phase takes the counts of the targets given a share.  A
        # target given none is left out of the distribution, as a player answering phase
        # would give it (phase refuses a share of 0 written out), so that what phase does
        # with a target left without a share is what is judged (CR 601.2d).
        targets = list(data.get("targets") or ())
        options = [target_option(session, t).value for t in targets]
        return [{"type": "DistributeAmong", "data": {"distribution": [
            [target, values.count(value)] for target, value in zip(targets, options)
            if values.count(value)]}}]
    if kind == "AssignCombatDamage":
        blockers = list(data.get("blockers") or ())
        counts = {o.value: values.count(o.value) for o in _damage_options(session, data)}
        to_player = sum(n for v, n in counts.items() if v.startswith(PLAYER_OPTION_PREFIX))
        return [{"type": "AssignCombatDamage", "data": {
            "assignments": [[int(b["blocker_id"]), counts[session.cid(int(b["blocker_id"]))]]
                            for b in blockers],
            "controller_damage": 0, "mode": "Normal", "trample_damage": to_player}}]
    if kind == "ManaPayment":
        return _convoke_payment(session, values)
    raise Unsupported(f"phase waits for a {kind} prompt, which the adapter does not map")


def accepts(session: PhaseSession, values: Sequence[str]) -> bool:
    """Whether phase would take this answer to the pending choice: tried on a replica of
    the game (built by replaying the trace), the live game is not changed."""
    choice = pending_choice(session)
    if choice is None:
        return False
    waiting = session.waiting()
    if not choice.open:
        offered = {o.value for o in choice.options}
        if not (all(v in offered for v in values) and choice.min <= len(values) <= choice.max):
            return False
        if waiting.get("type") != "ManaPayment":
            return True
        try:  # convoke: whether some way of tapping them lets the payment be finished
            _convoke_payment(session, values)
        except IllegalAction:
            return False
        return True
    if len(values) != 1:
        return False
    replica = session.replica()
    try:
        for plain in _answer_actions(session, str(waiting.get("type")),
                                     waiting.get("data") or {}, values):
            replica.apply(session.actor(), _action(plain))
    except (ValueError, IllegalAction):
        return False
    return True


def _up_to_counters(node: Any) -> list[tuple[str, int]]:
    """The "put up to N counters" effects in a stack entry's ability: (counter, N)."""
    found: list[tuple[str, int]] = []
    if isinstance(node, dict):
        count = node.get("count")
        if node.get("type") == "PutCounter" and isinstance(count, dict) \
                and count.get("type") == "UpTo" and (count.get("max") or {}).get("type") == "Fixed":
            found.append((str(node.get("counter_type")), int(count["max"]["value"])))
        for value in node.values():
            found.extend(_up_to_counters(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_up_to_counters(value))
    return found


def automatic_amounts(session: PhaseSession, before: dict[int, Any],
                      raw: list[dict[str, Any]]) -> list[Event]:
    """Numbers phase chose itself: a resolved ability that puts "up to N" counters, with
    no prompt, chose how many (its controller could have chosen any of 0..N)."""
    out: list[Event] = []
    for index, event in enumerate(raw):
        data = event.get("data") or {}
        if event.get("type") != "EffectResolved" or data.get("kind") != "PutCounter":
            continue
        resolved = next((e["data"].get("object_id") for e in raw[index:]
                         if e.get("type") == "StackResolved"), None)
        item = before.get(int(resolved)) if resolved is not None else None
        added = raw[index - 1].get("data") or {} if index else {}
        if item is None or raw[index - 1].get("type") != "CounterAdded":
            continue
        for counter, most in _up_to_counters(item.get("kind")):
            if counter == added.get("counter_type"):
                choice = Choice("option", session.player(item["controller"]),
                                f"put up to {most} {counter} counters",
                                tuple(Option(str(n)) for n in range(most + 1)))
                out.append(automatic_choice(choice, [str(added.get("count"))]))
    return out


def automatic_doors(session: PhaseSession, doors_before: Callable[[], dict[int, Any]],
                    raw: list[dict[str, Any]], chosen: set[int]) -> list[Event]:
    """Doors an effect locked or unlocked without phase asking which: phase picks the door
    itself when one door can be chosen (the options are the doors that could be, from the
    Room's state before: ``doors_before()``, read only then).  Doors unlocked by the special
    action or as a Room enters, and doors the player chose (``chosen``: Rooms the action or
    answer named), are not choices of an effect."""
    entered = {int(e["data"]["object_id"]) for e in raw if e.get("type") == "ZoneChanged"
               and e["data"].get("to") == "Battlefield"}
    changed: dict[int, list[tuple[str, str]]] = {}
    for event in raw:
        if event.get("type") in ("RoomDoorUnlocked", "RoomDoorLocked"):
            data = event.get("data") or {}
            verb = "unlock" if event["type"] == "RoomDoorUnlocked" else "lock"
            changed.setdefault(int(data["object_id"]), []).append((verb, str(data["door"])))
    out: list[Event] = []
    before: dict[int, Any] | None = None
    for number, changes in changed.items():
        if number in entered or number in chosen:
            continue
        before = doors_before() if before is None else before
        unlocks = before.get(number)
        if unlocks is None or len(changes) != 1:
            continue
        verb, door = changes[0]
        could = [d for d in ("Left", "Right")
                 if bool(unlocks.get(f"{d.lower()}_unlocked")) == (verb == "lock")]
        obj = session.object_of(number) or {}
        choice = Choice("option", session.player(obj.get("controller", 0)),
                        f"{verb} a door of {obj.get('name') or 'a Room'}",
                        tuple(Option(f"{verb} {_DOOR[d]}") for d in could))
        out.append(automatic_choice(choice, [f"{verb} {_DOOR[door]}"]))
    return out


def automatic_choices(session: PhaseSession, before: set[int], given: set[int]) -> list[Event]:
    """Target choices phase made itself: every stack entry that appeared with targets no
    action or answer named.  phase does this only when exactly one legal assignment of
    targets exists, so the options are the targets it chose."""
    out: list[Event] = []
    for item in reversed(session.stack_items()):
        number = int(item["id"])
        if number in before or number in given:
            continue
        targets = stack_targets(item)
        if not targets:
            continue
        chosen = tuple(target_option(session, t).value for t in targets)
        controller = session.player(item["controller"])
        description = str(((item.get("kind") or {}).get("data") or {}).get("description")
                          or "choose targets")
        choice = Choice("target", controller, description,
                        tuple(Option(v) for v in chosen), len(chosen), len(chosen))
        out.append(automatic_choice(choice, chosen))
    return out
