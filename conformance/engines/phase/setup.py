"""Building a scenario's starting state in a phase.rs game.

A new game whose decks hold exactly the set-up's cards (a player with none gets one filler
card, removed afterwards), opening hands kept, debug mode switched on; then phase's debug
actions place every card (``MoveToZone``, raw, libraries top first), set tapped, summoning
sickness, counters, face states, life, the step and mana.

**Rooms by play.**  A Room on the battlefield is put there before anything else, while the
battlefield is empty, by phase's own rules: a Room with a door unlocked is *cast* for that
door (it unlocks as it enters) and its other door, if the set-up unlocks both, is unlocked
with the ``UnlockRoomDoor`` special action, each paid with exactly the mana phase's card
data gives that door's cost; the triggers this sets off resolve with no creature to target.
A Room with no door unlocked enters through phase's full zone-change pipeline (as an effect
puts it there).  phase builds a Room permanent's door-tagged abilities only this way: a
door state edited into a snapshot is rebuilt by ``load_game`` without the tags, which is
not a state phase reaches by play.  Every step played is listed in ``setup_steps``.
"""

from __future__ import annotations


from ...contract.types import ObjectId
from ...errors import ContractError, IllegalAction, Location, Unsupported
from ...format.cards import CardPool
from ...format.model import CardEntry, PlayerSetup, Setup
from ...format.vocabulary import Door, Step, Zone
from .session import PhaseSession

STEP_TO_PHASE = {
    Step.UNTAP: "Untap", Step.UPKEEP: "Upkeep", Step.DRAW: "Draw",
    Step.PRECOMBAT_MAIN: "PreCombatMain", Step.BEGINNING_OF_COMBAT: "BeginCombat",
    Step.DECLARE_ATTACKERS: "DeclareAttackers", Step.DECLARE_BLOCKERS: "DeclareBlockers",
    Step.COMBAT_DAMAGE: "CombatDamage", Step.END_OF_COMBAT: "EndCombat",
    Step.POSTCOMBAT_MAIN: "PostCombatMain", Step.END: "End", Step.CLEANUP: "Cleanup",
}
ZONE_TO_PHASE = {
    Zone.LIBRARY: "Library", Zone.HAND: "Hand", Zone.STACK: "Stack",
    Zone.BATTLEFIELD: "Battlefield", Zone.GRAVEYARD: "Graveyard", Zone.EXILE: "Exile",
    Zone.COMMAND: "Command",
}
_MANA = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
#: contract counter name -> phase's serialised CounterType
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
_WHERE = Location("<setup>")


def mana_types(mana: str) -> list[str]:
    """The mana a set-up puts in a pool, as phase ManaTypes ({3} is three colorless)."""
    out: list[str] = []
    for symbol in mana.replace("}", "").split("{")[1:]:
        if symbol.isdigit():
            out.extend(["Colorless"] * int(symbol))
        elif symbol in _MANA:
            out.append(_MANA[symbol])
        else:
            raise Unsupported(f"the phase adapter cannot put {{{symbol}}} in a mana pool")
    return out


