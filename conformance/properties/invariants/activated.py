"""An activated ability that is not a mana ability goes on the stack as it is activated
(CR 602.2, 602.2a, 405.1), and waits there: it resolves only once all players have passed
in succession with it on top (CR 117.3c, 608.1), never as part of its activation. Only a
mana ability -- one without a target that could add mana (CR 605.1a) -- resolves at once
(CR 605.3a).

The judge looks at the steps whose action is the activation of an ability (its choices
answered: its targets, its costs), once the game is still under way and no choice waits:
if the object activated says nothing of adding mana -- none of its faces' texts nor the
abilities the engine reports of it has the word "add", and it has no basic land type
(CR 305.6) -- the stack now holds a new ability
whose source is that object (or what it became, a source sacrificed or exiled as a cost).
A step in which the engine reports a pass of priority (an engine passing for the players
itself) is left aside: there the ability may have resolved as the rules say.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.text import normalize_text
from ...contract.types import Activate
from ...format.cards import Card
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation

#: What a mana ability says (CR 605.1a): "add" one or more mana.
_ADDS = re.compile(r"\badds?\b", re.IGNORECASE)
_BASIC_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
#: "[cost]: [effect]", an activated ability's text (CR 602.1).
_ACTIVATED = re.compile(r"^[^\"]*?\{[^}]+\}[^\"]*?: |^(?:sacrifice|discard|pay|remove|exile|"
                        r"tap|untap) [^:\"]*: ", re.IGNORECASE)


def _activation(step: StepView, o: Observation) -> Activate | None:
    """The step's activation of an ability that is not a mana ability, when judged."""
    action = o.action
    if not isinstance(action, Activate) or not step.acted or step.before_game is None \
            or o.game.game_over or o.engine.pending_choice() is not None \
            or "stack" in o.game.unknown:
        return None
    if any(e.kind == "priority_passed" for e in o.events):
        return None  # the engine passed for the players: the ability may have resolved
    source = step.before_views.get(action.object)
    if source is None or source.face_down or _BASIC_TYPES & set(source.subtypes):
        return None  # a basic land type gives a mana ability no text states (CR 305.6)
    faces = step.judge.faces_of(source)
    texts = [f.text for f in faces] if faces is not None else []
    texts += list(source.abilities)
    if not texts or any(_ADDS.search(normalize_text(t)) for t in texts):
        return None
    return action


def activated_abilities_use_the_stack(o: Observation) -> Iterable[Violation]:
    """An activated ability that is not a mana ability goes on the stack as it is
    activated and resolves only once all players pass with it on top -- never as it is
    activated (CR 602.2, 602.2a, 405.1, 117.3c, 605.3a)."""
    step = step_of(o)
    action = _activation(step, o)
    if action is None:
        return
    before = step.before_game
    assert before is not None
    old = {item.id for item in before.stack}
    sources = set(o.history.get(action.object, ())) | {action.object}
    if any(item.id not in old and item.kind == "ability" and item.source in sources
           for item in o.game.stack):
        return
    source = step.before_views[action.object]
    name = " // ".join(source.names) or str(source.id)
    yield Violation(f"{action.player} activated an ability of {name} (ability "
                    f"{action.ability}) and it is not on the stack: an activated ability "
                    f"that is not a mana ability goes on the stack and waits there until "
                    f"all players pass (CR 602.2, 405.1, 117.3c); the stack is "
                    f"{[i.text or i.id for i in o.game.stack]} (top first)", source.id)


def reached(o: Observation) -> bool:
    """An ability that is not a mana ability was activated, the step judged."""
    return _activation(step_of(o), o) is not None


def activates(card: Card) -> bool:
    """Cards with an activated ability that adds no mana (the focus)."""
    found = False
    for face in card.faces:
        for raw in face.ability_texts:
            text = normalize_text(raw)
            if _ADDS.search(text):
                return False
            if _ACTIVATED.match(text.split("— ", 1)[-1]):
                found = True
    return found


PROPERTIES: tuple[Property, ...] = (
    Property("activated-abilities-use-the-stack",
             activated_abilities_use_the_stack.__doc__ or "",
             ("cost-chapter-iv-is-not-a-mana-ability",), frozenset({"activated-abilities"}),
             activated_abilities_use_the_stack,
             activates, ("602.2", "602.2a", "405.1", "117.3c", "605.3a"), "stack", reached,
             weights=(("Activate", 24), ("Cast", 2))),
)
