"""The properties: rules invariants that hold after every step of any game.

A property names the rulings it checks and the capabilities it needs, and looks at an
:class:`Observation` -- what the engine reports after a step -- returning the
:class:`Violation` s it finds.  Properties are the judge: they may work out what the rules
require from card data (with their own arithmetic, independent of any engine), which is
exactly what engines and adapters are compared against.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from ..contract.types import ObjectView, TurnFaceUp, Unlock
from ..format.cards import Card
from ..format.vocabulary import Door, Step, Zone
from .invariants import combat, costs, durations, hidden, lands, objects, triggers, turns
from .judge import Reading, judge_for, read_face
from .memory import step_of
from .observation import Check, Observation, Property, Violation, mana_value
from .invariants import doubling, exile_play, permissions, spells, zones
from .invariants import combat_triggers, declarations, divided
from .invariants import copying, targets, transforming, watching
from .invariants import counters, damage_results, delayed, dying, receiving_priority, resolution
from .invariants import attachments, sickness, stack_order, tapping, timing, toughness
from .invariants import each_turn
from .invariants import affected_targets, chosen_targets
from .invariants import marked, same_object, trigger_sources
from .invariants import attacks_and_blocks, mana_symbols, offered_targets, target_counts
from .invariants import state_based
from strategies.damage_boards import deals_damage_its_own_way
from strategies.sba_boards import legend_focus
from .invariants import cleanup, instructions, resolving
from .invariants import lasting
from .invariants import activated, searching
from .invariants import losing
from .invariants import activation_costs
from .invariants import leaving, optional
from .invariants import discarding

__all__ = ["PROPERTIES", "Check", "Observation", "Property", "Violation", "mana_value"]

def _same(a: Iterable[Any], b: Iterable[Any]) -> bool:
    return sorted(map(str, a)) == sorted(map(str, b))


# -- the properties ----------------------------------------------------------------------------


def room_characteristics(o: Observation) -> Iterable[Violation]:
    """Outside the stack and battlefield a Room has both doors' names and mana value; on
    the stack, only the door cast; on the battlefield, its unlocked doors'."""
    for view in o.views.values():
        card = o.card(view)
        if card is None or not card.is_room or view.face_down:
            continue
        faces = {face.name: mana_value(face.mana_cost) for face in card.faces}
        if view.zone is Zone.STACK:
            if len(view.names) != 1 or view.names[0] not in faces:
                yield Violation(f"a Room spell has the names {list(view.names)}, not one door's",
                                view.id, "names", [card.faces[0].name])
            elif view.mana_value != faces[view.names[0]]:
                yield Violation(f"a Room spell's mana value is {view.mana_value}, not its "
                                f"door's {faces[view.names[0]]}", view.id, "mana_value",
                                faces[view.names[0]])
            continue
        if view.zone is Zone.BATTLEFIELD:
            doors = {Door.LEFT: card.faces[0].name, Door.RIGHT: card.faces[1].name}
            names = [doors[d] for d in view.unlocked_doors]
        else:
            names = list(faces)
        expected_value = sum(faces[n] for n in names)
        if not _same(view.names, names):
            yield Violation(f"a Room in the {view.zone.value} has the names {list(view.names)}"
                            f", not {names}", view.id, "names", names)
        elif view.mana_value != expected_value:
            yield Violation(f"a Room in the {view.zone.value} has mana value {view.mana_value}"
                            f", not {expected_value}", view.id, "mana_value", expected_value)


