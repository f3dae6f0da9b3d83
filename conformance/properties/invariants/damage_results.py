"""What damage does, decided by what its source is, whatever the source: a creature in combat,
a spell, an ability (CR 120).

Damage is dealt only to creatures, planeswalkers, battles and players (CR 120.1); dealt to a
player it makes them lose that much life (120.3a); dealt by a source with lifelink it makes
the source's controller gain that much life too (702.15b), in combat or not; a creature
dealt damage by a source with deathtouch is destroyed as state-based actions are next
checked (702.2b, 704.5h), and so is a creature whose damage reaches its toughness (704.5g).

The judge reads each step's ``damage_dealt`` events (the source, what was dealt damage, how
much) and the source's keywords from card data, as it was before the step if it has left
since -- or, for a source that left the battlefield in an earlier step (an activated
ability whose creature was returned to its owner's hand or destroyed in response), as it
last existed there: an effect that needs its source's characteristics once the source has
left uses its last known information (CR 608.2h, 113.7a), so its lifelink and deathtouch
still apply and its controller then gains the life.  It says nothing of an engine that
reports no damage events, nor of a step in which a resolving spell or ability also gains
or loses life, a source the judge can't read (a token an effect defined) or a creature
that may be indestructible.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...contract.types import PLAYER_OPTION_PREFIX, ObjectView
from ...format.cards import Card
from ...format.vocabulary import Zone
from ..memory import PerGame, StepView, step_of
from ..observation import Observation, Property, Violation
from .combat import keywords, turn_of
from strategies.damage_boards import lifelinker_or_deathtoucher
from strategies.lki_boards import pinger_or_answer

from .declarations import WEIGHTS

#: What damage may be dealt to (CR 120.1), beside players.
_DAMAGEABLE = frozenset({"Creature", "Planeswalker", "Battle"})


@dataclass(frozen=True)
class _Hit:
    source: str
    to: str
    amount: int
    keywords: frozenset[str] | None  # the source's, from card data; None: unknown
    controller: str | None
    #: the source had left the battlefield before the step: its last known information
    gone: bool = False


@dataclass
class _Damage:
    """The damage of ``o``'s step as the judge read it."""

    current: Observation | None = None
    hits: list[_Hit] = field(default_factory=list)
    readable: bool = False


_MEMORIES: PerGame[_Damage] = PerGame(_Damage)


@dataclass
class _LastKnown:
    """Every permanent that has left the battlefield, as it last existed there (by the id
    it had there), brought up to date once per observation."""

    current: Observation | None = None
    views: dict[str, ObjectView] = field(default_factory=dict)


_LAST_KNOWN: PerGame[_LastKnown] = PerGame(_LastKnown)


def last_known(o: Observation) -> dict[str, ObjectView]:
    """The permanents that left the battlefield so far in ``o``'s game, as each last existed
    there (CR 608.2h, 113.7a)."""
    memory = _LAST_KNOWN.of(o)
    if memory.current is not o:
        memory.current = o
        for object_id, view in step_of(o).before_views.items():
            now = o.views.get(object_id)
            if view.zone is Zone.BATTLEFIELD and (now is None or now.zone is not Zone.BATTLEFIELD):
                memory.views[object_id] = view
    return memory.views


def _source(o: Observation, step: StepView, source: str) -> ObjectView | None:
    """The source as it was before the step, as it is now, or -- gone from the battlefield
    in an earlier step -- as it last existed there (last known information)."""
    return step.before_views.get(source) or step.now.views.get(source) \
        or last_known(o).get(source)


def _damage(o: Observation) -> _Damage:
    memory = _MEMORIES.of(o)
    if memory.current is not o:
        memory.current = o
        memory.hits, memory.readable = [], False
        step = step_of(o)
        gone = last_known(o)
        if not step.acted or o.engine.pending_choice() is not None:
            return memory
        readable = True
        for event in o.events:
            if event.kind != "damage_dealt":
                continue
            source, to, amount = (event.data.get(k) for k in ("source", "to", "amount"))
            if not isinstance(amount, int) or source is None or to is None:
                readable = False
                continue
            view = _source(o, step, str(source))
            known = keywords(step, view) if view is not None else None
            if view is not None and known is not None and any(
                    k in view.keywords and k not in known for k in ("Lifelink", "Deathtouch")):
                known = None  # a keyword an effect granted: not the judge's
            left = str(source) not in step.before_views and str(source) not in o.views \
                and str(source) in gone
            memory.hits.append(_Hit(str(source), str(to), amount, known,
                                    view.controller if view is not None else None, left))
        memory.readable = readable and bool(memory.hits)
    return memory


def _changes_life(o: Observation, step: StepView) -> bool:
    """Whether what resolved in the step gains or loses life otherwise than by damage (or
    the judge can't read it)."""
    item = step.resolved
    if item is None:
        return False
    source = _source(o, step, item.source)
    faces = step.judge.faces_of(source) if source is not None else None
    if faces is None:
        return True
    text = " ".join(f.text for f in faces).lower().replace("lifelink", "")
    return "life" in text


