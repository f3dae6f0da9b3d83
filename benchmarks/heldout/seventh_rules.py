"""Held-out bugs, seventh batch: targets, the stack and priority, timing, state-based actions,
combat, lands, mana and the turn -- "target opponent" offering its caster (CR 115.1, 109.5),
"up to N targets" needing one (CR 115.6, 601.2c); priority passed on from the active player
rather than from the player who passed (CR 117.3d), a spell copy put under its original
(CR 707.10, 405.1); a creature or enchantment spell cast at instant speed (CR 307.1, 302.1),
turning a permanent face up only at sorcery speed (CR 702.37e, 116.2b); no loss for drawing
from an empty library by an effect (CR 704.5b, 121.4), damage equal to toughness not lethal
(CR 704.5g); summoning sickness keeping a creature from blocking (CR 302.6, 509.1a), a
creature that gained first strike after the first combat damage step dealing none
(CR 702.7c); a land summoning sick for its mana ability (CR 302.6, 305.1), a second land
played in a turn (CR 305.2); a hybrid symbol paid with its first color only (CR 107.4e),
{C} paid with any mana (CR 107.4c, 106.1b); the untap step untapping the player whose
turn ended (CR 502.3), a lore counter in each main phase (CR 714.3b, 505.1a)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from conformance.contract.types import (
    Cast, Choice, Event, Option, PassPriority, PlayLand, TurnFaceUp,
)
from conformance.engines.reference import (
    casting, combat, copies, effects, lands, targets, triggers, turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.combat import _name
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.dividing import announce, copy_division, record
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, Cost, ManaPool, symbols
from conformance.engines.reference.state import GameObject
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, controlled_ok, is_attacking, label, matches,
)
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Door, Step, Zone

from . import HeldOut, bug

_CANDIDATES = effects.candidates  # the reference engine's, for what the bug leaves alone
_DRAW_CARDS = effects.draw_cards
_NEXT_TURN = turn._next_turn
_NEXT_STEP = turn.next_step
_FIRST = frozenset({"First strike", "Double strike"})


# -- targets -------------------------------------------------------------------------------

def candidates_any_player(game: Game, spec: TargetSpec, you: str, *,
                          exclude: str | None = None) -> list[str]:
    """A player target's "you" or "opponent" is looked at for permanents only: "target
    opponent" offers its controller too, who may make themselves lose the life (CR 115.1,
    109.5: "opponent" excludes the spell's controller)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players]
    if spec.what == "player":
        return players
    rule = spec.filter
    if spec.what == "spell":
        pool: list[GameObject] = [item for item in state.stack if isinstance(item, GameObject)]
    else:
        pool = list(state.permanents())
    found = [
        obj.id for obj in pool
        if obj.id != exclude and controlled_ok(obj.controller, spec.controller, you)
        and matches(game.chars(obj), rule) and (not rule.get("tapped") or obj.tapped)
        and (not rule.get("attacking") or is_attacking(game, obj.id))
        and (spec.what != "any" or not ANY_TARGET_TYPES.isdisjoint(game.chars(obj).types))
    ]
    if spec.what == "any":
        found += players
    return found


def choose_targets_at_least_one(game: Game, spec: TargetSpec | None, you: str,
                                given: tuple[str, ...] | None, prompt: str, *,
                                exclude: str | None = None) -> Flow:
    """A choice of targets asks for one target at least whenever one is legal: "up to two
    target creatures" can't be cast with no target while a creature is on the battlefield
    (CR 115.6, 601.2c: "up to" allows zero)."""
    if spec is None:
        return ()
    legal = _CANDIDATES(game, spec, you, exclude=exclude)
    if len(legal) < spec.minimum:
        return None
    if given is None and not legal:
        return ()
    least = max(spec.minimum, 1)
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, least, min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if len(set(given)) < len(given):
        twice = next(t for t in given if given.count(t) > 1)
        raise IllegalAction(f"{label(game, twice)} is chosen more than once ({prompt})")
    if not least <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {least} to {spec.count} targets")
    return tuple(given)