def room_doors_on_entering(o: Observation) -> Iterable[Violation]:
    """A Room that enters from the stack has exactly the door cast unlocked -- the half
    whose name the spell had on the stack (CR 709.3, 709.5d); from anywhere else (or created
    as a token) it has none unlocked."""
    step = step_of(o)  # kept up to date with every observation: the spell's view is read
    for event in o.events:
        if event.kind != "zone_changed" or event.data.get("to") != Zone.BATTLEFIELD.value:
            continue
        view = o.views.get(str(event.data.get("new_object")))
        card = o.card(view) if view is not None else None
        if view is None or card is None or not card.is_room or view.face_down:
            continue
        if event.data.get("from") == Zone.STACK.value:
            cast = _door_cast(step.before_views, card, event.data.get("object"))
            if len(view.unlocked_doors) != 1:
                yield Violation(f"a Room that resolved entered with doors "
                                f"{[d.value for d in view.unlocked_doors]} unlocked, not one",
                                view.id, "unlocked_doors", [(cast or Door.LEFT).value])
            elif cast is not None and view.unlocked_doors != (cast,):
                name = card.faces[list(Door).index(cast)].name
                yield Violation(f"a Room spell cast as {name} entered with its "
                                f"{view.unlocked_doors[0].value} door unlocked, not its "
                                f"{cast.value} door (CR 709.5d)", view.id, "unlocked_doors",
                                [cast.value])
        elif view.unlocked_doors:
            yield Violation(f"a Room that entered from the {event.data.get('from') or 'void'} "
                            f"has {[d.value for d in view.unlocked_doors]} unlocked",
                            view.id, "unlocked_doors", [])


def _door_cast(before: Mapping[str, ObjectView], card: Card, spell_id: object) -> Door | None:
    """The door of the half a Room spell was cast as: the one name its view had on the
    stack before the step (CR 709.3); ``None`` when the judge can't tell."""
    spell = before.get(str(spell_id)) if spell_id is not None else None
    if spell is None or spell.zone is not Zone.STACK or "names" in spell.unknown \
            or len(spell.names) != 1 or len(card.faces) != len(Door):
        return None
    found = [door for door, face in zip(Door, card.faces) if face.name == spell.names[0]]
    return found[0] if len(found) == 1 else None


def face_down_characteristics(o: Observation) -> Iterable[Violation]:
    """A face-down spell or permanent has no name, no color, no subtypes and no abilities,
    is a creature and has mana value 0."""
    wanted: dict[str, Any] = {"names": [], "colors": [], "subtypes": [], "abilities": [],
                              "types": ["Creature"], "mana_value": 0}
    for view in o.views.values():
        if not view.face_down:
            continue
        for key, expected in wanted.items():
            found = getattr(view, key)
            if (found != expected) if key == "mana_value" else not _same(found, expected):
                yield Violation(f"a face-down object has {key} {found!r}", view.id, key, expected)


def double_faced_mana_value(o: Observation) -> Iterable[Violation]:
    """A transforming double-faced card or token has its front face's mana value,
    whichever face is up."""
    for view in o.views.values():
        card = o.card(view)
        if card is None or card.layout != "transform" or view.face_down:
            continue
        if view.identity[0] != card.faces[0].name and view.identity != card.face_names:
            continue  # a single-faced object copying one face
        expected = mana_value(card.faces[0].mana_cost)
        if view.mana_value != expected:
            yield Violation(f"a double-faced object has mana value {view.mana_value}, not its "
                            f"front face's {expected}", view.id, "mana_value", expected)


def printed_mana_value(o: Observation) -> Iterable[Violation]:
    """A card with one face (not a Room, a split or a double-faced card), face up and not
    on the stack, has the mana value of its mana cost: a generic number counts its value, a
    hybrid symbol its largest component, {X} 0 and any other symbol 1; a card with no mana
    cost has 0 -- in every zone (CR 202.3, 202.3b, 202.3e, 202.3f).  An object copying
    another, or copied, is not judged."""
    for view, card in _printed_single_faces(o):
        expected = mana_value(card.faces[0].mana_cost)
        if view.mana_value != expected:
            yield Violation(f"{card.name} has mana value {view.mana_value} in the "
                            f"{view.zone.value}, not {expected} (its mana cost "
                            f"{card.faces[0].mana_cost or 'none'})", view.id, "mana_value",
                            expected)


