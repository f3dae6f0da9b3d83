"""Invariants of combat (CR 506-511): how much combat damage players take and gain, who dies
of it and who is asked how to assign it -- worked out by the judge from the declarations it
saw, the creatures' power and toughness as the engine reports them, and their keywords from
card data (first strike, double strike, trample, lifelink, deathtouch, flying, reach,
vigilance, haste).

The judge remembers, for each game, the creatures that came onto the battlefield this turn
(CR 302.6), this turn's attackers and blockers, and whether anything resolved this turn that
prevents damage, makes a creature indestructible or grants haste: then it says nothing of
what those change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.types import (
    COMBAT_DAMAGE_CHOICE, Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers,
    GameView, ObjectId, ObjectView, PassPriority, Resolve, TurnFaceUp, Unlock,
)
from ...format.vocabulary import Step, Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Violation

_STEPS = list(Step)
_FIRST = ("First strike", "Double strike")


@dataclass
class Combat:
    """This turn's combat as declared: attackers (with their controller and the player they
    attack) and blocks (blocker -> attacker)."""

    player: str
    defender: str
    attackers: tuple[ObjectId, ...]
    blocks: dict[ObjectId, ObjectId] = field(default_factory=dict)
    #: how much of its damage was dealt (NONE, FIRST, ALL; None: the judge lost track)
    stage: int | None = 0
    first_strike: bool = False
    #: the creatures with first strike or double strike as the first combat damage step
    #: began (CR 510.4); ``None`` before it
    first_strikers: frozenset[ObjectId] | None = None


@dataclass
class Turn:
    """What the judge remembers of the current turn."""

    entered: set[ObjectId] = field(default_factory=set)
    combat: Combat | None = None
    #: something resolved this turn that prevents damage, grants indestructible or haste
    prevention: bool = False
    indestructible: bool = False
    hasted: set[ObjectId] = field(default_factory=set)
    unknown_haste: bool = False
    #: which declarations of attackers no player may make were probed this turn (see
    #: ``declarations._who_and_what_attacks``)
    probed_attackers: set[str] = field(default_factory=set)
    #: priority: whether the last action gave a player priority anew (no one has passed
    #: since), and the player whose pass after it changed nothing; each as before this step
    fresh: bool = True
    passed: str | None = None
    fresh_before: bool = True
    passed_before: str | None = None
    #: the combat damage of the last step: whether the judge worked it out, what it found
    damage_judged: bool = False
    first_strike_judged: bool = False
    damage_violation: str | None = None
    #: who dealt combat damage to a player in the last step (see ``damage_to_players``);
    #: None when the judge does not know
    damage_dealt: tuple[dict[ObjectId, int], int] | None = None
    #: the attacking player of that combat (kept when the step went on into the next turn)
    damage_player: str | None = None


class _Memory:
    def __init__(self) -> None:
        self.current: Observation | None = None
        self.turn = Turn()


_MEMORIES: PerGame[_Memory] = PerGame(_Memory)


def turn_of(o: Observation) -> Turn:
    """What the judge knows of the current turn after ``o``'s step (updated once per
    observation, whichever property asks first)."""
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        step = step_of(o)
        if memory.current is None or step.before is None:
            memory.turn = Turn()
        memory.turn.damage_judged = memory.turn.first_strike_judged = False
        memory.turn.damage_violation = None
        if step.acted:
            _learn(step, memory.turn, o)
        memory.current = o
    return memory.turn


def _source_text(step: StepView) -> str:
    item = step.resolved
    source = step.before_views.get(item.source) if item is not None else None
    faces = step.judge.faces_of(source) if source is not None else None
    if faces is None:
        return "?" if item is not None else ""
    return " ".join(f.text for f in faces).lower()


def _learn(step: StepView, turn: Turn, o: Observation) -> None:
    _learn_priority(step, turn, o)
    _learn_damage(step, turn, o)  # with this turn's combat, before a new turn forgets it
    if step.turn_ended:
        turn.entered.clear()
        turn.hasted.clear()
        turn.probed_attackers.clear()
        turn.combat = None
        turn.prevention = turn.indestructible = turn.unknown_haste = False
    entered = [i for i, _zone in step.entered]
    turn.entered.update(entered)
    if step.resolved is not None:
        text = _source_text(step)
        if text == "?":
            turn.prevention = turn.indestructible = turn.unknown_haste = True
        else:
            turn.prevention |= "prevent" in text
            turn.indestructible |= "indestructible" in text
            if "haste" in text:
                turn.hasted.update(entered)
    action = o.action
    if o.game.game_over:
        turn.combat = None  # a game may end on the way to a declaration (a draw, CR 704.5b)
    elif isinstance(action, DeclareAttackers) and o.game.step is Step.DECLARE_ATTACKERS:
        others = [p.name for p in o.game.players if p.name != action.player]
        defender = action.defender or (others[0] if len(others) == 1 else "")
        turn.combat = Combat(action.player, defender, tuple(action.attackers))
    elif isinstance(action, DeclareBlockers) and turn.combat is not None \
            and o.game.step is Step.DECLARE_BLOCKERS:
        turn.combat.blocks.update({b: a for b, a in action.blocks})


def _learn_priority(step: StepView, turn: Turn, o: Observation) -> None:
    turn.fresh_before, turn.passed_before = turn.fresh, turn.passed
    action, before = o.action, step.before_game
    turn.fresh, turn.passed = False, None
    if isinstance(action, PassPriority):
        if before is not None and unchanged(before, o.game):
            turn.passed = action.player
        else:
            turn.fresh = True  # the top of the stack resolved, or the step ended
    elif isinstance(action, (Cast, Activate, Unlock, TurnFaceUp, Resolve, AdvanceTo,
                             DeclareAttackers, DeclareBlockers)):
        turn.fresh = True  # a player acted, or a new step began (CR 117.3b-c)


def unchanged(before: GameView, now: GameView) -> bool:
    """Whether the stack, the step and the turn are as they were."""
    return (before.step is now.step and before.active_player == now.active_player
            and [i.id for i in before.stack] == [i.id for i in now.stack])


# -- keywords from card data ------------------------------------------------------------


def keywords(step: StepView, view: ObjectView) -> frozenset[str] | None:
    """The keywords of what ``view`` is, from card data (a face-down creature has none);
    ``None`` for a token an effect defined (its keywords are the effect's)."""
    faces = step.judge.faces_of(view)
    if faces is None:
        return None
    return frozenset(k for f in faces for k in f.keywords)


def creature(step: StepView, view: ObjectView) -> bool | None:
    types = step.judge.types_of(view)
    return None if types is None else "Creature" in types


# -- combat damage -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Fighter:
    view: ObjectView
    keywords: frozenset[str]
    #: whether it had first strike or double strike as the first combat damage step began
    #: (``None``: the step is that one, its keywords now say)
    began_first: bool | None = None

    @property
    def power(self) -> int:
        return max(self.view.power or 0, 0)

    def strikes(self, fs_combat: bool, steps: str) -> int:
        """In how many of ``steps`` ("first", "regular", "both") it deals combat damage."""
        if not fs_combat:
            return int(steps != "first")
        first = bool(set(_FIRST) & self.keywords)
        # CR 510.4, 702.7c: in the regular step, those that had neither first strike nor
        # double strike as the first step began, whatever they gained since, and those
        # with double strike now
        began = first if self.began_first is None else self.began_first
        regular = not began or "Double strike" in self.keywords
        return int(first and steps != "regular") + int(regular and steps != "first")


@dataclass
class _Outcome:
    """Expected life changes: exact per player, less up to ``slack`` for tramplers."""

    change: dict[str, int] = field(default_factory=dict)
    slack: dict[str, int] = field(default_factory=dict)

    def add(self, player: str, amount: int, slack: int = 0) -> None:
        self.change[player] = self.change.get(player, 0) + amount
        self.slack[player] = self.slack.get(player, 0) + slack

    def holds(self, player: str, found: int) -> bool:
        high = self.change.get(player, 0)
        return high - self.slack.get(player, 0) <= found <= high

    def show(self, players: Iterable[str]) -> str:
        return ", ".join(f"{p} {self.change.get(p, 0):+d}" for p in sorted(players)) + (
            " (or less with trample)" if any(self.slack.values()) else "")


#: The stages of a combat's damage: none dealt yet, the first-strike step's, all of it.
NONE, FIRST, ALL = 0, 1, 2


class _Damage:
    """The combat damage of a step that passed priority through a combat damage step."""

    def __init__(self, step: StepView, turn: Turn, o: Observation) -> None:
        self.ok = False
        self.combat = combat = turn.combat
        before_game = step.before_game
        action = o.action
        if combat is None or before_game is None or not combat.attackers:
            return
        if not isinstance(action, (AdvanceTo, PassPriority)) or before_game.stack:
            return
        if not step.turn_ended and (o.game.active_player != before_game.active_player or
                                    _STEPS.index(o.game.step) < _STEPS.index(Step.COMBAT_DAMAGE)):
            return  # (passing on into the next turn changes no life total: it stops at
            # whatever triggers, and the untap, upkeep and draw steps deal no damage)
        if before_game.step in (Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS):
            stage = NONE
        elif before_game.step is Step.COMBAT_DAMAGE and combat.stage in (FIRST, ALL):
            if isinstance(action, PassPriority) and turn.passed_before in (None, action.player):
                return  # the other player has not passed yet: the step goes on
            stage = combat.stage
        else:
            return
        combat.stage = None  # unknown, unless worked out below
        if o.engine.pending_choice() is not None or turn.prevention:
            return
        over = o.game.game_over or "game_over" in o.game.unknown
        fighters: dict[ObjectId, _Fighter] = {}
        for object_id in (*combat.attackers, *combat.blocks):
            view = step.before_views.get(object_id)
            if view is None or view.zone is not Zone.BATTLEFIELD:
                continue
            found = keywords(step, view)
            if found is None or view.power is None or view.toughness is None:
                return
            began = None if stage == NONE or combat.first_strikers is None \
                else object_id in combat.first_strikers
            fighters[object_id] = _Fighter(view, found, began)
        self.fighters = fighters
        self.indestructible = turn.indestructible
        if stage == NONE:
            combat.first_strike = any(set(_FIRST) & f.keywords for f in fighters.values())
            combat.first_strikers = frozenset(
                i for i, f in fighters.items() if set(_FIRST) & f.keywords)
        self.fs_combat = fs = combat.first_strike
        at_damage = o.game.step is Step.COMBAT_DAMAGE or over  # a game may end in between
        self.over = over
        if stage == NONE:
            self.options = [("first", FIRST), ("both", ALL)] if fs and at_damage \
                else [("both", ALL)]
        elif stage == FIRST:
            self.options = [("regular", ALL)]
        else:
            self.options = [("none", ALL)]
        self.first_damage = stage == NONE
        self.dealt: tuple[dict[ObjectId, int], int] | None = None
        self.ok = True

    def blockers_of(self, attacker: ObjectId) -> list[ObjectId]:
        assert self.combat is not None
        return [b for b, a in self.combat.blocks.items() if a == attacker]

    def outcome(self, steps: str) -> _Outcome | None:
        """The life changes of the damage ``steps``; ``None`` when lifelink makes them
        depend on who died in the first-strike step."""
        combat, fs = self.combat, self.fs_combat
        assert combat is not None
        out = _Outcome()
        if steps == "none":
            return out
        for attacker in combat.attackers:
            fighter = self.fighters.get(attacker)
            if fighter is None:
                continue
            damage = fighter.power * fighter.strikes(fs, steps)
            blockers = self.blockers_of(attacker)
            lifelink = "Lifelink" in fighter.keywords
            if not blockers:
                out.add(combat.defender, -damage)
                if lifelink:
                    out.add(combat.player, damage)
                continue
            present = [b for b in blockers if b in self.fighters]
            if "Trample" in fighter.keywords:  # all to the player once no blocker is left
                out.add(combat.defender, 0 if present else -damage, damage if present else 0)
            if lifelink and damage:
                if fs:
                    return None
                if present or "Trample" in fighter.keywords:
                    out.add(combat.player, damage)
        for blocker, attacker in combat.blocks.items():
            fighter = self.fighters.get(blocker)
            if fighter is None or "Lifelink" not in fighter.keywords or not fighter.power \
                    or not fighter.strikes(fs, steps):
                continue
            if fs or attacker not in self.fighters:
                return None
            out.add(combat.defender, fighter.power)
        return out

    def damage_to_players(self, steps: str, out: _Outcome, found: dict[str, int]
                          ) -> tuple[dict[ObjectId, int], int] | None:
        """For "deals combat damage to a player" triggers: in how many damage steps each
        attacker dealt damage to the player it attacks, and in how many steps some
        attacker did; ``None`` when a trampler makes that unknown."""
        combat, fs = self.combat, self.fs_combat
        assert combat is not None
        kinds = (["first", "regular"] if fs else ["both"]) if steps == "both" else [steps]
        dealt: dict[ObjectId, int] = {}
        steps_with_damage = 0
        for kind in [k for k in kinds if k != "none"]:
            any_damage = False
            for attacker in combat.attackers:
                fighter = self.fighters.get(attacker)
                if fighter is None or not fighter.power or not fighter.strikes(fs, kind):
                    continue
                if self.blockers_of(attacker):
                    if "Trample" not in fighter.keywords:
                        continue
                    if not any(b in self.fighters for b in self.blockers_of(attacker)):
                        dealt[attacker] = dealt.get(attacker, 0) + 1  # all to the player
                        any_damage = True
                        continue
                    tramplers = [a for a in combat.attackers if a in self.fighters
                                 and self.blockers_of(a)
                                 and "Trample" in self.fighters[a].keywords]
                    if len(tramplers) != 1 or len(kinds) != 1:
                        return None
                    if out.change.get(combat.defender, 0) - found[combat.defender] <= 0:
                        continue  # it assigned all of its damage to its blockers
                dealt[attacker] = dealt.get(attacker, 0) + 1
                any_damage = True
            steps_with_damage += any_damage
        return dealt, steps_with_damage

    def unasked(self, steps: str, o: Observation) -> str | None:
        """An attacker whose combat damage in ``steps`` can be assigned in more than one
        way -- among two or more blockers, or with trample and more power than its
        blockers' toughness -- whose controller was not asked how (CR 510.1c-d, 702.19b:
        the attacking player divides it; the contract's ``combat_damage`` choice, its
        options the blockers), or was asked of another player than its controller."""
        combat = self.combat
        assert combat is not None
        if steps in ("none", "both") and self.fs_combat:
            return None  # creatures may have died between the two steps
        offered = [(choice.player, {option.value for option in choice.options})
                   for choice, _answer in o.choices if choice.kind == COMBAT_DAMAGE_CHOICE]
        for attacker in combat.attackers:
            fighter = self.fighters.get(attacker)
            if fighter is None or not fighter.power or not fighter.strikes(self.fs_combat, steps):
                continue
            present = [b for b in self.blockers_of(attacker) if b in self.fighters]
            if not present:
                continue
            lethal = len(present) if "Deathtouch" in fighter.keywords else sum(
                max(self.fighters[b].view.toughness or 0, 1) for b in present)
            if len(present) < 2 and not ("Trample" in fighter.keywords
                                         and fighter.power > lethal):
                continue
            name = " // ".join(fighter.view.names) or "a face-down creature"
            controller = fighter.view.controller
            asked = [player for player, options in offered if set(present) <= options]
            if asked and controller not in asked:
                return (f"{name}'s {fighter.power} combat damage was divided among its "
                        f"blockers by {asked[0]}, not by {controller}, its controller (CR "
                        f"510.1c-d, 702.19b: the attacking creature's controller assigns its "
                        f"combat damage)")
            if not asked:
                player = " and the player" if "Trample" in fighter.keywords else ""
                return (f"{name}'s {fighter.power} combat damage could be assigned among "
                        f"{len(present)} blocker(s){player} in more than one way, and its "
                        f"controller was not asked how")
        return None

    def judge(self, step: StepView, o: Observation) -> str | None:
        """The violation found, if any; sets the combat's stage."""
        assert self.combat is not None and step.before_game is not None
        before = {p.name: p.life for p in step.before_game.players}
        found = {p.name: p.life - before.get(p.name, p.life) for p in o.game.players}
        outcomes = [(self.outcome(steps), stage) for steps, stage in self.options]
        if any(out is None for out, _stage in outcomes):
            self.ok = False
            return None
        for (steps, _stage), (out, stage) in zip(self.options, outcomes):
            assert out is not None
            if all(out.holds(p, found[p]) for p in found):
                if len(outcomes) == 1 or outcomes[0][0] != outcomes[1][0]:
                    self.dealt = self.damage_to_players(steps, out, found)
                self.combat.stage = None if self.over else stage
                unasked = None if self.over else self.unasked(steps, o)
                if unasked is not None:
                    return unasked
                if not self.first_damage or self.indestructible or self.over:
                    return None
                if self.fs_combat:
                    return _first_strike_deaths(self, o, steps) \
                        if steps in ("first", "both") else None
                return _deaths(self, o)
        wanted = outcomes[-1][0]
        assert wanted is not None
        shown = ", ".join(f"{p} {found[p]:+d}" for p in sorted(found))
        return f"combat damage changed life totals by {shown}, not {wanted.show(found)}"


def _deaths(damage: _Damage, o: Observation) -> str | None:
    fighters = damage.fighters
    assert damage.combat is not None

    def gone(object_id: ObjectId) -> bool:
        now = o.views.get(object_id)
        return now is None or now.zone is not Zone.BATTLEFIELD

    for attacker in damage.combat.attackers:
        a = fighters.get(attacker)
        if a is None:
            continue
        blockers = [b for b in damage.blockers_of(attacker) if b in fighters]
        if not blockers:
            continue
        dealt = sum(fighters[b].power for b in blockers)
        deadly = any("Deathtouch" in fighters[b].keywords and fighters[b].power
                     for b in blockers)
        toughness = a.view.toughness or 0
        if (dealt >= toughness or deadly) and not gone(attacker):
            return (f"{' // '.join(a.view.names) or 'an attacker'} was dealt {dealt} combat "
                    f"damage{' by deathtouch' if deadly else ''} with toughness {toughness} "
                    f"and is still on the battlefield")
        if len(blockers) != 1 or "Trample" in a.keywords or not a.power:
            continue
        (blocker,) = blockers
        b = fighters[blocker]
        deathtouch = "Deathtouch" in a.keywords
        if (a.power >= (b.view.toughness or 0) or deathtouch) and not gone(blocker):
            return (f"{' // '.join(b.view.names) or 'a blocker'} was dealt {a.power} combat "
                    f"damage{' by deathtouch' if deathtouch else ''} with toughness "
                    f"{b.view.toughness} and is still on the battlefield")
    return None


def _first_strike_deaths(damage: _Damage, o: Observation, steps: str) -> str | None:
    """After the first-strike combat damage step (``steps`` "first") or both damage steps
    ("both") of a combat with first strike (CR 510.4): in the first step only creatures
    with first strike or double strike deal damage; in the regular one, those without
    first strike and those with double strike that are still on the battlefield.  A
    creature that none of the creatures it fights has dealt damage is still on the
    battlefield; one that fights a single creature, which fights only it and deals it
    lethal damage (or any by deathtouch), is not."""
    fighters = damage.fighters
    combat = damage.combat
    assert combat is not None
    opponents: dict[ObjectId, list[ObjectId]] = {}
    for blocker, attacker in combat.blocks.items():
        if blocker in fighters and attacker in fighters:
            opponents.setdefault(blocker, []).append(attacker)
            opponents.setdefault(attacker, []).append(blocker)

    def dealt_first(by: ObjectId) -> int:
        return fighters[by].power if set(_FIRST) & fighters[by].keywords else 0

    def lethal(amount: int, by: ObjectId, to: ObjectId) -> bool:
        return amount > 0 and (amount >= (fighters[to].view.toughness or 0)
                               or "Deathtouch" in fighters[by].keywords)

    def alone(me: ObjectId) -> ObjectId | None:
        """The one creature ``me`` fights, when that one fights only ``me`` and deals all
        of its damage to it (no trample)."""
        against = opponents.get(me, [])
        if len(against) != 1 or len(opponents.get(against[0], [])) != 1:
            return None
        return against[0] if "Trample" not in fighters[against[0]].keywords else None

    for object_id in sorted(opponents):
        me = fighters[object_id]
        now = o.views.get(object_id)
        gone = now is None or now.zone is not Zone.BATTLEFIELD
        name = " // ".join(me.view.names) or "a face-down creature"
        other = alone(object_id)
        if steps == "first" or other is None:
            if steps == "first" and gone and (me.view.toughness or 0) > 0 and not any(
                    dealt_first(x) for x in opponents[object_id]):
                return (f"{name} left the battlefield in the first-strike combat damage "
                        f"step, though no creature it fought has first strike or double "
                        f"strike")
            if other is None or not lethal(dealt_first(other), other, object_id) or gone:
                continue
            return (f"{name} was dealt {dealt_first(other)} first-strike combat damage with "
                    f"toughness {me.view.toughness} and is still on the battlefield")
        first = dealt_first(other)
        other_survives = not lethal(dealt_first(object_id), object_id, other)
        regular = fighters[other].power if other_survives and fighters[other].strikes(
            True, "regular") else 0
        if lethal(first, other, object_id) or lethal(first + regular, other, object_id):
            if not gone:
                return (f"{name} was dealt {first + regular} combat damage with toughness "
                        f"{me.view.toughness} and is still on the battlefield")
        elif first + regular == 0 and gone and (me.view.toughness or 0) > 0:
            return (f"{name} left the battlefield in combat, though the creature it fought "
                    f"dealt it no damage: it died in the first-strike damage step")
    return None


def _learn_damage(step: StepView, turn: Turn, o: Observation) -> None:
    turn.damage_judged, turn.damage_violation = False, None
    before = step.before_game
    passing = isinstance(o.action, (AdvanceTo, PassPriority)) and before is not None
    possible = passing and (any(s is Step.COMBAT_DAMAGE for s, _p in step.steps_begun)
                            or before is not None and before.step is Step.COMBAT_DAMAGE)
    turn.damage_dealt = ({}, 0) if not possible else None
    turn.damage_player = turn.combat.player if turn.combat is not None else None
    damage = _Damage(step, turn, o)
    if damage.ok:
        turn.damage_violation = damage.judge(step, o)
        turn.damage_judged = damage.ok
        turn.first_strike_judged = damage.ok and damage.fs_combat
        if damage.ok and turn.damage_violation is None:
            turn.damage_dealt = damage.dealt


def combat_damage(o: Observation) -> Iterable[Violation]:
    """Each unblocked attacking creature deals damage equal to its power to the player it
    attacks -- in the first-strike damage step if it has first strike or double strike, in
    the regular one if it has no first strike or has double strike (CR 510.4) -- a blocked
    one deals none to that player unless it has trample (then at most its power); damage
    dealt by a creature with lifelink makes its controller gain that much life.  With no
    first strike in the combat, a blocker dealt damage at least its toughness, or any by a
    deathtouch attacker, dies, and so does an attacker its blockers deal that much."""
    turn = turn_of(o)
    if step_of(o).acted and turn.damage_violation is not None:
        yield Violation(turn.damage_violation)



def reached_damage(o: Observation) -> bool:
    """A step that dealt combat damage of a combat the judge worked out."""
    return step_of(o).acted and turn_of(o).damage_judged


def reached_first_strike(o: Observation) -> bool:
    """... in a combat with first strike or double strike."""
    return step_of(o).acted and turn_of(o).first_strike_judged


def reached_first_strike_block(o: Observation) -> bool:
    """... in which a creature with first strike or double strike was blocked by, or
    blocked, one without either."""
    turn = turn_of(o)
    fight = turn.combat
    if not reached_first_strike(o) or fight is None or fight.first_strikers is None:
        return False
    return any((blocker in fight.first_strikers) != (attacker in fight.first_strikers)
               for blocker, attacker in fight.blocks.items())
