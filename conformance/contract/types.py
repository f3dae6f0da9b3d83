"""The values that cross the adapter contract: actions, events, choices, observations.

All are frozen, slotted dataclasses of plain values (strings, ints, tuples), so that they
can be compared, hashed and sent over a pipe as JSON.  Object ids are opaque strings the
engine chooses; the harness never looks inside them.  Player ids are the player names of
the scenario's setup (``alice``, ``bob``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

from ..format.vocabulary import (
    IMPLIED_BEFORE_1_2, SETUP_CAPABILITIES, Door, Face, Step, Zone,
)

ObjectId = str
PlayerId = str

#: The version of the adapter contract described in docs/adapter-contract.md.
CONTRACT_VERSION = "1.2"


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as a target (object ids and player ids are both strings)."""

    name: PlayerId


Target = Union[ObjectId, PlayerRef]

#: A choice option that stands for a player has the value ``"player:" + name``.
PLAYER_OPTION_PREFIX = "player:"


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """Who an engine is and what it can do (see vocabulary.CAPABILITIES).

    ``cards`` (contract 1.2) is the engine's own card pool, when it has one: the names it
    knows, as MTGJSON spells them.  A setup naming another card is then ``unsupported``
    (code ``card``), and the cards of a ruling's roles are picked among these.  ``None``:
    the engine plays whatever card data it is sent.
    """

    name: str
    version: str
    capabilities: frozenset[str]
    contract: str = CONTRACT_VERSION
    cards: frozenset[str] | None = None

    @property
    def effective_capabilities(self) -> frozenset[str]:
        """The capabilities declared, with what they imply: ``inject-state`` is every setup
        capability (``place-cards``, ``set-life``, ``set-mana``, ``set-step``), and an engine
        of contract 1.0 or 1.1 could always set life, mana pools and the step."""
        implied: set[str] = set()
        if "inject-state" in self.capabilities:
            implied.update(SETUP_CAPABILITIES)
        if _before_1_2(self.contract):
            implied.update(IMPLIED_BEFORE_1_2)
        return self.capabilities | implied


def _before_1_2(version: str) -> bool:
    try:
        major, minor = (int(part) for part in (version.split(".") + ["0"])[:2])
    except ValueError:
        return False
    return (major, minor) < (1, 2)


# -- actions ---------------------------------------------------------------------------------
# ``targets=None`` means "not given": the engine asks for them as a choice if it needs any.


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast the card ``card`` from whatever zone it is in (CR 601)."""

    player: PlayerId
    card: ObjectId
    door: Door | None = None
    face: Face | None = None
    face_down: bool = False
    targets: tuple[Target, ...] | None = None
    x: int | None = None


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate the ``ability``-th activated ability (0-based, printed order) of ``object``."""

    player: PlayerId
    object: ObjectId
    ability: int
    targets: tuple[Target, ...] | None = None
    x: int | None = None


@dataclass(frozen=True, slots=True)
class Unlock:
    """The special action of paying a locked door's mana cost to unlock it (CR 709.5e)."""

    player: PlayerId
    object: ObjectId
    door: Door


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """The special action of turning a face-down permanent face up (CR 702.37e)."""

    player: PlayerId
    object: ObjectId


@dataclass(frozen=True, slots=True)
class PlayLand:
    """The special action of playing the land card ``card`` from the zone it is in (CR 116.2a,
    305.1): from the hand, or from another zone an effect lets ``player`` play it from.  The
    land goes onto the battlefield without using the stack; normally one each turn, in a main
    phase of the player's turn, with an empty stack."""

    player: PlayerId
    card: ObjectId


@dataclass(frozen=True, slots=True)
class Resolve:
    """Every player passes priority in turn order, so the top of the stack resolves."""


@dataclass(frozen=True, slots=True)
class AdvanceTo:
    """Players pass priority with an empty stack until the game reaches ``step``."""

    step: Step


@dataclass(frozen=True, slots=True)
class Move:
    """Move a card to a zone as an effect would, outside the rules (state injection).

    Triggers and replacement effects apply as they would for any zone change.
    """

    object: ObjectId
    to: Zone
    transformed: bool = False


