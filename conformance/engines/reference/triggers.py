"""Triggered abilities: noticing that they trigger, how many times, and putting them on
the stack the next time a player would receive priority (CR 603).

An ability triggers once per event however many of its trigger conditions the event
meets.  Effects such as "that ability triggers an additional time" add instances
(CR 603.2d); each instance is its own ability, with its own targets, and not a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...contract.types import Choice, Event, Option
from ...format.vocabulary import Door, Step, Zone
from .abilities import Ability
from .characteristics import DOOR_INDEX, Characteristics
from .dividing import announce, record
from .game import Flow, Game
from .state import GameObject, PendingTrigger, StackAbility
from .targets import choose_targets, label, matches

#: A matcher says how many times an event triggers an ability (0: not at all).
Matcher = Callable[[Game, GameObject, Any, Event, Ability], int]


def _this_door(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    return (event.kind == "door_unlocked" and event.data["object"] == obj.id
            and DOOR_INDEX[Door(str(event.data["door"]))] == ability.face)


def _fully_unlocked(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    return event.kind == "room_fully_unlocked" and event.data["player"] == obj.controller


def _enters(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return entering_id == obj.id
    entering = game.state.objects.get(str(entering_id))
    if entering is None:
        return False
    if params.get("controller") == "you" and entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), params)


def _turned_face_up(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    return event.kind == "turned_face_up" and event.data["object"] == obj.id


def _beginning_of_combat(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    return (event.kind == "step_began" and event.data["step"] == Step.BEGINNING_OF_COMBAT.value
            and game.state.active_player == obj.controller)


def _beginning_of_upkeep(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    return (event.kind == "step_began" and event.data["step"] == Step.UPKEEP.value
            and game.state.active_player == obj.controller)


def _spell_cast(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    """``{controller: you, ...filter}``: whenever a player casts a matching spell."""
    if event.kind != "spell_cast":
        return False
    if params.get("controller") == "you" and event.data["player"] != obj.controller:
        return False
    spell = game.state.objects.get(str(event.data["object"]))
    return spell is not None and matches(game.chars(spell), params)


def _chapter(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> int:
    """Chapter N: lore counters went from fewer than N to at least N (CR 714.2b); an
    ability for several chapters triggers once for each chapter passed."""
    if event.kind != "counters_added" or event.data["object"] != obj.id:
        return 0
    if event.data["counter"] != "lore":
        return 0
    before, after = int(str(event.data["before"])), int(str(event.data["after"]))
    chapters = params if isinstance(params, list) else [params]
    return sum(1 for n in chapters if before < int(n) <= after)


def _combat_damage(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    """``this``: this creature deals combat damage to a player; ``{by:
    creatures_you_control}``: one or more creatures you control do, once per combat damage
    step and player (CR 510.3a)."""
    if params == "this":
        return event.kind == "combat_damage_to_player" and event.data["source"] == obj.id
    return (event.kind == "creatures_dealt_combat_damage"
            and event.data["controller"] == obj.controller)


def _attacks(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    """``this``: whenever this creature attacks; a filter with ``controller: you`` and
    ``other``: whenever a matching creature attacks (CR 508.3a)."""
    if event.kind != "attacks":
        return False
    attacker = str(event.data["object"])
    if params == "this":
        return attacker == obj.id
    found = game.state.objects.get(attacker)
    return found is not None and _filter_ok(game, obj, params, found, game.chars(found))


def _you_attack(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
    """Whenever you attack: you declare one or more attackers (once per combat)."""
    return event.kind == "attackers_declared" and event.data["player"] == obj.controller


def _filter_ok(game: Game, obj: GameObject, params: Any, other: GameObject,
               chars: Characteristics) -> bool:
    if params.get("controller") == "you" and other.controller != obj.controller:
        return False
    if params.get("controller") == "opponent" and other.controller == obj.controller:
        return False
    if params.get("other") and other.id == obj.id:
        return False
    return matches(chars, params)


def _leaves(to: Zone | None) -> Matcher:
    """``dies`` (to: graveyard) and ``leaves_battlefield`` (to anywhere): ``this``, or a
    filter over the permanent as it last existed on the battlefield (CR 603.10a)."""

    def matcher(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
        if event.kind != "zone_changed" or event.data["from"] != Zone.BATTLEFIELD.value:
            return False
        if to is not None and event.data["to"] != to.value:
            return False
        left = str(event.data["object"])
        if params == "this":
            return left == obj.id
        known = game.departed.get(left)
        return known is not None and _filter_ok(game, obj, params, known[0], known[1])
    return matcher


def _put_into_graveyard(game: Game, obj: GameObject, params: Any, event: Event,
                        ability: Ability) -> bool:
    """``this``: this card is put into a graveyard from anywhere."""
    return (event.kind == "zone_changed" and event.data["to"] == Zone.GRAVEYARD.value
            and obj.id in (event.data["object"], event.data["new_object"]))


def _beginning_of(step: Step) -> Matcher:
    """``you`` (default): at the beginning of your step; ``each``: of each player's."""

    def matcher(game: Game, obj: GameObject, params: Any, event: Event, ability: Ability) -> bool:
        if event.kind != "step_began" or event.data["step"] != step.value:
            return False
        return params == "each" or game.state.active_player == obj.controller
    return matcher


