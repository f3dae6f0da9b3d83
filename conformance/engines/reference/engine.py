"""The reference engine's adapter: the adapter contract over :class:`Game`."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Never, NoReturn

from ... import __version__
from ...contract.types import (
    Action, Activate, AdvanceTo, Cast, Choice, DeclareAttackers, DeclareBlockers, EngineInfo,
    Event, GameView, Move, ObjectId, ObjectView, PassPriority, PlayerId, PlayerRef, PlayerView,
    PlayLand, Resolve, StackItemView, TurnFaceUp, Unlock,
)
from ...errors import IllegalAction, Location, Unsupported
from ...format.cards import CardPool
from ...format.model import Setup
from ...format.vocabulary import CAPABILITIES, Door, Zone
from . import casting, lands, legal, rooms, turn
from . import exile_to_play as _exile_effects  # noqa: F401 - registers exile_top
from . import life as _life_effects  # noqa: F401 - registers damage, life, tap and counters
from .abilities import Ability, parse_abilities
from .characteristics import Characteristics, color_identity
from .effects import EFFECTS
from .entering import put_onto_battlefield
from .game import Flow, Game, outcome
from .mana import ManaPool
from .state import GameObject, GameState, Player, StackAbility
from .targets import PLAYER_PREFIX

#: What the reference engine does not do yet; everything else in CAPABILITIES it does.
MISSING: frozenset[str] = frozenset()
#: What it does otherwise: it asks every choice, forced ones included, and makes none itself.
ASKS_EVERY_CHOICE: frozenset[str] = frozenset({"automatic-choices"})


class ReferenceEngine:
    """The embedded reference engine (see ARCHITECTURE.md, layer 3)."""

    def __init__(self) -> None:
        self._info = EngineInfo("reference", __version__,
                                frozenset(CAPABILITIES) - MISSING - ASKS_EVERY_CHOICE)
        self._game: Game | None = None

    @property
    def info(self) -> EngineInfo:
        return self._info

    @property
    def game_state(self) -> GameState:
        game = self._require()
        game.state_changed()
        game.exposed = True  # the caller may change the state at any moment
        return game.state

    # -- set-up ----------------------------------------------------------------------------

    def _abilities(self, cards: CardPool) -> dict[str, tuple[tuple[Ability, ...], ...]]:
        return parsed_abilities(cards)

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        state = GameState(
            players=[Player(p.name, p.life, ManaPool(p.mana)) for p in setup.players],
            active_player=setup.active_player, step=setup.step, priority=setup.active_player,
            turn=1 if setup.turn is None else setup.turn,
        )
        aliases: dict[str, ObjectId] = {}
        for player, zone, entry in setup.entries():
            card = cards.lookup(entry.card, Location("<setup>", entry.line))
            obj = state.create(card, player.name, zone, token=entry.token)
            obj.tapped = entry.tapped
            obj.summoning_sick = entry.summoning_sick
            obj.unlocked = set(entry.unlocked)
            obj.face_down = entry.face_down
            obj.transformed = entry.transformed
            obj.counters = dict(entry.counters)
            if entry.alias:
                aliases[entry.alias] = obj.id
        self._game = Game(state, cards, self._abilities(cards))
        return aliases

    def _require(self) -> Game:
        if self._game is None:
            raise RuntimeError("start() was not called")
        return self._game

    # -- acting ----------------------------------------------------------------------------

    def _flow(self, action: Action) -> Flow:
        game = self._require()
        match action:
            case PassPriority():
                yield from turn.pass_priority(game, action)
                return
            case DeclareAttackers():
                yield from turn.attack(game, action)
                return
            case DeclareBlockers():
                yield from turn.block(game, action)
                return
            case Resolve():
                game.state.passes = 0  # a player acted: passing starts again (CR 117.3c)
                yield from turn.resolve_top(game)
                return
            case AdvanceTo():
                game.state.passes = 0
                yield from turn.advance(game, action)
                return
            case Move():
                game.state.passes = 0
                yield from self._move(game, action)
                yield from turn.settle(game)
                return
            case Cast() | Activate() | Unlock() | TurnFaceUp() | PlayLand():
                game.state.passes = 0
                yield from self._act(game, action)
                yield from turn.settle(game)
                game.state.priority = action.player  # the player who acted (CR 117.3c)
            case _:
                _unknown_action(action)

    @staticmethod
    def _act(game: Game, action: Cast | Activate | Unlock | TurnFaceUp | PlayLand) -> Flow:
        match action:
            case Cast():
                return casting.cast(game, action)
            case Activate():
                return casting.activate(game, action)
            case Unlock():
                return rooms.special_unlock(game, action)
            case TurnFaceUp():
                return casting.turn_face_up(game, action)
            case PlayLand():
                return lands.play_land(game, action)
            case _:
                _unknown_action(action)

    def _move(self, game: Game, action: Move) -> Flow:
        obj = game.state.objects.get(action.object)
        if obj is None:
            raise IllegalAction(f"no object {action.object}")
        if action.to is Zone.BATTLEFIELD:
            yield from put_onto_battlefield(game, obj, transformed=action.transformed)
        else:
            game.move(obj, action.to)

    def perform(self, action: Action) -> Sequence[Event]:
        return self._require().run(self._flow(action))

    def is_legal(self, action: Action) -> bool:
        game = self._require()
        return game.probe(self._flow(action), key=action, early=self._early(game, action))

    def _early(self, game: Game, action: Action) -> Callable[[], object] | None:
        """What refuses ``action`` before it changes anything, for a probe to ask before
        it copies the game: the first checks of casting, activating, playing a land and
        unlocking a door, while the procedures they begin are this engine's own (a mutant
        may replace one)."""
        if type(self)._flow is not _OWN_FLOW or type(self)._act is not _OWN_ACT:
            return None
        if isinstance(action, Cast) and casting.cast is _OWN_CAST:
            return lambda: casting.cast_refused_in_probe(game, action)
        if isinstance(action, Unlock) and rooms.special_unlock is _OWN_UNLOCK:
            return lambda: rooms.unlock_refused_early(game, action)
        if isinstance(action, Activate) and casting.activate is _OWN_ACTIVATE:
            return lambda: casting.activation_refused_early(game, action)
        if isinstance(action, PlayLand) and lands.play_land is _OWN_PLAY_LAND:
            return lambda: lands.land_refused_early(game, action)
        return None

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        return legal.legal_actions(self._require(), player, self.is_legal)

    # Beyond the contract: the property games draw the kind of action before the action, so
    # they ask which kinds are legal, then for the actions of the kind drawn only.

    def legal_actions_where(self, player: PlayerId,
                            wanted: Callable[[Action], bool]) -> Sequence[Action]:
        """``legal_actions(player)``, only those ``wanted`` accepts: the others are not
        tried."""
        return legal.legal_actions(self._require(), player, self.is_legal, wanted)

    def legal_kinds(self, player: PlayerId, kind: Callable[[Action], str],
                    kinds: Collection[str] | None = None) -> set[str]:
        """The kinds, as ``kind`` names them, of the actions ``legal_actions(player)``
        lists (those among ``kinds``), each kind tried up to its first legal action."""
        return legal.legal_kinds(self._require(), player, self.is_legal, kind, kinds)

    def pending_choice(self) -> Choice | None:
        return self._require().pending

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        return self._require().answer(tuple(values))

    # -- observing -------------------------------------------------------------------------

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        game = self._require()
        if game.exposed:
            return self._observe(game, object_id, viewer)
        key = (object_id, viewer)
        view: ObjectView | None = game.reported.get(key)
        if view is None:
            view = game.reported[key] = self._observe(game, object_id, viewer)
        return view

    def _observe(self, game: Game, object_id: ObjectId, viewer: PlayerId | None) -> ObjectView:
        obj = game.state.objects[object_id]
        chars = game.chars(obj)
        # Everything the view shows comes from these: an object that changed none of them
        # since it was last observed has the same view.
        made_of = (chars, viewer, obj.card, obj.zone, obj.owner, obj.controller, obj.face_down,
                   obj.transformed, obj.token, obj.tapped, obj.attached_to,
                   frozenset(obj.unlocked) if obj.unlocked else None,
                   tuple(obj.counters.items()) if obj.counters else None)
        kept = obj.view
        if kept is not None and kept[0] == made_of:
            return kept[1]  # type: ignore[no-any-return]
        view = self._view(obj, chars, viewer)
        obj.view = (made_of, view)
        return view

    def _view(self, obj: GameObject, chars: Characteristics, viewer: PlayerId | None
              ) -> ObjectView:
        on_battlefield = obj.zone is Zone.BATTLEFIELD
        return ObjectView(
            id=obj.id, zone=obj.zone, owner=obj.owner,
            controller=obj.controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
            names=chars.names, mana_value=chars.mana_value, colors=chars.colors,
            types=chars.types, subtypes=chars.subtypes, supertypes=chars.supertypes,
            power=chars.power, toughness=chars.toughness, abilities=chars.abilities,
            unlocked_doors=tuple(d for d in Door if d in obj.unlocked) if on_battlefield else (),
            face_down=obj.face_down, transformed=obj.transformed and on_battlefield,
            token=obj.token, tapped=obj.tapped and on_battlefield,
            counters=dict(obj.counters) if on_battlefield else {},
            identity=self._identity(obj, viewer),
            color_identity=color_identity(obj.card),
            keywords=chars.keywords,
            attached_to=obj.attached_to if on_battlefield else None,
        )

    @staticmethod
    def _identity(obj: GameObject, viewer: PlayerId | None) -> tuple[str, ...]:
        """What the card is, as ``viewer`` may know it: a player may look at face-down
        objects they control, not at others' (CR 708.5)."""
        if obj.face_down and viewer is not None and viewer != obj.controller:
            return ()
        return obj.card.face_names

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        state = self._require().state
        if zone is Zone.STACK:
            return [i.id for i in state.stack
                    if isinstance(i, GameObject) and player in (None, i.controller)]
        if zone is Zone.BATTLEFIELD:
            return [o.id for o in state.permanents() if player in (None, o.controller)]
        players = [state.player(player)] if player else state.players
        return [object_id for p in players for object_id in p.zones[zone]]

    def game(self) -> GameView:
        game = self._require()
        if game.exposed:
            return self._game_view(game.state)
        view: GameView | None = game.reported.get("game")
        if view is None:
            view = game.reported["game"] = self._game_view(game.state)
        return view

    @staticmethod
    def _game_view(state: GameState) -> GameView:
        over, winner = outcome(state)
        return GameView(
            step=state.step, active_player=state.active_player,
            priority_player=None if over else state.priority,  # nobody acts once it is over
            stack=tuple(_stack_view(item) for item in reversed(state.stack)),
            players=tuple(PlayerView(
                p.name, p.life, len(p.zones[Zone.HAND]), len(p.zones[Zone.LIBRARY]),
                len(p.zones[Zone.GRAVEYARD]), len(p.zones[Zone.EXILE])) for p in state.players),
            game_over=over, winner=winner,
        )

    def close(self) -> None:
        self._game = None


