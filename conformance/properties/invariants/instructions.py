"""What a resolving spell or ability does, counted (CR 608.2c: its controller follows its
instructions in the order written): the keyword actions that move cards -- draw (121.1,
121.2), discard (701.9a), mill (701.17a), exile the top of a library (701.13a), sacrifice
(701.21a) -- the tokens it creates (111.2, 701.7a), and the life it makes players gain or
lose (119.3).

The judge reads a text only when it is sure of every instruction in it: an instant or a
sorcery (its card's text, one face, every line) or an ability (the text the engine reports
of it: its trigger condition, ability word or cost left aside) all of whose sentences are
made of these clauses and nothing else --

- ``[you|target player|target opponent|each player|each opponent] draw(s) N cards``, and
  ``discard(s)``, ``mill(s)`` the same way; ``gain(s) N life``, ``lose(s) N life`` (a clause
  after "and" without a subject has the one before's: "target player draws two cards and
  loses 2 life"; an imperative one is "you");
- ``create N ... token(s)`` (not a copy), ``exile the top N cards of your library``,
  ``sacrifice this <type>``;
- ``until end of turn (or the end of your next turn), you may play those cards``, which
  changes no count.

"target player" and "target opponent" name the one player the item targets (a text with
one word "target" and one player target).  Anything else -- "may", "if", "X", "that much",
"defending player", a copy, a search -- and the judge says nothing of the item.  Nor does
it where a card in any zone speaks of what changes such instructions ("instead", "would",
"can't gain", "skip", "an additional card", madness, dredge, doubling) or of hexproof,
shroud, protection or ward (a player target made illegal), where the game ended, a step
began, or anything but the top of the stack left it.

Then, from the players' views before and after the step, counted in the order written:
a player drawing N cards (their library holding N at least: drawing past it is
``drawing-from-an-empty-library``'s) has N more in hand and N fewer in the library; a player
discarding N has min(N, hand) fewer in hand and as many more in their graveyard; milling or
exiling the top N moves min(N, library) from the library to the graveyard or exile; the
source sacrificed goes to its owner's graveyard if its controller is the item's, and stays
otherwise (701.21a: a player sacrifices only what they control); each player's life goes
up or down by exactly what they gain or lose; the controller has exactly N new tokens on the
battlefield and no other player any, each with the colors, card types, subtypes and power
and toughness its description gives ("1/1 white Soldier creature": CR 111.3, 111.4) -- left
unjudged where the tokens are described unlike, or a card in any zone speaks of changing
colors or types (power and toughness: of changing those, or of counters).  The resolved spell card itself is counted where the
engine put it (``resolved-spell-destination`` judges where that is).  Counts of cards are
said nothing of in a step in which another permanent left the battlefield (state-based
actions: a creature dying).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...contract.text import normalize_text
from ...contract.types import ObjectView, PlayerRef, StackItemView
from ...format.vocabulary import Zone
from ..memory import StepView, step_of
from ..observation import Observation, Property, Violation
from strategies.effect_boards import keyword_focus, life_focus

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_SUBJECT = r"(?:(you|target player|target opponent|each player|each opponent) )?"
_CARDS = re.compile(rf"^{_SUBJECT}(draws?|discards?|mills?) {_N} cards?$")
_LIFE = re.compile(rf"^{_SUBJECT}(gains?|loses?) {_N} life$")
_CREATE = re.compile(rf"^create {_N} ([a-z0-9/+ -]+?) tokens?(?: with [a-z ]+)?$")
_EXILE_TOP = re.compile(rf"^exile the top {_N} cards? of your library$")
#: Damage to players, read as the life it makes them lose (CR 120.3a).
_DAMAGE = re.compile(rf"^[a-z0-9 ,'-]+? deals? {_N} damage to "
                     r"(you|target player|target opponent|any target|each player|each opponent)$")
#: What changes the life damage makes a player lose (prevention, infect, lifelink...): then
#: damage is not read.
_DAMAGE_SPOILERS = re.compile(r"\bprevent|damage (?:would|that would|can't)|\binfect\b|"
                              r"\btoxic\b|\bwither\b|\blifelink\b")
_SACRIFICE = re.compile(r"^sacrifice this (creature|permanent|artifact|enchantment|land)$")
_PERMISSION = re.compile(r"^until (?:end of turn|the end of your next turn), you may play "
                         r"(?:those cards|that card|them|it)$")
#: What a token's description may not say: a copy, an amount worked out.
_ODD_TOKEN = re.compile(r"\bcopy\b|\bthat\b|\bx\b|\beach\b|\bequal\b|\bnumber\b")

#: A triggered ability's condition, an ability word or chapter numbers, an activation cost.
_CHAPTER = re.compile(r"^[ivx]+(?:, [ivx]+)* — ")
_ABILITY_WORD = re.compile(r"^[a-z][a-z' -]* — ")
_TRIGGER = re.compile(r"^(?:when|whenever|at)\b[^,.:]*, ")
_COST = re.compile(r"^[^.:\"]*: ")

#: Texts that change what such instructions do, or make a player target illegal: then the
#: judge says nothing.
_SPOILERS = re.compile(r"\binstead\b|\bwould\b|can't (?:gain|lose|draw|create)|life total can't|"
                       r"an additional card|\bdredge\b|\bmadness\b|\bskip\b|\bdouble(?! strike)|"
                       r"\bdoubling\b|\btwice\b|"
                       r"hexproof|shroud|protection|\bward\b")


@dataclass(frozen=True, slots=True)
class Instruction:
    """One clause read: ``verb`` is draw, discard, mill, gain, lose, damage (to players),
    create, exile_top, sacrifice or nothing; ``who`` you, target, each player or each opponent."""

    verb: str
    who: str
    amount: int = 0
    #: what the tokens created are, as the text says ("1/1 white soldier creature")
    what: str = ""


def _clauses(sentence: str) -> list[str]:
    return [c for c in re.split(r", then | and |, and ", sentence) if c]


def read_text(text: str, ability: bool) -> tuple[Instruction, ...] | None:
    """The instructions of a spell's text (``ability`` false: every line) or of one
    ability's text, when every sentence is read; ``None`` otherwise."""
    found: list[Instruction] = []
    lines = [line for line in text.splitlines() if line.strip()] if not ability else [text]
    if not lines:
        return None
    for line in lines:
        body = normalize_text(line).lower().strip()
        if ability:
            chapter = _CHAPTER.match(body)
            body = body[chapter.end():] if chapter is not None \
                else _ABILITY_WORD.sub("", body, count=1)
            trigger = _TRIGGER.match(body)
            if chapter is not None:
                pass  # a chapter ability triggers as lore counters are put on its Saga
            elif trigger is not None:
                body = body[trigger.end():]
            elif (cost := _COST.match(body)) is not None:
                body = body[cost.end():]
            else:
                return None
        if not body.endswith("."):
            return None
        for sentence in body[:-1].split(". "):
            read = _sentence(sentence.strip())
            if read is None:
                return None
            found.extend(read)
    return tuple(found)