MATCHERS: dict[str, Matcher] = {
    "door_unlocked": _this_door,
    "room_fully_unlocked": _fully_unlocked,
    "enters": _enters,
    "turned_face_up": _turned_face_up,
    "beginning_of_combat": _beginning_of_combat,
    "beginning_of_upkeep": _beginning_of_upkeep,
    "spell_cast": _spell_cast,
    "chapter": _chapter,
    "combat_damage_to_player": _combat_damage,
    "attacks": _attacks,
    "you_attack": _you_attack,
    "dies": _leaves(Zone.GRAVEYARD),
    "leaves_battlefield": _leaves(None),
    "put_into_graveyard": _put_into_graveyard,
    "beginning_of_end_step": _beginning_of(Step.END),
    "beginning_of_precombat_main": _beginning_of(Step.PRECOMBAT_MAIN),
    "beginning_of_draw_step": _beginning_of(Step.DRAW),
}
#: Events whose abilities look back in time: they trigger from a permanent that has just
#: left the battlefield, as it last existed (CR 603.10a).
LOOKS_BACK = frozenset({"dies", "leaves_battlefield", "put_into_graveyard"})


def additional_instances(game: Game, source: GameObject, event: Event) -> int:
    """How many extra times a triggered ability of ``source`` triggers (CR 603.2d).  For a
    permanent leaving the battlefield, the statics of permanents that left with it count too,
    as they last existed (CR 603.10a): "if this leaves at the same time as other creatures,
    its ability applies to abilities that trigger on those creatures dying"."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for rule in _additional_time_rules(game, source.controller, event):
        entering = rule.get("entering") if isinstance(rule, dict) else None
        if entering and not _caused_by_entering(game, event, tuple(entering)):
            continue
        dying = rule.get("dying") if isinstance(rule, dict) else None
        if dying and not _caused_by_dying(game, event, tuple(dying)):
            continue
        extra += 1
    return extra


def _additional_time_rules(game: Game, controller: str, event: Event) -> list[Any]:
    rules = [rule for _permanent, _ability, rule
             in game.statics("trigger_additional_time", controller=controller)]
    if event.kind == "zone_changed" and event.data["from"] == Zone.BATTLEFIELD.value:
        for obj, chars in game.departed.values():
            if obj.id in game.state.objects or obj.controller != controller:
                continue
            rules.extend(a.params["trigger_additional_time"] for a in chars.ability_defs
                         if a.kind == "static" and "trigger_additional_time" in a.params)
    return rules


def _caused_by_dying(game: Game, event: Event, types: tuple[str, ...]) -> bool:
    """A permanent of one of ``types`` dying: put into a graveyard from the battlefield,
    with its types as it last existed there (CR 700.4, 603.10a)."""
    if event.kind != "zone_changed" or event.data["from"] != Zone.BATTLEFIELD.value \
            or event.data["to"] != Zone.GRAVEYARD.value:
        return False
    departed = game.departed.get(str(event.data["object"]))
    return departed is not None and bool(set(departed[1].types) & set(types))


def _caused_by_entering(game: Game, event: Event, types: tuple[str, ...]) -> bool:
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering = game.state.objects.get(str(event.data["new_object"]))
    return entering is not None and bool(set(game.chars(entering).types) & set(types))


def check(game: Game, event: Event) -> None:
    """Record every triggered ability that ``event`` triggers."""
    _delayed(game, event)
    for obj, chars, departed in _sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(name in LOOKS_BACK for name, _ in ability.events):
                continue
            times = max((MATCHERS[name](game, obj, params, event, ability)
                         for name, params in ability.events), default=0)
            if not times:
                continue
            if ability.condition and not condition_holds(game, obj.controller, obj.id,
                                                         ability.condition):
                continue  # an intervening "if" clause is false: it doesn't trigger (CR 603.4)
            for _ in range(int(times) * (1 + additional_instances(game, obj, event))):
                game.state.pending_triggers.append(
                    PendingTrigger(obj.id, obj.copiable_card, ability, obj.controller,
                                   dict(event.data, kind=event.kind))
                )
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


def _sources(game: Game, event: Event) -> list[tuple[GameObject, Characteristics, bool]]:
    """What may trigger on ``event``: the permanents, and for a zone change the permanents
    that just left the battlefield (as they last existed) and the card put into a
    graveyard (its "from anywhere" ability); ``True`` marks those not on the battlefield.
    Only their abilities are looked at: the characteristics are ``Game.with_abilities``."""
    found = [(obj, game.with_abilities(obj), False) for obj in list(game.state.permanents())]
    if event.kind != "zone_changed":
        return found
    found.extend((obj, chars, True) for obj, chars in game.departed.values()
                 if obj.id not in game.state.objects)
    new = game.state.objects.get(str(event.data.get("new_object")))
    if new is not None and new.zone is Zone.GRAVEYARD and event.data["from"] != Zone.BATTLEFIELD.value:
        found.append((new, game.with_abilities(new), True))
    return found


def _delayed(game: Game, event: Event) -> None:
    """Delayed triggered abilities whose moment has come (CR 603.7)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if delayed.step != event.data["step"] or state.active_player != delayed.controller:
            continue
        state.delayed.remove(delayed)
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


