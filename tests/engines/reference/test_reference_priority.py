"""Priority in the reference engine: whenever a player would receive priority, state-based
actions are checked first and triggered abilities put on the stack (CR 704.3, 117.5) -- when
priority passes from one player to the next, too, not only after an action."""

from __future__ import annotations

from conformance.contract.types import PassPriority
from conformance.format.vocabulary import Zone

from builders import entry


def test_state_based_actions_are_checked_before_the_next_player_receives_priority(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "bears")])
    bears = engine.game_state.objects[ids["bears"]]
    bears.damage = 2  # lethal damage marked outside any action the engine took
    events = engine.perform(PassPriority("alice"))
    (moved,) = [e for e in events if e.kind == "zone_changed"]
    assert (moved.data["object"], moved.data["to"]) == (ids["bears"], "graveyard")
    assert engine.objects(Zone.BATTLEFIELD) == []
    assert engine.game().priority_player == "bob"


def test_a_player_at_zero_life_loses_before_the_next_player_receives_priority(start):
    engine, _ids = start()
    engine.game_state.player("bob").life = 0
    events = engine.perform(PassPriority("alice"))
    assert [e.data for e in events if e.kind == "player_lost"] == [{"player": "bob"}]
    game = engine.game()
    assert game.game_over and game.winner == "alice"


def test_passing_with_nothing_to_check_hands_priority_on_and_keeps_the_passes(start):
    engine, _ids = start(bob={"library": [entry("Island")]}, library=[entry("Island")])
    engine.perform(PassPriority("alice"))
    assert engine.game().priority_player == "bob"
    engine.perform(PassPriority("bob"))  # both passed with an empty stack: the step ends
    assert engine.game().step.value == "beginning_of_combat"
