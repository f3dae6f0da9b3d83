"""Invariants of costs and permissions: whether casting a spell, unlocking a door or turning a
permanent face up is legal, worked out by the judge whenever it knows the player's mana --
at the start of a game, after steps that spend nothing, and after mana empties between steps
(CR 500.4).  When it does not know the mana, it still rules on what timing, zones and
permissions forbid whatever the mana (a sorcery on another player's turn, a card in another
player's graveyard, an exiled card whose permission to be played has ended).

The judge computes the total cost itself (CR 601.2f: the mana cost or alternative cost,
plus every increase -- from any player's permanents -- minus the caster's reductions, which
reduce generic mana only), reads permissions from card data (once during each of your
turns, a permanent spell of mana value N or less, from your own graveyard), and checks the
timing of spells, special actions and unlocking (CR 307.1, 116.2b, 709.5e).  Where a spell
needs targets the judge does not work out, it only says when the action must be illegal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import product

from ...contract.types import (
    Action, Activate, Cast, ObjectId, ObjectView, PlayerRef, PlayLand, StackItemView,
    TurnFaceUp, Unlock,
)
from ...format.cards import Card, CardFace
from ...format.vocabulary import Door, Zone
from ..judge import Cost, total_cost
from ..memory import PerGame, StepView, resolved_spell, step_of
from .activation_timing import abilities_of
from .combat import turn_of
from .damage_results import _sturdy
from .exile import exiled_of
from .pools import (Pools, action_cost, other_mana_abilities, pools_before, pools_of,
                    with_lands_tapped, with_untapped_lands)
from ..observation import Observation, Violation, mana_value

_PERMANENT = frozenset({"Artifact", "Creature", "Enchantment", "Planeswalker", "Battle"})
_MAIN = ("precombat_main", "postcombat_main")


def _targets_known(face: CardFace) -> bool | None:
    """Whether a spell of ``face`` can always be cast as far as targets go: it has none, or
    it may target a player.  ``None``: it needs targets the judge does not work out."""
    text = face.text.lower()
    if "target" not in text and "Enchant" not in face.keywords:
        return True
    if "target player" in text or "any target" in text:
        return True
    return None


class _Judgement:
    """Must an action be legal (True), illegal (False), or can't the judge tell (None)?"""

    def __init__(self) -> None:
        self.verdict: bool | None = True
        self.why: list[str] = []

    def require(self, condition: bool | None, why: str) -> None:
        if condition is False:
            if self.verdict is not False:
                self.why = []
            self.verdict = False
            self.why.append(why)
        elif condition is None and self.verdict is True:
            self.verdict = None


def _sorcery_timing(step: StepView, player: str) -> bool:
    game = step.now.game
    return game.active_player == player and game.step.value in _MAIN and not game.stack


def _permission(step: StepView, player: str, spell: tuple[frozenset[str], frozenset[str]],
                value: int) -> bool | None:
    """May ``player`` cast this spell from their graveyard?  Each cast from it this turn
    used one permission, whichever the player chose (CR 601.3): with more permissions
    allowing this spell than casts so far, one of them is unused whatever was chosen."""
    judge, o = step.judge, step.now
    sources = []
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != player:
            continue
        readings = judge.readings_of(view)
        if readings is None:
            return None
        for reading in readings:
            if reading.permission_mv is not None:
                sources.append((view.id, reading.permission_mv))
    if o.game.active_player != player:
        return False  # "during each of your turns"
    matching = [s for s, limit in sources if spell[0] & _PERMANENT and value <= limit]
    if not matching:
        return False
    casts = step.knowledge.permission_sources.get(player, [])
    current = frozenset(s for s, _limit in sources)
    if len(casts) >= len(current) and all(current == then for then in casts):
        return False  # every permission was used this turn (none came or went since)
    return True if len(matching) > len(casts) else None


def _xs(step: StepView, player: str, pool: Pools) -> tuple[int, ...]:
    """The values of X a cast of a spell with {X} in its mana cost is judged with: 1, and
    one more than all the mana the player may have (the most of any pool, with every
    untapped basic land's mana added), which no pool pays whatever the rest of the cost."""
    most = with_untapped_lands(step.judge, step.now.views.values(), player, pool) or pool
    total = max((sum(n for _kind, n in mana) for mana in most.possible), default=0)
    return (1, total + 1)