def _printed_single_faces(o: Observation) -> Iterator[tuple[ObjectView, Card]]:
    """Each object face up, not a token and off the stack whose card has one face, with
    that card, where the object shows that face's name alone (no copy effect on it)."""
    for view in o.views.values():
        if view.face_down or view.token or view.zone is Zone.STACK:
            continue
        card = o.card(view)
        if card is None or len(card.faces) != 1 or card.is_room:
            continue
        name = card.faces[0].name
        if tuple(view.identity) == (name,) and tuple(view.names) == (name,):
            yield view, card


#: Mana symbols whose mana value rule is other than "1 each": hybrid, Phyrexian, {X}.
_UNUSUAL_SYMBOL = re.compile(r"\{[^}]*[/X][^}]*\}")


def _unusual_mana_cost(card: Card) -> bool:
    """Cards with a hybrid, Phyrexian or {X} symbol in their mana cost."""
    return len(card.faces) == 1 and not card.is_room and bool(
        _UNUSUAL_SYMBOL.search(card.faces[0].mana_cost or ""))


def _unusual_mana_value_seen(o: Observation) -> bool:
    return any(_unusual_mana_cost(card) for _view, card in _printed_single_faces(o))


def token_copies_state(o: Observation) -> Iterable[Violation]:
    """A token that was just created is untapped and nothing is attached to it: copying a
    permanent never copies its status."""
    created = {str(e.data.get("object")) for e in o.events if e.kind == "token_created"}
    for token in created:
        view = o.views.get(token)
        if view is None or view.zone is not Zone.BATTLEFIELD:
            continue
        if view.tapped:
            yield Violation("a token entered tapped", token, "tapped", False)
        if any(v.attached_to == token for v in o.views.values()):
            yield Violation("a token entered with something attached to it")


def unlocking_timing(o: Observation) -> Iterable[Violation]:
    """A door can be unlocked only if it is locked, in a main phase of its controller's
    turn, with an empty stack, by the special action."""
    game = o.game
    open_window = (game.step in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN) and not game.stack
                   and o.engine.pending_choice() is None)
    for view in o.views.values():
        card = o.card(view)
        if view.zone is not Zone.BATTLEFIELD or card is None or not card.is_room:
            continue
        if view.face_down or view.controller is None:
            continue
        for door in Door:
            if door in view.unlocked_doors or (
                    not open_window or view.controller != game.active_player):
                action = Unlock(view.controller, view.id, door)
                if o.engine.pending_choice() is None and o.engine.is_legal(action):
                    why = ("already unlocked" if door in view.unlocked_doors
                           else "outside a main phase of its turn with an empty stack")
                    yield Violation(f"unlocking the {door.value} door is allowed {why}",
                                    illegal=action)


def turning_face_up_permanents_only(o: Observation) -> Iterable[Violation]:
    """Only a face-down permanent can be turned face up, not a face-down spell."""
    if o.engine.pending_choice() is not None:
        return
    for view in o.views.values():
        if view.face_down and view.zone is Zone.STACK and view.controller:
            action = TurnFaceUp(view.controller, view.id)
            if o.engine.is_legal(action):
                yield Violation("a face-down spell can be turned face up", illegal=action)