# -- the stack and priority ------------------------------------------------------------------

def pass_priority_from_the_active_player(game: Game, action: PassPriority) -> Flow:
    """The player who receives priority after a pass is the one after the active player, not
    after the player who passed: the non-active player, holding priority after casting a
    spell in the other player's turn, passes and gets priority back (CR 117.3d: the next
    player in turn order after the one who passed)."""
    state = game.state
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    state.passes += 1
    game.events.append(Event("priority_passed", {"player": action.player}))
    if state.passes < len(state.players):
        names = [p.name for p in state.players]
        yield from turn.check_state(game)
        state.priority = names[(names.index(state.active_player) + 1) % len(names)]
        return
    if state.stack:
        yield from turn.resolve_top(game)
    else:
        yield from turn.next_step(game)


def copy_spell_under_the_original(game: Game, ctx: Context, params: Any) -> Flow:
    """The copy of a spell is put on the stack where the original is, just below it: the
    original resolves first, and the copy after it (CR 707.10, 405.1: the copy is put on top
    of the stack)."""
    for original in effects._objects(game, ctx, params):
        if original.zone is not Zone.STACK:
            continue
        copy = game.state.create(original.card, ctx.controller, Zone.STACK)
        game.state.stack.remove(copy)
        game.state.stack.insert(game.state.stack.index(original), copy)
        copy.copy = copies.copy_of(original, token=True)
        copy.is_spell_copy = True
        copy.cast_door = original.cast_door
        copy.x = original.x
        copy.targets = original.targets
        copy.face_down = original.face_down
        copy_division(game, original.id, copy.id)
        game.events.append(Event("spell_copied", {"object": copy.id, "original": original.id}))
    yield from ()


# -- timing ----------------------------------------------------------------------------------

def cast_with_sorcery_timing_for_sorceries_only(game: Game, action: Cast) -> Flow:
    """Sorcery timing is applied to sorcery spells only: a creature, artifact or enchantment
    spell without flash can be cast whenever its caster has priority, in another player's
    turn or in response (CR 307.1, 301.1, 302.1, 303.1: the same timing as a sorcery)."""
    state = game.state
    card_obj = casting.cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = action.door
    if casting.is_split(card) and door is None:
        options = tuple(Option(d.value, card.faces[casting.DOOR_INDEX[d]].name) for d in Door)
        (answer,) = yield Choice("door", action.player, f"which half of {card.name} to cast",
                                 options)
        door = Door(answer)
    if door is not None and not casting.is_split(card):
        raise IllegalAction(f"{card.name} has no halves to choose from")
    from_zone = card_obj.zone
    spell = state.move(card_obj, Zone.STACK, controller=action.player)
    assert spell is not None
    spell.cast_door = door
    spell.face_down = action.face_down
    spell.x = action.x or 0
    chars = game.chars(spell)
    if "Land" in chars.types:
        raise IllegalAction(f"{card.name} is a land: it is played, never cast (CR 305.1)")
    permission = casting.graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    casting._permission(game, action.player, card_obj, chars)
    if permission is not None:
        spell.granted = permission[1].grants
    if "Sorcery" in chars.types and "Flash" not in casting._keywords(spell):
        state.stack.remove(spell)
        try:
            casting._sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = casting.FACE_DOWN_COST if action.face_down else (
        card.faces[casting.DOOR_INDEX[door]].mana_cost if door is not None
        else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets = yield from casting.choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        casting._values(action.targets), f"targets for {card.name}", exclude=spell.id)
    if targets is None:
        raise IllegalAction(f"{card.name} has no legal targets")
    spell.targets = targets
    record(game, spell.id, (yield from announce(game, action.player, spell_ability, targets,
                                                card.name)))
    if convoking:
        cost = yield from convoke(game, action.player, cost)
    if not pool.can_pay(cost):
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    pool.pay(cost)
    state.player(action.player).spells_cast_this_turn.append(chars)
    game.emit("zone_changed", object=card_obj.id, new_object=spell.id, card=card.name,
              **{"from": from_zone.value, "to": Zone.STACK.value})
    game.emit("spell_cast", object=spell.id, player=action.player)
    state.priority = action.player


