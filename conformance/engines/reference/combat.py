"""Combat (CR 506-511): declaring attackers and blockers, and combat damage.

Declaring attackers and blockers are turn-based actions taken as the declare attackers and
declare blockers steps begin (CR 508.1, 509.1); :mod:`turn` moves the game to those steps
and calls :func:`declare_attackers` / :func:`declare_blockers` there.  Combat damage is
dealt as the combat damage step begins (CR 510.1): if any attacking or blocking creature
has first strike or double strike, there are two combat damage steps, the first for those
creatures only (CR 510.4).  There is no damage assignment order (it left the rules in
November 2024): an attacking creature blocked by two or more creatures has its damage
divided among them as its controller chooses, with a ``combat_damage`` choice; with
trample, the player it attacks may get what is left once each blocker is assigned lethal
damage (CR 510.1c, 702.19b).  Every keyword is read from the creatures' characteristics
(card data): haste, defender, flying, reach, vigilance, first strike, double strike,
trample, deathtouch, lifelink.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ...contract.types import (
    COMBAT_DAMAGE_CHOICE, PLAYER_OPTION_PREFIX, Choice, DeclareAttackers, DeclareBlockers, Event,
    Option,
)
from ...errors import IllegalAction
from ...format.vocabulary import Zone
from .characteristics import Characteristics
from .damage import deal_damage, lethal_damage
from .game import Flow, Game
from .state import Combat, GameObject


def _creature(game: Game, object_id: str, player: str, role: str) -> tuple[GameObject, Characteristics]:
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        raise IllegalAction(f"{object_id} is not a permanent on the battlefield: it can't {role}")
    chars = game.chars(obj)
    if "Creature" not in chars.types:
        raise IllegalAction(f"{_name(chars)} is not a creature: it can't {role}")
    if obj.controller != player:
        raise IllegalAction(f"{_name(chars)} is not controlled by {player}: they can't "
                            f"have it {role}")
    if obj.tapped:
        raise IllegalAction(f"{_name(chars)} is tapped: it can't {role}")
    return obj, chars


def _name(chars: Characteristics) -> str:
    return " // ".join(chars.names) or "a nameless creature"


def check_attackers(game: Game, action: DeclareAttackers) -> str:
    """The defending player, if ``action`` is a legal declaration (CR 508.1a-c)."""
    state = game.state
    if action.player != state.active_player:
        raise IllegalAction("only the active player declares attackers")
    defender = action.defender or state.opponent(action.player)
    if defender == action.player or defender not in {p.name for p in state.players}:
        raise IllegalAction(f"{defender!r} is not an opponent of {action.player}")
    if len(set(action.attackers)) != len(action.attackers):
        raise IllegalAction("a creature can attack only once")
    for object_id in action.attackers:
        obj, chars = _creature(game, object_id, action.player, "attack")
        if obj.summoning_sick and "Haste" not in chars.keywords:  # CR 302.6
            raise IllegalAction(f"{_name(chars)} has summoning sickness: it can't attack")
        if "Defender" in chars.keywords:  # CR 702.3b
            raise IllegalAction(f"{_name(chars)} has defender: it can't attack")
    return defender


def declare_attackers(game: Game, action: DeclareAttackers, defender: str) -> None:
    """Attacking creatures become tapped (unless they have vigilance) and attack
    (CR 508.1f); "whenever ... attacks" abilities trigger (CR 508.3a)."""
    combat = Combat()
    game.state.combat = combat
    for object_id in action.attackers:
        obj = game.state.objects[object_id]
        if "Vigilance" not in game.chars(obj).keywords:
            obj.tapped = True
        combat.attackers[object_id] = defender
    if action.attackers:  # "whenever you attack" (CR 508.3a): once, however many attack
        game.emit("attackers_declared", player=action.player, objects=list(action.attackers))
    for object_id in action.attackers:
        game.emit("attacks", object=object_id, player=action.player, defender=defender)


def _declared(kind: str, player: str, objects: list[str]) -> Event:
    return Event(kind, {"player": player, "objects": objects})


def check_blockers(game: Game, action: DeclareBlockers) -> None:
    """Whether ``action`` is a legal declaration of blockers (CR 509.1a-c)."""
    combat = game.state.combat
    if combat is None or not combat.attackers:
        raise IllegalAction("no creature is attacking")
    if len({blocker for blocker, _ in action.blocks}) != len(action.blocks):
        raise IllegalAction("a creature can block only one attacker")
    defenders = set(combat.attackers.values())
    if action.player not in defenders:
        raise IllegalAction(f"{action.player} is not a defending player")
    for blocker, attacker in action.blocks:
        _obj, chars = _creature(game, blocker, action.player, "block")
        attacking_now = _in_combat(game, attacker)
        if combat.attackers.get(attacker) != action.player or attacking_now is None:
            raise IllegalAction(f"{attacker} is not attacking {action.player} (a creature "
                                f"that left the battlefield is removed from combat, CR 506.4)")
        _attacker, attacking = attacking_now
        if "Flying" in attacking.keywords and not {"Flying", "Reach"} & set(chars.keywords):
            raise IllegalAction(f"{_name(chars)} can't block {_name(attacking)}, which has "
                                f"flying (CR 702.9b)")


def declare_blockers(game: Game, action: DeclareBlockers) -> None:
    """Blocking creatures block; an attacking creature with one or more blockers becomes
    blocked and stays blocked for the rest of combat (CR 509.1h, 509.3)."""
    combat = game.state.combat
    assert combat is not None
    for blocker, attacker in action.blocks:
        combat.blockers[blocker] = attacker
        combat.blocked.add(attacker)
    game.events.append(_declared("blockers_declared", action.player,
                                 [blocker for blocker, _ in action.blocks]))
    for blocker, attacker in action.blocks:
        game.emit("blocks", object=blocker, attacker=attacker, player=action.player)


def is_attacking(game: Game, object_id: str) -> bool:
    combat = game.state.combat
    return combat is not None and object_id in combat.attackers


def has_attackers(game: Game) -> bool:
    combat = game.state.combat
    return combat is not None and bool(combat.attackers)


def _in_combat(game: Game, object_id: str) -> tuple[GameObject, Characteristics] | None:
    obj = game.state.objects.get(object_id)
    if obj is None or obj.zone is not Zone.BATTLEFIELD:
        return None  # removed from combat (CR 506.4)
    return obj, game.chars(obj)


def _strikes_now(chars: Characteristics, first_step: bool, dealt_first: bool) -> bool:
    """Whether a creature deals combat damage in this combat damage step (CR 510.4)."""
    keywords = set(chars.keywords)
    if first_step:
        return bool(keywords & {"First strike", "Double strike"})
    return "Double strike" in keywords or not dealt_first


def deal_combat_damage(game: Game) -> Flow:
    """The combat damage step's turn-based action (CR 510.1-2): each attacking and blocking
    creature assigns its combat damage, the attacking player's first, then all of it is
    dealt at once."""
    combat = game.state.combat
    if combat is None or not combat.attackers:
        return
    fighters = [i for i in list(combat.attackers) + list(combat.blockers)
                if _in_combat(game, i) is not None]
    first_step = not combat.first_strike_done and any(
        set(game.chars(game.state.objects[i]).keywords) & {"First strike", "Double strike"}
        for i in fighters)
    if first_step:
        combat.first_strike_done = True
    else:
        combat.first_strike_done = combat.regular_done = True
    assignments: list[tuple[str, Characteristics, str, str, int]] = []
    for attacker, defender in combat.attackers.items():
        found = _in_combat(game, attacker)
        if found is None or not _strikes_now(found[1], first_step, attacker in combat.dealt_first):
            continue
        obj, chars = found
        assigned = yield from _attacker_assignment(game, combat, attacker, chars, defender)
        for target, amount in assigned:
            assignments.append((attacker, chars, obj.controller, target, amount))
    for blocker, attacker in combat.blockers.items():
        found = _in_combat(game, blocker)
        if found is None or _in_combat(game, attacker) is None:
            continue
        if not _strikes_now(found[1], first_step, blocker in combat.dealt_first):
            continue
        obj, chars = found
        assignments.append((blocker, chars, obj.controller, attacker, chars.power or 0))
    if first_step:
        combat.dealt_first.update(source for source, *_ in assignments)
    _deal(game, assignments)


def _attacker_assignment(game: Game, combat: Combat, attacker: str, chars: Characteristics,
                         defender: str) -> Flow:
    """How an attacking creature assigns its combat damage (CR 510.1a-c): to the player it
    attacks if unblocked; all of it to its blocker if one creature blocks it; divided as its
    controller chooses among two or more blockers -- and with trample, among its blockers
    and the player, the player getting damage only once each blocker is assigned lethal
    damage (CR 702.19b).  Blocked by creatures now gone, it assigns nothing, unless it has
    trample (CR 702.19e).  Returns ``[(recipient, amount)]``."""
    power = chars.power or 0
    player = PLAYER_OPTION_PREFIX + defender
    if power <= 0:
        return []
    if attacker not in combat.blocked:
        return [(player, power)]
    blockers = [b for b, a in combat.blockers.items() if a == attacker
                and _in_combat(game, b) is not None]
    trample = "Trample" in chars.keywords
    if not blockers:
        return [(player, power)] if trample else []
    lethal = {b: lethal_damage(game, b, chars) for b in blockers}
    if len(blockers) == 1 and (not trample or power <= lethal[blockers[0]]):
        return [(blockers[0], power)]  # one way to assign it: all to the blocker
    options = tuple(Option(b, _name(game.chars(game.state.objects[b]))) for b in blockers)
    if trample:
        options += (Option(player, defender),)

    def rule(values: tuple[str, ...]) -> str | None:
        counts = Counter(values)
        short = [b for b in blockers if counts[b] < lethal[b]]
        if counts[player] and short:
            return (f"{defender} can be assigned damage only once each blocker is assigned "
                    f"lethal damage (CR 702.19b); short: {', '.join(short)}")
        return None

    game.answer_rule = rule
    chosen = yield Choice(
        COMBAT_DAMAGE_CHOICE, game.state.objects[attacker].controller,
        f"divide the {power} combat damage of {_name(chars)} among "
        + ", ".join(o.label for o in options) + " (name an option once per point)",
        options, power, power)
    counts = Counter(chosen)
    return [(o.value, counts[o.value]) for o in options if counts[o.value]]


def _deal(game: Game, assignments: list[tuple[str, Characteristics, str, str, int]]) -> None:
    """Deal all combat damage at once, then report which creatures dealt combat damage to
    which player (CR 510.2, 510.3a)."""
    to_players: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, chars, controller, target, amount in assignments:
        dealt = deal_damage(game, source, chars, controller, target, amount, combat=True)
        if dealt and target.startswith(PLAYER_OPTION_PREFIX):
            player = target[len(PLAYER_OPTION_PREFIX):]
            game.emit("combat_damage_to_player", source=source, player=player,
                      controller=controller, amount=dealt)
            to_players[(controller, player)].append(source)
    for (controller, player), sources in to_players.items():
        game.emit("creatures_dealt_combat_damage", controller=controller, player=player,
                  sources=sources)


def end_combat(game: Game) -> None:
    """Creatures stop attacking and blocking as the end of combat step ends (CR 511.3)."""
    game.state.combat = None
