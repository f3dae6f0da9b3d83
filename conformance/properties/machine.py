"""Random games on any engine, played as a Hypothesis test, with the properties checked after
every step.

It starts from a random position (``strategies.boards``), then repeatedly takes one of the
actions the engine says are legal for the player with priority -- or passes priority until
a later step (turns go by, so both players act), or, with ``inject-moves``, moves a card as
an effect would -- and answers every choice the engine asks with random allowed options.  It
records what it does as a ruling script (aliases, not engine ids), so that a failure, once
Hypothesis has shrunk it, is printed as a YAML scenario that can be pasted into rulings/.

Everything the machine draws from is put in an order the scenario controls (aliases, then
what an object is), never in an engine's order or by its ids: an engine whose ids change
from run to run replays a game exactly (docs/properties.md, "Stable choices").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

import hypothesis
from hypothesis import given, settings
from hypothesis import strategies as st

from strategies import answers, boards

from ..contract.protocol import Engine
from ..contract.types import (
    CHOICE_MADE, Action, Activate, AdvanceTo, Cast, Choice, DeclareBlockers, Event, GameView, Move,
    ObjectId, ObjectView, PlayerId,
)
from ..errors import ContractError, EngineTimeout, IllegalAction, Unsupported
from ..format.cards import Card, CardPool
from ..format.model import Setup
from ..format.vocabulary import STEP_INDEX, Step, Zone
from .catalog import Observation, Property, Violation
from .observation import NotComputed, judged
from .positions import both_sides, fallbacks
from .recording import Recorder, StableOrder, scenario_text, setup_yaml

__all__ = ["Game", "PropertyFailure", "Recorder", "StableOrder", "Tally", "games_test",
           "machine_class", "scenario_text", "setup_yaml"]

MOVE_ZONES = (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.BATTLEFIELD)

#: The steps the machine passes priority to, in turn order.  Players receive no priority in
#: the untap and cleanup steps, and the declare blockers and combat damage steps are skipped
#: when no creature attacks (CR 502.4, 514.3, 508.8) -- random games never attack.
ADVANCE_STEPS: tuple[Step, ...] = tuple(s for s in Step if s not in (
    Step.UNTAP, Step.CLEANUP, Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE))

#: How many different answers the machine tries when an engine refuses an answer.
ANSWER_ATTEMPTS = 8


def _draw(data: st.DataObject, strategy: st.SearchStrategy[Any]) -> Any:
    """``data.draw(strategy)``: the same choices and spans, without what Hypothesis adds
    around a draw of ``st.data()`` for its own report of a failing example (a numbered label,
    a check that the strategy left the global ``random`` alone, a note of the value).  That
    report is never shown -- a failing game is told by its recording -- and the bookkeeping
    cost about a twentieth of a search.  Through ``data.draw`` on a Hypothesis whose
    ``st.data()`` keeps no ``conjecture_data``."""
    conjecture = getattr(data, "conjecture_data", None)
    if conjecture is None:
        return data.draw(strategy)
    return conjecture.draw(strategy)


#: ``st.sampled_from`` of each list of elements the machine drew from, made once: a strategy
#: is checked and labelled as it is first drawn from, which costs more than the draw.
_SAMPLED: dict[tuple[Any, ...], st.SearchStrategy[Any]] = {}

#: How many strategies ``_SAMPLED`` keeps before it starts afresh.
KEPT_SAMPLED = 4096


def _sampled_from(elements: Sequence[Any]) -> st.SearchStrategy[Any]:
    """``st.sampled_from(list(elements))``, made once for equal elements in one order (the
    same strategy, drawn the same way, with the same label)."""
    key = tuple(elements)
    made = _SAMPLED.get(key)
    if made is None:
        if len(_SAMPLED) >= KEPT_SAMPLED:
            _SAMPLED.clear()
        made = _SAMPLED[key] = st.sampled_from(list(elements))
    return made


class PropertyFailure(AssertionError):
    """A property was violated; ``script`` is the game so far as a ruling scenario."""

    def __init__(self, prop: Property, violation: Violation, scenario: dict[str, Any]) -> None:
        super().__init__(f"{prop.id}: {violation.message}")
        self.property = prop
        self.violation = violation
        self.scenario = scenario


@dataclass
class Tally:
    """What a search's games gave its properties to judge: the observations in which a
    property judged its subject (its ``reached``, or its focused cards in play; counted until
    the first, or on every observation once the engine has left a value uncomputed); each
    value a property needed and the engine did not compute (contract 1.1), with the reason;
    and the games started from a simpler position than the one drawn."""

    judged: int = 0
    not_computed: dict[str, str] = field(default_factory=dict)
    #: games started from a simpler position than the one drawn (``positions.fallbacks``)
    simplified: int = 0


def judged_its_subject(prop: Property, observation: Observation) -> bool:
    """Whether ``prop`` had its subject in ``observation``: its own ``reached``, or else one
    of the cards it focuses on in play."""
    if prop.reached is not None:
        return bool(prop.reached(observation))
    for view in observation.views.values():
        card = observation.card(view)
        if card is not None and prop.focus(card):
            return True
    return False


def next_steps(current: Step) -> list[Step]:
    """The steps priority can be passed to, nearest first: the rest of this turn, then the
    next turn's up to this step (advancing to the current step takes a whole turn)."""
    index = STEP_INDEX[current]
    later = [s for s in ADVANCE_STEPS if STEP_INDEX[s] > index]
    return later + [s for s in ADVANCE_STEPS if s not in later]