def _cast_judgement(step: StepView, player: str, card: Card, zone: Zone, owner: str,
                    faces: list[CardFace], face_down: bool, pool: Pools | None,
                    card_id: ObjectId | None = None, x: int | None = None) -> _Judgement:
    judge, o = step.judge, step.now
    verdict = _Judgement()
    if face_down:
        morph = next((judge.reading(f).morph for f in card.faces[:1]), None)
        verdict.require(morph is not None, "it has no morph ability")
        spell = (frozenset({"Creature"}), frozenset[str]())
        base: str | None = "{3}"
        keywords: tuple[str, ...] = ()
    else:
        spell = (frozenset(t for f in faces for t in f.types),
                 frozenset(t for f in faces for t in f.supertypes))
        base = faces[0].mana_cost
        if x is not None and base is not None:  # the X announced (CR 601.2f, 107.3a)
            base = base.replace("{X}", f"{{{x}}}")
        keywords = tuple(k for f in faces for k in f.keywords)
    verdict.require(o.game.priority_player == player, f"{player} does not have priority")
    verdict.require("Land" not in spell[0], "a land is played, not cast")
    instant = "Instant" in spell[0] or "Flash" in keywords
    verdict.require(instant or _sorcery_timing(step, player), "not at sorcery speed")
    if zone is Zone.HAND:
        verdict.require(owner == player, "the card is in another player's hand")
    elif zone is Zone.GRAVEYARD and owner == player:
        value = 0 if face_down else sum(mana_value(f.mana_cost) for f in faces)
        if x is not None and not face_down:  # X is the value announced (CR 202.3e)
            value += x * (faces[0].mana_cost or "").count("{X}")
        verdict.require(_permission(step, player, spell, value),
                        "no unused permission allows casting it from the graveyard")
    elif zone is Zone.EXILE and card_id is not None and not face_down:
        verdict.require(exiled_of(o).allows(card_id, player),
                        "no permission to play it from exile holds")
    else:
        verdict.require(False, f"nothing allows casting it from {owner}'s {zone.value}")
    earlier = step.knowledge.casts.get(player, [])
    cost = total_cost(judge, o.views, player, spell, base, earlier)
    payable = _payable(step, player, pool, cost)
    if payable is not True and not face_down and faces:
        payable = _convoked(step, player, faces[0], pool, cost, payable)
        if payable is True:
            step.shared["costs: convoke helped"] = True
    unknown = step.shared.get("unknown cost change")
    if unknown is None:  # the same for every candidate of the step
        unknown = step.shared["unknown cost change"] = any(
            r.unknown_cost for v in o.views.values() if v.zone is Zone.BATTLEFIELD
            for r in judge.readings_of(v) or ())
    verdict.require(payable if payable is not False or not unknown else None,
                    f"its total cost {_show(cost)} can't be paid from {_show_pool(pool)}"
                    f"{_LANDS}")
    if not face_down:
        verdict.require(_targets_known(faces[0]), "")
    return verdict


def _convoked(step: StepView, player: str, face: CardFace, pool: Pools | None, cost: Cost,
              payable: bool | None) -> bool | None:
    """Whether ``player`` can pay ``cost`` for a spell of ``face`` with convoke, their
    untapped creatures helping -- whether or not they have summoning sickness: tapping a
    creature for convoke is no {T} cost (CR 702.51a, 302.6).  ``True`` when every pool they
    may have pays the rest once the creatures have paid what they can, ``payable`` (what the
    pool alone decides) when no creature can help or the spell has no convoke, ``None``
    otherwise (lands tapped beside the creatures, a creature the judge can't read)."""
    convoking = _convoking(step, player, face)
    if convoking is False:
        return payable
    judge = step.judge
    creatures: list[frozenset[str]] = []
    for view in step.now.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != player or view.tapped:
            continue
        types = judge.types_of(view)
        faces = [] if view.face_down else judge.faces_of(view)
        if types is None or faces is None and not view.token:
            return None
        if "Creature" in types:  # a token an effect defined: its colors as the engine shows
            creatures.append(frozenset(view.colors) if faces is None
                             else frozenset(c for f in faces for c in f.colors))
    if not creatures:
        return payable
    if convoking is None or pool is None:
        return None
    if all(_helped(mana, cost, creatures) for mana in pool.possible):
        return True
    return None


#: how a judgement that a cost can't be paid ends (see :func:`_payable`)
_LANDS = " with the untapped basic lands of the player's mana added"


def _payable(step: StepView, player: str, pool: Pools | None, cost: Cost) -> bool | None:
    """Whether ``player`` can pay ``cost``: ``True`` from every pool they may have; ``False``
    when no pool can, on an engine that pays costs from the pool alone (``explicit-mana``);
    on another, which may tap lands as the cost is paid (CR 601.2g), ``False`` only when not
    even that pool with the mana of all their untapped basic lands could, and they have no
    other mana ability; ``None`` otherwise."""
    if pool is None:
        return None
    payable = pool.can_pay(cost)
    if payable is not False or "explicit-mana" in step.now.engine.info.capabilities:
        return payable
    key = ("costs: mana with the lands", player, id(pool))
    kept = step.shared.get(key)
    if kept is None or kept[0] is not pool:
        views = step.now.views.values()
        most = None if other_mana_abilities(step.judge, views, player) \
            else with_untapped_lands(step.judge, views, player, pool)
        kept = step.shared[key] = (pool, most)
    most = kept[1]
    return False if most is not None and most.can_pay(cost) is False else None


