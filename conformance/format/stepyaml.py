"""Reading script steps from YAML and writing them back.

:func:`parse_step` turns a step the schema has accepted into its value (``steps.py``,
``expect.py``) -- once, in the loader; :func:`render_step` writes a value as a ruling file
does (the recorder of random games writes its counterexamples with it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, assert_never

from .expect import (
    AbilityCount, ActivePlayer, AttachedTo, ChoiceExpectation, ChoiceIs, CountersAre,
    DoorsUnlocked, Expectation, GameCheck, GameExpectation, GameOver, InZone, NewObjectSince,
    ObjectCheck, ObjectCount, ObjectExpectation, ObjectFilter, ObjectItems, ObjectValue,
    PlayerExpectation, PlayerValue, SameObjectAs, StackIs, StackItemExpectation, StackSize,
    StepIs, Winner,
)
from .steps import (
    ActivateStep, AdvanceStep, AttackStep, BlockStep, CastStep, ChooseStep, ExpectIllegalStep,
    ExpectLegalStep, ExpectStep, FindStep, LabelStep, MoveStep, PassStep, PlayLandStep,
    Refusable, ResolveStackStep, ResolveStep, RuleAction, ScriptStep, TurnFaceUpStep,
    UnlockStep,
)
from .vocabulary import (
    ChoiceKind, Door, Face, GameObservation, ObjectObservation, PlayerObservation, Step, Zone,
)

# -- reading steps --------------------------------------------------------------------------
# The functions below read a step the schema has accepted; a semantic problem (an alias not
# defined, a key about a player in an expectation about an object) is the loader's to report.


def _tuple(raw: Any) -> tuple[str, ...] | None:
    return None if raw is None else tuple(raw)


def _rule_action(raw: Mapping[str, Any], line: int) -> RuleAction:
    ((key, args),) = raw.items()
    step = parse_step({key: args}, line)
    match step:
        case (CastStep() | ActivateStep() | UnlockStep() | TurnFaceUpStep() | PlayLandStep()
              | AdvanceStep() | PassStep() | AttackStep() | BlockStep()):
            return step
    raise ValueError(f"{key!r} cannot be wrapped")


def _refusable(raw: Mapping[str, Any], line: int) -> Refusable:
    """What ``expect_illegal`` wraps: an action, or an answer (``choose``)."""
    step = parse_step(dict(raw), line)
    match step:
        case ChooseStep():
            return step
    return _rule_action(raw, line)


def _object_filter(raw: Mapping[str, Any]) -> ObjectFilter:
    return ObjectFilter(Zone(raw["zone"]), raw.get("controller"), raw.get("token"),
                        raw.get("name"), tuple(raw.get("not") or ()))


def _object_check(key: ObjectObservation, value: Any) -> ObjectCheck | None:
    """The check an object observation makes (``viewer`` makes none: it says who looks)."""
    O = ObjectObservation  # noqa: N806 - the cases read as the keys they are
    match key:
        case O.ZONE:
            return InZone(Zone(value))
        case O.UNLOCKED_DOORS:
            return DoorsUnlocked(tuple(Door(door) for door in value))
        case O.ABILITY_COUNT:
            return AbilityCount(value)
        case O.COUNTERS:
            return CountersAre(tuple(value.items()))
        case O.SAME_OBJECT_AS:
            return SameObjectAs(value)
        case O.NEW_OBJECT_SINCE:
            return NewObjectSince(value)
        case O.ATTACHED_TO:
            return AttachedTo(value)
        case O.VIEWER:
            return None
        case (O.NAMES | O.COLORS | O.TYPES | O.SUBTYPES | O.SUPERTYPES | O.ABILITIES
              | O.IDENTITY | O.COLOR_IDENTITY | O.KEYWORDS):
            return ObjectItems(key, tuple(value))
        case (O.MANA_VALUE | O.POWER | O.TOUGHNESS | O.FACE_DOWN | O.TRANSFORMED | O.TOKEN
              | O.TAPPED | O.CONTROLLER | O.OWNER):
            return ObjectValue(key, value)
        case _:
            assert_never(key)


def _game_check(key: GameObservation, value: Any) -> GameCheck:
    G = GameObservation  # noqa: N806
    match key:
        case G.STACK:
            return StackIs(tuple(StackItemExpectation(
                item.get("spell"), item.get("ability_of"), _tuple(item.get("targets")),
                item.get("controller")) for item in value))
        case G.STACK_SIZE:
            return StackSize(value)
        case G.STEP:
            return StepIs(Step(value))
        case G.ACTIVE_PLAYER:
            return ActivePlayer(value)
        case G.GAME_OVER:
            return GameOver(bool(value))
        case G.WINNER:
            return Winner(value)
        case G.OBJECTS:
            return ObjectCount(_object_filter(value), value["count"])
        case G.CHOICE:
            return ChoiceIs(None if value == "none" else _choice(value))
        case _:
            assert_never(key)


def _choice(value: Mapping[str, Any]) -> ChoiceExpectation:
    kind = value.get("kind")
    return ChoiceExpectation(
        None if kind is None else ChoiceKind(kind), tuple(value.get("offers") or ()),
        tuple(value.get("excludes") or ()),
        None if "exactly" not in value else tuple(value["exactly"]),
        value.get("min"), value.get("max"))


def _expectation(raw: Mapping[str, Any]) -> Expectation:
    """Keys that do not fit the expectation's subject are left out (the loader reports them)."""
    if "object" in raw:
        return ObjectExpectation(raw["object"], raw.get("viewer"), tuple(
            check for key, value in raw.items() if key in _OBJECT_KEYS
            and (check := _object_check(ObjectObservation(key), value)) is not None))
    if "player" in raw:
        return PlayerExpectation(raw["player"], tuple(
            PlayerValue(PlayerObservation(key), value) for key, value in raw.items()
            if key in _PLAYER_KEYS))
    return GameExpectation(tuple(_game_check(GameObservation(key), value)
                                 for key, value in raw.items() if key in _GAME_KEYS))


