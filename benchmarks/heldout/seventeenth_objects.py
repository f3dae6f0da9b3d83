"""Held-out bugs, seventeenth batch: damage, counters, tokens, copies, continuous effects,
triggers, transform, Rooms and face-down permanents -- lifelink gaining its source's power
instead of the damage dealt (CR 702.15b); a stun counter that keeps its permanent tapped
without ever being removed (CR 122.1d); a token exiled and returned by one effect coming back
(CR 111.8, 111.7); the copy of a sorcery a resolving ability lets its controller cast held to
sorcery timing (CR 608.2g, 307.1); "sources with the chosen name" read from the name printed
on the card's front (CR 201.2, 712.8e); the additional instances of a doubled triggered
ability sharing the first one's targets (CR 603.2d, 603.3d); a face-down creature entering
unseen by "whenever a creature enters" (CR 708.2, 603.6a); activating an ability seen as
casting a spell (CR 601.2i, 602.2); a permanent that transforms announced as entering
(CR 712.18, 603.6a); a Room spell having both halves on the stack (CR 709.3b); a tapped
face-down permanent refused the turning face up (CR 702.37e, 116.2b); a copy keeping its own
card's keywords (CR 707.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from conformance.contract.types import PLAYER_OPTION_PREFIX, Choice, Event, Option, TurnFaceUp
from conformance.engines.reference import (
    casting, characteristics, combat, damage, effects, life, state as state_module, triggers,
)
from conformance.engines.reference.abilities import Ability
from conformance.engines.reference.characteristics import (
    DOOR_INDEX, FACE_DOWN, Characteristics, _union, face_colors, is_split, is_transforming,
)
from conformance.engines.reference.casting import morph_cost
from conformance.engines.reference.copies import cast_copy
from conformance.engines.reference.damage import change_life
from conformance.engines.reference.dividing import announce, record
from conformance.engines.reference.effects import Context, _objects
from conformance.engines.reference.entering import put_onto_battlefield
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject, StackAbility
from conformance.engines.reference.targets import choose_targets, label, matches
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone

from . import HeldOut, bug


# -- damage and counters ---------------------------------------------------------------------

def deal_damage_lifelink_gaining_power(game: Game, source: str,
                                       source_chars: Characteristics | None, controller: str,
                                       target: str, amount: int, *,
                                       combat: bool = False) -> int:
    """Lifelink gains its source's controller as much life as the source's power, whatever
    the damage dealt: Leech (1/1, lifelink) made 4/4 by Growth pings an Ogre for 1 and its
    controller gains 4 (CR 702.15b: damage dealt by a source with lifelink causes its
    controller to gain that much life)."""
    if amount <= 0:
        return 0  # 0 or less damage is no damage (CR 120.8)
    keywords = set(source_chars.keywords) if source_chars is not None else set()
    if target.startswith(PLAYER_OPTION_PREFIX):
        player = target[len(PLAYER_OPTION_PREFIX):]
        change_life(game, player, -amount)
    else:
        obj = game.state.objects.get(target)
        if obj is None:
            return 0
        obj.damage += amount
        if "Deathtouch" in keywords:
            obj.damaged_by_deathtouch = True
    game.emit("damage_dealt", source=source, to=target, amount=amount, combat=combat,
              controller=controller)
    if "Lifelink" in keywords:
        power = source_chars.power if source_chars is not None else None
        change_life(game, controller, max(0, power) if power is not None else amount)
    return amount


def untap_leaving_the_stun_counter(self: Any) -> None:
    """A permanent with a stun counter stays tapped when it would untap, and the counter
    stays on it: a Bear tapped with one stun counter never untaps again (CR 122.1d: if a
    permanent with a stun counter would become untapped, one stun counter is removed from it
    instead)."""
    if not self.tapped:
        return
    if self.counters.get("stun", 0):
        return  # it stays tapped; the counter is not removed
    self.tapped = False


# -- tokens and copies -----------------------------------------------------------------------

def exile_and_return_tokens_too(game: Game, ctx: Context, params: Any) -> Flow:
    """A token exiled by "exile it, then return it" is returned too, as if it lasted in exile
    until state-based actions are checked: Flicker cast on a Soldier token brings the token
    back (CR 111.8, 111.7: a token that has left the battlefield can't come back to it; it
    ceases to exist)."""
    for obj in _objects(game, ctx, params.get("what", "this")):
        exiled = game.move(obj, Zone.EXILE)
        if exiled is None and obj.token:  # still taken to be in exile: found again
            exiled = game.state.create(obj.card, obj.owner, Zone.EXILE, token=True)
            exiled.copy = obj.copy
        if exiled is not None:
            yield from put_onto_battlefield(game, exiled, controller=exiled.owner,
                                            transformed=bool(params.get("transformed")))


def _castable_now(game: Game, player: str, card_id: str) -> bool:
    chars = game.chars(game.state.objects[card_id])
    if "Instant" in chars.types or "Flash" in chars.keywords:
        return True
    state = game.state
    return state.active_player == player and state.step.is_main_phase and not state.stack


def copy_linked_and_cast_at_card_timing(game: Game, ctx: Context, params: Any) -> Flow:
    """The copies a resolving ability lets its controller cast are offered only when their
    card types could be cast now: the ability itself being on the stack, the copy of a
    sorcery is never offered, and Scepter holding Free Lesson casts nothing (CR 608.2g,
    307.1: a spell cast while a spell or ability resolves is cast then, whatever the timing
    its card type would otherwise need)."""
    remaining = [i for i in game.state.linked.get((ctx.source, str(params)), [])
                 if i in game.state.objects and _castable_now(game, ctx.controller, i)]
    while remaining:
        options = tuple(Option(i, label(game, i)) for i in remaining)
        chosen = yield Choice("cards", ctx.controller,
                              "cast a copy of an exiled card next (or none)", options, 0, 1)
        if not chosen:
            break
        remaining.remove(chosen[0])
        yield from cast_copy(game, ctx.controller, chosen[0])


# -- continuous effects ----------------------------------------------------------------------

def check_not_prevented_by_printed_name(game: Game, source: GameObject,
                                        ability: Ability) -> None:
    """"Sources with the chosen name" are looked for by the name printed on the front of
    their card: with Needle naming Night Wolf, the transformed Day Wolf's "{1}: Transform
    this creature" can still be activated (CR 201.2, 712.8e: a permanent's name is the one
    of the face that is up, and a transformed permanent has only its back face's)."""
    names = {source.card.faces[0].name}  # the card's front face, whatever is up
    for permanent, _ability, rule in game.statics("prevent_activation"):
        spec = rule if isinstance(rule, dict) else {"source": rule}
        if spec.get("except") == "mana_abilities" and ability.params.get("mana_ability"):
            continue
        if spec.get("source") == "chosen_name" and permanent.chosen_name in names:
            raise IllegalAction(f"{permanent.card.name} prevents activating abilities of "
                                f"sources named {permanent.chosen_name}")


