"""Held-out bugs, fifteenth batch: targets, the stack, timing and durations, state-based
actions, combat, the turn's steps, costs, mana, lands, zones and the end of the game --
"target spell" offering abilities on the stack (CR 112.1, 115.1); a triggered ability put at
the bottom of the stack (CR 603.3b, 405.2); a card cast from the graveyard with a permission
ignoring the timing of its type (CR 601.3, 307.1); a permission "until the end of your next
turn" ending as that turn's end step begins (CR 611.2a, 514.2); state-based actions not
checked after a special action (CR 117.3c, 704.3); attackers declared by the non-active
player (CR 508.1); a noncreature permanent declared as an attacker (CR 508.1a); the regular
combat damage step skipped after a first-strike combat damage step (CR 510.4); convoke
tapping another player's creature (CR 702.51a); a hybrid symbol giving only its first color
(CR 202.2, 107.4e); a nonland card played as a land (CR 305.1, 116.2a); a permission to cast
from "your graveyard" reaching another player's graveyard (CR 404.1, 108.3); a library
search not followed by its shuffle (CR 608.2c); a player at 0 life kept in the game while
anything is on the stack (CR 704.3, 704.5a)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import (
    Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers, DeclareBlockers, Event, Move,
    Option, PassPriority, PlayLand, Resolve, TurnFaceUp, Unlock,
)
from conformance.engines.reference import (
    casting, combat, convoke as convoke_module, effects, engine, exile_to_play, lands, mana,
    targets, triggers, turn,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.casting import (
    FACE_DOWN_COST, _keywords, _sorcery_timing, _values, cast_refused_early,
)
from conformance.engines.reference.characteristics import DOOR_INDEX, is_split
from conformance.engines.reference.combat import _name, is_attacking
from conformance.engines.reference.convoke import convoke, has_convoke
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.exile_to_play import PLAY
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import COLORS, symbols
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import (
    ANY_TARGET_TYPES, PLAYER_PREFIX, choose_targets, controlled_ok, label, matches,
)
from conformance.engines.reference.turn import _saga_is_done
from conformance.errors import IllegalAction
from conformance.format.vocabulary import STEP_ORDER, Door, Step, Zone

from . import HeldOut, bug


# -- targets and the stack -------------------------------------------------------------------

def candidates_spell_offers_abilities(game: Game, spec: TargetSpec, you: str, *,
                                      exclude: str | None = None) -> list[str]:
    """"Target spell" is read as "target object on the stack": activated and triggered
    abilities waiting there are offered too, and Twincast ("copy target spell") can be cast
    on Prodigal Pyromancer's ability (CR 112.1, 115.1: a spell is a card or copy on the
    stack; an ability on the stack is no spell)."""
    state = game.state
    players = [PLAYER_PREFIX + p.name for p in state.players
               if controlled_ok(p.name, spec.controller, you)]
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
    if spec.what == "spell":  # the abilities on the stack are objects there too
        found += [item.id for item in state.stack if isinstance(item, StackAbility)
                  and item.id != exclude and controlled_ok(item.controller, spec.controller, you)]
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def put_on_stack_at_the_bottom(game: Game) -> Flow:
    """Waiting triggered abilities are put at the bottom of the stack, under the spells and
    abilities already there: Cast Watcher's ability for Growth goes under Growth and
    resolves after it (CR 603.3b, 405.2: an object put on the stack goes on top of all
    objects already there)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from triggers.order_triggers(game, player, mine)
            for trigger in ordered:
                text = trigger.ability.text or "a triggered ability"
                targets_ = yield from choose_targets(
                    game, trigger.ability.target, player, None,
                    f"targets for {trigger.source_card.name}: {text}")
                if targets_ is None:
                    game.events.append(Event("ability_removed", {
                        "source": trigger.source, "reason": "no legal targets"}))
                    continue
                division = yield from announce(game, player, trigger.ability, targets_, text)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets_, event=trigger.event)
                state.stack.insert(0, item)
                record(game, item.id, division)