def _sentence(sentence: str) -> list[Instruction] | None:
    if _PERMISSION.match(sentence):
        return [Instruction("nothing", "you")]
    read: list[Instruction] = []
    subject: str | None = None
    for clause in _clauses(sentence):
        instruction, subject = _clause(clause, subject)
        if instruction is None:
            return None
        read.append(instruction)
    return read or None


def _clause(clause: str, previous: str | None) -> tuple[Instruction | None, str | None]:
    for pattern in (_CARDS, _LIFE):
        found = pattern.match(clause)
        if found is None:
            continue
        subject, verb, amount = found.group(1), found.group(2), found.group(3)
        third_person = verb.endswith("s")
        if subject is None:
            subject = previous if third_person else "you"
        if subject is None or (subject == "you") == third_person:
            return None, None
        who = "target" if subject.startswith("target") else subject
        base = verb[:-1] if third_person else verb
        return Instruction(base, who, int(_NUMBERS.get(amount, amount))), subject
    if (found := _CREATE.match(clause)) is not None and not _ODD_TOKEN.search(found.group(2)):
        return Instruction("create", "you", int(_NUMBERS.get(found.group(1), found.group(1))),
                           found.group(2)), "you"
    if (found := _DAMAGE.match(clause)) is not None:
        subject = found.group(2)
        who = "target" if subject in ("target player", "target opponent", "any target") \
            else subject
        return Instruction("damage", who, int(_NUMBERS.get(found.group(1), found.group(1)))), \
            None
    if (found := _EXILE_TOP.match(clause)) is not None:
        return Instruction("exile_top", "you", int(_NUMBERS.get(found.group(1),
                                                                found.group(1)))), "you"
    if _SACRIFICE.match(clause):
        return Instruction("sacrifice", "you", 1), "you"
    return None, None


