"""Mutants about costs, cost changes and permissions to cast (CR 601.2f, 118, 709.5e):
whose spells a cost increase applies to, "the first ... each turn", unlock costs, hybrid
mana, and "once during each of your turns" permissions to cast from a graveyard.
"""

from __future__ import annotations

from typing import Any

from ..engines.reference import casting, convoke, mana, rooms, turn
from ..engines.reference.characteristics import DOOR_INDEX, Characteristics
from ..engines.reference.mana import Cost
from ..engines.reference.targets import matches
from ..errors import IllegalAction
from ..format.vocabulary import Door, Zone
from . import Patch, table
from .kill_sets import FOLDERS, KILLS

# -- total cost --------------------------------------------------------------------------


def _total_cost(*, increase_from: str = "everyone", noncreature: bool = True,
                first_each_turn: str = "matching", reductions_first: bool = False) -> Any:
    """casting.total_cost with one rule broken."""

    def total_cost(game: Any, player: str, spell: Any, chars: Any, base: Any) -> Cost:

        def increased(cost: Cost) -> Cost:
            controller = player if increase_from == "own" else None
            for permanent, _ability, rule in game.statics("cost_increase",
                                                          controller=controller):
                if increase_from == "opponents" and permanent.controller == player:
                    continue
                if not noncreature:
                    rule = {k: v for k, v in rule.items() if k != "noncreature"}
                if matches(chars, rule):
                    cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
            return cost

        def reduced(cost: Cost) -> Cost:
            earlier = game.state.player(player).spells_cast_this_turn
            for _permanent, _ability, rule in game.statics("cost_reduction", controller=player):
                if not matches(chars, rule):
                    continue
                if rule.get("first_each_turn") and first_each_turn != "ignored":
                    if first_each_turn == "any-spell" and earlier:
                        continue
                    if any(matches(c, rule) for c in earlier):
                        continue
                cost = cost.reduced(int(rule.get("generic", 0)))
            return cost

        cost = Cost.of(base, spell.x)
        return increased(reduced(cost)) if reductions_first else reduced(increased(cost))
    return total_cost


_own_increase = _total_cost(increase_from="own")
_opponents_increase = _total_cost(increase_from="opponents")
_increase_for_creatures = _total_cost(noncreature=False)
_every_spell_reduced = _total_cost(first_each_turn="ignored")
_first_of_any_spell = _total_cost(first_each_turn="any-spell")
_reductions_before_increases = _total_cost(reductions_first=True)

_next_turn = turn._next_turn


def _spells_never_forgotten(game: Any) -> None:
    """Spells cast in earlier turns still count for "the first ... each turn"."""
    kept = {p.name: list(p.spells_cast_this_turn) for p in game.state.players}
    _next_turn(game)
    for player in game.state.players:
        player.spells_cast_this_turn = kept[player.name]


# -- unlock costs and mana ---------------------------------------------------------------

_unlock_cost = rooms.unlock_cost


def _other_door_cost(obj: Any, door: Door) -> Cost:
    """A door's unlock cost is the other door's mana cost."""
    other = Door.RIGHT if door is Door.LEFT else Door.LEFT
    return Cost.of(obj.copiable_card.faces[DOOR_INDEX[other]].mana_cost)


def _free_unlock(obj: Any, door: Door) -> Cost:
    """Unlocking a door costs nothing."""
    return Cost(0, ())


_special_unlock = rooms.special_unlock


def _unlock_taxed(game: Any, action: Any) -> Any:
    """Cost increases for spells (Thalia's) apply to unlocking a door."""
    obj = game.state.objects.get(action.object)
    extra = 0
    if obj is not None:
        for _permanent, _ability, rule in game.statics("cost_increase"):
            extra += int(rule.get("generic", 0))
    if extra:
        pool = game.state.player(action.player).pool
        if not pool.can_pay(_unlock_cost(obj, action.door).plus(Cost(extra, ()))):
            raise IllegalAction("cannot pay the unlock cost and the increase")
        pool.pay(Cost(extra, ()))
    yield from _special_unlock(game, action)


_of = Cost.of.__func__


def _hybrid_as_generic(cls: Any, cost: str | None, x: int = 0) -> Cost:
    """A hybrid mana symbol can be paid with mana of any color."""
    plain = "".join("{1}" if "/" in s and not any(p.isdigit() for p in s.split("/"))
                    else f"{{{s}}}" for s in mana.symbols(cost))
    return _of(cls, plain, x)


_morph_cost = casting.morph_cost


def _anything_face_down(game: Any, obj: Any) -> str | None:
    """Any card can be cast face down for {3}."""
    return _morph_cost(game, obj) or "{0}"


# -- permissions -------------------------------------------------------------------------


def _permission(*, once: str = "per-source", owner: bool = True, controller: bool = True,
                filters: bool = True, on_card: bool = False) -> Any:
    """casting._permission with one rule broken."""

    def permission(game: Any, player: str, card: Any, chars: Characteristics) -> None:
        if card.zone is Zone.HAND:
            if card.owner != player:
                raise IllegalAction("you can cast only cards in your own hand")
            return
        if card.zone is Zone.EXILE and casting.may_play(game, player, card.id):  # CR 601.3
            return
        if card.zone is Zone.GRAVEYARD and (card.owner == player or not owner):
            used = game.state.player(player).used_once_per_turn
            seen = game.chars(card) if on_card else chars  # the card, still in the graveyard
            for permanent, ability, rule in game.statics(
                    "cast_from_graveyard", controller=player if controller else None):
                key = (permanent.id, ability.index) if once == "per-source" else ("any", 0)
                checked = rule if filters else {}
                if not matches(seen, checked):
                    continue
                if rule.get("once_per_turn") and once != "ignored" and key in used:
                    continue
                if rule.get("once_per_turn") and game.state.active_player != player:
                    continue
                used.add(key)
                return
        raise IllegalAction(f"nothing allows casting {card.card.name} from the "
                            f"{card.zone.value}")
    return permission


