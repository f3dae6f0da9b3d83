"""The contract's actions as python-mtg's moves.

python-mtg's moves (``Game.legal_moves``): ``("cast", player, card, {})``,
``("cast_face_down", player, card)``, ``("turn_face_up", player, card)``,
``("play", player, land)`` (a land from the hand, with ``explicit_lands=True``),
``("activate", player, ability_row, {})`` with ``ability_row = (ability, source, generic
cost, "T" or "-", effect, amount, target class)``, and ``("pass",)``.  Decisions inside a
move (targets, ...) are not part of it: they go through the choice seam (seam.py).
"""

from __future__ import annotations

from typing import Any

from ...contract.types import Activate, Cast, PlayerRef, PlayLand, TurnFaceUp
from ...errors import Unsupported
from ...format.cards import Card, CardPool


def wanted_target(targets: tuple[Any, ...] | None) -> list[tuple[str, Any]]:
    """The answers a Cast or Activate gives to python-mtg's decisions up front."""
    if not targets:
        return []
    if len(targets) > 1:
        raise Unsupported("python-mtg takes one target per spell or ability")
    target = targets[0]
    return [("target", target.name if isinstance(target, PlayerRef) else target)]


#: Which moves an action is: (move kind, player, card or ability id).
Match = tuple[str, str, str]


def matching(game: Any, match: Match) -> list[Any]:
    """python-mtg's legal moves that are ``match``."""
    kind, player, subject = match
    return [m for m in game.legal_moves if m.raw[0] == kind and m.raw[1] == player and
            (m.raw[2][0] if kind == "activate" else m.raw[2]) == subject]


def cast_match(action: Cast) -> Match:
    if action.door or action.face:
        raise Unsupported("python-mtg has no Room doors or card faces to cast")
    if action.x is not None:
        raise Unsupported("python-mtg's cast moves take no X")
    return ("cast_face_down" if action.face_down else "cast", action.player, action.card)


def turn_face_up_match(action: TurnFaceUp) -> Match:
    return ("turn_face_up", action.player, action.object)


def play_land_match(action: PlayLand) -> Match:
    return ("play", action.player, action.card)


def _face(game: Any, cards: CardPool, object_id: str) -> tuple[Card, int]:
    """The card of ``object_id`` in the card data and the index of the face python-mtg has
    up (its back face once ``instance_of`` names the back, as its transform does)."""
    slug = dict(game.state.get("instance_of") or ()).get(object_id)
    backs = {back for (_o, back) in game.state.get("transform_target") or ()}
    name = game.name(object_id)
    card = cards.get(name)
    if card is None and slug in backs:
        card = next((c for c in cards.values() if len(c.faces) > 1 and c.faces[1].name == name),
                    None)
    if card is None:
        raise Unsupported(f"the card data has no card {name!r} (python-mtg's name for "
                          f"{object_id})")
    return card, 1 if slug in backs and len(card.faces) > 1 else 0


def activate_match(game: Any, cards: CardPool, action: Activate) -> Match:
    """python-mtg's moves for the ``action.ability``-th activated ability (printed order,
    mana abilities included) of the object.

    python-mtg numbers the abilities it models by its own rows (``card_ability``, kind
    ``activated``); the n-th printed non-mana activated ability is its n-th ``activated``
    row only when it models every one of them, which is checked against the card data."""
    card, index = _face(game, cards, action.object)
    printed = [rule.get("activated") or {} for rule in card.faces[index].rules
               if "activated" in rule]
    if action.ability >= len(printed):
        raise Unsupported(f"{card.name} has no activated ability {action.ability + 1}")
    if printed[action.ability].get("mana_ability"):
        raise Unsupported("python-mtg pays mana from its sources by itself; it has no move "
                          "that activates a mana ability")
    slug = dict(game.state.get("instance_of") or ()).get(action.object)
    rows = sorted((a for (s, a, kind) in game.state.get("card_ability") or ()
                   if s == slug and kind == "activated"), key=lambda a: int(a.lstrip("a") or 0))
    non_mana = [p for p in printed if not p.get("mana_ability")]
    if len(rows) != len(non_mana):
        raise Unsupported(f"python-mtg models {len(rows)} of the {len(non_mana)} non-mana "
                          f"activated abilities of {card.faces[index].name}")
    position = [i for i, p in enumerate(printed) if not p.get("mana_ability")].index(
        action.ability)
    return ("activate", action.player, f"{action.object}_{rows[position]}")