_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "land",
               "planeswalker", "sorcery")
_PT = re.compile(r"^(\d+)/(\d+)$")
#: Texts that change the colors or types of permanents: where a card in any zone says one,
#: the tokens' colors and types are left unjudged; and their power and toughness where one
#: speaks of changing those.
_CHANGERS = re.compile(r"\bbecomes?\b|\bin addition to\b|\bcolou?rs?\b|\bare (?:all )?"
                       r"(?:white|blue|black|red|green|colorless|artifacts?|creatures?|"
                       r"enchantments?|lands?)\b|\bis (?:also )?(?:a|an|every)\b|"
                       r"\bchangeling\b|\blose all\b|\bloses all\b|\bcopy\b")
_PT_CHANGERS = re.compile(r"\bgets? [+-]|[+-]\d+/[+-]\d+|\bbase power\b|\bswitch\b|"
                          r"\bpower\b|\btoughness\b|\bcounters?\b")


@dataclass(frozen=True, slots=True)
class TokenKind:
    """What a token's description in a text defines (CR 111.3, 111.4): power and toughness
    (when said), colors (when a color word or "colorless" is said), card types and
    subtypes, all lower case."""

    power: int | None
    toughness: int | None
    colors: frozenset[str] | None
    types: frozenset[str]
    subtypes: frozenset[str]


def token_kind(what: str) -> TokenKind | None:
    """The characteristics a description such as "1/1 white soldier creature" gives a
    token; ``None`` when it is not read (a name, a supertype, no card type)."""
    words = what.split()
    power = toughness = None
    if words and (pt := _PT.match(words[0])) is not None:
        power, toughness = int(pt.group(1)), int(pt.group(2))
        words = words[1:]
    colors: set[str] | None = None
    while words and (words[0] in _COLOR_WORDS or words[0] == "colorless"):
        colors = (colors or set()) | ({_COLOR_WORDS[words[0]]} if words[0] != "colorless"
                                      else set())
        words = words[1:]
    types: list[str] = []
    while words and words[-1] in _CARD_TYPES:
        types.insert(0, words.pop())
    if not types or any(not w.isalpha() or w in ("legendary", "snow",
                                                                   "named", "token")
                                           for w in words):
        return None
    if ("creature" in types) != (power is not None):
        return None
    return TokenKind(power, toughness, None if colors is None else frozenset(colors),
                     frozenset(types), frozenset(words))


# -- what a resolution should have done -----------------------------------------------------


@dataclass
class Counts:
    """A player's life and cards in each zone, and the tokens they created in the step."""

    life: int
    hand: int
    library: int
    graveyard: int
    exile: int
    tokens: int = 0


@dataclass
class Outcome:
    """What the item that resolved in a step should have done, as the judge reads it."""

    item: StackItemView
    name: str
    text: str
    instructions: tuple[Instruction, ...]
    expected: dict[str, Counts]
    #: whether counts of cards and tokens are judged (no other permanent left)
    cards_known: bool


def _item_text(step: StepView, item: StackItemView) -> tuple[str, str, bool] | None:
    """The text of the resolved item, the name to call it by, and whether it is an
    ability's text."""
    source = step.before_views.get(item.source)
    if item.kind == "spell":
        if source is None or source.face_down:
            return None
        faces = step.judge.faces_of(source)
        types = step.judge.types_of(source)
        if not faces or len(faces) != 1 or types is None or not {"Instant", "Sorcery"} & types:
            return None
        return faces[0].text, faces[0].name, False
    name = " // ".join(source.names) if source is not None and source.names else "an ability"
    return (item.text, name, True) if item.text else None


def _spoiled(o: Observation, step: StepView, spoilers: re.Pattern[str] = _SPOILERS) -> bool:
    """Whether a text or keyword of any object, before or after the step, matches
    ``spoilers``: what changes what the instructions do (worked out once a step)."""
    key = ("instructions: spoilers", spoilers.pattern)
    kept = step.shared.get(key)
    if kept is None:
        kept = False
        for views in (step.before_views, o.views):
            for view in views.values():
                faces = step.judge.faces_of(view)
                texts = [f.text for f in faces] + [k for f in faces for k in f.keywords] \
                    if faces is not None else list(view.abilities) + list(view.keywords)
                if any(spoilers.search(normalize_text(t).lower()) for t in texts):
                    kept = True
                    break
            if kept:
                break
        step.shared[key] = kept
    return bool(kept)


