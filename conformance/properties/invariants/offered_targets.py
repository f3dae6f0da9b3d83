"""Whom and what a spell or ability may target, as the engine offers it (CR 115.1, 601.2c,
602.2b, 102.2, 102.3, 109.5, 115.4).

A word "target" names what may be chosen: "target opponent" an opponent of the spell's or
ability's controller, never that player (CR 102.3: opponents are the other players, 109.5:
"you" is its controller); "target player" any player (CR 102.2); "any target" any player,
creature, planeswalker or battle (CR 115.4); "target creature you control" a creature its
controller controls, "an opponent controls" one they don't.  So the options an engine
offers in a choice of targets are exactly those -- no player a "target opponent" forbids,
no object a word asking for a player allows, no permanent that is not what the word asks
for, and none left out -- and a cast naming a player as the target of such a word is taken
or refused as the word says.

Judged two ways.  The choices of targets asked in a step whose item the judge knows (as
``target-counts`` attributes them: the first asked for an instant or sorcery cast or an
ability activated, the only one asked in a step that put one triggered ability on the
stack; never a copy's): the players offered, and the permanents offered for a word asking
plainly for a card type (``illegal-targets``'s reading: tapped or untapped, whose).  And,
with no choice pending, the first spell in the hand of the player with priority whose one
word "target" is "target opponent", "target player" or "any target", castable now, is
probed (``is_legal`` of a ``Cast`` naming one player, which changes nothing): once the
engine takes a cast naming a player the word allows (which shows it takes the targets
given), every player the word allows is taken and its controller is refused for "target
opponent"; for "any target", casts naming a permanent that is no creature, planeswalker
or battle (by card data and by the engine's view) and a card in a hand or a graveyard are
refused (CR 115.4).  The first such spell whose word asks plainly for a permanent -- or, with none,
the first activated ability of a permanent of that player's that does, activatable now --
is probed with one target named (CR 601.2c, 602.2b: targets named with the action are
checked as chosen ones): once the engine takes a permanent that surely is what the word
asks for, two more such permanents are taken, and three that surely are not (another card
type, tapped or untapped, whose), a card in a hand or a graveyard and a player are
refused.  What is left out is said only where no permanent speaks of hexproof, shroud,
protection, ward or "can't be the target"; a permanent is required among the targets
offered for its own activated ability when it is what the word asks for and the text says
neither "another" nor "other" (its targets are chosen before its costs are paid, a
sacrifice among them: CR 602.2b, 601.2c, 601.2h), and never of its own triggered ability.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ...contract.text import normalize_text
from ...contract.types import PLAYER_OPTION_PREFIX, Activate, Cast, ObjectView, PlayerRef, Target
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .activation_timing import ability_bodies
from .resolution import Requirement, unmet
from .target_counts import _UNTARGETABLE, _asked, _targetable

#: "target opponent", "target player", "any target" -- read from a text with one word
#: "target" only, and not "target player or planeswalker" (which the judge reads as any
#: player, and no object it checks).
_PLAYER_WORD = re.compile(r"\b(?:target (opponent|player)|(any) target)\b")
#: A word "target" asking plainly for a permanent (``resolution._TARGET``), and what it says
#: of its controller.
_PERMANENT_WORD = re.compile(
    r"\btarget (tapped |untapped )?(artifact|creature|enchantment|land|planeswalker|"
    r"permanent)( you control| an opponent controls| you don't control)?"
    r"(?:$|[.,;]| (?:to|gets?|gains?|loses?|deals?|can't|becomes?)\b)")
_ANY_TARGET_TYPES = frozenset({"Creature", "Planeswalker", "Battle"})


def _reading(text: str) -> tuple[str, Requirement | None] | None:
    """What a text's one word "target" allows: ("opponent" | "player" | "any" | "object",
    the requirement on permanents).  ``None`` where the judge does not read it."""
    text = normalize_text(text).lower()
    if len(re.findall(r"\btargets?\b", text)) != 1 or "choose" in text:
        return None
    found = _PLAYER_WORD.search(text)
    if found is not None:
        who = found.group(1) or found.group(2)
        if who == "any":
            return "any", None
        if re.search(r"\btarget (?:opponent|player) or\b", text):
            return None
        return who, None
    found = _PERMANENT_WORD.search(text)
    if found is None:
        return None
    state, kind, control = found.groups()
    return "object", Requirement(
        None if kind == "permanent" else kind.capitalize(),
        None if state is None else state.strip() == "tapped",
        None if control is None else "you" if control.strip() == "you control" else "opponent")


def _players_allowed(o: Observation, who: str, controller: str) -> set[str]:
    names = {p.name for p in o.game.players}
    if who == "opponent":
        return names - {controller}
    return names if who in ("player", "any") else set()


def _offered(o: Observation, step: StepView) -> list[Violation]:
    """What the choices of targets of the step offered, against what their words allow
    (worked out once a step)."""
    key = "offered-targets: choices"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: list[Violation] = []
    step.shared[key] = found
    judged = []
    for name, text, choice in _asked(o, step):
        reading = _reading(text)
        if reading is None:
            continue
        judged.append(reading[0])
        who, requirement = reading
        if requirement is not None and requirement.tapped is not None:
            step.shared["offered-targets: tapped or untapped judged"] = True
        controller = choice.player  # the controller of what it is asked for chooses
        allowed = _players_allowed(o, who, controller)
        players = {v.removeprefix(PLAYER_OPTION_PREFIX) for v in
                   (opt.value for opt in choice.options) if v.startswith(PLAYER_OPTION_PREFIX)}
        objects = [opt.value for opt in choice.options
                   if not opt.value.startswith(PLAYER_OPTION_PREFIX)]
        shown = normalize_text(text)
        wrong = sorted(players - allowed)
        if wrong:
            found.append(Violation(
                f"the engine offered {', '.join(wrong)} as a target of {name} (\"{shown}\"), "
                f"controlled by {controller}: its word \"target\" allows "
                f"{_show_players(who)} (CR 115.1, 102.3, 109.5)"))
            continue
        board = _targetable(o, step)
        missing = sorted(allowed - players)
        if missing and board:
            found.append(Violation(
                f"the engine did not offer {', '.join(missing)} as a target of {name} "
                f"(\"{shown}\"), controlled by {controller}: its word \"target\" allows "
                f"{_show_players(who)} (CR 115.1, 102.2, 102.3)"))
            continue
        violation = _objects_offered(o, step, name, shown, who, requirement, controller,
                                     objects, board)
        if violation is not None:
            found.append(violation)
    step.shared["offered-targets: judged"] = judged
    return found


def _objects_offered(o: Observation, step: StepView, name: str, shown: str, who: str,
                     requirement: Requirement | None, controller: str, objects: list[str],
                     board: bool) -> Violation | None:
    if who in ("opponent", "player"):
        if objects:
            return Violation(f"the engine offered an object as a target of {name} "
                             f"(\"{shown}\"), whose word \"target\" allows players only "
                             f"(CR 115.1)")
        return None
    judge = step.judge
    # a spell's or an activated ability's targets are chosen before its costs are paid
    # (CR 601.2c, 602.2b); a triggered ability's as it is put on the stack, after the event
    triggered = not isinstance(o.action, (Cast, Activate))
    before = o.views if triggered else step.before_views
    source = _source(o, step)
    # a spell's or activated ability's targets are chosen while its source is still where
    # it was, before a cost sacrifices it (CR 601.2c, 601.2h): a permanent is a legal target
    # of its own activated ability unless the text says "another" or "other"
    own = not triggered and isinstance(o.action, Activate) \
        and not re.search(r"\b(?:an)?other\b", shown.lower())
    #: what surely is what the word asks for (the judge's card types and the engine's
    #: view agree), and what may be (either says so)
    wanted: set[str] = set()
    allowed: set[str] = set()
    for permanent in before.values():
        if permanent.zone is not Zone.BATTLEFIELD or permanent.id == source and not own:
            continue
        types = judge.types_of(permanent)
        if types is None:
            return None
        shown_types = set(permanent.types)
        if who == "any":
            if _ANY_TARGET_TYPES & types and _ANY_TARGET_TYPES & shown_types:
                wanted.add(permanent.id)
            if _ANY_TARGET_TYPES & (types | shown_types):
                allowed.add(permanent.id)
        elif requirement is not None and not unmet(step, permanent, requirement, controller):
            allowed.add(permanent.id)
            if requirement.kind is None or requirement.kind in types & shown_types:
                wanted.add(permanent.id)
    for object_id in objects:
        view = before.get(object_id) or o.views.get(object_id)
        if view is None or view.id == source:
            continue
        if view.zone is not Zone.BATTLEFIELD:
            return Violation(f"the engine offered {_named(view)} in the {view.zone.value} as "
                             f"a target of {name} (\"{shown}\"), whose word \"target\" asks "
                             f"for a permanent (CR 115.1)")
        if view.id not in allowed:
            return Violation(f"the engine offered {_named(view)}, controlled by "
                             f"{view.controller}, as a target of {name} (\"{shown}\"), "
                             f"controlled by {controller}: it is not what its word "
                             f"\"target\" allows (CR 115.1, 115.4)")
    if own and source in wanted:
        step.shared["offered-targets: own source judged"] = True
    missing = sorted(wanted - set(objects), key=lambda i: (before[i].names, i))
    if missing and board:
        view = before[missing[0]]
        return Violation(f"the engine did not offer {_named(view)}, controlled by "
                         f"{view.controller}, as a target of {name} (\"{shown}\"), "
                         f"controlled by {controller}, though its word \"target\" allows it "
                         f"(CR 115.1, 115.4)")
    return None


def _source(o: Observation, step: StepView) -> str | None:
    """The permanent whose ability the step's choice was asked for (never required of it)."""
    items = [i for i in step.new_items if i.kind != "spell"]
    return items[0].source if len(items) == 1 else None


