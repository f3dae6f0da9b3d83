"""Mutants about copies and trigger doubling (rulings/copies/, rulings/trigger-doubling/)."""

from __future__ import annotations

from . import Patch, table

import dataclasses
from collections.abc import Callable
from typing import Any


from ..engines.reference import copies, effects, entering, triggers


_create_token_copy = effects.EFFECTS["create_token_copy"]


def _token_copy_then(adjust: Callable[[Any, Any], None], doc: str) -> Any:
    """create_token_copy, then ``adjust(token, original)`` for each token it created."""

    def create_token_copy(game: Any, ctx: Any, params: Any) -> Any:
        originals = [game.state.objects[t] for t in ctx.legal_targets
                     if t in game.state.objects]
        before = set(game.state.objects)
        yield from _create_token_copy(game, ctx, params)
        for obj in list(game.state.objects.values()):
            if obj.id not in before and obj.token and originals:
                adjust(obj, originals[0])

    create_token_copy.__doc__ = doc
    return create_token_copy


def _add_status(token: Any, original: Any) -> None:
    token.tapped = original.tapped
    for kind, count in original.counters.items():
        token.counters[kind] = token.counters.get(kind, 0) + count


_copies_status = _token_copy_then(
    _add_status, "A token copy copies the original's tapped state and counters.")


_copy_of = copies.copy_of


def _copies_the_copier(original: Any, **kwargs: Any) -> Any:
    """A copy of a copy gets what is printed on the copier, not what it copies."""
    saved, original.copy = original.copy, None
    try:
        return _copy_of(original, **kwargs)
    finally:
        original.copy = saved


def _drops_exceptions(original: Any, **kwargs: Any) -> Any:
    """The exceptions of the copy effect ("it's a Reflection") are lost."""
    kwargs["add_subtypes"] = ()
    return _copy_of(original, **kwargs)


def _token_values_lost(original: Any, **kwargs: Any) -> Any:
    """A copy of a token an effect defined gets a blank name's card: the subtypes and
    colors the effect stated are lost (as if looked up by name in a card database)."""
    result = _copy_of(original, **kwargs)
    if original.card.layout == "token":
        face = dataclasses.replace(original.card.faces[0], subtypes=(), colors=(),
                                   color_indicator=())
        result.card = dataclasses.replace(original.card, faces=(face,))
    return result


_as_it_enters = entering._as_it_enters


def _copy_remembers_x(game: Any, new: Any, x: int) -> Any:
    """X of a token copy is taken to be 3 rather than 0."""
    yield from _as_it_enters(game, new, x or (3 if new.token else 0))


def _enters_with_twice(game: Any, new: Any, x: int) -> Any:
    """An "enters with" replacement effect applied again for each trigger doubler."""
    yield from _as_it_enters(game, new, x)
    if any(True for _ in game.statics("trigger_additional_time", controller=new.controller)):
        for kind in list(new.counters):
            new.counters[kind] *= 2


_enter_token = entering.enter_token


def _token_enters_silently(game: Any, token: Any) -> Any:
    """A token copy enters without anyone noticing: no enters abilities trigger."""
    yield from _as_it_enters(game, token, 0)
    entering._first_lore_counter(game, token)
    return token


_choose_targets = triggers.choose_targets
_remembered: dict[tuple[int, str], Any] = {}


def _instances_share_targets(game: Any, spec: Any, you: str, given: Any, prompt: str,
                             **kwargs: Any) -> Any:
    """Additional instances of a triggered ability reuse the first instance's targets."""
    key = (id(game.state), prompt)
    if key in _remembered and game.state.stack:
        return _remembered[key]
    result = yield from _choose_targets(game, spec, you, given, prompt, **kwargs)
    _remembered[key] = result
    return result


_exile_from_hand = effects.EFFECTS["exile_from_hand"]