# -- timing and durations --------------------------------------------------------------------

def cast_from_graveyard_at_any_time(game: Game, action: Cast) -> Flow:
    """A spell cast from the graveyard with a permission to cast it is taken as timed by the
    permission, not by its card type: with Gravecaller, a Bear in the graveyard is cast in
    the beginning of combat step (CR 601.3, 307.1: a permission changes where a card may be
    cast from, not when; a creature spell still needs a main phase and an empty stack)."""
    state = game.state
    card_obj = cast_refused_early(game, action)
    card = card_obj.copiable_card
    door = action.door
    if is_split(card) and door is None:
        options = tuple(Option(d.value, card.faces[DOOR_INDEX[d]].name) for d in Door)
        (answer,) = yield Choice("door", action.player, f"which half of {card.name} to cast",
                                 options)
        door = Door(answer)
    if door is not None and not is_split(card):
        raise IllegalAction(f"{card.name} has no halves to choose from")
    from_zone = card_obj.zone
    spell = state.move(card_obj, Zone.STACK, controller=action.player)  # CR 601.2a
    assert spell is not None
    spell.cast_door = door
    spell.face_down = action.face_down
    spell.x = action.x or 0
    chars = game.chars(spell)  # the spell's characteristics: only the door cast (CR 709.3)
    if "Land" in chars.types:
        raise IllegalAction(f"{card.name} is a land: it is played, never cast (CR 305.1)")
    permission = casting.graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    casting._permission(game, action.player, card_obj, chars)
    if permission is not None:  # "if you do, it gains ..."
        spell.granted = permission[1].grants
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)) \
            and from_zone is not Zone.GRAVEYARD:
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (  # an alternative cost (CR 702.37c)
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = casting.total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:  # known before targets, which don't change it
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets_ = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        _values(action.targets), f"targets for {card.name}",
        exclude=spell.id)  # a spell can't target itself (CR 115.5)
    if targets_ is None:
        raise IllegalAction(f"{card.name} has no legal targets")
    spell.targets = targets_
    record(game, spell.id, (yield from announce(game, action.player, spell_ability, targets_,
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


def may_play_until_the_end_step(game: Game, player: str, object_id: str) -> bool:
    """A permission to play an exiled card is taken to end as the end step of its last turn
    begins, not in the cleanup step: the card Impulse exiled "until the end of your next
    turn" can't be cast in that turn's end step (CR 611.2a, 514.2: the permission lasts
    until the cleanup step, which follows the end step)."""
    state = game.state
    last = f"{PLAY}{state.turn}"
    return any(name.startswith(PLAY) and who == player and object_id in ids
               and not (name == last and state.step is Step.END)
               for (name, who), ids in state.linked.items())


# -- state-based actions ---------------------------------------------------------------------

def flow_without_a_check_after_special_actions(self: Any, action: Action) -> Flow:
    """After a special action -- turning a face-down permanent face up, unlocking a door,
    playing a land -- the player who took it receives priority without the state being
    checked: Battering Craghorn, dealt 1 damage while a face-down 2/2 and turned face up as
    a 3/1, stays on the battlefield (CR 117.3c, 704.3: state-based actions are checked
    whenever a player would receive priority)."""
    game = self._require()
    match action:
        case PassPriority():
            yield from turn.pass_priority(game, action)
            return
        case DeclareAttackers():
            yield from turn.attack(game, action)
            return
        case DeclareBlockers():
            yield from turn.block(game, action)
            return
        case Resolve():
            game.state.passes = 0  # a player acted: passing starts again (CR 117.3c)
            yield from turn.resolve_top(game)
            return
        case AdvanceTo():
            game.state.passes = 0
            yield from turn.advance(game, action)
            return
        case Move():
            game.state.passes = 0
            yield from self._move(game, action)
            yield from turn.settle(game)
            return
        case Cast() | Activate():
            game.state.passes = 0
            yield from self._act(game, action)
            yield from turn.settle(game)
            game.state.priority = action.player  # the player who acted (CR 117.3c)
        case Unlock() | TurnFaceUp() | PlayLand():  # special actions: no check of the state
            game.state.passes = 0
            yield from self._act(game, action)
            game.state.priority = action.player
        case _:
            engine._unknown_action(action)


# -- combat and the turn's steps -------------------------------------------------------------

def check_attackers_any_player(game: Game, action: DeclareAttackers) -> str:
    """Who declares attackers is not looked at: the non-active player can attack with their
    creatures in the active player's turn, and the opponent's Bear attacks its owner's
    opponent (CR 508.1: the active player declares attackers)."""
    state = game.state
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj, chars = combat._creature(game, object_id, action.player, "attack")
        if obj.summoning_sick and "Haste" not in chars.keywords:  # CR 302.6
            raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't attack")
        if "Defender" in chars.keywords:  # CR 702.3b
            raise IllegalAction(f"{_name(chars)} has defender: it can't attack")
    return defender


def check_attackers_any_permanent(game: Game, action: DeclareAttackers) -> str:
    """Attackers are checked for being untapped permanents of the player, not for being
    creatures: Trinket, an artifact, is declared as an attacker and becomes tapped
    (CR 508.1a: the active player chooses which creatures they control attack)."""
    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj = state.objects.get(object_id)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't "
                                f"attack")
        chars = game.chars(obj)
        if obj.controller != action.player:
            raise IllegalAction(f"{_name(chars)} is not controlled by {action.player}: they "
                                f"can't have it attack")
        if obj.tapped:
            raise IllegalAction(f"{_name(chars)} is tapped: it can't attack")
        if obj.summoning_sick and "Haste" not in chars.keywords:  # CR 302.6
            raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't attack")
        if "Defender" in chars.keywords:  # CR 702.3b
            raise IllegalAction(f"{_name(chars)} has defender: it can't attack")
    return defender


def step_forward_without_a_second_damage_step(game: Game) -> None:
    """After the first-strike combat damage step, the game goes on to the end of combat: no
    second combat damage step follows, and a Bear attacking beside First Striker deals no
    damage (CR 510.4: the remaining attackers and blockers deal their damage in a second
    combat damage step)."""
    state = game.state
    fighting = combat.has_attackers(game)
    index = STEP_ORDER.index(state.step)
    if index + 1 == len(STEP_ORDER):
        turn._next_turn(game)
        return
    if state.step is Step.END_OF_COMBAT:
        combat.end_combat(game)
    state.step = STEP_ORDER[index + 1]
    if state.step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE) and not fighting:
        state.step = Step.END_OF_COMBAT


# -- costs and mana --------------------------------------------------------------------------

def convoke_helpers_any_controller(game: Game, player: str) -> list[GameObject]:
    """The creatures offered for convoke are every untapped creature on the battlefield,
    whoever controls it: Rally is paid for by tapping the opponent's Bear (CR 702.51a: its
    caster taps untapped creatures they control)."""
    return [obj for obj in game.state.permanents()
            if not obj.tapped and obj.zone is Zone.BATTLEFIELD
            and "Creature" in game.chars(obj).types]


def colors_of_first_hybrid_half(cost: str | None) -> tuple[str, ...]:
    """A hybrid symbol gives its first color only: Boros Recruit ({R/W}) is red, not red and
    white (CR 202.2, 107.4e: an object is each color of the mana symbols in its mana cost,
    and a hybrid symbol is both its colors)."""
    found = {s.split("/")[0] for s in symbols(cost) if s.split("/")[0] in COLORS}
    return tuple(c for c in COLORS if c in found)


# -- lands and zones -------------------------------------------------------------------------

def land_refused_early_any_card(game: Game, action: PlayLand) -> GameObject:
    """Whether the card played is a land is not looked at: a Bear can be played as the
    turn's land, put onto the battlefield without being cast (CR 305.1, 116.2a: a player
    plays a land card; any other card is cast)."""
    state = game.state
    card = state.objects.get(action.card)
    if card is None or card.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a land card in a hand, graveyard, exile or library can be "
                            "played")
    lands.check_timing(game, action.player)
    lands.check_permission(game, action.player, card)
    played = lands.played_this_turn(game, action.player)
    if len(played) >= lands.lands_allowed(game, action.player):
        raise IllegalAction(f"{action.player} has played {len(played)} land(s) this turn and "
                            f"may play {lands.lands_allowed(game, action.player)} (CR 305.2)")
    return card


