"""Invariants of declaring attackers and blockers (CR 508.1, 509.1): only untapped creatures
controlled since the turn began (or with haste) attack, and they become tapped unless they
have vigilance; only the active player declares attackers, and only creatures attack; a
creature with flying is blocked only by creatures with flying or reach (CR 702.9b,
702.17b), and only untapped creatures block -- judged on the declarations made,
and probed while blockers may be declared.  With no attackers, the combat steps after the
declaration are skipped (CR 508.8).  With the cards and the weights combat games
favour.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.trigger_boards import COMBAT_TRIGGERS

from ...contract.types import DeclareAttackers, DeclareBlockers, ObjectView
from ...format.cards import Card
from ...format.vocabulary import STEP_ORDER, Step, Zone
from ..judge import read_face
from ..memory import StepView, step_of
from ..observation import Observation, Violation
from .combat import Turn, creature, keywords, turn_of

def combat_declarations(o: Observation) -> Iterable[Violation]:
    """Only untapped creatures its controller has controlled continuously since the turn
    began (or with haste) attack, and they become tapped unless they have vigilance; a
    creature with flying is blocked only by creatures with flying or reach, and only
    untapped creatures block: while blockers may be declared, the defending player's
    untapped creature can block an attacker with flying on its own exactly when it has
    flying or reach, and their noncreature permanent can't block at all; and before
    attackers are declared no creature without haste that came under its controller's
    control this turn may attack, nor a noncreature permanent, nor another player's
    creature; with no creature declared as an attacker, the declare blockers and combat
    damage steps are skipped."""
    step = step_of(o)
    turn = turn_of(o)
    action = o.action
    if not step.acted or o.engine.pending_choice() is not None or o.game.game_over:
        return
    for violation in (*_flying_blocks(step, turn, o), *_sick_attackers(step, turn, o),
                      *_who_and_what_attacks(step, turn, o), *_what_blocks(step, turn, o),
                      *_combat_without_attackers(step, turn, o)):
        yield violation
        return
    if isinstance(action, DeclareAttackers) and o.game.step is Step.DECLARE_ATTACKERS:
        for attacker in action.attackers:
            before = step.before_views.get(attacker)
            now = o.views.get(attacker)
            if before is None or now is None or now.zone is not Zone.BATTLEFIELD:
                continue
            found = keywords(step, before)
            if found is None:
                continue
            name = " // ".join(before.names) or "a face-down creature"
            if before.tapped:
                yield Violation(f"the tapped {name} attacked")
                return
            if attacker in turn.entered and "Haste" not in found \
                    and attacker not in turn.hasted and not turn.unknown_haste:
                yield Violation(f"{name} came under its controller's control this turn, has "
                                f"no haste, and attacked")
                return
            if "Vigilance" not in found and not now.tapped:
                yield Violation(f"{name} attacked without vigilance and is untapped",
                                attacker, "tapped", True)
                return
    elif isinstance(action, DeclareBlockers) and o.game.step is Step.DECLARE_BLOCKERS:
        for blocker, attacker in action.blocks:
            b, a = step.before_views.get(blocker), step.before_views.get(attacker)
            if b is None or a is None:
                continue
            found_b, found_a = keywords(step, b), keywords(step, a)
            if found_b is None or found_a is None:
                continue
            name = " // ".join(b.names) or "a face-down creature"
            if b.tapped:
                yield Violation(f"the tapped {name} blocked")
                return
            if "Flying" in found_a and not {"Flying", "Reach"} & found_b:
                yield Violation(f"{name}, without flying or reach, blocked "
                                f"{' // '.join(a.names)}, which has flying")
                return


#: The steps a combat with no creature attacking skips (CR 508.8).
_SKIPPED = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)


def _combat_without_attackers(step: StepView, turn: Turn, o: Observation
                              ) -> Iterable[Violation]:
    """With no creature declared as an attacker, the declare blockers and combat damage
    steps are skipped (CR 508.8): the game comes to one of them only from a declaration of
    attackers that declared some.  Not judged where a permanent entered in the step (it may
    be put onto the battlefield attacking), nor where the judge did not see the
    declaration."""
    before, now = step.before_game, o.game
    if before is None or now.step not in _SKIPPED or before.step in _SKIPPED \
            or before.active_player != now.active_player or "step" in now.unknown \
            or "step" in before.unknown or step.entered:
        return
    action = o.action
    if before.step is Step.DECLARE_ATTACKERS:
        if turn.combat is None or turn.combat.attackers:
            return  # attackers declared, or a declaration the judge did not see
    elif STEP_ORDER.index(before.step) > STEP_ORDER.index(Step.DECLARE_ATTACKERS) or (
            isinstance(action, DeclareAttackers) and action.attackers):
        return
    yield Violation(f"no creature attacks and the game is in the {now.step.value} step "
                    f"(CR 508.8: with no attackers, the declare blockers and combat damage "
                    f"steps are skipped)")


def reached_combat_without_attackers(o: Observation) -> bool:
    """The game passed from before the declaration of attackers, or from a declaration of
    none, to a later step of the same turn with no creature attacking: the steps an engine
    keeping the combat steps without attackers would have stopped in."""
    step = step_of(o)
    before, now = step.before_game, o.game
    if not step.acted or before is None or before.active_player != now.active_player or \
            STEP_ORDER.index(before.step) > STEP_ORDER.index(Step.DECLARE_ATTACKERS) or \
            STEP_ORDER.index(now.step) <= STEP_ORDER.index(Step.COMBAT_DAMAGE):
        return False
    action = o.action
    if isinstance(action, DeclareAttackers):
        return not action.attackers
    turn = turn_of(o)
    return before.step is not Step.DECLARE_ATTACKERS or (
        turn.combat is not None and not turn.combat.attackers)


#: Reminder text that speaks of blocking without restricting it.
_REACH = "(this creature can block creatures with flying.)"


def _restricts_blocks(found: frozenset[str]) -> bool:
    """Keywords whose restriction on blocking is not in the card's text (protection);
    the others' reminder text speaks of blocking (menace, fear, landwalk, shadow)."""
    return any(k.startswith("Protection") for k in found)


