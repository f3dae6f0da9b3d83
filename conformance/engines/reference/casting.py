"""Casting spells and activating abilities (CR 601, 602).

Casting follows CR 601.2: the card moves to the stack, its half (door) or face and any
alternative cost are chosen, then X and targets, then the total cost is determined
(mana cost or alternative cost, plus increases, minus reductions) and paid.  Permission
to cast from a zone other than the hand, and its restrictions, are checked against the
spell's characteristics *on the stack* -- so for a Room, only the door being cast.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...contract.types import Activate, Cast, Choice, Option, PlayerRef, TurnFaceUp
from ...errors import IllegalAction, Unsupported
from ...format.vocabulary import Door, Zone
from .abilities import Ability
from .characteristics import DOOR_INDEX, Characteristics, is_split
from .game import Flow, Game
from .convoke import convoke, has_convoke
from .dividing import announce, record
from .exile_to_play import may_play
from .mana import Cost
from .effects import Context, run_effects
from .state import GameObject, StackAbility
from .targets import PLAYER_PREFIX, choose_targets, matches

FACE_DOWN_COST = "{3}"


def _sorcery_timing(game: Game, player: str) -> None:
    state = game.state
    if state.active_player != player or not state.step.is_main_phase or state.stack:
        raise IllegalAction("only at sorcery speed: a main phase of your turn, stack empty")


def _permission(game: Game, player: str, card: GameObject, chars: Characteristics) -> None:
    """May ``player`` cast ``card`` from the zone it is in, as a spell with ``chars``?

    Uses up a once-each-turn permission when one is what allows it.
    """
    if card.zone is Zone.HAND:
        if card.owner != player:
            raise IllegalAction("you can cast only cards in your own hand")
        return
    if card.zone is Zone.EXILE and may_play(game, player, card.id):  # CR 601.3
        return
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        permission = graveyard_permission(game, player, chars)
        if permission is not None:
            use_graveyard_permission(game, player, permission)
            return
    raise IllegalAction(f"nothing allows casting {card.card.name} from the {card.zone.value}")


def graveyard_permission(game: Game, player: str, chars: Characteristics
                         ) -> tuple[GameObject, Ability] | None:
    """The first ``cast_from_graveyard`` static ability that lets ``player`` play a card
    with ``chars`` from their graveyard now, with its permanent: a spell that matches its
    filter, or a land when it says ``lands: true`` ("you may play a land from your
    graveyard"); one with ``once_per_turn`` only in its controller's turn, once."""
    used = game.state.player(player).used_once_per_turn
    land = "Land" in chars.types
    for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
        if rule.get("once_per_turn") and ((permanent.id, ability.index) in used
                                          or game.state.active_player != player):
            continue  # "once during each of your turns": not in another player's turn
        if (rule.get("lands") if land else matches(chars, rule)):
            return permanent, ability
    return None


def use_graveyard_permission(game: Game, player: str,
                             permission: tuple[GameObject, Ability]) -> None:
    """Use up a once-each-turn permission."""
    permanent, ability = permission
    game.state.player(player).used_once_per_turn.add((permanent.id, ability.index))


def total_cost(game: Game, player: str, spell: GameObject, chars: Characteristics,
               base: str | None) -> Cost:
    """The mana cost or alternative cost, plus increases, then minus reductions, which
    reduce only generic mana (CR 601.2f).  Mana value is not affected (CR 202.3)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule):
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost


def cast_refused_early(game: Game, action: Cast) -> GameObject:
    """What refuses a cast before anything changes (the card is where it is, nothing is
    chosen): raises ``IllegalAction``; else the card to cast.  A probe for legality asks
    this before it copies the game."""
    state = game.state
    card_obj = state.objects.get(action.card)
    if card_obj is None or card_obj.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("only a card in a hand, graveyard, exile or library can be cast")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if action.face_down and morph_cost(game, card_obj) is None:  # before any choice
        raise IllegalAction(f"{card_obj.copiable_card.name} can't be cast face down")
    return card_obj


def cast_refused_in_probe(game: Game, action: Cast) -> None:
    """What refuses a cast before anything changes, for a probe (which needs only whether
    it is refused): :func:`cast_refused_early`, then the zone the card is cast from -- a
    card in another player's hand, in a graveyard or in exile with nothing that could allow
    casting it from there -- where :func:`cast` refuses it with no choice asked first (its
    own checks, made before the card moves, which changes none of what they look at).
    Only while those checks are this module's own (a mutant may replace one)."""
    card_obj = cast_refused_early(game, action)
    if _permission is not _OWN_PERMISSION or may_play is not _OWN_MAY_PLAY \
            or is_split is not _OWN_IS_SPLIT or card_obj.token or card_obj.is_spell_copy:
        return
    if action.door is None and is_split(card_obj.copiable_card):
        return  # the half to cast is asked first
    player, zone = action.player, card_obj.zone
    if zone is Zone.HAND:
        if card_obj.owner != player:
            raise IllegalAction("you can cast only cards in your own hand")
        return
    if zone is Zone.EXILE and may_play(game, player, card_obj.id):
        return
    if zone is Zone.GRAVEYARD and card_obj.owner == player and any(
            True for _ in game.statics("cast_from_graveyard", controller=player)):
        return
    raise IllegalAction(f"nothing allows casting {card_obj.card.name} from the {zone.value}")


def cast(game: Game, action: Cast) -> Flow:
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
    permission = graveyard_permission(game, action.player, chars) \
        if from_zone is Zone.GRAVEYARD else None
    _permission(game, action.player, card_obj, chars)
    if permission is not None:  # "if you do, it gains ..."
        spell.granted = permission[1].grants
    if not ("Instant" in chars.types or "Flash" in _keywords(spell)):
        state.stack.remove(spell)
        try:
            _sorcery_timing(game, action.player)
        finally:
            state.stack.append(spell)
    base = FACE_DOWN_COST if action.face_down else (  # an alternative cost (CR 702.37c)
        card.faces[DOOR_INDEX[door]].mana_cost if door is not None else card.faces[0].mana_cost)
    cost = total_cost(game, action.player, spell, chars, base)
    pool = state.player(action.player).pool
    convoking = has_convoke(game, action.player, spell, chars)
    if not pool.can_pay(cost) and not convoking:  # known before targets, which don't change it
        raise IllegalAction(f"cannot pay {cost} with {pool.describe()}")
    spell_ability = next((a for a in chars.ability_defs if a.kind == "spell"), None)
    targets = yield from choose_targets(
        game, spell_ability.target if spell_ability else None, action.player,
        _values(action.targets), f"targets for {card.name}",
        exclude=spell.id)  # a spell can't target itself (CR 115.5)
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


def _keywords(obj: GameObject) -> tuple[str, ...]:
    return obj.copiable_card.faces[0].keywords


def _values(targets: tuple[object, ...] | None) -> tuple[str, ...] | None:
    if targets is None:
        return None
    return tuple(PLAYER_PREFIX + t.name if isinstance(t, PlayerRef) else str(t) for t in targets)


def morph_cost(game: Game, obj: GameObject) -> str | None:
    """The morph cost printed on the card, whether or not it is face down (CR 702.37)."""
    for ability in game.abilities.get(obj.card.name, ((),))[0]:
        if ability.kind == "static" and "morph" in ability.params:
            return str(ability.params["morph"])
    return None


def turn_face_up(game: Game, action: TurnFaceUp) -> Flow:
    """The special action of turning a face-down permanent face up by paying its morph
    cost, any time its controller has priority (CR 702.37e, 116.2b).  It stays the same
    permanent (CR 708.8): nothing enters, so no enters ability triggers."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    cost = morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


def activated_abilities(game: Game, obj: GameObject) -> list[Ability]:
    return [a for a in game.chars(obj).ability_defs if a.kind == "activated"]


def _check_not_prevented(game: Game, source: GameObject, ability: Ability) -> None:
    """Statics such as "activated abilities of sources with the chosen name can't be
    activated unless they're mana abilities": ``prevent_activation: chosen_name``, or
    ``{source: chosen_name, except: mana_abilities}`` when the card exempts mana abilities
    (CR 605.1a)."""
    names = set(game.chars(source).names)
    for permanent, _ability, rule in game.statics("prevent_activation"):
        spec = rule if isinstance(rule, Mapping) else {"source": rule}
        if spec.get("except") == "mana_abilities" and ability.params.get("mana_ability"):
            continue
        if spec.get("source") == "chosen_name" and permanent.chosen_name in names:
            raise IllegalAction(f"{permanent.card.name} prevents activating abilities of "
                                f"sources named {permanent.chosen_name}")


def summoning_sick(game: Game, obj: GameObject) -> bool:
    """Whether ``obj`` can't pay a {T} or {Q} cost: a creature its controller hasn't
    controlled continuously since their most recent turn began, without haste (CR 302.6,
    702.10c)."""
    if not obj.summoning_sick:
        return False
    chars = game.chars(obj)
    return "Creature" in chars.types and "Haste" not in chars.keywords


def activation_refused_early(game: Game, action: Activate) -> tuple[GameObject, Ability]:
    """What refuses an activation before anything changes (its costs are known before its
    targets, CR 602.2b): raises ``IllegalAction`` or ``Unsupported``; else the permanent
    and the ability.  A probe for legality asks this before it copies the game."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction("only abilities of permanents can be activated here")
    if obj.controller != action.player:
        raise IllegalAction("you can activate only abilities of permanents you control")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    abilities = activated_abilities(game, obj)
    if not 0 <= action.ability < len(abilities):
        raise IllegalAction(f"{obj.card.name} has no activated ability #{action.ability + 1}")
    ability = abilities[action.ability]
    _check_not_prevented(game, obj, ability)
    if ability.unimplemented:
        raise Unsupported(f"{ability.text!r}: {ability.unimplemented}")
    params = ability.params
    if params.get("sorcery"):
        _sorcery_timing(game, action.player)
    if params.get("tap") and obj.tapped:  # costs known before targets (CR 602.2b)
        raise IllegalAction(f"{obj.card.name} is tapped")
    if params.get("tap") and summoning_sick(game, obj):
        raise IllegalAction(f"{obj.card.name} has summoning sickness")
    return obj, ability


def activate(game: Game, action: Activate) -> Flow:
    state = game.state
    obj, ability = activation_refused_early(game, action)
    params = ability.params
    targets = yield from choose_targets(game, ability.target, action.player,
                                        _values(action.targets), f"targets for {ability.text}")
    if targets is None:
        raise IllegalAction(f"{ability.text!r} has no legal targets")
    division = yield from announce(game, action.player, ability, targets, ability.text)
    if params.get("tap"):
        if obj.tapped:
            raise IllegalAction(f"{obj.card.name} is tapped")
        if summoning_sick(game, obj):
            raise IllegalAction(f"{obj.card.name} has summoning sickness")
        obj.tapped = True
    x = action.x or 0
    if "x_from_linked" in params:  # "X is the mana value of the exiled card" (CR 607.2)
        linked = state.linked.get((obj.id, params["x_from_linked"]), [])
        x = sum(game.chars(state.objects[i]).mana_value for i in linked if i in state.objects)
    state.player(action.player).pool.pay(Cost.of(params.get("mana"), x))
    source_card = obj.copiable_card
    if params.get("sacrifice"):
        game.move(obj, Zone.GRAVEYARD)
    if params.get("mana_ability"):  # doesn't use the stack; resolves at once (CR 605.3b)
        yield from run_effects(game, Context(action.player, obj.id, source_card, ability,
                                             targets, targets, x), ability.effects)
        game.emit("ability_activated", source=obj.id, ability=action.ability)
        return
    item = StackAbility(state.new_id(), obj.id, source_card, ability, action.player, targets, x)
    state.stack.append(item)
    record(game, item.id, division)
    game.emit("ability_activated", source=obj.id, ability=action.ability)
    state.priority = action.player


#: The checks :func:`cast_refused_in_probe` makes as this module makes them.
_OWN_PERMISSION = _permission
_OWN_MAY_PLAY = may_play
_OWN_IS_SPLIT = is_split