def permission_any_graveyard(game: Game, player: str, card: GameObject, chars: Any) -> None:
    """A permission to cast spells from "your graveyard" is looked up in every graveyard:
    with Gravecaller, the active player casts the Bear in the opponent's graveyard and
    gets it (CR 404.1, 108.3: "your graveyard" holds the cards you own)."""
    if card.zone is Zone.HAND:
        if card.owner != player:
            raise IllegalAction("you can cast only cards in your own hand")
        return
    if card.zone is Zone.EXILE and exile_to_play.may_play(game, player, card.id):  # CR 601.3
        return
    if card.zone is Zone.GRAVEYARD:
        permission = casting.graveyard_permission(game, player, chars)
        if permission is not None:
            casting.use_graveyard_permission(game, player, permission)
            return
    raise IllegalAction(f"nothing allows casting {card.card.name} from the {card.zone.value}")


def search_library_without_shuffling(game: Game, ctx: Context, params: Any) -> Flow:
    """A library search puts the card found where it goes and stops: the library is not
    shuffled, and Divination after Land Grant draws the cards that were under the land
    (CR 608.2c: "then shuffle" is carried out like the rest of the instructions)."""
    library = game.state.player(ctx.controller).zones[Zone.LIBRARY]
    found = [i for i in library if matches(game.chars(game.state.objects[i]), params, x=ctx.x)]
    options = tuple(Option(i, label(game, i)) for i in found)
    chosen = yield Choice("cards", ctx.controller, "search your library", options, 0, 1)
    for card_id in chosen:
        obj = game.state.objects[card_id]
        if Zone(params.get("to", "hand")) is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, controller=ctx.controller)
        else:
            game.move(obj, Zone(params["to"]))