def turn_face_up_as_a_sorcery(game: Game, action: TurnFaceUp) -> Flow:
    """Turning a face-down permanent face up is allowed only when its controller could cast
    a sorcery, as playing a land is: a morph can't be turned face up in combat or in
    another player's turn (CR 702.37e, 116.2b: any time its controller has priority)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    casting._sorcery_timing(game, action.player)
    cost = casting.morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


# -- state-based actions ---------------------------------------------------------------------

def draw_cards_stopping_at_an_empty_library(game: Game, player_name: str, count: int) -> None:
    """A spell or ability that makes a player draw more cards than their library holds draws
    what there is and stops: only the draw step's draw from an empty library makes its
    player lose (CR 121.4, 704.5b: any draw from an empty library)."""
    player = game.state.player(player_name)
    for _ in range(count):
        library = player.zones[Zone.LIBRARY]
        if not library:
            return
        game.move(game.state.objects[library[0]], Zone.HAND)


def sba_damage_beyond_toughness(game: Game) -> bool:
    """Lethal damage is damage greater than a creature's toughness: a 2/2 dealt 2 damage
    survives (CR 704.5g, 120.6: damage greater than or equal to its toughness)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness < obj.damage):
            doomed.append(obj)
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)
        elif turn._saga_is_done(game, obj, chars):
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


# -- combat ----------------------------------------------------------------------------------

def creature_for_combat_not_summoning_sick(game: Game, object_id: str, player: str,
                                           role: str) -> tuple[GameObject, Characteristics]:
    """Summoning sickness is checked by the helper both declarations share: a creature that
    came under its controller's control this turn can't block either (CR 302.6: it can't
    attack; nothing stops it from blocking)."""
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't {role}")
    chars = game.chars(obj)
    if "Creature" not in chars.types:
        raise IllegalAction(f"{_name(chars)} is not a creature: it can't {role}")
    if obj.controller != player:
        raise IllegalAction(f"{_name(chars)} is not controlled by {player}: they can't "
                            f"have it {role}")
    if obj.tapped:
        raise IllegalAction(f"{_name(chars)} is tapped: it can't {role}")
    if obj.summoning_sick and "Haste" not in chars.keywords:
        raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't {role}")
    return obj, chars