_OBJECT_KEYS = frozenset(key.value for key in ObjectObservation)
_PLAYER_KEYS = frozenset(key.value for key in PlayerObservation)
_GAME_KEYS = frozenset(key.value for key in GameObservation)

#: How each keyed step is read: ``(arguments, line) -> step``.
_READERS: dict[str, Callable[[Any, int], ScriptStep]] = {
    CastStep.KEY: lambda a, line: CastStep(
        a["card"], None if "door" not in a else Door(a["door"]),
        None if "face" not in a else Face(a["face"]), bool(a.get("face_down", False)),
        _tuple(a.get("targets")), a.get("x"), a.get("as"), line=line),
    ActivateStep.KEY: lambda a, line: ActivateStep(
        a["object"], int(a["ability"]), _tuple(a.get("targets")), a.get("x"), line=line),
    UnlockStep.KEY: lambda a, line: UnlockStep(a["object"], Door(a["door"]), line=line),
    TurnFaceUpStep.KEY: lambda a, line: TurnFaceUpStep(a["object"], line=line),
    PlayLandStep.KEY: lambda a, line: PlayLandStep(a["card"], a.get("player"), line=line),
    AdvanceStep.KEY: lambda a, line: AdvanceStep(Step(a), line=line),
    MoveStep.KEY: lambda a, line: MoveStep(a["object"], Zone(a["to"]),
                                           bool(a.get("transformed", False)), line=line),
    PassStep.KEY: lambda a, line: PassStep(str(a), line=line),
    AttackStep.KEY: lambda a, line: AttackStep(tuple(a["attackers"]), a.get("defender"),
                                               a.get("player"), line=line),
    BlockStep.KEY: lambda a, line: BlockStep(tuple(a["blockers"].items()), a.get("player"),
                                             line=line),
    ChooseStep.KEY: lambda a, line: ChooseStep(
        tuple(a) if isinstance(a, list) else (a,), isinstance(a, list), line=line),
    FindStep.KEY: lambda a, line: FindStep(a["as"], _object_filter(a), bool(a.get("first")),
                                           line=line),
    LabelStep.KEY: lambda a, line: LabelStep(a["object"], a["as"], line=line),
    ExpectStep.KEY: lambda a, line: ExpectStep(_expectation(a), line=line),
    ExpectIllegalStep.KEY: lambda a, line: ExpectIllegalStep(_refusable(a, line), line=line),
    ExpectLegalStep.KEY: lambda a, line: ExpectLegalStep(_rule_action(a, line), line=line),
}
#: The steps written as a bare word.
_SCALARS: dict[str, Callable[[int], ScriptStep]] = {
    ResolveStep.KEY: lambda line: ResolveStep(line=line),
    ResolveStackStep.KEY: lambda line: ResolveStackStep(line=line),
}


def parse_step(raw: str | Mapping[str, Any], line: int) -> ScriptStep:
    """The step a schema-valid YAML step (a word, or a one-key mapping) stands for."""
    if isinstance(raw, str):
        return _SCALARS[raw](line)
    ((key, args),) = raw.items()
    return _READERS[key](args, line)


# -- writing steps --------------------------------------------------------------------------


def _some(**values: object) -> dict[str, object]:
    """``values`` without the ones not given (``None``, ``False``, empty)."""
    return {key: value for key, value in values.items()
            if value is not None and value is not False and value != ()}


def _listed(values: tuple[str, ...] | None) -> list[str] | None:
    return None if values is None else list(values)


