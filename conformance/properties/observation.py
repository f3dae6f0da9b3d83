"""What a property is and what it looks at: :class:`Property`, :class:`Observation` (the game
after a step, as the engine reports it) and :class:`Violation` (what a property found).

They live apart from the catalogue so that the modules of properties (``invariants/``) and
the state machine can import them without importing each other.
"""

from __future__ import annotations

import dataclasses
import re
from types import FunctionType, MethodType
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar, cast

from ..contract.protocol import Engine
from ..contract.types import Action, Choice, Event, GameView, ObjectId, ObjectView
from ..errors import ConformanceError, Location
from ..format.cards import Card, CardPool

_SYMBOL = re.compile(r"\{([^}]+)\}")


class NotComputed(Exception):
    """A property read a value its engine does not compute (contract 1.1: the field is listed
    in the view's ``unknown``).  The property judges nothing on that observation, as the
    rulings runner judges no expectation on such a value."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field} ({reason})")
        self.field = field
        self.reason = reason


class Unknown:
    """What a property sees in place of a value its engine does not compute: any use of it
    -- comparing, testing, counting, iterating, reading from it -- raises
    :class:`NotComputed`.  Only ``is`` and ``repr`` are allowed."""

    __slots__ = ("field", "reason")

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason

    def _refuse(self, *args: object) -> NoReturn:
        raise NotComputed(self.field, self.reason)

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __hash__ = __bool__ = __len__ = __iter__ = __contains__ = __getitem__ = _refuse
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = _refuse
    __int__ = __index__ = __float__ = __str__ = __format__ = _refuse

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__"):  # copy, pickle and friends look for optional hooks
            raise AttributeError(name)
        raise NotComputed(self.field, self.reason)

    def __repr__(self) -> str:
        return f"<{self.field}: not computed>"


V = TypeVar("V")

#: The fields a view always has (an engine lists neither as unknown).
_ALWAYS = frozenset({"id", "unknown"})


class _Judged:
    """A view as properties see it: its own values, but an :class:`Unknown` for each field
    its engine lists as not computed.  Reads go to the view itself, so that a value an
    adapter works out only when asked (phase's mana value) is still worked out only when a
    property asks for it."""

    __slots__ = ("_view", "_unknown")

    def __init__(self, view: Any, unknown: dict[str, Unknown]) -> None:
        self._view = view
        self._unknown = unknown

    def __getattr__(self, name: str) -> Any:
        found = self._unknown.get(name)
        if found is not None:
            return found
        method = getattr(type(self._view), name, None)
        if isinstance(method, FunctionType):  # ``game.player(name)`` reads through this too
            return MethodType(method, self)
        return getattr(self._view, name)

    def __repr__(self) -> str:
        return f"judged({self._view!r})"


def judged(view: V) -> V:
    """``view`` as properties see it: every field its engine lists as not computed
    (``unknown``) reads as an :class:`Unknown`.  A view with none is returned as it is."""
    unknown: Any = getattr(view, "unknown", None)
    if not unknown:
        return view
    names = {f.name for f in dataclasses.fields(view)} - _ALWAYS  # type: ignore[arg-type]
    return cast(V, _Judged(view, {name: Unknown(name, reason)
                                  for name, reason in unknown.items() if name in names}))


@dataclass(frozen=True)
class Violation:
    """What a property found wrong.  ``object``/``key``/``expected`` let the finding be
    written as an ``expect`` step; ``illegal`` as an ``expect_illegal`` step, ``legal`` as
    an ``expect_legal`` step."""

    message: str
    object: ObjectId | None = None
    key: str | None = None
    expected: Any = None
    illegal: Action | None = None
    legal: Action | None = None


@dataclass
class Observation:
    """The game after a step, as the engine reports it."""

    engine: Engine
    cards: CardPool
    views: dict[ObjectId, ObjectView]
    game: GameView
    action: Action | None = None
    events: list[Event] = field(default_factory=list)
    stack_before: int = 0
    history: dict[ObjectId, set[ObjectId]] = field(default_factory=dict)
    recorder: Any = None  # the steps so far, as the machine recorded them
    #: The choices the engine asked during the step, each with the answer it took.
    choices: list[tuple[Choice, tuple[str, ...]]] = field(default_factory=list)
    #: The answers the engine refused during the step, each with the choice it answered
    #: (the machine then tried another): a refusal the rules do not allow is a finding.
    refused: list[tuple[Choice, tuple[str, ...]]] = field(default_factory=list)

    def observe(self, object_id: ObjectId, viewer: str | None = None) -> ObjectView:
        """The object as ``viewer`` sees it, as properties see views (:func:`judged`)."""
        return judged(self.engine.observe(object_id, viewer))

    def card(self, view: ObjectView) -> Card | None:
        """The card an object shows as its identity, when the pool knows it."""
        if not view.identity:
            return None
        pool = self.cards
        entry = _CARDS.get(id(pool))
        if entry is None or entry[0] is not pool:
            if len(_CARDS) >= 16:
                _CARDS.clear()
            entry = _CARDS[id(pool)] = (pool, {})
        known = entry[1]
        name = view.identity[0]
        if name not in known:
            try:
                known[name] = pool.lookup(name, Location("<property>"))
            except ConformanceError:
                known[name] = None
        return known[name]


#: The card each identity stands for, by card pool (``None``: a name the pool does not know,
#: a token an effect defined): looked up once, not for every view of every property.
_CARDS: dict[int, tuple[CardPool, dict[str, Card | None]]] = {}

Check = Callable[[Observation], Iterable[Violation]]


def _any(card: Card) -> bool:
    return True


@dataclass(frozen=True)
class Property:
    """``focus`` picks the cards random games should favour (by what they are, never by
    name): a property about Rooms needs Rooms in play to find anything.  ``cr`` names the
    rules the invariant comes from; ``mechanism`` the mechanism it watches."""

    id: str
    description: str
    rulings: tuple[str, ...]
    requires: frozenset[str]
    check: Check
    focus: Callable[[Card], bool] = _any
    cr: tuple[str, ...] = ()
    mechanism: str = ""
    #: Whether the check had something to judge in an observation (its precondition held):
    #: the reachability tests hold every property to reaching its subject in the ``ci``
    #: profile.  ``None``: whenever the focused cards are in play.
    reached: Callable[[Observation], bool] | None = None
    #: How likely its games draw each kind of action (``machine.WEIGHTS``), where the
    #: property needs more of a kind than other games: attacks, say.
    weights: tuple[tuple[str, int], ...] = ()
    #: How many steps each of its games takes at least, where its subject is further away
    #: than the profile's games go (a controller's second end step, say): the profile's
    #: own ``stateful_step_count`` when that is more.  0: the profile's.
    steps: int = 0
    #: Whether its games from the property games' own cards also draw those of
    #: ``strategies/focused-cards.yaml`` its focus takes (``run.FOCUSED_CARDS``): cards that
    #: join no other property's games.
    focused_cards: bool = False


def mana_value(cost: str | None) -> int:
    """The judge's own mana value of a mana cost, X being 0 (CR 202.3)."""
    total = 0
    for symbol in _SYMBOL.findall(cost or ""):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol == "X":
            continue
        elif "/" in symbol:
            total += max(int(p) if p.isdigit() else 1 for p in symbol.split("/"))
        else:
            total += 1
    return total
