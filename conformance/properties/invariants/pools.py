"""The mana each player may have, as the judge follows it: every pool the player could have
after the steps so far, whichever way each cost was paid.

A player's mana is known at the start of a game (the setup's), empties between steps (CR
500.4), grows by what a basic land's mana ability adds (CR 106.4, 605.3), and shrinks by the
total cost of each spell cast (CR 601.2f-h), each door unlocked (CR 709.5e) and each
permanent turned face up (CR 702.37e).  How a cost is paid is the player's choice (CR
601.2h) -- which mana pays the generic part, which color a hybrid symbol takes, whether
{2/W} is paid with two mana -- and engines choose for their players in their own ways, so
the judge keeps every pool that some way of paying leaves.  Whatever it does not model (a
mana ability other than a basic land's, an effect that adds mana, a cost it can't work out,
a step it was not shown) makes that player's mana unknown until it next empties.

An action is then *payable* when every possible pool pays its cost, *not payable* when none
does, and the judge says nothing in between.

A player may activate mana abilities while casting a spell or paying a cost (CR 601.2g,
605.3a), and engines differ here too: some add mana only when the player asks, others tap
untapped lands for the player as the cost is paid.  On an engine that does not declare
``explicit-mana`` (costs paid from the pool alone), a cost the pool can't pay is then *not
payable* only when the pool with the mana of every untapped basic land of the player's can't
pay it either, and the player has no other mana ability; the basic lands an engine tapped as a
cost was paid add their mana before it is paid.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...contract.types import Activate, Cast, ObjectView, TurnFaceUp, Unlock
from ...format.vocabulary import Door, Zone
from ..judge import Cost, Judge, Pool, total_cost
from ..memory import PerGame, StepView, step_of
from ..observation import Observation

#: One pool: how much mana of each kind (W, U, B, R, G, C), sorted.
Mana = tuple[tuple[str, int], ...]

#: More possible pools than this and the judge gives up (the mana is unknown).
MAX_POOLS = 128

_BASIC_MANA = re.compile(r"\(?\{T\}: Add (\{[WUBRGC]\})\.\)?")
#: An activated mana ability: a cost, a colon, "Add {" (a chapter's "Add" is not one).
_MANA_ABILITY = re.compile(r"^[^:]+:\s*add \{", re.IGNORECASE)
FACE_DOWN_COST = "{3}"  # CR 702.37c


def _mana(counter: Counter[str]) -> Mana:
    return tuple(sorted((kind, n) for kind, n in counter.items() if n > 0))


@dataclass(frozen=True, slots=True)
class Pools:
    """Every pool a player may have."""

    possible: frozenset[Mana]

    @classmethod
    def exactly(cls, pool: Pool) -> Pools:
        return cls(frozenset({_mana(pool.mana)}))

    def can_pay(self, cost: Cost) -> bool | None:
        """``True`` when every possible pool pays ``cost``, ``False`` when none does,
        ``None`` when some do."""
        return _can_pay(self.possible, cost)

    def after(self, cost: Cost) -> Pools | None:
        """The pools left by paying ``cost`` in every way; ``None`` when they are too many
        or none can pay it (the engine then paid in a way the judge does not know)."""
        left: set[Mana] = set()
        for mana in self.possible:
            left |= _payments(Counter(dict(mana)), list(cost.symbols), cost.generic)
            if len(left) > MAX_POOLS:
                return None
        return Pools(frozenset(left)) if left else None

    def plus(self, mana: str) -> Pools:
        added = Pool.of(mana).mana
        return Pools(frozenset(_mana(Counter(dict(m)) + added) for m in self.possible))

    def show(self) -> str:
        shown = sorted("".join(f"{{{kind}}}" * n for kind, n in mana) or "an empty pool"
                       for mana in self.possible)
        return shown[0] if len(shown) == 1 else "one of " + ", ".join(shown[:4]) + (
            ", ..." if len(shown) > 4 else "")


@lru_cache(maxsize=4096)
def _can_pay(possible: frozenset[Mana], cost: Cost) -> bool | None:
    """:meth:`Pools.can_pay`, worked out once for each set of pools and cost."""
    found = {Pool(Counter(dict(mana))).can_pay(cost) for mana in possible}
    return found.pop() if len(found) == 1 else None


def _payments(pool: Counter[str], symbols: list[str], generic: int) -> set[Mana]:
    """Every pool left after paying ``symbols`` and ``generic`` from ``pool``."""
    if symbols:
        symbol, rest = symbols[0], symbols[1:]
        found: set[Mana] = set()
        for part in symbol.split("/"):
            if part.isdigit():
                found |= _payments(pool, rest, generic + int(part))
            elif pool[part] > 0:
                pool[part] -= 1
                found |= _payments(pool, rest, generic)
                pool[part] += 1
        return found
    if sum(pool.values()) < generic:
        return set()
    kinds = sorted(k for k, n in pool.items() if n > 0)
    found = set()

    def spend(index: int, still: int, left: Counter[str]) -> None:
        if still == 0:
            found.add(_mana(left))
            return
        if index == len(kinds) or len(found) > MAX_POOLS:
            return
        kind = kinds[index]
        for amount in range(min(still, pool[kind]), -1, -1):
            left[kind] = pool[kind] - amount
            spend(index + 1, still - amount, left)
        left[kind] = pool[kind]

    spend(0, generic, Counter(pool))
    return found


class _Followed:
    """The pools of one game's players, brought up to date with each observation."""

    def __init__(self) -> None:
        self.last: Observation | None = None
        self.pools: dict[str, Pools | None] = {}
        #: the pools before the last observation's step
        self.before: dict[str, Pools | None] = {}

    def see(self, o: Observation) -> None:
        if o is self.last:
            return
        step = step_of(o)
        self.before = dict(self.pools)
        if step.before is None:
            self.pools = {player: Pools.exactly(pool) if pool is not None else None
                          for player, pool in step.knowledge.pools.items()}
        elif self.last is None or step.before[0] is not self.last.views:
            self.pools = {p.name: None for p in o.game.players}  # a step it was not shown
        elif step.acted:
            _learn(step, self.pools)
        self.last = o


