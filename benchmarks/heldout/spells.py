"""Held-out bugs, second batch: dividing damage among targets as a spell is cast
(CR 601.2d), targets with a minimum ("one or two targets", CR 601.2c, 115.1) and convoke
(CR 702.51)."""

from __future__ import annotations

from typing import Any

from conformance.contract.types import DIVIDING_CHOICES, Choice, Event, Option
from conformance.engines.reference import (
    casting, convoke, copies, game as game_module, targets, triggers,
)
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.effects import EFFECTS, Context
from conformance.engines.reference.game import Flow, Game
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.state import GameObject
from conformance.engines.reference.targets import candidates, label
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone

from . import HeldOut, bug

_DAMAGE = EFFECTS["damage"]


def divided_damage_to_each(game: Game, ctx: Context, params: Any) -> Flow:
    """"Deals N damage divided as you choose among targets" deals all N damage to each
    target instead of dividing it (CR 601.2d)."""
    if isinstance(params, dict) and params.get("divided"):
        params = {k: v for k, v in params.items() if k != "divided"}
    yield from _DAMAGE(game, ctx, params)


def answer_without_minimum_share(self: Game, values: tuple[str, ...]) -> list[Event]:
    """Dividing damage among targets accepts a division that gives a target nothing: each
    target need not get at least 1 (CR 601.2d)."""
    choice = self._choice
    if choice is None or self._flow is None:
        raise IllegalAction("no choice is pending")
    allowed = [option.value for option in choice.options]
    unknown = [v for v in values if v not in allowed]
    if unknown:
        raise IllegalAction(f"{unknown[0]!r} is not one of the options {allowed}")
    if len(set(values)) != len(values) and choice.kind not in DIVIDING_CHOICES:
        raise IllegalAction("the same option was chosen twice")
    if not choice.min <= len(values) <= choice.max:
        raise IllegalAction(f"choose between {choice.min} and {choice.max} options")
    reason = self.answer_rule(values) if self.answer_rule is not None else None
    if reason is not None:
        raise IllegalAction(reason)
    self.answer_rule = None
    self.events = []
    self.probed = {}
    return self._advance(values)


def choose_targets_without_minimum(game: Game, spec: TargetSpec | None, you: str,
                                   given: tuple[str, ...] | None, prompt: str, *,
                                   exclude: str | None = None) -> Flow:
    """"One or two targets" may be cast with no target at all: the minimum number of
    targets of a spell with a range ("one, two, or three") is not enforced (CR 601.2c)."""
    if spec is None:
        return ()
    minimum = 0 if spec.at_least is not None else spec.minimum
    legal = candidates(game, spec, you, exclude=exclude)
    if len(legal) < minimum:
        return None
    if given is None and not legal:
        return ()
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, minimum,
                             min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if len(set(given)) < len(given):
        raise IllegalAction(f"a target is chosen more than once ({prompt})")
    if not minimum <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {minimum} to {spec.count} targets")
    return tuple(given)


def _convoke(*, pays: str = "color", helpers_of: str = "creatures") -> Any:
    def helpers(game: Game, player: str) -> list[GameObject]:
        return [obj for obj in game.state.permanents()
                if obj.controller == player and not obj.tapped and obj.zone is Zone.BATTLEFIELD
                and (helpers_of == "anything" or "Creature" in game.chars(obj).types)]

    def pay(game: Game, player: str, cost: Cost) -> Flow:
        available = helpers(game, player)
        if not available or not (cost.generic or cost.colored):
            return cost
        options = tuple(Option(obj.id, label(game, obj.id)) for obj in available)
        chosen = yield Choice("cards", player, f"tap creatures to help pay {cost} (convoke)",
                              options, 0, min(len(options), cost.generic + len(cost.colored)))
        generic, colored = cost.generic, list(cost.colored)
        for object_id in chosen:
            obj = game.state.objects[object_id]
            colors = game.chars(obj).colors
            if pays == "generic":
                symbol = None
            elif pays == "any":
                symbol = colored[0] if colored else None
            else:
                symbol = next((c for c in colored if c in colors), None)
            if symbol is not None:
                colored.remove(symbol)
            elif generic:
                generic -= 1
            else:
                raise IllegalAction(f"{label(game, object_id)} can't pay for any of {cost}")
            obj.tapped = True
        return Cost(generic, tuple(colored))
    return pay, helpers


_GENERIC_ONLY, _ = _convoke(pays="generic")
_GENERIC_ONLY.__doc__ = ("A creature tapped for convoke pays only for generic mana, never "
                         "for a colored symbol of its color (CR 702.51a).")
_ANY_COLOR, _ = _convoke(pays="any")
_ANY_COLOR.__doc__ = ("A creature tapped for convoke pays for a colored symbol of any "
                      "color, not only of its own colors (CR 702.51a).")
_, _ANYTHING_HELPERS = _convoke(helpers_of="anything")
_ANYTHING_HELPERS.__doc__ = ("Any untapped permanent its caster controls, not only a "
                             "creature, can be tapped for convoke (CR 702.51a).")


def _doc(function: Any) -> str:
    return str(function.__doc__ or "")


BUGS: list[HeldOut] = [
    bug("divided-damage-to-each-target", "divided-damage",
        "https://github.com/phase-rs/phase/issues/5145",
        _doc(divided_damage_to_each), (EFFECTS, "damage", divided_damage_to_each)),
    bug("divided-damage-zero-share", "divided-damage",
        "https://github.com/magefree/mage/pull/11341",
        _doc(answer_without_minimum_share), (game_module.Game, "answer",
                                             answer_without_minimum_share)),
    bug("target-minimum-not-enforced", "targets", "https://github.com/magefree/mage/pull/9408",
        _doc(choose_targets_without_minimum),
        *((module, "choose_targets", choose_targets_without_minimum)
          for module in (targets, casting, copies, triggers))),
    bug("convoke-pays-generic-only", "convoke", "https://github.com/Card-Forge/forge/issues/6765",
        _doc(_GENERIC_ONLY), (convoke, "convoke", _GENERIC_ONLY),
        (casting, "convoke", _GENERIC_ONLY)),
    bug("convoke-pays-any-color", "convoke", "https://github.com/phase-rs/phase/pull/2319",
        _doc(_ANY_COLOR), (convoke, "convoke", _ANY_COLOR), (casting, "convoke", _ANY_COLOR)),
    bug("convoke-taps-noncreatures", "convoke", "https://github.com/phase-rs/phase/issues/389",
        _doc(_ANYTHING_HELPERS), (convoke, "helpers", _ANYTHING_HELPERS)),
]
