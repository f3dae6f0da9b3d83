"""``expect`` steps: every key compared with what the engine reports.

Texts (names, ability texts) are compared after :func:`normalize_text`, so typography is
never a verdict.  A choice is checked where the engine made it: pending, or made
automatically (contract 1.1) and not yet accounted for by the script.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..contract.text import normalize_text
from ..contract.types import Choice, GameView, ObjectView, PlayerRef, StackItemView
from ..errors import ContractError, Unsupported
from .choices import NO_CHOICE_TO_CHECK, is_offered

if TYPE_CHECKING:
    from .execute import ScenarioRun

_UNORDERED = ("names", "colors", "types", "subtypes", "supertypes", "abilities", "unlocked_doors",
              "identity", "color_identity", "keywords")


#: The game's values an ``expect`` step compares, read from one ``GameView``.
_GAME_VALUES: dict[str, Callable[[GameView], object]] = {
    "stack_size": lambda view: len(view.stack),
    "step": lambda view: view.step.value,
    "active_player": lambda view: view.active_player,
}


def _text(value: Any) -> str:
    return normalize_text(str(getattr(value, "value", value)))


class Expectation:
    """An ``expect`` step: every key is compared with what the engine reports."""

    def __init__(self, run: ScenarioRun, args: Any) -> None:
        self.run = run
        self.args = args
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

    def compare(self, key: str, expected: Any, actual: Any) -> None:
        if key in _UNORDERED and isinstance(expected, list):
            same = sorted(map(_text, expected)) == sorted(map(_text, actual))
        else:
            same = expected == actual
        if not same:
            shown = [getattr(a, "value", a) for a in actual] if isinstance(actual, tuple) else actual
            self.mismatches.append(f"{key}: expected {expected!r}, found {shown!r}")

    def check(self) -> None:
        args = self.args
        if "object" in args:
            self.object(args["object"])
        elif "player" in args:
            game = self.run.engine.game()
            view = game.player(args["player"])
            for key, expected in args.items():
                if key != "player" and self.computed(key, game.unknown, "players"):
                    self.compare(key, expected, getattr(view, key))
        else:
            self.game()
        subject = args.get("object") or args.get("player") or "the game"
        if self.mismatches:  # a departure is a verdict even beside a value not computed
            raise self.run.violation(f"{subject}: " + "; ".join(self.mismatches))
        if self.unknown:
            raise Unsupported(f"{subject}: the engine does not compute " + "; ".join(
                f"{key} ({reason})" for key, reason in self.unknown.items()))

    def object(self, alias: str) -> None:
        object_id = self.run.object_id(alias)
        try:
            view: ObjectView = self.run.engine.observe(object_id, self.args.get("viewer"))
        except KeyError:
            raise self.run.violation(f"{alias!r} (object {object_id}) does not exist") from None
        for key, expected in self.args.items():
            if key in ("object", "viewer"):
                continue
            field = {"ability_count": "abilities", "same_object_as": "id",
                     "new_object_since": "id"}.get(key, key)
            if not self.computed(key, view.unknown, field):
                continue
            if key == "zone":
                self.compare(key, expected, view.zone.value)
            elif key == "ability_count":
                self.compare(key, expected, len(view.abilities))
            elif key == "same_object_as":
                if view.id != self.run.object_id(expected):
                    self.mismatches.append(f"expected the same object as {expected!r} "
                                           f"({self.run.object_id(expected)}), found {view.id}")
            elif key == "new_object_since":
                if view.id == self.run.object_id(expected):
                    self.mismatches.append(f"expected a new object since {expected!r}, found "
                                           f"the same object {view.id}")
            elif key == "attached_to":
                wanted = None if expected is None else self.run.object_id(expected)
                if view.attached_to != wanted:
                    self.mismatches.append(f"attached_to: expected {expected!r} ({wanted}), "
                                           f"found {view.attached_to}")
            elif key == "counters":
                self.compare(key, expected, {k: view.counters.get(k, 0) for k in expected})
            else:
                self.compare(key, expected, getattr(view, key))

    def game(self) -> None:
        view: GameView | None = None  # read once, and only for the keys that need it
        for key, expected in self.args.items():
            if key == "stack" or key in _GAME_VALUES:
                view = view or self.run.engine.game()
                if not self.computed(key, view.unknown, "stack" if key == "stack_size" else key):
                    continue
                if key == "stack":
                    self.stack(expected, view.stack)
                else:
                    self.compare(key, expected, _GAME_VALUES[key](view))
            elif key == "choice":
                self.choice(expected)
            elif key == "objects":
                found = self.run.matching(expected)
                if len(found) != expected["count"]:
                    self.mismatches.append(f"objects: expected {expected['count']} matching "
                                           f"{dict(expected)!r}, found {len(found)}")

    def stack(self, expected: list[Any], items: tuple[StackItemView, ...]) -> None:
        shown = [f"{i.kind} of {i.source}" for i in items]
        if len(items) != len(expected):
            self.mismatches.append(f"stack: expected {len(expected)} item(s), found "
                                   f"{len(items)}: {shown}")
            return
        for index, (want, item) in enumerate(zip(expected, items)):
            if "spell" in want and (item.kind != "spell" or
                                    item.id != self.run.object_id(want["spell"])):
                self.mismatches.append(f"stack[{index}]: expected the spell {want['spell']!r}, "
                                       f"found {item.kind} {item.id}")
            if "ability_of" in want and (item.kind != "ability" or
                                         item.source not in self.run.named_by(want["ability_of"])):
                self.mismatches.append(f"stack[{index}]: expected an ability of "
                                       f"{want['ability_of']!r}, found {item.kind} of {item.source}")
            if "targets" in want:
                targets = sorted(str(t.name if isinstance(t, PlayerRef) else t) for t in item.targets)
                wanted = sorted(t if t in self.run.players else self.run.object_id(t)
                                for t in want["targets"])
                if targets != wanted:
                    self.mismatches.append(f"stack[{index}] targets: expected {wanted}, "
                                           f"found {targets}")
            if "controller" in want and item.controller != want["controller"]:
                self.mismatches.append(f"stack[{index}] controller: expected "
                                       f"{want['controller']!r}, found {item.controller!r}")

    # -- choices ---------------------------------------------------------------------------

    def choice(self, expected: Any) -> None:
        pending = self.run.engine.pending_choice()
        if expected == "none":
            if pending is not None:
                self.mismatches.append(f"choice: expected none, the engine asks: {pending.prompt}")
            return
        made = self.run.automatic.first(expected.get("kind"))
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

    def options(self, choice: Choice, expected: Any) -> None:
        shown = [o.label or o.value for o in choice.options]

        def values(items: list[Any]) -> list[str]:
            return [self.run.option_value(item) for item in items]

        if "kind" in expected and choice.kind != expected["kind"]:
            self.mismatches.append(f"choice kind: expected {expected['kind']!r}, "
                                   f"found {choice.kind!r}")
        if choice.open:
            self.open_options(choice, values(expected.get("offers", [])),
                              values(expected.get("excludes", [])),
                              values(expected.get("exactly", [])))
        else:
            missing = [v for v in values(expected.get("offers", [])) if not is_offered(choice, v)]
            if missing:
                self.mismatches.append(f"choice: expected {missing} among the options, "
                                       f"found {shown}")
            present = [v for v in values(expected.get("excludes", [])) if is_offered(choice, v)]
            if present:
                self.mismatches.append(f"choice: expected {present} not to be offered, "
                                       f"found {shown}")
            if "exactly" in expected:
                wanted = sorted(map(normalize_text, values(expected["exactly"])))
                by_value = sorted(normalize_text(o.value) for o in choice.options)
                by_label = sorted(normalize_text(o.label or "") for o in choice.options)
                if wanted not in (by_value, by_label):
                    self.mismatches.append(f"choice: expected exactly {expected['exactly']}, "
                                           f"found {shown}")
        for bound in ("min", "max"):
            if bound in expected and getattr(choice, bound) != expected[bound]:
                self.mismatches.append(f"choice {bound}: expected {expected[bound]}, "
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