_GAMES: PerGame[_Followed] = PerGame(_Followed)


def pools_of(o: Observation) -> dict[str, Pools | None]:
    """Every pool each player of ``o``'s game may have after ``o``'s step (``None``:
    unknown)."""
    followed = _GAMES.of(o)
    followed.see(o)
    return followed.pools


def pools_before(o: Observation) -> dict[str, Pools | None]:
    """Every pool each player may have had before ``o``'s step."""
    followed = _GAMES.of(o)
    followed.see(o)
    return followed.before


def _learn(step: StepView, pools: dict[str, Pools | None]) -> None:
    o, action, judge = step.now, step.now.action, step.judge
    if step.steps_begun:  # mana empties between steps (CR 500.4)
        for player in o.game.players:
            pools[player.name] = Pools(frozenset({()}))
    resolved = step.resolved
    if resolved is not None:
        source = step.before_views.get(resolved.source)
        readings = judge.readings_of(source) if source is not None else None
        if readings is None or any(r.adds_mana for r in readings):
            pools[resolved.controller] = None
    if isinstance(action, (Cast, Unlock, TurnFaceUp)):
        known = with_lands_tapped(step, action.player, pools.get(action.player))
        pools[action.player] = _paid(known, action_cost(step, action))
    elif isinstance(action, Activate):
        land = step.before_views.get(action.object)
        added = basic_land_mana(judge, land) if land is not None else None
        known = pools.get(action.player)
        pools[action.player] = known.plus(added) \
            if known is not None and added is not None and not step.new_items else None