def _show(cost: Cost) -> str:
    return (f"{{{cost.generic}}}" if cost.generic else "") + "".join(
        f"{{{s}}}" for s in cost.symbols) or "{0}"


def _show_pool(pool: Pools | None) -> str:
    if pool is None:
        return "a pool the judge does not know"
    return pool.show()


def _candidates(step: StepView, player: str, pool: Pools | None
                ) -> list[tuple[Action, _Judgement]]:
    """Each action the judge rules on, with its judgement; with an unknown ``pool``, what
    the cost decides is unknown, and only what timing, zones and permissions decide is
    ruled on.  Worked out once per step for every property that asks (the legal actions
    and the permissions to cast from a graveyard)."""
    key = ("costs candidates", player, id(pool))
    kept = step.shared.get(key)
    if kept is None or kept[0] is not pool:
        kept = step.shared[key] = (pool, list(_judged_candidates(step, player, pool)))
    return kept[1]


def _judged_candidates(step: StepView, player: str, pool: Pools | None
                       ) -> Iterable[tuple[Action, _Judgement]]:
    judge, o = step.judge, step.now
    for view in o.views.values():
        card = judge.card_of(view)
        if card is None or view.token:
            continue
        if view.zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE):
            options: list[tuple[Door | None, list[CardFace]]]
            if card.is_room:
                options = [(Door.LEFT, [card.faces[0]]), (Door.RIGHT, [card.faces[1]])]
            else:
                options = [(None, [card.faces[0]])]
            for door, faces in options:
                plain = _cast_judgement(step, player, card, view.zone, view.owner, faces,
                                        False, pool, view.id)
                yield Cast(player, view.id, door=door), plain
                if door is None and "{X}" in (faces[0].mana_cost or "") and pool is not None \
                        and plain.verdict is not False:
                    for x in _xs(step, player, pool):
                        yield (Cast(player, view.id, x=x),
                               _cast_judgement(step, player, card, view.zone, view.owner,
                                               faces, False, pool, view.id, x))
            if view.zone is Zone.HAND and view.owner != player \
                    and "Land" in card.faces[0].types:
                refused = _Judgement()  # only from their own hand (or a permission's zone)
                refused.require(False, f"it is in {view.owner}'s hand, not {player}'s (CR "
                                       f"305.1, 116.2a)")
                yield PlayLand(player, view.id), refused
            if view.zone is Zone.GRAVEYARD and "Land" in card.faces[0].types \
                    and not _lands_played_elsewhere(step):
                refused = _Judgement()  # a permission to cast spells is not one to play lands
                refused.require(False, "a land is played from a graveyard only with a "
                                       "permission to play lands from there (CR 305.1, 601.3)")
                yield PlayLand(player, view.id), refused
            if view.zone is Zone.HAND and view.owner == player:
                yield (Cast(player, view.id, face_down=True),
                       _cast_judgement(step, player, card, view.zone, view.owner, [],
                                       True, pool))
        elif view.zone is Zone.BATTLEFIELD and card.is_room and not view.face_down:
            for door in Door:
                verdict = _Judgement()
                verdict.require(view.controller == player, "another player's Room")
                verdict.require(o.game.priority_player == player, "no priority")
                verdict.require(_sorcery_timing(step, player),
                                "not in a main phase of its controller's turn with an empty "
                                "stack")
                verdict.require(door not in view.unlocked_doors, "the door is unlocked")
                cost = Cost.of(card.faces[0 if door is Door.LEFT else 1].mana_cost)
                verdict.require(_payable(step, player, pool, cost),
                                f"its unlock cost {_show(cost)} can't be paid from "
                                f"{_show_pool(pool)}{_LANDS}")
                yield Unlock(player, view.id, door), verdict
        elif view.zone is Zone.BATTLEFIELD and not view.face_down \
                and view.controller != player and not _others_may_activate(step):
            shown = judge.faces_of(view)
            read = abilities_of(shown[0]) if shown and len(shown) == 1 else None
            for index in range(len(read or ())):
                refused = _Judgement()  # only its controller activates it (CR 602.2)
                refused.require(False, f"it is {view.controller}'s permanent, not {player}'s "
                                       f"(CR 602.2)")
                yield Activate(player, view.id, index), refused
        elif view.zone is Zone.BATTLEFIELD and view.face_down:
            morph = judge.reading(card.faces[0]).morph
            verdict = _Judgement()
            verdict.require(view.controller == player, "another player's permanent")
            verdict.require(o.game.priority_player == player, "no priority")
            verdict.require(morph is not None, "no morph cost")
            if morph is not None:
                verdict.require(_payable(step, player, pool, Cost.of(morph)),
                                f"its morph cost {morph} can't be paid from "
                                f"{_show_pool(pool)}{_LANDS}")
            yield TurnFaceUp(player, view.id), verdict


