"""The closed vocabularies of the ruling format.

Everything a ruling file may name -- zones, steps, doors, mechanics, capabilities,
actions and observations -- is listed here once.  The JSON Schema, the semantic checks,
the documentation and the engines all read these lists; nothing else spells them out.
"""

from __future__ import annotations

from enum import Enum


class Zone(str, Enum):
    LIBRARY = "library"
    HAND = "hand"
    STACK = "stack"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    COMMAND = "command"


#: Zones a player owns one of; the others are shared.
PLAYER_ZONES = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND)


class Step(str, Enum):
    """Steps of a turn in order (CR 500.1); the main phases count as steps here."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def is_main_phase(self) -> bool:
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


STEP_ORDER = tuple(Step)
#: Each step's place in :data:`STEP_ORDER`.
STEP_INDEX: dict[Step, int] = {s: i for i, s in enumerate(STEP_ORDER)}


class Door(str, Enum):
    """The two halves of a Room card, in printed order."""

    LEFT = "left"
    RIGHT = "right"


class Face(str, Enum):
    FRONT = "front"
    BACK = "back"


#: Mechanics a ruling can be filed under (the ``mechanics`` key), with a description.
MECHANICS: dict[str, str] = {
    "rooms": "Room cards: doors, locking and unlocking, characteristics by zone",
    "special-actions": "Actions that don't use the stack (CR 116)",
    "split-cards": "Cards with two halves on one card (CR 709)",
    "triggered-abilities": "When, whenever and at abilities (CR 603)",
    "trigger-doubling": "Abilities that trigger an additional time",
    "linked-abilities": "Abilities that refer to each other (CR 607)",
    "token-copies": "Tokens that are copies of permanents (CR 707, 111.10)",
    "spell-copies": "Copies of spells on the stack (CR 707.10)",
    "casting": "Casting spells, permissions and restrictions (CR 601)",
    "costs": "Total cost, cost increases and reductions, mana value (CR 601.2f, 202)",
    "names": "Choosing and comparing card names (CR 201)",
    "card-counting": "Counting cards in zones",
    "zone-changes": "Objects moving between zones (CR 400.7)",
    "morph": "Morph and face-down spells and permanents (CR 702.37, 708)",
    "double-faced": "Transforming double-faced cards (CR 712)",
    "commander": "The Commander variant (CR 903)",
    "hidden-information": "What each player may see",
    "combat": "Attacking, blocking, combat damage and combat keywords (CR 506-511, 702)",
    "turn-structure": "Steps and phases, priority passing between players (CR 117, 500-514)",
    "damage-and-life": "Damage, life gain and loss, losing the game (CR 119, 120, 704.5a)",
}

#: Capabilities an engine may declare, with what declaring one promises.
CAPABILITIES: dict[str, str] = {
    "rooms": "Room cards: door choice when casting, door states, per-zone characteristics",
    "special-actions": "Unlocking doors and turning permanents face up as special actions",
    "lock-unlock-effects": "Effects that lock or unlock doors",
    "triggered-abilities": "Triggered abilities put on the stack with targets chosen then",
    "trigger-doubling": "Effects that make abilities trigger an additional time",
    "spell-copies": "Copies of spells on the stack",
    "token-copies": "Tokens that are copies of permanents",
    "activated-abilities": "Activating abilities of permanents",
    "cast-from-graveyard": "Permissions to cast spells from a graveyard",
    "name-choices": "Choosing a card name",
    "library-search": "Searching a library with a filter",
    "discard": "Discarding cards",
    "x-costs": "Spells with {X} in their cost",
    "morph": "Casting face down and turning face up",
    "transform": "Transforming double-faced cards",
    "player-views": "Observations as seen by one player (hidden information)",
    "inject-state": "Setting up any game state directly: place-cards, set-life, set-mana and "
                    "set-step together (contract 1.1's single capability, kept with that meaning)",
    "place-cards": "Setting up cards outside libraries and hands (battlefield, graveyard, exile, "
                   "command zone) and permanents with a state (tapped, counters, face down, ...)",
    "set-life": "Starting a game with a player's life other than 20",
    "set-mana": "Starting a game with mana in a player's mana pool",
    "set-step": "Starting a game in a step other than the first main phase",
    "set-turn": "Starting a game on the turn a setup names (`turn:`); not part of inject-state",
    "inject-moves": "Moving a card between zones as an effect, outside the rules",
    "combat": "Declaring attackers and blockers (script actions), combat damage with first "
              "strike, double strike, trample, deathtouch and lifelink",
    "priority": "Each player passes priority in turn (the script says who); acting on the "
                "opponent's turn; every step with its turn-based actions",
    "play-lands": "Playing lands as a special action (one each turn, in a main phase of the "
                  "player's turn with an empty stack), from the hand and from other zones an "
                  "effect allows",
    "library-order": "`objects(Zone.LIBRARY, player)` lists that player's library top first "
                     "(CR 401.2), so that which cards were on top can be told",
    "explicit-mana": "Mana abilities are activated only when an action asks (`Activate`): a "
                     "cost is paid from the mana pool alone, never with lands the engine taps "
                     "for the player while it is paid (CR 601.2g leaves that to the player)",
    "automatic-choices": "Forced choices (one legal answer) made by the engine itself and "
                         "reported as `choice_made` events (contract 1.1): an action may then "
                         "be refused at such a choice, where an engine that asks would refuse "
                         "the answer",
}

#: The capabilities ``inject-state`` stands for (contract 1.2): an engine that declares
#: ``inject-state`` has all of them.
SETUP_CAPABILITIES = ("place-cards", "set-life", "set-mana", "set-step")
#: What an engine of contract 1.0 or 1.1 promised without declaring anything: ``start`` set
#: every player's life and mana pool and the step (only placing cards outside libraries and
#: hands needed ``inject-state``).
IMPLIED_BEFORE_1_2 = ("set-life", "set-mana", "set-step")

#: Why a ruling or a scenario is ``unsupported`` (contract 1.2): a code beside the text,
#: in the results file and over the stdio protocol.
UNSUPPORTED_CODES: dict[str, str] = {
    "capability": "the ruling needs a capability the engine does not declare",
    "card": "a card the setup names is not in the card pool the engine declares, or no card "
            "there fits a role",
    "setup": "the engine cannot start a game in the state the setup describes",
    "step": "the engine has no such step (a setup's step, or the step an advance goes to)",
    "value": "the engine does not compute a value an expectation checks",
    "engine": "the engine's own reason, given without a code",
}

#: What a role (``role:`` in a setup's card entry) may ask of a card: its types and
#: supertypes (closed lists) and the keywords a keyword-only creature may have.
ROLE_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Instant", "Sorcery",
              "Planeswalker", "Battle", "Kindred")
ROLE_SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
ROLE_KEYWORDS = ("Flying", "First strike", "Double strike", "Deathtouch", "Lifelink", "Trample",
                 "Vigilance", "Reach", "Haste", "Defender", "Menace")

#: Scalar steps (no arguments) and keyed steps of a scenario script.
SCALAR_STEPS = ("resolve", "resolve_stack")
#: Steps that act on the game.  ``expect_illegal`` and ``expect_legal`` wrap one of these,
#: except ``move``: a move is state injection, which the rules neither allow nor forbid.
ACTION_STEPS = ("cast", "activate", "unlock", "turn_face_up", "play_land", "advance", "move",
                "pass", "attack", "block")
KEYED_STEPS = ACTION_STEPS + ("choose", "find", "label", "expect", "expect_illegal", "expect_legal")

class ObjectObservation(str, Enum):
    """Keys an ``expect`` step may check about an object (``object:`` names it)."""

    ZONE = "zone"
    NAMES = "names"
    MANA_VALUE = "mana_value"
    COLORS = "colors"
    TYPES = "types"
    SUBTYPES = "subtypes"
    SUPERTYPES = "supertypes"
    POWER = "power"
    TOUGHNESS = "toughness"
    ABILITIES = "abilities"
    ABILITY_COUNT = "ability_count"
    UNLOCKED_DOORS = "unlocked_doors"
    FACE_DOWN = "face_down"
    TRANSFORMED = "transformed"
    TOKEN = "token"
    TAPPED = "tapped"
    CONTROLLER = "controller"
    OWNER = "owner"
    COUNTERS = "counters"
    SAME_OBJECT_AS = "same_object_as"
    NEW_OBJECT_SINCE = "new_object_since"
    IDENTITY = "identity"
    COLOR_IDENTITY = "color_identity"
    KEYWORDS = "keywords"
    ATTACHED_TO = "attached_to"
    VIEWER = "viewer"


class PlayerObservation(str, Enum):
    """Keys an ``expect`` step may check about a player (``player:`` names them)."""

    LIFE = "life"
    HAND_SIZE = "hand_size"
    LIBRARY_SIZE = "library_size"
    GRAVEYARD_SIZE = "graveyard_size"
    EXILE_SIZE = "exile_size"


class GameObservation(str, Enum):
    """Keys an ``expect`` step may check about the game as a whole."""

    STACK = "stack"
    STACK_SIZE = "stack_size"
    CHOICE = "choice"
    STEP = "step"
    ACTIVE_PLAYER = "active_player"
    OBJECTS = "objects"
    GAME_OVER = "game_over"
    WINNER = "winner"


#: The same keys as plain strings (the schema and the docs list these).
OBJECT_OBSERVATIONS = tuple(key.value for key in ObjectObservation)
PLAYER_OBSERVATIONS = tuple(key.value for key in PlayerObservation)
GAME_OBSERVATIONS = tuple(key.value for key in GameObservation)


class ChoiceKind(str, Enum):
    """What a choice is about (docs/adapter-contract.md, "Choices"; the contract's
    ``CHOICE_KINDS``)."""

    DOOR = "door"
    FACE = "face"
    TARGET = "target"
    NAME = "name"
    CARDS = "cards"
    OPTION = "option"
    ORDER = "order"
    DIVIDE = "divide"
    COMBAT_DAMAGE = "combat_damage"


COLORS = ("W", "U", "B", "R", "G")
