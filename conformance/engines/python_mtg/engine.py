"""The adapter: the contract over ``mtg.Game``.  It reports what python-mtg computes and
computes no rule itself.

What python-mtg exposes (its views, ``Game.card``): name, zone, controller, types,
subtypes, colors, power and toughness (derived), keywords, tapped.  It has no mana value,
no Room doors (its card corpus has the first half of split cards only), no face-down or
transformed objects, and no way to start from a given state: a game begins from decks,
with opening hands filled up to seven cards.  So the adapter declares no optional
capability, and ``start`` refuses (``Unsupported``) any setup the engine does not reach by
itself.  See docs/engines/python-mtg.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from ...contract.types import (
    Action, Cast, Choice, EngineInfo, Event, GameView, ObjectId, ObjectView, PlayerId,
    PlayerView, Resolve,
)
from ...errors import IllegalAction, Unsupported
from ...format.cards import CardPool
from ...format.model import Setup
from ...format.vocabulary import Step, Zone

#: python-mtg's color words -> the contract's color letters (a spelling, not a rule).
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: Capabilities declared: none (see the module's docstring).
CAPABILITIES: frozenset[str] = frozenset()
#: Unknown: python-mtg computes no mana value; ObjectView needs an int.
NO_MANA_VALUE = -1


def _word(text: str) -> str:
    return text[:1].upper() + text[1:]


class PythonMtgEngine:
    """python-mtg behind the adapter contract."""

    def __init__(self, mtg: ModuleType) -> None:
        self._mtg = mtg
        self._info = EngineInfo("python-mtg", str(mtg.__version__), CAPABILITIES)
        self._game: Any = None

    @property
    def info(self) -> EngineInfo:
        return self._info

    def _require(self) -> Any:
        if self._game is None:
            raise RuntimeError("start() was not called")
        return self._game

    # -- set-up ----------------------------------------------------------------------------

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        if setup.provenance != "legal-play":
            raise Unsupported("python-mtg starts games from decks only (no inject-state)")
        players = [p.name for p in setup.players]
        if len(players) != 2:
            raise Unsupported("python-mtg plays two-player games")
        if any(p.mana for p in setup.players):
            raise Unsupported("python-mtg cannot start with mana in a pool")
        if setup.active_player != players[0]:
            raise Unsupported("python-mtg's first player is the first seat")
        decks = {p.name: [e.card for z in (Zone.HAND, Zone.LIBRARY) for e in p.zones.get(z, ())]
                 for p in setup.players}
        hands = {p.name: [e.card for e in p.zones.get(Zone.HAND, ())] for p in setup.players}
        try:
            game = self._mtg.Game(decks, seed=0, starting_hand=hands)
        except (ValueError, KeyError) as exc:
            raise Unsupported(f"python-mtg cannot start this game: {exc}") from None
        self._game = game
        for name in players:  # the engine fills opening hands to seven: check it is the setup
            wanted = sorted(hands[name])
            found = sorted(game.name(i) for i in game.hand(name))
            if found != wanted:
                raise Unsupported(f"python-mtg's opening hand for {name} is {found}, not the "
                                  f"setup's {wanted} (it draws up to seven cards)")
        step = self._step(game)
        if step is not setup.step:
            raise Unsupported(f"python-mtg starts in {step.value if step else 'no known step'}, "
                              f"not {setup.step.value}")
        aliases: dict[str, ObjectId] = {}
        for player, zone, entry in setup.entries():
            if entry.alias is None:
                continue
            if zone is not Zone.HAND:
                raise Unsupported("python-mtg does not identify library cards")
            taken = set(aliases.values())
            ids = [i for i in game.hand(player.name)
                   if game.name(i) == entry.card and i not in taken]
            if not ids:
                raise Unsupported(f"python-mtg has no {entry.card!r} in {player.name}'s hand")
            aliases[entry.alias] = str(ids[0])
        return aliases

    @staticmethod
    def _step(game: Any) -> Step | None:
        for (name,) in game.state.get("current_step") or ():
            try:
                return Step(str(name))
            except ValueError:
                return {"main1": Step.PRECOMBAT_MAIN, "main2": Step.POSTCOMBAT_MAIN,
                        "main": Step.PRECOMBAT_MAIN}.get(str(name))
        return None

    # -- acting ----------------------------------------------------------------------------

    def _moves_for(self, action: Action) -> list[Any]:
        game = self._require()
        if isinstance(action, Cast):
            if action.door or action.face or action.face_down or action.targets or action.x:
                raise Unsupported("python-mtg's cast moves take no door, face, face-down, "
                                  "target or X from the harness")
            return [m for m in game.legal_moves if m.kind == "cast"
                    and action.card in map(str, m.raw[1:3])]
        if isinstance(action, Resolve):
            return [m for m in game.legal_moves if m.kind == "pass"]
        raise Unsupported(f"python-mtg's adapter does not map {type(action).__name__}")

    def perform(self, action: Action) -> Sequence[Event]:
        moves = self._moves_for(action)
        if not moves:
            raise IllegalAction("python-mtg offers no such move now")
        if len(moves) > 1:
            raise Unsupported("python-mtg offers several moves with different sub-choices; "
                              "the adapter does not map them to choices")
        self._require().push(moves[0])
        return []

    def is_legal(self, action: Action) -> bool:
        return bool(self._moves_for(action))

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        game = self._require()
        found: list[Action] = []
        for move in game.legal_moves:
            if move.kind == "cast" and str(move.raw[1]) == player:
                action = Cast(player, str(move.raw[2]))
                if action not in found:
                    found.append(action)
        return found

    def pending_choice(self) -> Choice | None:
        return None  # python-mtg takes sub-choices with the move

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        raise Unsupported("python-mtg asks for no choices through the adapter")

    # -- observing -------------------------------------------------------------------------

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        game = self._require()
        try:
            view = game.card(object_id)
        except (KeyError, ValueError):
            raise KeyError(object_id) from None
        if view.zone is None:  # python-mtg's answer for an id it does not know
            raise KeyError(object_id)
        creature = bool(getattr(view, "is_creature", False))
        try:
            zone = Zone(str(view.zone))
        except ValueError:
            raise Unsupported(f"python-mtg reports the zone {view.zone!r}") from None
        return ObjectView(
            id=object_id, zone=zone, owner=self._owner(game, object_id, view),
            controller=view.controller if zone in (Zone.BATTLEFIELD, Zone.STACK) else None,
            names=(str(view.name),), mana_value=NO_MANA_VALUE,
            colors=tuple(_COLORS.get(str(c), str(c)) for c in view.colors),
            types=tuple(_word(str(t)) for t in view.types),
            subtypes=tuple(_word(str(t)) for t in view.subtypes), supertypes=(),
            power=view.power if creature else None,
            toughness=view.toughness if creature else None,
            abilities=(), keywords=tuple(str(k) for k in view.keywords),
            tapped=bool(view.tapped) and zone is Zone.BATTLEFIELD,
        )

    @staticmethod
    def _owner(game: Any, object_id: str, view: Any) -> PlayerId:
        for player in game.players:
            if object_id in game.hand(player) or object_id in game.graveyard(player):
                return str(player)
        return str(view.controller or "")

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        game = self._require()
        seats = [player] if player else list(game.players)
        if zone is Zone.HAND:
            return [str(i) for p in seats for i in game.hand(p)]
        if zone is Zone.GRAVEYARD:
            return [str(i) for p in seats for i in game.graveyard(p)]
        if zone is Zone.BATTLEFIELD:
            return [str(i) for i, c in game.battlefield().items() if player in (None, c)]
        raise Unsupported(f"python-mtg's adapter does not list the {zone.value}")

    def game(self) -> GameView:
        game = self._require()
        step = self._step(game)
        if step is None:
            raise Unsupported("python-mtg reports a step the contract does not name")
        life = game.life()
        return GameView(
            step=step, active_player=str(game.active_player), priority_player=None, stack=(),
            players=tuple(PlayerView(str(p), int(life[p]), int(game.hand_count(p)),
                                     int(game.library_size(p)), len(game.graveyard(p)), 0)
                          for p in game.players))

    def close(self) -> None:
        self._game = None