#: Every zone, in the order ``Zone`` lists them (iterating an enum costs more than a tuple).
_ZONES: tuple[Zone, ...] = tuple(Zone)


def advance_targets(current: Step) -> list[Step]:
    """The steps the machine passes priority to, the most useful first: the next main phase
    or this turn's end step, whichever comes first, then the other, then the next turn's
    upkeep, then every other step, nearest first."""
    steps = next_steps(current)
    main = next(s for s in steps if s in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN))
    preferred = sorted({main, Step.END}, key=steps.index) + [Step.UPKEEP]
    return list(dict.fromkeys([*preferred, *steps]))


#: The kind of action of activating a land's ability: the machine taps every land of the
#: player at once, then casts a spell with that mana.
LAND_KIND = "Activate (land)"

#: The kind of passing priority to a later step or turn (``AdvanceTo``), which the machine
#: makes up itself: every engine can be asked it, whatever its legal actions list.
ADVANCE_KIND = "Advance"

#: The kind of moving a card as an effect would (``Move``, with ``inject-moves``), which the
#: machine makes up itself too.
MOVE_KIND = "Move"

#: The kind of moving a permanent as an instant's effect would while spells or abilities
#: wait on the stack -- a permanent they come from or target, to its owner's hand, exile or
#: graveyard (``Move``, with ``inject-moves``): drawn only in the games of a property whose
#: ``weights`` ask for it, about what leaves before an ability of it resolves (CR 608.2h).
RESPONSE_MOVE_KIND = "Move (in response)"
RESPONSE_MOVE_ZONES = (Zone.HAND, Zone.EXILE, Zone.GRAVEYARD)

#: The order kinds are drawn from, the most useful first: Hypothesis's simplest draws, and
#: what a failing game shrinks to, take the first.
KIND_ORDER = ("Cast", "Resolve", "Activate", "Unlock", "TurnFaceUp", "DeclareAttackers",
              "DeclareBlockers", ADVANCE_KIND, "PassPriority", MOVE_KIND, LAND_KIND)

#: How likely each kind is drawn, against 4 for any other kind: casting spells is what most
#: properties are about.  Tapping lands is a kind of its own (every land of the player at
#: once, then a spell cast with that mana), so that lands do not crowd out other abilities.
WEIGHTS = {"Cast": 12, LAND_KIND: 6, MOVE_KIND: 3}
#: Passing priority with an empty stack only ends the step (``Advance`` goes further): it is
#: drawn once for every four draws of another kind then.


