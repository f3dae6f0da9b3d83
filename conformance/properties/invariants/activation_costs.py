"""Who may activate an ability, and with what (CR 602.2, 602.2b, 118.3, 107.5, 601.2f).

Only the controller of a permanent activates its abilities (CR 602.2: a player activates an
ability of an object they control), and activating one means paying its whole cost (CR
602.2b, 601.2g-h): {T} can't be paid by a permanent already tapped (CR 107.5, 118.3), and
mana the player can't have can't pay the rest.  Cost reductions of *spells* ("creature
spells you cast cost {2} less") never reduce an ability's cost (CR 601.2f: they apply to
the spells they name; an ability is not a spell).

The judge reads each activated ability of a permanent from card data as
``sorcery-speed-abilities`` does (printed order, the contract's ``Activate.ability``), its
cost being what comes before the first colon.  Only the illegal side is judged, for the
player with priority, on at most four abilities a step, each without targets or with one
target that may be a player ("any target", "target player": the opponent is named with the
activation) -- an engine may take an activation up to its choice of targets, which comes
before costs are paid (CR 602.2b), and refuse it only then:

- an ability of a permanent another player controls (unless its text says "any player may
  activate");
- an ability with {T} in its cost of a permanent of theirs that is tapped;
- an ability whose mana cost (no {X}, no Phyrexian or snow symbols) no pool the player may
  have pays, even with the mana of all their untapped basic lands added (``legal-actions``'
  reading of pools; on an engine declaring ``explicit-mana``, the pool alone) -- only while
  no permanent on the battlefield speaks of abilities costing less or more, nor of spending
  mana as though it were another kind.

The other side is judged where the judge knows every cost: an ability whose cost is mana
and {T} only, of a permanent the player with priority controls -- untapped if {T} is in
the cost, and a creature then under their control since the turn began -- with no target
or one that may be a player, every pool the player may have paying its mana, and no text of
the card limiting when or how often it may be activated, may be activated: an activated
ability may be activated whenever its controller has priority (CR 117.1b, 602.2, 602.5a),
in any step, in any turn, with spells on the stack.  At most two such a step; lands only on
an engine declaring ``explicit-mana``; nothing while a permanent speaks of abilities that
can't be activated, nor for a card whose card data marks an ability unimplemented.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from ...contract.text import normalize_text
from ...contract.types import Activate, ObjectId, ObjectView, PlayerRef
from ...format.cards import Card, CardFace
from ...format.vocabulary import Zone
from ..judge import Cost
from ..memory import step_of
from ..observation import Observation, Property, Violation
from .activation_timing import _LOYALTY, _SORCERY_KEYWORDS, _unread, ability_bodies
from .combat import turn_of
from .costs import _LANDS, _payable, _show, _show_pool
from .pools import pools_of
from strategies.cost_boards import mana_activated

#: Probes a step at most, of activations refused and of activations allowed.
_MOST = 4
_MOST_ALLOWED = 2
#: Mana symbols the judge can't count: X, Phyrexian, snow.
_UNCOUNTED = re.compile(r"\{(?:x|[wubrgc]/p|s)\}")
#: Text that changes what abilities cost or how they are paid.
_ABILITY_COSTS = re.compile(r"abilit[a-z]* [^.]*cost|cost[s]? [^.]*to activate|"
                            r"spend mana as though|activate [^.]*without paying")


#: An effect with one target, a player: "any target", "target player", "target opponent".
_PLAYER_TARGET = re.compile(r"\b(?:any target|target player|target opponent)\b")


@cache
def _read(face_name: str, text: str) -> tuple[tuple[str, bool] | None, ...] | None:
    """For each activated ability of a face, in printed order, its cost (lower case) and
    whether it targets one player (named so that its costs are reached); ``None`` for a
    keyword or loyalty ability, whose cost is not read, and for an ability with other
    targets; ``None`` when a line can't be placed."""
    bodies = ability_bodies(face_name, text)
    if bodies is None:
        return None
    found: list[tuple[str, bool] | None] = []
    for body in bodies:
        if _SORCERY_KEYWORDS.match(body) or _LOYALTY.match(body):
            found.append(None)
            continue
        cost, effect = body.split(":", 1)
        # an ability with targets may be taken up to its choice of targets, which comes
        # before its costs are paid (CR 602.2b, 601.2c): judged only when its one target
        # may be a player, named with the activation
        targets = effect.count("target")
        aimed = targets == 1 and _PLAYER_TARGET.search(effect) is not None
        found.append((cost.lstrip("("), aimed) if not targets or aimed else None)
    return tuple(found)