@dataclass(frozen=True, slots=True)
class PassPriority:
    """``player``, who has priority, passes it (CR 117.3d).  When every player has passed in
    succession, the top of the stack resolves, or with an empty stack the step ends
    (CR 117.4, 500.2)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class DeclareAttackers:
    """The active player declares ``attackers``, attacking ``defender`` (``None``: the only
    opponent), as the declare attackers step begins (CR 508.1); the game first passes to
    that step with an empty stack.  No attackers: the player declares no attack."""

    player: PlayerId
    attackers: tuple[ObjectId, ...]
    defender: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class DeclareBlockers:
    """The defending player declares blockers as the declare blockers step begins
    (CR 509.1): each pair is a blocking creature and the attacking creature it blocks."""

    player: PlayerId
    blocks: tuple[tuple[ObjectId, ObjectId], ...] = ()


Action = Union[Cast, Activate, Unlock, TurnFaceUp, PlayLand, Resolve, AdvanceTo, Move,
               PassPriority, DeclareAttackers, DeclareBlockers]


# -- what engines report ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened.  ``kind`` is one of EVENT_KINDS; ``data`` its details.

    ``zone_changed`` is required: ``{"object": old_id, "new_object": new_id, "from": zone,
    "to": zone}``.  The harness follows a card from object to object through it.
    """

    kind: str
    data: Mapping[str, object] = field(default_factory=dict)


EVENT_KINDS = (
    "zone_changed", "spell_cast", "spell_copied", "ability_activated", "ability_triggered",
    "ability_removed", "door_unlocked", "door_locked", "room_fully_unlocked", "token_created",
    "turned_face_up", "revealed", "card_discarded", "name_chosen", "step_began", "resolved",
    "choice_made", "attackers_declared", "blockers_declared", "damage_dealt", "life_changed",
    "player_lost", "priority_passed", "land_played",
)

#: Contract 1.1: the event an engine reports when it made a choice itself instead of asking
#: (``automatic: true``), because the rules left one legal answer.  Its data:
#: ``{"kind": choice kind, "player": id, "options": [values], "chosen": [values], "min": n,
#: "max": n, "automatic": True, "prompt": text}``.  See :func:`automatic_choice`.
CHOICE_MADE = "choice_made"


def automatic_choice(choice: Choice, chosen: tuple[str, ...] | list[str]) -> Event:
    """The ``choice_made`` event for ``choice`` answered by the engine itself with ``chosen``."""
    return Event(CHOICE_MADE, {
        "kind": choice.kind, "player": choice.player, "prompt": choice.prompt,
        "options": [o.value for o in choice.options], "chosen": list(chosen),
        "min": choice.min, "max": choice.max, "automatic": True,
    })


