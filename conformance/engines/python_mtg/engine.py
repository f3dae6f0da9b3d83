"""The adapter: the contract over ``mtg.Game``.  It reports what python-mtg computes and
computes no rule itself.

- ``start`` builds a python-mtg game holding the setup's cards and rewrites its relations
  into the setup's state (setup.py); what python-mtg cannot hold is ``Unsupported``.
- Actions map to python-mtg's moves (moves.py).  python-mtg resolves a spell or an ability
  inside the move that puts it on the stack, with the triggered abilities it causes, and
  then runs on by itself to its next decision.  So the adapter keeps what python-mtg
  resolved inside a move as "hidden" items, in the order the contract's ``resolve`` steps
  take them off: until the last is taken off, nothing is observable (``Unsupported``).  When
  python-mtg ran past the step the move was made in, nothing more can be done; what it
  computed on the way is kept (seam.py, ``Steps``): the script looks at the game right after
  a cast or an activation as python-mtg had it before it went on, and, when it advances to
  a later step of that turn, at the game as python-mtg left that step.
- A ``RecursionError`` inside python-mtg is its crash, re-raised with the move and the cycle
  it went round (crash.py).
- The decisions python-mtg takes inside a move (targets, ...) go through its choice seam
  (seam.py); a decision with several options is asked of the player as a ``Choice``, one
  with a single option is reported as an automatic choice.
- Views report python-mtg's own values; what it does not compute raises ``Unsupported``
  when read (observe.py).
- Every engine call is recorded, so that a failure can be replayed by a standalone
  script (repro.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Never, NoReturn

from ...contract.types import (
    PLAYER_OPTION_PREFIX, Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers,
    DeclareBlockers, EngineInfo, Event, GameView, Move, ObjectId, ObjectView, Option,
    PassPriority, PlayerId, PlayLand, Resolve, TurnFaceUp, Unlock, automatic_choice,
)
from ...errors import IllegalAction, Unsupported
from ...format.cards import CardPool
from ...format.model import Setup
from ...format.vocabulary import Step, Zone
from . import repro
from .crash import recursion
from .moves import (
    Match, activate_match, cast_match, matching, play_land_match, turn_face_up_match,
    wanted_target,
)
from .observe import game_view, object_ids, object_view
from .seam import CHOICE_KINDS, Left, Seam, Steps, Triggers, option_text
from .setup import Start, build

#: Capabilities declared: python-mtg has these mechanisms; where it shows nothing the
#: contract asks for (the stack, a face-down object's name, ...) the adapter raises
#: ``Unsupported`` for that observation.  See docs/engines/python-mtg.md.
CAPABILITIES: frozenset[str] = frozenset({
    "inject-state", "activated-abilities", "triggered-abilities", "transform", "morph",
    "special-actions", "combat", "play-lands",
})


@dataclass(frozen=True, slots=True)
class RanOn:
    """python-mtg went on by itself past the step a move was made in: why nothing more can be
    done (``why``), the steps of that turn it left on the way (``passed``), the one the script
    looks at now (``at``), and the triggered abilities it resolved on the way (``triggers``),
    the first ``shown`` of them given to the script's ``resolve`` steps; ``first``: the first
    of ``passed`` the script may advance to (not the step of the move itself); ``moved``:
    the game right after the move, when it can be looked at (``_went_on``)."""

    why: str
    passed: tuple[Left, ...] = ()
    at: int | None = None
    triggers: tuple[str, ...] = ()
    shown: int = 0
    first: int = 0
    moved: Any = None


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision python-mtg takes inside ``raw``, asked of the player: the move is taken
    back and played again with ``done`` and the answer once it is given."""

    choice: Choice
    raw: Any
    done: tuple[tuple[str, Any], ...]
    key: str
    options: tuple[Any, ...]
    item: str | None


