"""Reading python-mtg: its views (``Game.card``, ``hand``, ``battlefield``, ``graveyard``,
``life``, ...) and the relations its rules apply (``has_supertype``, ``counter``,
``face_down``, ``is_token``, ``attached_to``, ``exile``), turned into the contract's views.
Nothing here computes a rule.

Views with gaps: the contract's ``ObjectView`` and ``GameView`` have a value for every field,
and python-mtg has no mana value, no abilities, no color identity, no visible stack, ...
Rather than letting a ruling be judged on a placeholder, the adapter names those fields in
the view's ``unknown`` (contract 1.1), each with its reason: a ruling that checks one of them
is unsupported, never failed or passed on a value python-mtg did not compute.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...contract.types import GameView, ObjectId, ObjectView, PlayerId, PlayerView
from ...errors import ContractError, Unsupported
from ...format.vocabulary import Step, Zone

#: python-mtg's color words -> the contract's color letters (a spelling, not a rule).
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Counter kinds: python-mtg's spelling <-> the rulings' spelling.
COUNTERS_TO_MTG = {"+1/+1": "p1p1", "-1/-1": "m1m1"}
COUNTERS_FROM_MTG = {v: k for k, v in COUNTERS_TO_MTG.items()}

#: Object fields python-mtg computes nothing for, with the reason given when one is read.
ALWAYS_UNKNOWN: Mapping[str, str] = MappingProxyType({
    "mana_value": "python-mtg computes no mana value (its mana_cost relation is a printed fact)",
    "abilities": "python-mtg exposes no ability texts",
    "unlocked_doors": "python-mtg has no Room doors",
    "identity": "python-mtg exposes no per-player identity of objects",
    "color_identity": "python-mtg computes no color identity",
    "id": "python-mtg keeps a card's id in every zone and through its transform (it marks a "
          "new object by clearing its state, not by a new id), so its ids do not tell a new "
          "object from the same one",
})


def word(text: str) -> str:
    """``first_strike`` -> ``First strike``: python-mtg's identifiers in the rulings' spelling."""
    text = text.replace("_", " ")
    return text[:1].upper() + text[1:]


#: python-mtg's zone labels -> the contract's zones.
_ZONES = {"battlefield": Zone.BATTLEFIELD, "hand": Zone.HAND, "library": Zone.LIBRARY,
          "graveyard": Zone.GRAVEYARD, "exile": Zone.EXILE, "command_zone": Zone.COMMAND}
#: What a face-down object's view would show from its printed card, not its face-down values.
_FACE_DOWN = "python-mtg's views give a face-down object's printed {field}"
#: python-mtg's views give printed names, colors, types and subtypes (``printed_color``, ...);
#: its rules apply ``color``, ``has_type`` and ``subtype``, which these effects (the object is
#: their second column) make differ: the fields each one changes.
_RESHAPED_BY = {"eff_copy": ("names", "colors", "types", "subtypes"), "eff_set_color": ("colors",),
                "eff_add_type": ("types",), "eff_remove_type": ("types",),
                "eff_text_change": ("subtypes",)}
_RESHAPED = ("python-mtg's views give the printed {field}; its {relation} effect on this object "
             "changes the {field} its rules apply, which it does not expose")
_GAME_UNKNOWN = {
    "stack": "python-mtg shows no stack (a spell resolves inside the move that casts it)",
    "priority_player": "python-mtg exposes no priority",
    "game_over": "the adapter does not read the end of a python-mtg game",
    "winner": "the adapter does not read the end of a python-mtg game",
}


def _rows(game: Any, relation: str) -> set[tuple[Any, ...]]:
    return set(game.state.get(relation) or ())


def owner_of(game: Any, object_id: str) -> str:
    """Owner as python-mtg attributes it (``printed_control``; its graveyards use the same)."""
    for player, card in _rows(game, "printed_control"):
        if card == object_id:
            return str(player)
    return ""


def object_view(game: Any, object_id: ObjectId) -> ObjectView:
    view = game.card(object_id)
    if view.zone is None:  # python-mtg's answer for an id it does not know (or out of the game)
        raise KeyError(object_id)
    zone = _ZONES.get(str(view.zone))
    if zone is None:
        raise Unsupported(f"python-mtg reports the zone {view.zone!r}")
    unknown = dict(ALWAYS_UNKNOWN)
    name = str(view.name)
    if " // " in name:
        unknown["names"] = (f"python-mtg names the whole card {name!r}; it computes no name "
                            f"of the face that is up")
    for relation, fields in _RESHAPED_BY.items():
        if any(row[1] == object_id for row in _rows(game, relation)):
            for key in fields:
                unknown.setdefault(key, _RESHAPED.format(field=key, relation=relation))
    face_down = (object_id,) in _rows(game, "face_down")
    if face_down:
        for key in ("names", "colors", "types", "subtypes", "supertypes", "keywords"):
            unknown[key] = _FACE_DOWN.format(field=key)
    # python-mtg's ``is_creature`` is false off the battlefield; its views still carry the
    # card's power and toughness there, which is what a creature card has in any zone.
    creature = bool(getattr(view, "is_creature", False)) or "creature" in map(str, view.types)
    counters = {COUNTERS_FROM_MTG.get(str(k), str(k)): int(n)
                for (c, k, n) in _rows(game, "counter") if c == object_id}
    host = next((str(h) for (a, h) in _rows(game, "attached_to") if a == object_id), None)
    slug = dict(_rows(game, "instance_of")).get(object_id)
    transformed = (object_id, slug) in _rows(game, "transform_target")  # its transform's mark
    return ObjectView(
        id=object_id, zone=zone, owner=owner_of(game, object_id),
        controller=str(view.controller) if zone is Zone.BATTLEFIELD and view.controller else None,
        names=(name,), mana_value=0,
        colors=tuple(COLORS.get(str(c), str(c)) for c in view.colors),
        types=tuple(word(str(t)) for t in view.types),
        subtypes=tuple(word(str(t)) for t in view.subtypes),
        supertypes=tuple(sorted(word(str(s)) for (c, s) in _rows(game, "has_supertype")
                                if c == object_id)),
        power=int(view.power) if creature and view.power is not None else None,
        toughness=int(view.toughness) if creature and view.toughness is not None else None,
        abilities=(), face_down=face_down, transformed=transformed,
        token=(object_id,) in _rows(game, "is_token"),
        tapped=bool(view.tapped) and zone is Zone.BATTLEFIELD,
        counters=counters,
        keywords=tuple(word(str(k)) for k in view.keywords),
        attached_to=host if zone is Zone.BATTLEFIELD else None,
        unknown=unknown,
    )


def object_ids(game: Any, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
    seats = [player] if player else list(game.players)
    if zone is Zone.HAND:
        return [str(i) for p in seats for i in game.hand(p)]
    if zone is Zone.LIBRARY:
        return [str(c) for (p, c) in sorted(_rows(game, "in_library")) if p in seats]
    if zone is Zone.GRAVEYARD:
        return [str(i) for p in seats for i in game.graveyard(p)]
    if zone is Zone.BATTLEFIELD:
        return [str(i) for i, c in sorted(game.battlefield().items()) if player in (None, c)]
    if zone is Zone.EXILE:
        return [str(c) for (c,) in sorted(_rows(game, "exile"))
                if player in (None, owner_of(game, str(c)))]
    raise Unsupported(f"python-mtg shows no {zone.value}")


def game_view(game: Any, ahead: str | None = None, left: str | None = None) -> GameView:
    """The game; ``ahead`` (why) when python-mtg is in a later step than the script;
    ``left``: the step python-mtg has just left by itself, which ``game`` is as it left it."""
    shown = left if left is not None else str(game.step)
    try:
        step = Step(shown)
    except ValueError:
        raise ContractError(f"python-mtg reports a step the contract does not name: "
                            f"{shown!r}") from None
    life = game.life()
    exiled = [owner_of(game, str(c)) for (c,) in _rows(game, "exile")]
    return GameView(
        step=step, active_player=str(game.active_player), priority_player=None, stack=(),
        players=tuple(PlayerView(str(p), int(life[p]), int(game.hand_count(p)),
                                 int(game.library_size(p)), len(game.graveyard(p)),
                                 exiled.count(str(p)))
                      for p in game.players),
        unknown=dict(_GAME_UNKNOWN, step=ahead) if ahead else _GAME_UNKNOWN)