def _lands_played_elsewhere(step: StepView) -> bool:
    """Whether a permanent's text may let a player play lands from somewhere other than
    their hand ("you may play lands from your graveyard"), or gives abilities."""
    return step.battlefield_says("costs: lands played elsewhere", lambda f: '"' in f.text or (
        re.search(r"\bplay (?:a )?lands?\b", f.text.lower()) is not None))


def _others_may_activate(step: StepView) -> bool:
    """Whether a permanent's text may let a player activate abilities of permanents they
    don't control, or gives abilities (CR 602.2: "unless an ability says otherwise")."""
    return step.battlefield_says("costs: others may activate", lambda f: '"' in f.text or (
        "activate" in f.text.lower().replace("activate only", "")))


_CONVOKE = re.compile(r"^(?:([a-z ]+?) )?spells you cast have convoke", re.IGNORECASE)
_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Sorcery")


def _convoking(step: StepView, player: str, face: CardFace) -> bool | None:
    """Whether a spell of ``face`` cast by ``player`` has convoke: its own keyword, or "...
    spells you cast have convoke" of a permanent of theirs (``None``: another effect the
    judge does not model changes costs)."""
    judge = step.judge
    found = "Convoke" in face.keywords
    for view in step.before_views.values():
        if view.zone is not Zone.BATTLEFIELD or view.face_down:
            continue
        for other in judge.faces_of(view) or ():
            if not judge.reading(other).unknown_cost:
                continue
            given = [m for line in other.text.splitlines()
                     if (m := _CONVOKE.match(line.strip())) is not None]
            if not given:
                return None
            words = (given[0].group(1) or "").lower()
            wanted = {t for t in _TYPES if t.lower() in words}
            if view.controller == player and (not wanted or wanted & set(face.types)):
                found = True
    return found


#: What else a spell's text may ask its caster to choose among their permanents as it is
#: cast: then no choice of permanents is read as convoke's.
_OTHER_COSTS = re.compile(r"additional cost|sacrifice|exile|tap an untapped|return")


def _convoke_offers(o: Observation, step: StepView) -> Violation | None:
    """A spell with convoke offers, for convoke, untapped creatures its caster controls
    and nothing else (CR 702.51a): read from a choice of its caster's, as it was cast,
    whose options are all permanents."""
    action, judge = o.action, step.judge
    if not isinstance(action, Cast) or step.cast_spell is None or action.face_down \
            or not o.choices:
        return None
    spell = o.views.get(step.cast_spell)
    faces = judge.faces_of(spell) if spell is not None else None
    if spell is None or not faces or len(faces) != 1 \
            or _convoking(step, action.player, faces[0]) is not True \
            or _OTHER_COSTS.search(faces[0].text.lower()):
        return None
    for choice, _answer in o.choices:
        if choice.kind != "cards" or choice.player != action.player or not choice.options:
            continue
        offered = [step.before_views.get(option.value) for option in choice.options]
        if any(v is None or v.zone is not Zone.BATTLEFIELD for v in offered):
            continue  # not a choice among permanents
        for view in offered:
            assert view is not None
            types = judge.types_of(view)
            why = "tapped" if view.tapped else \
                f"controlled by {view.controller}" if view.controller != action.player else \
                "no creature" if types is not None and "Creature" not in types else None
            if why is not None:
                return Violation(f"{' // '.join(spell.names)}, cast by {action.player}, "
                                 f"offered {' // '.join(view.names) or 'a face-down creature'}"
                                 f", which is {why}, to tap for convoke: convoke taps "
                                 f"untapped creatures its caster controls (CR 702.51a)")
        left_out = _convoke_left_out(o, step, faces[0], {v.id for v in offered if v})
        if left_out is not None:
            return Violation(f"{' // '.join(spell.names)}, cast by {action.player}, did not "
                             f"offer {left_out}, an untapped creature its caster controls, to "
                             f"tap for convoke though its total cost has generic mana: any "
                             f"untapped creature its caster controls may be tapped, whenever "
                             f"it came under their control -- tapping it for convoke is no "
                             f"{{T}} cost (CR 702.51a, 302.6)")
    return None


