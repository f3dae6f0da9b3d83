"""Optional effects: "you may" is the controller's choice, made as the spell or ability
resolves, and "no" means the effect does not happen (CR 603.5, 608.2d, 609.3).

The judge reads the text of what resolved -- the stack item's, or else its source's one
ability that says "you may" -- and judges only a text whose whole effect is optional
("When this creature enters, you may draw a card."; not "..., you may draw a card. If you
do, ..." nor "Draw a card, then you may ..."), so that "no" leaves nothing to happen.  The
choice is the contract's ``option`` choice with the pinned answers ``yes`` and ``no``
(docs/adapter-contract.md, "Choices"), asked in the step in which the item resolved: it is
asked of the item's controller ("you"), and when the answer is ``no``, no card changes zones,
no counter is put or removed, no token is created and no life total, hand or library changes
in that step, and no player loses the game.  A step with another yes/no choice beside it
says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Choice, StackItemView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from ..recording import pinned_word

#: A text whose whole effect is what "you may" offers: one sentence, nothing after it.
_WHOLLY_OPTIONAL = re.compile(
    r"^(?:(?:when|whenever|at)\b[^,]*, )?you may (?P<effect>[^.]*)\.?$")
#: What makes an optional effect part of a larger one.
_MORE = re.compile(r"\bif you do\b|\bthen\b|\bif you don't\b|\botherwise\b")


def _optional_text(step: StepView, item: StackItemView) -> str | None:
    """The resolved item's wholly optional text, if that is what it is."""
    texts = [item.text] if item.text else []
    if not texts:
        source = step.view(item.source)
        faces = step.judge.faces_of(source) if source is not None else None
        if faces is None:
            return None
        said = [t for f in faces for t in f.ability_texts if "you may" in t.lower()]
        if len(said) != 1:
            return None
        texts = said
    text = normalize_text(texts[0]).lower().strip()
    if "—" in text:
        text = text.split("— ", 1)[-1]
    found = _WHOLLY_OPTIONAL.match(text)
    if found is None or _MORE.search(text) or found.group("effect").startswith("have "):
        return None  # (not "you may have this enter as a copy": a replacement effect)
    return found.group("effect")


def _yes_no(o: Observation) -> list[tuple[Choice, str]]:
    """The step's yes/no choices, each with the word answered."""
    found = []
    for choice, answer in o.choices:
        if choice.kind != "option" or len(answer) != 1:
            continue
        words = {pinned_word(option): option.value for option in choice.options}
        if set(words) != {"yes", "no"}:
            continue
        said = next((w for w, value in words.items() if value == answer[0]), None)
        if said is not None:
            found.append((choice, said))
    return found


def _judged(o: Observation) -> tuple[StackItemView, str, Choice, str] | None:
    """What resolved, its optional effect, and the one yes/no choice with its answer."""
    step = step_of(o)
    item = step.resolved
    if not step.acted or item is None or o.engine.pending_choice() is not None:
        return None
    asked = _yes_no(o)
    if len(asked) != 1:
        return None
    effect = _optional_text(step, item)
    if effect is None:
        return None
    choice, said = asked[0]
    return item, effect, choice, said


def _changed(step: StepView, o: Observation, item: StackItemView) -> str | None:
    """What changed in the step besides ``item`` leaving the stack, if anything."""
    before = step.before_game
    if before is None:
        return None
    then = {p.name: p for p in before.players}
    for player in o.game.players:
        old = then.get(player.name)
        if old is None:
            continue
        for key in ("life", "hand_size", "library_size"):
            if getattr(old, key) != getattr(player, key):
                return f"{player.name}'s {key.replace('_', ' ')} went from " \
                       f"{getattr(old, key)} to {getattr(player, key)}"
    for event in o.events:
        if event.kind == "zone_changed" and str(event.data.get("object")) != item.source \
                and event.data.get("from") != Zone.STACK.value:
            return f"a card moved from {event.data.get('from')} to {event.data.get('to')}"
        if event.kind == "token_created":
            return "a token was created"
        if event.kind == "player_lost":
            return f"{event.data.get('player', 'a player')} lost the game"
    for view in o.views.values():
        old_view = step.before_views.get(view.id)
        if view.zone is Zone.BATTLEFIELD and old_view is not None \
                and old_view.zone is Zone.BATTLEFIELD \
                and dict(old_view.counters) != dict(view.counters):
            name = " // ".join(view.names) or "a permanent"
            return f"the counters on {name} went from {dict(old_view.counters)} to " \
                   f"{dict(view.counters)}"
    return None


def optional_effects(o: Observation) -> Iterable[Violation]:
    """A spell or ability whose whole effect is "you may ..." asks its controller, as it
    resolves, whether to carry it out, and when they answer no, nothing of it happens: no
    card moves, no counter, token, life, hand or library changes, no player loses (CR 603.5,
    608.2d)."""
    judged = _judged(o)
    if judged is None:
        return
    item, effect, choice, said = judged
    if choice.player != item.controller:
        yield Violation(f"\"you may {effect}\" was asked of {choice.player}, not of "
                        f"{item.controller}, who controls it (CR 608.2d: \"you\" is its "
                        f"controller)")
        return
    if said != "no":
        return
    changed = _changed(step_of(o), o, item)
    if changed is not None:
        yield Violation(f"{item.controller} answered no to \"you may {effect}\", and {changed} "
                        f"(CR 603.5, 608.2d: the effect is not carried out)")


def reached(o: Observation) -> bool:
    """A wholly optional effect resolved, its yes/no choice judged."""
    return _judged(o) is not None


def reached_declined(o: Observation) -> bool:
    """... answered no."""
    judged = _judged(o)
    return judged is not None and judged[3] == "no" and judged[2].player == judged[0].controller


def reached_nonactive(o: Observation) -> bool:
    """... controlled by a player whose turn it is not."""
    judged = _judged(o)
    return judged is not None and judged[0].controller != o.game.active_player


def says_you_may(card: Card) -> bool:
    """Cards with a triggered ability whose whole effect is optional."""
    return any(_WHOLLY_OPTIONAL.match(text := normalize_text(t).lower().strip())
               and text.startswith(("when", "at ")) and not _MORE.search(text)
               for f in card.faces for t in f.ability_texts)


PROPERTIES: tuple[Property, ...] = (
    Property("optional-effects", optional_effects.__doc__ or "",
             ("trigger-doubling-separate-choices-per-instance",),
             frozenset(), optional_effects, says_you_may,
             ("603.5", "608.2d", "609.3"), "stack", reached,
             weights=(("Cast", 16), ("Resolve", 8), ("DeclareAttackers", 24),
                      ("DeclareBlockers", 48))),
)

