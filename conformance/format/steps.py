"""Script steps: one frozen value per kind of step, read once from a ruling file.

A scenario's script is a tuple of :data:`ScriptStep` values.  Each class is one key of the
``script:`` list (its ``KEY``) and carries the line of its step, so that a verdict can say
``path:line``.  ``stepyaml.py`` reads a step from YAML and writes it back; everything that
consumes steps dispatches with ``match`` and ``typing.assert_never``, so that
``mypy --strict`` names every place a new kind of step must be handled (docs/ruling-format.md,
"Adding a step").

Aliases and player names stay strings here: what they stand for is known only once a game
runs.  Closed vocabularies (zones, doors, faces, steps) are enums.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, TypeAlias

from .expect import Expectation, ObjectFilter
from .vocabulary import Door, Face, Step, Zone

# -- steps that act on the game -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CastStep:
    """``cast: {card, door?, face?, face_down?, targets?, x?, as?}``."""

    KEY: ClassVar[str] = "cast"
    card: str
    door: Door | None = None
    face: Face | None = None
    face_down: bool = False
    targets: tuple[str, ...] | None = None
    x: int | None = None
    #: a second alias for the spell (``as:``)
    alias: str | None = None
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class ActivateStep:
    """``activate: {object, ability, targets?, x?}``; ``ability`` counts from 1, as written."""

    KEY: ClassVar[str] = "activate"
    object: str
    ability: int
    targets: tuple[str, ...] | None = None
    x: int | None = None
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class UnlockStep:
    """``unlock: {object, door}`` -- the special action (CR 709.5e)."""

    KEY: ClassVar[str] = "unlock"
    object: str
    door: Door
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class TurnFaceUpStep:
    """``turn_face_up: {object}`` -- the special action (CR 702.37e)."""

    KEY: ClassVar[str] = "turn_face_up"
    object: str
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class PlayLandStep:
    """``play_land: {card, player?}`` -- the special action of playing a land (CR 116.2a,
    305.1); the player is the card's owner unless ``player`` says who."""

    KEY: ClassVar[str] = "play_land"
    card: str
    player: str | None = None
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class AdvanceStep:
    """``advance: <step>``."""

    KEY: ClassVar[str] = "advance"
    to: Step
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class MoveStep:
    """``move: {object, to, transformed?}`` -- state injection, outside the rules."""

    KEY: ClassVar[str] = "move"
    object: str
    to: Zone
    transformed: bool = False
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class PassStep:
    """``pass: <player>``."""

    KEY: ClassVar[str] = "pass"
    player: str
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class AttackStep:
    """``attack: {attackers, defender?, player?}``."""

    KEY: ClassVar[str] = "attack"
    attackers: tuple[str, ...]
    defender: str | None = None
    player: str | None = None
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class BlockStep:
    """``block: {blockers: {blocker: attacker}, player?}``; ``blocks`` keeps the pairs in
    the order written."""

    KEY: ClassVar[str] = "block"
    blocks: tuple[tuple[str, str], ...]
    player: str | None = None
    line: int = field(default=0, kw_only=True)


#: The steps ``expect_illegal`` and ``expect_legal`` wrap: every action but ``move`` (state
#: injection, which the rules neither allow nor forbid).
RuleAction: TypeAlias = (CastStep | ActivateStep | UnlockStep | TurnFaceUpStep | PlayLandStep
                         | AdvanceStep | PassStep | AttackStep | BlockStep)
#: Every step that becomes one contract ``Action``.
ActionStep: TypeAlias = RuleAction | MoveStep


# -- steps that drive the script ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResolveStep:
    """``resolve``: every player passes priority in turn, the top of the stack resolves."""

    KEY: ClassVar[str] = "resolve"
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class ResolveStackStep:
    """``resolve_stack``: resolve until the stack is empty or the engine asks a choice."""

    KEY: ClassVar[str] = "resolve_stack"
    line: int = field(default=0, kw_only=True)


#: One answer as written: an option's value or label, an alias or a player.
Answer: TypeAlias = str | int


@dataclass(frozen=True, slots=True)
class ChooseStep:
    """``choose: <answer>`` or ``choose: [<answer>, ...]`` (``listed``)."""

    KEY: ClassVar[str] = "choose"
    answers: tuple[Answer, ...]
    listed: bool = False
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class FindStep:
    """``find: {as, zone, controller?, token?, name?, not?, first?}``."""

    KEY: ClassVar[str] = "find"
    alias: str
    filter: ObjectFilter
    first: bool = False
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class LabelStep:
    """``label: {object, as}``: a name for the object an alias names now."""

    KEY: ClassVar[str] = "label"
    object: str
    alias: str
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class ExpectStep:
    """``expect: {...}``: about one object, one player, or the game, in the order written."""

    KEY: ClassVar[str] = "expect"
    expectation: Expectation
    line: int = field(default=0, kw_only=True)


#: What ``expect_illegal`` wraps: an action, or an answer to the pending choice (``choose``).
Refusable: TypeAlias = RuleAction | ChooseStep


@dataclass(frozen=True, slots=True)
class ExpectIllegalStep:
    """``expect_illegal: {<action>: ...}``: the engine must refuse the action; or
    ``expect_illegal: {choose: ...}``: it must refuse that answer to the pending choice,
    which stays pending for the next ``choose``."""

    KEY: ClassVar[str] = "expect_illegal"
    action: Refusable
    line: int = field(default=0, kw_only=True)


@dataclass(frozen=True, slots=True)
class ExpectLegalStep:
    """``expect_legal: {<action>: ...}``: the engine must allow it (without taking it)."""

    KEY: ClassVar[str] = "expect_legal"
    action: RuleAction
    line: int = field(default=0, kw_only=True)


#: One step of a scenario's script.
ScriptStep: TypeAlias = (ActionStep | ResolveStep | ResolveStackStep | ChooseStep | FindStep
                         | LabelStep | ExpectStep | ExpectIllegalStep | ExpectLegalStep)


#: Every kind of step by its key (a test holds this to the schema and the docs).
STEP_KINDS: dict[str, type] = {
    kind.KEY: kind for kind in (
        ResolveStep, ResolveStackStep, CastStep, ActivateStep, UnlockStep, TurnFaceUpStep,
        PlayLandStep, AdvanceStep, MoveStep, PassStep, AttackStep, BlockStep, ChooseStep, FindStep,
        LabelStep, ExpectStep, ExpectIllegalStep, ExpectLegalStep)
}