@dataclass(frozen=True, slots=True)
class Option:
    """One answer an engine offers: ``value`` is an object id or a literal (a name, a door)."""

    value: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the engine is waiting for.

    ``kind`` is one of CHOICE_KINDS; the answer is between ``min`` and ``max`` option values.
    An ``open`` choice (contract 1.1) takes free answers -- a card name, say: its options
    are only suggestions, and the engine accepts or refuses each answer (``answer`` raises
    ``IllegalAction`` for a refused one and the choice stays pending).
    """

    kind: str
    player: PlayerId
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    open: bool = False

    @property
    def forced(self) -> bool:
        """Whether the rules leave exactly one answer: every option must be chosen (and, for
        an ``order`` choice, there is at most one option to put in order).  A ``divide``
        answer gives each option at least one, so it is forced when the amount equals the
        number of options; a ``combat_damage`` answer may give an option none, so it is
        forced only with a single option."""
        if self.kind == ORDER_CHOICE and len(self.options) > 1:
            return False
        if self.kind in (DIVIDE_CHOICE, COMBAT_DAMAGE_CHOICE) and len(self.options) == 1:
            return not self.open
        if self.kind == COMBAT_DAMAGE_CHOICE:
            return False
        return not self.open and self.min == self.max == len(self.options)


CHOICE_KINDS = ("door", "face", "target", "name", "cards", "option", "order", "divide",
                "combat_damage")

#: An ``order`` choice (CR 603.3b) is asked when a player's triggered abilities waiting to be
#: put on the stack differ (instances with the same source and text are interchangeable, so
#: they are not ordered).  One option per distinct ability: its value is the source's object
#: id (``<id>/<n>`` for the source's n-th ability, printed order, when one source has several
#: waiting), its label ``<source name>: <ability text>``.  The answer lists every option; the
#: first is put on the stack first (so it resolves last).
ORDER_CHOICE = "order"

#: A ``divide`` choice (CR 601.2d) is asked as a spell is cast or an ability put on the
#: stack, after its targets, when it divides an amount (damage) among two or more targets.
#: Its options are the chosen targets (object ids, ``player:<name>``); the answer lists an
#: option once for each point given to it, so ``min == max ==`` the amount, and every
#: option is listed at least once (each target gets at least 1).  ``[o2, o2, o5]`` gives 2
#: to ``o2`` and 1 to ``o5``.
DIVIDE_CHOICE = "divide"

#: A ``combat_damage`` choice (CR 510.1c-d, 702.19b) is asked of an attacking creature's
#: controller as a combat damage step begins, once for each attacking creature whose
#: combat damage can be assigned in more than one way: blocked by two or more creatures, or
#: with trample and more power than the lethal damage its blockers need.  Its options are
#: the blocking creatures (object ids) and, with trample, ``player:<name>`` of the player it
#: attacks; the answer lists an option once for each point of damage assigned to it
#: (``min == max ==`` the damage), in any order, and may leave an option out.  With trample
#: the player gets damage only once every blocker is assigned lethal damage.  Asked in the
#: order the attackers were declared; the prompt names the attacker.
COMBAT_DAMAGE_CHOICE = "combat_damage"

#: The choice kinds whose answer may name an option more than once.
DIVIDING_CHOICES = (DIVIDE_CHOICE, COMBAT_DAMAGE_CHOICE)


@dataclass(frozen=True, slots=True)
class ObjectView:
    """An object's characteristics and status as the engine computes them (CR 109.3)."""

    id: ObjectId
    zone: Zone
    owner: PlayerId
    controller: PlayerId | None
    names: tuple[str, ...]
    mana_value: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    power: int | None
    toughness: int | None
    abilities: tuple[str, ...]
    unlocked_doors: tuple[Door, ...] = ()
    face_down: bool = False
    transformed: bool = False
    token: bool = False
    tapped: bool = False
    counters: Mapping[str, int] = field(default_factory=dict)
    #: The printed name(s) of the card or token as the viewer can tell: () for a
    #: face-down object the viewer may not look at (CR 708.5).
    identity: tuple[str, ...] = ()
    #: Color identity of the card (CR 903.4), all faces included.
    color_identity: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    attached_to: ObjectId | None = None
    #: Contract 1.1: fields the engine does not compute, each with the reason (a field named
    #: here holds a placeholder).  An expectation on one of them makes the scenario
    #: ``unsupported`` -- unless another expectation of the same step already failed.
    unknown: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StackItemView:
    """An object on the stack: a spell (``source`` is itself) or an ability."""

    id: ObjectId
    kind: str  # "spell" or "ability"
    source: ObjectId
    controller: PlayerId
    targets: tuple[Target, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayerView:
    name: PlayerId
    life: int
    hand_size: int
    library_size: int
    graveyard_size: int
    exile_size: int


@dataclass(frozen=True, slots=True)
class GameView:
    """The game as a whole; ``stack`` is listed top first."""

    step: Step
    active_player: PlayerId
    priority_player: PlayerId | None
    stack: tuple[StackItemView, ...]
    players: tuple[PlayerView, ...]
    #: Contract 1.1: fields the engine does not compute (``stack``, ``priority_player``, ...),
    #: each with the reason, as for :attr:`ObjectView.unknown`.
    unknown: Mapping[str, str] = field(default_factory=dict)
    #: Contract 1.1: the game has ended (CR 104): a player lost (0 life, drew from an empty
    #: library, CR 704.5a-b) and no opponent is left.  ``perform`` then refuses every action.
    game_over: bool = False
    #: The player who won (CR 104.2a), or ``None`` (the game goes on, or is a draw, CR 104.4a).
    winner: PlayerId | None = None

    def player(self, name: PlayerId) -> PlayerView:
        for view in self.players:
            if view.name == name:
                return view
        raise KeyError(name)