def _blocks_to_probe(step: StepView, turn: Turn, o: Observation
                     ) -> list[tuple[ObjectView, ObjectView, bool]] | None:
    """While the defending player may declare blockers (the declare attackers step, with
    an empty stack, before any block): each untapped creature of theirs with each attacker
    with flying, and whether it may block it alone (it has flying or reach); ``None`` when
    the judge can't tell (a text that speaks of blocking, a keyword it does not model)."""
    combat, game = turn.combat, o.game
    if combat is None or combat.blocks or game.step is not Step.DECLARE_ATTACKERS \
            or game.stack or not combat.defender:
        return None
    attackers = []
    for attacker in combat.attackers:
        view = o.views.get(attacker)
        found = keywords(step, view) if view is not None else None
        if view is None or view.zone is not Zone.BATTLEFIELD:
            continue
        if found is None or _restricts_blocks(found):
            return None
        if "Flying" in found:
            attackers.append(view)
    if not attackers:
        return None
    blockers = []
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any("block" in f.text.lower().replace(_REACH, "")
                                for f in faces):
            return None  # "can't block", "block ... if able", menace: not modelled
        if view.controller != combat.defender or view.tapped or not creature(step, view):
            continue
        found = keywords(step, view)
        if found is None or _restricts_blocks(found):
            return None
        blockers.append((view, bool({"Flying", "Reach"} & found)))
    return [(b, a, may) for b, may in blockers for a in attackers]


def _flying_blocks(step: StepView, turn: Turn, o: Observation) -> Iterable[Violation]:
    probes = _blocks_to_probe(step, turn, o)
    if not probes or turn.combat is None:
        return
    defender = turn.combat.defender
    if not o.engine.is_legal(DeclareBlockers(defender)):
        return  # blockers are not declared now, as this engine plays the step
    for blocker, attacker, may in probes:
        block = DeclareBlockers(defender, ((blocker.id, attacker.id),))
        legal = o.engine.is_legal(block)
        b = " // ".join(blocker.names) or "a face-down creature"
        a = " // ".join(attacker.names) or "a face-down creature"
        if legal and not may:
            yield Violation(f"{b}, without flying or reach, may block {a}, which has flying",
                            illegal=block)
            return
        if may and not legal:
            yield Violation(f"{b}, untapped and with flying or reach, may not block {a} "
                            f"(flying)")
            return


