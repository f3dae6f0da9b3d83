"""Mutants about triggered abilities: trigger doubling, trigger conditions, who controls a
triggered ability and the order triggers go on the stack (CR 603).

Each is a bug real engines have had: doublers that don't add up or cross over to the
other player, "whenever you cast" watchers that see copies or other players' spells,
APNAP order reversed, "another" forgotten.
"""

from __future__ import annotations

from typing import Any

from ..contract.types import Event
from ..engines.reference import effects, game, rooms, triggers
from ..engines.reference.state import StackAbility
from ..engines.reference.targets import matches
from ..format.vocabulary import Step, Zone
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

# -- trigger doubling --------------------------------------------------------------------

_additional = triggers.additional_instances
_caused_by_entering = triggers._caused_by_entering


def _doublers_do_not_stack(game_: Any, source: Any, event: Any) -> int:
    """Two trigger doublers add one instance, not two."""
    return min(_additional(game_, source, event), 1)


def _every_players_doublers(game_: Any, source: Any, event: Any) -> int:
    """A doubler applies to the triggered abilities of every player's permanents."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for _permanent, _ability, rule in game_.statics("trigger_additional_time"):
        entering = rule.get("entering") if isinstance(rule, dict) else None
        if entering and not _caused_by_entering(game_, event, tuple(entering)):
            continue
        extra += 1
    return extra


def _entering_of_anything(game_: Any, event: Any, types: tuple[str, ...]) -> bool:
    """Panharmonicon doubles triggers of any permanent entering, enchantments included."""
    return event.kind == "zone_changed" and event.data["to"] == Zone.BATTLEFIELD.value


def _source_types_checked(game_: Any, source: Any, event: Any) -> int:
    """Panharmonicon looks at the type of the permanent whose ability triggers instead of
    the one entering."""
    if source.zone is not Zone.BATTLEFIELD:
        return 0
    extra = 0
    for _permanent, _ability, rule in game_.statics("trigger_additional_time",
                                                    controller=source.controller):
        entering = rule.get("entering") if isinstance(rule, dict) else None
        if entering:
            if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
                continue
            if not set(game_.chars(source).types) & set(entering):
                continue
        extra += 1
    return extra


_statics = game.Game.statics


def _statics_of_every_face(self: Any, name: str, *, controller: str | None = None) -> Any:
    """Static abilities are read from every face of a card, whichever doors are unlocked
    or face is up (a locked Fractured Realm still doubles; a front-face-up Serah reduces
    twice)."""
    for permanent in list(self.state.permanents()):
        if controller is not None and permanent.controller != controller:
            continue
        if permanent.face_down:
            continue
        for face in self.abilities.get(permanent.copiable_card.name, ()):
            for ability in face:
                if ability.kind == "static" and name in ability.params:
                    yield permanent, ability, ability.params[name]


# -- the order and control of triggers ---------------------------------------------------

_choose_targets = triggers.choose_targets


def _putter(order: str) -> Any:
    """triggers.put_on_stack with the players' order broken."""

    def put_on_stack(game_: Any) -> Any:
        state = game_.state
        while state.pending_triggers:
            waiting, state.pending_triggers = state.pending_triggers, []
            players = state.apnap()
            if order == "reversed":
                players = players[::-1]
            elif order == "in-order":  # whoever's ability triggered first goes first
                players = list(dict.fromkeys(t.controller for t in waiting))
            for player in players:
                mine = [t for t in waiting if t.controller == player]
                ordered = yield from triggers.order_triggers(game_, player, mine)
                for trigger in ordered:
                    controller = state.active_player if order == "active-controls" else player
                    text = trigger.ability.text or "a triggered ability"
                    targets = yield from _choose_targets(
                        game_, trigger.ability.target, controller, None,
                        f"targets for {trigger.source_card.name}: {text}")
                    if targets is None:
                        game_.events.append(Event("ability_removed", {
                            "source": trigger.source, "reason": "no legal targets"}))
                        continue
                    state.stack.append(StackAbility(
                        state.new_id(), trigger.source, trigger.source_card, trigger.ability,
                        controller, targets, event=trigger.event))
    return put_on_stack


