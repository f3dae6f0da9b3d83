"""Held-out bugs, eleventh batch: counters, state-based actions, zone and face changes,
copies, tokens, triggers, continuous effects, durations, replacement effects and Rooms --
counters put on a permanent replacing those already there (CR 122.1, 122.6); a Saga kept
while any ability waits on the stack (CR 704.5s, 714.4); a permanent untapped as it
transforms (CR 712.18, 110.5); "enter as a copy of any creature" offering every permanent
(CR 707.2, 614.1c); a token copy created for the original's controller (CR 111.2, 707.2); a
delayed "sacrifice it" made for the original instead of the token (CR 603.7c, 608.2h); "one
or more creatures you control deal combat damage" triggering on the opponent's creatures
(CR 510.3a, 603.2); "gains flying until end of turn" dropped from a power and toughness
change (CR 611.2a, 613.1f); a once-each-turn permission never given back (CR 601.2, 500.1);
a card name chosen among front faces only (CR 201.4, 712.19); a door unlocked by a player who
doesn't control the Room (CR 709.5e, 116.2m)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import Choice, Event, Option, Unlock
from conformance.engines.reference import effects, entering, lands, life, rooms, triggers, turn
from conformance.engines.reference.characteristics import can_transform
from conformance.engines.reference.copies import copy_of
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.entering import add_counters, enter_token
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.state import (
    ContinuousEffect, DelayedTrigger, GameObject, StackAbility,
)
from conformance.engines.reference.abilities import Ability, chapter_numbers
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.targets import label, matches
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from . import HeldOut, bug


# -- counters --------------------------------------------------------------------------------

def add_counters_replacing(game: Game, obj: GameObject, kind: str, amount: int) -> None:
    """Counters put on a permanent replace those of the same kind already on it: a creature
    with a +1/+1 counter that outlasts has one, not two (CR 122.1, 122.6: counters put on
    an object are added to those it has)."""
    if amount <= 0:
        return
    before = obj.counters.get(kind, 0)
    obj.counters[kind] = amount
    game.emit("counters_added", object=obj.id, counter=kind, before=before,
              after=amount)


# -- state-based actions ---------------------------------------------------------------------

def saga_done_when_the_stack_is_empty(game: Game, obj: GameObject,
                                      chars: Characteristics | None = None) -> bool:
    """A Saga with as many lore counters as its last chapter waits for the stack to be empty
    of every ability, not only of its own chapter abilities: an unrelated ability on the
    stack keeps a finished Saga on the battlefield (CR 704.5s, 714.4: it is sacrificed unless
    one of its own chapter abilities has triggered but not left the stack)."""
    chapters = chapter_numbers((chars if chars is not None else game.chars(obj)).ability_defs)
    if not chapters or obj.counters.get("lore", 0) < max(chapters):
        return False
    on_stack = any(isinstance(item, StackAbility) for item in game.state.stack)
    waiting = any(t.source == obj.id for t in game.state.pending_triggers)
    return not (on_stack or waiting)


# -- zone and face changes -------------------------------------------------------------------

def transform_untapping(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms untaps, as if its other face were a new permanent: a
    tapped Day Wolf that becomes Night Wolf is untapped (CR 712.18, 110.5: it is the same
    permanent, its status unchanged)."""
    for obj in _objects(game, ctx, params):
        if can_transform(obj):
            obj.transformed = not obj.transformed
            obj.tapped = False
            game.emit("transformed", object=obj.id)
    yield from ()


# -- copies ----------------------------------------------------------------------------------

def enter_as_copy_of_any_permanent(game: Game, new: GameObject, params: Any) -> Flow:
    """"Enter as a copy of any creature" offers every other permanent: the filter of what may
    be copied is not looked at, and a Clone may enter as a copy of an artifact (CR 707.2,
    614.1c: it copies what its ability names)."""
    rule = params["copy"]
    found = [obj for obj in game.state.permanents() if obj.id != new.id]
    if not found:
        return
    options = tuple(Option(obj.id, label(game, obj.id)) for obj in found)
    minimum = 0 if rule.get("optional", True) else 1
    chosen = yield Choice("cards", new.controller, f"{new.card.name} enters as a copy of",
                          options, minimum, 1)
    for object_id in chosen:
        original = game.state.objects[object_id]
        new.copy = copy_of(original, token=new.token,
                           add_types=tuple(rule.get("add_types") or ()))
        if new.token:
            new.transformed = original.transformed and can_transform(new)


# -- tokens and delayed triggers -------------------------------------------------------------

