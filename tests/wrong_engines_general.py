"""Wrong engines for ``tests/properties/test_general_rules_kills.py``: the reference engine
with one rule of the Comprehensive Rules broken in general, as independent engines have
broken it (the seventh held-out batch's survivors are one case of each)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.engines.reference import (
    casting, characteristics, combat, convoke, effects, entering, lands, life, mana, rooms,
    targets, triggers, turn,
)
from conformance.engines.reference.targets import matches
from conformance.engines.reference.state import PendingTrigger, StackAbility
from conformance.contract.types import Choice, Event, Option
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Zone
from conformance.mutants import MutantEngine

_DRAW_CARDS = effects.draw_cards
_ENTER_AS_COPY = entering._enter_as_copy
_ACTIVATION_REFUSED_EARLY = casting.activation_refused_early
_LEAVES = triggers.MATCHERS["leaves_battlefield"]
_STATE_BASED_ACTIONS = turn.state_based_actions
_CHOOSE_TARGETS = triggers.choose_targets
_ORDER_TRIGGERS = triggers.order_triggers


def _draw_cards_forgetting_an_empty_library(game: Any, player_name: str, count: int) -> None:
    """effects.draw_cards, but a draw from an empty library is not remembered: a spell or
    ability drawing past the library costs nothing (CR 704.5b, 121.4 forgotten)."""
    player = game.state.player(player_name)
    drew = player.drew_from_empty_library
    _DRAW_CARDS(game, player_name, count)
    player.drew_from_empty_library = drew


def effect_draws_never_lose() -> MutantEngine:
    """Drawing from an empty library loses only in the draw step: a spell or ability that
    makes a player draw more cards than their library holds does not make them lose."""
    return MutantEngine("effect-draws-never-lose", [
        (effects, "draw_cards", _draw_cards_forgetting_an_empty_library)])


def _enter_as_copy_taking_token_status(game: Any, new: Any, params: Any) -> Any:
    """entering._enter_as_copy, the permanent becoming a token when what it copies is one
    (as if being a token were copied: CR 111.1, 707.2 forgotten)."""
    flow = _ENTER_AS_COPY(game, new, params)
    chosen: tuple[str, ...] = ()
    try:
        request = next(flow)
        while True:
            chosen = tuple((yield request))
            request = flow.send(chosen)
    except StopIteration:
        pass
    objects = game.state.objects
    if any(i in objects and objects[i].token for i in chosen):
        new.token = True


def copies_of_tokens_are_tokens() -> MutantEngine:
    """A card entering as a copy of a token is a token: it ceases to exist as it leaves the
    battlefield."""
    return MutantEngine("copies-of-tokens-are-tokens", [
        (entering, "_enter_as_copy", _enter_as_copy_taking_token_status)])


def _strikes_by_keywords_now(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """combat._strikes_now, the regular step's strikers read from the keywords creatures
    have then (CR 510.4, 702.7c forgotten)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return "Double strike" in keywords or "First strike" not in keywords


def first_strike_read_in_the_regular_step() -> MutantEngine:
    """Who deals combat damage in the regular step is read from the keywords creatures have
    then: one that gained first strike after the first-strike step deals none."""
    return MutantEngine("first-strike-read-in-the-regular-step", [
        (combat, "_strikes_now", _strikes_by_keywords_now)])


def _everyone_strikes_first(chars: Any, first_step: bool, dealt_first: bool) -> bool:
    """combat._strikes_now, every creature dealing its damage in the first-strike step when
    some creature in the combat has first strike (CR 510.4 forgotten)."""
    return True if first_step else "Double strike" in chars.keywords or not dealt_first


def every_creature_strikes_first() -> MutantEngine:
    """When a creature in combat has first strike or double strike, every creature deals
    its combat damage in the first-strike step: a first striker dies with the creature it
    kills first."""
    return MutantEngine("every-creature-strikes-first", [
        (combat, "_strikes_now", _everyone_strikes_first)])