def _named(view: object) -> str:
    names = getattr(view, "names", ())
    if names:
        return " // ".join(names)
    if getattr(view, "face_down", False):
        return "a face-down permanent"
    identity = getattr(view, "identity", ())  # a Room with no door unlocked has no name
    return f"{' // '.join(identity)} (no name)" if identity else "a permanent with no name"


def _show_players(who: str) -> str:
    return {"opponent": "an opponent of its controller only",
            "player": "any player", "any": "any player"}.get(who, "no player")


def _probes(o: Observation, step: StepView) -> tuple[bool, list[Violation]]:
    """Casts naming one player as the target, probed for the first spell of the player
    with priority whose word "target" names players (worked out once a step)."""
    key = "offered-targets: probes"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: tuple[bool, list[Violation]] = (False, [])
    step.shared[key] = found
    game = o.game
    player = game.priority_player
    if player is None or game.game_over or o.engine.pending_choice() is not None:
        return found
    names = sorted(p.name for p in game.players)
    for view, reading in _spells_to_probe(o, player):
        if reading[0] == "object":
            if reading[1] is None or not o.engine.is_legal(Cast(player, view.id)):
                continue
            probed = _object_probes(o, step, player, view.id, reading[1],
                                    _acting(player, view.id, None))
            if probed is None:
                continue
            found = (True, probed)
            step.shared["offered-targets: objects probed"] = True
            break
        allowed = _players_allowed(o, reading[0], player)
        if not allowed or not o.engine.is_legal(Cast(player, view.id)):
            continue
        first = sorted(allowed)[0]
        if not o.engine.is_legal(Cast(player, view.id, targets=(PlayerRef(first),))):
            continue  # the engine does not take these targets: nothing to compare with
        name = " // ".join(view.names)
        violations: list[Violation] = []
        for other in names:
            if other == first:
                continue
            action = Cast(player, view.id, targets=(PlayerRef(other),))
            legal = o.engine.is_legal(action)
            if other in allowed and not legal and _targetable(o, step):
                violations.append(Violation(
                    f"{player} may not cast {name} targeting {other}, though its word "
                    f"\"target\" allows {_show_players(reading[0])} (CR 115.1, 102.2)",
                    legal=action))
                break
            if other not in allowed and legal:
                violations.append(Violation(
                    f"{player} may cast {name} targeting {other}, though its word "
                    f"\"target\" allows {_show_players(reading[0])} (CR 115.1, 102.3, "
                    f"109.5)", illegal=action))
                break
        if reading[0] == "any" and not violations:
            violations += _not_any_target(o, step, player, view.id, name)
        found = (True, violations)
        break
    if not found[0]:
        found = _activation_probes(o, step, player)
    step.shared[key] = found
    return found


