"""The adapter kit: contract ids minted on every zone change from an engine's snapshots, the
``zone_changed`` events the runner follows aliases through, and a setup's aliases."""

from __future__ import annotations

import pytest

from conformance.contract.kit import ZoneTracker, alias_ids, setup_aliases
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Zone
from conformance.runner.execute import follow_aliases


def test_a_card_that_changes_zones_gets_a_new_id_and_an_event() -> None:
    tracker: ZoneTracker[int] = ZoneTracker()
    assert tracker.sync({7: Zone.HAND, 8: Zone.BATTLEFIELD}) == []
    first = tracker.id_of(7)
    assert (first, tracker.id_of(8)) == ("o1", "o2")
    events = tracker.sync({7: Zone.STACK, 8: Zone.BATTLEFIELD})
    assert [(e.kind, dict(e.data)) for e in events] == [
        ("zone_changed", {"object": "o1", "new_object": "o3", "from": "hand", "to": "stack"})]
    assert tracker.key_of("o3") == 7 and tracker.zone_of("o3") is Zone.STACK
    with pytest.raises(KeyError):
        tracker.key_of(first)  # the old object no longer exists (CR 400.7)
    assert tracker.sync({7: Zone.STACK, 8: Zone.BATTLEFIELD}) == []  # nothing moved


def test_a_card_no_longer_listed_ceased_to_exist() -> None:
    tracker: ZoneTracker[str] = ZoneTracker("t")
    tracker.sync({"token": Zone.BATTLEFIELD})
    (event,) = tracker.sync({})
    assert dict(event.data) == {"object": "t1", "new_object": None, "from": "battlefield",
                                "to": None}
    tracker.reset()
    tracker.sync({"token": Zone.BATTLEFIELD})
    assert tracker.id_of("token") == "t2"  # ids are never reused


def test_the_runner_follows_an_alias_through_the_kits_events() -> None:
    setup = Setup((PlayerSetup("alice", zones={Zone.HAND: (CardEntry("Grizzly Bears", "bears"),
                                                            CardEntry("Forest"))}),
                   PlayerSetup("bob", zones={Zone.LIBRARY: (CardEntry("Forest", "land"),)})),
                  "alice")
    placed: list[tuple[str, Zone, str]] = []

    def place(player: str, zone: Zone, entry: CardEntry) -> int:
        placed.append((player, zone, entry.card))
        return len(placed)

    keys = setup_aliases(setup, place)
    assert keys == {"bears": 1, "land": 3}
    assert placed == [("alice", Zone.HAND, "Grizzly Bears"), ("alice", Zone.HAND, "Forest"),
                      ("bob", Zone.LIBRARY, "Forest")]
    tracker: ZoneTracker[int] = ZoneTracker()
    tracker.sync({1: Zone.HAND, 2: Zone.HAND, 3: Zone.LIBRARY})
    aliases: dict[str, str | None] = dict(alias_ids(keys, tracker))
    assert aliases == {"bears": "o1", "land": "o3"}
    follow_aliases(aliases, tracker.sync({1: Zone.BATTLEFIELD, 2: Zone.HAND, 3: Zone.HAND}))
    assert aliases == {"bears": tracker.id_of(1), "land": tracker.id_of(3)}
    assert aliases["bears"] not in ("o1", "o3")