def _check_once_per_condition(game: Any, event: Any) -> None:
    """triggers.check, an ability triggering once for each of its trigger conditions the
    event meets (CR 603.2c forgotten)."""
    triggers._delayed(game, event)
    for obj, chars, departed in triggers._sources(game, event):
        for ability in chars.ability_defs:
            if ability.kind != "triggered":
                continue
            if departed and not any(n in triggers.LOOKS_BACK for n, _ in ability.events):
                continue
            times = sum(int(triggers.MATCHERS[name](game, obj, params, event, ability))
                        for name, params in ability.events)
            if not times or ability.condition and not triggers.condition_holds(
                    game, obj.controller, obj.id, ability.condition):
                continue
            for _ in range(times * (1 + triggers.additional_instances(game, obj, event))):
                game.state.pending_triggers.append(PendingTrigger(
                    obj.id, obj.copiable_card, ability, obj.controller,
                    dict(event.data, kind=event.kind)))
                game.events.append(Event("ability_triggered", {
                    "source": obj.id, "ability": ability.index, "text": ability.text}))


def triggers_once_per_condition() -> MutantEngine:
    """An ability with two trigger conditions triggers twice for an event meeting both:
    "whenever this creature or another enchantment you control enters" on its own
    entering."""
    return MutantEngine("triggers-once-per-condition", [(triggers, "check", _check_once_per_condition)])


def _always_fighting(game: Any) -> bool:
    """combat.has_attackers, true whether or not a creature attacks."""
    return True


def combat_steps_without_attackers() -> MutantEngine:
    """The declare blockers and combat damage steps happen whether or not a creature
    attacks (CR 508.8 forgotten): with no attackers, passing on from the declare attackers
    step, or asking for the combat damage step, reaches them."""
    return MutantEngine("combat-steps-without-attackers", [
        (combat, "has_attackers", _always_fighting)])