def _convoke_left_out(o: Observation, step: StepView, face: CardFace,
                      offered: set[ObjectId]) -> str | None:
    """The name of an untapped creature the caster controlled as the spell was cast that a
    choice of creatures for convoke left out, where the total cost has generic mana (which
    any creature pays for); ``None`` when none was, or the judge can't tell."""
    action = o.action
    assert isinstance(action, Cast)
    cost = _cast_cost(step, action, face)
    if cost is None or cost.generic < 1:
        return None
    for view in step.before_views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller != action.player \
                or view.tapped or view.id in offered:
            continue
        types = step.judge.types_of(view)
        if types is None:
            return None
        if "Creature" in types:
            return " // ".join(view.names) or "a face-down creature"
    return None


def _cast_cost(step: StepView, action: Cast, face: CardFace) -> Cost | None:
    """The total cost of the spell of ``face`` that ``action`` cast in the step, as it was
    cast (the X announced; the changes in play before it, the spells cast earlier this
    turn); ``None`` for an X the action does not name."""
    base = face.mana_cost or ""
    if "{X}" in base:
        if action.x is None:
            return None
        base = base.replace("{X}", f"{{{action.x}}}")
    return total_cost(step.judge, step.before_views, action.player,
                      (frozenset(face.types), frozenset(face.supertypes)), base,
                      step.knowledge.casts.get(action.player, [])[:-1])


def _convoke_payment(o: Observation, step: StepView) -> Violation | None:
    """A spell with convoke cast with creatures tapped: each pays {1} or one mana of its
    color (CR 702.51a), and some pool the caster may have had pays the rest."""
    action, judge = o.action, step.judge
    if not isinstance(action, Cast) or step.cast_spell is None or action.face_down:
        return None
    spell = o.views.get(step.cast_spell)
    faces = judge.faces_of(spell) if spell is not None else None
    if spell is None or spell.zone is not Zone.STACK or not faces or len(faces) != 1:
        return None
    face = faces[0]
    pools = with_lands_tapped(step, action.player, pools_before(o).get(action.player))
    if pools is None or not _convoking(step, action.player, face) \
            or other_mana_abilities(judge, step.before_views.values(), action.player):
        return None
    cost = _cast_cost(step, action, face)
    if cost is None:
        return None
    helpers: list[tuple[str, frozenset[str]]] = []
    for object_id, view in o.views.items():
        was = step.before_views.get(object_id)
        if was is None or was.zone is not Zone.BATTLEFIELD or was.tapped or not view.tapped \
                or view.zone is not Zone.BATTLEFIELD or was.controller != action.player:
            continue
        types = judge.types_of(was)
        faces_then = judge.faces_of(was)
        if types is None or faces_then is None:
            return None
        if "Creature" in types:
            helpers.append((" // ".join(was.names) or "a face-down creature",
                            frozenset(c for f in faces_then for c in f.colors)))
    if any(_helped(mana, cost, [c for _n, c in helpers]) for mana in pools.possible):
        return None
    names = ", ".join(n for n, _c in helpers) or "no creature"
    return Violation(f"{' // '.join(spell.names)} was cast by {action.player} with {names} "
                     f"tapped for convoke and "
                     f"{pools.show()} in the pool, which can't pay its total cost "
                     f"{_show(cost)}: a creature tapped for convoke pays {{1}} or one mana "
                     f"of its color")


def _payment(o: Observation, step: StepView) -> Violation | None:
    """A spell cast, a door unlocked or a permanent turned face up was paid for: some pool
    the player may have had, with the mana of the basic lands tapped as it was paid, pays
    its cost (CR 601.2h, 709.5e, 702.37e)."""
    action = o.action
    if not isinstance(action, (Cast, Unlock, TurnFaceUp)) or not step.acted:
        return None
    cost = action_cost(step, action)
    pools = with_lands_tapped(step, action.player, pools_before(o).get(action.player))
    if cost is None or pools is None or pools.can_pay(cost) is not False \
            or other_mana_abilities(step.judge, step.before_views.values(), action.player):
        return None
    return Violation(f"{_describe(o, action)} was taken with {pools.show()} in the pool and "
                     f"the basic lands tapped as it was paid, which can't pay its cost "
                     f"{_show(cost)}")


def _helped(mana: tuple[tuple[str, int], ...], cost: Cost,
            creatures: list[frozenset[str]]) -> bool:
    """Whether the pool ``mana`` pays what is left of ``cost`` once each creature of
    ``creatures`` (their colors) has paid for {1} or for one symbol of its color."""
    options = [[-1, *(i for i, s in enumerate(cost.symbols)
                      if any(part in colors for part in s.split("/")))] for colors in creatures]
    for chosen in product(*options):
        symbols = [i for i in chosen if i >= 0]
        generic = sum(1 for i in chosen if i < 0)
        if len(set(symbols)) != len(symbols) or generic > cost.generic:
            continue
        left = Cost(cost.generic - generic,
                    tuple(s for i, s in enumerate(cost.symbols) if i not in symbols))
        if Pools(frozenset({mana})).can_pay(left):
            return True
    return False


