"""Views whose costliest value is read from phase.rs only when it is used.

Two values of the contract's views cost phase.rs far more than the rest: an object's mana
value (read on a replica of the game, ``observations.mana_value``) and the active player
(only a snapshot of the whole game says).  Most observations never look at them -- whose
card an object is, whether it is a token, whether the stack is empty -- so the views below
read them the first time they are used, and keep them.  A value read later is the one phase
had when the view was made: the reader is given the version of the game and the calls made
up to then, and reads a replica built from those when the game has changed since.

Each view is equal to the contract's plain view with the same values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ...contract.types import GameView, ObjectView, PlayerId

#: A value not read yet.
_UNREAD: Any = object()
#: The slots ObjectView and GameView keep the two values in.
_MANA_VALUE = ObjectView.__dict__["mana_value"]
_ACTIVE_PLAYER = GameView.__dict__["active_player"]


def _same_values(view: object, other: object, kind: type) -> bool:
    return all(getattr(view, f.name) == getattr(other, f.name) for f in dataclasses.fields(kind))


class PhaseObjectView(ObjectView):
    """An ``ObjectView`` whose mana value is read when it is first used."""

    __slots__ = ("_read_mana_value",)
    _read_mana_value: Callable[[], int] | None

    def __init__(self, read_mana_value: Callable[[], int] | None = None, /,
                 **values: Any) -> None:
        """``read_mana_value``, or ``mana_value`` among the values (``dataclasses.replace``)."""
        object.__setattr__(self, "_read_mana_value", read_mana_value)
        if read_mana_value is not None:
            values["mana_value"] = _UNREAD
        super().__init__(**values)

    @property
    def mana_value(self) -> int:
        value = _MANA_VALUE.__get__(self, ObjectView)
        if value is _UNREAD and self._read_mana_value is not None:
            value = self._read_mana_value()
            _MANA_VALUE.__set__(self, value)
        return int(value)

    @mana_value.setter
    def mana_value(self, value: int) -> None:  # ObjectView's __init__, unpickling
        _MANA_VALUE.__set__(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ObjectView):
            return NotImplemented
        return _same_values(self, other, ObjectView)

    __hash__ = ObjectView.__hash__


class PhaseGameView(GameView):
    """A ``GameView`` whose active player is read when it is first used."""

    __slots__ = ("_read_active_player",)
    _read_active_player: Callable[[], PlayerId] | None

    def __init__(self, read_active_player: Callable[[], PlayerId] | None = None, /,
                 **values: Any) -> None:
        """``read_active_player``, or ``active_player`` among the values."""
        object.__setattr__(self, "_read_active_player", read_active_player)
        if read_active_player is not None:
            values["active_player"] = _UNREAD
        super().__init__(**values)

    @property
    def active_player(self) -> PlayerId:
        value = _ACTIVE_PLAYER.__get__(self, GameView)
        if value is _UNREAD and self._read_active_player is not None:
            value = self._read_active_player()
            _ACTIVE_PLAYER.__set__(self, value)
        return str(value)

    @active_player.setter
    def active_player(self, value: PlayerId) -> None:  # GameView's __init__, unpickling
        _ACTIVE_PLAYER.__set__(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameView):
            return NotImplemented
        return _same_values(self, other, GameView)

    __hash__ = GameView.__hash__