def costs_of(face: CardFace) -> tuple[tuple[str, bool] | None, ...] | None:
    return _read(face.name, face.text)


def _mana(cost: str) -> Cost | None:
    """The mana part of an ability's cost, or ``None`` when the judge can't count it."""
    if _UNCOUNTED.search(cost):
        return None
    symbols = [s for s in re.findall(r"\{[^}]+\}", cost) if s not in ("{t}", "{q}", "{e}")]
    return Cost.of("".join(symbols).upper()) if symbols else None


def _battlefield_says(o: Observation, pattern: re.Pattern[str]) -> bool:
    """Whether the text of a permanent on the battlefield matches ``pattern`` (worked out
    once a step)."""
    return step_of(o).battlefield_says(
        ("activation costs: battlefield says", pattern.pattern),
        lambda f: pattern.search(normalize_text(f.text).lower()) is not None)


def _costs_unread(o: Observation) -> bool:
    """A permanent on the battlefield changes what abilities cost or how they are paid."""
    return _battlefield_says(o, _ABILITY_COSTS)


def _player(o: Observation) -> str | None:
    game = o.game
    if game.game_over or o.engine.pending_choice() is not None:
        return None
    return game.priority_player


def _shielded(o: Observation) -> bool:
    """A permanent on the battlefield speaks of what stops targeting (a player may have
    hexproof): no player is named as a target then."""
    return _battlefield_says(o, _SHIELDS)


_SHIELDS = re.compile(r"hexproof|shroud|can't be the target|protection from|ward")


def _candidates(o: Observation, player: str) -> Iterable[tuple[Activate, str]]:
    """Each activation the judge says ``player`` can't make now, with why."""
    step = step_of(o)
    pool = pools_of(o).get(player)
    mana_known = pool is not None and not _costs_unread(o)
    opponent = next((p.name for p in o.game.players if p.name != player), None)
    aimable = opponent is not None and not _shielded(o)
    for view in sorted(o.views.values(), key=lambda v: str(v.id)):
        if view.zone is not Zone.BATTLEFIELD or view.face_down:
            continue
        faces = step.judge.faces_of(view)
        if not faces or len(faces) != 1:
            continue
        costs = costs_of(faces[0])
        if not costs:
            continue
        name = " // ".join(view.names)
        usable = [(i, c, aimed) for i, read in enumerate(costs) if read is not None
                  for c, aimed in [read] if aimable or not aimed]
        if view.controller != player:
            if usable and "any player may" not in faces[0].text.lower():
                index, _cost, aimed = usable[0]
                yield (_activation(player, view.id, index, aimed, opponent),
                       f"{name} is controlled by {view.controller}, not {player} (CR 602.2)")
            continue
        for index, cost, aimed in usable:
            if "{t}" in cost and view.tapped:
                yield (_activation(player, view.id, index, aimed, opponent),
                       f"{name} is tapped and the cost has {{T}} (CR 602.2b, 107.5, 118.3)")
                continue
            mana = _mana(cost) if mana_known else None
            if mana is not None and _payable(step, player, pool, mana) is False:
                yield (_activation(player, view.id, index, aimed, opponent),
                       f"its mana cost {_show(mana)} can't be paid from {_show_pool(pool)}"
                       f"{_LANDS}; cost reductions of spells don't apply to abilities "
                       f"(CR 602.2b, 601.2f, 118.3)")