def action_cost(step: StepView, action: Cast | Unlock | TurnFaceUp) -> Cost | None:
    """What the player paid for ``action``, taken in ``step``, as the judge works it out:
    a spell's total cost, a door's mana cost (CR 709.5e), a morph cost (CR 702.37e);
    ``None`` when it can't."""
    if isinstance(action, Cast):
        return _cast_cost(step, action)
    judge = step.judge
    if isinstance(action, Unlock):
        room = step.before_views.get(action.object)
        card = judge.card_of(room) if room is not None else None
        return Cost.of(card.faces[0 if action.door is Door.LEFT else 1].mana_cost) \
            if card is not None and card.is_room else None
    permanent = step.before_views.get(action.object)
    card = judge.card_of(permanent) if permanent is not None else None
    morph = judge.reading(card.faces[0]).morph if card is not None else None
    return Cost.of(morph) if morph is not None else None


def basic_land_mana(judge: Judge, view: ObjectView) -> str | None:
    """The mana a basic land's mana ability adds ("{R}"), if ``view`` is such a land."""
    faces = judge.faces_of(view) if not view.face_down else None
    if not faces or len(faces) != 1 or "Land" not in faces[0].types:
        return None
    added = _BASIC_MANA.fullmatch(faces[0].text.strip())
    return added.group(1) if added is not None else None


def other_mana_abilities(judge: Judge, views: Iterable[ObjectView], player: str) -> bool:
    """Whether a permanent ``player`` controls has a mana ability other than a basic land's
    (or the judge can't read one of them)."""
    for view in views:
        if view.zone is not Zone.BATTLEFIELD or view.controller != player \
                or basic_land_mana(judge, view) is not None:
            continue
        faces = judge.faces_of(view)
        if faces is None:
            return True
        if any(_MANA_ABILITY.match(line.strip()) for face in faces
               for line in face.text.splitlines()):
            return True
    return False


def with_untapped_lands(judge: Judge, views: Iterable[ObjectView], player: str,
                        known: Pools) -> Pools:
    """``known`` with the mana of every untapped basic land ``player`` controls added: the
    most the player could pay with while casting (CR 601.2g)."""
    for view in views:
        if view.zone is Zone.BATTLEFIELD and view.controller == player and not view.tapped:
            mana = basic_land_mana(judge, view)
            if mana is not None:
                known = known.plus(mana)
    return known


def with_lands_tapped(step: StepView, player: str, known: Pools | None) -> Pools | None:
    """``known`` with the mana of each basic land of ``player``'s the step tapped (an engine
    paying a cost with them, CR 601.2g); ``None`` stays unknown."""
    if known is None:
        return None
    for object_id, was in step.before_views.items():
        now = step.now.views.get(object_id)
        if now is None or was.zone is not Zone.BATTLEFIELD or now.zone is not Zone.BATTLEFIELD \
                or was.controller != player or was.tapped or not now.tapped:
            continue
        mana = basic_land_mana(step.judge, was)
        if mana is not None:
            known = known.plus(mana)
    return known


def _paid(known: Pools | None, cost: Cost | None) -> Pools | None:
    return known.after(cost) if known is not None and cost is not None else None


def _cast_cost(step: StepView, action: Cast) -> Cost | None:
    """The total cost of the spell ``action`` cast, as the judge works it out; ``None``
    when it can't."""
    judge, o = step.judge, step.now
    spell = o.views.get(step.cast_spell) if step.cast_spell is not None else None
    if spell is None or spell.zone is not Zone.STACK:
        return None
    if any(r.unknown_cost for v in step.before_views.values() if v.zone is Zone.BATTLEFIELD
           for r in judge.readings_of(v) or ()):
        return None  # convoke, say: creatures may pay part of it
    casts = step.knowledge.casts.get(action.player, [])
    earlier = casts[:-1]
    if action.face_down:
        base: str | None = FACE_DOWN_COST
        chars = (frozenset({"Creature"}), frozenset[str]())
    else:
        faces = judge.faces_of(spell)
        if not faces or len(faces) != 1 or "Convoke" in faces[0].keywords:
            return None
        base = faces[0].mana_cost
        chars = (frozenset(faces[0].types), frozenset(faces[0].supertypes))
        if "{X}" in (base or ""):
            if action.x is None:
                return None
            base = (base or "").replace("{X}", f"{{{action.x}}}")
    return total_cost(judge, step.before_views, action.player, chars, base, earlier)