def create_token_copy_for_the_originals_controller(game: Game, ctx: Context,
                                                   params: Any) -> Flow:
    """A token copy is created under the control of the original's controller, not of the
    player whose spell makes it: Mirror cast on an opponent's Bear gives the opponent a
    second Bear (CR 111.2, 707.2: the player who creates a token is its owner and controller
    unless the effect says otherwise)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, original.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.keywords.update(params.get("gains") or ())
        token.summoning_sick = True
        yield from enter_token(game, token)
        limit = int(params.get("lore_up_to", 0))
        if limit and "Saga" in game.chars(token).subtypes:
            options = tuple(Option(str(n), str(n)) for n in range(limit + 1))
            (answer,) = yield Choice("option", ctx.controller,
                                     f"put up to {limit} lore counters on the token", options)
            add_counters(game, token, "lore", int(answer))
        if params.get("sacrifice_at_next_end_step"):
            game.state.delayed.append(DelayedTrigger(
                Step.END.value, ctx.controller, ctx.source, ctx.source_card,
                ({"sacrifice": "delayed_objects"},), (token.id,)))


def create_token_copy_sacrificing_the_original(game: Game, ctx: Context,
                                               params: Any) -> Flow:
    """The delayed "sacrifice it at the beginning of the next end step" is made for the
    permanent copied instead of the token: Fleeting Mirror's token stays and the creature it
    copied is sacrificed (CR 603.7c, 608.2h: "it" is the token the effect created)."""
    for original in _objects(game, ctx, params.get("of", "target")):
        values = copy_of(original, token=True,
                         add_subtypes=tuple(params.get("add_subtypes") or ()))
        card = values.card if values.face_down else original.card  # nothing hidden shown
        token = game.state.create(card, ctx.controller, Zone.BATTLEFIELD, token=True)
        token.copy = values
        token.transformed = original.transformed and can_transform(token)
        token.keywords.update(params.get("gains") or ())
        token.summoning_sick = True
        yield from enter_token(game, token)
        limit = int(params.get("lore_up_to", 0))
        if limit and "Saga" in game.chars(token).subtypes:
            options = tuple(Option(str(n), str(n)) for n in range(limit + 1))
            (answer,) = yield Choice("option", ctx.controller,
                                     f"put up to {limit} lore counters on the token", options)
            add_counters(game, token, "lore", int(answer))
        if params.get("sacrifice_at_next_end_step"):
            game.state.delayed.append(DelayedTrigger(
                Step.END.value, ctx.controller, ctx.source, ctx.source_card,
                ({"sacrifice": "delayed_objects"},), (original.id,)))


# -- triggers --------------------------------------------------------------------------------

def combat_damage_by_any_players_creatures(game: Game, obj: GameObject, params: Any,
                                           event: Event, ability: Ability) -> bool:
    """"Whenever one or more creatures you control deal combat damage to a player" triggers
    whoever controls the creatures: the defending player's Locker triggers as the attacker's
    creatures hit them (CR 510.3a, 603.2: "you control" is part of the trigger event)."""
    if params == "this":
        return event.kind == "combat_damage_to_player" and event.data["source"] == obj.id
    return event.kind == "creatures_dealt_combat_damage"


# -- continuous effects and durations --------------------------------------------------------

def modify_pt_without_keywords(game: Game, ctx: Context, params: Any) -> Flow:
    """The keywords a power and toughness change gives are dropped: Mighty Leap makes a
    creature +2/+2 but not flying (CR 611.2a, 613.1f: "gets +2/+2 and gains flying until end
    of turn" does both)."""
    for obj in _objects(game, ctx, params.get("what", "target")):
        game.state.effects.append(ContinuousEffect(
            obj.id, int(params.get("power", 0)), int(params.get("toughness", 0)),
            "end_of_turn", game.state.tick(), ()))
    yield from ()


def next_turn_keeping_used_permissions(game: Game) -> None:
    """The once-each-turn permissions used are not forgotten as a turn begins: a permanent
    spell cast from the graveyard with "once during each of your turns" uses the permission
    for the rest of the game (CR 500.1, 601.2: "each turn" starts again every turn)."""
    state = game.state
    state.turn += 1
    state.active_player = state.opponent(state.active_player)
    state.step = Step.UNTAP
    state.combat = None
    lands.forget_earlier_turns(game)
    for player in state.players:
        player.spells_cast_this_turn.clear()
    # the active player untaps their permanents (CR 502.3), and so does a player with an
    # "untap ... during each other player's untap step" ability
    others = [(permanent.controller, rule) for permanent, _ability, rule
              in game.statics("untap_during_others_untap")
              if permanent.controller != state.active_player]
    for obj in state.permanents():
        if obj.controller == state.active_player or any(
                obj.controller == player and matches(game.chars(obj), rule or {})
                for player, rule in others):
            obj.untap()
        if obj.controller == state.active_player:
            obj.summoning_sick = False


# -- replacement effects ---------------------------------------------------------------------

def name_options_front_faces(game: Game) -> tuple[str, ...]:
    """The card names a player may choose are the cards' front faces only: "choose a card
    name" can't name Night Wolf, the back face of Day Wolf (CR 201.4, 712.19: the name of
    either face of a double-faced card may be chosen)."""
    return tuple(sorted({card.faces[0].name for card in game.cards.values()}))


# -- Rooms -----------------------------------------------------------------------------------

def unlock_refused_early_by_anyone(game: Game, action: Unlock) -> GameObject:
    """A door can be unlocked by any player in their own main phase, not only by the Room's
    controller: an opponent who pays a door's cost unlocks it, and its controller's "when you
    unlock this door" triggers (CR 709.5e, 116.2m: the Room's controller unlocks its doors)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only a Room on the battlefield can be unlocked")
    if not obj.copiable_card.is_room or obj.face_down:
        raise IllegalAction(f"{obj.card.name} has no doors")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if state.active_player != action.player or not state.step.is_main_phase:
        raise IllegalAction("doors can be unlocked only in a main phase of your turn")
    if state.stack:
        raise IllegalAction("doors can be unlocked only while the stack is empty")
    if action.door in obj.unlocked:
        raise IllegalAction(f"the {action.door.value} door is already unlocked")
    return obj


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("counters-put-replace-those-there", "counters",
        "https://github.com/magefree/mage/issues/13918",
        _doc(add_counters_replacing),
        (entering, "add_counters", add_counters_replacing),
        (effects, "add_counters", add_counters_replacing),
        (life, "add_counters", add_counters_replacing),
        (turn, "add_counters", add_counters_replacing)),
    bug("saga-kept-while-any-ability-waits", "state-based-actions",
        "https://github.com/magefree/mage/issues/4875",
        _doc(saga_done_when_the_stack_is_empty),
        (turn, "_saga_is_done", saga_done_when_the_stack_is_empty)),
    bug("transformed-permanent-untaps", "transform",
        "https://github.com/WagicProject/wagic/issues/1065",
        _doc(transform_untapping), (effects.EFFECTS, "transform", transform_untapping)),
    bug("copy-of-any-creature-offers-every-permanent", "copies",
        "https://github.com/phase-rs/phase/issues/5289",
        _doc(enter_as_copy_of_any_permanent),
        (entering, "_enter_as_copy", enter_as_copy_of_any_permanent)),
    bug("token-copy-created-for-the-originals-controller", "tokens",
        "https://github.com/magefree/mage/issues/3442",
        _doc(create_token_copy_for_the_originals_controller),
        (effects.EFFECTS, "create_token_copy", create_token_copy_for_the_originals_controller)),
    bug("delayed-sacrifice-of-the-original", "triggers",
        "https://github.com/phase-rs/phase/issues/4601",
        _doc(create_token_copy_sacrificing_the_original),
        (effects.EFFECTS, "create_token_copy", create_token_copy_sacrificing_the_original)),
    bug("combat-damage-trigger-for-any-players-creatures", "triggers",
        "https://github.com/phase-rs/phase/issues/8448",
        _doc(combat_damage_by_any_players_creatures),
        (triggers.MATCHERS, "combat_damage_to_player", combat_damage_by_any_players_creatures)),
    bug("gained-keyword-dropped", "continuous-effects",
        "https://github.com/magefree/mage/issues/2670",
        _doc(modify_pt_without_keywords), (effects.EFFECTS, "modify_pt", modify_pt_without_keywords)),
    bug("once-each-turn-permission-never-renewed", "durations",
        "https://github.com/magefree/mage/pull/6040",
        _doc(next_turn_keeping_used_permissions),
        (turn, "_next_turn", next_turn_keeping_used_permissions)),
    bug("chosen-name-front-faces-only", "replacement-effects",
        "https://github.com/magefree/mage/issues/3156",
        _doc(name_options_front_faces), (entering, "_name_options", name_options_front_faces)),
    bug("door-unlocked-by-another-player", "rooms",
        "https://github.com/magefree/mage/issues/5166",
        _doc(unlock_refused_early_by_anyone),
        (rooms, "unlock_refused_early", unlock_refused_early_by_anyone)),
]