def _activation(player: str, object_id: ObjectId, index: int, aimed: bool,
                opponent: str | None) -> Activate:
    """The activation, naming the opponent as its target when it has one."""
    if aimed and opponent is not None:
        return Activate(player, object_id, index, targets=(PlayerRef(opponent),))
    return Activate(player, object_id, index)


#: A cost of mana symbols and {T} only -- or sacrificing the permanent itself, alone or
#: after them (which no summoning sickness stops, CR 302.6, 602.5a: only {T} and {Q} wait).
_PLAIN_COST = re.compile(r"^(?:(?:\{[^}]+\})(?:,? ?\{[^}]+\})*"
                         r"|(?:(?:\{[^}]+\})(?:,? ?\{[^}]+\})*, )?sacrifice this creature)$")
#: Text that limits when or how often a card's ability may be activated, and text that
#: stops abilities from being activated.
_LIMITS = re.compile(r"activate (?:this ability )?only|only once")
_STOPS = re.compile(r"can't be activated|activated abilities|abilities can't")


def _allowed(o: Observation, player: str) -> Iterable[tuple[Activate, str]]:
    """Each activation the judge says ``player`` may make now: an ability of a permanent of
    theirs whose cost is mana and {T} only, every pool they may have paying the mana, the
    permanent untapped if {T} is in it -- a creature, under their control since the turn
    began -- with no target or one a player may be, and no text saying when or how often it
    may be activated (CR 117.1b, 602.2, 602.5a) -- and one whose cost is to sacrifice the
    creature itself, whenever it came under their control (CR 302.6: only {T} and {Q} wait);
    a land only on an engine whose players tap lands themselves (``explicit-mana``: on
    another, lands are tapped as costs are paid)."""
    step = step_of(o)
    pool = pools_of(o).get(player)
    if pool is None or _costs_unread(o) or _shielded(o):
        return
    if _battlefield_says(o, _STOPS):
        return
    turn = turn_of(o)
    explicit = "explicit-mana" in o.engine.info.capabilities
    opponent = next((p.name for p in o.game.players if p.name != player), None)
    for view in sorted(o.views.values(), key=lambda v: str(v.id)):
        if view.zone is not Zone.BATTLEFIELD or view.face_down or view.controller != player:
            continue
        faces = step.judge.faces_of(view)
        if not faces or len(faces) != 1 or any(r.get("unimplemented") for r in faces[0].rules) \
                or _LIMITS.search(normalize_text(faces[0].text).lower()):
            continue
        types = step.judge.types_of(view) or ()
        if "Land" in types and not explicit:
            continue
        costs = costs_of(faces[0]) or ()
        for index, read in enumerate(costs):
            if read is None:
                continue
            cost, aimed = read
            if not _PLAIN_COST.match(cost.strip()) or (aimed and opponent is None):
                continue
            if "{t}" in cost and (view.tapped or "Creature" in types and (
                    turn.unknown_haste or view.id in turn.entered)):
                continue
            mana = _mana(cost)
            if mana is None and _UNCOUNTED.search(cost):
                continue
            if mana is not None and _payable(step, player, pool, mana) is not True:
                continue
            yield (_activation(player, view.id, index, aimed, opponent),
                   " // ".join(view.names))