# -- triggers --------------------------------------------------------------------------------

def put_on_stack_instances_sharing_targets(game: Game) -> Flow:
    """The additional instances of a triggered ability ("that ability triggers an additional
    time") are put on the stack with the targets chosen for the first one: with Doubler,
    Surrakar Banisher's two triggers both target the first creature chosen, and the second
    finds it gone (CR 603.2d, 603.3d: each instance is its own ability, its targets chosen as
    it is put on the stack)."""
    state = game.state
    while state.pending_triggers:
        waiting, state.pending_triggers = state.pending_triggers, []
        chosen: dict[tuple[str, int], tuple[tuple[Any, ...], tuple[str, ...]]] = {}
        for player in state.apnap():
            mine = [t for t in waiting if t.controller == player]
            ordered = yield from triggers.order_triggers(game, player, mine)
            for trigger in ordered:
                text = trigger.ability.text or "a triggered ability"
                key = (trigger.source, id(trigger.ability))
                if key in chosen:  # another instance of an ability already put there
                    targets_, division = chosen[key]
                else:
                    found = yield from choose_targets(
                        game, trigger.ability.target, player, None,
                        f"targets for {trigger.source_card.name}: {text}")
                    if found is None:
                        game.events.append(Event("ability_removed", {
                            "source": trigger.source, "reason": "no legal targets"}))
                        continue
                    targets_ = found
                    division = yield from announce(game, player, trigger.ability, targets_,
                                                   text)
                    chosen[key] = (targets_, division)
                item = StackAbility(state.new_id(), trigger.source, trigger.source_card,
                                    trigger.ability, player, targets_, event=trigger.event)
                state.stack.append(item)
                record(game, item.id, division)


def _enters_unless_face_down(game: Game, obj: GameObject, params: Any, event: Event,
                             ability: Ability) -> bool:
    """A permanent entering face down is not seen by "whenever a creature enters" abilities,
    as if a face-down permanent had no characteristics at all: Watchful Shrine gains nothing
    when a morph is cast face down and resolves (CR 708.2, 603.6a: a face-down permanent is a
    2/2 creature, and it enters the battlefield like any other)."""
    if event.kind != "zone_changed" or event.data["to"] != Zone.BATTLEFIELD.value:
        return False
    entering_id = event.data["new_object"]
    if params == "this":
        return bool(entering_id == obj.id)
    entering = game.state.objects.get(str(entering_id))
    if entering is None or entering.face_down:  # nothing known of it: nothing matched
        return False
    if params.get("controller") == "you" and entering.controller != obj.controller:
        return False
    if params.get("other") and entering.id == obj.id:
        return False
    return matches(game.chars(entering), params)


