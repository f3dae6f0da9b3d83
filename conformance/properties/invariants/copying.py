"""Copies of permanents and of spells in the games where the copy's values decide something.

The invariants are ``objects.entering_permanents`` and ``objects.spell_copies``.  A
permanent that enters as a copy, or a token copy, gets the copiable values of what it
copies and nothing else: neither its counters nor its status (CR 707.2, 110.5b, 122.6), and
"enters with" counters from the copied text, X being 0 unless the object was cast with X
(CR 107.3m) -- a Clone entering as a copy of a permanent with X in its cost was cast
without X.  A copy of a spell copies every choice made for it: X, and so its mana value,
its face-down status, its targets; its controller is whoever made it (CR 707.10,
707.10c, 202.3e).

A random game rarely has a copier and a card whose copy shows these in play at once: so
these games favour what makes copies and what a copy keeps or forgets -- cards with X in
their cost, cards entering with counters, morph cards -- or only what enters as a copy
(the boards put such a card in hand with a permanent to copy, tapped or with counters
sometimes); what makes token copies of a target permanent ("create a token that's a
copy of target creature you control"), with double-faced cards and tokens an effect
defines (``token_copies_copy``: a token copy has what its original copies, CR 707.2,
707.3, 707.8a); and, since "enters with" is a replacement effect, not a trigger, trigger
doublers with the cards entering with counters (CR 614.1c, 603.2d).  Cards are chosen by
what their text and cost say, never by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strategies.token_boards import copier_focus, enters_as_a_copy, token_copiers

from ...contract.text import normalize_text
from ...contract.types import ObjectView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import StepView, resolved_spell, step_of
from ..observation import Observation, Property, Violation
from . import objects


def _text(card: Card) -> str:
    return " ".join(face.text for face in card.faces).lower()


def _x_in_cost(card: Card) -> bool:
    return any("{X}" in (face.mana_cost or "") for face in card.faces)


def _permanent_copies(card: Card) -> bool:
    """What makes copies of permanents, and the cards whose copies show what was copied:
    "enters with" counters, X in the cost."""
    text = _text(card)
    return "copy of" in text or "copy target permanent spell" in text \
        or "enters with" in text or _x_in_cost(card)


#: What enters as a copy of a permanent (Clone's kind): the boards then put it in hand with
#: a permanent it can copy, tapped or with counters sometimes, or with a legendary creature
#: of bob's (``strategies.token_boards.copied_legends``).
_enters_as_a_copy = enters_as_a_copy


def _counters_and_doublers(card: Card) -> bool:
    """Trigger doublers, and the cards entering with counters ("enters with", X)."""
    text = _text(card)
    return "triggers an additional time" in text or "enters with" in text or _x_in_cost(card)


def _face_down_spell_copies(card: Card) -> bool:
    """What copies permanent spells, and morph cards (cast face down)."""
    return "copy target permanent spell" in _text(card) \
        or any("Morph" in f.keywords for f in card.faces)


def _spell_copies(card: Card) -> bool:
    """What copies permanent spells, and the permanent spells whose copies keep a choice:
    X in the cost."""
    return "copy target permanent spell" in _text(card) or (
        _x_in_cost(card) and "Sorcery" not in card.faces[0].types)


#: "You may have this creature enter as a copy of any creature on the battlefield".
_ANY_CREATURE = re.compile(r"enter as a copy of (?:any|a) creature on the battlefield")


def _copy_choices(o: Observation) -> Iterable[Violation]:
    """A spell that enters as a copy of "any creature on the battlefield" offers, as its
    choice of what to copy, the creatures on the battlefield and nothing else (CR 707.2,
    614.1c: the replacement effect names what may be copied)."""
    step = step_of(o)
    copying = _copying_any_creature(o, step)
    if copying is None:
        return
    source = copying[0]
    assert step.resolved is not None
    resolved = step.resolved
    views = step.before_views
    battlefield = {str(i) for i, v in views.items() if v.zone is Zone.BATTLEFIELD}
    creatures = {str(i) for i, v in views.items() if v.zone is Zone.BATTLEFIELD
                 and "Creature" in (step.judge.types_of(v) or ())}
    for choice, _answer in o.choices:
        offered = {option.value for option in choice.options}
        if choice.kind != "cards" or choice.player != resolved.controller \
                or not offered or not offered <= battlefield:
            continue  # not the choice of what to copy
        other = sorted(offered - creatures)
        if other:
            name = " // ".join(views[other[0]].names) or "a face-down permanent"
            yield Violation(f"{' // '.join(source.names)} offered {name}, which is not a "
                            f"creature, as what it may enter as a copy of, though it copies "
                            f"\"any creature on the battlefield\" (CR 707.2, 614.1c)")
            return
        left = sorted(creatures - offered)
        if left:
            name = " // ".join(views[left[0]].names) or "a face-down creature"
            yield Violation(f"{' // '.join(source.names)} did not offer {name}, a creature on "
                            f"the battlefield, as what it may enter as a copy of (CR 707.2, "
                            f"614.1c)")
            return


def entering_as_a_copy(o: Observation) -> Iterable[Violation]:
    """What enters as a copy of a permanent gets its copiable values and nothing else
    (``entering-permanents``' judgement), and one copying "any creature on the battlefield"
    is offered exactly the creatures there to copy (CR 707.2, 614.1c), and has the names,
    colors, supertypes, card types and subtypes of the creature chosen (``_copied_values``)."""
    yield from objects.entering_permanents(o)
    yield from _copy_choices(o)
    yield from _copied_values(o)


#: The characteristics a copy takes from what it copies that no effect in the pools changes.
_COPIED = ("names", "colors", "supertypes", "types", "subtypes")


def _copied_values(o: Observation) -> Iterable[Violation]:
    """A permanent spell that entered as a copy of the creature its controller chose (one
    copying "any creature on the battlefield", with no exception stated) has that creature's
    names, colors, supertypes, card types and subtypes, as the creature had them (copiable
    values, CR 707.2, 707.3: a copy of a copy has what the copy has), never those of its own
    card, and
    the keyword abilities the creature has from its card."""
    found = _copy_and_original(o)
    if found is None:
        return
    spell, original, copy = found
    for key in _COPIED:
        has, wanted = getattr(copy, key), getattr(original, key)
        if sorted(has) != sorted(wanted):
            yield Violation(f"{' // '.join(spell.names)} entered as a copy of "
                            f"{' // '.join(original.names)} with the {key} {list(has)}, "
                            f"not {list(wanted)} (copiable values, CR 707.2)",
                            copy.id, key, list(wanted))
            return
    # Keyword abilities are copiable values too: those the creature has from its card, as
    # the engine shows them (none granted by an effect, which a copy doesn't take).
    faces = step_of(o).judge.faces_of(original)
    printed = {k for f in faces or () for k in f.keywords}
    wanted_keywords = sorted(printed & set(original.keywords))
    missing = [k for k in wanted_keywords if k not in copy.keywords]
    if missing and "keywords" not in copy.unknown:
        yield Violation(f"{' // '.join(spell.names)} entered as a copy of "
                        f"{' // '.join(original.names)} without {', '.join(missing)}: "
                        f"keyword abilities are copiable values (CR 707.2, 702.1)",
                        copy.id, "keywords", wanted_keywords)


def _copy_and_original(o: Observation) -> tuple[ObjectView, ObjectView, ObjectView] | None:
    """The spell that resolved entering as a copy of "any creature on the battlefield" (no
    exception stated), the creature its controller chose, as it was, and the one permanent
    it entered as -- what ``_copied_values`` judges."""
    step = step_of(o)
    copying = _copying_any_creature(o, step)
    resolved = step.resolved
    if copying is None or resolved is None or "except" in copying[1]:
        return None
    spell = copying[0]
    chosen = [answer for choice, answer in o.choices if choice.kind == "cards"
              and choice.player == resolved.controller and len(answer) == 1]
    original = step.before_views.get(chosen[-1][0]) if chosen else None
    if original is None or original.zone is not Zone.BATTLEFIELD or original.face_down:
        return None
    entered = [i for i, _zone in step.entered
               if step.entered_as.get(i) in (resolved.id, resolved.source)]
    copy = o.views.get(entered[0]) if len(entered) == 1 else None
    if copy is None or copy.zone is not Zone.BATTLEFIELD or copy.face_down:
        return None
    return spell, original, copy


def reached_copied_values(o: Observation) -> bool:
    """A permanent spell entered as a copy of the creature chosen, its copied values judged
    (``_copied_values`` compares them whether or not they differ)."""
    return _copy_and_original(o) is not None


def _copying_any_creature(o: Observation, step: StepView) -> tuple[ObjectView, str] | None:
    """The spell that resolved in ``o``'s step asking choices, when it enters as a copy of
    "any creature on the battlefield", with its face's text (normalized, lower case)."""
    spell = resolved_spell(step) if o.choices else None
    text = normalize_text(spell[1].text).lower() if spell is not None else ""
    if spell is None or _ANY_CREATURE.search(text) is None:
        return None
    return spell[0], text


def reached_copy_choice(o: Observation) -> bool:
    """A choice of what to enter as a copy of was judged."""
    return _copying_any_creature(o, step_of(o)) is not None and any(
        c.kind == "cards" for c, _a in o.choices)


#: A copy of a spell is made by an ability answering the spell (Lithoform Engine's kind):
#: these games activate abilities more often, and move cards and tap lands less.
SPELL_COPY_WEIGHTS = (("Activate", 16), ("Cast", 16), ("Move", 1), ("Activate (land)", 2),
                      ("DeclareAttackers", 1))


PROPERTIES: tuple[Property, ...] = (
    Property("copies-enter-with-copied-values", objects.entering_permanents.__doc__ or "",
             ("copy-mirror-room-copies-only-printed-values", "copy-mirror-room-x-is-zero",
              "room-spell-copy-keeps-door-choice"),
             frozenset(), objects.entering_permanents, _permanent_copies,
             ("707.2", "707.10", "107.3m", "122.6", "110.5b", "400.7"), "copies",
             objects.reached_entering),
    Property("entering-as-a-copy", entering_as_a_copy.__doc__ or "",
             ("copy-mirror-room-copies-only-printed-values",),
             frozenset(), entering_as_a_copy, _enters_as_a_copy,
             ("707.2", "614.1c", "110.5b", "122.6", "107.3m"), "copies",
             objects.reached_entering, weights=(("Cast", 16), ("Move", 1))),
    Property("enters-with-counters-under-doublers", objects.entering_permanents.__doc__ or "",
             ("trigger-doubling-replacement-effects-unaffected",),
             frozenset(), objects.entering_permanents, _counters_and_doublers,
             ("614.1c", "122.6", "107.3m", "603.2d"), "trigger-doubling",
             objects.reached_entering),
    Property("copies-of-spells-keep-choices", objects.spell_copies.__doc__ or "",
             ("spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
              "spell-copies-a-copy-of-an-opponents-spell-is-yours"),
             frozenset(), objects.spell_copies, _spell_copies,
             ("707.10", "707.10c", "202.3e", "708.2"), "spell-copies",
             objects.reached_spell_copies, weights=SPELL_COPY_WEIGHTS),
    Property("copies-of-face-down-spells", objects.spell_copies.__doc__ or "",
             ("spell-copies-lithoform-copy-keeps-x-and-is-not-cast",),
             frozenset({"morph"}), objects.spell_copies, _face_down_spell_copies,
             ("707.10", "708.2", "702.37c"), "spell-copies", objects.reached_spell_copies,
             weights=SPELL_COPY_WEIGHTS),
    Property("copies-of-tokens", objects.entering_permanents.__doc__ or "",
             ("copy-mirror-room-copying-a-token",),
             frozenset({"token-copies"}), objects.entering_permanents, copier_focus,
             ("111.1", "707.2", "111.2", "707.10f"), "copies",
             objects.reached_copy_of_a_token,
             weights=(("Cast", 16), ("Unlock", 8), ("Move", 1)), steps=20),
)


_TOKEN_COPY = "create a token that's a copy of target"


def token_copies_copy(o: Observation) -> Iterable[Violation]:
    """A token an effect creates as a copy of a target permanent has what that permanent
    copies, not what it is printed as (CR 707.2, 707.3): its names (a copy of a copy has
    the names the copy has), its subtypes (those an exception adds besides), and the face
    that is up -- a copy of a transformed double-faced permanent enters transformed (CR
    707.8a) -- but no door of a Room unlocked (CR 709.5d); a token copy of a face-down
    permanent is a face-up 2/2 with no name (CR 707.2, 708.2, 110.5b)."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None or o.engine.pending_choice() is not None:
        return
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if not faces or not any(_TOKEN_COPY in f.text.lower() for f in faces) \
            or len(resolved.targets) != 1:
        return
    original = step.before_views.get(str(resolved.targets[0]))
    if original is None or original.zone is not Zone.BATTLEFIELD:
        return
    created = {str(e.data.get("object")) for e in o.events if e.kind == "token_created"}
    if original.face_down:
        yield from _copies_of_face_down(created, o)
        return
    card = step.judge.card_of(original)
    for token_id in sorted(created):
        token = o.views.get(token_id)
        if token is None or token.zone is not Zone.BATTLEFIELD:
            continue
        if card is not None and card.is_room:
            if token.unlocked_doors:
                yield Violation("a token copy of a Room entered with doors unlocked",
                                token_id, "unlocked_doors", [])
                return
            continue
        if list(token.names) != list(original.names):
            yield Violation(f"a token copy of {' // '.join(original.names)} has the names "
                            f"{list(token.names)}", token_id, "names", list(original.names))
            return
        if token.transformed != original.transformed:
            yield Violation(f"a token copy of {' // '.join(original.names)} has transformed "
                            f"{token.transformed}, the original {original.transformed}",
                            token_id, "transformed", original.transformed)
            return
        missing = set(original.subtypes) - set(token.subtypes)
        if missing:
            yield Violation(f"a token copy of {' // '.join(original.names)} lacks the "
                            f"subtypes {sorted(missing)}", token_id, "subtypes",
                            sorted(set(original.subtypes) | set(token.subtypes)))
            return


def _copies_of_face_down(created: Iterable[str], o: Observation) -> Iterable[Violation]:
    """A token copy of a face-down permanent has the face-down values -- a 2/2 creature
    with no name -- and is face up: face down is a status, which a copy doesn't get (CR
    707.2, 708.2, 110.5b)."""
    for token_id in sorted(created):
        token = o.views.get(token_id)
        if token is None or token.zone is not Zone.BATTLEFIELD:
            continue
        if token.face_down:
            yield Violation("a token copy of a face-down permanent entered face down (CR "
                            "707.2, 110.5b: it copies the face-down values, not the status)",
                            token_id, "face_down", False)
            return
        if token.names and "names" not in token.unknown:
            yield Violation(f"a token copy of a face-down permanent has the names "
                            f"{list(token.names)} (CR 707.2, 708.2: it copies the face-down "
                            f"values, with no name)", token_id, "names", [])
            return


def reached_face_down_token_copy(o: Observation) -> bool:
    """A step in which an effect made a token copy of a face-down permanent."""
    step = step_of(o)
    resolved = step.resolved
    if not reached_token_copies(o) or resolved is None or len(resolved.targets) != 1:
        return False
    original = step.before_views.get(str(resolved.targets[0]))
    return original is not None and original.zone is Zone.BATTLEFIELD and original.face_down


def reached_token_copies(o: Observation) -> bool:
    """A step in which an effect made a token copy of a target permanent."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None:
        return False
    source = step.before_views.get(resolved.source)
    faces = step.judge.faces_of(source) if source is not None else None
    return bool(faces) and any(_TOKEN_COPY in f.text.lower() for f in faces or ()) \
        and any(e.kind == "token_created" for e in o.events)


PROPERTIES += (
    Property("token-copies-copy", token_copies_copy.__doc__ or "",
             ("copy-mirror-room-copying-a-copy", "copy-mirror-room-copying-a-token",
              "dfc-token-copy-is-double-faced"),
             frozenset({"token-copies"}), token_copies_copy, token_copiers,
             ("707.2", "707.3", "707.8a", "709.5d", "708.2", "110.5b"), "copies",
             reached_token_copies,
             weights=(("Unlock", 16), ("Move", 1))),
)