def activation_costs(o: Observation) -> Iterable[Violation]:
    """The player with priority can't activate an ability of a permanent another player
    controls, nor one whose cost includes {T} of a tapped permanent, nor one whose mana cost
    no pool they may have pays -- reductions of the costs of spells don't reduce it; and
    they may activate one of theirs whose costs they can pay whenever they have priority,
    unless it says otherwise (CR 602.2, 602.2b, 107.5, 118.3, 601.2f, 117.1b).  An
    activation taken has had its costs paid (``paid_costs``: CR 601.2h)."""
    paid = next(iter(paid_costs(o)), None)
    if paid is not None:
        yield paid
        return
    player = _player(o)
    if player is None or _unread(o):
        return
    for count, (action, why) in enumerate(_candidates(o, player)):
        if count >= _MOST:
            break
        if o.engine.is_legal(action):
            view = o.views[action.object]
            yield Violation(f"{player} may activate ability #{action.ability + 1} of "
                            f"{' // '.join(view.names) or 'a face-down permanent'} though "
                            f"{why}", illegal=action)
            return
    refused = _first_refused(o, _allowed(o, player))
    if refused is not None:
        action, name = refused
        game = o.game
        when = ("in another player's turn" if game.active_player != player
                else f"in the {game.step.value.replace('_', ' ')} step"
                + (" with a spell or ability on the stack" if game.stack else ""))
        yield Violation(f"{player} can't activate ability #{action.ability + 1} of {name} "
                        f"{when}, though they have priority, it is untapped and every "
                        f"pool they may have pays its mana: an activated ability may be "
                        f"activated whenever its controller has priority, unless it says "
                        f"otherwise (CR 117.1b, 602.2, 602.5a)", legal=action)


def _first_refused(o: Observation, allowed: Iterable[tuple[Activate, str]]
                   ) -> tuple[Activate, str] | None:
    """The first of ``allowed``'s activations -- at most :data:`_MOST_ALLOWED` probed --
    that the engine says is not legal."""
    for count, found in enumerate(allowed):
        if count >= _MOST_ALLOWED:
            return None
        if not o.engine.is_legal(found[0]):
            return found
    return None


#: A cost that sacrifices the permanent whose ability it is.
_SACRIFICE_ITSELF = re.compile(r"\bsacrifice (?:this (?:creature|permanent|artifact|"
                               r"enchantment|land)|~|it)\b")


def paid_costs(o: Observation) -> Iterable[Violation]:
    """An activation the engine took has had its costs paid (CR 602.2b, 601.2h): a permanent
    whose ability's cost says to sacrifice it has left the battlefield, and one whose cost
    has {T} is tapped -- unless the ability's own text untaps something (a mana ability
    resolves at once, CR 605.3a).  Read from card data, for a permanent with one face up."""
    taken = _taken(o)
    if taken is None:
        return
    before, index, cost, effect = taken
    name = " // ".join(before.names)
    now = o.views.get(before.id)
    if _SACRIFICE_ITSELF.search(cost) and now is not None and now.zone is Zone.BATTLEFIELD:
        yield Violation(f"{name}'s ability #{index + 1} was activated and {name} is "
                        f"still on the battlefield, though its cost sacrifices it (CR 602.2b, "
                        f"601.2h)", before.id, "zone", Zone.GRAVEYARD.value)
        return
    if "{t}" in cost and "untap" not in effect and now is not None \
            and now.zone is Zone.BATTLEFIELD and not now.tapped:
        yield Violation(f"{name}'s ability #{index + 1} was activated and {name} is "
                        f"untapped, though its cost has {{T}} (CR 602.2b, 601.2h, 107.5)",
                        before.id, "tapped", True)


def _taken(o: Observation) -> tuple[ObjectView, int, str, str] | None:
    """The permanent whose activated ability the engine took in the step (its one face up,
    on the battlefield before), with that ability's index and its cost and effect as card
    data words them (lower case) -- once every choice it asked is answered."""
    step = step_of(o)
    action = o.action
    if not isinstance(action, Activate) or not step.acted \
            or o.engine.pending_choice() is not None:
        return None
    before = step.before_views.get(action.object)
    if before is None or before.zone is not Zone.BATTLEFIELD or before.face_down:
        return None
    faces = step.judge.faces_of(before)
    bodies = ability_bodies(faces[0].name, faces[0].text) if faces and len(faces) == 1 \
        else None
    if not bodies or not 0 <= action.ability < len(bodies) or ":" not in bodies[action.ability]:
        return None
    cost, effect = bodies[action.ability].split(":", 1)
    return before, action.ability, cost, effect


