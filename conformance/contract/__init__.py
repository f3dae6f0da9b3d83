"""Layer 2: the engine adapter contract -- the Protocol, its values, and the registry."""

from __future__ import annotations

from .protocol import Engine
from .types import (
    CONTRACT_VERSION, Action, Activate, AdvanceTo, Cast, Choice, EngineInfo, Event, GameView,
    Move, ObjectId, ObjectView, Option, PlayerId, PlayerRef, PlayerView, PlayLand, Resolve,
    StackItemView, Target, TurnFaceUp, Unlock,
)

__all__ = [
    "CONTRACT_VERSION", "Action", "Activate", "AdvanceTo", "Cast", "Choice", "Engine",
    "EngineInfo", "Event", "GameView", "Move", "ObjectId", "ObjectView", "Option", "PlayerId",
    "PlayerRef", "PlayerView", "PlayLand", "Resolve", "StackItemView", "Target", "TurnFaceUp",
    "Unlock",
]