def _not_any_target(o: Observation, step: StepView, player: str, spell: str,
                    name: str) -> list[Violation]:
    """Casts of ``spell``, whose word is "any target", naming a permanent that is no
    creature, planeswalker or battle (by card data and by the engine's view) or a card in a
    hand or a graveyard: each is refused (CR 115.4, 601.2c), once the engine has taken the
    cast naming a player."""
    others: list[ObjectView] = []
    elsewhere: list[ObjectView] = []
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.id == spell or view.face_down:
            continue
        if view.zone in (Zone.HAND, Zone.GRAVEYARD):
            elsewhere.append(view)
        elif view.zone is Zone.BATTLEFIELD:
            types = step.judge.types_of(view)
            if types is not None and not _ANY_TARGET_TYPES & (types | set(view.types)):
                others.append(view)
    if others:
        step.shared["offered-targets: any target probed with a permanent"] = True
    probes = [(v, f"{_named(v)}, controlled by {v.controller}, which is no creature, "
                  f"planeswalker or battle") for v in others[:2]]
    probes += [(v, f"{_named(v)} in {v.owner}'s {v.zone.value}, which is no permanent")
               for v in elsewhere[:1]]
    for view, why in probes:
        action = Cast(player, spell, targets=(view.id,))
        if o.engine.is_legal(action):
            return [Violation(f"{player} may cast {name} targeting {why}: \"any target\" "
                              f"means a creature, a player, a planeswalker or a battle "
                              f"(CR 115.4, 601.2c)", illegal=action)]
    return []