def _unknown_action(action: Never) -> NoReturn:
    """Like ``typing.assert_never``: ``mypy --strict`` names the call when a kind of action
    is not handled; at run time, something that is not an action is unsupported."""
    raise Unsupported(f"unknown action {action!r}")


_PARSED: dict[int, tuple[CardPool, dict[str, tuple[tuple[Ability, ...], ...]]]] = {}


def parsed_abilities(cards: CardPool) -> dict[str, tuple[tuple[Ability, ...], ...]]:
    """The abilities of every card of a pool, parsed once per pool."""
    entry = _PARSED.get(id(cards))
    if entry is None or entry[0] is not cards:
        names = tuple(EFFECTS)
        entry = (cards, {name: parse_abilities(card, names) for name, card in cards.items()})
        _PARSED[id(cards)] = entry
    return entry[1]


def _target(value: object) -> object:
    text = str(value)
    return PlayerRef(text[len(PLAYER_PREFIX):]) if text.startswith(PLAYER_PREFIX) else text


def _stack_view(item: StackAbility | GameObject) -> StackItemView:
    targets = tuple(_target(t) for t in item.targets)
    if isinstance(item, StackAbility):
        return StackItemView(item.id, "ability", item.source, item.controller, targets,  # type: ignore[arg-type]
                             item.ability.text)
    return StackItemView(item.id, "spell", item.id, item.controller, targets)  # type: ignore[arg-type]


#: The procedures whose first checks ``ReferenceEngine._early`` asks on their own.
_OWN_FLOW = ReferenceEngine._flow
_OWN_ACT = ReferenceEngine._act
_OWN_CAST = casting.cast
_OWN_UNLOCK = rooms.special_unlock
_OWN_ACTIVATE = casting.activate
_OWN_PLAY_LAND = lands.play_land