_next = turn._next_turn


def _permissions_never_reset(game: Any) -> None:
    """A "once each turn" permission used stays used in later turns."""
    kept = {p.name: set(p.used_once_per_turn) for p in game.state.players}
    _next(game)
    for player in game.state.players:
        player.used_once_per_turn = kept[player.name]


# -- convoke ---------------------------------------------------------------------------------


def _convoke_ignores_colors(game: Any, chosen: tuple[str, ...], cost: Cost) -> Any:
    """A creature tapped for convoke pays for a colored mana symbol whatever its color."""
    generic, colored = cost.generic, list(cost.colored)
    for _object_id in chosen:
        if colored:
            colored.pop(0)
        elif generic:
            generic -= 1
    return Cost(generic, tuple(colored)), None


WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "convoke-ignores-creature-colors": ([(convoke, "_pay", _convoke_ignores_colors)], set()),
    "cost-increase-only-from-own-permanents": (
        [(casting, "total_cost", _own_increase)], set()),
    "cost-increase-only-from-opponents-permanents": (
        [(casting, "total_cost", _opponents_increase)], set()),
    "noncreature-increase-for-creature-spells": (
        [(casting, "total_cost", _increase_for_creatures)], set()),
    "first-each-turn-reduction-every-time": (
        [(casting, "total_cost", _every_spell_reduced)], set()),
    "first-each-turn-counts-any-spell": (
        [(casting, "total_cost", _first_of_any_spell)], set()),
    "spells-cast-never-forgotten": (
        [(turn, "_next_turn", _spells_never_forgotten)], set()),
    "unlock-cost-of-the-other-door": (
        [(rooms, "unlock_cost", _other_door_cost)], set()),
    "unlocking-is-free": (
        [(rooms, "unlock_cost", _free_unlock)], set()),
    "unlocking-taxed-like-a-spell": (
        [(rooms, "special_unlock", _unlock_taxed)], set()),
    "hybrid-mana-paid-with-any-color": (
        [(Cost, "of", classmethod(_hybrid_as_generic))], set()),
    "cost-reductions-before-increases": (
        [(casting, "total_cost", _reductions_before_increases)], set()),
    "anything-can-be-cast-face-down": (
        [(casting, "morph_cost", _anything_face_down)], set()),
    "once-each-turn-permission-unlimited": (
        [(casting, "_permission", _permission(once="ignored"))], set()),
    "once-each-turn-shared-by-every-permission": (
        [(casting, "_permission", _permission(once="shared"))], set()),
    "permission-from-other-players-permanents": (
        [(casting, "_permission", _permission(controller=False))], set()),
    "permission-for-other-players-graveyards": (
        [(casting, "_permission", _permission(owner=False))], set()),
    "permission-for-any-spell": (
        [(casting, "_permission", _permission(filters=False))], set()),
    "permission-checks-the-card-not-the-spell": (
        [(casting, "_permission", _permission(on_card=True))], set()),
    "once-each-turn-permission-never-resets": (
        [(turn, "_next_turn", _permissions_never_reset)], set()),
}

DESCRIPTIONS = {
    "cost-reductions-before-increases": "Cost reductions apply before cost increases (CR "
                                        "601.2f: increases first), so a reduction of "
                                        "generic mana that finds none to reduce is lost.",
    "cost-increase-only-from-own-permanents": "A cost increase applies only to spells cast "
                                              "by the controller of its source.",
    "cost-increase-only-from-opponents-permanents": "A cost increase applies only to the "
                                                    "spells of its controller's opponents.",
    "noncreature-increase-for-creature-spells": "\"Noncreature spells cost {1} more\" "
                                                "applies to creature spells too.",
    "first-each-turn-reduction-every-time": "\"The first legendary creature spell you cast "
                                            "each turn\" is reduced every time.",
    "first-each-turn-counts-any-spell": "\"The first legendary creature spell each turn\" "
                                        "counts spells of any kind cast before it.",
    "once-each-turn-permission-unlimited": "A \"once during each of your turns\" permission "
                                           "can be used any number of times.",
    "once-each-turn-shared-by-every-permission": "Two \"once each turn\" permissions from "
                                                 "different sources allow one cast in all.",
    "permission-from-other-players-permanents": "A permission to cast from your graveyard "
                                                "also lets its controller's opponents cast "
                                                "from theirs.",
    "permission-for-other-players-graveyards": "A permission to cast from your graveyard "
                                               "lets you cast from any graveyard.",
    "permission-for-any-spell": "A permission to cast permanent spells with mana value 3 or "
                                "less from a graveyard allows any spell.",
    "permission-checks-the-card-not-the-spell": "A permission's restriction is checked "
                                                "against the card in the graveyard, not "
                                                "the spell (for a Room, both doors).",
}

MECHANISMS = {name: "permissions" for name in WRONG if "permission" in name}
MECHANISMS.update({"unlock-cost-of-the-other-door": "rooms", "unlocking-is-free": "rooms",
                   "unlocking-taxed-like-a-spell": "rooms",
                   "anything-can-be-cast-face-down": "face-down"})

MUTANTS = table("costs", FOLDERS, WRONG, DESCRIPTIONS, MECHANISMS, KILLS)
