"""Who may attack and block, probed (CR 508.1a, 508.1c, 509.1a, 509.1b, 302.6, 702.10b,
702.3b): the choices of attackers and blockers an engine accepts, beside
``combat-declarations`` (which judges the declarations made and probes blocks against
fliers and summoning-sick attackers).

Before attackers are declared (the active player's priority, an empty stack, a main phase
or the beginning of combat step, and declaring no attack legal): a tapped creature may not
attack, nor a creature with defender; an untapped creature with haste may -- whenever it
came under its controller's control -- and an engine that lists declarations of attackers
lists one with it.  While blockers may be declared (the declare attackers step, an empty
stack, no block yet, and declaring no block legal): a tapped creature may not block, and
one creature may not block two attackers; an untapped creature may block an attacker without
a keyword that restricts its blockers (flying, menace, fear, intimidate, shadow, skulk,
horsemanship, landwalk, protection) -- a creature with defender as any other, since defender
keeps it from attacking only (702.3b) -- where no permanent's text speaks of blocking; no declaration of blockers the engine lists has
either, and no declaration made has a creature blocking twice.

Probes are ``is_legal`` of a declaration (which changes nothing).  Nothing is said on a
board where a text speaks of who can attack or block beyond what keywords say ("can't
attack", "attacks each combat if able", "can block an additional creature", "as though it
were untapped") or of losing abilities, nor of a permanent the judge can't read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.choice_boards import hasty

from ...contract.types import DeclareAttackers, DeclareBlockers, ObjectView
from ...format.cards import Card
from ...format.vocabulary import Step, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .combat import creature, keywords, turn_of
from .declarations import WEIGHTS

#: Texts that change who may attack or block, or how many creatures one may block: the
#: judge says nothing where one is on the battlefield.
_RULES_CHANGED = re.compile(
    r"can't attack|cannot attack|attacks? each (combat|turn) if able|can attack|"
    r"can block (an additional|any number|only)|can't block|blocks? each (combat|turn) if "
    r"able|as though (it|they) (were|weren't) (untapped|tapped)|as though it didn't have|"
    r"los(e|es) all abilities|phas(e|es) out")


def _name(view: ObjectView) -> str:
    return " // ".join(view.names) or "a face-down creature"


def _readable(step: StepView, o: Observation) -> bool:
    """Whether every permanent's text is known, and none changes who attacks or blocks."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any(_RULES_CHANGED.search(f.text.lower()) for f in faces):
            return False
    return True


def _creatures(step: StepView, o: Observation, controller: str
               ) -> list[tuple[ObjectView, frozenset[str]]]:
    found = []
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.zone is not Zone.BATTLEFIELD or view.controller != controller \
                or not creature(step, view):
            continue
        words = keywords(step, view)
        if words is not None:
            found.append((view, words))
    return found


def _attack_probes(step: StepView, o: Observation) -> tuple[bool, list[Violation]]:
    game = o.game
    active = game.active_player
    turn = turn_of(o)
    if game.priority_player != active or game.stack or turn.combat is not None \
            or game.step not in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT):
        return False, []
    mine = _creatures(step, o, active)
    if not mine or not _readable(step, o) \
            or not o.engine.is_legal(DeclareAttackers(active, ())):
        return False, []
    listed: list[DeclareAttackers] | None = None
    for view, words in mine:
        attack = DeclareAttackers(active, (view.id,))
        if view.tapped or "Defender" in words:
            if o.engine.is_legal(attack):
                why = "is tapped" if view.tapped else "has defender"
                return True, [Violation(f"{_name(view)} {why} and may attack (CR 508.1a, "
                                        f"702.3b)", illegal=attack)]
        elif "Haste" in words:
            if not o.engine.is_legal(attack):
                return True, [Violation(f"{_name(view)}, untapped and with haste, may not "
                                        f"attack (CR 302.6, 702.10b)", legal=attack)]
            if listed is None:
                listed = [a for a in o.engine.legal_actions(active)
                          if isinstance(a, DeclareAttackers) and a.attackers]
            if listed and not any(view.id in a.attackers for a in listed):
                return True, [Violation(f"{_name(view)}, untapped and with haste, is in no "
                                        f"declaration of attackers the engine lists "
                                        f"(CR 302.6, 702.10b)", legal=attack)]
    return True, []


