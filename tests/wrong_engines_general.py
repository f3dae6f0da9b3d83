"""Wrong engines for ``tests/properties/test_general_rules_kills.py``: the reference engine
with one rule of the Comprehensive Rules broken in general, as independent engines have
broken it (the seventh held-out batch's survivors are one case of each)."""

from __future__ import annotations

from typing import Any

from conformance.engines.reference import effects
from conformance.mutants import MutantEngine

_DRAW_CARDS = effects.draw_cards


def _draw_cards_forgetting_an_empty_library(game: Any, player_name: str, count: int) -> None:
    """effects.draw_cards, but a draw from an empty library is not remembered: a spell or
    ability drawing past the library costs nothing (CR 704.5b, 121.4 forgotten)."""
    player = game.state.player(player_name)
    drew = player.drew_from_empty_library
    _DRAW_CARDS(game, player_name, count)
    player.drew_from_empty_library = drew


def effect_draws_never_lose() -> MutantEngine:
    """Drawing from an empty library loses only in the draw step: a spell or ability that
    makes a player draw more cards than their library holds does not make them lose."""
    return MutantEngine("effect-draws-never-lose", [
        (effects, "draw_cards", _draw_cards_forgetting_an_empty_library)])
