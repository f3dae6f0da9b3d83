"""The game: state plus the machinery every mechanism module shares.

Rules procedures are generators (``Flow``): when a player must decide something they
``yield`` a :class:`Choice` and receive the chosen option values back.  :class:`Game`
runs a procedure until it finishes or waits for a choice.  If the rules refuse an action
part-way (an unpayable cost, say) the game returns to the state before it (CR 732).
"""

from __future__ import annotations


from collections.abc import Callable, Generator, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from ...contract.types import DIVIDE_CHOICE, DIVIDING_CHOICES, Choice, Event
from ...errors import IllegalAction, Unsupported
from ...format.cards import CardPool
from ...format.vocabulary import Zone
from .abilities import Ability
from .characteristics import Characteristics, characteristics, with_abilities
from .state import GameObject, GameState

Flow = Generator[Choice, tuple[str, ...], Any]
#: A rule an answer must keep beyond its options and bounds: the reason it is refused, or None.
AnswerRule = Callable[[tuple[str, ...]], "str | None"]


class GameEnded(Exception):
    """Raised inside a procedure when the game has ended (CR 104): nothing more happens."""


def outcome(state: GameState) -> tuple[bool, str | None]:
    """Whether the game is over, and who won: it ends when no more than one player is left
    in it (CR 104.2a, 104.3); a game all its players lost at once is a draw (CR 104.4a)."""
    if not any(p.lost for p in state.players):
        return False, None
    left = [p.name for p in state.players if not p.lost]
    if len(left) > 1:
        return False, None
    return True, (left[0] if left else None)


