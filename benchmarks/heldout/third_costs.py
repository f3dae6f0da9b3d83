"""Held-out bugs, third batch: cost reductions -- whose spells they apply to, which spells
their filter admits and which part of a cost they reduce (CR 601.2f, 118.7) --, convoke
(CR 702.51a) and the filter of a permission to cast from the graveyard (CR 601.3)."""

from __future__ import annotations

from typing import Any

from conformance.engines.reference import casting, convoke
from conformance.engines.reference.characteristics import Characteristics
from conformance.engines.reference.game import Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject
from conformance.engines.reference.targets import matches

from . import HeldOut, bug


def _total_cost(*, every_players: bool = False, ignore_filter: bool = False) -> Any:
    def total_cost(game: Game, player: str, spell: GameObject, chars: Characteristics,
                   base: str | None) -> Cost:
        cost = Cost.of(base, spell.x)
        for _permanent, _ability, rule in game.statics("cost_increase"):
            if matches(chars, rule):
                cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
        earlier = game.state.player(player).spells_cast_this_turn
        owner = None if every_players else player
        for _permanent, _ability, rule in game.statics("cost_reduction", controller=owner):
            if not ignore_filter and not matches(chars, rule):
                continue
            if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
                continue
            cost = cost.reduced(int(rule.get("generic", 0)))
        return cost
    return total_cost


_EVERY_PLAYERS = _total_cost(every_players=True)
_EVERY_PLAYERS.__doc__ = ("\"Spells you cast cost {1} less\" reduces the spells of every "
                          "player, its controller's opponents' too.")
_ANY_SPELL = _total_cost(ignore_filter=True)
_ANY_SPELL.__doc__ = ("A cost reduction for some spells (\"creature spells you cast cost {1} "
                      "less\") reduces every spell its controller casts: its filter is not "
                      "checked.")


def reduced_spilling_to_colored(self: Cost, amount: int) -> Cost:
    """A reduction of generic mana that exceeds the generic part of a cost goes on to
    reduce its colored symbols, so "{1} less" makes a {R} spell free (CR 118.7d: it
    reduces only the generic component)."""
    generic = self.generic - amount
    colored = self.colored
    if generic < 0:
        colored = colored[-generic:]
        generic = 0
    return Cost(generic, colored)


def pay_tapping_every_creature(game: Game, chosen: tuple[str, ...],
                               cost: Cost) -> tuple[Cost, str | None]:
    """A creature tapped for convoke that can pay for nothing left of the cost (no generic
    mana left and no symbol of its color) is tapped anyway instead of the answer being
    refused (CR 702.51a: each creature tapped pays for {1} or one mana of its color)."""
    generic, colored = cost.generic, list(cost.colored)
    for object_id in chosen:
        colors = game.chars(game.state.objects[object_id]).colors
        symbol = next((c for c in colored if c in colors), None)
        if symbol is not None:
            colored.remove(symbol)
        elif generic:
            generic -= 1
    return Cost(generic, tuple(colored)), None


def permission_without_filter(game: Game, player: str, card: GameObject,
                              chars: Characteristics) -> None:
    """A permission to cast spells of some kind from the graveyard ("you may cast a
    permanent spell from your graveyard") lets its controller cast any card there: the
    permission's filter is not checked (CR 601.3)."""
    from conformance.engines.reference.exile_to_play import may_play
    from conformance.errors import IllegalAction
    from conformance.format.vocabulary import Zone

    if card.zone is Zone.HAND:
        if card.owner != player:
            raise IllegalAction("you can cast only cards in your own hand")
        return
    if card.zone is Zone.EXILE and may_play(game, player, card.id):
        return
    if card.zone is Zone.GRAVEYARD and card.owner == player:
        used = game.state.player(player).used_once_per_turn
        for permanent, ability, rule in game.statics("cast_from_graveyard", controller=player):
            key = (permanent.id, ability.index)
            if rule.get("once_per_turn") and key in used:
                continue
            if rule.get("once_per_turn") and game.state.active_player != player:
                continue
            used.add(key)
            return
    raise IllegalAction(f"nothing allows casting {card.card.name} from the {card.zone.value}")


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("cost-reduction-every-players-spells", "costs",
        "https://github.com/magefree/mage/issues/4136",
        _doc(_EVERY_PLAYERS), (casting, "total_cost", _EVERY_PLAYERS)),
    bug("cost-reduction-ignores-filter", "costs", "https://github.com/phase-rs/phase/issues/141",
        _doc(_ANY_SPELL), (casting, "total_cost", _ANY_SPELL)),
    bug("convoke-taps-creatures-paying-nothing", "convoke",
        "https://github.com/wingedsheep/argentum-engine/pull/2054",
        _doc(pay_tapping_every_creature), (convoke, "_pay", pay_tapping_every_creature)),
    bug("graveyard-permission-ignores-filter", "permissions",
        "https://github.com/phase-rs/phase/issues/525",
        _doc(permission_without_filter), (casting, "_permission", permission_without_filter)),
    bug("reduction-spills-to-colored", "costs", "https://github.com/phase-rs/phase/pull/8885",
        _doc(reduced_spilling_to_colored), (Cost, "reduced", reduced_spilling_to_colored)),
]