def reached_any_target_permanent(o: Observation) -> bool:
    """A spell saying "any target" was probed naming a permanent that is no creature,
    planeswalker or battle."""
    _probes(o, step_of(o))
    return bool(step_of(o).shared.get("offered-targets: any target probed with a permanent"))


def _spells_to_probe(o: Observation, player: str
                     ) -> list[tuple[ObjectView, tuple[str, Requirement | None]]]:
    """The instants and sorceries in ``player``'s hand whose one word "target" the judge
    reads, with what it reads: those asking for a permanent in a particular state (tapped
    or untapped) or of a particular controller first -- beside the card type, what an
    engine's filter may leave out -- then by name."""
    found = []
    for view in o.views.values():
        if view.zone is not Zone.HAND or view.owner != player or view.face_down:
            continue
        card = o.card(view)
        if card is None or len(card.faces) != 1 or not {"Instant", "Sorcery"} & set(
                card.faces[0].types):
            continue
        reading = _reading(card.faces[0].text)
        if reading is not None:
            found.append((view, reading))

    def key(entry: tuple[ObjectView, tuple[str, Requirement | None]]) -> tuple[bool, ...]:
        view, (_who, requirement) = entry
        stated = requirement is not None and (requirement.tapped is not None
                                              or requirement.control is not None)
        return (not stated, view.names, view.id)  # type: ignore[return-value]
    return sorted(found, key=key)


def _acting(player: str, object_id: str, ability: int | None
            ) -> Callable[[tuple[Target, ...]], Cast | Activate]:
    """What makes a cast of ``object_id`` (``ability`` ``None``) or an activation of its
    ``ability``-th activated ability naming the targets given."""
    def act(targets: tuple[Target, ...]) -> Cast | Activate:
        if ability is None:
            return Cast(player, object_id, targets=targets)
        return Activate(player, object_id, ability, targets=targets)
    return act


