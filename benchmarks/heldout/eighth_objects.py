"""Held-out bugs, eighth batch: counters, zone and face changes, Rooms, triggered abilities,
durations and continuous effects, tokens and copies -- every stun counter removed by one
untap (CR 122.1d), +1/+1 and -1/-1 counters annihilated from one kind only (CR 704.5q); a
copy effect kept by a card that left the battlefield (CR 400.7, 707.2), a transformed
permanent that can't transform back (CR 701.27a); a door unlocked in another player's turn
(CR 709.5e, 116.2m); an intervening "if" count off by one (CR 603.4), a delayed triggered
ability triggering again (CR 603.7c); damage wearing off the active player's permanents only
(CR 514.2), an Aura's bonus for each creature of its controller (CR 303.4, 611.3a); a token
named after its card types (CR 111.4)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Event, Unlock
from conformance.engines.reference import (
    characteristics, effects, rooms, triggers, turn,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    Characteristics, _matches, _per_card_power, _printed, can_transform,
)
from conformance.engines.reference.effects import Context
from conformance.engines.reference.exile_to_play import end_permissions
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import GameObject, GameState, PendingTrigger
from conformance.engines.reference.targets import matches
from conformance.errors import IllegalAction, Location
from conformance.format.cards import Card, CardFace
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


# -- counters --------------------------------------------------------------------------------

def untap_removing_every_stun_counter(self: GameObject) -> None:
    """A permanent with stun counters that would untap has all of them removed at once and
    stays tapped: two stun counters keep it tapped for one untap only (CR 122.1d: one stun
    counter is removed instead)."""
    if not self.tapped:
        return
    stun = self.counters.get("stun", 0)
    if stun:
        del self.counters["stun"]
        return
    self.tapped = False


def sba_annihilating_plus_counters_only(game: Game) -> bool:
    """+1/+1 and -1/-1 counters on one permanent are removed in pairs from the +1/+1
    counters only: the -1/-1 counters stay and eat the rest (CR 704.5q: N of each kind)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)
        elif turn._saga_is_done(game, obj, chars):
            doomed.append(obj)
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:
            obj.counters["+1/+1"] -= pairs
            for kind in ("+1/+1", "-1/-1"):
                if not obj.counters[kind]:
                    del obj.counters[kind]
            annihilated = True
    losers = [p for p in state.players if not p.lost
              and (p.life <= 0 or p.drew_from_empty_library)]
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


# -- zone and face changes -------------------------------------------------------------------

def state_move_keeping_copy_effects(self: GameState, obj: GameObject, zone: Zone, *,
                                    controller: str | None = None) -> GameObject | None:
    """A card keeps the copy effect it had on the battlefield when it changes zones: a Clone
    that copied a Bear is a Bear in its owner's graveyard (CR 400.7, 707.2: a new object,
    with its own card's characteristics)."""
    self._remove(obj)
    del self.objects[obj.id]
    ceases = (obj.is_spell_copy or obj.token) and zone is not Zone.BATTLEFIELD
    if ceases:
        return None
    if controller is None:
        controller = obj.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner
    new = GameObject(self.new_id(), obj.card, obj.owner, controller, zone, self.tick(),
                     token=obj.token or obj.is_spell_copy, copy=obj.copy)
    self.objects[new.id] = new
    self._place(new, None)
    return new


def transform_to_the_back_face(game: Game, ctx: Context, params: Any) -> Flow:
    """"Transform" always turns the back face up: a transformed permanent told to transform
    stays as it is (CR 701.27a: it turns over to its other face)."""
    for obj in effects._objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = True
            game.emit("transformed", object=obj.id)
    yield from ()


# -- Rooms -----------------------------------------------------------------------------------

def unlock_refused_early_any_turn(game: Game, action: Unlock) -> GameObject:
    """Unlocking a door checks the phase and the stack, not whose turn it is: a Room's
    controller can unlock a door in another player's main phase (CR 709.5e, 116.2m: their
    own main phase)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only a Room on the battlefield can be unlocked")
    if not obj.copiable_card.is_room or obj.face_down:
        raise IllegalAction(f"{obj.card.name} has no doors")
    if obj.controller != action.player:
        raise IllegalAction("only the Room's controller can unlock its doors")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if not state.step.is_main_phase:
        raise IllegalAction("doors can be unlocked only in a main phase of your turn")
    if state.stack:
        raise IllegalAction("doors can be unlocked only while the stack is empty")
    if action.door in obj.unlocked:
        raise IllegalAction(f"the {action.door.value} door is already unlocked")
    return obj


# -- triggered abilities ---------------------------------------------------------------------

def condition_holds_counting_more_than(game: Game, you: str, source_id: str,
                                       condition: Any) -> bool:
    """An intervening "if you control N or more" counts more than N: "if you control two or
    more creatures" is false with exactly two (CR 603.4)."""
    rule = condition.get("control") if isinstance(condition, dict) else None
    if rule is None:
        return True
    count = sum(
        1 for obj in game.state.permanents()
        if obj.controller == you and not (rule.get("other") and obj.id == source_id)
        and matches(game.chars(obj), rule)
    )
    return count > int(rule.get("count", 1))