def legal_actions(o: Observation) -> Iterable[Violation]:
    """Casting a spell is legal exactly when its timing, the zone it is in (its owner's
    hand, a graveyard with an unused permission for it, or exile while a permission to
    play it holds) and its total cost allow it; a land in another player's hand is never
    played (CR 305.1), nor a land card from a graveyard without a permission to play lands
    from there (a permission to cast spells is none, CR 601.3), nor an ability of another
    player's permanent activated (CR 602.2);
    unlocking a door exactly in a main phase of its Room's controller's turn with an empty
    stack, by paying that door's mana cost (no spell's cost increase applies); turning a
    face-down permanent face up exactly by its controller paying its morph cost.  Whatever
    of these was taken was paid for, by the pool and the basic lands tapped as it was paid
    (CR 601.2g-h)."""
    step = step_of(o)
    pools_of(o)  # brought up to date at every step, judged or not
    if o.engine.pending_choice() is not None or step.before is None and not o.recorder:
        return
    convoked = _convoke_offers(o, step) or _convoke_payment(o, step) or _payment(o, step)
    if convoked is not None:
        yield convoked
        return
    player = o.game.priority_player
    if player is None:
        return
    pool = pools_of(o).get(player)
    for action, verdict in _candidates(step, player, pool):
        if verdict.verdict is None or pool is None and verdict.verdict:
            continue
        legal = o.engine.is_legal(action)
        if legal != verdict.verdict:
            why = "; ".join(w for w in verdict.why if w) or "every condition holds"
            described = _describe(o, action)
            if legal:
                yield Violation(f"{described} is legal though {why}", illegal=action)
            else:
                yield Violation(f"{described} is illegal though {why} (mana: "
                                f"{_show_pool(pool)})", legal=action)
            return


def _describe(o: Observation, action: Action) -> str:
    obj = getattr(action, "card", None) or getattr(action, "object", None)
    view = o.views.get(str(obj))
    name = " // ".join(view.identity or view.names) if view is not None else str(obj)
    kind = type(action).__name__
    door = getattr(action, "door", None)
    extra = f" ({door.value} door)" if door is not None else ""
    if isinstance(action, Cast) and action.face_down:
        extra = " face down"
    elif isinstance(action, Cast) and action.x is not None:
        extra = f" with X={action.x}"
    return f"{kind} {name}{extra} by {getattr(action, 'player', '')}"


def reached(o: Observation) -> bool:
    """The judge knew the mana of the player with priority and ruled on some action."""
    step = step_of(o)
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player else None
    if player is None or pool is None or o.engine.pending_choice() is not None:
        return False
    return any(v.verdict is not None for _a, v in _candidates(step, player, pool))


def reached_increase(o: Observation) -> bool:
    """... and a cost increase or reduction was on the battlefield."""
    step = step_of(o)
    return reached(o) and any(
        r.cost_increase or r.cost_reduction for v in o.views.values()
        if v.zone is Zone.BATTLEFIELD for r in step.judge.readings_of(v) or ())


def reached_two_reductions(o: Observation) -> bool:
    """... and two reductions of the cost of spells were on the battlefield of the player
    with priority (each reduces the total cost, CR 601.2f)."""
    player = o.game.priority_player
    return reached(o) and sum(
        1 for v in o.views.values()
        if v.zone is Zone.BATTLEFIELD and v.controller == player
        for r in step_of(o).judge.readings_of(v) or ()
        if r.cost_reduction or r.cost_reduction_each) >= 2


def reached_unlock_beside_a_reduction(o: Observation) -> bool:
    """A door's unlock was ruled on while a reduction of the cost of spells was on its
    controller's battlefield (the special action's cost is the door's mana cost, which no
    reduction of spells' costs changes: CR 709.5e, 601.2f)."""
    if not reached(o):
        return False
    step, player = step_of(o), o.game.priority_player
    assert player is not None
    if not any(v.zone is Zone.BATTLEFIELD and v.controller == player
               and any(r.cost_reduction for r in step.judge.readings_of(v) or ())
               for v in o.views.values()):
        return False
    return any(isinstance(a, Unlock) and v.verdict is not None
               for a, v in _candidates(step, player, pools_of(o).get(player)))


def reached_convoke_helped(o: Observation) -> bool:
    """... and a spell with convoke was ruled castable only with its caster's creatures
    helping to pay."""
    return reached(o) and bool(step_of(o).shared.get("costs: convoke helped"))


