"""State-based actions as a whole (CR 704.3, 117.5, 704.5): whenever a player would receive
priority, the game checks every condition of CR 704.5 and performs every state-based
action that applies, all at once, then checks again, and so on until none applies.  So a
player holding priority -- the engine asking no choice, the game not over -- sees a game
in which none of them applies: a chain is followed to its end (a creature dies, then its
Aura, attached to nothing, goes too).

The conditions the views show, each read as the judge reads it elsewhere:

- a player with 0 or less life (704.5a) or who drew from an empty library in the step
  (704.5b) has lost, and with one opponent the game is over -- whatever made them draw:
  the draw step's draw, or a spell or ability that resolved saying "draw N cards" (121.1,
  121.4) while their library held fewer;
- a token is nowhere but the battlefield (704.5d; a copy of a spell may be a token on the
  stack, as phase.rs makes them) and a copy of a spell nowhere but the stack (704.5e);
- no creature has toughness 0 or less (704.5f), nor damage marked at least its toughness
  (704.5g: the damage of each ``damage_dealt`` event this turn, as ``damage-marked``
  keeps it), nor damage dealt in the step by a source with deathtouch (704.5h), unless it
  may be indestructible or regenerate;
- no planeswalker has 0 loyalty counters (704.5i), no battle 0 defense counters (704.5v)
  but while an ability of it waits on the stack;
- no player controls two legendary permanents of one name (704.5j);
- an Aura is attached to an object on the battlefield its enchant ability allows, not to
  itself (704.5m); an Equipment or Fortification to nothing, or to a creature or a land
  on the battlefield, never while it is a creature itself (704.5n); nothing else is
  attached -- a creature or a battle least of all (704.5p);
- no permanent has both +1/+1 and -1/-1 counters (704.5q);
- a Saga with its final chapter's lore counters and no chapter ability of it on the stack
  is gone (704.5s).

The judge reads what a permanent is from card data (``Aura``, ``Equipment``, legendary)
and its status from the engine's views; what it can't read (a token an effect defined, a
card whose text speaks of reconfiguring or bestow, a player enchanted) it leaves alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.sba_boards import doomed_focus, drawing_focus

from ...contract.text import normalize_text
from ...contract.types import PLAYER_OPTION_PREFIX, GameView, Move, ObjectView
from ...format.vocabulary import Step, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from .attachments import _enchants_creatures, _subtypes
from .counters import _annihilated, _sagas_done
from .damage_results import _damage, _sturdy
from .declarations import WEIGHTS
from .marked import _still_there, marks_of
from .toughness import zero_toughness
from .turns import _DRAW_CHANGES, _statics_say
from .zones import _moves

#: Texts that make attachments the judge does not read: a creature attached as an
#: Equipment (reconfigure) or an Aura (bestow), an Aura enchanting a player.
_ODD_ATTACHING = ("reconfigure", "bestow", "enchant player", "enchant opponent")


def _name(view: ObjectView) -> str:
    return " // ".join(view.names) or "a face-down permanent"


def holding_priority(o: Observation) -> bool:
    """Whether a player would now receive priority: an action was taken, the engine asks
    no choice, the game goes on and a player has priority."""
    step = step_of(o)
    return step.acted and o.engine.pending_choice() is None and not o.game.game_over \
        and o.game.priority_player is not None


def state_based_actions(o: Observation) -> Iterable[Violation]:
    """Whenever a player would receive priority, state-based actions have been performed,
    repeatedly, until none applies: no player at 0 or less life or who drew from an empty
    library is still playing, no token is off the battlefield nor any copy of a spell off
    the stack, no creature has toughness 0 or less, damage marked at least its toughness
    or damage from a source with deathtouch, no planeswalker is without loyalty, no player
    controls two legendary permanents of one name, no Aura is attached to nothing or to
    what it can't enchant, no Equipment or Fortification attached illegally and nothing
    else attached, no permanent has +1/+1 and -1/-1 counters, no Saga is past its final
    chapter with none of its chapter abilities on the stack (CR 704.3, 117.5, 704.5a-b,
    704.5d-j, 704.5m-n, 704.5p-q, 704.5s); and a player made to draw more cards than their
    library held drew every card it held first (CR 121.2, 121.4)."""
    marks_of(o)  # the damage marked and the turn's combat follow every step, judged or not
    for violation in drew_what_there_was(o):
        yield violation
        return
    if not holding_priority(o):
        return
    step = step_of(o)
    for found in (_players(o, step), _ceased(o, step), zero_toughness(o), _damaged(o, step),
                  _counted(o, step), _legends(o, step), _attached(o, step),
                  _sagas_done(o, step)):
        for violation in found:
            yield violation
            return


def _players(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5a, 704.5b: a player who lost ends a two-player game."""
    for player in o.game.players:
        if player.life <= 0:
            yield Violation(f"{player.name} has {player.life} life and the game goes on once "
                            f"state-based actions are done (CR 704.5a)")
            return
    before = step.before_game
    if before is None:
        return
    yield from _drawn_by_effects(o, step, before)
    drawers = [p for s, p in step.steps_begun if s is Step.DRAW]
    if len(drawers) != 1 or before.stack:
        return
    if before.player(drawers[0]).library_size == 0 \
            and _statics_say(step, _DRAW_CHANGES, o) is False:
        yield Violation(f"{drawers[0]} drew from an empty library in their draw step and the "
                        f"game goes on once state-based actions are done (CR 704.5b)")


