"""Invariants of objects: what a permanent is as it enters (CR 400.7, 614.1c, 707.2), what
a double-faced card is off the battlefield (CR 712.8), what a copy of a spell keeps
(CR 707.10), and the legend rule (CR 704.5j).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...contract.types import Cast, Move, ObjectView, PassPriority, Resolve, TurnFaceUp, Unlock
from ...format.vocabulary import Step, Zone
from ..memory import StepView, step_of
from ..observation import Observation, Violation, mana_value

_PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                              "Battle"})


def entering_permanents(o: Observation) -> Iterable[Violation]:
    """A permanent that just entered is a new object: untapped, with nothing attached, and
    with only the counters it enters with -- those its own copiable values say ("enters
    with", X being 0 unless it was cast with X), never a copied permanent's counters or
    status, nor those it had in another zone; a copy of a permanent spell enters as a
    token, a permanent that was a card is no token whatever it copies, and a token created
    is one whatever it copies; a Saga enters with one lore counter, however it enters,
    and its chapter I ability (one with no target) triggers (CR 714.3a, 714.2b)."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None:
        return
    judge = step.judge
    if not _entering_judged(step):
        return
    for object_id, source_zone in step.entered:
        view = o.views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD:
            continue
        own = " ".join(f.text for f in judge.faces_of(view) or ()).lower()
        if view.tapped and "enters tapped" not in own:
            yield Violation("a permanent entered tapped", object_id, "tapped", False)
            return
        attached = [v for v in o.views.values() if v.attached_to == object_id]
        if attached:
            yield Violation("a permanent entered with something attached to it")
            return
        was = step.entered_as.get(object_id)
        if source_zone == Zone.STACK.value and was in step.knowledge.spell_copies \
                and not view.token:
            yield Violation("a copy of a permanent spell resolved into a nontoken permanent",
                            object_id, "token", True)
            return
        if (wrong := _token_status(step, object_id, view, was)) is not None:
            yield wrong
            return
        readings = judge.readings_of(view)
        if readings is None:
            continue
        x = _x_of_spell(step, was) if source_zone == Zone.STACK.value else 0
        expected: dict[str, int] = {}
        unknown_x = False
        for reading in readings:
            for kind, amount in reading.enters_with:
                if amount == "X":
                    if x is None:
                        unknown_x = True  # an X the judge can't work out
                    elif x:
                        expected[kind] = expected.get(kind, 0) + x
                    continue  # X is 0 for anything not cast with X (CR 107.3m)
                expected[kind] = expected.get(kind, 0) + int(amount)
        if (wrong := _lore_on_entering(step, object_id, view)) is not None:
            yield wrong
            return
        found = {k: v for k, v in view.counters.items() if k != "lore" and v}
        if unknown_x:
            continue
        if found != expected:
            name = " // ".join(view.names) or "a permanent"
            yield Violation(f"{name} entered with the counters {found}, not {expected}",
                            object_id, "counters", expected)
            return


def _entering_judged(step: StepView) -> bool:
    """Whether what entered in the step is judged: not when what resolved may itself put
    counters on or tap what it puts in, or can't be read."""
    resolved = step.resolved
    if resolved is None:
        return True
    source = step.before_views.get(resolved.source)
    readings = step.judge.readings_of(source) if source is not None else None
    if readings is None or any(r.unknown_pump for r in readings):
        return False
    faces = step.judge.faces_of(source) if source is not None else None
    texts = " ".join(f.text for f in faces or ()).lower()
    itself = resolved.kind == "spell" and resolved.id in step.entered_as.values()
    return not (("counter" in texts or "tap" in texts) and not itself)


#: A Saga's chapter I ability ("I — ...", "I, II — ...").
_CHAPTER_ONE = re.compile(r"^I(,\s*[IVX]+)*\s*—")


def _lore_on_entering(step: StepView, object_id: str, view: ObjectView) -> Violation | None:
    """CR 714.3a: as a Saga enters the battlefield, however it enters -- cast, put there by
    an effect, returned transformed, created as a token --, its controller puts a lore
    counter on it; it has one once it has entered (more only with read ahead, or once a
    precombat main phase began in the step, CR 714.3b), and its chapter I ability, when it
    has no target, has triggered (CR 714.2b)."""
    faces = step.judge.faces_of(view)
    if not faces or not any("Saga" in f.subtypes for f in faces) \
            or any("read ahead" in f.text.lower() for f in faces) \
            or any(s is Step.PRECOMBAT_MAIN for s, _p in step.steps_begun):
        return None
    lore = view.counters.get("lore", 0)
    if lore == 1:
        first = [t for f in faces for t in f.ability_texts if _CHAPTER_ONE.match(t)]
        if first and not any("target" in t.lower() for t in first) and not any(
                item.kind == "ability" and item.source == object_id for item in step.new_items):
            return Violation(f"{_named(view)}, a Saga, entered the battlefield with a lore "
                             f"counter and its chapter I ability did not trigger: a chapter "
                             f"ability triggers as lore counters put on its Saga reach its "
                             f"number (CR 714.2b, 714.3a)")
        return None
    return Violation(f"{_named(view)}, a Saga, entered the battlefield with {lore} lore "
                     f"counters, not 1: as a Saga enters, however it enters, its controller "
                     f"puts a lore counter on it (CR 714.3a)", object_id, "counters",
                     {"lore": 1})


def reached_saga_entering(o: Observation) -> bool:
    """A Saga entered the battlefield, its lore counters judged."""
    step = step_of(o)
    if not step.acted or o.engine.pending_choice() is not None or not _entering_judged(step):
        return False
    return any((view := o.views.get(i)) is not None and view.zone is Zone.BATTLEFIELD
               and any("Saga" in f.subtypes for f in step.judge.faces_of(view) or ())
               for i, _zone in step.entered)


def _token_status(step: StepView, object_id: str, view: ObjectView,
                  was: str | None) -> Violation | None:
    """CR 111.1, 707.2, 111.2: being a token is no copiable value -- a permanent that
    entered from a card (in a hand, library, graveyard, exile, or a spell on the stack that
    was no copy) is not a token, whatever it entered as a copy of; a token created is one,
    whatever it copies."""
    then = step.before_views.get(was) if was is not None else None
    if then is None:
        created = was is None and any(
            e.kind == "token_created" and str(e.data.get("object")) == object_id
            for e in step.now.events)
        if created and not view.token:
            return Violation(f"{_named(view)} was created as a token and is not a token",
                             object_id, "token", True)
        return None
    if then.token or was in step.knowledge.spell_copies:
        return None
    if view.token:
        return Violation(f"{_named(view)} entered from a card in the {then.zone.value} and "
                         f"is a token", object_id, "token", False)
    return None


def _named(view: ObjectView) -> str:
    return " // ".join(view.names) or "a face-down permanent"


def _x_of_spell(step: StepView, spell_id: str | None) -> int | None:
    """The X a permanent that resolved was cast with, worked out from the spell it was
    (CR 107.3m): 0 when the mana cost of what was cast has no {X} (a Clone entering as a
    copy of a permanent with X in its cost), else from the spell's mana value on the stack,
    which counts X (CR 202.3e); ``None`` when the judge can't tell (a copy of a spell, a
    face-down spell, a name the pool does not know, a mana value that leaves X at 0)."""
    spell = step.before_views.get(spell_id) if spell_id is not None else None
    if spell is None or spell.face_down or spell_id in step.knowledge.spell_copies:
        return None
    faces = step.judge.faces_of(spell)
    if not faces:
        return None
    cost = "".join(face.mana_cost or "" for face in faces)
    count = cost.count("{X}")
    if not count:
        return 0
    x, left = divmod(spell.mana_value - mana_value(cost), count)
    # X 0 is not trusted: an engine whose stack leaves X out of the mana value would be
    # blamed for the counters, not for the mana value it got wrong.
    return x if x > 0 and not left else None


def double_faced_faces(o: Observation) -> Iterable[Violation]:
    """A transforming double-faced card has only its front face's characteristics
    anywhere but on the battlefield with its back face up; on the battlefield, the face
    that is up."""
    judge = step_of(o).judge
    for view in o.views.values():
        card = judge.card_of(view)
        if card is None or card.layout != "transform" or view.face_down or not view.names:
            continue
        if view.identity and view.identity[0] not in card.face_names:
            continue
        if tuple(view.identity) not in (card.face_names, card.face_names[:1]):
            continue
        back = view.zone is Zone.BATTLEFIELD and view.transformed
        wanted = [card.faces[1 if back else 0].name]
        if list(view.names) != wanted:
            yield Violation(f"a double-faced card in the {view.zone.value} has the names "
                            f"{list(view.names)}, not {wanted}", view.id, "names", wanted)


def spell_copies(o: Observation) -> Iterable[Violation]:
    """A copy of a spell copies the spell's characteristics and every choice made for it:
    its names, its mana value (X included), face-down status and how many targets it has
    (new targets may be chosen, never fewer); its controller is the player who made it."""
    step = step_of(o)
    resolved = step.resolved
    if not step.acted or resolved is None:
        return
    source = step.before_views.get(resolved.source)
    readings = step.judge.readings_of(source) if source is not None else None
    if not readings or not any(r.copies_spells for r in readings):
        return
    originals = [o.views.get(str(t)) for t in resolved.targets]
    original = next((v for v in originals if v is not None and v.zone is Zone.STACK), None)
    item_of = {item.id: item for item in o.game.stack}
    if original is None or original.id not in item_of:
        return
    for copy_id in step.knowledge.spell_copies & set(item_of):
        if copy_id in step.before_views:
            continue
        copy = o.views.get(copy_id)
        if copy is None:
            continue
        for key in ("names", "mana_value", "face_down"):
            if getattr(copy, key) != getattr(original, key):
                yield Violation(f"a copy of a spell has {key} {getattr(copy, key)!r}, the spell "
                                f"{getattr(original, key)!r}", copy_id, key,
                                getattr(original, key))
                return
        if len(item_of[copy_id].targets) != len(item_of[original.id].targets):
            yield Violation(f"a copy of a spell has {len(item_of[copy_id].targets)} targets, "
                            f"the spell {len(item_of[original.id].targets)}")
            return
        if item_of[copy_id].controller != resolved.controller:
            yield Violation(f"a copy of a spell made by {resolved.controller} is controlled by "
                            f"{item_of[copy_id].controller}")
            return


def legend_rule(o: Observation) -> Iterable[Violation]:
    """No player controls two legendary permanents with the same name once state-based
    actions are done, and the legend rule puts nothing else into a graveyard: another
    player's legendary permanent, or a nonlegendary one, with the same name stays; the
    choice of which to keep, when one is asked, is asked of their controller, whoever is
    the active player (CR 704.5j)."""
    step = step_of(o)
    judge = step.judge
    yield from _legend_rule_chooser(o)[:1]
    if not step.acted or o.engine.pending_choice() is not None:
        return  # a starting position is not settled until an action is taken
    seen: dict[tuple[str, str], str] = {}
    for view in o.views.values():
        if view.zone is not Zone.BATTLEFIELD or view.controller is None:
            continue
        supertypes = judge.supertypes_of(view)
        if supertypes is None or "Legendary" not in supertypes:
            continue
        for name in view.names:
            other = seen.get((view.controller, name))
            if other is not None:
                yield Violation(f"{view.controller} controls two legendary permanents named "
                                f"{name}")
                return
            seen[(view.controller, name)] = view.id
    yield from _vanished(o)
    yield from _legend_rule_asked(o)


def _legend_rule_chooser(o: Observation) -> list[Violation]:
    """The legend rule's choice is its permanents' controller's (CR 704.5j: "that player
    chooses one of them"): a choice, other than of targets, whose options are two or more
    legendary permanents of one name one player controls -- which exist together only
    until state-based actions are checked -- asked in the step or pending, is asked of that
    player, whoever is the active player."""
    step = step_of(o)
    key = "legend-rule: chooser"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found: list[Violation] = []
    step.shared[key] = found
    asked = [c for c, _answer in o.choices]
    pending = o.engine.pending_choice()
    if pending is not None:
        asked.append(pending)
    for choice in asked:
        if choice.kind == "target" or len(choice.options) < 2:
            continue
        owner = _legends_of_one_player(step, o, [opt.value for opt in choice.options])
        if owner is None:
            continue
        step.shared["legend-rule: choice judged"] = (choice.player, o.game.active_player)
        if choice.player != owner:
            found.append(Violation(
                f"the engine asked {choice.player} to choose among {owner}'s legendary "
                f"permanents of one name (the legend rule): their controller chooses which "
                f"to keep (CR 704.5j)"))
            break
    return found


def _legends_of_one_player(step: StepView, o: Observation, ids: list[str]) -> str | None:
    """The player who controls every permanent of ``ids``, when they are legendary
    permanents sharing a name (as they were before the step, or are now)."""
    judge = step.judge
    controllers: set[str] = set()
    names: set[str] | None = None
    for object_id in ids:
        view = o.views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD:
            view = step.before_views.get(object_id)
        if view is None or view.zone is not Zone.BATTLEFIELD or view.controller is None \
                or view.face_down:
            return None
        supertypes = judge.supertypes_of(view)
        if supertypes is None or "Legendary" not in supertypes:
            return None
        controllers.add(view.controller)
        names = set(view.names) if names is None else names & set(view.names)
    if len(controllers) != 1 or not names:
        return None
    return controllers.pop()


def reached_legend_rule_choice(o: Observation) -> bool:
    """The legend rule's choice was judged, its permanents' controller not the active
    player."""
    step = step_of(o)
    _legend_rule_chooser(o)
    judged = step.shared.get("legend-rule: choice judged")
    return judged is not None and judged[0] != judged[1]


def reached_legend_rule_chooser(o: Observation) -> bool:
    """The legend rule's choice was judged."""
    step = step_of(o)
    _legend_rule_chooser(o)
    return step.shared.get("legend-rule: choice judged") is not None


def _legend_rule_asked(o: Observation) -> Iterable[Violation]:
    """The legend rule lets the player choose which legendary permanent to keep (CR
    704.5j): a legendary permanent spell that resolves while its controller controls a
    legendary permanent of the same name makes the engine ask that player something."""
    step = step_of(o)
    judge, item = step.judge, step.resolved
    if item is None or item.kind != "spell":
        return
    spell = step.before_views.get(item.id)
    supertypes = judge.supertypes_of(spell) if spell is not None else None
    if spell is None or spell.face_down or not supertypes or "Legendary" not in supertypes:
        return
    types = judge.types_of(spell) or frozenset()
    if not types & _PERMANENT_TYPES or item.id not in step.entered_as.values():
        return  # an Aura's target gone, a copy: what entered is not the spell itself
    same = [v for v in step.before_views.values() if v.zone is Zone.BATTLEFIELD
            and v.controller == item.controller and not v.face_down
            and set(v.names) & set(spell.names)
            and "Legendary" in (judge.supertypes_of(v) or ())]
    if not same:
        return
    if not any(choice.player == item.controller and len(choice.options) >= 2
               for choice, _answer in o.choices):
        yield Violation(f"{item.controller}'s {' // '.join(spell.names)} resolved while they "
                        f"controlled a legendary permanent of that name, and they were not "
                        f"asked which to keep")


def _vanished(o: Observation) -> Iterable[Violation]:
    """Permanents gone in a step that can make nothing leave but by the legend rule."""
    step = step_of(o)
    judge, action = step.judge, o.action
    if not step.acted:
        return
    if isinstance(action, Move):
        if action.to is not Zone.BATTLEFIELD:
            return
    elif isinstance(action, (Resolve, PassPriority)):  # the last pass resolves the top item
        item = step.resolved
        spell = step.before_views.get(item.id) if item is not None else None
        types = judge.types_of(spell) if spell is not None else None
        if item is None or item.kind != "spell" or types is None or spell is None:
            return
        faces = judge.faces_of(spell) or []
        if not types & _PERMANENT_TYPES or any("Aura" in f.subtypes for f in faces):
            return
    elif not isinstance(action, (Cast, Unlock, TurnFaceUp)):
        return
    gone = [v for v in step.before_views.values() if v.zone is Zone.BATTLEFIELD
            and (o.views.get(v.id) is None or o.views[v.id].zone is not Zone.BATTLEFIELD)]
    gone_ids = {v.id for v in gone}
    now = [v for v in o.views.values() if v.zone is Zone.BATTLEFIELD]
    for view in gone:
        if isinstance(action, Move) and action.object == view.id:
            continue
        if view.attached_to in gone_ids or (view.toughness is not None and view.toughness <= 0):
            continue  # it went with what it was attached to, or as a 0-toughness creature
        if "Aura" in view.subtypes and view.attached_to is None:
            continue  # an Aura attached to nothing (CR 704.5m)
        supertypes = judge.supertypes_of(view)
        if supertypes is None:
            continue
        if "Legendary" in supertypes and any(
                other.controller == view.controller and set(other.names) & set(view.names)
                and "Legendary" in (judge.supertypes_of(other) or ()) for other in now):
            continue
        name = " // ".join(view.names) or "a permanent"
        yield Violation(f"{view.controller}'s {name} left the battlefield though no player "
                        f"controlled another legendary permanent of that name")
        return


def reached_entering(o: Observation) -> bool:
    """A step in which a permanent the judge knows entered."""
    step = step_of(o)
    return step.acted and any(o.views.get(i) is not None and step.judge.readings_of(o.views[i])
                              is not None for i, _zone in step.entered)


def reached_double_faced(o: Observation) -> bool:
    """A double-faced card off the battlefield, or transformed on it."""
    judge = step_of(o).judge
    return any((card := judge.card_of(v)) is not None and card.layout == "transform"
               and (v.zone is not Zone.BATTLEFIELD or v.transformed) for v in o.views.values())


def reached_spell_copies(o: Observation) -> bool:
    """A step in which a copy of a spell was put on the stack."""
    step = step_of(o)
    return step.acted and any(i.id in step.knowledge.spell_copies for i in step.new_items)


def reached_legend_rule(o: Observation) -> bool:
    """Both players control a legendary permanent of the same name."""
    judge = step_of(o).judge
    names: dict[str, set[str]] = {}
    for view in o.views.values():
        if view.zone is Zone.BATTLEFIELD and view.controller and "Legendary" in (
                judge.supertypes_of(view) or ()):
            for name in view.names:
                names.setdefault(name, set()).add(view.controller)
    return any(len(players) > 1 for players in names.values())


def reached_copy_of_a_token(o: Observation) -> bool:
    """A permanent that was a card entered with the names of a token on the battlefield:
    a copy of a token, most likely."""
    step = step_of(o)
    if not step.acted:
        return False
    tokens = {tuple(v.names) for v in step.before_views.values()
              if v.zone is Zone.BATTLEFIELD and v.token and v.names}
    for object_id, _zone in step.entered:
        view = o.views.get(object_id)
        was = step.before_views.get(step.entered_as.get(object_id, ""))
        if view is not None and was is not None and not was.token \
                and tuple(view.names) in tokens:
            return True
    return False