def _refused_early_whoever_controls(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, as if the player activating controlled the
    permanent."""
    obj = game.state.objects.get(action.object)
    if obj is None or obj.controller == action.player:
        return _ACTIVATION_REFUSED_EARLY(game, action)
    controller, obj.controller = obj.controller, action.player
    try:
        return _ACTIVATION_REFUSED_EARLY(game, action)
    finally:
        obj.controller = controller


def abilities_activated_by_anyone() -> MutantEngine:
    """Who controls a permanent is not looked at as its ability is activated (CR 602.2
    forgotten): a player with priority may activate another player's permanent's
    abilities."""
    return MutantEngine("abilities-activated-by-anyone", [
        (casting, "activation_refused_early", _refused_early_whoever_controls)])


def _mana_value_counting_each_half(cost: Any, x: int = 0) -> int:
    """mana.mana_value, counting each half of a hybrid symbol."""
    return sum(len(s.split("/")) if "/" in s and not s.endswith("/P") else
               mana.symbol_value(s, x) for s in mana.symbols(cost))


def hybrid_counted_for_each_half() -> MutantEngine:
    """A hybrid symbol counts each of its halves in a mana value (CR 202.3f forgotten: it
    counts as its largest component): {1}{W/B}{W/B} has mana value 5."""
    return MutantEngine("hybrid-counted-for-each-half", [
        (mana, "mana_value", _mana_value_counting_each_half)])


def _graveyard_permission_for_lands_too(game: Any, player: str, chars: Any) -> Any:
    """casting.graveyard_permission, a land taken as a permanent spell its filter matches."""
    used = game.state.player(player).used_once_per_turn
    for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
        if rule.get("once_per_turn") and ((permanent.id, ability.index) in used
                                          or game.state.active_player != player):
            continue
        if rule.get("lands") or matches(chars, rule):
            return permanent, ability
    return None


def cast_permission_plays_lands() -> MutantEngine:
    """A permission to cast permanent spells from a graveyard lets a land card be played from
    there, a land card being a permanent card (CR 305.1, 601.3 forgotten: a land is played,
    never cast)."""
    return MutantEngine("cast-permission-plays-lands", [
        (lands, "graveyard_permission", _graveyard_permission_for_lands_too)])


def leaves_abilities_only_as_dying() -> MutantEngine:
    """"When this leaves the battlefield" read as "when this dies" (CR 603.6c forgotten: a
    permanent leaves the battlefield to any zone): returned to a hand, exiled or put into a
    library, it triggers nothing."""
    return MutantEngine("leaves-abilities-only-as-dying", [
        (triggers.MATCHERS, "leaves_battlefield", triggers.MATCHERS["dies"])])


def _leaves_any_of_its_card(game: Any, obj: Any, params: Any, event: Any, ability: Any) -> bool:
    """triggers' leaves-the-battlefield matcher, "this" read as any permanent of the same
    card."""
    if params != "this" or event.kind != "zone_changed" \
            or event.data["from"] != "battlefield":
        return bool(_LEAVES(game, obj, params, event, ability))
    known = game.departed.get(str(event.data["object"]))
    return known is not None and known[0].card == obj.card


def leaves_abilities_of_every_copy_of_a_card() -> MutantEngine:
    """"This" in "when this leaves the battlefield" read as any permanent of the same card
    (CR 201.5 forgotten): when one of two Circuit Menders leaves, both trigger."""
    return MutantEngine("leaves-abilities-of-every-copy-of-a-card", [
        (triggers.MATCHERS, "leaves_battlefield", _leaves_any_of_its_card)])


def _may_done_whatever_the_answer(game: Any, ctx: Any, params: Any) -> Any:
    """effects' "may", carrying the effects out whatever the answer."""
    options = (Option("yes", "yes"), Option("no", "no"))
    yield Choice("option", ctx.controller, "do it?", options)
    yield from effects.run_effects(game, ctx, tuple(params))


def optional_effects_always_done() -> MutantEngine:
    """"You may" asked and then ignored (CR 608.2d forgotten): the effect is carried out
    whatever its controller answers."""
    return MutantEngine("optional-effects-always-done", [
        (effects.EFFECTS, "may", _may_done_whatever_the_answer)])


def _may_asked_of_the_active_player(game: Any, ctx: Any, params: Any) -> Any:
    """effects' "may", asked of the active player whoever controls it."""
    options = (Option("yes", "yes"), Option("no", "no"))
    (answer,) = yield Choice("option", game.state.active_player, "do it?", options)
    if answer == "yes":
        yield from effects.run_effects(game, ctx, tuple(params))


def optional_effects_asked_of_the_active_player() -> MutantEngine:
    """"You may" asked of the player whose turn it is (CR 608.2d forgotten: "you" is the
    controller of the spell or ability)."""
    return MutantEngine("optional-effects-asked-of-the-active-player", [
        (effects.EFFECTS, "may", _may_asked_of_the_active_player)])


def _state_based_actions_losing_to_damage_only(game: Any) -> bool:
    """turn.state_based_actions, a player at 0 or less life that no damage of the action
    took there left in the game."""
    hit = {str(e.data.get("to")) for e in game.events if e.kind == "damage_dealt"}
    spared = [(p, p.life) for p in game.state.players if p.life <= 0 and not p.lost
              and p.name not in hit and f"player:{p.name}" not in hit]
    for player, _life in spared:
        player.life = 1
    try:
        return bool(_STATE_BASED_ACTIONS(game))
    finally:
        for player, life in spared:
            player.life = life


def life_loss_never_loses() -> MutantEngine:
    """A player loses for 0 or less life only when damage took them there (CR 119.3, 704.5a
    forgotten: whatever made them lose the life): a player whom a spell or ability makes lose
    life down to 0 stays in the game."""
    return MutantEngine("life-loss-never-loses", [
        (turn, "state_based_actions", _state_based_actions_losing_to_damage_only)])


def _targets_chosen_by_the_active_player(game: Any, spec: Any, player: str, *args: Any,
                                         **kwargs: Any) -> Any:
    """targets.choose_targets as triggers calls it, the active player choosing."""
    return _CHOOSE_TARGETS(game, spec, game.state.active_player, *args, **kwargs)


def trigger_targets_chosen_by_the_active_player() -> MutantEngine:
    """A triggered ability's targets chosen by the player whose turn it is (CR 603.3d
    forgotten: its controller chooses them as it is put on the stack)."""
    return MutantEngine("trigger-targets-chosen-by-the-active-player", [
        (triggers, "choose_targets", _targets_chosen_by_the_active_player)])


def _ordered_by_the_active_player(game: Any, player: str, waiting: Any) -> Any:
    """triggers.order_triggers, the order asked of the player whose turn it is."""
    return _ORDER_TRIGGERS(game, game.state.active_player, waiting)


def trigger_order_chosen_by_the_active_player() -> MutantEngine:
    """Each player's simultaneous triggered abilities put on the stack in the order the
    player whose turn it is chooses (CR 603.3b forgotten: each player orders their own)."""
    return MutantEngine("trigger-order-asked-of-the-active-player", [
        (triggers, "order_triggers", _ordered_by_the_active_player)])


#: By game: (the prompt of the last triggered ability's targets, the stack's size then,
#: the targets chosen).
_LAST_TRIGGER_TARGETS: dict[int, tuple[str, int, Any]] = {}


def _instances_sharing_targets(game: Any, spec: Any, player: str, given: Any, prompt: str,
                               **kwargs: Any) -> Any:
    """targets.choose_targets as triggers calls it, an instance of the ability just put on
    the stack reusing the targets chosen for it."""
    size = len(game.state.stack)
    last = _LAST_TRIGGER_TARGETS.get(id(game))
    if last is not None and last[0] == prompt and last[1] + 1 == size and last[2] is not None:
        _LAST_TRIGGER_TARGETS[id(game)] = (prompt, size, last[2])
        return last[2]
    chosen = yield from _CHOOSE_TARGETS(game, spec, player, given, prompt, **kwargs)
    _LAST_TRIGGER_TARGETS[id(game)] = (prompt, size, chosen)
    return chosen


def trigger_instances_share_targets() -> MutantEngine:
    """The additional instances of a triggered ability (a trigger doubler's) go on the stack
    with the targets chosen for the first (CR 603.2d, 603.3d forgotten: each instance's
    targets are chosen as it is put on the stack)."""
    return MutantEngine("trigger-instances-share-targets", [
        (triggers, "choose_targets", _instances_sharing_targets)])


_ENTERS = triggers.MATCHERS["enters"]


def _enters_unless_face_down(game: Any, obj: Any, params: Any, event: Any,
                             ability: Any) -> bool:
    """triggers.MATCHERS["enters"], a permanent entering face down matching nothing."""
    if event.kind == "zone_changed" and event.data.get("to") == Zone.BATTLEFIELD.value:
        entering = game.state.objects.get(str(event.data.get("new_object")))
        if entering is not None and entering.face_down and params != "this":
            return False
    return bool(_ENTERS(game, obj, params, event, ability))


def face_down_creatures_enter_unseen() -> MutantEngine:
    """A creature entering face down triggers no "whenever another creature enters" ability,
    as if it had no characteristics at all (CR 708.2 forgotten: it is a 2/2 creature)."""
    return MutantEngine("face-down-creatures-enter-unseen", [
        (triggers.MATCHERS, "enters", _enters_unless_face_down)])


_TOTAL_COST = casting.total_cost


def _total_cost_increases_by_name(game: Any, player: str, spell: Any, chars: Any,
                                  base: Any) -> Any:
    """casting.total_cost, the cost increases of permanents of one name counted once."""
    cost = _TOTAL_COST(game, player, spell, chars, base)
    seen: set[str] = set()
    for permanent, _ability, rule in game.statics("cost_increase"):
        if not matches(chars, rule):
            continue
        if permanent.card.name in seen:
            cost = cost.reduced(int(rule.get("generic", 0)))
        seen.add(permanent.card.name)
    return cost


def cost_increases_counted_once_per_name() -> MutantEngine:
    """Two permanents of one name each saying "noncreature spells cost {1} more" (a Thalia
    on each side) make such a spell cost {1} more, not {2} (CR 601.2f: each increase
    applies)."""
    return MutantEngine("cost-increases-counted-once-per-name", [
        (casting, "total_cost", _total_cost_increases_by_name)])


def _sacrifice_waits_for_sickness(game: Any, action: Any) -> Any:
    """casting.activation_refused_early, a sacrifice cost refused as a {T} cost is while
    the creature has summoning sickness."""
    obj, ability = _ACTIVATION_REFUSED_EARLY(game, action)
    if ability.params.get("sacrifice") and casting.summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def sacrifice_costs_wait_for_summoning_sickness() -> MutantEngine:
    """A creature with summoning sickness can't pay a cost of sacrificing itself, as if it
    were {T} (CR 302.6, 602.5a: only {T} and {Q} costs wait): Mogg Fanatic can't be
    sacrificed the turn it enters."""
    return MutantEngine("sacrifice-costs-wait-for-summoning-sickness", [
        (casting, "activation_refused_early", _sacrifice_waits_for_sickness)])


_COMBAT_DAMAGE_MATCHER = triggers.MATCHERS["combat_damage_to_player"]


def _one_or_more_once_per_combat(game: Any, obj: Any, params: Any, event: Any,
                                 ability: Any) -> bool:
    """triggers.MATCHERS["combat_damage_to_player"], "one or more creatures you control"
    matched in the first combat damage step of a combat with first strike only."""
    fighting = game.state.combat
    if params != "this" and fighting is not None and fighting.regular_done \
            and fighting.dealt_first:
        return False
    return bool(_COMBAT_DAMAGE_MATCHER(game, obj, params, event, ability))


def combat_damage_triggers_once_per_combat() -> MutantEngine:
    """"Whenever one or more creatures you control deal combat damage to a player" triggers
    once per combat: a creature with double strike triggers it in the first-strike damage
    step only (CR 510.3a: it triggers in each combat damage step in which such damage is
    dealt)."""
    return MutantEngine("combat-damage-triggers-once-per-combat", [
        (triggers.MATCHERS, "combat_damage_to_player", _one_or_more_once_per_combat)])


_CHECK_ATTACKERS = combat.check_attackers
_CREATURE = combat._creature
_TRANSFORM = effects.EFFECTS["transform"]


def _attackers_checked_as_the_active_players(game: Any, action: Any) -> Any:
    """combat.check_attackers, whoever declares taken for the active player."""
    state = game.state
    active = state.active_player
    state.active_player = action.player
    try:
        return _CHECK_ATTACKERS(game, action)
    finally:
        state.active_player = active


def attackers_declared_by_either_player() -> MutantEngine:
    """Any player may declare attackers, with their own creatures, in any player's turn
    (CR 508.1 forgotten: the active player declares them)."""
    return MutantEngine("attackers-declared-by-either-player", [
        (combat, "check_attackers", _attackers_checked_as_the_active_players)])


def _attacking_creature_of_anyone(game: Any, object_id: str, player: str, role: str) -> Any:
    """combat._creature, an attacker of any controller's taken for the declaring player's."""
    obj = game.state.objects.get(object_id)
    if role == "attack" and obj is not None and obj.controller != player:
        return _CREATURE(game, object_id, obj.controller, role)
    return _CREATURE(game, object_id, player, role)


def attackers_of_any_controller() -> MutantEngine:
    """The active player may declare another player's untapped creatures as attackers
    (CR 508.1a: the active player chooses which creatures that they control attack)."""
    return MutantEngine("attackers-of-any-controller", [
        (combat, "_creature", _attacking_creature_of_anyone)])


def _any_permanent_in_combat(game: Any, object_id: str, player: str, role: str) -> Any:
    """combat._creature, an untapped noncreature permanent of the player passing too."""
    obj = game.state.objects.get(object_id)
    if obj is not None and obj.zone is Zone.BATTLEFIELD and obj.controller == player \
            and not obj.tapped:
        return obj, game.chars(obj)
    return _CREATURE(game, object_id, player, role)


def noncreature_permanents_in_combat() -> MutantEngine:
    """Attackers and blockers are checked for being untapped permanents of the player,
    not for being creatures (CR 508.1a, 509.1a forgotten)."""
    return MutantEngine("noncreature-permanents-in-combat", [
        (combat, "_creature", _any_permanent_in_combat)])


def _any_permanent_blocks(game: Any, object_id: str, player: str, role: str) -> Any:
    """combat._creature, an untapped noncreature permanent of the defending player passing
    as a blocker."""
    if role == "block":
        return _any_permanent_in_combat(game, object_id, player, role)
    return _CREATURE(game, object_id, player, role)


def noncreature_permanents_block() -> MutantEngine:
    """Blockers are checked for being untapped permanents of the defending player, not for
    being creatures (CR 509.1a forgotten); attackers still are."""
    return MutantEngine("noncreature-permanents-block", [
        (combat, "_creature", _any_permanent_blocks)])


def _transform_as_a_new_permanent(game: Any, ctx: Any, params: Any) -> Any:
    """The transform effect, each permanent it turns over summoning sick afterwards."""
    before = {i: obj.transformed for i, obj in game.state.objects.items()}
    yield from _TRANSFORM(game, ctx, params)
    for i, obj in game.state.objects.items():
        if i in before and obj.transformed != before[i]:
            obj.summoning_sick = True


def transformed_permanents_summoning_sick() -> MutantEngine:
    """A permanent that transforms is treated as having just come under its controller's
    control: it can't attack or use {T} abilities this turn (CR 712.18, 302.6
    forgotten)."""
    return MutantEngine("transformed-permanents-summoning-sick", [
        (effects.EFFECTS, "transform", _transform_as_a_new_permanent)])


_CANDIDATES = targets.candidates


def _candidates_with_abilities(game: Any, spec: Any, you: str, *,
                               exclude: str | None = None) -> list[str]:
    """targets.candidates, the abilities on the stack offered too wherever a spell is."""
    found = _CANDIDATES(game, spec, you, exclude=exclude)
    if spec.what != "spell":
        return found
    return [*found, *(item.id for item in game.state.stack
                      if isinstance(item, StackAbility) and item.id != exclude)]


def abilities_targeted_as_spells() -> MutantEngine:
    """A word "target ... spell" takes any object on the stack: an ability waiting there
    can be targeted by "copy target instant or sorcery spell" (CR 112.1, 115.1
    forgotten)."""
    return MutantEngine("abilities-targeted-as-spells", [
        (targets, "candidates", _candidates_with_abilities),
        (effects, "candidates", _candidates_with_abilities)])


_CREATE_TOKEN_COPY = effects.EFFECTS["create_token_copy"]


def _token_copy_taking_face_down_status(game: Any, ctx: Any, params: Any) -> Any:
    """The token-copy effect, a token copying the face-down values made face down too."""
    before = set(game.state.objects)
    yield from _CREATE_TOKEN_COPY(game, ctx, params)
    for object_id, obj in game.state.objects.items():
        if object_id not in before and obj.token and obj.copy is not None \
                and obj.copy.face_down:
            obj.face_down = True


def token_copies_of_face_down_permanents_face_down() -> MutantEngine:
    """A token copy of a face-down permanent enters face down: the original's status
    copied with its values (CR 707.2, 110.5b forgotten)."""
    return MutantEngine("token-copies-of-face-down-permanents-face-down", [
        (effects.EFFECTS, "create_token_copy", _token_copy_taking_face_down_status)])


def _unlock_paying_a_spells_cost(game: Any, action: Any) -> Any:
    """rooms.special_unlock, the door's mana cost increased and reduced as a spell's would
    be."""
    obj = rooms.unlock_refused_early(game, action)
    face = obj.copiable_card.faces[rooms.DOOR_INDEX[action.door]]
    cost = casting.total_cost(game, action.player, obj, game.chars(obj), face.mana_cost)
    game.state.player(action.player).pool.pay(cost)
    rooms.unlock(game, obj, [action.door])
    yield from ()


def unlock_costs_reduced_as_spells() -> MutantEngine:
    """Unlocking a door costs what casting it as a spell would: "noncreature spells cost
    {1} more" increases it, "enchantment spells you cast cost {1} less" reduces it (CR
    709.5e, 601.2f forgotten: the special action's cost is the door's mana cost)."""
    return MutantEngine("unlock-costs-reduced-as-spells", [
        (rooms, "special_unlock", _unlock_paying_a_spells_cost)])


def _draw_cards_all_or_none(game: Any, player_name: str, count: int) -> None:
    """effects.draw_cards, a draw of more cards than the library holds drawing none."""
    player = game.state.player(player_name)
    if len(player.zones[Zone.LIBRARY]) < count:
        player.drew_from_empty_library = True
        return
    _DRAW_CARDS(game, player_name, count)


def short_library_draws_nothing() -> MutantEngine:
    """A spell or ability drawing more cards than the library holds draws none of them,
    and its player loses (CR 121.2, 121.4 forgotten: the cards are drawn one at a time)."""
    return MutantEngine("short-library-draws-nothing", [
        (effects, "draw_cards", _draw_cards_all_or_none)])


_HELPERS = convoke.helpers


def _helpers_able_to_tap(game: Any, player: str) -> Any:
    """convoke.helpers, the creatures with summoning sickness left out."""
    return [obj for obj in _HELPERS(game, player) if not casting.summoning_sick(game, obj)]


def convoke_refuses_summoning_sick_creatures() -> MutantEngine:
    """Convoke taps only creatures that could pay a {T} cost: a creature that came under
    its controller's control this turn can't help (CR 702.51a, 302.6 forgotten: tapping a
    creature for convoke is no {T} cost)."""
    return MutantEngine("convoke-refuses-summoning-sick-creatures", [
        (convoke, "helpers", _helpers_able_to_tap)])


_NEXT_TURN = turn._next_turn


def _next_turn_ending_everyones_sickness(game: Any) -> None:
    """turn._next_turn, every permanent losing summoning sickness, not only the new active
    player's."""
    _NEXT_TURN(game)
    for obj in game.state.permanents():
        obj.summoning_sick = False


def summoning_sickness_ends_for_everyone() -> MutantEngine:
    """Summoning sickness ends for every player's creatures as a turn begins: a creature
    cast in its controller's turn uses its {T} ability in the next player's (CR 302.6
    forgotten: it is controlled continuously only since its controller's next turn
    begins)."""
    return MutantEngine("summoning-sickness-ends-for-everyone", [
        (turn, "_next_turn", _next_turn_ending_everyones_sickness)])


_PUT_ONTO_BATTLEFIELD = entering.put_onto_battlefield


def _put_with_the_first_door(game: Any, obj: Any, **kwargs: Any) -> Any:
    """entering.put_onto_battlefield, a resolving Room's first door unlocked whichever half
    was cast."""
    if kwargs.get("door") is not None:
        kwargs["door"] = Door.LEFT
    return _PUT_ONTO_BATTLEFIELD(game, obj, **kwargs)


def rooms_enter_with_their_first_door() -> MutantEngine:
    """A Room spell resolves into a permanent with its first door unlocked, whichever half
    was cast (CR 709.5d forgotten: the door of the half cast is unlocked)."""
    return MutantEngine("rooms-enter-with-their-first-door", [
        (turn, "put_onto_battlefield", _put_with_the_first_door)])


_AMOUNT = life.amount


def _x_read_as_the_mana_value(game: Any, ctx: Any, value: Any) -> int:
    """life.amount, X read as the mana value of the spell on the stack (X included)."""
    if value == "X":
        spell = game.state.objects.get(ctx.source)
        if spell is not None and spell.zone is Zone.STACK:
            return int(game.chars(spell).mana_value)
    return _AMOUNT(game, ctx, value)


def x_read_as_the_spells_mana_value() -> MutantEngine:
    """A resolving spell's X is read as the spell's mana value, which counts X and the
    other symbols of its cost: Blaze cast with X=2 deals 3 (CR 107.3a forgotten: X is the
    value announced)."""
    return MutantEngine("x-read-as-the-spells-mana-value", [
        (life, "amount", _x_read_as_the_mana_value)])


_CHECK_PERMISSION = lands.check_permission


def _no_land_from_exile(game: Any, player: str, card: Any) -> Any:
    """lands.check_permission, a permission to play an exiled card read as one to cast it."""
    if card.zone is Zone.EXILE:
        raise IllegalAction(f"{card.card.name} can be cast from exile, not played")
    return _CHECK_PERMISSION(game, player, card)


def exiled_lands_never_played() -> MutantEngine:
    """An effect letting a player "play" cards exiled from their library lets them cast the
    spells, not play the lands (CR 305.1, 601.3 forgotten: a land played from exile uses the
    turn's land play)."""
    return MutantEngine("exiled-lands-never-played", [
        (lands, "check_permission", _no_land_from_exile)])


_COPIABLE_VALUES = characteristics._copiable_values


def _copies_without_keywords(obj: Any, abilities: Any) -> Any:
    """characteristics._copiable_values, a copy given no keyword abilities."""
    found = _COPIABLE_VALUES(obj, abilities)
    return replace(found, keywords=()) if obj.copy is not None else found


def copies_without_keyword_abilities() -> MutantEngine:
    """A permanent that is a copy has no keyword abilities, as if they were not copiable
    values (CR 707.2 forgotten): a Clone copying Youthful Knight has no first strike."""
    return MutantEngine("copies-without-keyword-abilities", [
        (characteristics, "_copiable_values", _copies_without_keywords)])


def _copies_keeping_own_supertypes(obj: Any, abilities: Any) -> Any:
    """characteristics._copiable_values, a copy keeping its own card's supertypes."""
    found = _COPIABLE_VALUES(obj, abilities)
    if obj.copy is None or obj.face_down:
        return found
    own = tuple(dict.fromkeys(t for f in obj.card.faces for t in f.supertypes))
    return replace(found, supertypes=own)


def copies_keep_their_own_supertypes() -> MutantEngine:
    """A permanent that is a copy keeps its own card's supertypes (CR 707.2 forgotten for
    supertypes): a Clone copying a legendary creature is not legendary."""
    return MutantEngine("copies-keep-their-own-supertypes", [
        (characteristics, "_copiable_values", _copies_keeping_own_supertypes)])


_TRANSFORM = effects.EFFECTS["transform"]


def _transform_reported_as_a_zone_change(game: Any, ctx: Any, params: Any) -> Any:
    """The transform effect, each permanent it turns over reported leaving the battlefield
    and entering it again as the same object."""
    before = {obj.id: obj.transformed for obj in game.state.permanents()}
    yield from _TRANSFORM(game, ctx, params)
    for obj in game.state.permanents():
        if obj.id in before and before[obj.id] != obj.transformed:
            game.emit("zone_changed", object=obj.id, new_object=obj.id, card=obj.card.name,
                      **{"from": Zone.BATTLEFIELD.value, "to": Zone.BATTLEFIELD.value})


def transform_reported_as_a_zone_change() -> MutantEngine:
    """A permanent that transforms is reported leaving the battlefield and coming back (CR
    712.18 forgotten: it is the same permanent, and nothing enters)."""
    return MutantEngine("transform-reported-as-a-zone-change", [
        (effects.EFFECTS, "transform", _transform_reported_as_a_zone_change)])


_EXILE_AND_RETURN = effects.EFFECTS["exile_and_return"]


def _flicker_bringing_tokens_back(game: Any, ctx: Any, params: Any) -> Any:
    """The exile-and-return effect, a token returned as a new token of its card."""
    tokens = [(o.card, o.owner) for o in (game.state.objects.get(t) for t in ctx.legal_targets)
              if o is not None and o.token and o.zone is Zone.BATTLEFIELD]
    yield from _EXILE_AND_RETURN(game, ctx, params)
    for card, owner in tokens:
        exiled = game.state.create(card, owner, Zone.EXILE, token=True)
        yield from entering.put_onto_battlefield(game, exiled, controller=owner)


def flickered_tokens_come_back() -> MutantEngine:
    """A token exiled by "exile it, then return it" comes back as a new token (CR 111.8
    forgotten: a token that has left the battlefield ceases to exist and can't return)."""
    return MutantEngine("flickered-tokens-come-back", [
        (effects.EFFECTS, "exile_and_return", _flicker_bringing_tokens_back)])


_CHECK_STATE = turn.check_state


def _settle_to_the_last_trigger(game: Any) -> Any:
    """turn.settle, priority given to the controller of the last triggered ability the
    state check put on the stack, if any."""
    before = {item.id for item in game.state.stack}
    yield from _CHECK_STATE(game)
    added = [item for item in game.state.stack
             if item.id not in before and isinstance(item, StackAbility)]
    game.state.priority = added[-1].controller if added else game.state.active_player
    game.state.passes = 0


def triggers_give_their_controller_priority() -> MutantEngine:
    """The player whose triggered ability was put on the stack last receives priority, as
    one who casts a spell does (CR 117.3a-b forgotten: the active player receives it)."""
    return MutantEngine("triggers-give-their-controller-priority", [
        (turn, "settle", _settle_to_the_last_trigger)])
