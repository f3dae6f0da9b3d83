"""Held-out bugs, third batch: who controls a triggered ability (CR 603.3a), the filters of
"enters" and "whenever you cast" abilities (CR 603.2, 603.4), what a conditional trigger
doubler looks at (CR 603.2d) and effects that follow an object to a new zone (CR 400.7,
611.2c)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import Event
from conformance.engines.reference import triggers
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.game import Game
from conformance.engines.reference.state import GameObject, GameState, PendingTrigger
from conformance.engines.reference.targets import matches
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_MOVE = GameState.move
_SPELL_CAST = triggers.MATCHERS["spell_cast"]


def check_controlled_by_active_player(game: Game, event: Event) -> None:
    """A triggered ability is controlled by the active player, whose turn it is, instead
    of by the player who controlled its source when it triggered (CR 603.3a)."""
    triggers._delayed(game, event)
    for obj, chars, departed in triggers._sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(name in triggers.LOOKS_BACK for name, _ in ability.events):
                continue
            times = max((triggers.MATCHERS[name](game, obj, params, event, ability)
                         for name, params in ability.events), default=0)
            if not times:
                continue
            if ability.condition and not triggers.condition_holds(
                    game, obj.controller, obj.id, ability.condition):
                continue
            controller = game.state.active_player
            for _ in range(int(times) * (1 + triggers.additional_instances(game, obj, event))):
                game.state.pending_triggers.append(PendingTrigger(
                    obj.id, obj.copiable_card, ability, controller,
                    dict(event.data, kind=event.kind)))
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


def _enters(*, check_other: bool = True, check_controller: bool = True) -> triggers.Matcher:
    def matcher(game: Game, obj: GameObject, params: Any, event: Event,
                ability: Ability) -> bool:
        if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
            return False
        entering_id = event.data["new_object"]
        if params == "this":
            return entering_id == obj.id
        entering = game.state.objects.get(str(entering_id))
        if entering is None:
            return False
        if check_controller and params.get("controller") == "you" \
                and entering.controller != obj.controller:
            return False
        if check_other and params.get("other") and entering.id == obj.id:
            return False
        return matches(game.chars(entering), params)
    return matcher


_ENTERS_ITSELF = _enters(check_other=False)
_ENTERS_ITSELF.__doc__ = ("\"Whenever another creature you control enters\" also triggers "
                          "when the permanent with the ability enters itself (CR 603.2, "
                          "\"another\").")
_ENTERS_ANYONES = _enters(check_controller=False)
_ENTERS_ANYONES.__doc__ = ("\"Whenever a creature you control enters\" triggers when a "
                           "creature enters under any player's control, an opponent's too.")


def spell_cast_by_anyone(game: Game, obj: GameObject, params: Any, event: Event,
                         ability: Ability) -> bool:
    """"Whenever you cast a spell" triggers whenever any player casts a spell: the caster
    in the trigger condition is ignored."""
    if isinstance(params, dict) and params.get("controller") == "you":
        params = {k: v for k, v in params.items() if k != "controller"}
    return bool(_SPELL_CAST(game, obj, params, event, ability))


def caused_by_any_permanent_entering(game: Game, event: Event, types: tuple[str, ...]) -> bool:
    """A doubler limited to "an artifact or creature entering" doubles the abilities that
    any permanent entering causes to trigger, a land or an enchantment too: the types of
    the entering permanent are not checked (CR 603.2d)."""
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    return game.state.objects.get(str(event.data["new_object"])) is not None


def move_keeping_effects(self: GameState, obj: GameObject, zone: Zone, *,
                         controller: str | None = None) -> GameObject | None:
    """An "until end of turn" effect on a permanent keeps applying to it after it leaves
    the battlefield and comes back: the effect follows the card to its new object
    (CR 400.7, 611.2c)."""
    new = _MOVE(self, obj, zone, controller=controller)
    if new is not None:
        self.effects = [replace(e, object=new.id) if e.object == obj.id else e
                        for e in self.effects]
    return new


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("trigger-controlled-by-active-player", "triggers",
        "https://github.com/magefree/mage/issues/6806",
        _doc(check_controlled_by_active_player),
        (triggers, "check", check_controlled_by_active_player)),
    bug("another-includes-itself", "triggers", "https://github.com/Card-Forge/forge/issues/3457",
        _doc(_ENTERS_ITSELF), (triggers.MATCHERS, "enters", _ENTERS_ITSELF)),
    bug("enters-you-any-controller", "triggers", "https://github.com/magefree/mage/issues/2806",
        _doc(_ENTERS_ANYONES), (triggers.MATCHERS, "enters", _ENTERS_ANYONES)),
    bug("you-cast-any-caster", "triggers", "https://github.com/phase-rs/phase/issues/1311",
        _doc(spell_cast_by_anyone), (triggers.MATCHERS, "spell_cast", spell_cast_by_anyone)),
    bug("entry-doubler-any-permanent-type", "trigger-doubling",
        "https://github.com/phase-rs/phase/issues/1157",
        _doc(caused_by_any_permanent_entering),
        (triggers, "_caused_by_entering", caused_by_any_permanent_entering)),
    bug("effect-follows-card-to-new-object", "durations",
        "https://github.com/magefree/mage/issues/790",
        _doc(move_keeping_effects), (GameState, "move", move_keeping_effects)),
]