def render_filter(filter: ObjectFilter, **more: object) -> dict[str, object]:
    """An object filter as YAML, ``more`` (``as``, ``count``, ...) where the file has them."""
    alias = {"as": more.pop("as")} if "as" in more else {}
    written: dict[str, object] = {**alias, "zone": filter.zone.value}
    if filter.controller is not None:
        written["controller"] = filter.controller
    if filter.token is not None:
        written["token"] = filter.token
    if filter.name is not None:
        written["name"] = filter.name
    if filter.excluded:
        written["not"] = list(filter.excluded)
    written.update(more)
    return written


def _render_object_check(check: ObjectCheck) -> object:
    match check:
        case ObjectValue(value=value):
            return value
        case ObjectItems(values=values):
            return list(values)
        case InZone(zone=zone):
            return zone.value
        case DoorsUnlocked(doors=doors):
            return [door.value for door in doors]
        case AbilityCount(count=count):
            return count
        case CountersAre(counters=counters):
            return dict(counters)
        case SameObjectAs(alias=alias) | NewObjectSince(alias=alias):
            return alias
        case AttachedTo(alias=target):
            return target
        case _:
            assert_never(check)


def _render_game_check(check: GameCheck) -> object:
    match check:
        case StackIs(items=items):
            return [_some(spell=i.spell, ability_of=i.ability_of, targets=_listed(i.targets),
                          controller=i.controller) for i in items]
        case StackSize(size=size):
            return size
        case StepIs(step=step):
            return step.value
        case ActivePlayer(player=player):
            return player
        case GameOver(over=over):
            return over
        case Winner(player=player):
            return player
        case ChoiceIs(expected=wanted):
            if wanted is None:
                return "none"
            written: dict[str, object] = {}
            if wanted.kind is not None:
                written["kind"] = wanted.kind.value
            if wanted.offers:
                written["offers"] = list(wanted.offers)
            if wanted.excludes:
                written["excludes"] = list(wanted.excludes)
            if wanted.exactly is not None:
                written["exactly"] = list(wanted.exactly)
            written.update(_some(min=wanted.min, max=wanted.max))
            return written
        case ObjectCount(filter=which, count=count):
            return render_filter(which, count=count)
        case _:
            assert_never(check)


def render_expectation(expectation: Expectation) -> dict[str, object]:
    match expectation:
        case ObjectExpectation(object=alias, viewer=viewer, checks=object_checks):
            written: dict[str, object] = {"object": alias}
            if viewer is not None:
                written["viewer"] = viewer
            written.update((c.key.value, _render_object_check(c)) for c in object_checks)
            return written
        case PlayerExpectation(player=player, checks=player_checks):
            return {"player": player, **{c.key.value: c.value for c in player_checks}}
        case GameExpectation(checks=game_checks):
            return {c.key.value: _render_game_check(c) for c in game_checks}
        case _:
            assert_never(expectation)


def _arguments(step: ScriptStep) -> object:
    """What a keyed step writes after its key."""
    match step:
        case CastStep():
            return _some(card=step.card, door=step.door and step.door.value,
                         face=step.face and step.face.value, face_down=step.face_down,
                         targets=_listed(step.targets), x=step.x, **{"as": step.alias})
        case ActivateStep():
            return _some(object=step.object, ability=step.ability,
                         targets=_listed(step.targets), x=step.x)
        case UnlockStep():
            return {"object": step.object, "door": step.door.value}
        case TurnFaceUpStep():
            return {"object": step.object}
        case PlayLandStep():
            return _some(card=step.card, player=step.player)
        case AdvanceStep():
            return step.to.value
        case MoveStep():
            return _some(object=step.object, to=step.to.value, transformed=step.transformed)
        case PassStep():
            return step.player
        case AttackStep():
            return _some(attackers=list(step.attackers), defender=step.defender,
                         player=step.player)
        case BlockStep():
            return {"blockers": dict(step.blocks), **_some(player=step.player)}
        case ChooseStep():
            return list(step.answers) if step.listed else step.answers[0]
        case FindStep():
            return render_filter(step.filter, **{"as": step.alias}, **_some(first=step.first))
        case LabelStep():
            return {"object": step.object, "as": step.alias}
        case ExpectStep():
            return render_expectation(step.expectation)
        case ExpectIllegalStep() | ExpectLegalStep():
            return render_step(step.action)
        case ResolveStep() | ResolveStackStep():
            return None
        case _:
            assert_never(step)


def render_step(step: ScriptStep) -> str | dict[str, object]:
    """A step as a ruling file writes it (``parse_step`` reads it back as the same value,
    its line aside)."""
    match step:
        case ResolveStep() | ResolveStackStep():
            return step.KEY
        case _:
            return {step.KEY: _arguments(step)}