#: A sentence of a spell or ability making its controller draw cards, "draw two cards" or
#: "you draw a card" -- not "you may draw", "target player draws" or "if you do, draw".
_DRAWS = re.compile(r"(?:^|[.;,] |\band )(?:you )?draw (a|an|one|two|three|four|five|"
                    r"six|seven|\d+) cards?\b")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7}
#: Texts that replace or change a draw (CR 121.6, 614.11): then the judge says nothing.
_DRAW_REPLACED = re.compile(r"would draw|dredge|draws? an additional|can't draw")


def _resolved_text(step: StepView) -> str | None:
    """The text of the instant, sorcery or ability that resolved in the step (normalized,
    lower case); ``None`` when nothing did, or a permanent spell (which does nothing of its
    text as it resolves), or one the judge can't read."""
    item = step.resolved
    if item is None:
        return None
    if item.kind == "ability":
        return normalize_text(item.text).lower()
    source = step.before_views.get(item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    types = step.judge.types_of(source) if source is not None else None
    if faces is None or source is None or source.face_down or types is None \
            or not {"Instant", "Sorcery"} & types:
        return None
    return normalize_text(" ".join(f.text for f in faces)).lower()


def drawn_by_effect(o: Observation, step: StepView) -> tuple[str, int] | None:
    """The player a spell or ability that resolved in the step made draw cards, and how
    many (CR 121.1): "draw N cards" or "you draw N cards", its controller -- ``None`` when
    nothing resolved, it says no such thing, or says more the judge does not read ("may",
    "if", another player drawing, a draw replaced)."""
    item, text = step.resolved, _resolved_text(step)
    if item is None or text is None or "draw" not in text \
            or re.search(r"may draw|draws|if you do|unless|instead", text):
        return None
    if _draws_replaced(o, step):
        return None
    count = sum(int(_NUMBERS.get(m.group(1), m.group(1)))
                for m in _DRAWS.finditer(text))
    return (item.controller, count) if count else None


def _draws_replaced(o: Observation, step: StepView) -> bool:
    """Whether a permanent says something of draws: its card's text, or the abilities the
    engine shows for a token an effect defined."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        faces = step.judge.faces_of(view)
        texts = [f.text for f in faces] if faces is not None else list(view.abilities)
        if any(_DRAW_REPLACED.search(normalize_text(t).lower()) for t in texts):
            return True
    return False


def _drawn_by_effects(o: Observation, step: StepView, before: GameView
                      ) -> Iterable[Violation]:
    """CR 704.5b, 121.4: a player who drew more cards than their library held, made to by
    a spell or ability that resolved (its library empty after it), has lost."""
    drawn = drawn_by_effect(o, step)
    if drawn is None:
        return
    player, count = drawn
    held = before.player(player).library_size
    if held < count and o.game.player(player).library_size == 0:
        yield Violation(f"{player} was made to draw {count} card(s) with {held} in their "
                        f"library and the game goes on once state-based actions are done "
                        f"(CR 704.5b)")


def drew_what_there_was(o: Observation) -> Iterable[Violation]:
    """CR 121.2, 121.4: a player made to draw more cards than their library held, by a
    spell or ability that resolved, drew every card it held, one at a time, before the draw
    it could not give -- whether or not the game ended with it; judged where the text says
    nothing else of a library."""
    past = _drawn_past(o)
    if past is None or o.engine.pending_choice() is not None:
        return
    player, held, count = past
    left = o.game.player(player).library_size
    if 0 < left <= held and "library" not in (_resolved_text(step_of(o)) or "library"):
        yield Violation(f"{player} was made to draw {count} card(s) with {held} in their "
                        f"library, and {left} card(s) of it are still there: the cards are "
                        f"drawn one at a time, as many as the library holds (CR 121.2, "
                        f"121.4)")


def _drawn_past(o: Observation) -> tuple[str, int, int] | None:
    """The player a spell or ability that resolved made draw more cards than their library
    held, with what it held and how many: ``drawn_by_effect``'s, past the library."""
    step = step_of(o)
    before = step.before_game
    if not step.acted or before is None:
        return None
    drawn = drawn_by_effect(o, step)
    if drawn is None or before.player(drawn[0]).library_size >= drawn[1]:
        return None
    return drawn[0], before.player(drawn[0]).library_size, drawn[1]


def reached_partial_draw(o: Observation) -> bool:
    """A spell or ability that resolved made a player draw more cards than their library
    held, and it held some."""
    past = _drawn_past(o)
    return past is not None and past[1] > 0


def _ceased(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5d, 704.5e: tokens off the battlefield and copies of spells off the stack
    cease to exist."""
    for view in o.views.values():
        if view.token and view.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            yield Violation(f"a token ({' // '.join(view.identity or view.names) or 'unnamed'})"
                            f" is in the {view.zone.value} once state-based actions are done "
                            f"(CR 704.5d)", view.id, "zone", Zone.BATTLEFIELD.value)
            return
    copies = step.knowledge.spell_copies
    for _event, old, new in _moves(step):
        if old is not None and new is not None and old.id in copies \
                and new.zone is not Zone.BATTLEFIELD:
            yield Violation(f"a copy of a spell ({' // '.join(new.identity or new.names)}) "
                            f"left the stack and is in the {new.zone.value} once "
                            f"state-based actions are done (CR 704.5e)", new.id, "zone",
                            Zone.STACK.value)
            return


def _creature(step: StepView, view: ObjectView) -> bool:
    types = step.judge.types_of(view)
    return types is not None and "Creature" in types


def _damaged(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5g (damage marked this turn, as ``damage-marked`` keeps it) and 704.5h
    (damage dealt in the step by a source with deathtouch)."""
    marks = marks_of(o)
    if not marks.lost:
        yield from _still_there(o, step, marks)
    damage = _damage(o)
    if not damage.readable:
        return
    for hit in damage.hits:
        if hit.amount <= 0 or hit.keywords is None or "Deathtouch" not in hit.keywords:
            continue
        view = o.views.get(hit.to)
        if view is None or view.zone is not Zone.BATTLEFIELD or not _creature(step, view) \
                or _sturdy(step, o, view):
            continue
        yield Violation(f"{_name(view)} was dealt damage by a source with deathtouch and is "
                        f"still on the battlefield once state-based actions are done "
                        f"(CR 704.5h)", view.id, "zone", Zone.GRAVEYARD.value)
        return


def _counted(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5i, 704.5v, 704.5q: loyalty and defense counters, and +1/+1 and -1/-1
    counters together."""
    waiting = {item.source for item in o.game.stack}
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        if view.counters.get("+1/+1", 0) > 0 and view.counters.get("-1/-1", 0) > 0:
            yield Violation(f"{_name(view)} has both +1/+1 and -1/-1 counters once "
                            f"state-based actions are done (CR 704.5q)", view.id, "counters",
                            _annihilated(dict(view.counters)))
            return
        types = step.judge.types_of(view) or frozenset()
        if "Planeswalker" in types and view.counters.get("loyalty", 0) <= 0:
            yield Violation(f"{_name(view)}, a planeswalker, has no loyalty counters once "
                            f"state-based actions are done (CR 704.5i)", view.id, "zone",
                            Zone.GRAVEYARD.value)
            return
        if "Battle" in types and view.counters.get("defense", 0) <= 0 \
                and not waiting & set(o.history.get(view.id, {view.id})):
            yield Violation(f"{_name(view)}, a battle, has no defense counters once "
                            f"state-based actions are done (CR 704.5v)", view.id, "zone",
                            Zone.GRAVEYARD.value)
            return


def _legends(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5j: the legend rule."""
    seen: set[tuple[str, str]] = set()
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller is None:
            continue
        supertypes = step.judge.supertypes_of(view)
        if supertypes is None or "Legendary" not in supertypes:
            continue
        for name in view.names:
            if (view.controller, name) in seen:
                yield Violation(f"{view.controller} controls two legendary permanents named "
                                f"{name} once state-based actions are done (CR 704.5j)")
                return
            seen.add((view.controller, name))


def _attached(o: Observation, step: StepView) -> Iterable[Violation]:
    """CR 704.5m, 704.5n, 704.5p: what is attached, and to what."""
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD:
            continue
        subtypes = _subtypes(step, view)
        if subtypes is None or view.attached_to is None and "Aura" not in subtypes:
            continue
        faces = step.judge.faces_of(view)
        if faces is None or any(
                word in f.text.lower() for f in faces for word in _ODD_ATTACHING):
            continue
        if str(view.attached_to or "").startswith(PLAYER_OPTION_PREFIX):
            continue  # what may be attached to a player is not read here
        host = o.views.get(view.attached_to) if view.attached_to is not None else None
        there = host is not None and host.zone is Zone.BATTLEFIELD and host.id != view.id
        host_types = step.judge.types_of(host) if host is not None and there else None
        if "Aura" in subtypes:
            if not there:
                yield Violation(f"{_name(view)}, an Aura, is attached to "
                                f"{'nothing' if view.attached_to is None else 'no object on the battlefield'}"
                                f" once state-based actions are done (CR 704.5m)", view.id,
                                "zone", Zone.GRAVEYARD.value)
                return
            if host is not None and host_types is not None and "Creature" not in host_types \
                    and _enchants_creatures(step, view):
                yield Violation(f"{_name(view)} enchants creatures and is attached to "
                                f"{_name(host)}, not a creature, once state-based actions are "
                                f"done (CR 704.5m)", view.id, "zone", Zone.GRAVEYARD.value)
                return
            continue
        legal = {"Equipment": "Creature", "Fortification": "Land"}
        kind = next((k for k in legal if k in subtypes), None)
        if kind is not None and not _creature(step, view):
            if not there or host_types is not None and legal[kind] not in host_types:
                yield Violation(f"{_name(view)}, an {kind}, is attached to "
                                f"{'an object no longer on the battlefield' if not there else _name(host) if host else 'it'}"
                                f" once state-based actions are done (CR 704.5n)", view.id,
                                "attached_to", None)
                return
            continue
        yield Violation(f"{_name(view)}, "
                        f"{'a creature' if _creature(step, view) else 'neither an Aura, an Equipment nor a Fortification'}"
                        f", is attached to something once state-based actions are done "
                        f"(CR 704.5p)", view.id, "attached_to", None)
        return


# -- what its games reach --------------------------------------------------------------------


def _left(step: StepView, o: Observation) -> list[ObjectView]:
    """Permanents on the battlefield before the step that are not there now."""
    return [v for v in step.before_views.values() if v.zone is Zone.BATTLEFIELD
            and ((now := o.views.get(v.id)) is None or now.zone is not Zone.BATTLEFIELD)]


def reached(o: Observation) -> bool:
    """A player would receive priority after a step in which a state-based action had
    something to act on: a creature dealt damage, a permanent something was attached to
    leaving the battlefield, a legendary permanent entering beside one of its name, a
    permanent with +1/+1 and -1/-1 counters, a token leaving the battlefield, a player at
    0 or less life."""
    if not step_of(o).acted or o.engine.pending_choice() is not None:
        return False
    return (reached_damage(o) or reached_aura_chain(o) or reached_legend_entering(o)
            or reached_both_counters(o) or reached_token_left(o)
            or any(p.life <= 0 for p in o.game.players))


def reached_damage(o: Observation) -> bool:
    """A creature on the battlefield was dealt damage in the step."""
    step = step_of(o)
    damage = _damage(o)
    return damage.readable and any(
        h.amount > 0 and (v := step.before_views.get(h.to)) is not None
        and v.zone is Zone.BATTLEFIELD and _creature(step, v) for h in damage.hits)


def reached_aura_chain(o: Observation) -> bool:
    """An object an Aura or Equipment was attached to left the battlefield in the step."""
    step = step_of(o)
    if not step.acted:
        return False
    gone = {v.id for v in _left(step, o)}
    return any(v.zone is Zone.BATTLEFIELD and v.attached_to in gone
               for v in step.before_views.values())


def reached_aura_died_with_its_creature(o: Observation) -> bool:
    """An Aura and the creature it enchanted were both put into a graveyard in one step
    that resolved nothing but dealt damage, or passed priority."""
    step = step_of(o)
    if not step.acted:
        return False
    to_graveyard = {str(e.data.get("object")) for e in o.events if e.kind == "zone_changed"
                    and e.data.get("from") == Zone.BATTLEFIELD.value
                    and e.data.get("to") == Zone.GRAVEYARD.value}
    return any(v.zone is Zone.BATTLEFIELD and v.id in to_graveyard
               and v.attached_to in to_graveyard and "Aura" in (_subtypes(step, v) or ())
               for v in step.before_views.values())


def reached_toughness_dropped(o: Observation) -> bool:
    """A creature dealt damage earlier this turn had its toughness lowered in the step:
    on the battlefield still, or gone as what was attached to it was moved away."""
    step = step_of(o)
    marks = marks_of(o)
    if not step.acted or marks.lost:
        return False
    moved = o.action.object if isinstance(o.action, Move) else None
    for object_id, amount in marks.before.items():
        then = step.before_views.get(object_id)
        if not amount or then is None or then.zone is not Zone.BATTLEFIELD \
                or then.toughness is None or not marks.known_before(object_id):
            continue
        now = o.views.get(object_id)
        if now is not None and now.zone is Zone.BATTLEFIELD:
            if now.toughness is not None and now.toughness < then.toughness:
                return True
        elif moved is not None and (gear := step.before_views.get(moved)) is not None \
                and gear.attached_to == object_id:
            return True
    return False


def reached_deathtouch(o: Observation) -> bool:
    """A source with deathtouch dealt damage to a creature."""
    step = step_of(o)
    damage = _damage(o)
    return damage.readable and any(
        h.amount > 0 and h.keywords is not None and "Deathtouch" in h.keywords
        and (v := step.before_views.get(h.to)) is not None and _creature(step, v)
        for h in damage.hits)


def reached_legend_entering(o: Observation) -> bool:
    """A legendary permanent entered the battlefield under the control of a player who
    controlled a legendary permanent of the same name."""
    step = step_of(o)
    if not step.acted:
        return False
    for entered, _source in step.entered:
        view = o.views.get(entered) or step.view(step.entered_as.get(entered, entered))
        history = o.history.get(entered, {entered})
        if view is None or "Legendary" not in (step.judge.supertypes_of(view) or ()):
            continue
        for then in step.before_views.values():
            if then.zone is Zone.BATTLEFIELD and then.id not in history \
                    and set(then.names) & set(view.names) \
                    and "Legendary" in (step.judge.supertypes_of(then) or ()):
                return True
    return False


def reached_both_counters(o: Observation) -> bool:
    """A permanent had +1/+1 and -1/-1 counters before the step."""
    step = step_of(o)
    return step.acted and any(
        v.zone is Zone.BATTLEFIELD and v.counters.get("+1/+1", 0) > 0
        and v.counters.get("-1/-1", 0) > 0 for v in step.before_views.values())


def reached_drawn_past_the_library(o: Observation) -> bool:
    """A spell or ability that resolved made a player draw more cards than their library
    held."""
    return _drawn_past(o) is not None


def reached_token_left(o: Observation) -> bool:
    """A token left the battlefield."""
    step = step_of(o)
    return step.acted and any(v.token for v in _left(step, o))


PROPERTIES: tuple[Property, ...] = (
    Property("state-based-actions", state_based_actions.__doc__ or "",
             ("game-over-a-player-who-loses-ends-the-game", "legend-rule-applies-per-player",
              "combat-deathtouch-lifelink-flying",
              "entering-objects-a-token-that-leaves-ceases-to-exist"),
             frozenset(), state_based_actions, doomed_focus,
             ("704.3", "117.5", "704.5a", "704.5b", "704.5d", "704.5e", "704.5f", "704.5g",
              "704.5h", "704.5i", "704.5j", "704.5m", "704.5n", "704.5p", "704.5q",
              "704.5s", "704.5v"), "state-based-actions", reached,
             weights=WEIGHTS + (("Move", 8),)),
    Property("drawing-from-an-empty-library", state_based_actions.__doc__ or "",
             ("game-over-a-player-who-loses-ends-the-game",),
             frozenset(), state_based_actions, drawing_focus,
             ("704.5b", "121.4", "121.1", "121.2", "704.3"), "state-based-actions",
             reached_drawn_past_the_library, weights=(("Cast", 16), ("Resolve", 8))),
)