@runtime_checkable
class ListsByKind(Protocol):
    """An engine that lists the legal actions of some kinds only, beyond the contract (the
    reference engine).  The machine asks it which kinds of action are legal, then for the
    actions of the kind it drew only, where another engine lists every legal action before
    each step: the draws, and so the games, are the same either way."""

    def legal_kinds(self, player: PlayerId, kind: Callable[[Action], str],
                    kinds: Collection[str] | None = None) -> set[str]: ...

    def legal_actions_where(self, player: PlayerId,
                            wanted: Callable[[Action], bool]) -> Sequence[Action]: ...

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView: ...


def kind_of(engine: Engine | ListsByKind, action: Action,
            views: dict[ObjectId, ObjectView] | None = None) -> str:
    """What kind of action ``action`` is, for drawing each kind as often: activating a
    land's ability is a kind of its own, so that lands do not crowd out other abilities.
    ``views``: the engine's views of the game as it is now, where the caller has them."""
    if isinstance(action, Activate):
        view = (views or {}).get(action.object) or engine.observe(action.object)
        if "Land" in view.types:
            return LAND_KIND
    return type(action).__name__


class _Undone(Exception):
    """The engine refused an answer and dropped the action it belonged to."""


class _Stuck(Exception):
    """The engine refused every answer the machine tried to a choice it still waits for."""