def unlock_trigger_count(o: Observation) -> Iterable[Violation]:
    """Unlocking a door whose ability says "When you unlock this door" (with no target, or
    "up to one") puts that ability on the stack once, once more for each permanent of its
    controller saying a triggered ability "triggers an additional time" -- Panharmonicon's
    kind, about permanents entering, does not count; unlocking a door without such an
    ability puts none of the Room's abilities on the stack."""
    action = o.action
    if not isinstance(action, Unlock) or o.engine.pending_choice() is not None:
        return
    view = o.views.get(action.object)
    card = o.card(view) if view is not None else None
    if view is None or card is None or not card.is_room:
        return
    text = card.faces[0 if action.door is Door.LEFT else 1].text
    if "target" in text and "up to one target" not in text:
        return  # whether it goes on the stack depends on the targets available
    triggers = 1 if text.startswith("When you unlock this door") else 0
    judge = judge_for(o.cards)
    doublers = sum(1 for v in o.views.values()
                   if v.zone is Zone.BATTLEFIELD and v.controller == view.controller
                   for r in judge.readings_of(v) or () if r.doubler == "all")
    sources = o.history.get(action.object, {action.object})
    found = sum(1 for item in o.game.stack[: max(len(o.game.stack) - o.stack_before, 0)]
                if item.kind == "ability" and item.source in sources)
    if found != triggers * (1 + doublers):
        yield Violation(f"unlocking the {action.door.value} door put {found} instance(s) of the "
                        f"Room's abilities on the stack, not {triggers * (1 + doublers)}")


def _room(card: Card) -> bool:
    return card.is_room


def _room_or_returner(card: Card) -> bool:
    """Rooms, and what puts cards onto the battlefield (Replenish's kind, Wargate's)."""
    text = " ".join(face.text for face in card.faces).lower()
    return card.is_room or "onto the battlefield" in text or "to the battlefield" in text


def _morph(card: Card) -> bool:
    return any("Morph" in face.keywords for face in card.faces)


def _transforming(card: Card) -> bool:
    return card.layout == "transform"


def _double_faced_faces(o: Observation) -> Iterable[Violation]:
    """A transforming double-faced card has only its front face's characteristics
    anywhere but on the battlefield with its back face up; on the battlefield, the face
    that is up -- and an ability of such a permanent telling it to transform turns it over
    to its other face as it resolves, back to its front face if it was transformed, unless
    it has transformed since the ability was put on the stack (CR 712.8a, 712.8d, 712.8e,
    701.27a, 701.27f)."""
    yield from objects.double_faced_faces(o)
    yield from transforming.transform_instructions(o)


def _copier_or_room(card: Card) -> bool:
    text = " ".join(face.text for face in card.faces)
    return "copy of" in text or card.is_room


def _room_or_doubler(card: Card) -> bool:
    text = " ".join(face.text for face in card.faces)
    return card.is_room or "triggers an additional time" in text


def _reads(test: Callable[[Reading], bool]) -> Callable[[Card], bool]:
    def focus(card: Card) -> bool:
        return any(test(read_face(face)) for face in card.faces)
    return focus


_TRIGGERS = _reads(lambda r: bool(r.doubler) or any(
    t.event not in ("other", "combat") and not t.event.startswith(("attacks", "you-attack",
                                                                   "combat-damage"))
    for t in r.triggers))
#: Triggered abilities that watch every player's objects ("whenever another creature
#: enters"): with one on each side, one event triggers both players' abilities.
_EVERY_PLAYERS = _reads(lambda r: any(t.event == "enters-other" for t in r.triggers))
#: Games about turning permanents face up draw that special action twice as often as a cast.
_TURNING_FACE_UP = (("TurnFaceUp", 24),)
_COSTS = _reads(lambda r: bool(r.cost_increase or r.cost_reduction or r.cost_reduction_each
                               or r.permission_mv or r.morph))


def _costs_focus(card: Card) -> bool:
    return _COSTS(card) or card.is_room or any("/" in (f.mana_cost or "") for f in card.faces)


def _text(card: Card) -> str:
    return " ".join(face.text for face in card.faces).lower()


def _entering(card: Card) -> bool:
    return "enters with" in _text(card) or "copy of" in _text(card) or _morph(card)


def _legendary(card: Card) -> bool:
    return legend_focus(card)  # the cards the legend rule's own boards are drawn for