_nap_first = _putter("reversed")
_nap_first.__doc__ = ("The nonactive player's triggered abilities go on the stack first, "
                      "under the active player's.")
_in_trigger_order = _putter("in-order")
_in_trigger_order.__doc__ = ("The player whose ability triggered first puts theirs on the "
                             "stack first, active player or not (no APNAP order).")
_active_controls = _putter("active-controls")
_active_controls.__doc__ = ("Every triggered ability is controlled by the active player, "
                            "not by its source's controller.")


def _up_to_removed(game_: Any, spec: Any, you: str, given: Any, prompt: str,
                   **kwargs: Any) -> Any:
    """A triggered ability with "up to one target" is removed when nothing can be
    targeted."""
    if spec is not None and spec.up_to and given is None:
        from ..engines.reference.targets import candidates
        if not candidates(game_, spec, you, exclude=kwargs.get("exclude")):
            return None
    return (yield from _choose_targets(game_, spec, you, given, prompt, **kwargs))


# -- trigger conditions ------------------------------------------------------------------

_spell_cast = triggers.MATCHERS["spell_cast"]
_enters = triggers.MATCHERS["enters"]
_upkeep = triggers.MATCHERS["beginning_of_upkeep"]


def _cast_by_anyone(game_: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """"Whenever you cast" also triggers on other players' spells."""
    if event.kind != "spell_cast":
        return False
    spell = game_.state.objects.get(str(event.data["object"]))
    return spell is not None and matches(game_.chars(spell), params)


def _cast_of_anything(game_: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """"Whenever you cast a noncreature spell" triggers on any spell you cast."""
    if event.kind != "spell_cast":
        return False
    return not (params.get("controller") == "you" and event.data["player"] != obj.controller)


def _another_includes_itself(game_: Any, obj: Any, params: Any, event: Any,
                             ability: Any) -> bool:
    """"Whenever another creature enters" triggers when the permanent itself enters."""
    if isinstance(params, dict) and params.get("other"):
        params = {k: v for k, v in params.items() if k != "other"}
    return bool(_enters(game_, obj, params, event, ability))


def _enters_under_anyones_control(game_: Any, obj: Any, params: Any, event: Any,
                                  ability: Any) -> bool:
    """"Whenever an enchantment you control enters" triggers for other players'
    enchantments."""
    if isinstance(params, dict) and params.get("controller") == "you":
        params = {k: v for k, v in params.items() if k != "controller"}
    return bool(_enters(game_, obj, params, event, ability))


def _face_down_enters_unseen(game_: Any, obj: Any, params: Any, event: Any,
                             ability: Any) -> bool:
    """A face-down creature entering doesn't trigger "whenever another creature enters"."""
    if event.kind == "zone_changed" and params != "this":
        entering = game_.state.objects.get(str(event.data.get("new_object")))
        if entering is not None and entering.face_down:
            return False
    return bool(_enters(game_, obj, params, event, ability))


_change_door = rooms.change_door_by_effect


def _effect_unlock_unseen(game_: Any, obj: Any, player: str, **kwargs: Any) -> Any:
    """A door unlocked by an effect (not the special action) doesn't trigger "when you
    unlock this door"."""
    saved = game_.emit

    def emit(kind: str, **data: Any) -> Any:
        if kind == "door_unlocked":
            event = Event(kind, data)
            game_.events.append(event)
            return event
        return saved(kind, **data)
    game_.emit = emit
    try:
        yield from _change_door(game_, obj, player, **kwargs)
    finally:
        del game_.emit


def _every_upkeep(game_: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """"At the beginning of your upkeep" triggers at every player's upkeep."""
    return event.kind == "step_began" and event.data["step"] == Step.UPKEEP.value


_copy_spell = effects.EFFECTS["copy_spell"]


def _copy_is_cast(game_: Any, ctx: Any, params: Any) -> Any:
    """A copy of a spell put on the stack counts as cast: "whenever you cast" sees it."""
    before = {item.id for item in game_.state.stack}
    yield from _copy_spell(game_, ctx, params)
    for item in list(game_.state.stack):
        if item.id not in before:
            game_.emit("spell_cast", object=item.id, player=ctx.controller)


_cast_copy = effects.cast_copy


def _cast_copy_unseen(game_: Any, player: str, card_id: str) -> Any:
    """A copy cast without paying its mana cost doesn't count as cast."""
    saved = game_.emit

    def emit(kind: str, **data: Any) -> Any:
        if kind == "spell_cast":
            return Event(kind, data)
        return saved(kind, **data)
    game_.emit = emit
    try:
        yield from _cast_copy(game_, player, card_id)
    finally:
        del game_.emit


WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "doublers-do-not-stack": (
        [(triggers, "additional_instances", _doublers_do_not_stack)], set()),
    "doubler-applies-to-every-players-permanents": (
        [(triggers, "additional_instances", _every_players_doublers)], set()),
    "panharmonicon-doubles-any-permanent-entering": (
        [(triggers, "_caused_by_entering", _entering_of_anything)], set()),
    "panharmonicon-checks-the-source-not-the-entering-permanent": (
        [(triggers, "additional_instances", _source_types_checked)], set()),
    "statics-of-every-face": (
        [(game.Game, "statics", _statics_of_every_face)], set()),
    "nonactive-player-triggers-first": (
        [(triggers, "put_on_stack", _nap_first)], set()),
    "triggers-in-trigger-order": (
        [(triggers, "put_on_stack", _in_trigger_order)], set()),
    "active-player-controls-every-trigger": (
        [(triggers, "put_on_stack", _active_controls)], set()),
    "up-to-one-target-trigger-removed": (
        [(triggers, "choose_targets", _up_to_removed)], set()),
    "cast-trigger-on-other-players-spells": (
        [(triggers.MATCHERS, "spell_cast", _cast_by_anyone)], set()),
    "cast-trigger-ignores-spell-types": (
        [(triggers.MATCHERS, "spell_cast", _cast_of_anything)], set()),
    "another-includes-itself": (
        [(triggers.MATCHERS, "enters", _another_includes_itself)], set()),
    "you-control-ignored-for-enters": (
        [(triggers.MATCHERS, "enters", _enters_under_anyones_control)], set()),
    "face-down-entering-unseen": (
        [(triggers.MATCHERS, "enters", _face_down_enters_unseen)], set()),
    "door-unlocked-by-an-effect-triggers-nothing": (
        [(rooms, "change_door_by_effect", _effect_unlock_unseen)], set()),
    "upkeep-trigger-every-upkeep": (
        [(triggers.MATCHERS, "beginning_of_upkeep", _every_upkeep)], set()),
    "spell-copy-counts-as-cast": (
        [(effects.EFFECTS, "copy_spell", _copy_is_cast)], set()),
    "cast-copy-not-counted-as-cast": (
        [(effects, "cast_copy", _cast_copy_unseen)], set()),
}

MECHANISMS = {
    "doublers-do-not-stack": "trigger-doubling",
    "doubler-applies-to-every-players-permanents": "trigger-doubling",
    "panharmonicon-doubles-any-permanent-entering": "trigger-doubling",
    "panharmonicon-checks-the-source-not-the-entering-permanent": "trigger-doubling",
    "statics-of-every-face": "rooms",
    "nonactive-player-triggers-first": "trigger-order",
    "triggers-in-trigger-order": "trigger-order",
    "active-player-controls-every-trigger": "trigger-order",
    "spell-copy-counts-as-cast": "spell-copies",
    "cast-copy-not-counted-as-cast": "spell-copies",
}

MUTANTS = table("triggers", FOLDERS, WRONG, mechanisms=MECHANISMS, kills=KILLS)
