"""Factories of mutants for ``--engine wrong_engines:<factory>`` in end-to-end tests."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.contract.types import Cast, Choice, Event, Option
from conformance.errors import IllegalAction
from conformance.engines.reference import (
    ReferenceEngine, casting, combat, damage, effects, entering, life, state, triggers, turn,
)
from conformance.engines.reference import game as game_module
from conformance.engines.reference import targets as targets_module
from conformance.engines.reference import characteristics as characteristics_module
from conformance.engines.reference import lands as lands_module
from conformance.engines.reference import rooms as rooms_module
from conformance.engines.reference.characteristics import characteristics, is_permanent_card
from conformance.format.vocabulary import Zone
from conformance.mutants import MutantEngine, Patch, create

_MOVE = state.GameState.move
_RESOLVE_SPELL = turn._resolve_spell
_RESOLVE_TOP = turn.resolve_top
_FLOW = ReferenceEngine._flow
_DEAL_DAMAGE = damage.deal_damage
_KEYWORDS = casting._keywords
_SOURCES = triggers._sources
_DIES = triggers.MATCHERS["dies"]
_CLEANUP = turn._cleanup
_DECLARE_BLOCKERS = combat.declare_blockers
_STATE_BASED_ACTIONS = turn.state_based_actions
_ACTIVATE = casting.activate
_REFUSED_EARLY = casting.activation_refused_early
_CAST_REFUSED_EARLY = casting.cast_refused_early


def room_one_door_off_battlefield() -> MutantEngine:
    """A Room card outside the stack and battlefield has only its first door's values."""
    return create("room-one-door-off-battlefield")


# -- engines with one wrong rule each, for the properties written from the Comprehensive Rules


def _patched(name: str, patches: list[Patch]) -> MutantEngine:
    return MutantEngine(name, patches)


