"""python-mtg's choice seam, driven by the adapter.

python-mtg makes every decision inside a move through one seam, ``state["_policy"](state,
key, options, default)``: the legal options are the engine's, ``default`` is the pick its
own heuristic would make.  The adapter installs a ``Seam`` there.  It answers each
decision from a queue of answers (the player's), else with python-mtg's default, and
records every decision it saw -- so that a move can be taken back (``Game.pop``) and the
player asked, and so that a standalone script can give python-mtg the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

#: python-mtg's decision keys -> the contract's choice kinds.
CHOICE_KINDS = {"target": "target", "modes": "option", "discard": "cards", "search": "cards",
                "sacrifice": "cards"}


@dataclass(slots=True)
class Decision:
    """One decision python-mtg took through the seam during a move."""

    key: str
    options: tuple[Any, ...] | None
    default: Any
    chosen: Any


def option_text(value: Any) -> str:
    """An engine option as a string (ids and names are strings already)."""
    if isinstance(value, (set, frozenset)):
        return ",".join(sorted(map(str, value)))
    return str(value)


@dataclass(slots=True)
class Seam:
    """The callable python-mtg consults for each decision (see the module's docstring)."""

    answers: list[tuple[str, Any]] = field(default_factory=list)
    seen: list[Decision] = field(default_factory=list)

    def __call__(self, state: Any, key: str, options: Any, default: Any) -> Any:
        listed = None if options is None else tuple(_listed(options))
        chosen = default
        index = len(self.seen)
        if index < len(self.answers) and self.answers[index][0] == key:
            chosen = self.answers[index][1]
        self.seen.append(Decision(key, listed, default, chosen))
        return chosen

    def begin(self, answers: Iterable[tuple[str, Any]]) -> None:
        """Get ready for a move whose first decisions are answered by ``answers``."""
        self.answers = list(answers)
        self.seen = []


def _listed(options: Any) -> list[Any]:
    try:
        return sorted(options, key=repr)
    except TypeError:
        return list(options)


@dataclass(slots=True)
class Triggers:
    """Listens, during one move, to the triggered abilities python-mtg resolves inside it.

    python-mtg resolves triggered abilities where they trigger, through its driver's
    ``_apply_effects`` (which it also uses for spells).  While a move is played the adapter
    wraps that function -- nothing is changed, each call is passed on -- and notes the
    abilities whose kind python-mtg's own facts (``card_ability``) say is triggered.
    """

    driver: Any
    abilities: list[str] = field(default_factory=list)
    original: Any = None

    def __enter__(self) -> Triggers:
        original = self.driver._apply_effects
        noted = self.abilities

        def listening(state: Any, pending: Any, *rest: Any) -> Any:
            kinds = {(slug, a): kind for (slug, a, kind) in state.get("card_ability") or ()}
            slugs = dict(state.get("instance_of") or ())
            for row in sorted(pending or (), key=repr):
                ability = str(row[0])
                instance, _, number = ability.rpartition("_")
                kind = kinds.get((slugs.get(instance), number))
                if kind in ("triggered", "saga_chapter") and ability not in noted:
                    noted.append(ability)
            return original(state, pending, *rest)

        self.original = original
        self.driver._apply_effects = listening
        return self

    def __exit__(self, *exc: object) -> None:
        self.driver._apply_effects = self.original


@dataclass(frozen=True, slots=True)
class Left:
    """The game as python-mtg left one step it went through by itself during a move: the turn
    (python-mtg's ``turn_number``), the active player, the step, python-mtg's state at that
    moment (a ``Game`` of its own, from ``Game.from_state``), how many triggered abilities
    ``Triggers`` had noted by then, and python-mtg's state as it was about to play the step
    (``entered``: its ``legal_moves`` there are what it offered in the step; for the step a
    cast or an activation was made in, the game right after that move, which python-mtg's
    own loop found no decision in) with how many triggered abilities were noted by then
    (``noted``)."""

    turn: int
    active: str
    step: str
    game: Any
    triggers: int
    entered: Any
    noted: int = 0


@dataclass(slots=True)
class Steps:
    """Keeps, during one move, the game as python-mtg leaves each step it goes through.

    After a move python-mtg goes on by itself to its next decision, through its one-step
    function ``mtg.engine.env._advance_one`` (a step's turn-based actions -- combat damage in
    the combat damage step -- then the next step).  While a move is played the adapter wraps
    that function -- nothing is changed, each call is passed on -- and, after each call,
    keeps python-mtg's own state as a ``Game`` (``Game.from_state`` copies it): what python-mtg
    computed by the end of the step, read later with python-mtg's own views.
    """

    mtg: Any
    triggers: Triggers
    left: list[Left] = field(default_factory=list)
    original: Any = None

    def __enter__(self) -> Steps:
        env = self.mtg.engine.env
        original = env._advance_one
        kept, noted, wrap = self.left, self.triggers.abilities, self.mtg.Game.from_state

        def keeping(state: Any, *rest: Any) -> Any:
            turn = int(state.get("_turn", 0))
            active = next(iter(state.get("active_player") or {("",)}))[0]
            step = next(iter(state.get("current_step") or {("",)}))[0]
            entered, before = wrap(state), len(noted)
            result = original(state, *rest)
            kept.append(Left(turn, str(active), str(step), wrap(state), len(noted), entered,
                             before))
            return result

        self.original = original
        env._advance_one = keeping
        return self

    def __exit__(self, *exc: object) -> None:
        self.mtg.engine.env._advance_one = self.original