def outcome(o: Observation) -> Outcome | None:
    """What the item that resolved in ``o``'s step should have done, when the judge reads
    every instruction of it and nothing else could have changed the counts."""
    step = step_of(o)
    key = "instructions: outcome"
    if key in step.shared:
        return step.shared[key]  # type: ignore[no-any-return]
    found = _outcome(o, step)
    step.shared[key] = found
    return found


def _outcome(o: Observation, step: StepView) -> Outcome | None:
    item, before = step.resolved, step.before_game
    if item is None or before is None or not step.acted or step.steps_begun \
            or o.engine.pending_choice() is not None or o.game.game_over \
            or "game_over" in o.game.unknown or "stack" in o.game.unknown:
        return None
    left = [i.id for i in before.stack[1:]]
    if [i.id for i in o.game.stack][len(o.game.stack) - len(left):] != left \
            or any(i.id == item.id for i in o.game.stack):
        return None  # more than the top left the stack, or it is still there
    read = _item_text(step, item)
    if read is None:
        return None
    text, name, ability = read
    instructions = read_text(text, ability)
    if not instructions or all(i.verb == "nothing" for i in instructions):
        return None
    players = [p.name for p in before.players]
    player_targets = [t for t in item.targets if isinstance(t, PlayerRef)]
    if any(i.who == "target" for i in instructions):
        if len(item.targets) != 1 or len(player_targets) != 1 \
                or len(re.findall(r"\btargets?\b", text.lower())) != 1 \
                or player_targets[0].name not in players \
                or "target opponent" in text.lower() and player_targets[0].name == item.controller:
            return None
    if _spoiled(o, step):
        return None
    if any(i.verb == "damage" for i in instructions) and _spoiled(o, step, _DAMAGE_SPOILERS):
        return None
    expected = {p.name: Counts(p.life, p.hand_size, p.library_size, p.graveyard_size,
                               p.exile_size) for p in before.players}
    sacrificed: str | None = None
    for instruction in instructions:
        if instruction.who == "you":
            who = [item.controller]
        elif instruction.who == "target":
            who = [player_targets[0].name]
        elif instruction.who == "each player":
            who = players
        else:
            who = [p for p in players if p != item.controller]
        for player in who:
            counts = expected[player]
            verb, n = instruction.verb, instruction.amount
            if verb == "draw":
                if counts.library < n:
                    return None  # drawing past the library: drawing-from-an-empty-library
                counts.hand += n
                counts.library -= n
            elif verb == "discard":
                k = min(n, counts.hand)
                counts.hand -= k
                counts.graveyard += k
            elif verb in ("mill", "exile_top"):
                k = min(n, counts.library)
                counts.library -= k
                if verb == "mill":
                    counts.graveyard += k
                else:
                    counts.exile += k
            elif verb == "gain":
                counts.life += n
            elif verb in ("lose", "damage"):
                counts.life -= n
            elif verb == "create":
                counts.tokens += n
            elif verb == "sacrifice":
                source = step.before_views.get(item.source)
                if source is None or source.zone is not Zone.BATTLEFIELD \
                        or source.controller is None:
                    continue
                if source.controller == player and sacrificed is None:
                    sacrificed = source.id
                    if not source.token:
                        expected[source.owner].graveyard += 1
    _own_placement(o, step, item, expected)
    return Outcome(item, name, normalize_text(text), instructions, expected,
                   _only_expected_departures(o, step, sacrificed))


def _own_placement(o: Observation, step: StepView, item: StackItemView,
                   expected: dict[str, Counts]) -> None:
    """Count the resolved spell card where the engine put it (its destination is
    ``resolved-spell-destination``'s to judge)."""
    if item.kind != "spell":
        return
    became = {str(e.data.get("new_object")) for e in o.events if e.kind == "zone_changed"
              and str(e.data.get("object")) == item.id and e.data.get("new_object")}
    for object_id in sorted(became) or [item.id]:
        view = o.views.get(object_id)
        if view is None or view.zone is Zone.STACK or view.owner not in expected:
            continue
        counts = expected[view.owner]
        if view.zone is Zone.GRAVEYARD:
            counts.graveyard += 1
        elif view.zone is Zone.EXILE:
            counts.exile += 1
        elif view.zone is Zone.HAND:
            counts.hand += 1
        elif view.zone is Zone.LIBRARY:
            counts.library += 1
        return