def reached_permission(o: Observation) -> bool:
    """... and a card was in the graveyard of a player with a permission to cast from it."""
    step = step_of(o)
    holders = {v.controller for v in o.views.values() if v.zone is Zone.BATTLEFIELD
               and any(r.permission_mv for r in step.judge.readings_of(v) or ())}
    return reached(o) and any(v.zone is Zone.GRAVEYARD and v.owner in holders
                              for v in o.views.values())


def reached_others_abilities(o: Observation) -> bool:
    """... and an activated ability of another player's permanent was ruled on (probed)."""
    player = o.game.priority_player
    if player is None or o.engine.pending_choice() is not None or o.game.game_over:
        return False
    step = step_of(o)
    pool = pools_of(o).get(player)
    return any(isinstance(action, Activate) for action, _ in _candidates(step, player, pool))


def x_costs(o: Observation) -> Iterable[Violation]:
    """A spell with {X} in its mana cost, cast with X announced as n, has a total cost of
    its mana cost with n for X, plus increases, less reductions (CR 601.2f, 107.3a,
    107.3b): a cast with X=1 is legal when every pool the player may have pays that (and
    nothing else forbids it), a cast with X one more than all the mana they may have is
    refused, and a cast taken was paid for with n in its cost -- the mana left is what the
    pool less that cost leaves, judged by ``legal-actions``' next casts; and as it resolves,
    X is still n: a spell that "deals X damage" to its target deals n (CR 107.3a, 601.2b,
    608.2h)."""
    step = step_of(o)
    pools_of(o)
    announced = announced_x(o)
    turn_of(o)  # kept up to date with every observation: what resolved this turn is read
    if o.engine.pending_choice() is not None or step.before is None and not o.recorder:
        return
    action = o.action
    if isinstance(action, Cast) and action.x is not None:
        paid = _payment(o, step)
        if paid is not None:
            yield paid
            return
    dealt = _x_dealt(o, step, announced)
    if dealt is not None:
        yield dealt
        return
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player is not None else None
    if player is None or pool is None:
        return
    for candidate, verdict in _candidates(step, player, pool):
        if not isinstance(candidate, Cast) or candidate.x is None or verdict.verdict is None:
            continue
        legal = o.engine.is_legal(candidate)
        if legal and not verdict.verdict and _targets_asked(step, candidate):
            continue  # chosen before the cost is paid (CR 601.2c-h): refused then, perhaps
        if legal != verdict.verdict:
            why = "; ".join(w for w in verdict.why if w) or "every condition holds"
            described = _describe(o, candidate)
            if legal:
                yield Violation(f"{described} is legal though {why} (CR 601.2f, 107.3a)",
                                illegal=candidate)
            else:
                yield Violation(f"{described} is illegal though {why} (mana: "
                                f"{_show_pool(pool)}; CR 601.2f, 107.3a)", legal=candidate)
            return


@dataclass
class _Announced:
    """The X announced for each spell cast in a game, by the spell's id on the stack."""

    current: Observation | None = None
    x: dict[ObjectId, int] = field(default_factory=dict)


_ANNOUNCED: PerGame[_Announced] = PerGame(_Announced)

#: What may make a permanent an illegal target as a spell resolves.
_WARDED = re.compile(r"hexproof|shroud|protection|ward", re.IGNORECASE)
#: A creature's own words about damage dealt to it (preventing it, replacing it): beside
#: what makes it indestructible or regenerates it (``damage_results._sturdy``), what may
#: keep it on the battlefield dealt lethal damage.
_OWN_DAMAGE_RULES = re.compile(r"prevent|damage", re.IGNORECASE)
#: A spell whose only words deal X damage to its one target.
_DEALS_X = re.compile(r"[^.]* deals X damage to (?:any target|target [a-z ]+)\.")


def announced_x(o: Observation) -> dict[ObjectId, int]:
    """The X announced for each spell cast so far this game (a cast naming its X), by the
    spell's id on the stack (kept up to date with every observation)."""
    memory = _ANNOUNCED.of(o)
    if memory.current is not o:
        memory.current = o
        action = o.action
        if isinstance(action, Cast) and action.x is not None:
            for event in o.events:
                if event.kind == "zone_changed" and event.data.get("object") == action.card \
                        and event.data.get("to") == Zone.STACK.value:
                    memory.x[str(event.data.get("new_object"))] = action.x
    return memory.x


def _x_damage_spell(step: StepView, announced: dict[ObjectId, int]
                    ) -> tuple[int, StackItemView, ObjectView] | None:
    """The spell that resolved in ``step`` when it deals X damage to its target and was cast
    with X announced: that X, the spell as it left the stack, and its view there."""
    item = step.resolved
    x = announced.get(item.source) if item is not None else None
    found = resolved_spell(step) if x is not None else None
    if item is None or x is None or found is None \
            or not _DEALS_X.fullmatch(found[1].text.strip()):
        return None
    return x, item, found[0]