# -- the end of the game ---------------------------------------------------------------------

def state_based_actions_loss_on_an_empty_stack(game: Game) -> bool:
    """A player at 0 or less life loses only once the stack is empty: Shock bringing the
    opponent to 0 while Growth waits under it leaves them in the game until Growth has
    resolved (CR 704.3, 704.5a: state-based actions are checked whenever a player would
    receive priority, whatever is on the stack)."""
    state = game.state
    doomed = []
    for obj in list(state.permanents()):
        chars = game.chars(obj)
        if "Creature" in chars.types and chars.toughness is not None and (
                chars.toughness <= 0 or 0 < chars.toughness <= obj.damage):
            doomed.append(obj)  # CR 704.5f, 704.5g
        elif "Aura" in chars.subtypes and (
                obj.attached_to is None or obj.attached_to not in state.battlefield):
            doomed.append(obj)  # CR 704.5m
        elif _saga_is_done(game, obj, chars):
            doomed.append(obj)  # CR 704.5s
        elif ("Creature" in chars.types and obj.damage > 0 and obj.damaged_by_deathtouch):
            doomed.append(obj)  # CR 704.5h
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
    losers = [p for p in state.players if not p.lost and not state.stack
              and (p.life <= 0 or p.drew_from_empty_library)]  # CR 704.5a, 704.5b
    for player in losers:
        player.lost = True
        game.events.append(Event("player_lost", {"player": player.name}))
    with game.simultaneously():  # they leave at once, and see each other leave (CR 603.10a)
        for obj in doomed:
            game.move(obj, Zone.GRAVEYARD)
    return bool(doomed) or bool(losers) or annihilated


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_MAY_PLAY = may_play_until_the_end_step