def _only_expected_departures(o: Observation, step: StepView, sacrificed: str | None) -> bool:
    """Whether no permanent but the one sacrificed left the battlefield in the step."""
    for event in o.events:
        if event.kind == "zone_changed" and event.data.get("from") == Zone.BATTLEFIELD.value \
                and str(event.data.get("object")) != sacrificed:
            return False
    for view in step.before_views.values():
        if view.zone is not Zone.BATTLEFIELD or view.id == sacrificed:
            continue
        now = o.views.get(view.id)
        if now is None or now.zone is not Zone.BATTLEFIELD:
            if not any(n in o.views and o.views[n].zone is Zone.BATTLEFIELD
                       for n in o.history.get(view.id, ()) if n != view.id):
                return False
    return True


def _new_tokens(o: Observation, step: StepView) -> dict[str, int]:
    found: dict[str, int] = {}
    for view in o.views.values():
        if view.token and view.zone is Zone.BATTLEFIELD and view.id not in step.before_views \
                and view.controller is not None:
            found[view.controller] = found.get(view.controller, 0) + 1
    return found


_CITED = {"draw": "CR 121.1, 121.2", "discard": "CR 701.9a", "mill": "CR 701.17a",
          "exile_top": "CR 701.13a", "sacrifice": "CR 701.21a", "create": "CR 111.2, 701.7a"}


def _cited(verbs: set[str]) -> str:
    return "; ".join(dict.fromkeys(_CITED[v] for v in sorted(verbs) if v in _CITED)) \
        or "CR 608.2c"


def keyword_actions(o: Observation) -> Iterable[Violation]:
    """A spell or ability that resolves does what its keyword actions say, counted in the
    views: a player drawing N cards has N more in hand and N fewer in the library; one
    discarding N has min(N, hand) fewer in hand and as many more in the graveyard; milling
    or exiling the top N moves min(N, library) to the graveyard or exile; "sacrifice this"
    puts its source into its owner's graveyard only if the ability's controller controls
    it; the controller of a spell or ability creating N tokens has N new tokens on the
    battlefield, and no other player any -- each with the characteristics the text's
    description of it defines: its colors (a color word or "colorless"), card types and
    subtypes, and power and toughness, unless a card in any zone speaks of changing them
    (CR 608.2c, 121.1, 121.2, 701.9a, 701.17a, 701.13a, 701.21a, 111.2, 701.7a, 111.3,
    111.4); the cards drawn, milled or exiled are the top ones of the library, where the
    engine shows library order (CR 121.1, 401.2)."""
    found = outcome(o)
    if found is None or not found.cards_known or not any(
            i.verb not in ("gain", "lose", "damage", "nothing") for i in found.instructions):
        return
    step = step_of(o)
    before = step.before_game
    assert before is not None
    tokens = _new_tokens(o, step)
    for player in o.game.players:
        want = found.expected[player.name]
        then = before.player(player.name)
        verbs = {i.verb for i in found.instructions}
        for label, was, now, expected in (
                ("hand", then.hand_size, player.hand_size, want.hand),
                ("library", then.library_size, player.library_size, want.library),
                ("graveyard", then.graveyard_size, player.graveyard_size, want.graveyard),
                ("exile", then.exile_size, player.exile_size, want.exile)):
            if now != expected:
                yield Violation(f"{_said(found)}): {player.name}'s {label} went from {was} to "
                                f"{now} cards, not {expected} ({_cited(verbs)})")
                return
    yield from _from_the_top(o, step, found)
    wrong = [p.name for p in o.game.players
             if tokens.get(p.name, 0) != found.expected[p.name].tokens]
    if wrong:
        controller = found.item.controller
        made = ", ".join(f"{tokens.get(p.name, 0)} under {p.name}'s control"
                         for p in o.game.players)
        yield Violation(f"{_said(found)}): new tokens {made}, where {controller}, who "
                        f"creates them, should have {found.expected[controller].tokens} and no "
                        f"other player any ({_cited({'create'})})")
        return
    yield from _token_characteristics(o, step, found)