def _following_move(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """GameState.move, remembering the object each moved object became (a new dict each
    time, so that a probe's copy of the state never changes the game's)."""
    new = _MOVE(self, obj, zone, **kwargs)
    if new is not None:
        self.__dict__["followed"] = {**self.__dict__.get("followed", {}), obj.id: new.id}
    return new


def _targets_followed(game: Any, spec: Any, ctx: Any) -> tuple[str, ...]:
    """Targets are not checked as a spell or ability resolves: each one is the object its
    card is now, wherever it went (an engine whose objects keep their identity across
    zones)."""
    if spec is None:
        return ()
    followed = game.state.__dict__.get("followed", {})
    found = []
    for target in ctx.targets:
        while target in followed:
            target = followed[target]
        if target in game.state.objects or str(target).startswith("player:"):
            found.append(target)
    return tuple(found)


def targets_follow_their_card() -> MutantEngine:
    """A spell or ability acts on the card its target became after it changed zones."""
    return _patched("targets-follow-their-card", [
        (state.GameState, "move", _following_move),
        (effects, "legal_now", _targets_followed), (turn, "legal_now", _targets_followed)])


def _resolve_spell_without_recheck(game: Any, spell: Any) -> Any:
    """turn._resolve_spell for a permanent spell whose targets are all illegal: it enters
    anyway (an Aura whose creature left)."""
    chars = game.chars(spell)
    if spell.targets and is_permanent_card(chars):
        spell.targets = ()
    return (yield from _RESOLVE_SPELL(game, spell))


def permanent_spell_with_illegal_target_resolves() -> MutantEngine:
    """An Aura spell whose target left the battlefield resolves and enters anyway."""
    return _patched("permanent-spell-with-illegal-target-resolves", [
        (turn, "_resolve_spell", _resolve_spell_without_recheck)])


def _flow_then_active_player(self: Any, action: Any) -> Any:
    """ReferenceEngine._flow, then the active player receives priority after a spell is
    cast, whoever cast it."""
    yield from _FLOW(self, action)
    if isinstance(action, Cast):
        self._require().state.priority = self._require().state.active_player


def active_player_after_a_cast() -> MutantEngine:
    """After a spell is cast in another player's turn, the active player receives priority
    instead of the caster."""
    return _patched("active-player-after-a-cast", [
        (ReferenceEngine, "_flow", _flow_then_active_player)])


def _resolve_top_then_controller(game: Any) -> Any:
    """turn.resolve_top, then the controller of what resolved receives priority."""
    item = game.state.stack[-1] if game.state.stack else None
    yield from _RESOLVE_TOP(game)
    if item is not None:
        game.state.priority = item.controller


def controller_after_a_resolution() -> MutantEngine:
    """After a spell or ability resolves, its controller receives priority instead of the
    active player."""
    return _patched("controller-after-a-resolution", [
        (turn, "resolve_top", _resolve_top_then_controller)])


def _noncombat_damage_unmarked(game: Any, source: str, source_chars: Any, controller: str,
                               target: str, amount: int, *, combat: bool = False) -> int:
    """damage.deal_damage, marking no damage on a creature a spell or ability damages."""
    dealt: int = _DEAL_DAMAGE(game, source, source_chars, controller, target, amount,
                              combat=combat)
    obj = game.state.objects.get(target)
    if dealt and not combat and obj is not None:
        obj.damage -= dealt
    return dealt


def noncombat_damage_is_not_lethal() -> MutantEngine:
    """Damage a spell or ability deals to a creature is not marked on it: a creature dealt
    lethal damage by a burn spell lives."""
    return _patched("noncombat-damage-is-not-lethal", [
        (life, "deal_damage", _noncombat_damage_unmarked)])


def _blockers_without_keywords(game: Any, source: str, source_chars: Any, controller: str,
                               target: str, amount: int, *, combat: bool = False) -> int:
    """combat.deal_damage, reading deathtouch and lifelink on attacking creatures only."""
    fight = game.state.combat
    if fight is not None and source in fight.blockers and source_chars is not None:
        source_chars = dataclasses.replace(source_chars, keywords=tuple(
            k for k in source_chars.keywords if k not in ("Deathtouch", "Lifelink")))
    dealt: int = _DEAL_DAMAGE(game, source, source_chars, controller, target, amount,
                              combat=combat)
    return dealt


def blockers_without_deathtouch_or_lifelink() -> MutantEngine:
    """A blocking creature's combat damage ignores its deathtouch and lifelink (read on
    attacking creatures only)."""
    return _patched("blockers-without-deathtouch-or-lifelink", [
        (combat, "deal_damage", _blockers_without_keywords)])


def _keywords_without_flash(spell: Any) -> Any:
    """casting._keywords, without flash."""
    return type(_KEYWORDS(spell))(k for k in _KEYWORDS(spell) if k != "Flash")


def flash_ignored() -> MutantEngine:
    """A spell with flash is cast only at sorcery speed, as if it had none."""
    return _patched("flash-ignored", [(casting, "_keywords", _keywords_without_flash)])


def _sorcery_timing_any_step(game: Any, player: str) -> None:
    """casting._sorcery_timing, forgetting the main phase: any step of one's own turn with
    an empty stack."""
    state = game.state
    if state.active_player != player or state.stack:
        raise IllegalAction("only at sorcery speed: your turn, stack empty")


def sorcery_speed_in_any_step() -> MutantEngine:
    """Sorcery-speed spells may be cast in any step of their caster's turn with an empty
    stack (upkeep, combat, end step), not only in a main phase."""
    return _patched("sorcery-speed-in-any-step", [
        (casting, "_sorcery_timing", _sorcery_timing_any_step)])


def _sorcery_timing_any_turn(game: Any, player: str) -> None:
    """casting._sorcery_timing, forgetting whose turn it is."""
    state = game.state
    if not state.step.is_main_phase or state.stack:
        raise IllegalAction("only at sorcery speed: a main phase, stack empty")


def sorcery_speed_in_any_turn() -> MutantEngine:
    """Sorcery-speed spells may be cast in another player's main phase with an empty stack."""
    return _patched("sorcery-speed-in-any-turn", [
        (casting, "_sorcery_timing", _sorcery_timing_any_turn)])


def _sources_on_the_battlefield(game: Any, event: Any) -> Any:
    """triggers._sources without the permanents that just left the battlefield: nothing
    looks back in time."""
    return [found for found in _SOURCES(game, event) if not found[2]]


def dies_abilities_not_looking_back() -> MutantEngine:
    """A creature's "when this creature dies" abilities never trigger: only what is on the
    battlefield after an event is looked at (no last known information)."""
    return _patched("dies-abilities-not-looking-back", [
        (triggers, "_sources", _sources_on_the_battlefield)])


def _dies_unless_token(game: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """The "dies" matcher, for nontoken creatures only."""
    known = game.departed.get(str(event.data.get("object")))
    if known is not None and known[0].token:
        return False
    return bool(_DIES(game, obj, params, event, ability))


def token_deaths_trigger_nothing() -> MutantEngine:
    """A token creature that dies triggers no "dies" ability (it ceases to exist first)."""
    return _patched("token-deaths-trigger-nothing", [
        (triggers.MATCHERS, "dies", _dies_unless_token)])


def _cleanup_removing_counters(game: Any) -> None:
    """turn._cleanup, removing +1/+1 counters with the damage."""
    _CLEANUP(game)
    for obj in game.state.permanents():
        obj.counters.pop("+1/+1", None)


def counters_wear_off_at_cleanup() -> MutantEngine:
    """+1/+1 counters are removed in the cleanup step, as damage is."""
    return _patched("counters-wear-off-at-cleanup", [
        (turn, "_cleanup", _cleanup_removing_counters)])


def _lore_counters_for_everyone(game: Any) -> None:
    """turn._lore_counters, for every player's Sagas."""
    for obj in list(game.state.permanents()):
        if "Saga" in game.chars(obj).subtypes:
            entering.add_counters(game, obj, "lore", 1)


def lore_counters_for_every_player() -> MutantEngine:
    """As a precombat main phase begins, every player's Sagas get a lore counter, not only
    the active player's."""
    return _patched("lore-counters-for-every-player", [
        (turn, "_lore_counters", _lore_counters_for_everyone)])


def _declare_blockers_tapping(game: Any, action: Any) -> None:
    """combat.declare_blockers, tapping each blocking creature."""
    _DECLARE_BLOCKERS(game, action)
    for blocker, _attacker in action.blocks:
        game.state.objects[blocker].tapped = True


def blockers_become_tapped() -> MutantEngine:
    """Declaring a creature as a blocker taps it, as attacking does."""
    return _patched("blockers-become-tapped", [
        (combat, "declare_blockers", _declare_blockers_tapping)])


def _cleanup_untapping(game: Any) -> None:
    """turn._cleanup, untapping the active player's permanents as the turn ends."""
    _CLEANUP(game)
    for obj in game.state.permanents():
        if obj.controller == game.state.active_player:
            obj.tapped = False


def permanents_untap_at_cleanup() -> MutantEngine:
    """The active player's permanents untap in their cleanup step, as their turn ends,
    instead of in their next untap step (so that they can block in between)."""
    return _patched("permanents-untap-at-cleanup", [(turn, "_cleanup", _cleanup_untapping)])


def _state_based_actions_sparing_auras(game: Any) -> bool:
    """turn.state_based_actions, reading no permanent as an Aura: an Aura whose object
    left stays on the battlefield."""
    original = game.chars

    def chars(obj: Any) -> Any:
        found = original(obj)
        if "Aura" in found.subtypes:
            return dataclasses.replace(found, subtypes=tuple(
                s for s in found.subtypes if s != "Aura"))
        return found

    game.chars = chars
    try:
        done: bool = _STATE_BASED_ACTIONS(game)
    finally:
        del game.chars
    return done


def auras_outlive_their_object() -> MutantEngine:
    """An Aura whose enchanted creature left the battlefield stays on the battlefield,
    attached to nothing there (state-based actions forget Auras)."""
    return _patched("auras-outlive-their-object", [
        (turn, "state_based_actions", _state_based_actions_sparing_auras)])


def _resolve_spell_unattached(game: Any, spell: Any) -> Any:
    """turn._resolve_spell, then an Aura that entered is attached to nothing."""
    before = set(game.state.battlefield)
    yield from _RESOLVE_SPELL(game, spell)
    for object_id in game.state.battlefield:
        obj = game.state.objects[object_id]
        if object_id not in before and "Aura" in game.chars(obj).subtypes:
            obj.attached_to = None


def aura_enters_unattached() -> MutantEngine:
    """An Aura spell that resolves enters attached to nothing (and is then put into its
    owner's graveyard)."""
    return _patched("aura-enters-unattached", [
        (turn, "_resolve_spell", _resolve_spell_unattached)])


def _activate_without_sickness(game: Any, action: Any) -> Any:
    """casting.activate, as if the permanent had been controlled since the turn began."""
    obj = game.state.objects.get(action.object)
    was = obj.summoning_sick if obj is not None else False
    if obj is not None:
        obj.summoning_sick = False
    try:
        return (yield from _ACTIVATE(game, action))
    finally:
        if obj is not None and game.state.objects.get(action.object) is obj:
            obj.summoning_sick = was


def tap_abilities_without_summoning_sickness() -> MutantEngine:
    """A creature's {T} abilities can be activated the turn it comes under its controller's
    control (summoning sickness checked for attacks only)."""
    return _patched("tap-abilities-without-summoning-sickness", [
        (casting, "activate", _activate_without_sickness)])


def _refused_for_new_lands(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, refusing {T} abilities of any permanent that came
    under its controller's control this turn, lands included."""
    obj, ability = _REFUSED_EARLY(game, action)
    if ability.params.get("tap") and obj.summoning_sick:
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def _refused_for_tapped_permanents(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, refusing every ability of a tapped permanent."""
    obj, ability = _REFUSED_EARLY(game, action)
    if obj.tapped:
        raise IllegalAction(f"{obj.card.name} is tapped")
    return obj, ability


def tapped_permanents_activate_nothing() -> MutantEngine:
    """A tapped permanent's abilities can't be activated, {T} in their cost or not (CR
    602.2b, 107.5: only a cost with {T} or {Q} needs the permanent untapped)."""
    return _patched("tapped-permanents-activate-nothing", [
        (casting, "activation_refused_early", _refused_for_tapped_permanents)])


def lands_have_summoning_sickness() -> MutantEngine:
    """A land that came into play this turn can't be tapped for mana (summoning sickness
    applied to every permanent)."""
    return _patched("lands-have-summoning-sickness", [
        (casting, "activation_refused_early", _refused_for_new_lands)])


def _resolve_bottom(game: Any) -> Any:
    """turn.resolve_top, on the object at the bottom of the stack."""
    stack = game.state.stack
    if len(stack) > 1:
        stack.append(stack.pop(0))
    return (yield from _RESOLVE_TOP(game))


def first_in_first_out() -> MutantEngine:
    """When all players pass, the object put on the stack first resolves first."""
    return _patched("first-in-first-out", [(turn, "resolve_top", _resolve_bottom)])


def _state_based_actions_for_damage_only(game: Any) -> bool:
    """turn.state_based_actions, a creature dying of lethal damage only: one with toughness
    0 or less stays."""
    original = game.chars

    def chars(obj: Any) -> Any:
        found = original(obj)
        if found.toughness is not None and found.toughness <= 0:
            return dataclasses.replace(found, toughness=99)
        return found

    game.chars = chars
    try:
        done: bool = _STATE_BASED_ACTIONS(game)
    finally:
        del game.chars
    return done


def zero_toughness_survives() -> MutantEngine:
    """A creature with toughness 0 or less stays on the battlefield: state-based actions
    look for lethal damage only."""
    return _patched("zero-toughness-survives", [
        (turn, "state_based_actions", _state_based_actions_for_damage_only)])


def _cast_refused_early_for_anyone(game: Any, action: Any) -> Any:
    """casting.cast_refused_early, as if the caster had priority."""
    state = game.state
    had = state.priority
    state.priority = action.player
    try:
        return _CAST_REFUSED_EARLY(game, action)
    finally:
        state.priority = had


def instants_without_priority() -> MutantEngine:
    """A player may cast an instant while another player has priority."""
    return _patched("instants-without-priority", [
        (casting, "cast_refused_early", _cast_refused_early_for_anyone)])


_CHECK_LAND_TIMING = lands_module.check_timing
_UNLOCK_REFUSED_EARLY = rooms_module.unlock_refused_early
_TURN_FACE_UP_WITH_PRIORITY = casting.turn_face_up


def _land_timing_for_anyone(game: Any, player: str) -> None:
    """lands.check_timing, as if the player had priority."""
    state = game.state
    had = state.priority
    state.priority = player
    try:
        _CHECK_LAND_TIMING(game, player)
    finally:
        state.priority = had


def _unlock_refused_early_for_anyone(game: Any, action: Any) -> Any:
    """rooms.unlock_refused_early, as if the player unlocking had priority."""
    state = game.state
    had = state.priority
    state.priority = action.player
    try:
        return _UNLOCK_REFUSED_EARLY(game, action)
    finally:
        state.priority = had


def _turn_face_up_for_anyone(game: Any, action: Any) -> Any:
    """casting.turn_face_up, as if its controller had priority."""
    state = game.state
    had = state.priority
    state.priority = action.player
    try:
        yield from _TURN_FACE_UP_WITH_PRIORITY(game, action)
    finally:
        state.priority = had


def special_actions_without_priority() -> MutantEngine:
    """A player may take a special action -- play a land, turn a face-down permanent face
    up, unlock a door -- while another player has priority, whenever else they could."""
    return _patched("special-actions-without-priority", [
        (lands_module, "check_timing", _land_timing_for_anyone),
        (rooms_module, "unlock_refused_early", _unlock_refused_early_for_anyone),
        (casting, "turn_face_up", _turn_face_up_for_anyone)])


# -- engines wrong about damage marked, trample and what a face change keeps


def _lethal_one(game: Any, target: str, source_chars: Any) -> int:
    """damage.lethal_damage as if every attacker had deathtouch: 1 for any blocker."""
    return 1


def trample_assigns_one_to_each_blocker() -> MutantEngine:
    """A trampler needs to assign only 1 damage to each blocker before the player, whatever
    the blocker's toughness (deathtouch's rule applied to every attacker)."""
    return _patched("trample-assigns-one-to-each-blocker", [
        (combat, "lethal_damage", _lethal_one)])


_ATTACKER_ASSIGNMENT = combat._attacker_assignment


def _with_a_stricter_answer_rule(game: Any, inner: Any, stricter: Any) -> Any:
    """Run the flow ``inner``, its first choice answered under the engine's own rule for it
    and ``stricter`` too (each a function of the answer to a refusal's reason, or None)."""
    try:
        request = next(inner)
    except StopIteration as done:
        return done.value
    rule = game.answer_rule
    game.answer_rule = lambda values: (rule(values) if rule is not None else None) \
        or stricter(values)
    while True:
        answer = yield request
        try:
            request = inner.send(answer)
        except StopIteration as done:
            return done.value


def _assignment_capped_at_lethal(game: Any, combat_: Any, attacker: str, chars: Any,
                                 defender: str) -> Any:
    """combat._attacker_assignment, refusing any division that assigns a blocker more than
    lethal damage."""
    def capped(values: tuple[str, ...]) -> str | None:
        over = [v for v in set(values) if v in game.state.objects
                and values.count(v) > combat.lethal_damage(game, v, chars)]
        return f"more than lethal damage to {', '.join(sorted(over))}" if over else None

    return (yield from _with_a_stricter_answer_rule(
        game, _ATTACKER_ASSIGNMENT(game, combat_, attacker, chars, defender), capped))


def division_capped_at_lethal() -> MutantEngine:
    """An attacking creature may assign each of its blockers at most lethal damage: a
    trampler blocked by a 2/2 can't put 3 of its 6 damage on it and 3 on the player (an
    engine reading CR 702.19b's "lethal damage first" as "lethal damage only")."""
    return _patched("division-capped-at-lethal", [
        (combat, "_attacker_assignment", _assignment_capped_at_lethal)])


def _cleanup_effects_first(game: Any) -> None:
    """turn._cleanup, "until end of turn" effects ending first and state-based actions
    checked before damage wears off."""
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    turn.state_based_actions(game)
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    turn.end_permissions(game)


def cleanup_ends_effects_before_damage() -> MutantEngine:
    """In the cleanup step, "until end of turn" effects end, then state-based actions are
    checked, then damage wears off: a creature pumped and dealt damage beyond its printed
    toughness dies as the turn ends."""
    return _patched("cleanup-ends-effects-before-damage", [
        (turn, "_cleanup", _cleanup_effects_first)])


_ANNOUNCE = casting.announce


def _announce_first_target_most(game: Any, player: str, ability: Any, targets: Any,
                                what: str) -> Any:
    """casting.announce, refusing a division giving a target more than an earlier one."""
    def in_order(values: tuple[str, ...]) -> str | None:
        shares = [values.count(t) for t in targets]
        return None if shares == sorted(shares, reverse=True) else \
            "a later target can't get more than an earlier one"

    return (yield from _with_a_stricter_answer_rule(
        game, _ANNOUNCE(game, player, ability, targets, what), in_order))


def divisions_favour_the_first_target() -> MutantEngine:
    """A spell dividing damage among its targets refuses a division giving a target more
    than one chosen before it: Arc Lightning can deal 2 to its first target and 1 to its
    second, not 1 and 2 (CR 601.2d: the caster divides it as they choose, each target at
    least 1)."""
    return _patched("divisions-favour-the-first-target", [
        (casting, "announce", _announce_first_target_most)])


def _move_keeping_damage(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """GameState.move, the new object keeping the damage marked on the old one."""
    new = _MOVE(self, obj, zone, **kwargs)
    if new is not None:
        new.damage = obj.damage
    return new


def returned_permanents_keep_damage() -> MutantEngine:
    """A permanent that leaves the battlefield and comes back still has the damage marked
    on it before (an engine keeping damage on the card, not the object)."""
    return _patched("returned-permanents-keep-damage", [
        (state.GameState, "move", _move_keeping_damage)])


_TURN_FACE_UP = casting.turn_face_up
_TRANSFORM = effects.EFFECTS["transform"]


def _turn_face_up_clearing(game: Any, action: Any) -> Any:
    """casting.turn_face_up, then the permanent loses its counters and the effects on it."""
    yield from _TURN_FACE_UP(game, action)
    obj = game.state.objects.get(action.object)
    if obj is not None:
        obj.counters.clear()
    game.state.effects = [e for e in game.state.effects if e.object != action.object]


def turning_face_up_makes_a_new_object() -> MutantEngine:
    """A permanent turned face up loses its counters and the "until end of turn" effects
    that applied to it, as if it were a new object."""
    return _patched("turning-face-up-makes-a-new-object", [
        (casting, "turn_face_up", _turn_face_up_clearing)])


def _transform_clearing(game: Any, ctx: Any, params: Any) -> Any:
    """The transform effect, then each permanent that transformed loses its counters."""
    chosen = effects._objects(game, ctx, params)
    faces = [obj.transformed for obj in chosen]
    yield from _TRANSFORM(game, ctx, params)
    for obj, face in zip(chosen, faces):
        if obj.transformed != face:
            obj.counters.clear()


def transforming_makes_a_new_object() -> MutantEngine:
    """A permanent that transforms loses its counters, as if it were a new object."""
    return _patched("transforming-makes-a-new-object", [
        (effects.EFFECTS, "transform", _transform_clearing)])


def _sources_with_graveyards(game: Any, event: Any) -> Any:
    """triggers._sources, and for a zone change every permanent card in a graveyard too."""
    found = _SOURCES(game, event)
    if event.kind != "zone_changed":
        return found
    seen = {obj.id for obj, _chars, _gone in found}
    return found + [(obj, game.with_abilities(obj), True) for obj in game.state.objects.values()
                    if obj.zone.value == "graveyard" and obj.id not in seen
                    and is_permanent_card(game.chars(obj))]


def graveyard_permanents_trigger() -> MutantEngine:
    """The triggered abilities of permanent cards in a graveyard trigger on zone changes, as
    if they were on the battlefield: a Funeral Room that left still sees creatures die."""
    return _patched("graveyard-permanents-trigger", [
        (triggers, "_sources", _sources_with_graveyards)])


def _move_reattaching(self: Any, obj: Any, zone: Any, **kwargs: Any) -> Any:
    """GameState.move, what was attached to the moved object attached to the new one."""
    attached = [o for o in self.objects.values() if o.attached_to == obj.id]
    new = _MOVE(self, obj, zone, **kwargs)
    if new is not None:
        for other in attached:
            other.attached_to = new.id
    return new


def attachments_follow_their_object() -> MutantEngine:
    """An Aura or Equipment stays attached to a permanent that leaves the battlefield, and to
    the object it becomes there and back (an engine keeping attachments on the card)."""
    return _patched("attachments-follow-their-object", [
        (state.GameState, "move", _move_reattaching)])


_COMBAT_DEAL = combat._deal
_CLEANUP = turn._cleanup


def _deal_without_counters(game: Any, assignments: Any) -> None:
    """combat._deal, each creature's combat damage less its +1/+1 counters (its printed
    power): the first assignment of each source is cut by them."""
    cut: set[str] = set()
    fixed = []
    for source, chars, controller, target, amount in assignments:
        obj = game.state.objects.get(source)
        counters = obj.counters.get("+1/+1", 0) if obj is not None and source not in cut else 0
        cut.add(source)
        fixed.append((source, chars, controller, target, max(amount - counters, 0)))
    _COMBAT_DEAL(game, fixed)


def combat_damage_from_printed_power() -> MutantEngine:
    """Combat damage is a creature's printed power: its +1/+1 counters add nothing."""
    return _patched("combat-damage-from-printed-power", [(combat, "_deal", _deal_without_counters)])


def _untap_clearing_stun(self: Any) -> None:
    """GameObject.untap: a stun counter stops the untap, and every stun counter goes."""
    if self.tapped and self.counters.get("stun", 0):
        del self.counters["stun"]
        return
    self.tapped = False


def stun_counters_all_removed() -> MutantEngine:
    """A permanent with stun counters that would untap loses all of them, not one (CR
    122.1d)."""
    return _patched("stun-counters-all-removed", [(state.GameObject, "untap", _untap_clearing_stun)])


def _untap_stunning_untapped(self: Any) -> None:
    """GameObject.untap: a stun counter is removed even from a permanent already untapped,
    which can't become untapped (CR 502.3, 122.1d)."""
    stun = self.counters.get("stun", 0)
    if stun:
        if stun == 1:
            del self.counters["stun"]
        else:
            self.counters["stun"] = stun - 1
        return
    self.tapped = False


def stun_removed_from_untapped_permanents() -> MutantEngine:
    """An untap step takes a stun counter off an untapped permanent of the active player: it
    would not become untapped, so it keeps the counter (CR 502.3, 122.1d)."""
    return _patched("stun-removed-from-untapped-permanents",
                    [(state.GameObject, "untap", _untap_stunning_untapped)])


def _modify_pt_of_the_last_object(game: Any, ctx: Any, params: Any) -> Any:
    """effects.modify_pt, changing only the last of the objects it names."""
    gains = tuple(str(k) for k in params.get("gains") or ())
    for obj in effects._objects(game, ctx, params.get("what", "target"))[-1:]:
        game.state.effects.append(state.ContinuousEffect(
            obj.id, int(params.get("power", 0)), int(params.get("toughness", 0)),
            "end_of_turn", game.state.tick(), gains))
    yield from ()


def pt_change_to_one_target_only() -> MutantEngine:
    """"Up to two target creatures each get -2/-2" changes one of them only, not each one
    the effect names (CR 608.2c, 611.2a)."""
    return _patched("pt-change-to-one-target-only",
                    [(effects.EFFECTS, "modify_pt", _modify_pt_of_the_last_object)])


def _draw_below_the_top(game: Any, player_name: str, count: int) -> None:
    """effects.draw_cards, taking the second card of the library while it has two."""
    player = game.state.player(player_name)
    for _ in range(count):
        library = player.zones[Zone.LIBRARY]
        if not library:
            player.drew_from_empty_library = True
            return
        game.move(game.state.objects[library[1 if len(library) > 1 else 0]], Zone.HAND)


def cards_drawn_from_below_the_top() -> MutantEngine:
    """A player draws the card under the top card of their library, not the top one (CR
    121.1, 401.2)."""
    return _patched("cards-drawn-from-below-the-top",
                    [(effects, "draw_cards", _draw_below_the_top),
                     (turn, "draw_cards", _draw_below_the_top)])


# -- the choices a player may make: targets, attacks and blocks


_CHOOSE_TARGETS = casting.choose_targets


def _targets_with_duplicates(game: Any, spec: Any, you: str, given: Any, prompt: str,
                             **kwargs: Any) -> Any:
    """targets.choose_targets, checking targets given with an action with every object once:
    an object named twice is taken as if it had been named once, and kept twice."""
    if given is None or len(set(given)) == len(given):
        return (yield from _CHOOSE_TARGETS(game, spec, you, given, prompt, **kwargs))
    chosen = yield from _CHOOSE_TARGETS(game, spec, you, tuple(dict.fromkeys(given)), prompt,
                                        **kwargs)
    return tuple(given) if chosen is not None else None


def duplicate_targets_accepted() -> MutantEngine:
    """One object may be chosen twice for one word "target" ("one or two targets": the same
    player twice), against CR 115.3."""
    return _patched("duplicate-targets-accepted",
                    [(casting, "choose_targets", _targets_with_duplicates)])


def _targets_given_in_full(game: Any, spec: Any, you: str, given: Any, prompt: str,
                           **kwargs: Any) -> Any:
    """targets.choose_targets, taking targets given with an action only as many as the word
    "target" allows at most: "one, two, or three targets" named in a cast needs three."""
    if given is not None and spec is not None and len(given) < spec.count:
        raise IllegalAction(f"{prompt}: choose {spec.count} targets")
    return (yield from _CHOOSE_TARGETS(game, spec, you, given, prompt, **kwargs))


def fewest_targets_refused() -> MutantEngine:
    """A cast naming fewer targets than its word "target" allows at most is refused (CR
    601.2c: "one or two targets" may be cast with one)."""
    return _patched("fewest-targets-refused",
                    [(casting, "choose_targets", _targets_given_in_full)])


_CANDIDATES = targets_module.candidates


def _candidates_without_players(game: Any, spec: Any, you: str, **kwargs: Any) -> Any:
    """targets.candidates, "any target" offering creatures, planeswalkers and battles only."""
    found = _CANDIDATES(game, spec, you, **kwargs)
    return [t for t in found if not t.startswith("player:")] if spec.what == "any" else found


def any_target_without_players() -> MutantEngine:
    """"Any target" offers no player (CR 115.4: any target is a creature, player,
    planeswalker or battle)."""
    return _patched("any-target-without-players",
                    [(targets_module, "candidates", _candidates_without_players),
                     (effects, "candidates", _candidates_without_players)])


def _candidates_any_controller(game: Any, spec: Any, you: str, **kwargs: Any) -> Any:
    """targets.candidates, reading no controller in a word "target" that names permanents."""
    if spec.what == "player" or spec.controller is None:
        return _CANDIDATES(game, spec, you, **kwargs)
    return _CANDIDATES(game, dataclasses.replace(spec, controller=None), you, **kwargs)


def target_controller_ignored() -> MutantEngine:
    """"Target creature you control" and "an opponent controls" offer every creature
    (CR 115.1: a target meets what its word "target" asks for)."""
    return _patched("target-controller-ignored",
                    [(targets_module, "candidates", _candidates_any_controller),
                     (effects, "candidates", _candidates_any_controller)])


_CHECK_BLOCKERS = combat.check_blockers
_CHECK_ATTACKERS = combat.check_attackers


def _blockers_checked_one_by_one(game: Any, action: Any) -> None:
    """combat.check_blockers, each block on its own: a creature may block two attackers."""
    for block in action.blocks or ((),):
        _CHECK_BLOCKERS(game, dataclasses.replace(action, blocks=(block,) if block else ()))


def one_creature_blocks_two() -> MutantEngine:
    """One creature may block two attackers (CR 509.1a: each blocks one attacker)."""
    return _patched("one-creature-blocks-two",
                    [(combat, "check_blockers", _blockers_checked_one_by_one)])


def _blockers_checked_untapped(game: Any, action: Any) -> None:
    """combat.check_blockers, as if every blocker were untapped."""
    tapped = [game.state.objects[b] for b, _a in action.blocks
              if b in game.state.objects and game.state.objects[b].tapped]
    for obj in tapped:
        obj.tapped = False
    try:
        _CHECK_BLOCKERS(game, action)
    finally:
        for obj in tapped:
            obj.tapped = True


def tapped_creatures_block() -> MutantEngine:
    """A tapped creature may block (CR 509.1a: untapped creatures only)."""
    return _patched("tapped-creatures-block",
                    [(combat, "check_blockers", _blockers_checked_untapped)])


def _attackers_checked_without_haste(game: Any, action: Any) -> str:
    """combat.check_attackers, as if no creature had haste: one that came under its
    controller's control this turn can't attack."""
    for object_id in action.attackers:
        obj = game.state.objects.get(object_id)
        if obj is not None and obj.summoning_sick:
            raise IllegalAction("it has summoning sickness: it can't attack")
    return _CHECK_ATTACKERS(game, action)


def haste_ignored_by_attacks() -> MutantEngine:
    """A creature with haste that came under its controller's control this turn can't
    attack (CR 702.10b: it can)."""
    return _patched("haste-ignored-by-attacks",
                    [(combat, "check_attackers", _attackers_checked_without_haste)])


def _untap_ignoring_stun(self: Any) -> None:
    """GameObject.untap: a stun counter changes nothing."""
    self.tapped = False


def stun_ignored_by_untapping() -> MutantEngine:
    """A permanent with a stun counter that would untap untaps and keeps it (CR 122.1d)."""
    return _patched("stun-ignored-by-untapping",
                    [(state.GameObject, "untap", _untap_ignoring_stun)])


_UNTAP_EFFECT = effects.EFFECTS["untap"]


def _untap_effect_ignoring_stun(game: Any, ctx: Any, params: Any) -> Any:
    """The ``untap`` effect, untapping its permanents whatever their stun counters; the
    untap step still removes one instead."""
    with_stun = [obj for obj in game.state.permanents() if obj.counters.get("stun", 0)]
    saved = {obj.id: dict(obj.counters) for obj in with_stun}
    yield from _UNTAP_EFFECT(game, ctx, params)
    for obj in with_stun:
        if obj.counters != saved[obj.id]:  # a stun counter was removed instead
            obj.counters.clear()
            obj.counters.update(saved[obj.id])
            obj.tapped = False


def untap_effects_ignore_stun() -> MutantEngine:
    """An effect that untaps a permanent with a stun counter untaps it, the counter kept
    (CR 122.1d: one is removed instead, whatever would untap it)."""
    return _patched("untap-effects-ignore-stun",
                    [(effects.EFFECTS, "untap", _untap_effect_ignoring_stun)])


# -- last known information: damage of a gone source, abilities looking back at dying -------


def _source_chars_while_present(self: Any, source: str) -> Any:
    """Game.source_chars without last known information: a source that has left the
    battlefield has no characteristics, so its damage has no lifelink or deathtouch."""
    obj = self.state.objects.get(source)
    return self.chars(obj) if obj is not None else None


def gone_source_damage_without_keywords() -> MutantEngine:
    """Damage dealt by an ability whose source left the battlefield after it was activated
    has neither lifelink nor deathtouch: the source's characteristics are read only while
    it is there (no last known information, CR 608.2h, 113.7a)."""
    return _patched("gone-source-damage-without-keywords", [
        (game_module.Game, "source_chars", _source_chars_while_present)])


def _sources_departed_as_printed(game: Any, event: Any) -> Any:
    """triggers._sources, a permanent that just left the battlefield seen as its own card
    (a Clone as Clone), not as the copy it was."""
    found = []
    for obj, chars, departed in _SOURCES(game, event):
        if departed and obj.copy is not None:
            chars = characteristics(game.state, dataclasses.replace(obj, copy=None),
                                    game.abilities)
        found.append((obj, chars, departed))
    return found


def dying_copies_seen_as_printed_cards() -> MutantEngine:
    """A copy of a creature that dies is looked back at as its own card: a Clone that
    copied Doomed Traveler dies and nothing triggers (CR 603.10a: as it last existed on
    the battlefield, 707.2)."""
    return _patched("dying-copies-seen-as-printed-cards", [
        (triggers, "_sources", _sources_departed_as_printed)])


def _departed_seeing_only_themselves(game: Any, event: Any) -> Any:
    """triggers._sources, a permanent that just left the battlefield looking only at its own
    leaving: one leaving with others does not see them."""
    left = str(event.data.get("object"))
    return [(obj, chars, departed) for obj, chars, departed in _SOURCES(game, event)
            if not departed or obj.id == left]


def watchers_leaving_together_see_nothing() -> MutantEngine:
    """A permanent watching creatures die that dies at the same time as another creature
    does not trigger for it (CR 603.10a: leaving abilities look back, for every permanent
    leaving at once)."""
    return _patched("watchers-leaving-together-see-nothing", [
        (triggers, "_sources", _departed_seeing_only_themselves)])


def _dies_once_together(game: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """The "dies" matcher, matching a watcher's filter only for the first creature of the
    permanents leaving at once."""
    if not _DIES(game, obj, params, event, ability):
        return False
    if params == "this":
        return True
    first = next((object_id for object_id, (_o, chars) in game.departed.items()
                  if "Creature" in chars.types), None)
    return first is None or str(event.data.get("object")) == first


def simultaneous_deaths_trigger_once() -> MutantEngine:
    """Creatures dying at once trigger a "whenever a creature you control dies" ability once,
    as if it said "one or more creatures" (CR 603.2c, 700.4: once for each)."""
    return _patched("simultaneous-deaths-trigger-once", [
        (triggers.MATCHERS, "dies", _dies_once_together)])


# -- state-based actions as a whole (state-based-actions) --------------------------------------

_CHECK_STATE = turn.check_state


def _check_state_once(game: Any) -> Any:
    """turn.check_state, performing state-based actions once per check instead of until
    none applies: what an action of the check makes apply waits for the next check."""
    performed = False
    while True:
        if not performed:
            performed = True
            if turn.state_based_actions(game):
                if game_module.outcome(game.state)[0]:
                    raise game_module.GameEnded()
                continue
        if (yield from turn.legend_rule(game)):
            continue
        if game.state.pending_triggers:
            yield from triggers.put_on_stack(game)
            continue
        break


def state_based_actions_once_per_check() -> MutantEngine:
    """State-based actions are performed once whenever a player would receive priority, not
    again until none applies: the Aura of a creature that died stays until the next check."""
    return _patched("state-based-actions-once-per-check", [
        (turn, "check_state", _check_state_once)])


def _printed_toughness(obj: Any) -> int | None:
    face = obj.copiable_card.faces[1 if obj.transformed and len(obj.copiable_card.faces) > 1
                                   else 0]
    try:
        return int(face.toughness)
    except (TypeError, ValueError):
        return None


def _state_based_actions_printed_toughness(game: Any) -> bool:
    """turn.state_based_actions, comparing the damage marked on a creature with its printed
    toughness (counters and effects left out)."""
    original = game.chars

    def chars(obj: Any) -> Any:
        found = original(obj)
        printed = _printed_toughness(obj)
        if obj.damage > 0 and found.toughness is not None and found.toughness > 0 \
                and printed is not None and printed > 0:
            return dataclasses.replace(found, toughness=printed)
        return found

    game.chars = chars
    try:
        done: bool = _STATE_BASED_ACTIONS(game)
    finally:
        del game.chars
    return done


def lethal_damage_from_printed_toughness() -> MutantEngine:
    """Lethal damage is judged against a creature's printed toughness: a 3/3 with a -1/-1
    counter dealt 2 damage lives."""
    return _patched("lethal-damage-from-printed-toughness", [
        (turn, "state_based_actions", _state_based_actions_printed_toughness)])


def _state_based_actions_without_deathtouch(game: Any) -> bool:
    """turn.state_based_actions, reading no creature as dealt damage by deathtouch."""
    marked = [obj for obj in game.state.permanents() if obj.damaged_by_deathtouch]
    for obj in marked:
        obj.damaged_by_deathtouch = False
    try:
        done: bool = _STATE_BASED_ACTIONS(game)
    finally:
        for obj in marked:
            obj.damaged_by_deathtouch = True
    return done


def deathtouch_ignored_by_state_based_actions() -> MutantEngine:
    """State-based actions do not destroy a creature dealt damage by a source with
    deathtouch (only lethal damage kills)."""
    return _patched("deathtouch-ignored-by-state-based-actions", [
        (turn, "state_based_actions", _state_based_actions_without_deathtouch)])


def _state_based_actions_keeping_counters(game: Any) -> bool:
    """turn.state_based_actions, removing no +1/+1 and -1/-1 counters in pairs (CR 704.5q
    forgotten)."""
    state = game.state
    kept = {obj.id: dict(obj.counters) for obj in state.permanents()}
    before = (set(state.battlefield), [p.lost for p in state.players])
    done: bool = _STATE_BASED_ACTIONS(game)
    for obj in state.permanents():
        if obj.id in kept:
            obj.counters.clear()
            obj.counters.update(kept[obj.id])
    return done and (set(state.battlefield), [p.lost for p in state.players]) != before


def counters_of_both_kinds_kept() -> MutantEngine:
    """A permanent keeps its +1/+1 and -1/-1 counters together: state-based actions do not
    remove them in pairs."""
    return _patched("counters-of-both-kinds-kept", [
        (turn, "state_based_actions", _state_based_actions_keeping_counters)])


# -- what resolving spells and abilities do, and the cleanup step's discard -------------------

_DISCARD = effects.EFFECTS["discard"]
_CREATE_TOKEN = effects.EFFECTS["create_token"]
_DRAW = effects.EFFECTS["draw"]
_GAIN_LIFE = effects.EFFECTS["gain_life"]
_PLAYERS = life.players
_PUT_ONTO_BATTLEFIELD = turn.put_onto_battlefield


def _discard_by_the_controller(game: Any, ctx: Any, params: Any) -> Any:
    """The discard effect, "target player discards" read as its controller discarding."""
    yield from _DISCARD(game, ctx, {**params, "player": "you"})


def target_player_discards_are_the_controllers() -> MutantEngine:
    """"Target player discards two cards" makes the spell's controller discard, whoever the
    target (CR 701.9a, 115.1)."""
    return _patched("target-player-discards-are-the-controllers", [
        (effects.EFFECTS, "discard", _discard_by_the_controller)])


def _discard_asked_of_the_controller(game: Any, ctx: Any, params: Any) -> Any:
    """The discard effect, the choice of the cards discarded asked of its controller."""
    flow = _DISCARD(game, ctx, params)
    try:
        choice = next(flow)
        while True:
            choice = flow.send((yield dataclasses.replace(choice, player=ctx.controller)))
    except StopIteration as done:
        return done.value


def discards_chosen_by_the_spells_controller() -> MutantEngine:
    """"Target player discards two cards": the right player discards, but the spell's
    controller picks which two (CR 701.9b: the player discarding chooses)."""
    return _patched("discards-chosen-by-the-spells-controller", [
        (effects.EFFECTS, "discard", _discard_asked_of_the_controller)])


def _draw_by_the_controller(game: Any, ctx: Any, params: Any) -> Any:
    """The draw effect, "target player draws" read as its controller drawing."""
    yield from _DRAW(game, ctx, {**params, "who": "you"} if isinstance(params, dict) else params)


def target_player_draws_are_the_controllers() -> MutantEngine:
    """"Target player draws two cards" makes the spell's controller draw, whoever the
    target (CR 121.1, 115.1, 608.2c)."""
    return _patched("target-player-draws-are-the-controllers", [
        (effects.EFFECTS, "draw", _draw_by_the_controller)])


def _tokens_without_subtypes(game: Any, ctx: Any, params: Any) -> Any:
    """The create_token effect, the tokens made without the subtypes it gives them."""
    yield from _CREATE_TOKEN(game, ctx, {**params, "subtypes": []}
                             if isinstance(params, dict) else params)


def tokens_created_without_their_subtypes() -> MutantEngine:
    """A created token lacks the subtypes its effect gives it: Raise the Alarm's Soldiers
    are creatures of no creature type (CR 111.3, 111.4)."""
    return _patched("tokens-created-without-their-subtypes", [
        (effects.EFFECTS, "create_token", _tokens_without_subtypes)])


def _tokens_for_the_opponent(game: Any, ctx: Any, params: Any) -> Any:
    """The create_token effect, the tokens created under the other player's control."""
    yield from _CREATE_TOKEN(game, dataclasses.replace(
        ctx, controller=game.state.opponent(ctx.controller)), params)


def tokens_created_for_the_opponent() -> MutantEngine:
    """Tokens an effect creates enter under the control of its controller's opponent
    (CR 111.2: the player who creates a token controls it)."""
    return _patched("tokens-created-for-the-opponent", [
        (effects.EFFECTS, "create_token", _tokens_for_the_opponent)])


def _each_opponent_is_each_player(game: Any, ctx: Any, who: Any) -> list[str]:
    """life.players, "each opponent" read as every player."""
    if who == "each_opponent":
        return [p.name for p in game.state.players]
    return _PLAYERS(game, ctx, who)


def each_opponent_is_each_player() -> MutantEngine:
    """"Each opponent loses 1 life" makes every player lose it, its controller too
    (CR 102.2, 119.3)."""
    return _patched("each-opponent-is-each-player", [
        (life, "players", _each_opponent_is_each_player)])


def _gain_life_twice(game: Any, ctx: Any, params: Any) -> Any:
    """The gain_life effect, gaining twice the amount."""
    yield from _GAIN_LIFE(game, ctx, params)
    yield from _GAIN_LIFE(game, ctx, params)


def life_gained_twice() -> MutantEngine:
    """"You gain N life" gains 2N (CR 119.3)."""
    return _patched("life-gained-twice", [(effects.EFFECTS, "gain_life", _gain_life_twice)])


def _under_the_active_player(game: Any, obj: Any, **kwargs: Any) -> Any:
    """entering.put_onto_battlefield as a spell resolves, under the active player's
    control."""
    kwargs["controller"] = game.state.active_player
    return (yield from _PUT_ONTO_BATTLEFIELD(game, obj, **kwargs))


def permanent_spells_enter_under_the_active_player() -> MutantEngine:
    """A permanent spell resolves into a permanent under the control of the active player,
    whoever controlled the spell (CR 608.3a: the spell's controller)."""
    return _patched("permanent-spells-enter-under-the-active-player", [
        (turn, "put_onto_battlefield", _under_the_active_player)])


def _resolve_spell_into_exile(game: Any, spell: Any) -> Any:
    """turn._resolve_spell, an instant or sorcery card that resolves put into exile."""
    chars = game.chars(spell)
    if spell.targets or is_permanent_card(chars):
        return (yield from _RESOLVE_SPELL(game, spell))
    ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    ctx = effects.Context(spell.controller, spell.id, spell.copiable_card, ability, (),
                          x=spell.x)
    if ability is not None:
        yield from effects.run_effects(game, ctx, ability.effects)
    if spell in game.state.stack:
        game.move(spell, Zone.EXILE)


def resolved_instants_exiled() -> MutantEngine:
    """An instant or sorcery card that resolves is exiled instead of put into its owner's
    graveyard (CR 608.2n)."""
    return _patched("resolved-instants-exiled", [(turn, "_resolve_spell", _resolve_spell_into_exile)])


def _discard_down_to_eight(game: Any) -> Any:
    """turn.discard_to_hand_size, the active player discarding down to eight."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 8
    if extra <= 0:
        return
    options = tuple(Option(card_id, targets_module.label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", player, f"discard {extra} card(s) down to eight", options,
                          extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))


def cleanup_discards_down_to_eight() -> MutantEngine:
    """In the cleanup step the active player discards down to eight cards, not seven
    (CR 514.1, 402.2)."""
    return _patched("cleanup-discards-down-to-eight", [
        (turn, "discard_to_hand_size", _discard_down_to_eight)])


# -- transforming back, a target word's state, last known information ---------------------------


def _transform_ignored(game: Any, ctx: Any, params: Any) -> Any:
    """The transform effect, doing nothing (an engine that never implemented it)."""
    yield from ()


def transform_effect_ignored() -> MutantEngine:
    """"Transform this artifact" does nothing: the permanent keeps the face it had (CR
    701.27a: it turns over to its other face)."""
    return _patched("transform-effect-ignored", [
        (effects.EFFECTS, "transform", _transform_ignored)])


def _candidates_without_state(game: Any, spec: Any, you: str, *,
                              exclude: str | None = None) -> list[str]:
    """targets.candidates for a filter without "tapped" and "attacking": every creature is
    offered for "target tapped creature" and "target attacking creature"."""
    plain = dataclasses.replace(spec, filter={k: v for k, v in spec.filter.items()
                                              if k not in ("tapped", "attacking")})
    return _CANDIDATES(game, plain, you, exclude=exclude)


_CANDIDATES = targets_module.candidates


def target_states_ignored() -> MutantEngine:
    """A target filter's state -- tapped, attacking -- is not looked at, as targets are
    offered, named with a cast or checked on resolution (CR 115.1, 608.2b)."""
    return _patched("target-states-ignored", [
        (targets_module, "candidates", _candidates_without_state),
        (effects, "candidates", _candidates_without_state)])


def _source_chars_while_there(self: Any, source: str) -> Any:
    """Game.source_chars without last known information: a source gone from the
    battlefield has no characteristics."""
    obj = self.state.objects.get(source)
    return self.chars(obj) if obj is not None else None


def gone_sources_without_keywords() -> MutantEngine:
    """An effect's source that left the battlefield is read as it is now, not as it last
    existed there: its lifelink and deathtouch are lost (CR 608.2h, 113.7a)."""
    return _patched("gone-sources-without-keywords", [
        (game_module.Game, "source_chars", _source_chars_while_there)])


def _discard_chosen_by_the_other_player(game: Any) -> Any:
    """turn.discard_to_hand_size, the cards chosen by the active player's opponent."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    extra = len(hand) - 7
    if extra <= 0:
        return
    options = tuple(Option(card_id, targets_module.label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", game.state.opponent(player),
                          f"discard {extra} card(s) down to seven", options, extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))


def cleanup_discard_chosen_by_the_other_player() -> MutantEngine:
    """The cards the active player discards in the cleanup step are chosen by another
    player (CR 514.1: the active player discards, choosing)."""
    return _patched("cleanup-discard-chosen-by-the-other-player", [
        (turn, "discard_to_hand_size", _discard_chosen_by_the_other_player)])


def _discard_the_newest(game: Any) -> Any:
    """turn.discard_to_hand_size, the cards last put into the hand discarded, no one asked."""
    player = game.state.active_player
    if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
        return
    hand = list(game.state.player(player).zones[Zone.HAND])
    for card_id in hand[7:]:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))
    yield from ()


def cleanup_discard_taken_without_asking() -> MutantEngine:
    """The cards the active player discards in the cleanup step are the last ones put into
    their hand, taken without asking (CR 514.1: the player discarding chooses)."""
    return _patched("cleanup-discard-taken-without-asking", [
        (turn, "discard_to_hand_size", _discard_the_newest)])


def _discard_whatever_the_maximum(game: Any) -> Any:
    """turn.discard_to_hand_size, "you have no maximum hand size" not looked at."""
    hand = list(game.state.player(game.state.active_player).zones[Zone.HAND])
    extra = len(hand) - 7
    if extra <= 0:
        return
    options = tuple(Option(card_id, targets_module.label(game, card_id)) for card_id in hand)
    chosen = yield Choice("cards", game.state.active_player,
                          f"discard {extra} card(s) down to seven", options, extra, extra)
    for card_id in chosen:
        game.move(game.state.objects[card_id], Zone.GRAVEYARD)
        game.events.append(Event("card_discarded", {"object": card_id}))


def no_maximum_hand_size_ignored() -> MutantEngine:
    """A player with "you have no maximum hand size" discards down to seven in their cleanup
    step anyway (CR 402.2)."""
    return _patched("no-maximum-hand-size-ignored", [
        (turn, "discard_to_hand_size", _discard_whatever_the_maximum)])


def _delayed_at_the_next_step(game: Any, event: Any) -> None:
    """triggers._delayed, but a delayed triggered ability triggers as the next step of its
    controller's turn begins, whichever step that is (CR 603.7, 513.1: "at the beginning of
    the next end step" triggers as the end step begins)."""
    if event.kind != "step_began":
        return
    state = game.state
    for delayed in list(state.delayed):
        if state.active_player != delayed.controller:
            continue
        state.delayed.remove(delayed)
        ability = triggers.Ability("triggered", 0, -1, {}, effects=delayed.effects,
                                   text=f"delayed trigger of {delayed.source_card.name}")
        state.pending_triggers.append(triggers.PendingTrigger(
            delayed.source, delayed.source_card, ability, delayed.controller,
            {"kind": "delayed", "objects": list(delayed.objects)}))


def delayed_trigger_at_the_next_step() -> MutantEngine:
    """A delayed triggered ability "at the beginning of the next end step" triggers as the
    next step of its controller's turn begins, whichever it is (CR 603.7, 513.1)."""
    return _patched("delayed-trigger-at-the-next-step", [
        (triggers, "_delayed", _delayed_at_the_next_step)])


def _no_first_lore_counter(game: Any, new: Any) -> None:
    """entering._first_lore_counter, doing nothing: a Saga enters with no lore counter."""


def saga_enters_without_lore() -> MutantEngine:
    """A Saga enters the battlefield with no lore counter, however it enters (CR 714.3a:
    its controller puts one on it as it enters)."""
    return _patched("saga-enters-without-lore", [
        (entering, "_first_lore_counter", _no_first_lore_counter)])


_SACRIFICE = effects.EFFECTS["sacrifice"]


def _sacrifice_remembered(game: Any, ctx: Any, params: Any) -> Any:
    """effects.EFFECTS["sacrifice"], remembering what it sacrificed (a new set each time, so
    that a probe's copy of the game never changes the game's)."""
    before = {o.id for o in game.state.permanents()}
    yield from _SACRIFICE(game, ctx, params)
    gone = before - {o.id for o in game.state.permanents()}
    game.__dict__["sacrificed"] = game.__dict__.get("sacrificed", frozenset()) | gone


def _dies_unless_sacrificed(game: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """The "dies" matcher, for creatures no effect sacrificed."""
    if str(event.data.get("object")) in game.__dict__.get("sacrificed", frozenset()):
        return False
    return bool(_DIES(game, obj, params, event, ability))


def sacrificed_creatures_do_not_die() -> MutantEngine:
    """A creature an effect sacrifices is put into its owner's graveyard, the zone change
    reported, but triggers no "dies" ability -- neither its own nor its controller's other
    permanents' (CR 700.4, 701.21a: put into a graveyard from the battlefield, it dies)."""
    return _patched("sacrificed-creatures-do-not-die", [
        (effects.EFFECTS, "sacrifice", _sacrifice_remembered),
        (triggers.MATCHERS, "dies", _dies_unless_sacrificed)])


def _first_lore_counter_unseen(game: Any, new: Any) -> None:
    """entering._first_lore_counter, the counter put on the Saga with no event: nothing
    sees it put, so its chapter I ability does not trigger."""
    if "Saga" in game.chars(new).subtypes:
        new.counters["lore"] = new.counters.get("lore", 0) + 1


def saga_chapter_one_untriggered() -> MutantEngine:
    """A Saga enters with its lore counter but its chapter I ability does not trigger (CR
    714.2b, 714.3a: it triggers as lore counters reach its number)."""
    return _patched("saga-chapter-one-untriggered", [
        (entering, "_first_lore_counter", _first_lore_counter_unseen)])


# -- activated abilities on the stack ---------------------------------------------------------

def _activate_resolving_at_once(game: Any, action: Any) -> Any:
    """casting.activate, the ability put on the stack resolving there and then."""
    before = len(game.state.stack)
    yield from _ACTIVATE(game, action)
    if len(game.state.stack) > before:
        yield from turn.resolve_top(game)


def activated_abilities_resolve_at_once() -> MutantEngine:
    """An activated ability that is not a mana ability resolves as it is activated, as a
    mana ability would: no player can respond to "{1}: Transform this creature" (CR 602.2,
    405.1, 605.3a)."""
    return _patched("activated-abilities-resolve-at-once", [
        (casting, "activate", _activate_resolving_at_once)])


_POWER_AND_TOUGHNESS = characteristics_module._power_and_toughness


# -- durations and where static abilities work ------------------------------------------------

def _cleanup_keeping_grants(game: Any) -> None:
    """turn._cleanup, with the "until end of turn" effects that give keywords kept: only
    those changing power and toughness alone end."""
    for obj in game.state.permanents():
        obj.damage = 0
        obj.damaged_by_deathtouch = False
    game.state.effects = [e for e in game.state.effects
                          if e.until != "end_of_turn" or e.keywords]
    turn.end_permissions(game)


def grants_outlast_the_turn() -> MutantEngine:
    """An "until end of turn" effect that gives keywords ("gets +1/+0 and gains first
    strike until end of turn") is kept, whole, after the cleanup step (CR 514.2, 611.2a:
    it ends then, whatever it gives)."""
    return _patched("grants-outlast-the-turn", [(turn, "_cleanup", _cleanup_keeping_grants)])


_COMBAT_DEAL = combat._deal


def _deal_with_lifelink_for_the_largest_share(game: Any, assignments: list[Any]) -> None:
    """combat._deal, a source with lifelink gaining its controller the life of its largest
    share of combat damage only: its other shares are dealt as if it had no lifelink."""
    largest: dict[str, int] = {}
    for index, (source, chars, _controller, _target, amount) in enumerate(assignments):
        if chars is not None and "Lifelink" in chars.keywords and (
                source not in largest or amount > assignments[largest[source]][4]):
            largest[source] = index
    _COMBAT_DEAL(game, [
        (source, chars if chars is None or source not in largest or largest[source] == index
         else dataclasses.replace(chars, keywords=tuple(k for k in chars.keywords
                                                        if k != "Lifelink")),
         controller, target, amount)
        for index, (source, chars, controller, target, amount) in enumerate(assignments)])


def lifelink_for_one_share_of_combat_damage() -> MutantEngine:
    """A creature with lifelink that divides its combat damage among several creatures or
    players gains its controller the life of its largest share only (CR 702.15b, 510.2: all
    the damage a source with lifelink deals makes its controller gain that much life)."""
    return _patched("lifelink-for-one-share-of-combat-damage", [
        (combat, "_deal", _deal_with_lifelink_for_the_largest_share)])


def _cleanup_ending_effects_before_damage(game: Any) -> None:
    """turn._cleanup, the "until end of turn" effects ended and state-based actions checked
    before damage wears off."""
    game.state.effects = [e for e in game.state.effects if e.until != "end_of_turn"]
    turn.state_based_actions(game)
    _CLEANUP(game)


def pumps_end_before_damage_wears_off() -> MutantEngine:
    """In the cleanup step, "until end of turn" effects end and state-based actions are
    checked before damage wears off: a 2/2 given +3/+3 and dealt 2 damage dies as the turn
    ends (CR 514.2: both happen at the same time, and 514.3: state-based actions are checked
    only afterwards)."""
    return _patched("pumps-end-before-damage-wears-off", [
        (turn, "_cleanup", _cleanup_ending_effects_before_damage)])


def _power_and_toughness_from_libraries(game: Any, obj: Any, base: Any,
                                        abilities: Any) -> tuple[int, int]:
    """characteristics._power_and_toughness, looking for anthems among the cards of
    libraries and graveyards too."""
    power, toughness = _POWER_AND_TOUGHNESS(game, obj, base, abilities)
    stranded = [game.objects[i] for p in game.players
                for zone in (Zone.LIBRARY, Zone.GRAVEYARD) for i in p.zones[zone]]
    more, tougher = _anthems(stranded, lambda source: source.owner, obj, base, abilities)
    return power + more, toughness + tougher


def _anthems(sources: Any, whose: Any, obj: Any, base: Any, abilities: Any) -> tuple[int, int]:
    """What the anthems (static abilities changing the power and toughness of a player's
    creatures) of ``sources`` whose player (``whose``) controls ``obj`` add to it."""
    power = toughness = 0
    for source in sources:
        for ability in characteristics_module._printed(source, abilities):
            anthem = ability.params.get("anthem") if ability.kind == "static" else None
            if anthem and whose(source) == obj.controller \
                    and characteristics_module._matches(base, anthem):
                power += int(anthem.get("power", 0))
                toughness += int(anthem.get("toughness", 0))
    return power, toughness


def anthems_work_from_libraries() -> MutantEngine:
    """A static ability changing power and toughness works from its owner's library and
    graveyard as well as from the battlefield (CR 113.6: a permanent's static abilities
    function only on the battlefield)."""
    return _patched("anthems-work-from-libraries", [
        (characteristics_module, "_power_and_toughness", _power_and_toughness_from_libraries)])


def _power_and_toughness_without_anthems_for_tokens(game: Any, obj: Any, base: Any,
                                                    abilities: Any) -> tuple[int, int]:
    """characteristics._power_and_toughness, leaving a token out of its controller's
    anthems."""
    power, toughness = _POWER_AND_TOUGHNESS(game, obj, base, abilities)
    if not obj.token:
        return power, toughness
    more, tougher = _anthems(game.permanents(), lambda source: source.controller, obj, base,
                             abilities)
    return power - more, toughness - tougher


def anthems_leave_out_tokens() -> MutantEngine:
    """A static ability changing the power and toughness of its controller's creatures
    ("Creatures you control get +1/+1") leaves creature tokens out (CR 111.6, 613.4c: a
    token is subject to what affects permanents in general)."""
    return _patched("anthems-leave-out-tokens", [
        (characteristics_module, "_power_and_toughness",
         _power_and_toughness_without_anthems_for_tokens)])


# -- library searches ------------------------------------------------------------------------

_SEARCH_LIBRARY = effects.EFFECTS["search_library"]


def _search_into_the_graveyard(game: Any, ctx: Any, params: Any) -> Any:
    """The search_library effect, what it finds put into the graveyard."""
    yield from _SEARCH_LIBRARY(game, ctx, {**params, "to": "graveyard"})


def searched_cards_put_into_the_graveyard() -> MutantEngine:
    """A card found by a library search goes to its owner's graveyard, wherever the
    instruction puts it (CR 701.23a, 608.2c)."""
    return _patched("searched-cards-put-into-the-graveyard", [
        (effects.EFFECTS, "search_library", _search_into_the_graveyard)])


def _search_finding_one(game: Any, ctx: Any, params: Any) -> Any:
    """The search_library effect, its choice asking for at least one card when it offers
    one."""
    flow = _SEARCH_LIBRARY(game, ctx, params)
    try:
        choice = next(flow)
        while True:
            if choice.options and choice.min == 0:
                choice = dataclasses.replace(choice, min=1)
            choice = flow.send((yield choice))
    except StopIteration as done:
        return done.value


def searches_must_find_a_card() -> MutantEngine:
    """A library search for cards of a stated quality must find one when the library holds
    one (CR 701.23b: a player searching a hidden zone for a stated quality may find none)."""
    return _patched("searches-must-find-a-card", [
        (effects.EFFECTS, "search_library", _search_finding_one)])


# -- combat: when players lose ----------------------------------------------------------------


def _change_life_losing_at_once(game: Any, player: str, amount: int) -> None:
    """damage.change_life, the player losing as soon as their life is 0 or less."""
    if not amount:
        return
    someone = game.state.player(player)
    someone.life += amount
    game.emit("life_changed", player=player, amount=amount)
    if someone.life <= 0 and not someone.lost:
        someone.lost = True
        game.events.append(Event("player_lost", {"player": player}))


def players_lose_in_the_middle_of_an_event() -> MutantEngine:
    """A player loses the moment their life total reaches 0, in the middle of the combat
    damage event, whatever life lifelink gains them in the same event (CR 510.2, 704.3,
    704.5a: the loss is a state-based action, checked after the whole event)."""
    return _patched("players-lose-in-the-middle-of-an-event", [
        (damage, "change_life", _change_life_losing_at_once),
        (life, "change_life", _change_life_losing_at_once)])


def _turn_face_up_summoning_sick(game: Any, action: Any) -> Any:
    """casting.turn_face_up, then the permanent is summoning sick."""
    yield from _TURN_FACE_UP(game, action)
    obj = game.state.objects.get(action.object)
    if obj is not None and not obj.face_down:
        obj.summoning_sick = True


def turning_face_up_makes_summoning_sick() -> MutantEngine:
    """A permanent turned face up is summoning sick, as if it had just come under its
    controller's control: a creature face down since the turn began can't attack once
    turned face up (CR 708.8, 302.6)."""
    return _patched("turning-face-up-makes-summoning-sick", [
        (casting, "turn_face_up", _turn_face_up_summoning_sick)])


_NEXT_TURN = turn._next_turn


def _next_turn_keeping_spells_cast(game: Any) -> None:
    """turn._next_turn, then each player's spells cast before are still counted."""
    kept = {player.name: list(player.spells_cast_this_turn) for player in game.state.players}
    _NEXT_TURN(game)
    for player in game.state.players:
        player.spells_cast_this_turn[:0] = kept[player.name]


def spells_cast_counted_in_later_turns() -> MutantEngine:
    """The spells a player cast are never forgotten as turns begin: a "first ... spell you
    cast each turn" reduction used once applies in no later turn (CR 601.2f: "each turn"
    counts the spells cast this turn)."""
    return _patched("spells-cast-counted-in-later-turns", [
        (turn, "_next_turn", _next_turn_keeping_spells_cast)])


# -- activating abilities: who, and with what ------------------------------------------------

def _activate_untapping(game: Any, action: Any) -> Any:
    """casting.activate, the permanent untapped first (its {T} then paid again)."""
    obj = game.state.objects.get(action.object)
    if obj is not None:
        obj.tapped = False
    return (yield from _ACTIVATE(game, action))


def _refused_early_as_untapped(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, as if the permanent were untapped."""
    obj = game.state.objects.get(action.object)
    was = obj.tapped if obj is not None else False
    if obj is not None:
        obj.tapped = False
    try:
        return _REFUSED_EARLY(game, action)
    finally:
        if obj is not None:
            obj.tapped = was


def tapped_permanents_pay_tap_costs() -> MutantEngine:
    """A tapped permanent pays the {T} in its ability's cost again (CR 107.5, 118.3, 602.2b:
    a cost with {T} can be paid only by an untapped permanent)."""
    return _patched("tapped-permanents-pay-tap-costs", [
        (casting, "activation_refused_early", _refused_early_as_untapped),
        (casting, "activate", _activate_untapping)])


def _activate_with_spell_reductions(game: Any, action: Any) -> Any:
    """casting.activate, its mana cost less the generic mana its controller's reductions of
    spells' costs take off (whatever spells they name)."""
    _obj, ability = _REFUSED_EARLY(game, action)
    mana = ability.params.get("mana")
    if mana and "X" not in mana:
        generic = casting.Cost.of(mana).generic
        off = sum(int(rule.get("generic", 0)) for _p, _a, rule
                  in game.statics("cost_reduction", controller=action.player))
        if min(generic, off):
            game.state.player(action.player).pool.add(f"{{{min(generic, off)}}}")
    return (yield from _ACTIVATE(game, action))


def spell_reductions_reduce_abilities() -> MutantEngine:
    """A reduction of the cost of spells ("creature spells you cast cost {2} less") reduces
    the mana cost of activated abilities too (CR 601.2f, 602.2b: it applies to the spells it
    names; an ability is not a spell)."""
    return _patched("spell-reductions-reduce-abilities", [
        (casting, "activate", _activate_with_spell_reductions)])


def _refused_early_for_anyone(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, as if the player controlled the permanent."""
    obj = game.state.objects.get(action.object)
    was = obj.controller if obj is not None else None
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        obj.controller = action.player
    try:
        return _REFUSED_EARLY(game, action)
    finally:
        if obj is not None:
            obj.controller = was


def abilities_of_others_activatable() -> MutantEngine:
    """A player may activate the abilities of another player's permanents (CR 602.2: a
    player activates abilities of objects they control)."""
    return _patched("abilities-of-others-activatable", [
        (casting, "activation_refused_early", _refused_early_for_anyone)])


def _activate_leaving_tap_unpaid(game: Any, action: Any) -> Any:
    """casting.activate, the {T} of an ability that is no mana ability checked but not paid:
    the permanent stays untapped."""
    obj = game.state.objects.get(action.object)
    untapped = obj is not None and not obj.tapped
    result = yield from _ACTIVATE(game, action)
    if untapped and obj.zone is Zone.BATTLEFIELD:
        ability = casting.activated_abilities(game, obj)[action.ability]
        if ability.params.get("tap") and not ability.params.get("mana_ability"):
            obj.tapped = False
    return result


def tap_costs_left_unpaid() -> MutantEngine:
    """An ability's {T} is checked (a tapped permanent can't pay it) but not paid: the
    permanent stays untapped after its ability is activated (CR 602.2b, 601.2h)."""
    return _patched("tap-costs-left-unpaid", [
        (casting, "activate", _activate_leaving_tap_unpaid)])


_MODIFY_PT = effects.EFFECTS["modify_pt"]


def _modify_pt_without_keywords(game: Any, ctx: Any, params: Any) -> Any:
    """The modify_pt effect, the keywords it gives left out."""
    return (yield from _MODIFY_PT(game, ctx, {k: v for k, v in params.items() if k != "gains"}))


def pumps_drop_their_keywords() -> MutantEngine:
    """A change of power and toughness that also gives keywords ("gets +1/+1 and gains
    double strike until end of turn") gives only the change (CR 608.2c, 611.2a: the spell
    does all it says)."""
    return _patched("pumps-drop-their-keywords", [
        (effects.EFFECTS, "modify_pt", _modify_pt_without_keywords)])


_PASS_PRIORITY = turn.pass_priority


def _pass_priority_needing_three(game: Any, action: Any) -> Any:
    """turn.pass_priority, counting the first pass after an action as none."""
    state = game.state
    if state.priority == action.player and state.passes == 0 and not state.__dict__.get(
            "counted"):
        state.__dict__["counted"] = True
        game.events.append(Event("priority_passed", {"player": action.player}))
        names = [p.name for p in state.players]
        state.priority = names[(names.index(action.player) + 1) % len(names)]
        return
    state.__dict__.pop("counted", None)
    yield from _PASS_PRIORITY(game, action)


def one_pass_too_many() -> MutantEngine:
    """The top of the stack resolves, or the step ends, only after one more pass than there
    are players (CR 117.4: when all players pass in succession)."""
    return _patched("one-pass-too-many", [(turn, "pass_priority", _pass_priority_needing_three)])


def _refused_outside_sorcery_timing(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, then every ability refused outside sorcery
    timing."""
    found = _REFUSED_EARLY(game, action)
    casting._sorcery_timing(game, action.player)
    return found


def abilities_only_at_sorcery_speed() -> MutantEngine:
    """Every activated ability may be activated only as a sorcery (CR 117.1b, 602.2: an
    ability may be activated whenever its controller has priority, unless it says
    otherwise)."""
    return _patched("abilities-only-at-sorcery-speed", [
        (casting, "activation_refused_early", _refused_outside_sorcery_timing)])


_ENTER_AS_COPY = entering._enter_as_copy


def _enter_as_copy_of_anything(game: Any, new: Any, params: Any) -> Any:
    """entering._enter_as_copy, offering every other permanent whatever the text names."""
    rule = {k: v for k, v in params["copy"].items() if k in ("optional", "add_types")}
    return (yield from _ENTER_AS_COPY(game, new, {**params, "copy": rule}))


def clones_offer_every_permanent() -> MutantEngine:
    """"Enter as a copy of any creature on the battlefield" offers every permanent there
    (CR 707.2, 614.1c: the effect names what may be copied)."""
    return _patched("clones-offer-every-permanent", [
        (entering, "_enter_as_copy", _enter_as_copy_of_anything)])


_DAMAGE = effects.EFFECTS["damage"]


def _damage_sparing_the_controller(game: Any, ctx: Any, params: Any) -> Any:
    """The damage effect, "each player" read as "each opponent"."""
    if params.get("to") == "each_player":
        params = {**params, "to": "each_opponent"}
    return (yield from _DAMAGE(game, ctx, params))


def damage_to_each_player_spares_its_controller() -> MutantEngine:
    """"Deals N damage to each player" deals none to the controller of the spell (CR 120.3a,
    608.2c: each player is dealt the damage)."""
    return _patched("damage-to-each-player-spares-its-controller", [
        (effects.EFFECTS, "damage", _damage_sparing_the_controller)])


def _refused_early_mana_without_priority(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, a mana ability let through without priority."""
    state = game.state
    obj = state.objects.get(action.object)
    abilities = casting.activated_abilities(game, obj) if obj is not None else []
    mana = 0 <= action.ability < len(abilities) \
        and bool(abilities[action.ability].params.get("mana_ability"))
    was = state.priority
    if mana and obj is not None and obj.controller == action.player:
        state.priority = action.player
    try:
        return _REFUSED_EARLY(game, action)
    finally:
        state.priority = was


def mana_abilities_without_priority() -> MutantEngine:
    """A player may activate a mana ability while another player has priority and no cost
    is being paid (CR 605.3a: whenever they have priority or are asked to pay a cost)."""
    return _patched("mana-abilities-without-priority", [
        (casting, "activation_refused_early", _refused_early_mana_without_priority)])


def _candidates_any_permanent(game: Any, spec: Any, you: str, *,
                              exclude: str | None = None) -> list[str]:
    """targets.candidates, "any target" taking every permanent and player."""
    if spec.what != "any":
        return _CANDIDATES(game, spec, you, exclude=exclude)
    players = [targets_module.PLAYER_PREFIX + p.name for p in game.state.players]
    return [obj.id for obj in game.state.permanents() if obj.id != exclude] + players


def any_target_takes_every_permanent() -> MutantEngine:
    """"Any target" takes every permanent, an artifact or a land too (CR 115.4: a creature,
    a player, a planeswalker or a battle)."""
    return _patched("any-target-takes-every-permanent", [
        (targets_module, "candidates", _candidates_any_permanent),
        (effects, "candidates", _candidates_any_permanent)])


def _convoke_helpers_tapped_too(game: Any, player: str) -> list[Any]:
    """convoke.helpers, tapped creatures included."""
    return [obj for obj in game.state.permanents()
            if obj.controller == player and obj.zone is Zone.BATTLEFIELD
            and "Creature" in game.chars(obj).types]


def convoke_offers_tapped_creatures() -> MutantEngine:
    """Convoke offers the caster's tapped creatures too (CR 702.51a: each untapped creature
    tapped this way pays)."""
    from conformance.engines.reference import convoke as convoke_module

    return _patched("convoke-offers-tapped-creatures", [
        (convoke_module, "helpers", _convoke_helpers_tapped_too)])