def _activated(face_name: str, text: str) -> tuple[str, ...] | None:
    """The effect of each activated ability of a face, in printed order (the contract's
    ``Activate.ability``, as ``activation_timing`` counts them); ``None`` when a line can't
    be placed."""
    bodies = ability_bodies(face_name, text)
    if bodies is None:
        return None
    return tuple(b.split(":", 1)[1] if ":" in b else "" for b in bodies)


def _activation_probes(o: Observation, step: StepView,
                       player: str) -> tuple[bool, list[Violation]]:
    """Activations naming one target, probed for the first activated ability of a permanent
    of the player with priority whose one word "target" asks plainly for a permanent and
    that may be activated now, as casts are (CR 602.2b, 601.2c, 115.1)."""
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.zone is not Zone.BATTLEFIELD or view.controller != player or view.face_down:
            continue
        faces = step.judge.faces_of(view)
        if not faces or len(faces) != 1:
            continue
        effects = _activated(faces[0].name, faces[0].text)
        for index, effect in enumerate(effects or ()):
            reading = _reading(effect)
            if reading is None or reading[0] != "object" or reading[1] is None \
                    or not o.engine.is_legal(Activate(player, view.id, index)):
                continue
            probed = _object_probes(o, step, player, view.id, reading[1],
                                    _acting(player, view.id, index))
            if probed is None:
                continue
            step.shared["offered-targets: objects probed"] = True
            step.shared["offered-targets: activations probed"] = True
            return True, probed
    return False, []


#: How many permanents of each kind (allowed, forbidden) a probe names, at most.
_PROBED = 3


def _object_probes(o: Observation, step: StepView, player: str, spell: str,
                   requirement: Requirement,
                   acting: Callable[[tuple[Target, ...]], Cast | Activate]
                   ) -> list[Violation] | None:
    """Casts of ``spell`` (or activations of its ability: ``acting`` makes the action),
    whose one word "target" asks plainly for a permanent, naming one target each: once the engine takes one naming a permanent that surely is what the word
    asks for (which shows it takes the targets given), every such permanent is taken
    (where no permanent speaks of what stops targeting), and a permanent that surely is
    not (another card type, tapped or untapped, whose), a player, and a card in a hand or
    a graveyard are each refused (CR 601.2c, 115.1).  ``None`` when nothing was compared."""
    judge = step.judge
    allowed: list[ObjectView] = []
    forbidden: list[ObjectView] = []
    elsewhere: list[ObjectView] = []
    for view in sorted(o.views.values(), key=lambda v: (v.names, v.id)):
        if view.id == spell:
            continue
        if view.zone in (Zone.HAND, Zone.GRAVEYARD):
            elsewhere.append(view)
            continue
        if view.zone is not Zone.BATTLEFIELD:
            continue
        types = judge.types_of(view)
        if types is None:
            return None
        if unmet(step, view, requirement, player):
            forbidden.append(view)
        elif requirement.kind is None or requirement.kind in types & set(view.types):
            allowed.append(view)
    if not allowed or not o.engine.is_legal(acting((allowed[0].id,))):
        return None  # the engine does not take these targets: nothing to compare with
    if requirement.tapped is not None:
        step.shared["offered-targets: tapped or untapped judged"] = True
    name = " // ".join(o.views[spell].names)
    doing = f"cast {name}" if isinstance(acting(()), Cast) else f"activate {name}'s ability"
    word = _word(requirement)
    if _targetable(o, step) and not _untargetable_anywhere(o, step):
        for view in allowed[1:_PROBED]:
            action = acting((view.id,))
            if not o.engine.is_legal(action):
                return [Violation(f"{player} may not {doing} targeting {_named(view)}, "
                                  f"controlled by {view.controller}, though its word "
                                  f"\"target\" asks for {word} (CR 115.1, 601.2c)",
                                  legal=action)]
    illegal: list[tuple[Target, str]] = [
        (view.id, f"{_named(view)}, controlled by {view.controller}, which is not {word}")
        for view in forbidden[:_PROBED]]
    illegal += [(view.id, f"{_named(view)} in {view.owner}'s {view.zone.value}, which is "
                          f"no permanent") for view in elsewhere[:1]]
    illegal += [(PlayerRef(p.name), f"the player {p.name}") for p in o.game.players[:1]]
    for target, why in illegal:
        action = acting((target,))
        if o.engine.is_legal(action):
            return [Violation(f"{player} may {doing} targeting {why}: its word "
                              f"\"target\" asks for {word} (CR 115.1, 601.2c)",
                              illegal=action)]
    return []