def _spell_copies(card: Card) -> bool:
    """What copies spells, and the spells it copies: instants, sorceries, spells with X."""
    return bool(_reads(lambda r: r.copies_spells)(card)) or bool(
        {"Instant", "Sorcery"} & set(card.faces[0].types)) or "{X}" in (
        card.faces[0].mana_cost or "")


#: What changes power and toughness for a while: "until end of turn" pumps and prowess, and
#: Auras.  (Anthems and counters are about as often in play among the other cards.)
_PUMPS = _reads(lambda r: bool(r.pump or r.aura or any(t.event == "cast" for t in r.triggers)))


_COMBAT_KEYWORDS = frozenset({"Flying", "Reach", "First strike", "Double strike", "Trample",
                              "Lifelink", "Deathtouch", "Vigilance", "Haste"})


def _fighter(card: Card) -> bool:
    """Creatures whose keywords change how they fight."""
    return any("Creature" in f.types and _COMBAT_KEYWORDS & set(f.keywords) for f in card.faces)


def _untapper(card: Card) -> bool:
    return "during each other player's untap step" in _text(card)


def _damage(card: Card) -> bool:
    """What deals damage or makes a player lose life: burn, and creatures."""
    return "damage" in _text(card) or "loses" in _text(card) or _fighter(card)


def _any_view(test: Callable[[Any], bool]) -> Callable[[Observation], bool]:
    def reached(o: Observation) -> bool:
        return any(test(v) for v in o.views.values())
    return reached


def _room_view(o: Observation) -> bool:
    return any((c := o.card(v)) is not None and c.is_room for v in o.views.values())


def _room_entered(o: Observation) -> bool:
    return any(e.kind == "zone_changed" and e.data.get("to") == Zone.BATTLEFIELD.value
               and (v := o.views.get(str(e.data.get("new_object")))) is not None
               and (c := o.card(v)) is not None and c.is_room for e in o.events)


def reached_second_door_cast(o: Observation) -> bool:
    """A Room spell cast as its second half (right door) entered from the stack: the door
    unlocked is not the first one."""
    step = step_of(o)
    return any(e.kind == "zone_changed" and e.data.get("to") == Zone.BATTLEFIELD.value
               and e.data.get("from") == Zone.STACK.value
               and (v := o.views.get(str(e.data.get("new_object")))) is not None
               and (c := o.card(v)) is not None and c.is_room
               and _door_cast(step.before_views, c, e.data.get("object")) is Door.RIGHT
               for e in o.events)


def _unlocked(o: Observation) -> bool:
    return isinstance(o.action, Unlock)