def _spell_cast_or_ability_activated(game: Game, obj: GameObject, params: Any, event: Event,
                                     ability: Ability) -> bool:
    """Activating an ability is matched by "whenever you cast a spell", as if the ability
    were cast: Cast Watcher gains its controller 1 life when Prodigal Pyromancer's ability
    is activated (CR 601.2i, 602.2: an ability is activated, not cast; only a spell is
    cast)."""
    if event.kind == "ability_activated":  # taken as a spell its source's controller cast
        source = game.state.objects.get(str(event.data["source"]))
        if source is None:
            return False
        if params.get("controller") == "you" and source.controller != obj.controller:
            return False
        return matches(game.chars(source), params)
    if event.kind != "spell_cast":
        return False
    if params.get("controller") == "you" and event.data["player"] != obj.controller:
        return False
    spell = game.state.objects.get(str(event.data["object"]))
    return spell is not None and matches(game.chars(spell), params)


# -- transform, Rooms and face-down permanents -----------------------------------------------

def transform_announced_as_entering(game: Game, ctx: Context, params: Any) -> Flow:
    """A permanent that transforms is announced as its other face entering the battlefield:
    with Greeter ("whenever a creature you control enters, you gain 1 life"), Day Wolf
    transforming into Night Wolf gains its controller 1 life (CR 712.18, 603.6a: it stays the
    same permanent; nothing enters)."""
    for obj in _objects(game, ctx, params):
        if characteristics.can_transform(obj):
            obj.transformed = not obj.transformed
            game.emit("transformed", object=obj.id)
            game.emit("zone_changed", object=obj.id, new_object=obj.id, card=obj.card.name,
                      **{"from": None, "to": Zone.BATTLEFIELD.value})  # the other face
    yield from ()


def faces_in_effect_both_halves_on_the_stack(obj: GameObject,
                                             zone: Zone | None = None) -> tuple[int, ...]:
    """A split card has both halves' characteristics on the stack too, whichever half was
    cast: Left Hall cast as a spell is a Room spell named Left Hall and Right Hall with mana
    value 6 (CR 709.3b: on the stack, only the characteristics of the half being cast
    exist)."""
    card = obj.copiable_card
    zone = zone or obj.zone
    if obj.copy is not None and obj.copy.face is not None:
        return (obj.copy.face,)
    if is_split(card):
        if zone is Zone.BATTLEFIELD and card.is_room:
            return tuple(sorted(DOOR_INDEX[door] for door in obj.unlocked))
        return tuple(range(len(card.faces)))  # on the stack as elsewhere
    if is_transforming(card) and zone is Zone.BATTLEFIELD and obj.transformed:
        return (1,)
    return (0,)


def turn_face_up_untapped_only(game: Game, action: TurnFaceUp) -> Flow:
    """A face-down permanent can be turned face up only while it is untapped, as if turning
    it up were a {T} ability: a face-down Battering Craghorn that attacked stays a 2/2
    (CR 702.37e, 116.2b: its controller may turn it face up any time they have priority, by
    paying its morph cost; being tapped changes nothing)."""
    state = game.state
    obj = state.objects.get(action.object)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or not obj.face_down:
        raise IllegalAction("only a face-down permanent can be turned face up")
    if obj.controller != action.player:
        raise IllegalAction("only its controller can turn a permanent face up")
    if state.priority != action.player:
        raise IllegalAction(f"{action.player} does not have priority")
    if obj.tapped:
        raise IllegalAction("a tapped permanent can't be turned face up")
    cost = morph_cost(game, obj)
    if cost is None:
        raise IllegalAction(f"{obj.card.name} has no morph cost")
    state.player(action.player).pool.pay(Cost.of(cost))
    obj.face_down = False
    game.emit("turned_face_up", object=obj.id, card=obj.card.name)
    yield from ()


# -- copies ----------------------------------------------------------------------------------