def _block_probes(step: StepView, o: Observation) -> tuple[bool, list[Violation]]:
    game = o.game
    combat = turn_of(o).combat
    if combat is None or combat.blocks or game.step is not Step.DECLARE_ATTACKERS \
            or game.stack or not combat.defender:
        return False, []
    attackers = [o.views[a] for a in combat.attackers
                 if a in o.views and o.views[a].zone is Zone.BATTLEFIELD]
    theirs = _creatures(step, o, combat.defender)
    if not attackers or not theirs or not _readable(step, o) \
            or not o.engine.is_legal(DeclareBlockers(combat.defender)):
        return False, []
    defender = combat.defender
    tapped = {v.id for v, _words in theirs if v.tapped}
    for block in o.engine.legal_actions(defender):
        if not isinstance(block, DeclareBlockers):
            continue
        blockers = [b for b, _a in block.blocks]
        if len(set(blockers)) < len(blockers) or tapped & set(blockers):
            return True, [Violation(f"the engine lists {block!r}, in which a creature blocks "
                                    f"twice or a tapped creature blocks (CR 509.1a, 509.1b)",
                                    illegal=block)]
    for view, _words in theirs:
        if view.tapped:
            block = DeclareBlockers(defender, ((view.id, attackers[0].id),))
            why = f"the tapped {_name(view)} may block {_name(attackers[0])} (CR 509.1a)"
        elif len(attackers) >= 2:
            block = DeclareBlockers(defender, ((view.id, attackers[0].id),
                                               (view.id, attackers[1].id)))
            why = (f"{_name(view)} may block both {_name(attackers[0])} and "
                   f"{_name(attackers[1])} (CR 509.1a, 509.1b)")
        else:
            continue
        if o.engine.is_legal(block):
            return True, [Violation(why, illegal=block)]
    return True, _allowed_blocks(step, o, defender, attackers, theirs)


#: Keywords that restrict what may block their creature (CR 702.9b, 702.110b, 702.36b,
#: 702.13b, 702.28b, 702.118b, 702.31b); landwalk and protection are matched by their form.
_EVASION = frozenset({"Flying", "Menace", "Fear", "Intimidate", "Shadow", "Skulk",
                      "Horsemanship"})
#: Reminder text that speaks of blocking without restricting it.
_REACH = "(this creature can block creatures with flying.)"
#: Keywords that keep their creature from blocking (CR 702.147a).
_CANT_BLOCK = frozenset({"Decayed"})


def _evasive(words: frozenset[str]) -> bool:
    return bool(_EVASION & words) or any(
        w.startswith("Protection") or w.lower().endswith("walk") for w in words)


def _allowed_blocks(step: StepView, o: Observation, defender: str,
                    attackers: list[ObjectView],
                    theirs: list[tuple[ObjectView, frozenset[str]]]) -> list[Violation]:
    """Each untapped creature of the defending player may block an attacker no keyword
    keeps it from blocking -- with defender too, which keeps a creature from attacking
    only (CR 509.1a, 702.3b) -- where no card's text in any zone speaks of blocking (but
    reach's reminder)."""
    step.shared["attacks-and-blocks: allowed"] = False
    for view in o.views.values():  # a spell that resolved this turn may say "can't block"
        faces = step.judge.faces_of(view)
        if faces is None and not view.face_down or any(
                "block" in f.text.lower().replace(_REACH, "") for f in faces or ()):
            return []
    plain = None
    for view in attackers:
        words = keywords(step, view)
        if words is not None and not _evasive(words):
            plain = view
            break
    if plain is None:
        return []
    for view, words in theirs:
        if view.tapped or _CANT_BLOCK & words:
            continue
        if "Defender" in words:
            step.shared["attacks-and-blocks: allowed"] = True
        block = DeclareBlockers(defender, ((view.id, plain.id),))
        if not o.engine.is_legal(block):
            having = " with defender" if "Defender" in words else ""
            return [Violation(f"the untapped {_name(view)}{having} may not block "
                              f"{_name(plain)}, whose keywords restrict no blocker "
                              f"(CR 509.1a, 702.3b)", legal=block)]
    return []