def damage_results(o: Observation) -> Iterable[Violation]:
    """Damage is dealt only to creatures, planeswalkers, battles and players; a player dealt
    damage loses that much life, and a source with lifelink -- a creature in combat, a
    spell, an ability -- gains its controller that much life; a creature dealt damage by a
    source with deathtouch, or as much damage as its toughness, is destroyed as
    state-based actions are checked (CR 120.1, 120.3a, 702.15b, 702.2b, 704.5g, 704.5h)."""
    damage = _damage(o)
    if not damage.readable:
        return
    step = step_of(o)
    yield from _recipients(o, step, damage.hits)
    yield from _life(o, step, damage.hits)
    yield from _destroyed(o, step, damage.hits)


def _recipients(o: Observation, step: StepView, hits: list[_Hit]) -> Iterable[Violation]:
    for hit in hits:
        if hit.to.startswith(PLAYER_OPTION_PREFIX):
            continue
        then = step.before_views.get(hit.to)
        if then is None:
            continue
        types = step.judge.types_of(then)
        if then.zone is not Zone.BATTLEFIELD:
            yield Violation(f"{hit.amount} damage was dealt to an object in the "
                            f"{then.zone.value}: only creatures, planeswalkers, battles and "
                            f"players are dealt damage (CR 120.1)")
            return
        if types is not None and not types & _DAMAGEABLE:
            name = " // ".join(then.names) or "a permanent"
            yield Violation(f"{hit.amount} damage was dealt to {name}, which is not a creature, "
                            f"planeswalker or battle (CR 120.1)")
            return


def _life(o: Observation, step: StepView, hits: list[_Hit]) -> Iterable[Violation]:
    before = step.before_game
    if before is None or _changes_life(o, step) or any(h.keywords is None for h in hits):
        return
    if "players" in o.game.unknown:
        return
    expected: Counter[str] = Counter()
    for hit in hits:
        if hit.to.startswith(PLAYER_OPTION_PREFIX):
            expected[hit.to[len(PLAYER_OPTION_PREFIX):]] -= hit.amount
        if hit.keywords is not None and "Lifelink" in hit.keywords:
            if hit.controller is None:
                return
            expected[hit.controller] += hit.amount
    for player in o.game.players:
        change = player.life - before.player(player.name).life
        if change != expected[player.name]:
            lifelink = sum(h.amount for h in hits if h.controller == player.name
                           and h.keywords is not None and "Lifelink" in h.keywords)
            taken = -sum(h.amount for h in hits
                         if h.to == PLAYER_OPTION_PREFIX + player.name)
            yield Violation(f"{player.name}'s life changed by {change:+d} in a step in which "
                            f"they were dealt {-taken} damage and sources with lifelink they "
                            f"control dealt {lifelink}: {expected[player.name]:+d} expected "
                            f"(CR 120.3a, 702.15b)")
            return


def _sturdy(step: StepView, o: Observation, view: ObjectView) -> bool:
    """Whether the creature may be indestructible (or the judge can't tell)."""
    faces = step.judge.faces_of(view)
    return turn_of(o).indestructible or faces is None or any(
        "indestructible" in f.text.lower() or "regenerate" in f.text.lower() for f in faces) \
        or "Indestructible" in view.keywords


def _destroyed(o: Observation, step: StepView, hits: list[_Hit]) -> Iterable[Violation]:
    if o.game.game_over:
        return
    dealt: Counter[str] = Counter()
    deathtouch: set[str] = set()
    for hit in hits:
        if hit.amount <= 0 or hit.to.startswith(PLAYER_OPTION_PREFIX):
            continue
        dealt[hit.to] += hit.amount
        if hit.keywords is not None and "Deathtouch" in hit.keywords:
            deathtouch.add(hit.to)
    for target, amount in sorted(dealt.items()):
        now = o.views.get(target)
        if now is None or now.zone is not Zone.BATTLEFIELD:
            continue
        types = step.judge.types_of(now)
        if types is None or "Creature" not in types or _sturdy(step, o, now):
            continue
        name = " // ".join(now.names) or "a face-down creature"
        if target in deathtouch:
            yield Violation(f"{name} was dealt damage by a source with deathtouch and is still "
                            f"on the battlefield (CR 702.2b, 704.5h)", target, "zone",
                            Zone.GRAVEYARD.value)
            return
        if now.toughness is not None and amount >= now.toughness:
            yield Violation(f"{name}, with toughness {now.toughness}, was dealt {amount} damage "
                            f"and is still on the battlefield (CR 704.5g)", target, "zone",
                            Zone.GRAVEYARD.value)
            return


def reached(o: Observation) -> bool:
    """Damage was dealt, and the judge read every event of it."""
    return _damage(o).readable


def reached_lifelink(o: Observation) -> bool:
    """A source with lifelink dealt damage."""
    damage = _damage(o)
    return damage.readable and any(h.keywords is not None and "Lifelink" in h.keywords
                                   for h in damage.hits)


