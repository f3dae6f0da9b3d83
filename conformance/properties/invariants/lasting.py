"""How long a continuous effect lasts and where a static ability works from.

- An "until end of turn" effect ends in the cleanup step, whatever it gives (CR 514.2,
  611.2a): keywords a permanent gained from a spell or ability saying "gains ... until end
  of turn" are gone once the turn has ended, as its power and toughness are back
  (``power-and-toughness``'s judgement).  A keyword is judged gained that way when a
  permanent that stayed on the battlefield has it after such a spell or ability resolved
  and had it not before, the keyword named in the sentence of the grant; once the turn has
  ended, it may still have it only where something else says so: its own faces print it, a
  counter of that name is on it, or a text of any object in any zone (before or after the
  step) names the keyword in a sentence saying "has", "have" or "gain" that is no "until
  end of turn" grant -- an Aura's, an anthem's, a permanent grant.  Nothing is said where a
  permanent's text can't be read.
- A static ability of a permanent works only while it is on the battlefield (CR 113.6,
  611.3a, 613.4c): a card in a hand, a graveyard, a library, exile or on the stack changes
  no creature's power and toughness -- ``power-and-toughness``'s judgement, which adds only
  the battlefield's static abilities, in games with such cards held off the battlefield.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...contract.text import normalize_text
from ...contract.types import ObjectId, ObjectView
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, resolved_spell, step_of
from ..observation import Observation, Property, Violation
from strategies.duration_boards import (anthem, anthem_or_token_maker,
                                       grants_until_end_of_turn)
from . import durations

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
_UNTIL_EOT = "until end of turn"
_GIVES = re.compile(r"\b(gains?|has|have)\b")


@dataclass
class _Grants:
    last: Observation | None = None
    #: keywords gained "until end of turn" this turn, by object (lower case, letters only:
    #: "first strike" and "FirstStrike" are one keyword)
    gained: dict[ObjectId, set[str]] = field(default_factory=dict)
    #: what the step that ended a turn found, for the observation after it
    ended: dict[ObjectId, set[str]] = field(default_factory=dict)


_GAMES: PerGame[_Grants] = PerGame(_Grants)


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(normalize_text(text).lower()) if s.strip()]


def _item_text(step: StepView) -> str:
    resolved = step.resolved
    if resolved is None:
        return ""
    text = resolved.text or ""
    if resolved.kind == "spell" or not text:
        source = step.before_views.get(resolved.source)
        faces = step.judge.faces_of(source) if source is not None else None
        text += "\n" + "\n".join(f.text for f in faces or ())
    return text


def _track(o: Observation) -> tuple[StepView, _Grants]:
    step = step_of(o)
    grants = _GAMES.of(o)
    if grants.last is o:
        return step, grants
    grants.last = o
    grants.ended = {}
    if step.turn_ended:
        grants.ended, grants.gained = grants.gained, {}
    text = _item_text(step)
    granting = [s for s in _sentences(text) if _UNTIL_EOT in s and re.search(r"\bgains?\b", s)]
    if granting:
        for view in o.views.values():
            before = step.before_views.get(view.id)
            if view.zone is not Zone.BATTLEFIELD or before is None \
                    or before.zone is not Zone.BATTLEFIELD:
                continue
            new = {_squeezed(k) for k in view.keywords} - {_squeezed(k) for k in before.keywords}
            named = {k for k in new if any(k in _squeezed(s) for s in granting)}
            if named:
                grants.gained.setdefault(view.id, set()).update(named)
    return step, grants


def _lasting_sentences(step: StepView) -> list[str] | None:
    """Every sentence of every object's text (before and after the step) that is no
    "until end of turn" grant; ``None`` when a permanent's text can't be read."""
    found: list[str] = []
    for views in (step.before_views, step.now.views):
        for view in views.values():
            faces = step.judge.faces_of(view)
            if faces is None:
                if view.zone is Zone.BATTLEFIELD and not view.token:
                    return None
                texts = list(view.abilities)
            else:
                texts = [f.text for f in faces]
            for text in texts:
                found += [s for s in _sentences(text) if _UNTIL_EOT not in s]
    return found


def _explained(step: StepView, view: ObjectView, keyword: str,
               lasting: list[str]) -> bool:
    faces = step.judge.faces_of(view)
    if faces is None or any(keyword == _squeezed(k) for f in faces for k in f.keywords):
        return True
    if any(keyword == _squeezed(c) for c in view.counters):
        return True
    return any(keyword in _squeezed(s) and _GIVES.search(s) for s in lasting)


#: A spell that is one grant to one target creature: "Target creature gets +2/+2 and gains
#: flying until end of turn."
_GRANT = re.compile(r"^target creature (?:gets [+-]\d+/[+-]\d+ and )?gains ([a-z ]+?)"
                    r"(?: and ([a-z ]+?))? until end of turn\.?$")
_KEYWORDS = frozenset({"flying", "first strike", "double strike", "trample", "lifelink",
                       "deathtouch", "vigilance", "haste", "reach", "menace", "indestructible",
                       "hexproof"})
#: What can take a keyword away or stop a target: nothing is judged where any text says so.
_TAKES_AWAY = re.compile(r"\bloses?\b|\blose all\b|can't have|hexproof|shroud|protection|"
                         r"\bward\b|can't be the target")


def _squeezed(keyword: str) -> str:
    return re.sub(r"[^a-z]", "", keyword.lower())


def _grant(step: StepView) -> tuple[ObjectView, list[str]] | None:
    """The spell that resolved in ``step``, when it is one grant to one target creature,
    with the keywords it names."""
    spell = resolved_spell(step)
    found = _GRANT.match(normalize_text(spell[1].text).lower().strip()) if spell else None
    if spell is None or found is None:
        return None
    return spell[0], [k for k in found.groups() if k]


def _granted(o: Observation, step: StepView) -> Violation | None:
    """A spell that is one grant to one target creature resolved with its target still on
    the battlefield: the creature has the keywords it names (CR 608.2c, 611.2a)."""
    grant = _grant(step)
    if grant is None or o.game.game_over:
        return None
    source, keywords = grant
    assert step.resolved is not None
    targets = list(dict.fromkeys(str(t) for t in step.resolved.targets))
    if any(k not in _KEYWORDS for k in keywords) or len(targets) != 1:
        return None
    view, before = o.views.get(targets[0]), step.before_views.get(targets[0])
    if view is None or before is None or Zone.BATTLEFIELD not in (view.zone, before.zone) \
            or view.zone is not before.zone or view.face_down or before.face_down \
            or "Creature" not in (step.judge.types_of(before) or ()):
        return None
    if any(_TAKES_AWAY.search(normalize_text(f.text).lower())
           for views in (step.before_views, o.views) for v in views.values()
           for f in step.judge.faces_of(v) or ()):
        return None
    has = {_squeezed(k) for k in view.keywords}  # "First strike", "FirstStrike"
    missing = [k for k in keywords if _squeezed(k) not in has]
    if not missing:
        return None
    name = " // ".join(view.names) or "a face-down permanent"
    return Violation(f"{name} lacks {', '.join(missing)} after {' // '.join(source.names)} "
                     f"resolved targeting it, which says it gains {' and '.join(keywords)} "
                     f"until end of turn (CR 608.2c, 611.2a)", view.id, "keywords",
                     sorted({*view.keywords, *missing}))


def reached_granted(o: Observation) -> bool:
    """A spell that is one grant to one target creature resolved with the creature still
    there, and was judged."""
    step = step_of(o)
    if _grant(step) is None:
        return False
    assert step.resolved is not None
    return any((v := o.views.get(str(t))) is not None and v.zone is Zone.BATTLEFIELD
               for t in step.resolved.targets)


def until_end_of_turn_effects(o: Observation) -> Iterable[Violation]:
    """An "until end of turn" effect ends in the cleanup step, whatever it gives: once the
    turn has ended, a permanent that gained a keyword from a spell or ability saying "gains
    ... until end of turn" no longer has it unless something else gives it (its own faces,
    a counter, a lasting text), and its power and toughness are back as
    ``power-and-toughness`` works them out (CR 514.2, 611.2a).  And it begins as it
    resolves: a spell that is one grant to one target creature ("Target creature gets +2/+2
    and gains flying until end of turn") leaves the creature, still there, with the keywords
    it names (CR 608.2c, 611.2a)."""
    step, grants = _track(o)
    yield from durations.power_and_toughness(o)
    granted = _granted(o, step)
    if granted is not None:
        yield granted
        return
    if not grants.ended or o.game.game_over:
        return
    lasting = _lasting_sentences(step)
    if lasting is None:
        return
    for object_id, keywords in sorted(grants.ended.items()):
        view = o.views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD:
            continue
        kept = sorted(k for k in keywords if k in {_squeezed(x) for x in view.keywords}
                      and not _explained(step, view, k, lasting))
        if kept:
            name = " // ".join(view.names) or "a face-down permanent"
            shown = [x for x in view.keywords if _squeezed(x) in kept]
            yield Violation(f"{name} still has {', '.join(shown)}, gained until end of turn, "
                            f"after the turn ended", view.id, "keywords",
                            [x for x in view.keywords if _squeezed(x) not in kept])
            return


def reached_ended(o: Observation) -> bool:
    """A turn ended with a keyword gained until end of turn on a permanent still there."""
    _, grants = _track(o)
    return any((v := o.views.get(i)) is not None and v.zone is Zone.BATTLEFIELD
               for i in grants.ended)


def reached(o: Observation) -> bool:
    """A turn ended with a keyword gained until end of turn on a permanent still there, or
    a spell granting keywords to one target creature resolved with the creature there."""
    return reached_ended(o) or reached_granted(o)


def statics_on_the_battlefield_only(o: Observation) -> Iterable[Violation]:
    """A static ability of a permanent works only while it is on the battlefield: a card
    in a hand, a graveyard, a library, exile or on the stack changes no creature's power
    and toughness, which are what ``power-and-toughness`` works out from the battlefield's
    static abilities alone (CR 113.6, 611.3a, 613.4c)."""
    yield from durations.power_and_toughness(o)


def reached_stranded(o: Observation) -> bool:
    """A creature's power and toughness judged while a card with a static ability changing
    creatures' power and toughness is off the battlefield."""
    if not any(v.zone is not Zone.BATTLEFIELD and (c := o.card(v)) is not None and anthem(c)
               for v in o.views.values()):
        return False
    return _judged(o, lambda step, v: "Creature" in (step.judge.types_of(v) or ()))


def _judged(o: Observation, which: Callable[[StepView, ObjectView], bool]) -> bool:
    """Whether ``power-and-toughness``' judgement works out, in ``o``, the power and
    toughness of a permanent with power that ``which`` takes."""
    step = step_of(o)
    return not step.knowledge.tainted and o.engine.pending_choice() is None and any(
        v.zone is Zone.BATTLEFIELD and v.power is not None and which(step, v)
        and durations.expected_power_toughness(step, v) is not None for v in o.views.values())


def tokens_under_static_abilities(o: Observation) -> Iterable[Violation]:
    """A token is a permanent as a card is: a static ability changing the power and
    toughness of its controller's creatures changes a creature token's too, whether the
    token was created where the ability applies or the ability came after it -- on top of
    the power and toughness its description defines (CR 111.6, 111.3, 613.4c;
    ``power-and-toughness``'s judgement)."""
    yield from durations.power_and_toughness(o)


def reached_tokens_under_statics(o: Observation) -> bool:
    """A creature token's power and toughness judged, from its description, while a
    permanent with a static ability changing creatures' power and toughness is on the
    battlefield."""
    if not any(v.zone is Zone.BATTLEFIELD and (c := o.card(v)) is not None and anthem(c)
               for v in o.views.values()):
        return False
    return _judged(o, lambda _step, v: v.token)


PROPERTIES: tuple[Property, ...] = (
    Property("until-end-of-turn-effects", until_end_of_turn_effects.__doc__ or "",
             ("durations-giant-growth-until-end-of-turn",), frozenset(), until_end_of_turn_effects, grants_until_end_of_turn,
             ("514.2", "611.2a", "613.1f", "608.2c"), "durations", reached,
             weights=(("Cast", 16), ("Resolve", 8), ("Advance", 12))),
    Property("statics-on-the-battlefield-only", statics_on_the_battlefield_only.__doc__ or "",
             ("morph-thousand-winds-returns-other-tapped-creatures",), frozenset(), statics_on_the_battlefield_only, anthem,
             ("113.6", "611.3a", "613.4c"), "continuous-effects", reached_stranded),
    Property("tokens-under-static-abilities", tokens_under_static_abilities.__doc__ or "",
             ("turn-structure-tokens-have-summoning-sickness",), frozenset(),
             tokens_under_static_abilities, anthem_or_token_maker,
             ("111.6", "111.3", "613.4c"), "continuous-effects", reached_tokens_under_statics,
             weights=(("Cast", 16), ("Resolve", 8))),
)
