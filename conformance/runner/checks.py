"""``expect`` steps: every key compared with what the engine reports.

Texts (names, ability texts) are compared after :func:`normalize_text`, so typography is
never a verdict.  A choice is checked where the engine made it: pending, or made
automatically (contract 1.1) and not yet accounted for by the script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, assert_never

from ..contract.text import normalize_text
from ..contract.types import Choice, GameView, ObjectView, PlayerRef, StackItemView
from ..errors import ContractError, Unsupported
from ..format.expect import (
    AbilityCount, ActivePlayer, AttachedTo, ChoiceExpectation, ChoiceIs, CountersAre,
    DoorsUnlocked, Expectation, GameExpectation, GameOver, InZone, NewObjectSince, ObjectCount,
    ObjectExpectation, ObjectItems, ObjectValue, PlayerExpectation, SameObjectAs, StackIs,
    StackItemExpectation, StackSize, StepIs, Winner,
)
from ..format.stepyaml import render_filter
from ..format.vocabulary import GameObservation, ObjectObservation
from .choices import NO_CHOICE_TO_CHECK, is_offered

if TYPE_CHECKING:
    from .execute import ScenarioRun

#: The game's values an ``expect`` step compares, read from one ``GameView``.
_GAME_VALUES: dict[GameObservation, Callable[[GameView], object]] = {
    GameObservation.STACK_SIZE: lambda view: len(view.stack),
    GameObservation.STEP: lambda view: view.step.value,
    GameObservation.ACTIVE_PLAYER: lambda view: view.active_player,
    GameObservation.GAME_OVER: lambda view: view.game_over,
    GameObservation.WINNER: lambda view: view.winner,
}
#: The field of a view that carries an observation, where the names differ (what an engine
#: reports it does not compute is named by field).
_OBJECT_FIELDS = {ObjectObservation.ABILITY_COUNT: "abilities",
                  ObjectObservation.SAME_OBJECT_AS: "id",
                  ObjectObservation.NEW_OBJECT_SINCE: "id"}


def _text(value: object) -> str:
    return normalize_text(str(getattr(value, "value", value)))


def _shown(actual: object) -> object:
    return [getattr(a, "value", a) for a in actual] if isinstance(actual, tuple) else actual


class ExpectationCheck:
    """An ``expect`` step: every check is compared with what the engine reports."""

    def __init__(self, run: ScenarioRun, expectation: Expectation) -> None:
        self.run = run
        self.expectation = expectation
        self.mismatches: list[str] = []
        #: expected keys the engine does not compute (contract 1.1), with the reasons
        self.unknown: dict[str, str] = {}

    def computed(self, key: str, unknown: Mapping[str, str], field: str | None = None) -> bool:
        """Whether the engine computes ``field`` (``key`` by default); if not, note it."""
        reason = unknown.get(field or key)
        if reason is None:
            return True
        self.unknown[key] = reason
        return False

    def compare(self, key: str, expected: object, actual: object) -> None:
        if expected != actual:
            self.mismatches.append(f"{key}: expected {expected!r}, found {_shown(actual)!r}")

    def compare_items(self, key: str, expected: list[str], actual: Iterable[object]) -> None:
        """Lists in any order, texts typography aside."""
        actual = tuple(actual)
        if sorted(map(_text, expected)) != sorted(map(_text, actual)):
            self.mismatches.append(f"{key}: expected {expected!r}, found {_shown(actual)!r}")

    def check(self) -> None:
        expectation = self.expectation
        match expectation:
            case ObjectExpectation():
                self.object(expectation)
                subject = expectation.object
            case PlayerExpectation():
                game = self.run.engine.game()
                view = game.player(expectation.player)
                for value in expectation.checks:
                    key = value.key.value
                    if self.computed(key, game.unknown, "players"):
                        self.compare(key, value.value, getattr(view, key))
                subject = expectation.player
            case GameExpectation():
                self.game(expectation)
                subject = "the game"
            case _:
                assert_never(expectation)
        if self.mismatches:  # a departure is a verdict even beside a value not computed
            raise self.run.violation(f"{subject}: " + "; ".join(self.mismatches))
        if self.unknown:
            raise Unsupported(f"{subject}: the engine does not compute " + "; ".join(
                f"{key} ({reason})" for key, reason in self.unknown.items()), code="value")

    def object(self, expectation: ObjectExpectation) -> None:
        alias = expectation.object
        object_id = self.run.object_id(alias)
        try:
            view: ObjectView = self.run.engine.observe(object_id, expectation.viewer)
        except KeyError:
            raise self.run.violation(f"{alias!r} (object {object_id}) does not exist") from None
        for check in expectation.checks:
            key = check.key.value
            if not self.computed(key, view.unknown, _OBJECT_FIELDS.get(check.key, key)):
                continue
            match check:
                case InZone(zone=zone):
                    self.compare(key, zone.value, view.zone.value)
                case AbilityCount(count=count):
                    self.compare(key, count, len(view.abilities))
                case SameObjectAs(alias=other):
                    if view.id != self.run.object_id(other):
                        self.mismatches.append(f"expected the same object as {other!r} "
                                               f"({self.run.object_id(other)}), found {view.id}")
                case NewObjectSince(alias=other):
                    if view.id == self.run.object_id(other):
                        self.mismatches.append(f"expected a new object since {other!r}, found "
                                               f"the same object {view.id}")
                case AttachedTo(alias=other):
                    wanted = None if other is None else self.run.object_id(other)
                    if view.attached_to != wanted:
                        self.mismatches.append(f"attached_to: expected {other!r} ({wanted}), "
                                               f"found {view.attached_to}")
                case CountersAre(counters=counters):
                    self.compare(key, dict(counters),
                                 {k: view.counters.get(k, 0) for k, _ in counters})
                case DoorsUnlocked(doors=doors):
                    self.compare_items(key, [d.value for d in doors], view.unlocked_doors)
                case ObjectItems(values=values):
                    self.compare_items(key, list(values), getattr(view, key))
                case ObjectValue(value=value):
                    self.compare(key, value, getattr(view, key))
                case _:
                    assert_never(check)

    def game(self, expectation: GameExpectation) -> None:
        view: GameView | None = None  # read once, and only for the checks that need it
        for check in expectation.checks:
            key = check.key.value
            match check:
                case StackIs() | StackSize() | StepIs() | ActivePlayer() | GameOver() | Winner():
                    view = view or self.run.engine.game()
                    field = "stack" if isinstance(check, StackSize) else key
                    if not self.computed(key, view.unknown, field):
                        continue
                    if isinstance(check, StackIs):
                        self.stack(check.items, view.stack)
                    else:
                        self.compare(key, _written(check), _GAME_VALUES[check.key](view))
                case ChoiceIs(expected=expected):
                    self.choice(expected)
                case ObjectCount(filter=which, count=count):
                    found = self.run.matching(which)
                    if len(found) != count:
                        written = render_filter(which, count=count)
                        self.mismatches.append(f"objects: expected {count} matching "
                                               f"{written!r}, found {len(found)}")
                case _:
                    assert_never(check)

    def stack(self, expected: tuple[StackItemExpectation, ...],
              items: tuple[StackItemView, ...]) -> None:
        shown = [f"{i.kind} of {i.source}" for i in items]
        if len(items) != len(expected):
            self.mismatches.append(f"stack: expected {len(expected)} item(s), found "
                                   f"{len(items)}: {shown}")
            return
        for index, (want, item) in enumerate(zip(expected, items)):
            if want.spell is not None and (item.kind != "spell" or
                                           item.id != self.run.object_id(want.spell)):
                self.mismatches.append(f"stack[{index}]: expected the spell {want.spell!r}, "
                                       f"found {item.kind} {item.id}")
            if want.ability_of is not None and (
                    item.kind != "ability" or item.source not in self.run.named_by(want.ability_of)):
                self.mismatches.append(f"stack[{index}]: expected an ability of "
                                       f"{want.ability_of!r}, found {item.kind} of {item.source}")
            if want.targets is not None:
                targets = sorted(str(t.name if isinstance(t, PlayerRef) else t) for t in item.targets)
                wanted = sorted(t if t in self.run.players else self.run.object_id(t)
                                for t in want.targets)
                if targets != wanted:
                    self.mismatches.append(f"stack[{index}] targets: expected {wanted}, "
                                           f"found {targets}")
            if want.controller is not None and item.controller != want.controller:
                self.mismatches.append(f"stack[{index}] controller: expected "
                                       f"{want.controller!r}, found {item.controller!r}")

    # -- choices ---------------------------------------------------------------------------

    def choice(self, expected: ChoiceExpectation | None) -> None:
        pending = self.run.engine.pending_choice()
        if expected is None:
            if pending is not None:
                self.mismatches.append(f"choice: expected none, the engine asks: {pending.prompt}")
            return
        made = self.run.automatic.first(None if expected.kind is None else expected.kind.value)
        if made is not None:
            if not made.choice.forced:
                self.mismatches.append(f"choice: {made.not_forced()}")
                return
            self.run.note_automatic(made, "expect")
            self.options(made.choice, expected)
            return
        if pending is None:
            self.mismatches.append(NO_CHOICE_TO_CHECK)
            return
        self.options(pending, expected)

    def options(self, choice: Choice, expected: ChoiceExpectation) -> None:
        shown = [o.label or o.value for o in choice.options]

        def values(items: Iterable[object]) -> list[str]:
            return [self.run.option_value(item) for item in items]

        if expected.kind is not None and choice.kind != expected.kind.value:
            self.mismatches.append(f"choice kind: expected {expected.kind.value!r}, "
                                   f"found {choice.kind!r}")
        if choice.open:
            self.open_options(choice, values(expected.offers), values(expected.excludes),
                              values(expected.exactly or ()))
        else:
            missing = [v for v in values(expected.offers) if not is_offered(choice, v)]
            if missing:
                self.mismatches.append(f"choice: expected {missing} among the options, "
                                       f"found {shown}")
            present = [v for v in values(expected.excludes) if is_offered(choice, v)]
            if present:
                self.mismatches.append(f"choice: expected {present} not to be offered, "
                                       f"found {shown}")
            if expected.exactly is not None:
                wanted = sorted(map(normalize_text, values(expected.exactly)))
                by_value = sorted(normalize_text(o.value) for o in choice.options)
                by_label = sorted(normalize_text(o.label or "") for o in choice.options)
                if wanted not in (by_value, by_label):
                    self.mismatches.append(f"choice: expected exactly "
                                           f"{list(expected.exactly)}, found {shown}")
        for bound, want in (("min", expected.min), ("max", expected.max)):
            if want is not None and getattr(choice, bound) != want:
                self.mismatches.append(f"choice {bound}: expected {want}, "
                                       f"found {getattr(choice, bound)}")

    def open_options(self, choice: Choice, offers: list[str], excludes: list[str],
                     exactly: list[str]) -> None:
        """An open choice takes free answers: what it offers is what the engine accepts."""
        accepts = getattr(self.run.engine, "accepts", None)
        if accepts is None:
            raise ContractError(f"the engine asks an open {choice.kind!r} choice but has no "
                                f"accepts() to say which answers it takes")
        refused = [v for v in offers + exactly if not accepts([v])]
        if refused:
            self.mismatches.append(f"choice: expected the engine to accept {refused} as an "
                                   f"answer; it refuses")
        taken = [v for v in excludes if accepts([v])]
        if taken:
            self.mismatches.append(f"choice: expected the engine to refuse {taken} as an "
                                   f"answer; it accepts")


def _written(check: StackSize | StepIs | ActivePlayer | GameOver | Winner) -> object:
    """The value a game check expects, as the file writes it."""
    match check:
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
        case _:
            assert_never(check)