#: The capability of an engine whose ``objects(Zone.LIBRARY, ...)`` lists each library top
#: first (CR 401.2); without it, which cards were on top is unknown and not judged.
LIBRARY_ORDER = "library-order"


def _libraries(views: dict[str, ObjectView]) -> dict[str, list[str]] | None:
    """Each player's library as the views list it, top first; ``None`` when a library card's
    zone or owner is unknown."""
    found: dict[str, list[str]] = {}
    for view in views.values():
        if "zone" in view.unknown or "owner" in view.unknown:
            return None
        if view.zone is Zone.LIBRARY:
            found.setdefault(view.owner, []).append(view.id)
    return found


def _from_the_top(o: Observation, step: StepView, found: Outcome) -> Iterable[Violation]:
    """The cards a resolving spell or ability takes from a library by drawing, milling or
    exiling are its top cards (CR 121.1, 401.2, 701.17a): where the engine shows library
    order, what is left of each library is its bottom part, in the same order.  Judged only
    when every instruction is read (none searches, shuffles or puts a card into a library)
    and no card went into a library in the step."""
    if LIBRARY_ORDER not in o.engine.info.capabilities \
            or not any(i.verb in ("draw", "mill", "exile_top") for i in found.instructions):
        return
    before, now = _libraries(step.before_views), _libraries(o.views)
    if before is None or now is None:
        return
    for player, library in now.items():
        then = before.get(player, [])
        if any(card not in then for card in library):
            return  # a card went into a library: its place is not the judge's to say
    for player, then in before.items():
        left = now.get(player, [])
        if left != then[len(then) - len(left):]:
            gone = [card for card in then if card not in left]
            top = then[:len(gone)]
            yield Violation(f"{_said(found)}): {len(gone)} card(s) left {player}'s library, "
                            f"not its top {len(gone)} ({', '.join(top)}) but "
                            f"{', '.join(gone)}: a player draws, mills and exiles the top "
                            f"cards of a library (CR 121.1, 401.2)", gone[0], "zone",
                            Zone.LIBRARY.value)
            return


def reached_from_the_top(o: Observation) -> bool:
    """A spell or ability resolved drawing, milling or exiling cards of a library whose order
    the engine shows, the counts judged."""
    found = outcome(o)
    if found is None or not found.cards_known \
            or LIBRARY_ORDER not in o.engine.info.capabilities:
        return False
    step = step_of(o)
    before, now = _libraries(step.before_views), _libraries(o.views)
    return before is not None and now is not None and any(
        len(cards) > len(now.get(player, [])) for player, cards in before.items())


def _characteristics_changed(o: Observation, step: StepView) -> tuple[bool, bool]:
    """Whether a card in any zone, before or after the step, speaks of changing the colors
    or types of permanents, and whether of changing their power and toughness (then a
    token's are not those its description gives)."""
    key = "instructions: characteristics changed"
    kept = step.shared.get(key)
    if kept is None:
        texts: list[str] = []
        for views in (step.before_views, o.views):
            for view in views.values():
                faces = step.judge.faces_of(view)
                texts += [f.text for f in faces] + [k for f in faces for k in f.keywords] \
                    if faces is not None else list(view.abilities) + list(view.keywords)
        said = [normalize_text(t).lower() for t in texts]
        kept = (any(_CHANGERS.search(t) for t in said),
                any(_PT_CHANGERS.search(t) for t in said))
        step.shared[key] = kept
    return kept


def _token_characteristics(o: Observation, step: StepView,
                           found: Outcome) -> Iterable[Violation]:
    """Each new token has what the text's description of it defines (CR 111.3, 111.4):
    judged when every token the text creates is described alike and read."""
    kinds = {i.what for i in found.instructions if i.verb == "create"}
    if len(kinds) != 1:
        return
    kind = token_kind(next(iter(kinds)))
    if kind is None:
        return
    changed, pt_changed = _characteristics_changed(o, step)
    if changed:
        return
    for view in sorted(o.views.values(), key=lambda v: str(v.id)):
        if not view.token or view.zone is not Zone.BATTLEFIELD \
                or view.id in step.before_views or view.face_down:
            continue
        wrong: list[tuple[str, object, object]] = []
        if kind.colors is not None and set(view.colors) != kind.colors:
            wrong.append(("colors", list(view.colors), sorted(kind.colors)))
        if {t.lower() for t in view.types} != kind.types:
            wrong.append(("types", list(view.types), sorted(kind.types)))
        if {t.lower() for t in view.subtypes} != kind.subtypes:
            wrong.append(("subtypes", list(view.subtypes), sorted(kind.subtypes)))
        if kind.power is not None and not pt_changed and not view.counters \
                and (view.power, view.toughness) != (kind.power, kind.toughness):
            wrong.append(("power and toughness", f"{view.power}/{view.toughness}",
                          f"{kind.power}/{kind.toughness}"))
        for field_, now, want in wrong:
            yield Violation(f"{_said(found)}): a token it created has {field_} {now}, not "
                            f"{want} as the text defines (CR 111.3, 111.4)", view.id,
                            "power" if field_ == "power and toughness" else field_, want)
            return


