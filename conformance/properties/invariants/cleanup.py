"""The cleanup step's discard (CR 514.1, 402.2): as a turn's cleanup step begins, if the
active player's hand holds more cards than their maximum hand size -- seven, unless an
effect says otherwise ("you have no maximum hand size") -- they discard down to it; no
other player discards then.

The judge looks at a step in which players only passed priority with an empty stack and
one turn ended (the active player changed): nothing resolved in it, so the hands changed
only by the turn-based actions of the steps it went through -- a draw step's draw (seen as
the library's cards going down) and the cleanup step's discard.  So the player whose turn
ended holds as many cards as before plus those drawn, at most seven (or all of them, with
"you have no maximum hand size" on a permanent they control), the cards discarded gone to
their graveyard (CR 701.9a) -- a choice asked among their cards in hand is asked of them --;
the player whose turn began holds what they held plus what they drew, none discarded.  Nothing is said where a card speaks of hand size otherwise, of
replacing draws, or (for the graveyard) of cards going elsewhere "instead" or madness, nor
of the graveyard when a permanent left the battlefield in the step (combat damage dealt on
the way).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from strategies.effect_boards import hand_focus
from .discarding import hand_choice
from .turns import _DRAW_CHANGES, _passing, _statics_say

#: The maximum hand size (CR 402.2).
MAXIMUM_HAND_SIZE = 7
_NO_MAXIMUM = "you have no maximum hand size"
_HAND_SIZE = re.compile(r"hand size")
_ELSEWHERE = re.compile(r"\binstead\b|\bmadness\b")


def _texts(o: Observation, step: StepView) -> list[tuple[str | None, str]] | None:
    """Every card's text, normalised, in any zone before and after the step, each with
    the controller of a permanent (``None`` elsewhere); ``None`` when a permanent's text
    can't be read."""
    key = "cleanup: texts"
    if key not in step.shared:
        step.shared[key] = _read_texts(o, step)
    kept: list[tuple[str | None, str]] | None = step.shared[key]
    return kept


def _read_texts(o: Observation, step: StepView) -> list[tuple[str | None, str]] | None:
    found: list[tuple[str | None, str]] = []
    for views in (step.before_views, o.views):
        for view in views.values():
            faces = step.judge.faces_of(view)
            if faces is None:
                if view.zone is Zone.BATTLEFIELD and not view.token:
                    return None
                texts = list(view.abilities)
            else:
                texts = [f.text for f in faces]
            controller = view.controller if view.zone is Zone.BATTLEFIELD else None
            found += [(controller, normalize_text(t).lower()) for t in texts]
    return found


def _turn_ended(o: Observation) -> tuple[StepView, str, str] | None:
    """The step, the player whose turn ended and the one whose turn began, when players
    only passed priority through one turn's end."""
    step = step_of(o)
    before = step.before_game
    if before is None or not _passing(o, step) or not step.turn_ended or o.game.game_over \
            or "game_over" in o.game.unknown or before.active_player == o.game.active_player:
        return None
    return step, before.active_player, o.game.active_player