def machine_class(factory: Callable[[], Engine], pool: CardPool,
                  properties: Sequence[Property], *, moves: bool, turns: bool = True,
                  setups: st.SearchStrategy[Setup] | None = None,
                  tally: Tally | None = None) -> type[Game]:
    """A class of games played on engines from ``factory``, checking ``properties``;
    games start from ``setups`` (by default ``strategies.boards``, favouring the cards every
    property focuses on).  With ``turns``, players pass priority to later steps and turns,
    so that both players act.  A property that needs a value the engine does not compute
    judges nothing more in that game (``tally`` counts it)."""
    focuses = [p.focus for p in properties]
    counted = tally if tally is not None else Tally()
    favoured: dict[str, int] = {}
    for prop in properties:
        for kind, weight in prop.weights:
            favoured[kind] = max(weight, favoured.get(kind, 0))

    def focus(card: Card) -> bool:
        return any(f(card) for f in focuses)

    positions = setups if setups is not None else boards(
        pool, focus=focus, fights="DeclareAttackers" in favoured)
    if turns and setups is None:
        positions = both_sides(pool, positions, focus)
    #: whether the engine has reported a choice it made itself in these games
    chooses_itself = False

    class ConformanceGame(Game):
        def __init__(self) -> None:
            self.engine: Engine | None = None
            self.recorder: Recorder | None = None
            self.last: tuple[Action | None, list[Event], int] = (None, [], 0)
            self.history: dict[ObjectId, set[ObjectId]] = {}
            self.answered: list[tuple[Choice, tuple[str, ...]]] = []
            #: the answers the engine refused during the step, each with its choice
            self.refused: list[tuple[Choice, tuple[str, ...]]] = []
            self.stuck = False
            #: the properties that met a value the engine does not compute in this game
            self.blind: set[str] = set()
            self.partial = False  # the engine left some value uncomputed in this game
            #: the engine's views of every object, as last observed -- emptied as soon as
            #: the engine is asked to act, so only ever the game as it is now
            self.views: dict[ObjectId, ObjectView] = {}
            #: the engine, when it lists the legal actions of some kinds only
            self.by_kind: ListsByKind | None = None

        def start(self, setup: Setup) -> None:
            """Set up ``setup`` -- or, on an engine that cannot, the first simpler position
            it can (``positions.fallbacks``); a game none of them can start is rejected."""
            for number, candidate in enumerate(fallbacks(setup, pool)):
                self.engine = factory()
                self.views = {}
                try:
                    aliases = self.engine.start(candidate, pool)
                except EngineTimeout:
                    raise
                except (Unsupported, ContractError):
                    self.engine.close()
                    self.engine = None
                    continue
                counted.simplified += number > 0
                self.recorder = Recorder(candidate, dict(aliases))
                self.last = (None, [], 0)
                self.by_kind = self.engine if isinstance(self.engine, ListsByKind) else None
                return
            hypothesis.reject()

        def _order(self) -> StableOrder:
            assert self.engine is not None and self.recorder is not None
            return StableOrder(self.engine, self.recorder, self.views)

        def _act(self, data: st.DataObject, action: Action) -> None:
            """Perform ``action`` and answer its choices; ``IllegalAction`` if the engine
            refuses the action itself, ``_Undone`` if it refused an answer and dropped the
            action (the recording is rewound either way)."""
            assert self.engine is not None and self.recorder is not None
            stack_before = len(self.engine.game().stack)
            mark, history = self.recorder.mark(), dict(self.history)
            recorded = self.recorder.action(self.engine, action)
            self.answered = []
            self.refused = []
            self.views = {}
            try:
                events = list(self.engine.perform(action))
                self.recorder.steps.append(recorded)
                self.recorder.follow(events)
                self._remember(events)
                events += self._answer_every_choice(data)
            except (IllegalAction, Unsupported, _Undone):
                self.recorder.rewind(mark)
                self.history = history
                raise
            self.last = (action, events, stack_before)

        def _answer_every_choice(self, data: st.DataObject) -> list[Event]:
            assert self.engine is not None and self.recorder is not None
            events: list[Event] = []
            for _ in range(50):  # bounded: an engine may ask many choices in a row
                choice = self.engine.pending_choice()
                if choice is None:
                    break
                events += self._answer(data, choice)
            return events

        def _answer(self, data: st.DataObject, choice: Choice) -> list[Event]:
            """Answer ``choice``.  A refused answer is a refused answer, not a refused action:
            while the choice is pending, another answer is tried."""
            assert self.engine is not None and self.recorder is not None
            refused: set[tuple[str, ...]] = set()
            for _attempt in range(ANSWER_ATTEMPTS):
                ordered = self._order().choice(choice)
                values = _draw(data, answers(ordered))
                if tuple(values) in refused:
                    continue
                by_value = {o.value: o for o in ordered.options}
                shown = [self.recorder.value(self.engine, v, by_value.get(v)) for v in values]
                self.views = {}
                try:
                    more = list(self.engine.answer(values))
                except IllegalAction:
                    refused.add(tuple(values))
                    self.refused.append((choice, tuple(values)))
                    pending = self.engine.pending_choice()
                    if pending is None:
                        raise _Undone() from None
                    choice = pending
                    continue
                self.answered.append((choice, tuple(values)))
                self.recorder.steps.append({"choose": shown})
                self.recorder.follow(more)
                self._remember(more)
                return more
            raise _Stuck(choice.prompt)

        def _remember(self, events: Sequence[Event]) -> None:
            nonlocal chooses_itself
            for event in events:
                if event.kind == CHOICE_MADE and event.data.get("automatic"):
                    chooses_itself = True
                if event.kind == "zone_changed" and event.data.get("new_object"):
                    old = str(event.data.get("object"))
                    new = str(event.data["new_object"])
                    ids = self.history.get(old, {old}) | {new}
                    for object_id in ids:
                        self.history[object_id] = ids

        def _try(self, data: st.DataObject, action: Action, *, listed: bool) -> bool:
            """Take ``action``; a refusal of an action the engine listed as legal is a
            finding, a refused answer or an action the machine made up is nothing.  So is
            the refusal of a listed action by an engine that makes forced choices itself
            (it reported one in these games, or declares ``automatic-choices``, contract 1.1
            and 1.2): the rules may refuse an action part-way (CR 601.2, 602.2), and such an
            engine refuses the action where one that asks would refuse the forced answer.
            Whether the action was taken."""
            try:
                self._act(data, action)
            except (Unsupported, _Undone):
                self.last = (None, [], 0)  # the engine can't do that yet, or dropped it
            except _Stuck:
                self.last = (None, [], 0)
                self.stuck = True  # no answer moves the game on: this game is over
            except IllegalAction as exc:
                self.last = (None, [], 0)
                if listed and not chooses_itself and (
                        self.engine is None
                        or "automatic-choices" not in self.engine.info.capabilities):
                    raise AssertionError(f"the engine listed {action!r} as legal, then "
                                         f"refused it: {exc.reason}") from None
            else:
                return True
            return False

        def take_a_legal_action(self, data: st.DataObject) -> None:
            assert self.engine is not None
            if self.stuck or self.engine.pending_choice() is not None:
                return
            game = self.engine.game()
            player = game.priority_player or game.active_player
            by_kind = self.by_kind
            if by_kind is not None:
                legal_kinds = self._legal_kinds(by_kind, game, player)

                def of_kind(kind: str) -> list[Action]:
                    return self._legal_of_kind(by_kind, game, player, kind)
            else:  # every legal action listed at once
                order = self._order()
                actions = sorted([*self.engine.legal_actions(player),
                                  *self._blocks(game, player)], key=order.action)
                kinds = [kind_of(self.engine, a, self.views) for a in actions]
                legal_kinds = set(kinds)

                def of_kind(kind: str) -> list[Action]:
                    return [a for a, k in zip(actions, kinds) if k == kind]
            made_up = {ADVANCE_KIND} if turns and not game.stack else set()
            if moves and not game.stack:
                made_up.add(MOVE_KIND)
            if moves and game.stack and favoured.get(RESPONSE_MOVE_KIND):
                made_up.add(RESPONSE_MOVE_KIND)
            offered = sorted(legal_kinds | made_up, key=lambda k: (
                KIND_ORDER.index(k) if k in KIND_ORDER else len(KIND_ORDER), k))
            if not offered:
                return
            weights = dict(WEIGHTS, PassPriority=1) if not game.stack else dict(
                WEIGHTS, Activate=8)  # abilities that answer a spell: copies, say
            weights.update(favoured)  # what the properties need more of (attacks, say)
            weighted = tuple(k for k in offered for _ in range(weights.get(k, 4)))
            kind = _draw(data, _sampled_from(weighted))  # each kind as often as weighted
            if kind == MOVE_KIND:
                self._move_a_card(data)
                return
            if kind == RESPONSE_MOVE_KIND:
                self._move_in_response(data, game)
                return
            if kind == LAND_KIND:
                self._tap_lands_and_cast(data, player, of_kind(LAND_KIND))
                return
            if kind == ADVANCE_KIND:
                steps = advance_targets(game.step)
                ahead = _draw(data, st.integers(0, len(steps) - 1))
                self._try(data, AdvanceTo(steps[ahead]), listed=False)
                return
            action = _draw(data, _sampled_from(of_kind(kind)))
            with_x = self._with_x(data, action)
            if with_x is not None and self._try(data, with_x, listed=False):
                return
            self._try(data, action, listed=True)

        def _tap_lands_and_cast(self, data: st.DataObject, player: str,
                                lands: list[Action]) -> None:
            """Tap every land listed (the properties are checked after each), then cast one
            of the spells that has become castable, if any: mana empties between steps, so
            that is how spells are cast after the first step."""
            assert self.engine is not None
            for number, land in enumerate(lands):
                if number and not self.engine.is_legal(land):
                    continue  # the land before it changed the game (a trigger, say)
                if not self._try(data, land, listed=not number):
                    return
                self.properties_hold()
                if self.engine.pending_choice() is not None or self.stuck:
                    return
            order = self._order()
            listed = self.engine.legal_actions(player) if self.by_kind is None else \
                self.by_kind.legal_actions_where(player, lambda a: isinstance(a, Cast))
            casts = sorted((a for a in listed if isinstance(a, Cast)), key=order.action)
            if not casts or self.engine.pending_choice() is not None:
                return
            action = _draw(data, _sampled_from(casts))
            with_x = self._with_x(data, action)
            if with_x is None or not self._try(data, with_x, listed=False):
                self._try(data, action, listed=True)

        def _legal_kinds(self, engine: ListsByKind, game: GameView, player: str) -> set[str]:
            """The kinds of the actions the whole listing would give (``player``'s legal
            actions and the defending players' blocks, :meth:`_blocks`)."""
            def kind(action: Action) -> str:
                return kind_of(engine, action, self.views)

            found = set(engine.legal_kinds(player, kind))
            for other in self._defenders(game, player):
                found |= engine.legal_kinds(other, kind, {"DeclareBlockers"})
            return found

        def _legal_of_kind(self, engine: ListsByKind, game: GameView, player: str,
                           kind: str) -> list[Action]:
            """The actions of ``kind`` the whole listing would give, in its order."""
            def wanted(action: Action) -> bool:
                return kind_of(engine, action, self.views) == kind

            found = list(engine.legal_actions_where(player, wanted))
            if kind == "DeclareBlockers":
                found += [a for other in self._defenders(game, player)
                          for a in engine.legal_actions_where(other, wanted)]
            return sorted(found, key=self._order().action)

        def _defenders(self, game: GameView, player: str) -> list[str]:
            """The players other than ``player`` who may be declaring blockers now."""
            if game.step is not Step.DECLARE_ATTACKERS or game.stack:
                return []
            return [p.name for p in game.players if p.name != player]

        def _blocks(self, game: GameView, player: str) -> list[Action]:
            """The blocks the defending players may declare (in the declare attackers step
            with an empty stack, a player without priority may declare blockers: every
            player passes first)."""
            assert self.engine is not None
            return [a for p in self._defenders(game, player)
                    for a in self.engine.legal_actions(p) if isinstance(a, DeclareBlockers)]

        def _with_x(self, data: st.DataObject, action: Action) -> Action | None:
            """A cast of a spell with {X} in its mana cost, with X chosen (0 to 3)."""
            assert self.engine is not None
            if not isinstance(action, Cast) or action.x is not None or action.face_down:
                return None
            identity = self.engine.observe(action.card).identity
            card = pool.get(identity[0]) if identity else None
            if card is None or not any("{X}" in (f.mana_cost or "") for f in card.faces):
                return None
            return replace(action, x=_draw(data, st.integers(0, 3)))

        def _move_a_card(self, data: st.DataObject) -> None:
            """Move a card as an effect would: exile, return to hand, put onto the
            battlefield from anywhere (state injection, capability inject-moves)."""
            assert self.engine is not None
            if self.engine.game().stack:
                return
            order = self._order()
            objects = sorted((o for z in MOVE_ZONES for o in self.engine.objects(z)),
                             key=order.of_object)
            if not objects:
                return
            target = _draw(data, _sampled_from(objects))
            now = self.engine.observe(target).zone
            zone = _draw(data, _sampled_from([z for z in MOVE_ZONES if z is not now]))
            self._try(data, Move(target, zone), listed=False)

        def _move_in_response(self, data: st.DataObject, game: GameView) -> None:
            """Move a permanent that a spell or ability on the stack comes from or targets
            to its owner's hand, exile or graveyard, as an instant's effect would."""
            assert self.engine is not None
            involved = {str(o) for item in game.stack for o in (item.source, *item.targets)}
            order = self._order()
            permanents = sorted((o for o in self.engine.objects(Zone.BATTLEFIELD)
                                 if o in involved), key=order.of_object)
            if not permanents:
                return
            target = _draw(data, _sampled_from(permanents))
            zone = _draw(data, _sampled_from(RESPONSE_MOVE_ZONES))
            self._try(data, Move(target, zone), listed=False)

        def properties_hold(self) -> None:
            if self.engine is None or self.recorder is None:
                return
            observation = self.observe()
            for prop in properties:
                if prop.id in self.blind:
                    continue
                try:
                    for violation in prop.check(observation):  # the first one is reported
                        scenario = self.recorder.scenario(
                            self.engine, f"found by the property {prop.id}", violation)
                        raise PropertyFailure(prop, violation, scenario)
                except NotComputed as exc:
                    self.blind.add(prop.id)
                    counted.not_computed.setdefault(exc.field, exc.reason)
                    continue
                if self.partial or not counted.judged:
                    try:
                        counted.judged += judged_its_subject(prop, observation)
                    except NotComputed:
                        pass

        def observe(self) -> Observation:
            assert self.engine is not None
            engine = self.engine
            ids = [o for z in _ZONES for o in engine.objects(z)]
            views = self.views = {o: engine.observe(o) for o in dict.fromkeys(ids)}
            game = engine.game()
            if game.unknown or any(v.unknown for v in views.values()):
                # properties see what the engine does not compute as such (``judged``)
                self.partial = True
                views = {o: judged(v) for o, v in views.items()}
                game = judged(game)
            action, events, stack_before = self.last
            return Observation(engine, pool, views, game, action, events, stack_before,
                               self.history, self.recorder,
                               list(self.answered) if action is not None else [],
                               list(self.refused) if action is not None else [])

        def teardown(self) -> None:
            if self.engine is not None:
                self.engine.close()

    ConformanceGame.positions = positions
    return ConformanceGame