def _noncreature_block(step: StepView, turn: Turn, o: Observation
                       ) -> DeclareBlockers | None:
    """While the defending player may declare blockers (the declare attackers step, with an
    empty stack, before any block): a block of an attacker by an untapped noncreature
    permanent of theirs, which no player may declare (CR 509.1a: only creatures block);
    ``None`` when there is none, or a text in play may make a permanent a creature."""
    combat, game = turn.combat, o.game
    if combat is None or combat.blocks or game.step is not Step.DECLARE_ATTACKERS \
            or game.stack or not combat.defender:
        return None
    attacker = next((a for a in combat.attackers if (v := o.views.get(a)) is not None
                     and v.zone is Zone.BATTLEFIELD), None)
    if attacker is None:
        return None
    found = None
    for view in o.views.values():
        if view.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any(_ANIMATES.search(f.text.lower()) for f in faces):
            return None
        if found is None and view.zone is Zone.BATTLEFIELD \
                and view.controller == combat.defender and not view.tapped \
                and not view.face_down and creature(step, view) is False \
                and "Creature" not in view.types and "types" not in view.unknown:
            found = view
    return DeclareBlockers(combat.defender, ((found.id, attacker),)) if found else None


def _what_blocks(step: StepView, turn: Turn, o: Observation) -> Iterable[Violation]:
    """Only creatures block (CR 509.1a): once a turn, while the defending player may declare
    no blockers, a block by a noncreature permanent of theirs is probed and must be
    illegal."""
    if "noncreature blocker" in turn.probed_attackers:
        return
    block = _noncreature_block(step, turn, o)
    if block is None or not o.engine.is_legal(DeclareBlockers(block.player)):
        return
    turn.probed_attackers.add("noncreature blocker")
    if o.engine.is_legal(block):
        blocker = o.views[block.blocks[0][0]]
        yield Violation(f"{' // '.join(blocker.names)}, a noncreature permanent, may be "
                        f"declared as a blocker (CR 509.1a: only creatures block)",
                        illegal=block)


def reached_noncreature_blocker(o: Observation) -> bool:
    """An untapped noncreature permanent of the defending player while blockers may be
    declared."""
    step = step_of(o)
    return step.acted and _noncreature_block(step, turn_of(o), o) is not None


def _summoning_sick(step: StepView, turn: Turn, o: Observation) -> list[ObjectView]:
    """Before attackers are declared, with the active player's priority and an empty
    stack: the untapped creatures that came under the active player's control this turn
    and have no haste (by card data; a token an effect defined, by what the engine shows
    of it)."""
    game = o.game
    active = game.active_player
    if game.priority_player != active or game.stack or turn.combat is not None \
            or turn.unknown_haste or game.step not in (Step.PRECOMBAT_MAIN,
                                                       Step.BEGINNING_OF_COMBAT):
        return []
    sick = []
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != active or view.tapped \
                or view.id not in turn.entered or view.id in turn.hasted:
            continue
        found = keywords(step, view)
        if found is None and view.token:
            found = frozenset(view.keywords)
        if found is not None and "Haste" not in found and creature(step, view):
            sick.append(view)
    return sick


def _sick_attackers(step: StepView, turn: Turn, o: Observation) -> Iterable[Violation]:
    """A creature that came under its controller's control this turn, without haste, can't
    attack (CR 302.6): declaring it as an attacker alone is illegal whenever declaring no
    attackers is legal."""
    sick = _summoning_sick(step, turn, o)
    active = o.game.active_player
    if not sick or not o.engine.is_legal(DeclareAttackers(active, ())):
        return
    for view in sick:
        attack = DeclareAttackers(active, (view.id,))
        if o.engine.is_legal(attack):
            name = " // ".join(view.names) or "a face-down creature"
            yield Violation(f"{name} came under {active}'s control this turn, has no haste, "
                            f"and may attack", illegal=attack)
            return


#: Texts that may make a noncreature permanent a creature (a Vehicle crewed, a land or an
#: artifact animated): where one is in play, card data no longer tells what is a creature.
_ANIMATES = re.compile(r"\bcrew\b|becomes? (an? )?[^.]*creature|\b(is|are) (also )?(an? )?"
                       r"[^.]*creatures?\b(?! you control| card| spell)")


