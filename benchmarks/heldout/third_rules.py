"""Held-out bugs, third batch: lands -- the turn's land play and playing is not
casting (CR 305.1-305.4, 305.9) --, the cleanup step (CR 514.1-2), defender and summoning
sickness of abilities (CR 702.3b, 302.6), state-based actions on Auras and Sagas
(CR 704.5m, 714.4), a Saga's first lore counter (CR 714.3a) and the legend rule
(CR 704.5j)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conformance.contract.types import Activate, DeclareAttackers, Event, PlayLand
from conformance.engines.reference import casting, combat, effects, entering, lands, turn
from conformance.engines.reference.effects import draw_cards
from conformance.engines.reference.exile_to_play import end_permissions
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.state import GameObject
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug

_PLAY_LAND = lands.play_land
_PUT = put_onto_battlefield
_ACTIVATE = casting.activate


# -- lands ------------------------------------------------------------------------------

def play_land_from_exile_uncounted(game: Game, action: PlayLand) -> Flow:
    """A land played from exile with a permission to play it (\"you may play that card\")
    does not use the turn's land play: the player may still play a land from their hand
    (CR 305.2, 601.3)."""
    card = game.state.objects.get(action.card)
    from_exile = card is not None and card.zone is Zone.EXILE
    yield from _PLAY_LAND(game, action)
    if from_exile:
        played = game.state.linked.get((f"{lands.LANDS}{game.state.turn}", action.player), [])
        if played:
            played.pop()


def land_timing_any_turn(game: Game, player: str) -> None:
    """A player may play a land in a main phase of another player's turn, with the stack
    empty and priority: only the phase and the stack are checked (CR 305.1, 305.3: only
    during their own turn)."""
    from conformance.errors import IllegalAction

    state = game.state
    if not state.step.is_main_phase:
        raise IllegalAction(f"lands are played in a main phase, not in the {state.step.value} "
                            f"step (CR 305.1)")
    if state.stack:
        raise IllegalAction("lands are played only while the stack is empty (CR 305.1)")
    if state.priority != player:
        raise IllegalAction(f"{player} does not have priority")


def put_land_uses_land_play(game: Game, obj: GameObject, **kwargs: Any) -> Flow:
    """A land an effect puts onto the battlefield (\"search your library for a land card and
    put it onto the battlefield\") uses its controller's land play for the turn, as if it
    had been played (CR 305.4: it is not played)."""
    new = yield from _PUT(game, obj, **kwargs)
    if new is not None and "Land" in game.chars(new).types \
            and new.controller == game.state.active_player:
        key = (f"{lands.LANDS}{game.state.turn}", new.controller)
        game.state.linked.setdefault(key, []).append(new.id)
    return new


def land_play_reported_as_cast(game: Game, action: PlayLand) -> Flow:
    """Playing a land is reported as casting it: "whenever you cast a spell" abilities
    trigger when their controller plays a land (CR 305.1, 305.9: a land is played, never
    cast)."""
    yield from _PLAY_LAND(game, action)
    played = lands.played_this_turn(game, action.player)
    if played:
        game.emit("spell_cast", object=played[-1], player=action.player)


# -- the cleanup step -------------------------------------------------------------------

def next_step_cleanup_after_discard(game: Game,
                                    declare: Callable[[], None] | None = None) -> Flow:
    """When the active player discards down to their maximum hand size in the cleanup
    step, the cleanup step's second part is cut short: "until end of turn" effects end, but
    damage marked on permanents is not removed (CR 514.1-2)."""
    state = game.state
    while True:
        turn._step_forward(game)
        for player in state.players:
            player.pool.empty()
        if state.step is Step.CLEANUP:
            hand = state.player(state.active_player).zones[Zone.HAND]
            discards = len(hand) > 7
            yield from turn.discard_to_hand_size(game)
            if discards:
                state.effects = [e for e in state.effects if e.until != "end_of_turn"]
                end_permissions(game)
            else:
                turn._cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        draw_cards(game, state.active_player, 1)
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step is Step.PRECOMBAT_MAIN:
        turn._lore_counters(game)
    yield from turn.settle(game)


def every_player_discards(game: Game) -> Flow:
    """In the cleanup step every player with more cards in hand than their maximum hand
    size discards down to it, not only the active player (CR 514.1)."""
    from conformance.contract.types import Choice, Option
    from conformance.engines.reference.targets import label

    for player in game.state.apnap():
        if any(True for _ in game.statics("no_maximum_hand_size", controller=player)):
            continue
        hand = list(game.state.player(player).zones[Zone.HAND])
        extra = len(hand) - 7
        if extra <= 0:
            continue
        options = tuple(Option(card_id, label(game, card_id)) for card_id in hand)
        chosen = yield Choice("cards", player, f"discard {extra} card(s) down to seven",
                              options, extra, extra)
        for card_id in chosen:
            game.move(game.state.objects[card_id], Zone.GRAVEYARD)
            game.events.append(Event("card_discarded", {"object": card_id}))


def attackers_with_defender(game: Game, action: DeclareAttackers) -> str:
    """A creature with defender can be declared as an attacker (CR 702.3b)."""
    from conformance.engines.reference.combat import _creature, _name
    from conformance.errors import IllegalAction

    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj, chars = _creature(game, object_id, action.player, "attack")
        if obj.summoning_sick and "Haste" not in chars.keywords:
            raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't attack")
    return defender


# -- summoning sickness -----------------------------------------------------------------

def activate_ignoring_summoning_sickness(game: Game, action: Activate) -> Flow:
    """A creature's {T} ability can be activated the turn the creature came under its
    controller's control: summoning sickness is checked for attacking only (CR 302.6)."""
    obj = game.state.objects.get(action.object)
    sick = obj is not None and obj.summoning_sick
    if obj is not None:
        obj.summoning_sick = False
    try:
        yield from _ACTIVATE(game, action)
    finally:
        if obj is not None and game.state.objects.get(obj.id) is obj:
            obj.summoning_sick = sick


# -- state-based actions ----------------------------------------------------------------

def sba_without_aura_check(game: Game) -> bool:
    """An Aura whose enchanted permanent has left the battlefield stays on the battlefield
    attached to nothing, instead of being put into its owner's graveyard (CR 704.5m)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)
        elif turn._saga_is_done(game, obj):
            doomed.append(obj)
        elif "Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch:
            doomed.append(obj)
    annihilated = False
    for obj in state.permanents():
        pairs = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
        if pairs and obj not in doomed:  # CR 704.5q
            obj.counters["+1/+1"] -= pairs
            obj.counters["-1/-1"] -= pairs
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


def saga_done_at_last_chapter(game: Game, obj: GameObject,
                              chars: Characteristics | None = None) -> bool:
    """A Saga is sacrificed as soon as it has as many lore counters as its final chapter,
    while that chapter ability is still waiting to go on the stack or on it (CR 714.4: not
    until the chapter ability has left the stack)."""
    from conformance.engines.reference.abilities import chapter_numbers

    chapters = chapter_numbers((chars if chars is not None else game.chars(obj)).ability_defs)
    return bool(chapters) and obj.counters.get("lore", 0) >= max(chapters)


def first_lore_counter_without_event(game: Game, new: GameObject) -> None:
    """The lore counter a Saga gets as it enters is put on it without counters being put
    on it as an event: its chapter I ability, and anything watching counters, doesn't
    trigger (CR 714.3a, 714.2b)."""
    from conformance.engines.reference.abilities import chapter_numbers

    chars = game.chars(new)
    if "Saga" in chars.subtypes and chapter_numbers(chars.ability_defs):
        new.counters["lore"] = new.counters.get("lore", 0) + 1


# -- the legend rule --------------------------------------------------------------------

def legend_rule_without_choice(game: Game) -> Flow:
    """When a player controls two or more legendary permanents with the same name, all of
    them are put into their owners' graveyards: the player doesn't choose one to keep
    (CR 704.5j; the rule before 2013)."""
    state = game.state
    for player in state.apnap():
        by_name: dict[str, list[GameObject]] = {}
        for obj in state.permanents():
            chars = game.chars(obj)
            if obj.controller == player and "Legendary" in chars.supertypes:
                for name in chars.names:
                    by_name.setdefault(name, []).append(obj)
        for same in by_name.values():
            if len(same) < 2:
                continue
            with game.simultaneously():
                for obj in same:
                    game.move(obj, Zone.GRAVEYARD)
            return True
    yield from ()
    return False


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")



BUGS: list[HeldOut] = [
    bug("exiled-land-play-uncounted", "lands", "https://github.com/magefree/mage/issues/9074",
        _doc(play_land_from_exile_uncounted),
        (lands, "play_land", play_land_from_exile_uncounted)),
    bug("land-play-triggers-cast-abilities", "lands",
        "https://github.com/phase-rs/phase/pull/6591",
        _doc(land_play_reported_as_cast), (lands, "play_land", land_play_reported_as_cast)),
    bug("land-played-on-opponents-turn", "lands",
        "https://github.com/Card-Forge/forge/issues/4554",
        _doc(land_timing_any_turn), (lands, "check_timing", land_timing_any_turn)),
    bug("put-land-uses-land-play", "lands", "https://github.com/phase-rs/phase/issues/2405",
        _doc(put_land_uses_land_play), (effects, "put_onto_battlefield", put_land_uses_land_play)),
    bug("cleanup-discard-keeps-damage", "durations",
        "https://github.com/wingedsheep/argentum-engine/pull/1014",
        _doc(next_step_cleanup_after_discard), (turn, "next_step", next_step_cleanup_after_discard)),
    bug("nonactive-player-discards-to-hand-size", "turn-structure",
        "https://github.com/phase-rs/phase/issues/181",
        _doc(every_player_discards), (turn, "discard_to_hand_size", every_player_discards)),
    bug("defender-can-attack", "combat", "https://github.com/phase-rs/phase/issues/7587",
        _doc(attackers_with_defender), (combat, "check_attackers", attackers_with_defender)),
    bug("tap-ability-ignores-summoning-sickness", "turn-structure",
        "https://github.com/phase-rs/phase/issues/480",
        _doc(activate_ignoring_summoning_sickness),
        (casting, "activate", activate_ignoring_summoning_sickness)),
    bug("aura-stays-unattached", "state-based-actions",
        "https://github.com/phase-rs/phase/issues/5999",
        _doc(sba_without_aura_check), (turn, "state_based_actions", sba_without_aura_check)),
    bug("saga-sacrificed-before-last-chapter", "state-based-actions",
        "https://github.com/magefree/mage/issues/4875",
        _doc(saga_done_at_last_chapter), (turn, "_saga_is_done", saga_done_at_last_chapter)),
    bug("saga-first-lore-counter-silent", "triggers",
        "https://github.com/magefree/mage/issues/13298",
        _doc(first_lore_counter_without_event),
        (entering, "_first_lore_counter", first_lore_counter_without_event)),
    bug("legend-rule-keeps-none", "legend-rule", "https://github.com/phase-rs/phase/pull/8839",
        _doc(legend_rule_without_choice), (turn, "legend_rule", legend_rule_without_choice)),
]