PROPERTIES: tuple[Property, ...] = (
    Property("room-characteristics-by-zone", room_characteristics.__doc__ or "",
             ("room-characteristics-outside-stack-and-battlefield",
              "room-spell-has-only-cast-door-characteristics",
              "room-battlefield-characteristics-are-unlocked-doors",
              "room-with-no-door-unlocked"),
             frozenset({"rooms"}), room_characteristics, _room,
             ("709.4", "709.3b", "709.5", "202.3"), "rooms", _room_view),
    Property("room-doors-on-entering", room_doors_on_entering.__doc__ or "",
             ("room-enters-locked-from-other-zones", "room-cast-one-door"),
             frozenset({"rooms"}), room_doors_on_entering, _room_or_returner,
             ("709.5d", "709.5c"), "rooms", _room_entered),
    Property("face-down-characteristics", face_down_characteristics.__doc__ or "",
             ("morph-face-down-spell-has-mana-value-0", "morph-face-down-permanent-is-nameless-2-2"),
             frozenset({"morph"}), face_down_characteristics, _morph,
             ("708.2", "702.37b"), "face-down", _any_view(lambda v: v.face_down)),
    Property("double-faced-mana-value", double_faced_mana_value.__doc__ or "",
             ("dfc-mana-value-is-front-face",), frozenset({"transform"}),
             double_faced_mana_value, _transforming, ("712.8e", "712.8d"), "transform",
             objects.reached_double_faced),
    Property("printed-mana-value", printed_mana_value.__doc__ or "",
             ("cost-total-cost-and-mana-value",), frozenset(), printed_mana_value,
             _unusual_mana_cost, ("202.3", "202.3b", "202.3e", "202.3f"), "mana",
             _unusual_mana_value_seen),
    Property("token-copies-no-status", token_copies_state.__doc__ or "",
             ("copy-mirror-room-copies-only-printed-values",), frozenset({"token-copies"}),
             token_copies_state, _copier_or_room, ("707.2", "110.5b"), "copies",
             lambda o: any(e.kind == "token_created" for e in o.events)),
    Property("unlocking-timing", unlocking_timing.__doc__ or "",
             ("room-unlock-is-a-special-action", "room-unlock-effects-skip-unlocked-doors"),
             frozenset({"rooms", "special-actions"}), unlocking_timing, _room,
             ("709.5e", "116.2m"), "rooms", _room_view),
    Property("turning-face-up-permanents-only", turning_face_up_permanents_only.__doc__ or "",
             ("morph-turning-face-up-is-a-special-action",), frozenset({"morph"}),
             turning_face_up_permanents_only, _morph, ("702.37e", "116.2b"), "face-down",
             _any_view(lambda v: v.face_down and v.zone is Zone.STACK)),
    Property("unlock-trigger-count", unlock_trigger_count.__doc__ or "",
             ("room-when-you-unlock-this-door", "trigger-doubling-separate-choices-per-instance"),
             frozenset({"rooms", "special-actions", "triggered-abilities", "trigger-doubling"}),
             unlock_trigger_count, _room_or_doubler, ("709.5f", "603.2d"), "rooms", _unlocked),
    Property("trigger-instances", triggers.trigger_instances.__doc__ or "",
             ("trigger-doubling-every-kind-of-trigger", "room-when-you-unlock-this-door",
              "morph-turning-face-up-does-not-trigger-enters"),
             frozenset({"triggered-abilities"}), triggers.trigger_instances, _TRIGGERS,
             ("603.2", "603.2c", "603.2d", "603.3d", "603.6a", "709.5f"),
             "trigger-doubling", triggers.reached_instances),
    Property("trigger-order-and-control", triggers.trigger_order_and_control.__doc__ or "",
             ("trigger-doubling-every-kind-of-trigger",),
             frozenset({"triggered-abilities"}), triggers.trigger_order_and_control,
             _EVERY_PLAYERS,
             ("603.3a", "603.3b", "101.4"), "triggers", triggers.reached_order),
    Property("entering-permanents", objects.entering_permanents.__doc__ or "",
             ("copy-mirror-room-copies-only-printed-values", "copy-mirror-room-x-is-zero",
              "room-spell-copy-keeps-door-choice"),
             frozenset(), objects.entering_permanents, _entering,
             ("400.7", "110.5b", "122.6", "614.1c", "707.2", "107.3m", "707.10f", "714.3a",
              "714.2b"),
             "copies",
             objects.reached_entering),
    Property("double-faced-faces", _double_faced_faces.__doc__ or "",
             ("dfc-front-face-outside-battlefield", "dfc-battlefield-characteristics-of-face-up"),
             frozenset({"transform"}), _double_faced_faces, _transforming,
             ("712.8a", "712.8d", "712.8e", "400.7", "701.27a", "701.27f", "712.18"),
             "transform", objects.reached_double_faced),
    Property("spell-copies", objects.spell_copies.__doc__ or "",
             ("room-spell-copy-keeps-door-choice",),
             frozenset(), objects.spell_copies, _spell_copies,
             ("707.10", "707.10c", "707.10a"), "spell-copies", objects.reached_spell_copies),
    Property("legend-rule", objects.legend_rule.__doc__ or "",
             ("dfc-token-copy-is-double-faced",),
             frozenset(), objects.legend_rule, _legendary,
             ("704.5j", "704.3"), "legend-rule", objects.reached_legend_rule),
    Property("legal-actions", costs.legal_actions.__doc__ or "",
             ("cost-total-cost-and-mana-value",
              "cost-reduction-generic-mana-of-legendary-creature-spells",
              "room-cast-permission-checks-cast-door", "room-unlock-is-a-special-action",
              "morph-turning-face-up-is-a-special-action"),
             frozenset(), costs.legal_actions, _costs_focus,
             ("601.2f", "601.2g", "601.2h", "601.3", "202.3", "307.1", "116.2b", "709.5e",
              "702.37c", "702.37e", "118.9", "500.4", "702.51a", "305.1", "602.2"), "costs",
             costs.reached_increase, focused_cards=True),
    Property("x-costs", costs.x_costs.__doc__ or "",
             ("cost-total-cost-and-mana-value",),
             frozenset(), costs.x_costs, costs.x_focus,
             ("601.2f", "107.3a", "107.3b", "601.2h", "601.2b", "608.2h"), "costs",
             costs.reached_x, focused_cards=True),
    Property("face-down-hidden", hidden.face_down_hidden.__doc__ or "",
             ("morph-look-at-face-down-you-control",
              "morph-face-down-permanent-leaving-is-revealed"),
             frozenset({"morph", "player-views"}), hidden.face_down_hidden, _morph,
             ("708.5", "708.9", "400.7"), "face-down", hidden.reached_face_down),
    Property("turned-face-up-same-object", hidden.turned_face_up_same_object.__doc__ or "",
             ("morph-turned-face-up-is-same-permanent",),
             frozenset({"morph"}), hidden.turned_face_up_same_object, _morph,
             ("708.8", "702.37e", "110.5"), "face-down", hidden.reached_face_up,
             weights=_TURNING_FACE_UP),
    Property("colors-from-card-data", hidden.colors_from_card_data.__doc__ or "",
             ("dfc-commander-color-identity-both-faces", "dfc-back-face-color-indicator"),
             frozenset({"transform"}), hidden.colors_from_card_data, _transforming,
             ("903.4", "204.1", "712.8e"), "transform", hidden.reached_colors),
    Property("copy-exceptions", hidden.copy_exceptions.__doc__ or "",
             ("copy-mirror-room-copies-only-printed-values",),
             frozenset({"token-copies"}), hidden.copy_exceptions, hidden.makes_excepted_copies,
             ("707.9b", "707.2"), "copies", hidden.reached_copy_exception),
    Property("combat-declarations", declarations.combat_declarations.__doc__ or "",
             ("combat-attacking-creatures", "combat-deathtouch-lifelink-flying",
              "turn-structure-tap-an-attacker-before-attacks"),
             frozenset({"combat"}), declarations.combat_declarations, declarations.fights,
             ("508.1a", "508.1f", "302.6", "702.10b", "509.1a", "509.1b", "702.9b", "702.17b",
              "702.20b", "508.8"), "combat", declarations.reached_declarations,
             weights=declarations.WEIGHTS),
    Property("combat-damage", combat.combat_damage.__doc__ or "",
             ("combat-first-strike-and-double-strike", "combat-first-strike-deals-damage-once",
              "combat-deathtouch-lifelink-flying",
              "combat-hystrodon-trample-and-combat-damage-trigger"),
             frozenset({"combat"}), combat.combat_damage,
             deals_damage_its_own_way,
             ("510.1a", "510.1c", "510.2", "510.4", "702.4b", "702.7b", "702.15b", "702.19b",
              "702.19e", "702.2b", "704.5g", "704.5h"), "combat", combat.reached_damage,
             weights=declarations.WEIGHTS),
    Property("untap-step", turns.untap_step.__doc__ or "",
             ("turn-structure-seedborn-muse-untaps-during-other-untap-steps",),
             frozenset({"priority"}), turns.untap_step, _untapper, ("502.3", "502.2"), "turn-structure",
             turns.reached_untap),
    Property("draw-step", turns.draw_step.__doc__ or "",
             ("turn-structure-draw-step-and-cleanup",),
             frozenset({"priority"}), turns.draw_step, lambda card: True,
             ("504.1", "704.5b", "121.1", "401.2"),
             "turn-structure", turns.reached_draw),
    Property("priority", turns.priority.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), turns.priority, lambda card: True, ("117.3d", "117.4", "500.2"),
             "turn-structure", turns.reached_priority),
    Property("steps-end-with-the-stack-empty", turns.steps_end_with_the_stack_empty.__doc__ or "",
             ("turn-structure-priority-passes-to-the-opponent",),
             frozenset({"priority"}), turns.steps_end_with_the_stack_empty, turns.beginning_focus,
             ("500.2", "117.4", "503.1", "513.1", "603.3"), "priority",
             turns.reached_stack_at_step_change, weights=(("Advance", 6), ("PassPriority", 6))),
    Property("game-over", turns.game_over.__doc__ or "",
             ("game-over-a-player-who-loses-ends-the-game",),
             frozenset(), turns.game_over, _damage, ("104.2a", "104.3a", "104.3b", "704.5a",
                                                     "704.5b"),
             "game-over", turns.reached_game_over),
    Property("land-plays", lands.land_plays.__doc__ or "",
             ("playing-lands-one-land-each-turn",),
             frozenset(), lands.land_plays, lands.focus,
             ("305.1", "305.2", "116.2a", "307.1"), "lands", lands.reached,
             weights=lands.WEIGHTS),
    Property("power-and-toughness", durations.power_and_toughness.__doc__ or "",
             ("morph-face-down-permanent-is-nameless-2-2",),
             frozenset(), durations.power_and_toughness, _PUMPS,
             ("514.2", "611.2a", "611.2c", "613.4", "400.7", "708.2", "608.2c", "111.3"),
             "durations", durations.reached, weights=(("Cast", 16), ("Resolve", 8))),
)