def _untargetable_anywhere(o: Observation, step: StepView) -> bool:
    """Whether a card in any zone speaks of what stops targeting (a spell that resolved
    this turn may have given hexproof), or the judge can't read one."""
    for view in o.views.values():
        faces = step.judge.faces_of(view)
        if faces is None:
            if view.face_down:
                continue
            return True
        if any(_UNTARGETABLE.search(f.text) or any(_UNTARGETABLE.search(k) for k in f.keywords)
               for f in faces):
            return True
    return False


def _word(requirement: Requirement) -> str:
    state = "" if requirement.tapped is None else "tapped " if requirement.tapped \
        else "untapped "
    kind = (requirement.kind or "permanent").lower()
    control = {"you": " its caster controls", "opponent": " an opponent of its caster "
               "controls"}.get(requirement.control or "", "")
    return f"a {state}{kind}{control}"


#: A word "target" asking for a spell ("target spell", "target instant or sorcery spell",
#: "target creature spell"): a card or a copy of one on the stack, never an ability there
#: (CR 112.1, 113.1, 115.1).
_SPELL_WORD = re.compile(r"\btarget (?:(?:[a-z]+ or )?[a-z]+ )?spell\b")


def _asks_for_a_spell(text: str) -> bool:
    """Whether the text's one word "target" asks for a spell."""
    low = normalize_text(text).lower()
    return len(re.findall(r"\btarget\b", low)) == 1 and _SPELL_WORD.search(low) is not None


def _spells_only(o: Observation, step: StepView) -> tuple[bool, list[Violation]]:
    """Only spells are offered or taken for a word "target ... spell": the choices of
    targets asked for such a word in the step offer no ability on the stack; and, with no
    choice pending and an ability on the stack, a cast of the first card in the hand of the
    player with priority whose word asks for a spell, naming that ability as its target,
    is refused.  Whether anything was judged, and what was wrong (once a step)."""
    key = "offered-targets: spells only"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    judged, found = False, []
    abilities = {i.id for game in (step.before_game, o.game) if game is not None
                 for i in game.stack if i.kind != "spell"}
    for name, text, choice in _asked(o, step):
        if not _asks_for_a_spell(text):
            continue
        judged = True
        wrong = sorted(opt.value for opt in choice.options if opt.value in abilities)
        if wrong:
            found.append(Violation(
                f"the engine offered an ability on the stack as a target of {name} "
                f"(\"{normalize_text(text)}\"): its word \"target\" asks for a spell, and an "
                f"ability on the stack is none (CR 112.1, 113.1, 115.1)"))
    game = o.game
    player = game.priority_player
    stacked = [i for i in game.stack if i.kind != "spell"]
    if not found and stacked and player is not None and o.engine.pending_choice() is None \
            and not game.game_over:
        for view in o.views.values():
            if view.zone is not Zone.HAND or view.owner != player or view.face_down:
                continue
            faces = step.judge.faces_of(view)
            if not faces or len(faces) != 1 or not _asks_for_a_spell(faces[0].text):
                continue
            judged = True
            cast = Cast(player, view.id, targets=(stacked[0].id,))
            if o.engine.is_legal(cast):
                found.append(Violation(
                    f"{player} may cast {_named(view)} (\"{normalize_text(faces[0].text)}\") "
                    f"with the ability \"{stacked[0].text}\" on the stack as its target: its "
                    f"word \"target\" asks for a spell, and an ability on the stack is none "
                    f"(CR 112.1, 113.1, 115.1)", illegal=cast))
            break
    step.shared[key] = (judged, found)
    return judged, found