def strikes_by_keywords_now(chars: Characteristics, first_step: bool,
                            dealt_first: bool) -> bool:
    """Who deals damage in the second combat damage step is read from the keywords the
    creatures have then: a creature that gained first strike after the first-strike step
    (turned face up, say) deals no combat damage at all (CR 702.7c: it still assigns its
    damage in the second step, as it dealt none in the first)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & _FIRST)
    return "Double strike" in keywords or not keywords & _FIRST


# -- lands and mana ----------------------------------------------------------------------------

def summoning_sick_any_permanent(game: Game, obj: GameObject) -> bool:
    """Summoning sickness is read from the permanent's status alone: a land played this turn
    can't be tapped for mana, nor an artifact that entered this turn use a {T} ability
    (CR 302.6: it applies to creatures only)."""
    if not obj.summoning_sick:
        return False
    return "Haste" not in game.chars(obj).keywords


def land_refused_early_off_by_one(game: Game, action: PlayLand) -> GameObject:
    """The lands played this turn are compared with the number allowed as "more than": a
    player who has played their one land may play another (CR 305.2, 305.2a: only if the
    number they may play is greater)."""
    state = game.state
    card = state.objects.get(action.card)
    if card is None or card.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a land card in a hand, graveyard, exile or library can be "
                            "played")
    if "Land" not in game.chars(card).types:
        raise IllegalAction(f"{card.card.name} is not a land: it is cast, not played "
                            f"(CR 305.9, 601)")
    lands.check_timing(game, action.player)
    lands.check_permission(game, action.player, card)
    played = lands.played_this_turn(game, action.player)
    if len(played) > lands.lands_allowed(game, action.player):
        raise IllegalAction(f"{action.player} has played {len(played)} land(s) this turn and "
                            f"may play {lands.lands_allowed(game, action.player)} (CR 305.2)")
    return card


def pay_hybrid_with_its_first_color(self: ManaPool, cost: Cost) -> None:
    """A hybrid symbol is paid with the first of its colors: {R/W} can't be paid with {W}
    (CR 107.4e: with either of its colors)."""
    pool = Counter(self.mana)
    for symbol in sorted(cost.colored, key=lambda s: "/" in s):
        options = [p for p in symbol.split("/") if p in COLORS or p == "C"]
        choice = options[0] if options and pool[options[0]] > 0 else None
        if choice is None and "/" in symbol:
            two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
            if two is not None and sum(pool.values()) >= two:
                cost = Cost(cost.generic + two, cost.colored)
                continue
        if choice is None:
            raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
        pool[choice] -= 1
    if sum(pool.values()) < cost.generic:
        raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
    remaining = cost.generic
    for color in ("C", *COLORS):
        spend = min(pool[color], remaining)
        pool[color] -= spend
        remaining -= spend
    self.mana = +pool


def cost_with_colorless_as_generic(cls: type[Cost], cost: str | None, x: int = 0) -> Cost:
    """{C} in a cost is read as generic mana, as {1} is: Spatial Contortion's {1}{C} is paid
    with two white mana (CR 107.4c, 106.1b: {C} is paid with colorless mana only)."""
    generic, colored = 0, []
    for s in symbols(cost):
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            generic += x
        elif s == "C":
            generic += 1
        elif s in COLORS or "/" in s:
            colored.append(s)
    return cls(generic, tuple(colored))


# -- the turn --------------------------------------------------------------------------------

def next_turn_untapping_before_the_switch(game: Game) -> None:
    """The untap step's untapping is done before the turn passes to the next player: the
    player whose turn has just ended untaps their permanents, and the new active player's
    stay tapped (CR 502.3: the active player untaps their permanents)."""
    state = game.state
    state.turn += 1
    others = [(permanent.controller, rule) for permanent, _ability, rule
              in game.statics("untap_during_others_untap")
              if permanent.controller != state.active_player]
    for obj in state.permanents():
        if obj.controller == state.active_player or any(
                obj.controller == player and matches(game.chars(obj), rule or {})
                for player, rule in others):
            obj.untap()
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        player.used_once_per_turn.clear()
        player.spells_cast_this_turn.clear()
    for obj in state.permanents():
        if obj.controller == state.active_player:
            obj.summoning_sick = False


def next_step_lore_in_each_main_phase(game: Game, declare: Any = None) -> Flow:
    """The lore counter is put on the active player's Sagas as each main phase begins, the
    postcombat one too: a Saga goes two chapters a turn (CR 714.3b, 505.1a: as the precombat
    main phase begins)."""
    state = game.state
    while True:
        turn._step_forward(game)
        for player in state.players:
            player.pool.empty()
        if state.step is Step.CLEANUP:
            yield from turn.discard_to_hand_size(game)
            turn._cleanup(game)
            continue
        if state.step is not Step.UNTAP:
            break
    if declare is not None:
        declare()
    if state.step is Step.DRAW:
        turn.draw_cards(game, state.active_player, 1)
    if state.step is Step.COMBAT_DAMAGE:
        yield from combat.deal_combat_damage(game)
    game.emit("step_began", step=state.step.value, player=state.active_player)
    if state.step.is_main_phase:
        turn._lore_counters(game)
    yield from turn.settle(game)


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("target-opponent-offers-yourself", "targets",
        "https://github.com/magefree/mage/issues/5252",
        _doc(candidates_any_player),
        (targets, "candidates", candidates_any_player),
        (effects, "candidates", candidates_any_player)),
    bug("up-to-targets-need-one", "targets",
        "https://github.com/Card-Forge/forge/issues/3115",
        _doc(choose_targets_at_least_one),
        (casting, "choose_targets", choose_targets_at_least_one),
        (triggers, "choose_targets", choose_targets_at_least_one),
        (copies, "choose_targets", choose_targets_at_least_one)),
    bug("priority-passed-on-from-the-active-player", "priority",
        "https://github.com/phase-rs/phase/issues/592",
        _doc(pass_priority_from_the_active_player),
        (turn, "pass_priority", pass_priority_from_the_active_player)),
    bug("spell-copy-put-under-its-original", "stack",
        "https://github.com/Card-Forge/forge/pull/5199",
        _doc(copy_spell_under_the_original),
        (effects.EFFECTS, "copy_spell", copy_spell_under_the_original)),
    bug("permanent-spells-at-instant-speed", "timing",
        "https://github.com/magefree/mage/issues/3300",
        _doc(cast_with_sorcery_timing_for_sorceries_only),
        (casting, "cast", cast_with_sorcery_timing_for_sorceries_only)),
    bug("turn-face-up-only-as-a-sorcery", "timing",
        "https://github.com/Cockatrice/Cockatrice/issues/333",
        _doc(turn_face_up_as_a_sorcery), (casting, "turn_face_up", turn_face_up_as_a_sorcery)),
    bug("effect-draw-from-empty-library-no-loss", "state-based-actions",
        "https://github.com/throneteki/throneteki/issues/1210",
        _doc(draw_cards_stopping_at_an_empty_library),
        (effects, "draw_cards", draw_cards_stopping_at_an_empty_library)),
    bug("damage-equal-to-toughness-not-lethal", "state-based-actions",
        "https://github.com/MatagTheGame/matag-the-game/issues/77",
        _doc(sba_damage_beyond_toughness),
        (turn, "state_based_actions", sba_damage_beyond_toughness)),
    bug("summoning-sick-creature-cannot-block", "combat",
        "https://github.com/magarena/magarena/issues/1401",
        _doc(creature_for_combat_not_summoning_sick),
        (combat, "_creature", creature_for_combat_not_summoning_sick)),
    bug("first-strike-gained-late-deals-no-damage", "damage",
        "https://github.com/magefree/mage/issues/551",
        _doc(strikes_by_keywords_now), (combat, "_strikes_now", strikes_by_keywords_now)),
    bug("land-summoning-sick-for-mana", "lands",
        "https://github.com/wingedsheep/argentum-engine/pull/468",
        _doc(summoning_sick_any_permanent),
        (casting, "summoning_sick", summoning_sick_any_permanent)),
    bug("second-land-play-allowed", "lands",
        "https://github.com/Card-Forge/forge/issues/9679",
        _doc(land_refused_early_off_by_one),
        (lands, "land_refused_early", land_refused_early_off_by_one)),
    bug("hybrid-paid-with-first-color-only", "mana",
        "https://github.com/magefree/mage/issues/460",
        _doc(pay_hybrid_with_its_first_color), (ManaPool, "pay", pay_hybrid_with_its_first_color)),
    bug("colorless-symbol-paid-as-generic", "mana",
        "https://github.com/magarena/magarena/issues/562",
        _doc(cost_with_colorless_as_generic),
        (Cost, "of", classmethod(cost_with_colorless_as_generic))),
    bug("untap-step-untaps-the-previous-player", "turn-structure",
        "https://github.com/magefree/mage/issues/9336",
        _doc(next_turn_untapping_before_the_switch),
        (turn, "_next_turn", next_turn_untapping_before_the_switch)),
    bug("lore-counter-in-each-main-phase", "counters",
        "https://github.com/radar/mtg/pull/533",
        _doc(next_step_lore_in_each_main_phase),
        (turn, "next_step", next_step_lore_in_each_main_phase)),
]