def copiable_values_keeping_own_keywords(obj: GameObject, abilities: Any) -> Characteristics:
    """A copy keeps the keywords of its own card instead of taking those of what it copies:
    a Clone that entered as a copy of Vampire Nighthawk has neither flying nor deathtouch nor
    lifelink (CR 707.2: keyword abilities are part of the copiable values, taken from the
    object copied)."""
    if obj.face_down:
        return FACE_DOWN
    copy = obj.copy
    if copy is not None and copy.face_down:  # a copy of a face-down permanent (CR 707.2)
        return replace(FACE_DOWN, types=_union(FACE_DOWN.types, copy.add_types),
                       subtypes=copy.add_subtypes, keywords=copy.add_keywords)
    card = obj.copiable_card
    indexes = characteristics.faces_in_effect(obj)
    faces = [card.faces[i] for i in indexes]
    if faces:
        types = _union(*(f.types for f in faces))
        subtypes = _union(*(f.subtypes for f in faces))
        supertypes = _union(*(f.supertypes for f in faces))
    else:  # a Room with no door unlocked keeps its shared type line (CR 709.5)
        types, subtypes, supertypes = card.faces[0].types, card.faces[0].subtypes, ()
    keywords = _union(*(f.keywords for f in faces))
    if copy is not None:
        types = _union(types, copy.add_types)
        subtypes = _union(subtypes, copy.add_subtypes)
        keywords = _union(*(f.keywords for f in obj.card.faces),  # the copy's own card
                          copy.add_keywords)
    face_abilities = abilities.get(card.name, ())
    return Characteristics(
        names=tuple(f.name for f in faces),
        mana_value=characteristics._mana_value(obj, indexes),
        colors=_union(*(face_colors(f) for f in faces)),
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        power=next((characteristics._number(f.power) for f in faces if f.power is not None),
                   None),
        toughness=next((characteristics._number(f.toughness) for f in faces
                        if f.toughness is not None), None),
        abilities=tuple(text for f in faces for text in f.ability_texts)
        + tuple(a.text for a in obj.granted),
        ability_defs=tuple(a for i in indexes if i < len(face_abilities)
                           for a in face_abilities[i]) + obj.granted,
        keywords=keywords,
    )


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


_DEAL = deal_damage_lifelink_gaining_power

BUGS: list[HeldOut] = [
    bug("lifelink-gains-the-sources-power", "damage",
        "https://github.com/Card-Forge/forge/issues/7847",
        _doc(deal_damage_lifelink_gaining_power),
        (damage, "deal_damage", _DEAL), (combat, "deal_damage", _DEAL),
        (life, "deal_damage", _DEAL)),
    bug("stun-counter-never-removed", "counters",
        "https://github.com/phase-rs/phase/issues/676",
        _doc(untap_leaving_the_stun_counter),
        (state_module.GameObject, "untap", untap_leaving_the_stun_counter)),
    bug("flickered-token-returns", "tokens",
        "https://github.com/phase-rs/phase/issues/2619",
        _doc(exile_and_return_tokens_too),
        (effects.EFFECTS, "exile_and_return", exile_and_return_tokens_too)),
    bug("cast-copy-held-to-sorcery-timing", "copies",
        "https://github.com/phase-rs/phase/issues/4792",
        _doc(copy_linked_and_cast_at_card_timing),
        (effects.EFFECTS, "copy_linked_and_cast", copy_linked_and_cast_at_card_timing)),
    bug("chosen-name-read-from-the-front-face", "continuous-effects",
        "https://github.com/magefree/mage/pull/6570",
        _doc(check_not_prevented_by_printed_name),
        (casting, "_check_not_prevented", check_not_prevented_by_printed_name)),
    bug("doubled-trigger-shares-its-targets", "trigger-doubling",
        "https://github.com/Card-Forge/forge/issues/7480",
        _doc(put_on_stack_instances_sharing_targets),
        (triggers, "put_on_stack", put_on_stack_instances_sharing_targets)),
    bug("face-down-creature-enters-unseen", "triggers",
        "https://github.com/PennyDreadfulMTG/Penny-Dreadful-Tools/issues/6207",
        _doc(_enters_unless_face_down),
        (triggers.MATCHERS, "enters", _enters_unless_face_down)),
    bug("ability-activation-triggers-cast-abilities", "triggers",
        "https://github.com/magefree/mage/issues/7095",
        _doc(_spell_cast_or_ability_activated),
        (triggers.MATCHERS, "spell_cast", _spell_cast_or_ability_activated)),
    bug("transform-seen-as-entering", "transform",
        "https://github.com/magarena/magarena/issues/822",
        _doc(transform_announced_as_entering),
        (effects.EFFECTS, "transform", transform_announced_as_entering)),
    bug("room-spell-has-both-halves-on-the-stack", "rooms",
        "https://github.com/magefree/mage/issues/7397",
        _doc(faces_in_effect_both_halves_on_the_stack),
        (characteristics, "faces_in_effect", faces_in_effect_both_halves_on_the_stack)),
    bug("tapped-face-down-permanent-cannot-turn-face-up", "face-down",
        "https://github.com/magefree/mage/issues/1197",
        _doc(turn_face_up_untapped_only),
        (casting, "turn_face_up", turn_face_up_untapped_only)),
    bug("copy-keeps-its-own-keywords", "copies",
        "https://github.com/phase-rs/phase/issues/1097",
        _doc(copiable_values_keeping_own_keywords),
        (characteristics, "_copiable_values", copiable_values_keeping_own_keywords)),
]
