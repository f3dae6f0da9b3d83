"""Summoning sickness and {T} abilities (CR 302.6): a creature's activated ability with the
tap symbol in its cost can't be activated unless the creature has been under its
controller's control continuously since their most recent turn began (or has haste).  The
rule is about creatures only: a land that came into play this turn taps for mana at once.

The judge remembers what came onto the battlefield this turn (as ``combat-declarations``
does) and reads the activated abilities of a creature from card data ("[cost]: [effect]"):
it probes a creature whose every activated ability has {T} in its cost, so that whichever
of them an index names, it must be illegal.  A basic land that entered this turn is probed
only on an engine that declares ``explicit-mana`` (the player taps lands for mana):
untapped, with its controller's priority, its mana ability is legal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import Activate, ObjectId, ObjectView
from ...format.cards import Card, CardFace
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .combat import creature, keywords, turn_of

#: "[cost]: [effect]", the cost made of symbols and costs (CR 602.1a), after any ability
#: word ("Trance — {4}{R}{G}, {T}: ...").
_ACTIVATED = re.compile(r"^((\{[^}]+\}|sacrifice [^:]*|remove [^:]*|pay [^:]*|discard [^:]*)"
                        r"(, )?)+: ")


def _tap_abilities(faces: Iterable[CardFace]) -> int | None:
    """How many activated abilities the faces have, if each has {T} in its cost; ``None``
    when one has not, or none is there."""
    count = 0
    for face in faces:
        for raw in face.ability_texts:
            text = normalize_text(raw).lower()
            if "—" in text:
                text = text.split("— ", 1)[-1]
            found = _ACTIVATED.match(text)
            if found is None:
                if re.match(r"^(equip|fortify|crew|reconfigure)\b", text):
                    return None  # keyword abilities that are activated abilities
                continue
            if "{t}" not in found.group(0):
                return None
            count += 1
    return count or None


@dataclass
class _Since:
    """The permanents the judge saw come onto the battlefield, or under another player's
    control, since their controller's most recent turn began (CR 302.6: not yet controlled
    continuously since then), brought up to ``current``."""

    current: Observation | None = None
    recent: set[ObjectId] = field(default_factory=set)


_SINCE: PerGame[_Since] = PerGame(_Since)


def not_yet_controlled_since_their_turn(o: Observation) -> set[ObjectId]:
    """The permanents that came under their controller's control after that player's most
    recent turn began, as far as the judge saw (once an observation): a creature among them
    is summoning sick -- in its controller's turn and in every other player's until their
    next turn begins."""
    memory = _SINCE.of(o)
    if memory.current is o:
        return memory.recent
    step = step_of(o)
    if step.before is None:
        memory.recent = set()
    elif step.acted:
        if step.turn_ended:  # the new active player's permanents are theirs since it began
            active = o.game.active_player
            memory.recent = {i for i in memory.recent
                             if (view := o.views.get(i)) is not None
                             and view.controller != active}
        memory.recent |= {i for i, _zone in step.entered}
        memory.recent |= {i for i, was in step.before_views.items()
                          if (now := o.views.get(i)) is not None and was.zone is now.zone
                          and now.controller != was.controller}
    memory.current = o
    return memory.recent


def _sick(step: StepView, o: Observation) -> list[tuple[ObjectView, int]]:
    """The untapped creatures of the player with priority that came under their control
    since their most recent turn began, without haste, each with the number of its
    activated abilities -- all with {T} in their costs."""
    player, turn = o.game.priority_player, turn_of(o)
    if player is None or turn.unknown_haste:
        return []
    recent = not_yet_controlled_since_their_turn(o)
    found = []
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != player or view.tapped \
                or view.id not in recent or view.id in turn.hasted or view.face_down:
            continue
        faces = step.judge.faces_of(view)
        known = keywords(step, view)
        if faces is None or known is None or "Haste" in known or "Haste" in view.keywords \
                or not creature(step, view):
            continue
        count = _tap_abilities(faces)
        if count:
            found.append((view, count))
    return found


def _new_lands(step: StepView, o: Observation) -> list[ObjectView]:
    """The untapped basic lands of the player with priority that entered this turn, on an
    engine whose players tap lands for mana themselves."""
    player, turn = o.game.priority_player, turn_of(o)
    if player is None or "explicit-mana" not in o.engine.info.capabilities:
        return []
    lands = []
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != player or view.tapped \
                or view.id not in turn.entered or view.face_down:
            continue
        faces = step.judge.faces_of(view)
        if faces and len(faces) == 1 and "Basic" in faces[0].supertypes \
                and "Land" in faces[0].types and "Creature" not in faces[0].types:
            lands.append(view)
    return lands


def _judged(step: StepView, o: Observation) -> bool:
    return step.acted and o.engine.pending_choice() is None and not o.game.game_over \
        and "priority_player" not in o.game.unknown


def summoning_sickness(o: Observation) -> Iterable[Violation]:
    """A creature that came under its controller's control after their most recent turn
    began, without haste, can't activate an ability with {T} in its cost -- in that turn,
    and in every other player's turn until theirs begins again; a land that entered this
    turn taps for mana at once (CR 302.6, 605.3a)."""
    step = step_of(o)
    if not _judged(step, o):
        return
    player = o.game.priority_player
    assert player is not None
    for view, count in _sick(step, o):
        for index in range(count):
            action = Activate(player, view.id, index)
            if o.engine.is_legal(action):
                when = "this turn" if o.game.active_player == player else \
                    "after their most recent turn began"
                yield Violation(f"{' // '.join(view.names)} came under {player}'s control "
                                f"{when} and has no haste, and its {{T}} ability can be "
                                f"activated (CR 302.6)", illegal=action)
                return
    for land in _new_lands(step, o):
        action = Activate(player, land.id, 0)
        if not o.engine.is_legal(action):
            yield Violation(f"{' // '.join(land.names)} entered this turn and can't be tapped "
                            f"for mana: summoning sickness is for creatures only (CR 302.6)",
                            legal=action)
            return


def reached(o: Observation) -> bool:
    """The player with priority had a creature that can't use its {T} abilities yet, or a
    land that entered this turn."""
    step = step_of(o)
    return _judged(step, o) and bool(_sick(step, o) or _new_lands(step, o))


def reached_creature(o: Observation) -> bool:
    """... a creature that can't use its {T} abilities yet."""
    step = step_of(o)
    return _judged(step, o) and bool(_sick(step, o))


def reached_in_another_players_turn(o: Observation) -> bool:
    """... in another player's turn: a creature that came under its controller's control
    in their own turn, still unable to use its {T} abilities."""
    step = step_of(o)
    return _judged(step, o) and o.game.priority_player != o.game.active_player \
        and bool(_sick(step, o))


def _taps(card: Card) -> bool:
    """Creatures with {T} abilities, and lands."""
    return "Land" in card.faces[0].types or any(
        "Creature" in f.types and _tap_abilities([f]) for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("summoning-sickness", summoning_sickness.__doc__ or "",
             ("turn-structure-tokens-have-summoning-sickness",
              "turn-structure-tap-an-attacker-before-attacks"),
             frozenset({"activated-abilities"}), summoning_sickness, _taps,
             ("302.6", "605.3a", "602.5a"), "turn-structure", reached,
             weights=(("Cast", 16), ("Activate", 8), ("PlayLand", 8), ("Advance", 8)), steps=20),
)