def reached_paid(o: Observation) -> bool:
    """... an activation the engine took of an ability whose cost sacrifices or taps its
    permanent."""
    taken = _taken(o)
    return taken is not None and ("{t}" in taken[2] or bool(_SACRIFICE_ITSELF.search(taken[2])))


def reached(o: Observation) -> bool:
    """An activation the player with priority can't make, or one they may make, was
    judged."""
    player = _player(o)
    return player is not None and not _unread(o) and (
        any(True for _ in _candidates(o, player)) or any(True for _ in _allowed(o, player)))


def reached_tapped(o: Observation) -> bool:
    """... an ability with {T} of a tapped permanent of theirs."""
    player = _player(o)
    return player is not None and not _unread(o) and any(
        "{T}" in why for _a, why in _candidates(o, player))


def reached_allowed(o: Observation) -> bool:
    """... or an activation they may make, judged allowed."""
    player = _player(o)
    return player is not None and not _unread(o) and any(True for _ in _allowed(o, player))


def reached_mana(o: Observation) -> bool:
    """... an ability whose mana cost they can't pay."""
    player = _player(o)
    return player is not None and not _unread(o) and any(
        "mana cost" in why for _a, why in _candidates(o, player))


def focus(card: Card) -> bool:
    """Permanents with an activated ability whose cost is read."""
    return any(any(c is not None for c in costs_of(f) or ()) for f in card.faces) \
        and "Land" not in card.faces[0].types


def tapped_permanents_abilities(o: Observation) -> Iterable[Violation]:
    """An activated ability whose cost has no {T} (nor {Q}) may be activated whether its
    permanent is tapped or untapped: the player with priority activates one of a tapped
    permanent of theirs whose costs they can pay (CR 602.2, 602.2b, 107.5, 117.1b)."""
    player = _player(o)
    if player is None or _unread(o):
        return
    refused = _first_refused(o, _tapped_allowed(o, player))
    if refused is not None:
        action, name = refused
        yield Violation(f"{player} can't activate ability #{action.ability + 1} of {name}, "
                        f"which is tapped, though they have priority and every pool they "
                        f"may have pays its mana: only a cost with {{T}} or {{Q}} needs the "
                        f"permanent untapped (CR 602.2, 602.2b, 107.5, 117.1b)", legal=action)


def _tapped_allowed(o: Observation, player: str) -> Iterable[tuple[Activate, str]]:
    """The activations ``activation-costs`` judges allowed, of tapped permanents."""
    for action, name in _allowed(o, player):
        view = o.views.get(action.object)
        if view is not None and view.tapped:
            yield action, name


def reached_tapped_allowed(o: Observation) -> bool:
    """An ability of a tapped permanent, whose cost has no {T}, judged activatable."""
    player = _player(o)
    return player is not None and not _unread(o) and any(
        True for _ in _tapped_allowed(o, player))


PROPERTIES: tuple[Property, ...] = (
    Property("activation-costs", activation_costs.__doc__ or "",
             ("turn-structure-tap-an-attacker-before-attacks",
              "cost-chapter-iv-is-not-a-mana-ability"),
             frozenset(), activation_costs, focus,
             ("602.2", "602.2b", "107.5", "118.3", "601.2f", "117.1b", "601.2h"), "costs",
             reached,
             weights=(("Activate", 24), ("PassPriority", 6))),
    Property("abilities-of-tapped-permanents", tapped_permanents_abilities.__doc__ or "",
             ("cost-chapter-iv-is-not-a-mana-ability",),
             frozenset(), tapped_permanents_abilities, mana_activated,
             ("602.2", "602.2b", "107.5", "117.1b"), "costs", reached_tapped_allowed,
             weights=(("PassPriority", 6),), focused_cards=True),
)