def _x_dealt(o: Observation, step: StepView,
             announced: dict[ObjectId, int]) -> Violation | None:
    """A spell that deals X damage to its target, cast with X announced, resolved this step
    and dealt another amount -- or none to a player it targets."""
    found = _x_damage_spell(step, announced)
    if found is None or o.game.game_over:
        return None
    x, item, view = found
    if _preventing(step, o) or turn_of(o).prevention:
        return None  # damage prevented is not dealt (CR 615.1)
    name = " // ".join(view.names) or "a spell"
    amounts = [e.data.get("amount") for e in o.events if e.kind == "damage_dealt"
               and e.data.get("source") == item.source]
    wrong = [a for a in amounts if a != x]
    if wrong:
        return Violation(f"{name}, cast with X={x}, dealt {wrong[0]} damage as it resolved, "
                         f"not {x}: X keeps the value announced (CR 107.3a, 601.2b)")
    target = item.targets[0] if len(item.targets) == 1 else None
    if amounts or x <= 0 or target is None or step.before is None:
        return None
    if isinstance(target, PlayerRef):
        lost = step.before[1].player(target.name).life - o.game.player(target.name).life
        if lost == 0:
            return Violation(f"{name}, cast with X={x} targeting {target.name}, dealt no damage"
                             f" as it resolved and {target.name}'s life did not change: X keeps"
                             f" the value announced (CR 107.3a, 601.2b, 608.2h)")
        return None
    # Not every engine reports damage events: a creature target is judged by what it does,
    # dealt at least its toughness, it dies (CR 704.5g) -- when nothing may save it.
    then, now = step.before_views.get(target), o.views.get(target)
    if then is None or now is None or then.zone is not Zone.BATTLEFIELD \
            or now.zone is not Zone.BATTLEFIELD or _WARDED.search(" ".join(now.keywords)) \
            or now.toughness is None or x < now.toughness or now.face_down:
        return None  # gone, perhaps no longer a legal target, or tough enough
    faces = step.judge.faces_of(now)
    types = step.judge.types_of(now)
    if faces is None or types is None or "Creature" not in types or _sturdy(step, o, now) \
            or any(_OWN_DAMAGE_RULES.search(f.text) for f in faces):
        return None
    aimed = " // ".join(now.names)
    return Violation(f"{name}, cast with X={x} targeting {aimed} (toughness {now.toughness}), "
                     f"resolved and {aimed} is still on the battlefield: X keeps the value "
                     f"announced, and a creature dealt damage at least its toughness is "
                     f"destroyed (CR 107.3a, 601.2b, 608.2h, 704.5g)", target, "zone",
                     Zone.GRAVEYARD.value)


def _preventing(step: StepView, o: Observation) -> bool:
    """Whether a permanent's words may prevent damage (or the judge can't read one)."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any("prevent" in f.text.lower() for f in faces):
            return True
    return False


def _targets_asked(step: StepView, cast: Cast) -> bool:
    """Whether casting ``cast``'s card asks for targets: an engine that asks them before it
    takes the cost -- X announced, then targets, then the cost paid (CR 601.2b-h) -- starts
    the cast, and refuses it only once they are chosen, which ``is_legal`` (up to the first
    choice) does not reach."""
    view = step.now.views.get(cast.card)
    faces = step.judge.faces_of(view) if view is not None else None
    return faces is None or any("target" in f.text.lower() for f in faces)


def reached_x_dealt(o: Observation) -> bool:
    """A spell that deals X damage, cast with X announced, resolved."""
    return _x_damage_spell(step_of(o), announced_x(o)) is not None


def reached_x(o: Observation) -> bool:
    """A cast of a spell with {X} in its mana cost was judged with X announced."""
    step = step_of(o)
    player = o.game.priority_player
    pool = pools_of(o).get(player) if player else None
    if player is None or pool is None or o.engine.pending_choice() is not None:
        return False
    return any(isinstance(a, Cast) and a.x is not None and v.verdict is not None
               for a, v in _candidates(step, player, pool))


def reached_x_reduced(o: Observation) -> bool:
    """... and a reduction of the cost of spells was on that player's battlefield (the
    total cost then reduced by it after X is counted in, CR 601.2f)."""
    player = o.game.priority_player
    return reached_x(o) and any(
        r.cost_reduction or r.cost_reduction_each for v in o.views.values()
        if v.zone is Zone.BATTLEFIELD and v.controller == player
        for r in step_of(o).judge.readings_of(v) or ())


def x_focus(card: Card) -> bool:
    """Cards with {X} in a face's mana cost."""
    return any("{X}" in (face.mana_cost or "") for face in card.faces)