def _links_only_the_last(game: Any, ctx: Any, params: Any) -> Any:
    """Each instance's exiled card replaces the one before as "the exiled card"."""
    key = (ctx.source, params["link"])
    before = list(game.state.linked.get(key, []))
    yield from _exile_from_hand(game, ctx, params)
    after = game.state.linked.get(key, [])
    if len(after) > len(before) and before:
        game.state.linked[key] = after[len(before):]


_additional = triggers.additional_instances


def _at_triggers_not_doubled(game: Any, source: Any, event: Any) -> int:
    """"At the beginning of" and spell-cast triggers don't trigger an additional time."""
    if event.kind in ("step_began", "spell_cast"):
        return 0
    return _additional(game, source, event)


def _keep_doors(token: Any, original: Any) -> None:
    token.unlocked = set(original.unlocked)


_copies_door_states = _token_copy_then(
    _keep_doors, "A token copy of a Room enters with the doors the original has unlocked.")


WRONG: dict[str, tuple[list[Patch], set[str]]] = {
    "token-copy-of-a-room-keeps-its-doors": (
        [(effects.EFFECTS, "create_token_copy", _copies_door_states)],
        {"copy-esper-terra-copies-only-printed-values"}),
    "token-copy-copies-status": (
        [(effects.EFFECTS, "create_token_copy", _copies_status)],
        # Copying counters also breaks the rulings about X and a Saga's lore counter.
        {"copy-mirror-room-copies-only-printed-values", "copy-esper-terra-copies-only-printed-values",
         "copy-mirror-room-copy-enters", "copy-mirror-room-x-is-zero", "copy-esper-terra-x-is-zero",
         "copy-esper-terra-copy-enters"}),
    "copy-of-a-copy-copies-the-copier": (
        [(effects, "copy_of", _copies_the_copier), (entering, "copy_of", _copies_the_copier)],
        {"copy-mirror-room-copying-a-copy", "copy-esper-terra-copying-a-copy"}),
    "copy-exceptions-dropped": (
        [(effects, "copy_of", _drops_exceptions)],
        {"copy-mirror-room-copies-only-printed-values", "copy-mirror-room-copying-a-token",
         "copy-mirror-room-copying-a-copy"}),
    "token-copy-remembers-x": (
        [(entering, "_as_it_enters", _copy_remembers_x)],
        {"copy-mirror-room-x-is-zero", "copy-esper-terra-x-is-zero"}),
    "token-copy-of-a-token-loses-its-stated-values": (
        [(effects, "copy_of", _token_values_lost)],
        {"copy-mirror-room-copying-a-token", "copy-esper-terra-copying-a-token"}),
    "token-enters-without-triggers": (
        [(effects, "enter_token", _token_enters_silently)],
        {"copy-mirror-room-copy-enters", "copy-esper-terra-copy-enters"}),
    "instances-share-targets": (
        [(triggers, "choose_targets", _instances_share_targets)],
        {"trigger-doubling-separate-choices-per-instance"}),
    "linked-to-the-last-instance-only": (
        [(effects.EFFECTS, "exile_from_hand", _links_only_the_last)],
        {"trigger-doubling-linked-abilities-link-every-instance",
         "trigger-doubling-linked-abilities-sum-and-cast-both"}),
    "at-triggers-not-doubled": (
        [(triggers, "additional_instances", _at_triggers_not_doubled)],
        {"trigger-doubling-every-kind-of-trigger"}),
    "enters-with-doubled": (
        [(entering, "_as_it_enters", _enters_with_twice)],
        {"trigger-doubling-replacement-effects-unaffected"}),
}


MECHANISMS = {
    "instances-share-targets": "trigger-doubling",
    "linked-to-the-last-instance-only": "trigger-doubling",
    "at-triggers-not-doubled": "trigger-doubling",
    "enters-with-doubled": "trigger-doubling",
}

MUTANTS = table("copies", ("copies", "trigger-doubling"), WRONG, mechanisms=MECHANISMS)