class Game:
    """A game in progress: its state, its card pool, and the events of the current action."""

    def __init__(self, state: GameState, cards: CardPool,
                 abilities: dict[str, tuple[tuple[Ability, ...], ...]]) -> None:
        self.state = state
        self.cards = cards
        self.abilities = abilities
        self.events: list[Event] = []
        self._flow: Flow | None = None
        self._choice: Choice | None = None
        self._snapshot: GameState | None = None
        #: permanents that just left the battlefield, as they last existed there (CR 603.10a)
        self.departed: dict[str, tuple[GameObject, Characteristics]] = {}
        #: every permanent that has left the battlefield, as it last existed there: what an
        #: effect that needs its source's characteristics uses once the source is gone
        #: (CR 608.2h, 113.7a)
        self.last_known: dict[str, Characteristics] = {}
        self._simultaneous = 0
        #: set by a procedure just before it yields a choice whose answers obey a rule of
        #: their own (a division of combat damage, say); checked before the answer is taken
        self.answer_rule: AnswerRule | None = None
        #: what probes found since the state last changed, by what was probed
        self.probed: dict[Hashable, bool] = {}
        #: what the adapter reported of the state since it last changed (objects' views, the
        #: game's), by what was asked
        self.reported: dict[Hashable, Any] = {}
        #: states probes reached from the current one by passing priority with an empty stack
        #: and no choice on the way, by the step reached (``turn.attack`` advances to combat
        #: once for every declaration it probes); kept, like ``probed``, until the state changes
        self.reached: dict[Hashable, GameState] = {}
        #: while a probe runs, the ``reached`` of the state it started from (None otherwise)
        self.probe_reached: dict[Hashable, GameState] | None = None
        #: the state was handed to a caller who may change it at any moment: from then on
        #: nothing is kept, every probe and report is worked out afresh
        self.exposed = False

    def state_changed(self) -> None:
        """Forget what was kept for the state as it was: probes, reports, steps reached."""
        self.probed, self.reported, self.reached = {}, {}, {}

    # -- shared helpers for the mechanism modules -------------------------------------------

    def chars(self, obj: GameObject) -> Characteristics:
        return characteristics(self.state, obj, self.abilities)

    def statics(self, name: str, *, controller: str | None = None
                ) -> Iterator[tuple[GameObject, Ability, Any]]:
        """Every static ability named ``name`` of a permanent (controlled by ``controller``),
        as ``(permanent, ability, its parameters)``."""
        for permanent in list(self.state.permanents()):
            if controller is not None and permanent.controller != controller:
                continue
            for ability in self.with_abilities(permanent).ability_defs:
                if ability.kind == "static" and name in ability.params:
                    yield permanent, ability, ability.params[name]

    def with_abilities(self, obj: GameObject) -> Characteristics:
        """Characteristics with the abilities of ``self.chars(obj)``, for what looks only
        at abilities (``characteristics.with_abilities``, while ``chars`` is this class's own:
        a mutant may replace it)."""
        if "chars" in vars(self) or type(self).chars is not _OWN_CHARS:
            return self.chars(obj)
        return with_abilities(self.state, obj, self.abilities)

    def emit(self, kind: str, **data: Any) -> Event:
        """Record an event and let triggered abilities see it (CR 603.2)."""
        from . import triggers  # triggers needs Game; imported here to keep the cycle local

        event = Event(kind, data)
        self.events.append(event)
        triggers.check(self, event)
        return event

    @contextmanager
    def simultaneously(self) -> Iterator[None]:
        """Permanents moved inside leave the battlefield at the same time: each one's
        leaves-the-battlefield abilities see all of them (CR 603.10a)."""
        self._simultaneous += 1
        try:
            yield
        finally:
            self._simultaneous -= 1
            if not self._simultaneous:
                self.departed = {}

    def source_chars(self, source: str) -> Characteristics | None:
        """The characteristics of an effect's source: as it is, or -- once it has left the
        battlefield -- as it last existed there (CR 608.2h); ``None`` for a source never on
        the battlefield that is gone."""
        obj = self.state.objects.get(source)
        if obj is not None:
            return self.chars(obj)
        return self.last_known.get(source)

    def move(self, obj: GameObject, zone: Zone, **kwargs: Any) -> GameObject | None:
        """Move an object to a zone, emitting ``zone_changed`` (a new object, CR 400.7).
        A permanent's last known information is kept while its leaving triggers abilities."""
        old_zone = obj.zone
        if old_zone is Zone.BATTLEFIELD:
            self.departed[obj.id] = (obj, self.chars(obj))
            self.last_known[obj.id] = self.departed[obj.id][1]
        if obj.face_down and old_zone is Zone.BATTLEFIELD:  # CR 708.9
            self.events.append(Event("revealed", {"object": obj.id, "card": obj.card.name}))
        new = self.state.move(obj, zone, **kwargs)
        self.emit("zone_changed", object=obj.id, new_object=new.id if new else None,
                  card=obj.card.name, **{"from": old_zone.value, "to": zone.value})
        if not self._simultaneous:
            self.departed = {}
        return new

    # -- running procedures ----------------------------------------------------------------

    @property
    def pending(self) -> Choice | None:
        return self._choice

    def run(self, flow: Flow, *, snapshot: GameState | None = None) -> list[Event]:
        """Start a procedure; raises IllegalAction (state restored) if the rules refuse it."""
        if self._flow is not None:
            raise IllegalAction(f"a choice is pending: {self._choice.prompt if self._choice else ''}")
        over, winner = outcome(self.state)
        if over:
            raise IllegalAction(f"the game is over ({'won by ' + winner if winner else 'a draw'}"
                                f"; CR 104): no action can be taken")
        self._snapshot = snapshot if snapshot is not None else self.state.clone()
        self.state_changed()
        self.events = []
        self._flow = flow
        return self._advance(None)

    def probe(self, flow: Flow, key: Hashable = None,
              early: Callable[[], object] | None = None) -> bool:
        """Whether the rules let a procedure start (up to its first choice); the game is
        left exactly as it was.  The answer for ``key`` is kept until the state changes.
        ``early`` raises ``IllegalAction`` or ``Unsupported`` where the procedure would
        refuse before it changes anything: the game is copied only for what it does not
        refuse (nor ``run``, which refuses every action once the game is over)."""
        if self._flow is not None:
            return False
        probed, reported, reached = self.probed, self.reported, self.reached
        if key is not None and key in probed and not self.exposed:
            flow.close()
            return probed[key]
        refused = outcome(self.state)[0]  # what run() refuses first, for every action
        if not refused and early is not None:
            try:
                early()
            except (IllegalAction, Unsupported):
                refused = True
        if refused:
            flow.close()
            if key is not None and not self.exposed:
                probed[key] = False
            return False
        saved = self.state.clone()
        legal = False
        self.probe_reached = None if self.exposed else reached
        try:
            self.run(flow, snapshot=saved)
            legal = True
        except (IllegalAction, Unsupported):
            pass
        finally:
            self.state = saved
            self._flow = self._choice = self._snapshot = None
            self.answer_rule = None
            self.events = []
            self.probed, self.reported, self.reached = probed, reported, reached
            self.probe_reached = None
        if key is not None and not self.exposed:
            probed[key] = legal
        return legal

    def answer(self, values: tuple[str, ...]) -> list[Event]:
        choice = self._choice
        if choice is None or self._flow is None:
            raise IllegalAction("no choice is pending")
        allowed = [option.value for option in choice.options]
        unknown = [v for v in values if v not in allowed]
        if unknown:
            raise IllegalAction(f"{unknown[0]!r} is not one of the options {allowed}")
        if len(set(values)) != len(values) and choice.kind not in DIVIDING_CHOICES:
            raise IllegalAction("the same option was chosen twice")
        if not choice.min <= len(values) <= choice.max:
            raise IllegalAction(f"choose between {choice.min} and {choice.max} options, "
                                f"not {len(values)}")
        if choice.kind == DIVIDE_CHOICE and set(values) != set(allowed):
            raise IllegalAction("each target gets at least 1 of the amount divided (CR 601.2d)")
        reason = self.answer_rule(values) if self.answer_rule is not None else None
        if reason is not None:
            raise IllegalAction(reason)
        self.answer_rule = None
        self.events = []
        self.state_changed()
        return self._advance(values)

    def _advance(self, values: tuple[str, ...] | None) -> list[Event]:
        assert self._flow is not None
        try:
            self._choice = self._flow.send(values) if values is not None else next(self._flow)
        except (StopIteration, GameEnded):  # done, or the game ended on the way (CR 104)
            self._flow = self._choice = self._snapshot = None
            self.answer_rule = None
        except Exception:  # refused, unsupported or broken: the game is as it was (CR 732)
            assert self._snapshot is not None
            self.state = self._snapshot
            self._flow = self._choice = self._snapshot = None
            self.answer_rule = None
            raise
        return list(self.events)


#: ``Game.chars`` as this module defines it.
_OWN_CHARS = Game.chars