class PythonMtgEngine:
    """python-mtg behind the adapter contract."""

    def __init__(self, mtg: ModuleType) -> None:
        self._mtg = mtg
        self._info = EngineInfo("python-mtg", str(mtg.__version__), CAPABILITIES)
        self._game: Any = None
        self._cards: CardPool | None = None
        self._seam = Seam()
        self._start: Start | None = None
        self._log = repro.Log()
        self._hidden: list[str] = []       # resolved inside a move; the last is the "top"
        self._ran_on: RanOn | None = None  # python-mtg went on past the step of the last move
        self._ahead: str | None = None     # python-mtg is in declare blockers already
        self._pending: Pending | None = None

    @property
    def info(self) -> EngineInfo:
        return self._info

    def _require(self) -> Any:
        if self._game is None:
            raise RuntimeError("start() was not called")
        return self._game

    # -- set-up ----------------------------------------------------------------------------

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self.close()
        with recursion("while the adapter started its game"):
            game, start = build(self._mtg, setup, cards)
        game.state["_policy"] = self._seam
        self._game, self._start, self._cards = game, start, cards
        self._log = repro.Log()
        return dict(start.aliases)

    # -- what may be looked at -------------------------------------------------------------

    def _observable(self) -> None:
        if self._hidden:
            raise Unsupported(f"python-mtg resolved {', '.join(reversed(self._hidden))} inside "
                              f"the move that put it on the stack: it shows no stack, so the "
                              f"game until that resolves is not observable")
        if self._ran_on and self._ran_on.at is None and self._ran_on.moved is None:
            raise Unsupported(self._ran_on.why)

    def _actionable(self) -> None:
        self._observable()
        if self._ran_on:
            raise Unsupported(self._ran_on.why)

    def _shown(self) -> tuple[Any, str | None]:
        """The python-mtg game the script looks at, and the step it is in when that is a step
        python-mtg left on its own (its game is then in the next one)."""
        if self._ran_on and self._ran_on.at is not None:
            left = self._ran_on.passed[self._ran_on.at]
            return left.game, left.step
        if self._ran_on and self._ran_on.moved is not None:
            return self._ran_on.moved, None
        return self._require(), None

    def _mark(self) -> tuple[list[str], RanOn | None]:
        return list(self._hidden), self._ran_on

    def _back_to(self, mark: tuple[list[str], RanOn | None]) -> None:
        self._hidden, self._ran_on = list(mark[0]), mark[1]

    def _went_on(self, before: tuple[int, str, str], steps: Steps, item: str | None,
                 raw: Any = ("pass",)) -> None:
        """python-mtg went on by itself past ``before`` (turn, step, active player): nothing can
        be done any more.  The triggered abilities resolved in the step of the move are the
        script's to resolve first.  Then the script looks at the game right after the move
        (``moved``) or, once it advances, as python-mtg left a later step of that turn
        (``_catch_up``).

        The game right after the move is python-mtg's own state as its loop was about to play
        the rest of the move's step (``Left.entered`` of that step): the state it computed the
        move into and found no decision in, the one it would have shown had it stopped, read
        with its own views.  That holds for a cast, an activation, a land or turning face up,
        which python-mtg plays before it goes on; a pass or a declaration is itself the end
        of a step in python-mtg (its one-step function plays it), so after one nothing is
        looked at before the script advances; nor when python-mtg resolved a triggered
        ability while it ended the move's step (which the script's ``resolve`` steps would
        take off before it happened)."""
        game = self._require()
        why = (f"python-mtg went on by itself from {before[1]} to {game.step} of "
               f"{game.active_player}'s turn after the move (it stops only at its own "
               f"decisions), so nothing can be done in the game after the move")
        passed = tuple(left for left in steps.left if (left.turn, left.active) == (before[0],
                                                                                   before[2]))
        triggers = tuple(steps.triggers.abilities)
        own = bool(passed) and passed[0].step == before[1]
        shown = passed[0].triggers if own else len(triggers)
        self._hidden.extend(f"the triggered ability {a}" for a in reversed(triggers[:shown]))
        if item:
            self._hidden.append(item)
        moved = None
        if own and raw[0] not in ("pass", "attack", "block") and passed[0].noted == shown:
            moved = passed[0].entered
        self._ran_on = RanOn(why, passed, None, triggers, shown, 1 if own else 0, moved)

    # -- acting ----------------------------------------------------------------------------

    def _match(self, action: Action) -> tuple[Match, list[tuple[str, Any]], str | None, str]:
        """Which python-mtg moves ``action`` is, the answers it gives up front, the item the
        move puts on the stack (``None`` for a special action) and the player acting."""
        item: str | None
        match action:
            case Cast():
                moves, item = cast_match(action), f"the spell {action.card}"
                answers = wanted_target(action.targets)
            case Activate():
                if action.x is not None:
                    raise Unsupported("python-mtg's abilities take no X")
                assert self._cards is not None
                moves = activate_match(self._require(), self._cards, action)
                answers, item = wanted_target(action.targets), f"the ability of {action.object}"
            case TurnFaceUp():
                moves, answers, item = turn_face_up_match(action), [], None
            case PlayLand():
                moves, answers, item = play_land_match(action), [], None
            case (Unlock() | Resolve() | AdvanceTo() | Move() | PassPriority() | DeclareAttackers()
                  | DeclareBlockers()):
                raise Unsupported(f"python-mtg has no move for {type(action).__name__}")
            case _:
                _no_move(action)
        self._actionable()
        if self._ahead:
            raise Unsupported(self._ahead)
        if moves[1] != self._require().active_player:
            raise Unsupported("python-mtg gives priority to the active player only: the "
                              "other player has no moves")
        return moves, answers, item, action.player

    def perform(self, action: Action) -> Sequence[Event]:
        match action:
            case Resolve():
                if self._hidden:
                    self._hidden.pop()
                    return []
                self._observable()
                raise Unsupported("python-mtg shows no stack: there is nothing it lets the "
                                  "harness resolve")
            case AdvanceTo():
                return self._advance(action.step)
            case DeclareAttackers() | DeclareBlockers():
                return self._declare(action, keep=True)
            case (Cast() | Activate() | TurnFaceUp() | PlayLand() | Unlock() | Move()
                  | PassPriority()):
                pass
            case _:
                _no_move(action)
        wanted, answers, item, player = self._match(action)
        moves = matching(self._require(), wanted)
        self._log.query("act", match=wanted, answers=answers, moves=len(self._log.moves))
        if not moves:
            raise IllegalAction(f"python-mtg offers no such move ({type(action).__name__})")
        if len(moves) > 1:
            raise Unsupported("python-mtg offers several moves for this action")
        return self._push(moves[0].raw, answers, player, item)

    def _push(self, raw: Any, answers: list[tuple[str, Any]], player: str,
              item: str | None, ahead: str | None = None) -> list[Event]:
        """Play ``raw`` with the first decisions answered; ask the player the first other
        decision that had several options (the move is taken back until it is answered)."""
        game = self._require()
        before = (game.turn_number, game.step, game.active_player)
        self._seam.begin(answers)
        with Triggers(self._mtg.driver) as triggers, Steps(self._mtg, triggers) as steps, \
                recursion(f"during the move {game.describe(raw)!r}"):
            game.push(raw)
        seen = list(self._seam.seen)
        for index, (key, value) in enumerate(answers):
            decision = seen[index] if index < len(seen) else None
            if decision is None or decision.key != key:
                game.pop()
                raise Unsupported(f"python-mtg took no {key} decision in this move")
            if decision.options is not None and value not in decision.options:
                game.pop()
                shown = [option_text(o) for o in decision.options]
                raise IllegalAction(f"python-mtg's legal {key}s are {shown}, not {value}")
        events: list[Event] = []
        for decision in seen[len(answers):]:
            if decision.options is None:
                continue
            if decision.key not in CHOICE_KINDS:
                if len(decision.options) > 1:
                    game.pop()
                    raise Unsupported(f"python-mtg took a {decision.key!r} decision among "
                                      f"{len(decision.options)} options itself during the "
                                      f"move; the adapter does not map it to a choice")
                continue
            choice = Choice(CHOICE_KINDS[decision.key], player, f"python-mtg's {decision.key}",
                            tuple(Option(self._option(o)) for o in decision.options))
            if len(decision.options) > 1:
                game.pop()
                done = tuple((d.key, d.chosen) for d in seen[:seen.index(decision)])
                self._pending = Pending(choice, raw, done, decision.key, decision.options, item)
                return events
            events.append(automatic_choice(choice, [self._option(decision.chosen)]))
        self._log.push(raw, [(d.key, d.chosen) for d in seen])
        after = (game.turn_number, game.step, game.active_player)
        if after != before and not (ahead is not None and after == (before[0], ahead, before[2])):
            self._went_on(before, steps, item, raw)
            return events
        self._hidden.extend(f"the triggered ability {a}" for a in reversed(triggers.abilities))
        if item:
            self._hidden.append(item)
        if after != before:
            self._ahead = (f"python-mtg went on to {ahead} by itself after the move; the "
                           f"step it was made in is not observable")
        return events

    def _option(self, value: Any) -> str:
        text = option_text(value)
        return PLAYER_OPTION_PREFIX + text if text in self._require().players else text

    def _pass(self, step: str) -> int:
        """Pass until python-mtg is in ``step`` of this turn (or leaves the turn); at a
        declaration python-mtg waits for, declare nothing.  Returns the moves pushed."""
        game = self._require()
        turn, pushed = game.turn_number, 0
        while game.step != step and game.turn_number == turn and not game.is_game_over():
            kinds = {m.raw[0]: m.raw for m in game.legal_moves}
            raw: Any = kinds.get("pass") or (("attack", frozenset()) if "attack" in kinds else
                                        ("block", frozenset()) if "block" in kinds else None)
            if raw is None or pushed >= 30:
                break
            before = (game.turn_number, game.step, game.active_player)
            self._seam.begin([])
            with Triggers(self._mtg.driver) as triggers, Steps(self._mtg, triggers) as steps, \
                    recursion(f"during the move {game.describe(raw)!r}, passing to {step}"):
                game.push(raw)
            pushed += 1
            self._log.push(raw, [(d.key, d.chosen) for d in self._seam.seen])
            taken = [d.key for d in self._seam.seen if d.options and len(d.options) > 1]
            if taken:
                self._ran_on = RanOn(f"python-mtg took {', '.join(taken)} decisions itself "
                                     f"while passing to {step}; the game after them is not the "
                                     f"player's")
                raise Unsupported(self._ran_on.why)
            if game.turn_number != turn or game.active_player != before[2]:
                self._went_on(before, steps, None)
                break
            self._hidden.extend(f"the triggered ability {a}" for a in reversed(triggers.abilities))
        return pushed

    def _catch_up(self, step: Step) -> list[Event]:
        """The script advances to ``step`` after python-mtg went on by itself: the game as
        python-mtg left that step of the same turn, with the triggered abilities it resolved
        on the way handed to the script's ``resolve`` steps; else ``Unsupported``."""
        ran_on = self._ran_on
        assert ran_on is not None
        start = ran_on.first if ran_on.at is None else ran_on.at
        found = next((i for i in range(start, len(ran_on.passed))
                      if ran_on.passed[i].step == step.value), None)
        if found is None:
            raise Unsupported(f"{ran_on.why}; it did not go through {step.value} of that turn")
        reached = ran_on.passed[found].triggers
        self._hidden.extend(f"the triggered ability {a}"
                            for a in reversed(ran_on.triggers[ran_on.shown:reached]))
        self._ran_on = RanOn(ran_on.why, ran_on.passed, found, ran_on.triggers,
                             max(ran_on.shown, reached), ran_on.first)
        self._observable()
        return []

    def _advance(self, step: Step) -> list[Event]:
        if self._ahead and self._require().step == step.value:
            self._ahead = None  # the script catches up with python-mtg
            return []
        if self._ran_on and not self._hidden:
            return self._catch_up(step)
        self._observable()
        game = self._require()
        self._pass(step.value)
        if self._ran_on:
            return self._catch_up(step)
        if game.step != step.value:
            self._ran_on = RanOn(f"python-mtg did not stop in {step.value} (it stops only at "
                                 f"its own decisions; it is in {game.step} of "
                                 f"{game.active_player}'s turn)")
            raise Unsupported(self._ran_on.why)
        return []

    def _declare(self, action: DeclareAttackers | DeclareBlockers, keep: bool) -> list[Event]:
        """Attackers: pass to python-mtg's declare attackers step and play its ``attack``
        move with exactly those creatures; blockers: its ``block`` move with exactly those
        pairs.  Not offered: ``IllegalAction``, the game as it was.  ``keep=False`` only
        tells whether the move is offered."""
        if not self._ahead:
            self._actionable()
        game = self._require()
        mark, pushed = self._mark(), 0
        if isinstance(action, DeclareAttackers):
            if action.defender not in (None, *[p for p in game.players if p != action.player]):
                raise Unsupported("python-mtg's attacks go to the one opponent")
            wanted: list[Any] = sorted(action.attackers)
            kind, step = "attack", "declare_attackers"
            if action.player == game.active_player:
                pushed = self._pass(step)
        else:
            kind, wanted, step = "block", sorted(action.blocks), "declare_blockers"
        if self._ran_on is not None:  # python-mtg went past the step without stopping in it
            went = next((left for left in self._ran_on.passed if left.step == step), None)
            for _ in range(pushed):
                game.pop()
                self._log.pop()
            self._back_to(mark)
            if went is None:
                raise Unsupported(f"python-mtg went past {step} of {action.player}'s turn by "
                                  f"itself, without going through it")
            shown = [sorted(m.raw[1]) for m in went.entered.legal_moves if m.raw[0] == kind]
            if wanted in shown:
                raise Unsupported(f"python-mtg went through {step} by itself, declaring "
                                  f"nothing, although it lists {wanted} among its {kind}s")
            raise IllegalAction(f"python-mtg went through {step} of {action.player}'s turn by "
                                f"itself, offering {action.player} only the {kind} declarations "
                                f"{shown}")
        passes = self._log.moves[len(self._log.moves) - pushed:] if pushed else []
        self._log.query("combat", move=kind, wanted=wanted, passes=list(passes),
                        moves=len(self._log.moves) - pushed)
        offered = [m for m in game.legal_moves if m.raw[0] == kind and game.step == step
                   and game.turn == action.player]
        move = next((m for m in offered if sorted(m.raw[1]) == wanted), None)
        if move is None or not keep:
            for _ in range(pushed):
                game.pop()
                self._log.pop()
            self._back_to(mark)
            if move is None:
                shown = [sorted(m.raw[1]) for m in offered]
                raise IllegalAction(f"python-mtg offers {action.player} the {kind} declarations "
                                    f"{shown}")
            return []
        self._ahead = None
        return self._push(move.raw, [], action.player, None,
                          ahead="declare_blockers" if kind == "attack" else None)

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, (DeclareAttackers, DeclareBlockers)):
            try:
                self._declare(action, keep=False)
            except IllegalAction:
                return False
            return True
        wanted, answers, item, player = self._match(action)
        moves = matching(self._require(), wanted)
        self._log.query("legal", match=wanted, answers=answers, moves=len(self._log.moves))
        if not moves or not answers:
            return bool(moves)
        mark = self._mark()  # try it, then take it back
        try:
            self._push(moves[0].raw, answers, player, item)
        except IllegalAction:
            return False
        if self._pending is not None:  # the answers were taken; a later decision was asked
            self._pending = None
            return True
        self._log.pop()
        self._require().pop()
        self._back_to(mark)
        return True

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        self._actionable()
        if self._ahead:
            raise Unsupported(self._ahead)
        found: list[Action] = []
        for move in self._require().legal_moves:
            action: Action
            if move.raw[0] in ("cast", "cast_face_down") and move.raw[1] == player:
                action = Cast(player, str(move.raw[2]), face_down=move.raw[0] == "cast_face_down")
            elif move.raw[0] == "turn_face_up" and move.raw[1] == player:
                action = TurnFaceUp(player, str(move.raw[2]))
            elif move.raw[0] == "play" and move.raw[1] == player:
                action = PlayLand(player, str(move.raw[2]))
            else:
                continue
            if action not in found:
                found.append(action)
        return found

    def pending_choice(self) -> Choice | None:
        return None if self._pending is None else self._pending.choice

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        if self._pending is None:
            raise IllegalAction("python-mtg is waiting for no choice")
        pending = self._pending
        by_value = {self._option(o): o for o in pending.options}
        if len(values) != 1 or values[0] not in by_value:
            raise IllegalAction(f"choose one of {sorted(by_value)}")
        self._pending = None
        answers = [*pending.done, (pending.key, by_value[values[0]])]
        try:
            return self._push(pending.raw, answers, pending.choice.player, pending.item)
        except IllegalAction:  # a refused answer leaves the same choice pending
            self._pending = pending
            raise

    # -- observing -------------------------------------------------------------------------

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        if viewer is not None:
            raise Unsupported("the python-mtg adapter reports the rules' view only "
                              "(no player-views)")
        self._observable()
        self._log.query("observe", object=object_id, moves=len(self._log.moves), **self._left())
        return object_view(self._shown()[0], object_id)

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        self._observable()
        return object_ids(self._shown()[0], zone, player)

    def game(self) -> GameView:
        self._observable()
        self._log.query("game", moves=len(self._log.moves), **self._left())
        game, left = self._shown()
        return game_view(game, self._ahead, left)

    def _left(self) -> dict[str, Any]:
        """For a reproduction: the step python-mtg left (during the last move) that the script
        looks at, if any."""
        if self._ran_on is None:
            return {}
        if self._ran_on.at is None:
            return {"moved": True} if self._ran_on.moved is not None else {}
        return {"left": self._ran_on.passed[self._ran_on.at].step}

    # -- reproducing a failure -------------------------------------------------------------

    def reproduction(self, failure: str) -> str | None:
        """A standalone script (``mtg`` only) replaying this scenario's engine calls up to the
        failing check and printing python-mtg's answer (see repro.py)."""
        if self._start is None:
            return None
        return repro.script(self._start, self._log, failure)

    def close(self) -> None:
        self._game = None
        self._start = None
        self._hidden = []
        self._ran_on = None
        self._ahead = None
        self._pending = None


def _no_move(action: Never) -> NoReturn:
    """Like ``typing.assert_never``: ``mypy --strict`` names the call when a kind of action
    is not handled; at run time, something that is not an action is unsupported."""
    raise Unsupported(f"python-mtg has no move for {type(action).__name__}")
