"""Filters over objects and players, and the legal targets of an ability (CR 115)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...contract.types import PLAYER_OPTION_PREFIX, Choice, Option
from ...errors import IllegalAction
from ...format.vocabulary import Zone
from .abilities import TargetSpec
from .characteristics import Characteristics, is_permanent_card
from .combat import is_attacking
from .game import Flow, Game
from .state import GameObject

PLAYER_PREFIX = PLAYER_OPTION_PREFIX


def matches(chars: Characteristics, rule: Mapping[str, Any], *, x: int = 0) -> bool:
    """Whether characteristics satisfy a card-data filter (types, subtypes, mana value...)."""
    if not set(rule.get("types") or ()) <= set(chars.types):
        return False
    if rule.get("types_any") and not set(rule["types_any"]) & set(chars.types):
        return False
    if not set(rule.get("subtypes") or ()) <= set(chars.subtypes):
        return False
    if not set(rule.get("supertypes") or ()) <= set(chars.supertypes):
        return False
    if rule.get("permanent") and not is_permanent_card(chars):
        return False
    if rule.get("nonland") and "Land" in chars.types:
        return False
    if rule.get("noncreature") and "Creature" in chars.types:
        return False
    if rule.get("nonlegendary") and "Legendary" in chars.supertypes:
        return False
    limit = rule.get("mana_value_max")
    if limit is not None and chars.mana_value > (x if limit == "X" else int(limit)):
        return False
    return True


def controlled_ok(owner_or_controller: str, controller_rule: str | None, you: str) -> bool:
    if controller_rule == "you":
        return owner_or_controller == you
    if controller_rule == "opponent":
        return owner_or_controller != you
    return True


#: The permanents "any target" may be (CR 115.4): with players, nothing else.
ANY_TARGET_TYPES = frozenset({"Creature", "Planeswalker", "Battle"})


def candidates(game: Game, spec: TargetSpec, you: str, *, exclude: str | None = None) -> list[str]:
    """Legal targets as option values: object ids, or ``player:<name>`` for players."""
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
    if spec.what == "any":  # any target: a creature, a player, a planeswalker, a battle
        found += players
    return found


def still_legal(game: Game, spec: TargetSpec, you: str, target: str) -> bool:
    """Whether a chosen target is still legal as the ability resolves (CR 608.2b)."""
    return target in candidates(game, spec, you)


def label(game: Game, value: str) -> str:
    if value.startswith(PLAYER_PREFIX):
        return value[len(PLAYER_PREFIX):]
    obj = game.state.objects.get(value)
    if obj is None:
        return value
    names = game.chars(obj).names
    return " // ".join(names) if names else "(nameless)"


def choose_targets(game: Game, spec: TargetSpec | None, you: str, given: tuple[str, ...] | None,
                   prompt: str, *, exclude: str | None = None) -> Flow:
    """Choose targets for a spell or ability; returns the tuple, or ``None`` if it can't
    have enough legal targets (a triggered ability is then removed, CR 603.3d)."""
    if spec is None:
        return ()
    legal = candidates(game, spec, you, exclude=exclude)
    if len(legal) < spec.minimum:
        return None
    if given is None and not legal:
        return ()  # "up to" with nothing to target: there is nothing to choose
    if given is None:
        options = tuple(Option(value, label(game, value)) for value in legal)
        given = yield Choice("target", you, prompt, options, spec.minimum, min(spec.count, len(legal)))
    for target in given:
        if target not in legal:
            raise IllegalAction(f"{label(game, target)} is not a legal target ({prompt})")
    if len(set(given)) < len(given):  # CR 115.3: one object once for each word "target"
        twice = next(t for t in given if given.count(t) > 1)
        raise IllegalAction(f"{label(game, twice)} is chosen more than once ({prompt})")
    if not spec.minimum <= len(given) <= spec.count:
        raise IllegalAction(f"{prompt}: choose {spec.minimum} to {spec.count} targets")
    return tuple(given)


def zone_of(game: Game, object_id: str) -> Zone | None:
    obj = game.state.objects.get(object_id)
    return obj.zone if obj else None