PROPERTIES = (PROPERTIES + doubling.PROPERTIES + permissions.PROPERTIES + zones.PROPERTIES
              + spells.PROPERTIES + exile_play.PROPERTIES
              + divided.PROPERTIES + combat_triggers.PROPERTIES)
PROPERTIES += (copying.PROPERTIES + targets.PROPERTIES + watching.PROPERTIES
               + transforming.PROPERTIES)
PROPERTIES += (resolution.PROPERTIES + receiving_priority.PROPERTIES
               + damage_results.PROPERTIES + timing.PROPERTIES + dying.PROPERTIES
               + counters.PROPERTIES + tapping.PROPERTIES + attachments.PROPERTIES
               + sickness.PROPERTIES + stack_order.PROPERTIES + toughness.PROPERTIES
               + chosen_targets.PROPERTIES + affected_targets.PROPERTIES)
PROPERTIES += marked.PROPERTIES + same_object.PROPERTIES + trigger_sources.PROPERTIES
PROPERTIES += target_counts.PROPERTIES + attacks_and_blocks.PROPERTIES
PROPERTIES += offered_targets.PROPERTIES + mana_symbols.PROPERTIES
PROPERTIES += state_based.PROPERTIES
PROPERTIES += delayed.PROPERTIES
PROPERTIES += instructions.PROPERTIES + cleanup.PROPERTIES + resolving.PROPERTIES
PROPERTIES += lasting.PROPERTIES
PROPERTIES += activated.PROPERTIES + searching.PROPERTIES
PROPERTIES += each_turn.PROPERTIES
PROPERTIES += losing.PROPERTIES
PROPERTIES += activation_costs.PROPERTIES
PROPERTIES += leaving.PROPERTIES + optional.PROPERTIES
PROPERTIES += discarding.PROPERTIES