def cleanup_discard(o: Observation) -> Iterable[Violation]:
    """In the cleanup step the active player discards down to their maximum hand size,
    seven (none with "you have no maximum hand size"), into their graveyard, choosing the
    cards -- a choice among their cards in hand is asked of them whenever they discard --;
    no other player discards: after a turn ends, the player whose turn it was holds what
    they held plus what they drew, seven at most, and the others what they held plus what
    they drew (CR 514.1, 402.2, 701.9a)."""
    found = _turn_ended(o)
    if found is None:
        return
    step, ended, begun = found
    texts = _texts(o, step)
    if texts is None or _statics_say(step, _DRAW_CHANGES, o) is not False:
        return
    if any(_HAND_SIZE.search(t) and _NO_MAXIMUM not in t for _c, t in texts):
        return  # a maximum hand size changed otherwise
    before = step.before_game
    assert before is not None
    for name in (ended, begun):
        then, now = before.player(name), o.game.player(name)
        drawn = then.library_size - now.library_size
        if drawn < 0:
            return  # a library grew: not a step the judge reads
        held = then.hand_size + drawn
        if name == begun:
            if now.hand_size < held:
                yield Violation(f"{name}'s hand went from {then.hand_size} to {now.hand_size} "
                                f"cards ({drawn} drawn) as {ended}'s turn ended: only the "
                                f"active player discards in the cleanup step (CR 514.1)")
                return
            continue
        unlimited = any(c == name and _NO_MAXIMUM in t for c, t in texts)
        kept = held if unlimited else min(held, MAXIMUM_HAND_SIZE)
        if now.hand_size != kept:
            why = ("they have no maximum hand size" if unlimited else
                   f"they discard down to {MAXIMUM_HAND_SIZE}" if held > MAXIMUM_HAND_SIZE
                   else f"{held} is no more than their maximum hand size")
            yield Violation(f"{name}'s turn ended with {now.hand_size} cards in their hand, "
                            f"not {kept}: {then.hand_size} held, {drawn} drawn, and {why} "
                            f"(CR 514.1, 402.2)")
            return
        discarded = held - kept
        if discarded and not any(_ELSEWHERE.search(t) for _c, t in texts) \
                and not _left_the_battlefield(o, step) \
                and now.graveyard_size != then.graveyard_size + discarded:
            yield Violation(f"{name} discarded {discarded} card(s) down to their maximum hand "
                            f"size and their graveyard went from {then.graveyard_size} to "
                            f"{now.graveyard_size} cards (CR 514.1, 701.9a)")
            return
        chooser = _discard_chooser(o, step, name)
        if discarded and chooser is not None and chooser != name:
            yield Violation(f"{chooser} was asked which of {name}'s cards {name} discards down "
                            f"to their maximum hand size: the player discarding chooses "
                            f"(CR 514.1, 701.9a)")
            return
        if discarded and chooser is None:
            yield Violation(f"{name} discarded {discarded} of {held} cards down to their "
                            f"maximum hand size and was asked no choice among them: the "
                            f"player discarding chooses which (CR 514.1; a choice is made by "
                            f"the engine only when it is forced)")
            return


def _discard_chooser(o: Observation, step: StepView, player: str) -> str | None:
    """Who was asked, in the step, a choice among ``player``'s cards in hand, more than
    seven of them -- every one of its options a card in their hand before the step or drawn
    in it: the discard's."""
    choice = hand_choice(o, step, player, MAXIMUM_HAND_SIZE)
    return None if choice is None else choice.player


def _left_the_battlefield(o: Observation, step: StepView) -> bool:
    """Whether a permanent left the battlefield in the step (combat damage on the way, a
    creature whose "until end of turn" bonus ended): a graveyard may have grown by it."""
    return any(e.kind == "zone_changed" and e.data.get("from") == Zone.BATTLEFIELD.value
               for e in o.events) or any(
        v.zone is Zone.BATTLEFIELD and (o.views.get(v.id) is None
                                        or o.views[v.id].zone is not Zone.BATTLEFIELD)
        for v in step.before_views.values())


def reached(o: Observation) -> bool:
    """A turn ended with the active player holding more than seven cards."""
    found = _turn_ended(o)
    if found is None:
        return False
    step, ended, _begun = found
    before = step.before_game
    assert before is not None
    then, now = before.player(ended), o.game.player(ended)
    return then.hand_size + then.library_size - now.library_size > MAXIMUM_HAND_SIZE


def reached_other_player(o: Observation) -> bool:
    """A turn ended with another player than the active one holding more than seven
    cards."""
    found = _turn_ended(o)
    if found is None:
        return False
    step, _ended, begun = found
    before = step.before_game
    assert before is not None
    return before.player(begun).hand_size > MAXIMUM_HAND_SIZE


def reached_no_maximum(o: Observation) -> bool:
    """A turn ended with the active player holding more than seven cards and a permanent
    saying they have no maximum hand size."""
    found = _turn_ended(o)
    if not reached(o) or found is None:
        return False
    step, ended, _begun = found
    texts = _texts(o, step) or []
    return any(c == ended and _NO_MAXIMUM in t for c, t in texts)


PROPERTIES: tuple[Property, ...] = (
    Property("cleanup-discard", cleanup_discard.__doc__ or "",
             ("turn-structure-draw-step-and-cleanup",
              "rooms-duskmourn-roaring-furnace-and-steaming-sauna"),
             frozenset({"priority"}), cleanup_discard, hand_focus, ("514.1", "402.2", "701.9a"),
             "turn-structure", reached, weights=(("Advance", 24), ("PassPriority", 4))),
)