def condition_holds(game: Game, you: str, source_id: str, condition: Any) -> bool:
    """Intervening-if conditions from card data, e.g. ``{control: {count: 2, ...}}``."""
    rule = condition.get("control") if isinstance(condition, dict) else None
    if rule is None:
        return True
    count = sum(
        1 for obj in game.state.permanents()
        if obj.controller == you and not (rule.get("other") and obj.id == source_id)
        and matches(game.chars(obj), rule)
    )
    return count >= int(rule.get("count", 1))


def put_on_stack(game: Game) -> Flow:
    """Put waiting triggered abilities on the stack, active player's first, each player's
    in the order they choose (CR 603.3b)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from order_triggers(game, player, mine)
            for trigger in ordered:
                text = trigger.ability.text or "a triggered ability"
                targets = yield from choose_targets(
                    game, trigger.ability.target, player, None,
                    f"targets for {trigger.source_card.name}: {text}")
                if targets is None:
                    game.events.append(Event("ability_removed", {
                        "source": trigger.source, "reason": "no legal targets"}))
                    continue
                division = yield from announce(game, player, trigger.ability, targets, text)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets, event=trigger.event)
                state.stack.append(item)
                record(game, item.id, division)


def order_triggers(game: Game, player: str, waiting: list[PendingTrigger]) -> Flow:
    """The order ``player`` puts their waiting triggered abilities on the stack in
    (CR 603.3b), first put first.  Instances with the same source and text are
    interchangeable, so the player is asked only when the abilities differ: an ``order``
    choice with one option per distinct ability, its value the source's object id
    (``<id>/<n>`` for the n-th ability, printed order, when one source has several), its
    label ``<source name>: <text>``; every option must be chosen, in order."""
    groups: dict[tuple[str, str], list[PendingTrigger]] = {}
    for trigger in waiting:
        groups.setdefault((trigger.source, trigger.ability.text), []).append(trigger)
    if len(groups) < 2:
        return waiting
    sources = [source for source, _text in groups]
    options = []
    for (source, text), instances in groups.items():
        ability = instances[0].ability
        value = source if sources.count(source) == 1 else f"{source}/{ability.index + 1}"
        obj = game.state.objects.get(source)
        name = label(game, source) if obj is not None else instances[0].source_card.name
        options.append(Option(value, f"{name}: {text or 'a triggered ability'}"))
    chosen = yield Choice("order", player, "order your triggered abilities (the first goes "
                          "on the stack first)", tuple(options), len(options), len(options))
    by_value = dict(zip((o.value for o in options), groups.values()))
    return [trigger for value in chosen for trigger in by_value[value]]