def spells_only(o: Observation) -> Iterable[Violation]:
    """A word "target ... spell" ("target spell", "target instant or sorcery spell") takes
    only spells, a card or a copy of one on the stack, never an ability waiting there (CR
    112.1, 113.1, 115.1): the targets offered for such a word are no ability, and while an
    ability is on the stack a cast of a card in the hand of the player with priority whose
    word asks for a spell, naming that ability as its target, is refused."""
    step = step_of(o)
    if step.acted:
        yield from _spells_only(o, step)[1][:1]


def reached_spell_word(o: Observation) -> bool:
    """A word "target ... spell" was judged with an ability on the stack, or the targets
    offered for one."""
    step = step_of(o)
    return step.acted and _spells_only(o, step)[0]


def offered_targets(o: Observation) -> Iterable[Violation]:
    """The targets an engine offers for a word "target" are exactly what it allows: for
    "target opponent" the opponents of the spell's or ability's controller, never that
    player; for "target player" and "any target" every player; for "any target" every
    creature, planeswalker and battle too; for a word asking plainly for a permanent ("target
    creature you control", "target tapped creature", "target artifact an opponent
    controls") every such permanent and nothing else -- and a cast naming a player as its
    target is taken exactly when the word allows that player; a cast or an activation
    naming one target for a word asking plainly for a permanent is taken when the target is
    such a permanent and refused when it is another permanent, a card in a hand or a
    graveyard, or a player (CR 115.1, 115.4, 102.2, 102.3, 109.5, 601.2c, 602.2b)."""
    step = step_of(o)
    if not step.acted:
        return
    yield from _offered(o, step)[:1]
    yield from _probes(o, step)[1][:1]


def reached(o: Observation) -> bool:
    """A choice of targets was judged, or a cast naming a player as its target probed."""
    step = step_of(o)
    if not step.acted:
        return False
    _offered(o, step)
    return bool(step.shared.get("offered-targets: judged")) or _probes(o, step)[0]


def reached_object_probes(o: Observation) -> bool:
    """Casts naming a permanent as the target of a word asking plainly for one were
    probed."""
    step = step_of(o)
    if not step.acted:
        return False
    _probes(o, step)
    return bool(step.shared.get("offered-targets: objects probed"))


def reached_tapped_or_untapped(o: Observation) -> bool:
    """A word "target" asking for a tapped or an untapped permanent was judged: the targets
    offered for it, or casts or activations naming one probed."""
    step = step_of(o)
    if not step.acted:
        return False
    _offered(o, step)
    _probes(o, step)
    return bool(step.shared.get("offered-targets: tapped or untapped judged"))


def reached_activation_probes(o: Observation) -> bool:
    """Activations naming a permanent as the target of a word asking plainly for one were
    probed."""
    step = step_of(o)
    if not step.acted:
        return False
    _probes(o, step)
    return bool(step.shared.get("offered-targets: activations probed"))


def reached_players(o: Observation) -> bool:
    """A choice of targets for a word allowing players was judged ("any target")."""
    step = step_of(o)
    if not step.acted:
        return False
    _offered(o, step)
    return any(w != "object" for w in step.shared.get("offered-targets: judged", ()))


def reached_permanents(o: Observation) -> bool:
    """A choice of targets for a word asking plainly for a permanent was judged."""
    step = step_of(o)
    if not step.acted:
        return False
    _offered(o, step)
    return "object" in step.shared.get("offered-targets: judged", ())


def reached_own_source(o: Observation) -> bool:
    """A choice of targets for an activated ability was judged whose source itself was
    what its word asks for (and so required among the options)."""
    step = step_of(o)
    if not step.acted:
        return False
    _offered(o, step)
    return bool(step.shared.get("offered-targets: own source judged"))


def focus(card: Card) -> bool:
    """Cards with a face whose one word "target" names players or plainly a permanent."""
    return any(_reading(face.text) is not None for face in card.faces)


PROPERTIES: tuple[Property, ...] = (
    Property("offered-targets", offered_targets.__doc__ or "",
             ("room-unlock-without-targets-for-trigger",),
             frozenset(), offered_targets, focus,
             ("115.1", "115.4", "102.2", "102.3", "109.5", "601.2c", "602.2b"), "targets",
             reached),
)