def _probes(o: Observation) -> tuple[bool, list[Violation]]:
    """Whether a declaration was probed, and what the probes found (once a step)."""
    step = step_of(o)
    key = "attacks-and-blocks"
    if key not in step.shared:
        found: tuple[bool, list[Violation]] = (False, [])
        if step.acted and o.engine.pending_choice() is None and not o.game.game_over:
            attacks, blocks = _attack_probes(step, o), _block_probes(step, o)
            found = (attacks[0] or blocks[0], attacks[1] + blocks[1])
        step.shared[key] = found
    return step.shared[key]  # type: ignore[no-any-return]


def attacks_and_blocks(o: Observation) -> Iterable[Violation]:
    """A tapped creature, or one with defender, may not attack; an untapped creature with
    haste may, whenever it came under its controller's control, and is in a declaration of
    attackers the engine lists; a tapped creature may not block, nor one creature block two
    attackers, and an untapped creature -- one with defender too -- may block an attacker
    without flying or another keyword restricting its blockers -- probed before attackers and blockers are declared, in the declarations of
    blockers the engine lists, and in those made (CR 508.1a, 509.1a, 509.1b, 302.6,
    702.10b, 702.3b)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return
    action = o.action
    if isinstance(action, DeclareBlockers) and o.game.step is Step.DECLARE_BLOCKERS \
            and _readable(step, o):
        blockers = [b for b, _a in action.blocks]
        twice = next((b for b in blockers if blockers.count(b) > 1), None)
        view = step.before_views.get(twice) if twice is not None else None
        if view is not None:
            yield Violation(f"{_name(view)} was declared blocking two attackers (CR 509.1a)")
            return
    yield from _probes(o)[1][:1]


def reached(o: Observation) -> bool:
    """Attackers or blockers were probed."""
    return _probes(o)[0]


def reached_two_attackers(o: Observation) -> bool:
    """Blockers were probed against two attackers or more with an untapped creature."""
    step = step_of(o)
    combat = turn_of(o).combat
    return _probes(o)[0] and combat is not None and not combat.blocks \
        and o.game.step is Step.DECLARE_ATTACKERS and len(combat.attackers) >= 2 \
        and any(not v.tapped for v, _w in _creatures(step, o, combat.defender))


def reached_tapped_blocker(o: Observation) -> bool:
    """Blockers were probed with a tapped creature of the defending player."""
    step = step_of(o)
    combat = turn_of(o).combat
    return _probes(o)[0] and combat is not None and not combat.blocks \
        and o.game.step is Step.DECLARE_ATTACKERS \
        and any(v.tapped for v, _w in _creatures(step, o, combat.defender))


def reached_defender_blocking(o: Observation) -> bool:
    """An untapped creature with defender was probed blocking an attacker."""
    return _probes(o)[0] and bool(step_of(o).shared.get("attacks-and-blocks: allowed"))


def reached_haste(o: Observation) -> bool:
    """Attackers were probed with an untapped creature with haste of the active player."""
    step = step_of(o)
    return _probes(o)[0] and o.game.step in (Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT) \
        and any(not v.tapped and "Haste" in w
                for v, w in _creatures(step, o, o.game.active_player))


def focus(card: Card) -> bool:
    """Creatures with haste."""
    return hasty(card)


PROPERTIES: tuple[Property, ...] = (
    Property("attacks-and-blocks", attacks_and_blocks.__doc__ or "",
             ("combat-attacking-creatures",),
             frozenset({"combat"}), attacks_and_blocks, focus,
             ("508.1a", "509.1a", "509.1b", "302.6", "702.10b", "702.3b"), "combat", reached,
             weights=WEIGHTS),
)