BUGS: list[HeldOut] = [
    bug("target-spell-offers-abilities", "targets",
        "https://github.com/wingedsheep/argentum-engine/pull/631",
        _doc(candidates_spell_offers_abilities),
        (targets, "candidates", candidates_spell_offers_abilities),
        (effects, "candidates", candidates_spell_offers_abilities)),
    bug("triggered-ability-put-under-the-stack", "stack",
        "https://github.com/phase-rs/phase/issues/2872",
        _doc(put_on_stack_at_the_bottom),
        (triggers, "put_on_stack", put_on_stack_at_the_bottom)),
    bug("graveyard-cast-ignores-timing", "timing",
        "https://github.com/magefree/mage/issues/3300",
        _doc(cast_from_graveyard_at_any_time),
        (casting, "cast", cast_from_graveyard_at_any_time)),
    bug("play-permission-ends-as-the-end-step-begins", "durations",
        "https://github.com/phase-rs/phase/issues/1300",
        _doc(may_play_until_the_end_step),
        (exile_to_play, "may_play", _MAY_PLAY), (casting, "may_play", _MAY_PLAY),
        (lands, "may_play", _MAY_PLAY)),
    bug("state-based-actions-skipped-after-a-special-action", "state-based-actions",
        "https://github.com/magarena/magarena/issues/209",
        _doc(flow_without_a_check_after_special_actions),
        (engine.ReferenceEngine, "_flow", flow_without_a_check_after_special_actions)),
    bug("attackers-declared-by-the-non-active-player", "combat",
        "https://github.com/WagicProject/wagic/issues/460",
        _doc(check_attackers_any_player),
        (combat, "check_attackers", check_attackers_any_player)),
    bug("noncreature-permanent-attacks", "combat",
        "https://github.com/magefree/mage/issues/3427",
        _doc(check_attackers_any_permanent),
        (combat, "check_attackers", check_attackers_any_permanent)),
    bug("regular-combat-damage-step-skipped-after-first-strike", "turn-structure",
        "https://github.com/magefree/mage/issues/10232",
        _doc(step_forward_without_a_second_damage_step),
        (turn, "_step_forward", step_forward_without_a_second_damage_step)),
    bug("convoke-taps-another-players-creature", "costs",
        "https://github.com/phase-rs/phase/issues/389",
        _doc(convoke_helpers_any_controller),
        (convoke_module, "helpers", convoke_helpers_any_controller)),
    bug("hybrid-symbol-colored-by-its-first-half", "mana",
        "https://github.com/magefree/mage/issues/2105",
        _doc(colors_of_first_hybrid_half),
        (mana, "colors_of", colors_of_first_hybrid_half)),
    bug("nonland-card-played-as-a-land", "lands",
        "https://github.com/magefree/mage/pull/14305",
        _doc(land_refused_early_any_card),
        (lands, "land_refused_early", land_refused_early_any_card)),
    bug("graveyard-permission-reaches-another-players-graveyard", "zones",
        "https://github.com/Card-Forge/forge/pull/11398",
        _doc(permission_any_graveyard),
        (casting, "_permission", permission_any_graveyard)),
    bug("library-not-shuffled-after-a-search", "zones",
        "https://github.com/magefree/mage/issues/558",
        _doc(search_library_without_shuffling),
        (effects.EFFECTS, "search_library", search_library_without_shuffling)),
    bug("loss-waits-for-an-empty-stack", "game-over",
        "https://github.com/magefree/mage/issues/13644",
        _doc(state_based_actions_loss_on_an_empty_stack),
        (turn, "state_based_actions", state_based_actions_loss_on_an_empty_stack)),
]
