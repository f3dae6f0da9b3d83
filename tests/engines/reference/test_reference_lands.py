"""Playing lands in the reference engine (CR 305, 116.2a): the special action, the one land
play each turn and its reset, lands from exile under a permission, and the actions offered."""

from __future__ import annotations

import pytest

from conformance.contract.types import (
    AdvanceTo, Cast, PassPriority, PlayerRef, PlayLand, Resolve,
)
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Step, Zone

from builders import entry


def lands_offered(engine, player: str = "alice") -> list[PlayLand]:
    return [a for a in engine.legal_actions(player) if isinstance(a, PlayLand)]


def test_a_land_goes_onto_the_battlefield_without_the_stack_and_the_player_keeps_priority(
        start):
    engine, ids = start(hand=[entry("Forest", "forest")])
    events = engine.perform(PlayLand("alice", ids["forest"]))
    (moved,) = [e for e in events if e.kind == "zone_changed"]
    assert (moved.data["from"], moved.data["to"]) == ("hand", "battlefield")
    (played,) = [e for e in events if e.kind == "land_played"]
    assert played.data == {"object": moved.data["new_object"], "player": "alice"}
    view = engine.observe(str(moved.data["new_object"]))
    assert (view.zone, view.controller, view.tapped) == (Zone.BATTLEFIELD, "alice", False)
    game = engine.game()
    assert game.stack == () and game.priority_player == "alice"  # CR 116.3


def test_one_land_each_turn_and_the_count_starts_again_next_turn(start):
    engine, ids = start(hand=[entry("Forest", "forest"), entry("Mountain", "mountain")],
                        library=[entry("Island"), entry("Island")],
                        bob={"library": [entry("Island"), entry("Island")]})
    assert set(lands_offered(engine)) == {PlayLand("alice", ids["forest"]),
                                          PlayLand("alice", ids["mountain"])}
    engine.perform(PlayLand("alice", ids["forest"]))
    assert lands_offered(engine) == []
    with pytest.raises(IllegalAction, match="305.2"):
        engine.perform(PlayLand("alice", ids["mountain"]))
    engine.perform(AdvanceTo(Step.UPKEEP))  # bob's turn
    engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))  # bob's
    engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))  # alice's again
    assert engine.game().active_player == "alice"
    offered = lands_offered(engine)  # the Mountain and the Island drawn
    assert PlayLand("alice", ids["mountain"]) in offered and len(offered) == 2
    engine.perform(PlayLand("alice", ids["mountain"]))


def test_asking_whether_a_land_may_be_played_does_not_use_the_land_play(start):
    engine, ids = start(hand=[entry("Forest", "forest"), entry("Mountain", "mountain")])
    assert engine.is_legal(PlayLand("alice", ids["forest"]))
    assert engine.is_legal(PlayLand("alice", ids["mountain"]))
    engine.perform(PlayLand("alice", ids["mountain"]))


@pytest.mark.parametrize("step", [Step.UPKEEP, Step.BEGINNING_OF_COMBAT, Step.END])
def test_only_in_a_main_phase(start, step: Step):
    engine, ids = start(step=step, hand=[entry("Forest", "forest")])
    assert lands_offered(engine) == []
    with pytest.raises(IllegalAction, match="main phase"):
        engine.perform(PlayLand("alice", ids["forest"]))


def test_not_on_another_players_turn_nor_with_the_stack_not_empty(start):
    engine, ids = start(active="bob", hand=[entry("Forest", "forest")], mana="{R}",
                        bob={"hand": [entry("Shock", "shock")]}, bob_mana="{R}")
    engine.perform(PassPriority("bob"))
    assert lands_offered(engine) == []
    with pytest.raises(IllegalAction, match="own turn"):
        engine.perform(PlayLand("alice", ids["forest"]))
    engine, ids = start(mana="{R}", hand=[entry("Forest", "forest"), entry("Shock", "shock")])
    engine.perform(Cast("alice", ids["shock"], targets=(PlayerRef("bob"),)))
    assert lands_offered(engine) == []
    with pytest.raises(IllegalAction, match="stack is empty"):
        engine.perform(PlayLand("alice", ids["forest"]))


def test_a_card_that_is_not_a_land_is_not_played_and_a_land_is_not_cast(start):
    engine, ids = start(mana="{1}{G}", hand=[entry("Grizzly Bears", "bears"),
                                             entry("Forest", "forest")])
    assert lands_offered(engine) == [PlayLand("alice", ids["forest"])]
    with pytest.raises(IllegalAction, match="not a land"):
        engine.perform(PlayLand("alice", ids["bears"]))
    with pytest.raises(IllegalAction, match="played, never cast"):
        engine.perform(Cast("alice", ids["forest"]))


def test_a_land_in_exile_is_played_only_under_a_permission(start):
    engine, ids = start(mana="{2}{R}", hand=[entry("Act on Impulse", "act")],
                        library=[entry("Mountain", "top"), entry("Shock"), entry("Shock")],
                        exile=[entry("Forest", "exiled")])
    assert lands_offered(engine) == []  # an exiled land without a permission
    engine.perform(Cast("alice", ids["act"]))
    engine.perform(Resolve())
    (mountain,) = [o for o in engine.objects(Zone.EXILE)
                   if engine.observe(o).names == ("Mountain",)]
    assert lands_offered(engine) == [PlayLand("alice", mountain)]
    with pytest.raises(IllegalAction, match="nothing allows"):
        engine.perform(PlayLand("alice", ids["exiled"]))
    engine.perform(PlayLand("alice", mountain))
    assert engine.game().player("alice").exile_size == 3  # the Forest and two Shocks


def test_a_player_plays_only_their_own_cards_from_their_hand(start):
    engine, ids = start(bob={"hand": [entry("Forest", "bobs")]})
    with pytest.raises(IllegalAction, match="nothing allows alice"):
        engine.perform(PlayLand("alice", ids["bobs"]))