def _attack_probes(step: StepView, turn: Turn, o: Observation
                   ) -> list[tuple[str, DeclareAttackers, str]]:
    """Before attackers are declared, while the active player may declare them: a
    declaration no player may make, of each kind (CR 508.1, 508.1a) -- the active player
    declaring an untapped noncreature permanent of theirs as an attacker ("noncreature"),
    another player declaring an untapped creature of theirs ("non-active"), the active
    player declaring an untapped creature another player controls ("another's")."""
    game = o.game
    active = game.active_player
    if game.priority_player != active or game.stack or turn.combat is not None \
            or game.step not in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT):
        return []
    found: dict[str, tuple[str, DeclareAttackers, str]] = {}
    animated = False
    for view in o.views.values():
        if view.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            continue
        faces = step.judge.faces_of(view)
        if faces is not None and any(_ANIMATES.search(f.text.lower()) for f in faces):
            animated = True
            break
        if view.zone is not Zone.BATTLEFIELD or view.tapped or view.controller is None:
            continue
        is_creature = creature(step, view)
        name = " // ".join(view.names) or "a face-down creature"
        if view.controller == active and is_creature is False and not view.face_down \
                and "Creature" not in view.types and "types" not in view.unknown:
            found.setdefault("noncreature", (
                "noncreature", DeclareAttackers(active, (view.id,)),
                f"{name}, a noncreature permanent, may be declared as an attacker "
                f"(CR 508.1a: only creatures attack)"))
        elif view.controller != active and is_creature:
            found.setdefault("non-active", (
                "non-active", DeclareAttackers(view.controller, (view.id,)),
                f"{view.controller} may declare {name} as an attacker in {active}'s turn "
                f"(CR 508.1: the active player declares attackers)"))
            found.setdefault("another's", (
                "another's", DeclareAttackers(active, (view.id,)),
                f"{active} may declare {name}, a creature {view.controller} controls, as an "
                f"attacker (CR 508.1a: the active player chooses which creatures that they "
                f"control attack)"))
    return [] if animated else list(found.values())


def _who_and_what_attacks(step: StepView, turn: Turn, o: Observation
                          ) -> Iterable[Violation]:
    """Only the active player declares attackers, and only creatures attack (CR 508.1,
    508.1a): once a turn for each kind of ``_attack_probes``, while declaring no attackers
    is legal, the declaration is probed and must be illegal."""
    probes = [p for p in _attack_probes(step, turn, o) if p[0] not in turn.probed_attackers]
    if not probes or not o.engine.is_legal(DeclareAttackers(o.game.active_player, ())):
        return
    for kind, attack, why in probes:
        turn.probed_attackers.add(kind)
        if o.engine.is_legal(attack):
            yield Violation(why, illegal=attack)
            return


def reached_noncreature_attacker(o: Observation) -> bool:
    """An untapped noncreature permanent of the active player before attackers are
    declared."""
    step = step_of(o)
    return step.acted and any(kind == "noncreature"
                              for kind, _, _ in _attack_probes(step, turn_of(o), o))


def reached_other_players_attacker(o: Observation) -> bool:
    """An untapped creature of the non-active player before attackers are declared (which
    neither that player nor the active player may declare as an attacker)."""
    step = step_of(o)
    return step.acted and any(kind == "non-active"
                              for kind, _, _ in _attack_probes(step, turn_of(o), o))


def reached_summoning_sick(o: Observation) -> bool:
    """A creature that can't attack yet before attackers are declared."""
    step = step_of(o)
    return step.acted and bool(_summoning_sick(step, turn_of(o), o))


def reached_flying_blocks(o: Observation) -> bool:
    """A creature with flying attacking a player with an untapped creature."""
    step = step_of(o)
    return step.acted and bool(_blocks_to_probe(step, turn_of(o), o))


def reached_declarations(o: Observation) -> bool:
    """A step that declared attackers or blockers."""
    action = o.action
    return step_of(o).acted and (
        isinstance(action, DeclareAttackers) and bool(action.attackers)
        or isinstance(action, DeclareBlockers) and bool(action.blocks))


_COMBAT_KEYWORDS = frozenset({"Flying", "Reach", "First strike", "Double strike", "Trample",
                              "Lifelink", "Deathtouch", "Vigilance", "Haste"})


def fights(card: Card) -> bool:
    """The cards combat games favour: creatures whose keywords change how they fight, and
    permanents whose triggered abilities watch attacks or combat damage."""
    return any("Creature" in f.types and _COMBAT_KEYWORDS & set(f.keywords)
               or any(t.event.startswith(COMBAT_TRIGGERS) for t in read_face(f).triggers)
               for f in card.faces)


#: Attacks and blocks in combat games: declarations are drawn as often as casts.
WEIGHTS = (("DeclareAttackers", 24), ("DeclareBlockers", 48))