class Game:
    """One game: :func:`machine_class` makes the class, with the engines, positions and
    properties of a search; :func:`games_test` plays it."""

    #: where games start
    positions: st.SearchStrategy[Setup]

    def start(self, setup: Setup) -> None:
        """Set up ``setup`` on a new engine."""
        raise NotImplementedError

    def take_a_legal_action(self, data: st.DataObject) -> None:
        """One step of the game, drawn from ``data``."""
        raise NotImplementedError

    def properties_hold(self) -> None:
        """Check every property on the game as it is (``PropertyFailure`` if one fails)."""
        raise NotImplementedError

    def teardown(self) -> None:
        """Close the engine."""
        raise NotImplementedError


def games_test(game: type[Game], chosen: settings, seed: int = 0) -> Callable[[], None]:
    """A test that plays games of ``game`` with the settings ``chosen``: a game starts from a
    drawn position and takes ``stateful_step_count`` steps, as Hypothesis's own state
    machines do, the properties checked as it starts and after each step.  A failing game
    ends at the step that fails, and shrinks as any Hypothesis test does: each step's draws
    are a span of their own, which the shrinker simplifies or deletes.  Built on Hypothesis's
    public API only (``given``, ``settings``, ``seed``).

    The games are drawn from ``seed``; under a derandomized profile with seed 0 (``ci``),
    from Hypothesis's derandomized seed, which keeps the profile's example database in use
    (``@seed`` turns it off).  Either way they depend on the seed, the settings and the game,
    not on this module's source -- but for :func:`play`'s own below, which Hypothesis
    digests to derandomize: an edit to it draws other ``ci`` games."""
    steps = chosen.stateful_step_count

    def play(data: st.DataObject) -> None:
        current = game()
        try:
            current.start(data.draw(game.positions, label="position"))
            current.properties_hold()
            for _ in range(steps):
                current.take_a_legal_action(data)
                current.properties_hold()
        finally:
            current.teardown()

    test: Callable[[], None] = settings(chosen)(given(data=st.data())(play))
    if chosen.derandomize and seed == 0:
        return test
    return hypothesis.seed(seed)(test)
