"""When an ability that may be activated only as a sorcery may be activated (CR 602.5d,
307.1, 606.3, 702.6a, 702.107a, 702.87a): "Activate only as a sorcery", equip, fortify,
outlast, level up, reconfigure and loyalty abilities may be activated only by a player
with priority in a main phase of their own turn with an empty stack.

The judge reads each activated ability of a permanent from its card data, in printed order
(the contract's ``Activate.ability``): a line ``cost: effect`` (its cost before the first
colon: mana symbols, {T}, sacrificing, discarding, paying, removing, exiling, returning), a
loyalty ability (``+1: ...``), or one of the keywords above followed by its cost.  A face
with a line it can't place (a quoted ability given to something, a leveler's level lines,
another keyword with a cost) is not judged, nor is any step while a permanent on the
battlefield gives abilities or lets abilities be activated "as though" they had flash.

Only the illegal side is judged: outside sorcery timing, every such ability of every
permanent the player with priority controls must be illegal, whatever its cost and
targets.  Whether one is legal at sorcery speed depends on costs and targets the judge does
not work out, so it says nothing there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ...contract.text import normalize_text
from ...contract.types import Activate
from ...format.cards import Card, CardFace
from ...format.vocabulary import Step, Zone
from ..memory import step_of
from ..observation import Observation, Property, Violation

_MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
#: Keyword abilities activated only as a sorcery, followed by their cost.
_SORCERY_KEYWORDS = re.compile(r"^(equip|fortify|outlast|level up|reconfigure)\b")
#: A line ``cost: effect``: what comes before its first colon is a cost.
_COST = re.compile(r"^(?:[^:]*?(?:\{|\btap\b|\bsacrifice\b|\bdiscard\b|\bpay\b|\bremove\b|"
                   r"\bexile\b|\breturn\b)[^:]*):")
_LOYALTY = re.compile(r"^[+\-−]?(\d+|x):")
#: Keyword abilities written with a cost that are not activated abilities of a permanent.
_NOT_ACTIVATED = ("morph", "megamorph", "ward", "kicker", "flashback", "cycling", "ninjutsu",
                  "disguise", "bestow", "dash", "evoke", "escape", "madness", "prototype")


@cache
def ability_bodies(face_name: str, text: str) -> tuple[str, ...] | None:
    """Each activated ability of a face, in printed order (the contract's
    ``Activate.ability``), as its line reads in lower case after any ability word ("{4}{r}{g},
    {t}: ..."; a keyword or loyalty ability as it is written); ``None`` when a line can't
    be placed (a quoted ability given to something, a leveler's level lines, another
    keyword with a cost)."""
    del face_name  # part of the key only
    found: list[str] = []
    for raw in text.splitlines():
        line = normalize_text(raw).lower()
        if not line:
            continue
        if '"' in line or line.startswith("level "):
            return None
        body = line.split("— ", 1)[1] if "— " in line and ":" in line.split("— ", 1)[1] \
            else line
        if _SORCERY_KEYWORDS.match(body) or _LOYALTY.match(body) or _COST.match(body):
            found.append(body)
        elif re.match(r"^[a-z][a-z' -]*\{", body) and not body.startswith(_NOT_ACTIVATED):
            return None  # another keyword with a cost: maybe an activated ability
    return tuple(found)


def sorcery_only(body: str) -> bool:
    """Whether an activated ability (as :func:`ability_bodies` gives it) may be activated
    only as a sorcery: a keyword ability of those, a loyalty ability, or one saying so."""
    return bool(_SORCERY_KEYWORDS.match(body) or _LOYALTY.match(body)) \
        or "activate only as a sorcery" in body


@cache
def _read(face_name: str, text: str) -> tuple[bool, ...] | None:
    """For each activated ability of a face, in printed order, whether it may be activated
    only as a sorcery; ``None`` when a line can't be placed."""
    bodies = ability_bodies(face_name, text)
    return None if bodies is None else tuple(sorcery_only(b) for b in bodies)


def abilities_of(face: CardFace) -> tuple[bool, ...] | None:
    return _read(face.name, face.text)


def _unread(o: Observation) -> bool:
    """A permanent on the battlefield gives abilities or changes when they may be
    activated: the judge says nothing then."""
    return step_of(o).battlefield_says("activation timing: unread", lambda f: (
        '"' in f.text or "as though" in f.text.lower()))


def _outside_sorcery_timing(o: Observation) -> str | None:
    """The player with priority, when it is not sorcery timing for them."""
    game = o.game
    player = game.priority_player
    if player is None or game.game_over or o.engine.pending_choice() is not None:
        return None
    if game.active_player == player and game.step in _MAIN and not game.stack:
        return None
    return player


def _candidates(o: Observation, player: str) -> Iterable[tuple[Activate, str]]:
    step = step_of(o)
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.face_down or view.controller != player:
            continue
        faces = step.judge.faces_of(view)
        if not faces or len(faces) != 1:
            continue
        read = abilities_of(faces[0])
        for index, sorcery in enumerate(read or ()):
            if sorcery:
                yield Activate(player, view.id, index), " // ".join(view.names)


def sorcery_speed_abilities(o: Observation) -> Iterable[Violation]:
    """An ability that may be activated only as a sorcery ("Activate only as a sorcery",
    equip, fortify, outlast, level up, reconfigure, loyalty abilities) is illegal for a
    player with priority outside a main phase of their own turn, or with a spell or
    ability on the stack (CR 602.5d, 307.1, 606.3, 702.6a)."""
    player = _outside_sorcery_timing(o)
    if player is None or not any(True for _ in _candidates(o, player)) or _unread(o):
        return
    game = o.game
    when = ("in another player's turn" if game.active_player != player else
            "in a step other than a main phase" if game.step not in _MAIN else
            "with a spell or ability on the stack")
    for action, name in _candidates(o, player):
        if o.engine.is_legal(action):
            yield Violation(f"{player} may activate ability #{action.ability + 1} of {name} "
                            f"{when}, though it may be activated only as a sorcery "
                            f"(CR 602.5d, 307.1)", illegal=action)
            return


def reached(o: Observation) -> bool:
    """The player with priority controlled a permanent with an ability that may be
    activated only as a sorcery, outside sorcery timing."""
    player = _outside_sorcery_timing(o)
    return player is not None and any(True for _ in _candidates(o, player)) and not _unread(o)


def focus(card: Card) -> bool:
    """Permanents with an ability that may be activated only as a sorcery, and instants
    (cast to hold priority with a spell on the stack)."""
    return "Instant" in card.faces[0].types or any(
        any(abilities_of(f) or ()) for f in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("sorcery-speed-abilities", sorcery_speed_abilities.__doc__ or "",
             ("turn-structure-your-upkeep-and-your-spells", "room-unlock-is-a-special-action"),
             frozenset(), sorcery_speed_abilities, focus,
             ("602.5d", "307.1", "606.3", "702.6a"), "timing", reached,
             weights=(("PassPriority", 8),)),
)