def life_gained_and_lost(o: Observation) -> Iterable[Violation]:
    """A spell or ability that resolves saying that players gain or lose N life, or that it
    deals N damage to players, changes each one's life total by exactly that -- "you",
    "target player", "target opponent", "any target" (a player), "each player", "each
    opponent", in the order written (CR 119.3, 120.3a, 608.2c)."""
    found = outcome(o)
    if found is None or not any(i.verb in ("gain", "lose", "damage")
                                for i in found.instructions):
        return
    before = step_of(o).before_game
    assert before is not None
    for player in o.game.players:
        want = found.expected[player.name].life
        if player.life != want:
            yield Violation(f"{_said(found)}): {player.name}'s life went from "
                            f"{before.player(player.name).life} to {player.life}, not {want} "
                            f"(CR 119.3{', 120.3a' if any(i.verb == 'damage' for i in found.instructions) else ''})")
            return


def _said(found: Outcome) -> str:
    what = "" if not found.item.targets else " targeting " + ", ".join(
        t.name if isinstance(t, PlayerRef) else str(t) for t in found.item.targets)
    return f"{found.name} resolved{what} ({found.text!r}"


def reached_keyword_actions(o: Observation) -> bool:
    """A spell or ability resolved whose every instruction the judge reads, with a keyword
    action or tokens among them, the counts of cards judged."""
    found = outcome(o)
    return found is not None and found.cards_known and any(
        i.verb not in ("gain", "lose", "nothing") for i in found.instructions)


def reached_token_characteristics(o: Observation) -> bool:
    """A spell or ability resolved creating tokens the judge reads the characteristics of,
    with nothing around changing characteristics, the counts judged."""
    found = outcome(o)
    if found is None or not found.cards_known:
        return False
    kinds = {i.what for i in found.instructions if i.verb == "create"}
    return len(kinds) == 1 and token_kind(next(iter(kinds))) is not None \
        and not _characteristics_changed(o, step_of(o))[0]


def reached_life(o: Observation) -> bool:
    """A spell or ability resolved whose every instruction the judge reads, making a
    player gain or lose life."""
    found = outcome(o)
    return found is not None and any(i.verb in ("gain", "lose", "damage")
                                     for i in found.instructions)


def reached_verb(verb: str, who: str | None = None) -> Callable[[Observation], bool]:
    """... with ``verb`` among them (for ``who``, when given)."""
    def reached(o: Observation) -> bool:
        found = outcome(o)
        return found is not None and (verb in ("gain", "lose") or found.cards_known) and any(
            i.verb == verb and (who is None or i.who == who) for i in found.instructions)
    return reached


PROPERTIES: tuple[Property, ...] = (
    Property("keyword-actions", keyword_actions.__doc__ or "",
             ("rooms-duskmourn-grand-entryway-and-elegant-rotunda",
              "turn-structure-draw-step-and-cleanup"),
             frozenset(), keyword_actions, keyword_focus,
             ("608.2c", "121.1", "121.2", "701.9a", "701.17a", "701.13a", "701.21a", "111.2",
              "701.7a", "111.3", "111.4", "401.2"), "zones", reached_keyword_actions,
             weights=(("Cast", 16), ("Resolve", 8))),
    Property("life-gained-and-lost", life_gained_and_lost.__doc__ or "",
             ("rooms-duskmourn-funeral-room-dies",),
             frozenset(), life_gained_and_lost, life_focus, ("119.3", "608.2c"), "life",
             reached_life, weights=(("Cast", 16), ("Resolve", 8))),
)