def set_up(session: PhaseSession, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
    """Play and place the set-up; returns the id of every aliased card."""
    decks: tuple[list[str], list[str]] = ([], [])
    for player, _zone, entry in setup.entries():
        if entry.token:
            raise Unsupported("the phase adapter cannot set up a token of a card: phase's "
                              "debug actions create tokens only as copies or by stats")
        decks[session.seat(player.name)].append(cards.lookup(entry.card, _WHERE).name)
    fillers = _base_game(session, cards, decks)

    by_card: dict[tuple[int, str], list[int]] = {}  # phase's objects of each card, per owner
    names = session.data.card_by_oracle_id
    for obj in sorted(session.opening_objects.values(), key=lambda o: int(o["id"])):
        ref = obj.get("base_printed_ref") or obj.get("printed_ref") or {}
        card = names.get(str(ref.get("oracle_id")))
        if card is not None:
            by_card.setdefault((int(obj["owner"]), card), []).append(int(obj["id"]))
    placed: list[tuple[int, PlayerSetup, Zone, CardEntry]] = []
    for player, zone, entry in setup.entries():
        name = cards.lookup(entry.card, _WHERE).name
        placed.append((by_card[(session.seat(player.name), name)].pop(0), player, zone, entry))
    for number in fillers:
        session.debug("RemoveObject", object_id=number)

    def is_room(entry: CardEntry) -> bool:
        return cards.lookup(entry.card, _WHERE).is_room

    # Where each card is: as the opening left it, while only raw placements -- which move
    # nothing but the card placed -- have been made; once phase has played something (a
    # Room cast, a door unlocked, the zone-change pipeline), as phase says.
    zones: dict[int, str] | None = {int(o["id"]): str(o["zone"])
                                    for o in session.opening_objects.values()}
    # Rooms first, while the battlefield is empty
    for number, player, zone, entry in placed:
        if zone is Zone.BATTLEFIELD and is_room(entry):
            zones = None
            if entry.unlocked:
                _room_by_play(session, number, player, entry, cards)
            else:
                _place(session, number, zone, None, simulate=True)
                session.setup_steps.append(f"{entry.card} put onto the battlefield by the "
                                           f"zone-change pipeline, no door unlocked")
    for number, _player, zone, _entry in reversed(placed):  # libraries: first entry on top
        if zone is Zone.LIBRARY:
            _place(session, number, zone, zones)
    for number, _player, zone, entry in placed:
        if zone is not Zone.LIBRARY and not (zone is Zone.BATTLEFIELD and is_room(entry)):
            _place(session, number, zone, zones)
    for number, _player, zone, entry in placed:
        _set_state(session, number, zone, entry)

    for player in setup.players:
        if player.life != 20:
            session.debug("SetLife", player_id=session.seat(player.name), life=player.life)
    session.debug("SetPhase", phase=STEP_TO_PHASE[setup.step],
                  active_player=session.seat(setup.active_player))
    for player in setup.players:
        if player.mana:
            session.debug("AddMana", player_id=session.seat(player.name),
                          mana=mana_types(player.mana))
    waiting = session.waiting()
    if session.stack_ids():
        raise ContractError(f"phase put {len(session.stack_ids())} item(s) on the stack "
                            f"during set-up")
    if waiting.get("type") != "Priority" or session.actor() != session.seat(setup.active_player):
        raise ContractError(f"after set-up phase waits for {waiting}, not for "
                            f"{setup.active_player}'s priority")
    return {e.alias: session.cid(n) for n, _p, _z, e in placed if e.alias}


def _base_game(session: PhaseSession, cards: CardPool,
               decks: tuple[list[str], list[str]]) -> tuple[int, ...]:
    """A started game (opening hands kept, debug mode on) whose decks hold every card the
    set-up needs; returns the ids of filler cards to remove."""
    filler = sorted(cards)[0]
    lists = tuple(sorted(d) if d else [filler] for d in decks)
    session.open(lists[0], lists[1])  # its objects: every card in a library or a hand
    return tuple(int(o["id"]) for o in session.opening_objects.values()
                 if not decks[int(o["owner"])])


def _door_cost(session: PhaseSession, face_name: str) -> list[str]:
    """The mana that pays a door's cost, from phase's own card data for that face."""
    face = session.data.faces.get(face_name.lower()) or {}
    cost = face.get("mana_cost") or {}
    if cost.get("type") != "Cost":
        raise Unsupported(f"phase's card data gives {face_name} no mana cost to pay")
    mana: list[str] = []
    for shard in cost.get("shards") or ():
        if shard not in _MANA.values():
            raise Unsupported(f"the set-up cannot pay {face_name}'s {shard} mana")
        mana.append(str(shard))
    return mana + ["Colorless"] * int(cost.get("generic") or 0)


def _room_by_play(session: PhaseSession, number: int, player: PlayerSetup, entry: CardEntry,
                  cards: CardPool) -> None:
    """Cast the Room for its first unlocked door, then unlock the other if the set-up
    says so, resolving everything this puts on the stack."""
    seat = session.seat(player.name)
    card = cards.lookup(entry.card, _WHERE)
    door_names = {Door.LEFT: card.faces[0].name, Door.RIGHT: card.faces[1].name}
    first, *others = sorted(entry.unlocked, key=lambda d: d is not Door.LEFT)
    session.debug("SetPhase", phase="PreCombatMain", active_player=seat)
    _place(session, number, Zone.HAND, None)
    session.debug("AddMana", player_id=seat, mana=_door_cost(session, door_names[first]))
    cast = session.legal("CastSpell", object_id=number)
    if cast is None:
        raise ContractError(f"phase does not let {player.name} cast {entry.card} in set-up")
    session.apply(seat, cast)
    if session.waiting().get("type") == "ModalFaceChoice":
        session.apply(seat, {"type": "ChooseModalFace",
                             "data": {"back_face": first is Door.RIGHT}})
    _resolve_all(session)
    session.setup_steps.append(f"{entry.card}: cast for {door_names[first]} (unlocked as it "
                               f"entered)")
    for door in others:
        session.debug("AddMana", player_id=seat, mana=_door_cost(session, door_names[door]))
        unlock = session.legal("UnlockRoomDoor", object_id=number,
                               door="Left" if door is Door.LEFT else "Right")
        if unlock is None:
            raise ContractError(f"phase does not offer unlocking {door_names[door]} in set-up")
        session.apply(seat, unlock)
        _resolve_all(session)
        session.setup_steps.append(f"{entry.card}: {door_names[door]} unlocked "
                                   f"(UnlockRoomDoor)")
    if (session.player_state(seat).get("mana_pool") or {}).get("mana"):
        raise ContractError(f"mana was left over after setting up {entry.card}")


def _resolve_all(session: PhaseSession) -> None:
    """Pass priority until the stack is empty; a trigger with only optional targets gets
    none (the battlefield holds nothing else yet)."""
    for _ in range(40):
        waiting = session.waiting()
        kind = waiting.get("type")
        if kind == "Priority":
            if not session.stack_ids():
                return
            session.apply(session.actor(), {"type": "PassPriority"})
        elif kind in ("TargetSelection", "TriggerTargetSelection"):
            try:
                session.apply(session.actor(), {"type": "ChooseTarget", "data": {"target": None}})
            except IllegalAction as exc:  # a required target: the set-up has none to give
                raise Unsupported(f"setting up a Room by play: phase asks for a target the "
                                  f"set-up does not give ({exc.reason})") from None
        else:
            raise Unsupported(f"setting up a Room by play: phase asks {kind}")
    raise ContractError("the set-up's stack did not empty")


def _place(session: PhaseSession, number: int, zone: Zone, zones: dict[int, str] | None,
           simulate: bool = False) -> None:
    """Put card ``number`` into ``zone`` (``zones``: where the cards are, when the set-up
    knows; else phase is asked)."""
    if zones is not None and number in zones:
        now = zones[number]
    else:
        obj = session.object_of(number)
        assert obj is not None, number
        now = str(obj["zone"])
    target = ZONE_TO_PHASE[zone]
    if zones is not None:
        zones[number] = target
    if now == target and zone is not Zone.LIBRARY:
        return
    if now == target:  # to re-order a library, take the card out first
        session.debug("MoveToZone", object_id=number, to_zone="Exile", simulate=False)
    session.debug("MoveToZone", object_id=number, to_zone=target, simulate=simulate,
                  library_position={"type": "Top"})


def _set_state(session: PhaseSession, number: int, zone: Zone, entry: CardEntry) -> None:
    if zone is Zone.BATTLEFIELD:
        session.debug("SetSummoningSickness", object_id=number, sick=entry.summoning_sick)
        session.debug("SetTapped", object_id=number, tapped=entry.tapped)
    for counter, amount in entry.counters:
        session.debug("ModifyCounters", object_id=number,
                      counter_type=COUNTER_TO_PHASE.get(counter, counter), delta=amount)
    if entry.face_down:
        session.debug("SetFaceState", object_id=number, face_down=True, transformed=None,
                      flipped=None)
    if entry.transformed:
        session.debug("SetFaceState", object_id=number, face_down=None, transformed=True,
                      flipped=None)

