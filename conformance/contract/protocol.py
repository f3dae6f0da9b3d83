"""The engine adapter contract: the one interface every engine implements.

An adapter reports what its engine computes.  It never works out a rule itself: if the
engine exposes no mana value, the adapter does not add one up from the card's cost -- it
declares the capability missing, or reads the value from something the engine computed
(an event, a legal-action list, the outcome of a probe).  See docs/adapter-contract.md.

Engines do not subclass anything: any object with these attributes is an engine
(structural typing), registered under the ``conformance.engines`` entry-point group.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from ..format.cards import CardPool
from ..format.model import Setup
from ..format.vocabulary import Zone
from .types import Action, Choice, EngineInfo, Event, GameView, ObjectId, ObjectView, PlayerId


@runtime_checkable
class Engine(Protocol):
    """A rules engine under test, one game at a time.

    The runner calls :meth:`start` once per scenario, then :meth:`perform`, :meth:`answer`
    and the observation methods in any order, then :meth:`close` when done with the
    engine (not between scenarios).
    """

    @property
    def info(self) -> EngineInfo:
        """Name, version and capabilities; constant for the engine's lifetime."""
        ...

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        """Begin a new game in the state ``setup`` describes.

        Returns the object id of every card entry that has an alias (``as:``).  Players
        have priority as the setup says: the active player, in ``setup.step``, with an
        empty stack and each player's mana pool holding ``mana``.
        """
        ...

    def perform(self, action: Action) -> Sequence[Event]:
        """Carry out ``action``; raise ``IllegalAction(reason)`` if the rules forbid it.

        A refused action leaves the game as it was.  After the action the engine runs up
        to the next point where a player would receive priority or must choose.
        """
        ...

    def is_legal(self, action: Action) -> bool:
        """Whether the rules allow ``action`` now (the game is not changed)."""
        ...

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        """Actions ``player`` may take now, targets and X left unchosen (``None``)."""
        ...

    def pending_choice(self) -> Choice | None:
        """The decision the game is waiting for, if any.  Actions wait until it is made."""
        ...

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        """Answer the pending choice with option values; ``IllegalAction`` if not allowed."""
        ...

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        """The object's characteristics as the engine computes them.

        ``viewer=None`` is the rules' view (everything); a player name gives what that
        player may see (capability ``player-views``).  Raises ``KeyError`` for an object
        id that no longer exists (it changed zones: see the ``zone_changed`` events).
        """
        ...

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        """Ids of the objects in a zone; ``player`` picks whose zone (or controller on the
        battlefield and stack).  A library is listed top first by an engine declaring
        ``library-order``."""
        ...

    def game(self) -> GameView:
        """The step, the active player, priority, the stack and each player's counts."""
        ...

    def close(self) -> None:
        """Release what the engine holds (processes, files)."""
        ...