def reached_deathtouch(o: Observation) -> bool:
    """A source with deathtouch dealt damage to an object."""
    damage = _damage(o)
    return damage.readable and any(h.keywords is not None and "Deathtouch" in h.keywords
                                   and not h.to.startswith(PLAYER_OPTION_PREFIX)
                                   for h in damage.hits)


def reached_noncombat(o: Observation) -> bool:
    """A spell or ability that resolved dealt damage to a creature (not combat damage)."""
    damage = _damage(o)
    return damage.readable and step_of(o).resolved is not None and any(
        not h.to.startswith(PLAYER_OPTION_PREFIX) for h in damage.hits)


def reached_gone_source(o: Observation) -> bool:
    """A source that had left the battlefield in an earlier step dealt damage (an ability
    resolving without its source), read from its last known information."""
    damage = _damage(o)
    return damage.readable and any(h.gone and h.keywords is not None for h in damage.hits)


def reached_gone_source_judged(o: Observation) -> bool:
    """... and the life it made players lose or gain was judged."""
    damage = _damage(o)
    step = step_of(o)
    return reached_gone_source(o) and step.before_game is not None \
        and not _changes_life(o, step) and all(h.keywords is not None for h in damage.hits)


def reached_gone_keyed_source(o: Observation) -> bool:
    """... a source with lifelink or deathtouch as it last existed, the life judged."""
    damage = _damage(o)
    return reached_gone_source_judged(o) and any(
        h.gone and h.keywords is not None and {"Lifelink", "Deathtouch"} & h.keywords
        for h in damage.hits)


def reached_shared_damage(o: Observation) -> bool:
    """Combat damage was dealt by a source with lifelink to two or more creatures or players,
    or to one creature by two or more sources, one of them with deathtouch, the judge
    reading every event of it."""
    damage = _damage(o)
    if not damage.readable:
        return False
    recipients: dict[str, set[str]] = {}
    sources: dict[str, list[_Hit]] = {}
    for h in damage.hits:
        recipients.setdefault(h.source, set()).add(h.to)
        sources.setdefault(h.to, []).append(h)
    return any(h.keywords is not None and "Lifelink" in h.keywords
               and len(recipients[h.source]) > 1 for h in damage.hits) or any(
        not to.startswith(PLAYER_OPTION_PREFIX) and len({h.source for h in hits}) > 1
        and any(h.keywords is not None and "Deathtouch" in h.keywords for h in hits)
        for to, hits in sources.items())


def _deals_damage(card: Card) -> bool:
    """Creatures with lifelink or deathtouch, and spells and creatures' abilities that deal
    damage."""
    face = card.faces[0]
    text = face.text.lower()
    return any({"Lifelink", "Deathtouch"} & set(f.keywords) for f in card.faces) or (
        bool({"Instant", "Sorcery", "Creature"} & set(face.types))
        and "damage to" in text and "combat damage" not in text)


PROPERTIES: tuple[Property, ...] = (
    Property("damage-results", damage_results.__doc__ or "",
             ("combat-deathtouch-lifelink-flying", "combat-noncombat-damage-is-not-combat-damage"),
             frozenset(), damage_results, _deals_damage,
             ("120.1", "120.3a", "702.15b", "702.2b", "704.5g", "704.5h"), "damage", reached,
             weights=WEIGHTS),
    Property("damage-results-in-double-blocks",
             "`damage-results` in games where a creature with lifelink attacks into a "
             "creature with deathtouch and one or two others: a source with lifelink that "
             "deals combat damage to several creatures at once gains its controller all of "
             "it, and a creature dealt damage by a deathtoucher and another at once is "
             "destroyed, whichever damage is dealt first (CR 702.15b, 702.2b, 510.2, 704.5h).",
             ("combat-deathtouch-lifelink-flying",),
             frozenset(), damage_results, lifelinker_or_deathtoucher,
             ("702.15b", "702.2b", "510.2", "704.5h"), "damage", reached_shared_damage,
             weights=WEIGHTS + (("Cast", 2), ("Move", 1), ("Advance", 8)), steps=20),
    Property("damage-from-a-source-that-left",
             "`damage-results` in games favouring creatures whose {T} ability deals damage "
             "to a target, creatures with lifelink or deathtouch whose activated ability "
             "deals damage, and the instants that return or burn one (bob holding three), "
             "passing priority drawn more often, and -- while spells or abilities wait -- a "
             "permanent they come from or target moved to a hand, exile or a graveyard as "
             "an instant would, in games of 24 steps: an ability whose source left the "
             "battlefield after it was activated deals its damage with its source's last "
             "known information, wherever the source went -- its controller, lifelink and "
             "deathtouch (CR 608.2h, 113.7a, 702.15b, 702.2b).",
             ("combat-deathtouch-lifelink-flying",),
             frozenset(), damage_results, pinger_or_answer,
             ("608.2h", "113.7a", "120.3a", "702.15b", "702.2b", "704.5g", "704.5h"),
             "last-known-information", reached_gone_source,
             weights=(("Cast", 12), ("Activate", 8), ("PassPriority", 8), ("Resolve", 1),
                      ("Move (in response)", 4)), steps=24),
)
