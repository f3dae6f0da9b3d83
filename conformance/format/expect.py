"""What an ``expect`` step checks: one frozen value per kind of check.

An expectation is about one object (:class:`ObjectExpectation`), one player
(:class:`PlayerExpectation`) or the game (:class:`GameExpectation`); its checks keep the order
the file writes them in, which is the order a verdict lists departures in.  Each check names
its observation (``key``), an enum of ``vocabulary.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeAlias

from .vocabulary import (
    ChoiceKind, Door, GameObservation, ObjectObservation, PlayerObservation, Step, Zone,
)


@dataclass(frozen=True, slots=True)
class ObjectFilter:
    """The objects of a zone a ``find`` step or an ``objects`` expectation matches."""

    zone: Zone
    controller: str | None = None
    token: bool | None = None
    name: str | None = None
    #: aliases whose objects are left out (``not:``)
    excluded: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ObjectValue:
    """An observation compared as it is (a number, a flag, a player)."""

    key: ObjectObservation
    value: int | bool | str | None


@dataclass(frozen=True, slots=True)
class ObjectItems:
    """An observation compared as a list in any order, texts typography aside."""

    key: ObjectObservation
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class InZone:
    zone: Zone
    key: ClassVar[ObjectObservation] = ObjectObservation.ZONE


@dataclass(frozen=True, slots=True)
class DoorsUnlocked:
    doors: tuple[Door, ...]
    key: ClassVar[ObjectObservation] = ObjectObservation.UNLOCKED_DOORS


@dataclass(frozen=True, slots=True)
class AbilityCount:
    count: int
    key: ClassVar[ObjectObservation] = ObjectObservation.ABILITY_COUNT


@dataclass(frozen=True, slots=True)
class CountersAre:
    """The named counters (any other kind is not checked)."""

    counters: tuple[tuple[str, int], ...]
    key: ClassVar[ObjectObservation] = ObjectObservation.COUNTERS


@dataclass(frozen=True, slots=True)
class SameObjectAs:
    alias: str
    key: ClassVar[ObjectObservation] = ObjectObservation.SAME_OBJECT_AS


@dataclass(frozen=True, slots=True)
class NewObjectSince:
    alias: str
    key: ClassVar[ObjectObservation] = ObjectObservation.NEW_OBJECT_SINCE


@dataclass(frozen=True, slots=True)
class AttachedTo:
    alias: str | None
    key: ClassVar[ObjectObservation] = ObjectObservation.ATTACHED_TO


ObjectCheck: TypeAlias = (ObjectValue | ObjectItems | InZone | DoorsUnlocked | AbilityCount
                          | CountersAre | SameObjectAs | NewObjectSince | AttachedTo)


@dataclass(frozen=True, slots=True)
class PlayerValue:
    key: PlayerObservation
    value: int


@dataclass(frozen=True, slots=True)
class StackItemExpectation:
    """One item of ``stack:``, top first."""

    spell: str | None = None
    ability_of: str | None = None
    targets: tuple[str, ...] | None = None
    controller: str | None = None


@dataclass(frozen=True, slots=True)
class StackIs:
    items: tuple[StackItemExpectation, ...]
    key: ClassVar[GameObservation] = GameObservation.STACK


@dataclass(frozen=True, slots=True)
class StackSize:
    size: int
    key: ClassVar[GameObservation] = GameObservation.STACK_SIZE


@dataclass(frozen=True, slots=True)
class StepIs:
    step: Step
    key: ClassVar[GameObservation] = GameObservation.STEP


@dataclass(frozen=True, slots=True)
class ActivePlayer:
    player: str
    key: ClassVar[GameObservation] = GameObservation.ACTIVE_PLAYER


@dataclass(frozen=True, slots=True)
class GameOver:
    """Whether the game has ended (CR 104)."""

    over: bool
    key: ClassVar[GameObservation] = GameObservation.GAME_OVER


@dataclass(frozen=True, slots=True)
class Winner:
    """Who won the game (``None``: no one, a draw or a game going on)."""

    player: str | None
    key: ClassVar[GameObservation] = GameObservation.WINNER


@dataclass(frozen=True, slots=True)
class ChoiceExpectation:
    """What a choice offers; option items are written as a ``choose`` answer is."""

    kind: ChoiceKind | None = None
    offers: tuple[object, ...] = ()
    excludes: tuple[object, ...] = ()
    exactly: tuple[object, ...] | None = None
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True, slots=True)
class ChoiceIs:
    """``choice: none`` (``expected`` is ``None``) or what the choice offers."""

    expected: ChoiceExpectation | None
    key: ClassVar[GameObservation] = GameObservation.CHOICE


@dataclass(frozen=True, slots=True)
class ObjectCount:
    filter: ObjectFilter
    count: int
    key: ClassVar[GameObservation] = GameObservation.OBJECTS


GameCheck: TypeAlias = (StackIs | StackSize | StepIs | ActivePlayer | GameOver | Winner | ChoiceIs
                        | ObjectCount)


@dataclass(frozen=True, slots=True)
class ObjectExpectation:
    object: str
    viewer: str | None = None
    checks: tuple[ObjectCheck, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerExpectation:
    player: str
    checks: tuple[PlayerValue, ...] = ()


@dataclass(frozen=True, slots=True)
class GameExpectation:
    checks: tuple[GameCheck, ...] = ()


Expectation: TypeAlias = ObjectExpectation | PlayerExpectation | GameExpectation