def delayed_kept_after_triggering(game: Game, event: Event) -> None:
    """A delayed triggered ability stays after it triggers: "at the beginning of the next end
    step" triggers at each of its controller's end steps (CR 603.7c: only once)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if delayed.step != event.data["step"] or state.active_player != delayed.controller:
            continue
        ability = Ability("triggered", 0, -1, {}, effects=delayed.effects,
                          text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


# -- durations and continuous effects --------------------------------------------------------

def cleanup_of_the_active_players_permanents(game: Game) -> None:
    """In the cleanup step damage wears off the active player's permanents only: a creature
    damaged in its opponent's turn keeps the damage into its own turn (CR 514.2: all
    permanents)."""
    for obj in game.state.permanents():
        if obj.controller != game.state.active_player:
            continue
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    end_permissions(game)


def power_and_toughness_aura_for_its_controllers_creatures(
        game: GameState, obj: GameObject, base: Characteristics,
        abilities: Any) -> tuple[int, int]:
    """An Aura's "enchanted creature gets +N/+N" is given to every creature its controller
    controls, not only the one it enchants (CR 303.4, 611.3a: the enchanted permanent)."""
    assert base.power is not None
    power, toughness = base.power, base.toughness or 0
    power += _per_card_power(game, obj, base, abilities)
    for source in game.permanents():
        statics = tuple(a for a in _printed(source, abilities) if a.kind == "static")
        for ability in statics:
            bonus = ability.params.get("enchanted_gets")
            if bonus and source.controller == obj.controller:
                power += int(bonus.get("power", 0))
                toughness += int(bonus.get("toughness", 0))
            anthem = ability.params.get("anthem")
            if anthem and source.controller == obj.controller and _matches(base, anthem):
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    for effect in sorted(game.effects, key=lambda e: e.timestamp):
        if effect.object == obj.id:
            power += effect.power
            toughness += effect.toughness
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    return power + plus, toughness + plus


# -- tokens ----------------------------------------------------------------------------------

def token_card_named_after_its_types(params: Any) -> Card:
    """A token the effect does not name is named after its card types: a 1/1 Soldier
    creature token is a "Creature Token" (CR 111.4: its subtypes plus "Token")."""
    types = tuple(params.get("types") or ("Creature",))
    subtypes = tuple(params.get("subtypes") or ())
    name = str(params["name"]) if "name" in params else " ".join(types + ("Token",))
    face = CardFace(
        name=name, mana_cost=None, type_line=" ".join(types), types=types, subtypes=subtypes,
        supertypes=(), text="", power=str(params.get("power")) if "power" in params else None,
        toughness=str(params.get("toughness")) if "toughness" in params else None,
        colors=tuple(params.get("colors") or ()), color_indicator=tuple(params.get("colors") or ()),
        keywords=tuple(params.get("keywords") or ()), side=None, rules=(), raw={},
    )
    return Card(name, "token", (face,), tuple(params.get("colors") or ()), Location("<token>"))


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("untap-removes-every-stun-counter", "counters",
        "https://github.com/phase-rs/phase/issues/676",
        _doc(untap_removing_every_stun_counter),
        (GameObject, "untap", untap_removing_every_stun_counter)),
    bug("counters-annihilated-from-one-kind", "counters",
        "https://github.com/phase-rs/phase/pull/5663",
        _doc(sba_annihilating_plus_counters_only),
        (turn, "state_based_actions", sba_annihilating_plus_counters_only)),
    bug("copy-effect-kept-off-the-battlefield", "zones",
        "https://github.com/wingedsheep/argentum-engine/pull/166",
        _doc(state_move_keeping_copy_effects),
        (GameState, "move", state_move_keeping_copy_effects)),
    bug("transformed-permanent-cannot-transform-back", "transform",
        "https://github.com/magarena/magarena/issues/723",
        _doc(transform_to_the_back_face),
        (effects.EFFECTS, "transform", transform_to_the_back_face)),
    bug("door-unlocked-in-another-players-turn", "rooms",
        "https://github.com/Card-Forge/forge/issues/6033",
        _doc(unlock_refused_early_any_turn),
        (rooms, "unlock_refused_early", unlock_refused_early_any_turn)),
    bug("intervening-if-count-off-by-one", "triggers",
        "https://github.com/Card-Forge/forge/issues/7087",
        _doc(condition_holds_counting_more_than),
        (triggers, "condition_holds", condition_holds_counting_more_than),
        (effects, "condition_holds", condition_holds_counting_more_than)),
    bug("delayed-trigger-triggers-again", "triggers",
        "https://github.com/magefree/mage/issues/12932",
        _doc(delayed_kept_after_triggering), (triggers, "_delayed", delayed_kept_after_triggering)),
    bug("damage-wears-off-active-players-permanents-only", "durations",
        "https://github.com/magarena/magarena/issues/131",
        _doc(cleanup_of_the_active_players_permanents),
        (turn, "_cleanup", cleanup_of_the_active_players_permanents)),
    bug("aura-bonus-for-each-creature-of-its-controller", "continuous-effects",
        "https://github.com/magefree/mage/issues/867",
        _doc(power_and_toughness_aura_for_its_controllers_creatures),
        (characteristics, "_power_and_toughness",
         power_and_toughness_aura_for_its_controllers_creatures)),
    bug("token-named-after-its-types", "tokens",
        "https://github.com/magarena/magarena/issues/1303",
        _doc(token_card_named_after_its_types),
        (effects, "token_card", token_card_named_after_its_types)),
]

_ = (Characteristics, Card)
