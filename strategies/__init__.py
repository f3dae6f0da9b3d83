"""Hypothesis strategies over the card pool and game actions, for any engine.

Each strategy is a plain function returning a ``SearchStrategy``; options are keyword-only.
"""

from __future__ import annotations

from .answers import answers
from .boards import boards, card_entries, mana_pools
from .cards import cards
from .doors import door_actions

__all__ = ["answers", "boards", "card_entries", "cards", "door_actions", "mana_pools"]
