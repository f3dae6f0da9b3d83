"""The property games' own cards (strategies/cards.yaml, strategies/focused-cards.yaml)
played by the reference engine as printed: each card cast, activated or triggered once in a small game, beside the corpus's
cards, through the adapter contract."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.contract.types import (
    Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, Move, PassPriority, PlayerRef,
    Resolve,
)
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction
from conformance.format.cards import CardPool, load_cards
from conformance.format.model import PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone

from builders import entry

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def both_pools() -> CardPool:
    """The corpus's cards and the property games' together, as the games draw from both."""
    corpus, own = load_cards(ROOT / "rulings" / "cards.yaml"), \
        load_cards(ROOT / "strategies" / "cards.yaml")
    focused = load_cards(ROOT / "strategies" / "focused-cards.yaml")
    return CardPool({**dict(corpus), **dict(own), **dict(focused)}, "both")


@pytest.fixture
def start(both_pools):
    def make(*, mana: str = "", bob_mana: str = "", step: Step = Step.PRECOMBAT_MAIN,
             active: str = "alice", bob: dict | None = None, **alice):
        def zones(spec: dict) -> dict:
            return {Zone(name): tuple(cards) for name, cards in spec.items()}

        setup = Setup(players=(PlayerSetup("alice", mana=mana, zones=zones(alice)),
                               PlayerSetup("bob", mana=bob_mana, zones=zones(bob or {}))),
                      active_player=active, step=step)
        engine = ReferenceEngine()
        return engine, engine.start(setup, both_pools)

    return make


def life(engine, player: str) -> int:
    return engine.game().player(player).life


def pt(engine, object_id: str) -> tuple[int | None, int | None]:
    view = engine.observe(object_id)
    return view.power, view.toughness


def new_object(events, card_id: str) -> str:
    return next(str(e.data["new_object"]) for e in events
                if e.kind == "zone_changed" and e.data["object"] == card_id)


def on_battlefield(engine, player: str, name: str) -> str:
    return next(i for i in engine.objects(Zone.BATTLEFIELD, player)
                if name in engine.observe(i).names)


def cast_and_resolve(engine, player: str, card: str, **kwargs) -> list:
    engine.perform(Cast(player, card, **kwargs))
    return engine.perform(Resolve())


def library(count: int) -> list:
    return [entry("Grizzly Bears") for _ in range(count)]


# -- keywords: defender, vigilance and reach, flash ------------------------------------------

def test_wall_of_omens_draws_on_entering_and_cannot_attack(start):
    engine, ids = start(mana="{1}{W}", hand=[entry("Wall of Omens", "wall")],
                        library=library(2))
    cast_and_resolve(engine, "alice", ids["wall"])
    engine.perform(Resolve())  # its enters trigger
    assert len(engine.objects(Zone.HAND, "alice")) == 1
    wall = on_battlefield(engine, "alice", "Wall of Omens")
    with pytest.raises(IllegalAction):
        engine.perform(DeclareAttackers("alice", (wall,)))


def test_sentinel_spider_attacks_untapped_and_blocks_a_flyer(start):
    engine, ids = start(battlefield=[entry("Sentinel Spider", "spider")],
                        bob={"battlefield": [entry("Serra Angel", "angel")]})
    engine.perform(DeclareAttackers("alice", (ids["spider"],)))
    assert not engine.observe(ids["spider"]).tapped  # vigilance
    engine2, ids2 = start(active="bob", battlefield=[entry("Sentinel Spider", "spider")],
                          bob={"battlefield": [entry("Serra Angel", "angel")]})
    engine2.perform(DeclareAttackers("bob", (ids2["angel"],)))
    assert engine2.is_legal(DeclareBlockers("alice", ((ids2["spider"], ids2["angel"]),)))


def test_ambush_viper_is_cast_in_combat_on_the_opponents_turn(start):
    engine, ids = start(active="bob", hand=[entry("Ambush Viper", "viper")],
                        battlefield=[entry("Forest", "forest"), entry("Wastes", "wastes")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    engine.perform(DeclareAttackers("bob", (ids["bears"],)))
    engine.perform(PassPriority("bob"))
    engine.perform(Activate("alice", ids["forest"], 0))
    engine.perform(Activate("alice", ids["wastes"], 0))
    cast_and_resolve(engine, "alice", ids["viper"])  # flash: in bob's declare attackers step
    viper = on_battlefield(engine, "alice", "Ambush Viper")
    engine.perform(DeclareBlockers("alice", ((viper, ids["bears"]),)))
    engine.perform(AdvanceTo(Step.END_OF_COMBAT))
    assert engine.objects(Zone.BATTLEFIELD, "bob") == []  # deathtouch


# -- untapping, stun counters, -1/-1 counters --------------------------------------------------

def test_burst_of_energy_untaps_a_permanent(start):
    engine, ids = start(mana="{W}", hand=[entry("Burst of Energy", "burst")],
                        battlefield=[entry("Forest", "forest", tapped=True)])
    cast_and_resolve(engine, "alice", ids["burst"], targets=(ids["forest"],))
    assert not engine.observe(ids["forest"]).tapped


def test_synchronized_strike_untaps_up_to_two_creatures_and_pumps_them(start):
    engine, ids = start(mana="{2}{G}", hand=[entry("Synchronized Strike", "strike")],
                        battlefield=[entry("Grizzly Bears", "a", tapped=True),
                                     entry("Grizzly Bears", "b", tapped=True)])
    cast_and_resolve(engine, "alice", ids["strike"], targets=(ids["a"], ids["b"]))
    for bears in (ids["a"], ids["b"]):
        assert not engine.observe(bears).tapped and pt(engine, bears) == (4, 4)


def test_synchronized_strike_may_have_no_target(start):
    engine, ids = start(mana="{2}{G}", hand=[entry("Synchronized Strike", "strike")])
    cast_and_resolve(engine, "alice", ids["strike"], targets=())
    assert len(engine.objects(Zone.GRAVEYARD, "alice")) == 1  # it resolved


def test_tranquilize_stuns_and_an_untap_effect_removes_a_stun_counter_instead(start):
    engine, ids = start(mana="{1}{U}{W}", hand=[entry("Tranquilize", "tranquilize"),
                                                entry("Burst of Energy", "burst")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    cast_and_resolve(engine, "alice", ids["tranquilize"], targets=(ids["bears"],))
    view = engine.observe(ids["bears"])
    assert view.tapped and view.counters == {"stun": 3}
    cast_and_resolve(engine, "alice", ids["burst"], targets=(ids["bears"],))
    view = engine.observe(ids["bears"])
    assert view.tapped and view.counters == {"stun": 2}


def test_tranquilize_targets_only_an_opponents_creature(start):
    engine, ids = start(mana="{1}{U}", hand=[entry("Tranquilize", "tranquilize")],
                        battlefield=[entry("Grizzly Bears", "bears")])
    assert not engine.is_legal(Cast("alice", ids["tranquilize"], targets=(ids["bears"],)))


@pytest.mark.parametrize("mana", ["{B}", "{R}"])
def test_scar_is_paid_with_either_color_and_puts_a_minus_counter(start, mana):
    engine, ids = start(mana=mana, hand=[entry("Scar", "scar")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    cast_and_resolve(engine, "alice", ids["scar"], targets=(ids["bears"],))
    assert engine.observe(ids["bears"]).counters == {"-1/-1": 1}
    assert pt(engine, ids["bears"]) == (1, 1)


def test_serrated_biskelion_puts_a_minus_counter_on_itself_and_its_target(start):
    engine, ids = start(battlefield=[entry("Serrated Biskelion", "biskelion")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    engine.perform(Activate("alice", ids["biskelion"], 0, targets=(ids["bears"],)))
    engine.perform(Resolve())
    assert pt(engine, ids["biskelion"]) == (1, 1) and pt(engine, ids["bears"]) == (1, 1)


def test_festering_mummy_dying_may_put_a_minus_counter(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Festering Mummy", "mummy")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    cast_and_resolve(engine, "alice", ids["shock"], targets=(ids["mummy"],))
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "target"
    engine.answer([ids["bears"]])
    engine.perform(Resolve())
    engine.answer(["yes"])
    assert engine.observe(ids["bears"]).counters == {"-1/-1": 1}


# -- creatures watching creatures die; damage from a source with lifelink ---------------------

def _shock(engine, ids, target: str) -> None:
    cast_and_resolve(engine, "alice", ids["shock"], targets=(target,))


def test_unruly_mob_grows_when_another_creature_of_its_controller_dies(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Unruly Mob", "mob"), entry("Grizzly Bears", "bears")])
    _shock(engine, ids, ids["bears"])
    engine.perform(Resolve())
    assert engine.observe(ids["mob"]).counters == {"+1/+1": 1}


def test_blood_artist_sees_itself_die_and_targets_a_player(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Blood Artist", "artist")])
    _shock(engine, ids, ids["artist"])
    choice = engine.pending_choice()
    assert choice is not None and {o.value for o in choice.options} == {"player:alice",
                                                                         "player:bob"}
    engine.answer(["player:bob"])
    engine.perform(Resolve())
    assert (life(engine, "alice"), life(engine, "bob")) == (21, 19)


def test_poison_tip_archer_sees_another_players_creature_die(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Poison-Tip Archer", "archer")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    _shock(engine, ids, ids["bears"])
    engine.perform(Resolve())
    assert (life(engine, "alice"), life(engine, "bob")) == (20, 19)


def test_sanguinary_priest_deals_damage_with_lifelink_when_another_creature_dies(start):
    engine, ids = start(mana="{R}", hand=[entry("Shock", "shock")],
                        battlefield=[entry("Sanguinary Priest", "priest"),
                                     entry("Grizzly Bears", "bears")])
    _shock(engine, ids, ids["bears"])
    engine.answer(["player:bob"])
    engine.perform(Resolve())
    assert (life(engine, "alice"), life(engine, "bob")) == (21, 19)


def test_merciless_enforcers_drains_with_lifelink(start):
    engine, ids = start(mana="{3}{B}", battlefield=[entry("Merciless Enforcers", "enforcers")])
    engine.perform(Activate("alice", ids["enforcers"], 0))
    engine.perform(Resolve())
    assert (life(engine, "alice"), life(engine, "bob")) == (21, 19)


# -- target opponent, target player, draws and mills --------------------------------------------

def test_vampire_sovereign_targets_an_opponent_only(start):
    engine, ids = start(mana="{3}{B}{B}", hand=[entry("Vampire Sovereign", "vampire")])
    cast_and_resolve(engine, "alice", ids["vampire"])
    choice = engine.pending_choice()
    if choice is not None:  # one legal target may be chosen for the player
        assert [o.value for o in choice.options] == ["player:bob"]
        engine.answer(["player:bob"])
    engine.perform(Resolve())
    assert (life(engine, "alice"), life(engine, "bob")) == (23, 17)


def test_sign_in_blood_makes_its_target_draw_and_lose_life(start):
    engine, ids = start(mana="{B}{B}", hand=[entry("Sign in Blood", "sign")],
                        bob={"library": library(3)})
    cast_and_resolve(engine, "alice", ids["sign"], targets=("player:bob",))
    assert len(engine.objects(Zone.HAND, "bob")) == 2
    assert len(engine.objects(Zone.LIBRARY, "bob")) == 1
    assert (life(engine, "alice"), life(engine, "bob")) == (20, 18)


def test_sign_in_blood_on_a_player_with_one_card_left_loses_them_the_game(start):
    engine, ids = start(mana="{B}{B}", hand=[entry("Sign in Blood", "sign")],
                        bob={"library": library(1)})
    cast_and_resolve(engine, "alice", ids["sign"], targets=("player:bob",))
    game = engine.game()
    assert game.game_over and game.winner == "alice"  # drew from an empty library (CR 704.5b)


def test_divination_draws_two(start):
    engine, ids = start(mana="{2}{U}", hand=[entry("Divination", "divination")],
                        library=library(2))
    cast_and_resolve(engine, "alice", ids["divination"])
    assert len(engine.objects(Zone.HAND, "alice")) == 2
    assert engine.objects(Zone.LIBRARY, "alice") == []


def test_stitchers_supplier_mills_three_on_entering_and_on_dying(start):
    engine, ids = start(mana="{B}{R}", hand=[entry("Stitcher's Supplier", "supplier"),
                                             entry("Shock", "shock")],
                        library=library(5))
    cast_and_resolve(engine, "alice", ids["supplier"])
    engine.perform(Resolve())
    assert len(engine.objects(Zone.LIBRARY, "alice")) == 2
    _shock(engine, ids, on_battlefield(engine, "alice", "Stitcher's Supplier"))
    engine.perform(Resolve())
    assert engine.objects(Zone.LIBRARY, "alice") == []
    assert len(engine.objects(Zone.GRAVEYARD, "alice")) == 7  # 5 milled, Shock, the Supplier


# -- mana: {C}, hybrid --------------------------------------------------------------------------

def test_spatial_contortion_needs_colorless_mana_which_wastes_makes(start):
    engine, ids = start(mana="{R}", hand=[entry("Spatial Contortion", "contortion")],
                        battlefield=[entry("Mountain", "mountain"), entry("Wastes", "wastes")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    engine.perform(Activate("alice", ids["mountain"], 0))
    assert not engine.is_legal(Cast("alice", ids["contortion"], targets=(ids["bears"],)))
    engine.perform(Activate("alice", ids["wastes"], 0))
    cast_and_resolve(engine, "alice", ids["contortion"], targets=(ids["bears"],))
    assert engine.objects(Zone.BATTLEFIELD, "bob") == []  # a 5/-1 dies


@pytest.mark.parametrize("mana", ["{R}", "{W}"])
def test_boros_recruit_is_paid_with_either_color(start, mana):
    engine, ids = start(mana=mana, hand=[entry("Boros Recruit", "recruit")])
    cast_and_resolve(engine, "alice", ids["recruit"])
    recruit = on_battlefield(engine, "alice", "Boros Recruit")
    assert "First strike" in engine.observe(recruit).keywords


# -- an anthem, a flicker, "one or more", "up to two" -----------------------------------------

def test_glorious_anthem_pumps_its_controllers_creatures_only(start):
    engine, ids = start(battlefield=[entry("Glorious Anthem"), entry("Grizzly Bears", "mine")],
                        bob={"battlefield": [entry("Grizzly Bears", "theirs")]})
    assert pt(engine, ids["mine"]) == (3, 3) and pt(engine, ids["theirs"]) == (2, 2)


def test_flicker_of_fate_returns_a_creature_under_its_owners_control_as_a_new_object(start):
    engine, ids = start(mana="{1}{W}", hand=[entry("Flicker of Fate", "flicker")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears",
                                                   counters=(("+1/+1", 1),))]})
    events = cast_and_resolve(engine, "alice", ids["flicker"], targets=(ids["bears"],))
    exiled = new_object(events, ids["bears"])
    returned = new_object(events, exiled)
    view = engine.observe(returned)
    assert view.zone is Zone.BATTLEFIELD and view.controller == "bob" and view.counters == {}


def test_spider_man_2099_bounces_up_to_one_and_draws_once_for_two_attackers(start):
    engine, ids = start(mana="{4}{U}", hand=[entry("Spider-Man 2099, Miguel O'Hara", "spidey")],
                        battlefield=[entry("Grizzly Bears", "a"), entry("Grizzly Bears", "b")],
                        library=library(2), bob={"battlefield": [entry("Memnite", "memnite")]})
    cast_and_resolve(engine, "alice", ids["spidey"])
    engine.answer([ids["memnite"]])
    engine.perform(Resolve())
    assert engine.objects(Zone.BATTLEFIELD, "bob") == []
    engine.perform(DeclareAttackers("alice", (ids["a"], ids["b"])))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    engine.perform(Resolve())
    assert life(engine, "bob") == 16
    assert len(engine.objects(Zone.HAND, "alice")) == 1


def test_gird_for_battle_puts_a_counter_on_each_of_two_targets(start):
    engine, ids = start(mana="{W}", hand=[entry("Gird for Battle", "gird")],
                        battlefield=[entry("Grizzly Bears", "a")],
                        bob={"battlefield": [entry("Grizzly Bears", "b")]})
    cast_and_resolve(engine, "alice", ids["gird"], targets=(ids["a"], ids["b"]))
    assert engine.observe(ids["a"]).counters == engine.observe(ids["b"]).counters == {"+1/+1": 1}


# -- first strike and double strike gained mid-combat ----------------------------------------

def test_precise_strike_gives_first_strike_after_blockers_are_declared(start):
    engine, ids = start(battlefield=[entry("Grizzly Bears", "attacker"),
                                     entry("Mountain", "mountain")],
                        hand=[entry("Precise Strike", "strike")],
                        bob={"battlefield": [entry("Grizzly Bears", "blocker")]})
    engine.perform(DeclareAttackers("alice", (ids["attacker"],)))
    engine.perform(DeclareBlockers("bob", ((ids["blocker"], ids["attacker"]),)))
    engine.perform(Activate("alice", ids["mountain"], 0))
    cast_and_resolve(engine, "alice", ids["strike"], targets=(ids["attacker"],))
    assert "First strike" in engine.observe(ids["attacker"]).keywords
    assert pt(engine, ids["attacker"]) == (3, 2)
    engine.perform(AdvanceTo(Step.END_OF_COMBAT))
    assert engine.observe(ids["attacker"]).zone is Zone.BATTLEFIELD  # struck first
    assert engine.objects(Zone.BATTLEFIELD, "bob") == []
    engine.perform(AdvanceTo(Step.UPKEEP))  # bob's: alice's turn has ended
    assert "First strike" not in engine.observe(ids["attacker"]).keywords
    assert pt(engine, ids["attacker"]) == (2, 2)


def test_uncaged_fury_after_first_strike_damage_lets_a_creature_strike_again(start):
    """CR 510.4: a creature that has double strike as the second combat damage step begins
    deals damage in it, though it dealt first-strike damage."""
    engine, ids = start(battlefield=[entry("Boros Recruit", "recruit"),
                                     entry("Mountain", "m1"), entry("Mountain", "m2"),
                                     entry("Mountain", "m3")],
                        hand=[entry("Uncaged Fury", "fury")])
    engine.perform(DeclareAttackers("alice", (ids["recruit"],)))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    assert life(engine, "bob") == 19  # first-strike damage
    for land in ("m1", "m2", "m3"):
        engine.perform(Activate("alice", ids[land], 0))
    cast_and_resolve(engine, "alice", ids["fury"], targets=(ids["recruit"],))
    engine.perform(AdvanceTo(Step.END_OF_COMBAT))
    assert life(engine, "bob") == 17  # 2 more in the regular combat damage step


def test_most_valuable_slayer_gives_an_attacker_first_strike_when_you_attack(start):
    engine, ids = start(battlefield=[entry("Most Valuable Slayer", "slayer"),
                                     entry("Grizzly Bears", "attacker")],
                        bob={"battlefield": [entry("Grizzly Bears", "blocker")]})
    engine.perform(DeclareAttackers("alice", (ids["attacker"],)))
    choice = engine.pending_choice()
    if choice is not None:
        engine.answer([ids["attacker"]])
    engine.perform(Resolve())
    assert "First strike" in engine.observe(ids["attacker"]).keywords
    assert pt(engine, ids["attacker"]) == (3, 2)


# -- a creature whose ability triggers on its leaving the battlefield (focused-cards.yaml) ----

def test_circuit_mender_gains_life_entering_and_draws_leaving_for_any_zone(start):
    engine, ids = start(mana="{3}", hand=[entry("Circuit Mender", "mender")],
                        library=library(2))
    cast_and_resolve(engine, "alice", ids["mender"])
    engine.perform(Resolve())  # "when this creature enters, you gain 2 life"
    assert life(engine, "alice") == 22
    mender = on_battlefield(engine, "alice", "Circuit Mender")
    engine.perform(Move(mender, Zone.HAND))  # returned to its owner's hand, not dying
    assert len(engine.game().stack) == 1
    engine.perform(Resolve())  # "when this creature leaves the battlefield, draw a card"
    assert len(engine.objects(Zone.HAND, "alice")) == 2
    assert len(engine.objects(Zone.LIBRARY, "alice")) == 1


# -- a creature that transforms itself; a reduction of enchantment spells (focused-cards.yaml)

def test_kessig_prowler_transforms_for_4g_into_a_4_4_that_still_attacks(start):
    engine, ids = start(mana="{4}{G}", battlefield=[entry("Kessig Prowler // Sinuous Predator",
                                                          "prowler")])
    assert pt(engine, ids["prowler"]) == (2, 1)
    engine.perform(Activate("alice", ids["prowler"], 0))  # "{4}{G}: Transform this creature."
    engine.perform(Resolve())
    view = engine.observe(ids["prowler"])
    assert view.transformed and view.names == ("Sinuous Predator",)
    assert (view.power, view.toughness, view.colors) == (4, 4, ())  # no color indicator
    engine.perform(DeclareAttackers("alice", (ids["prowler"],)))  # the same permanent
    engine2, ids2 = start(mana="{3}{G}", battlefield=[
        entry("Kessig Prowler // Sinuous Predator", "prowler")])
    assert not engine2.is_legal(Activate("alice", ids2["prowler"], 0))


def test_jukai_naturalist_reduces_enchantment_spells_only(start):
    engine, ids = start(mana="{W}{W}", hand=[entry("Glorious Anthem", "anthem")],
                        battlefield=[entry("Jukai Naturalist", "jukai")])
    assert "Lifelink" in engine.observe(ids["jukai"]).keywords
    cast_and_resolve(engine, "alice", ids["anthem"])  # {1}{W}{W} less {1}
    assert on_battlefield(engine, "alice", "Glorious Anthem")
    engine2, ids2 = start(mana="{W}{W}", hand=[entry("Glorious Anthem", "anthem")])
    assert not engine2.is_legal(Cast("alice", ids2["anthem"]))  # without Jukai Naturalist
    engine3, ids3 = start(mana="{W}", hand=[entry("Thalia, Guardian of Thraben", "thalia")],
                          battlefield=[entry("Jukai Naturalist", "jukai")])
    assert not engine3.is_legal(Cast("alice", ids3["thalia"]))  # {1}{W}: a creature spell


def test_blaze_deals_the_x_announced_to_any_target(start):
    engine, ids = start(mana="{2}{R}", hand=[entry("Blaze", "blaze")])
    engine.perform(Cast("alice", ids["blaze"], targets=(PlayerRef("bob"),), x=2))
    spell = engine.game().stack[0]
    assert engine.observe(spell.source).mana_value == 3  # X counts on the stack (CR 202.3e)
    engine.perform(Resolve())
    assert life(engine, "bob") == 18
    engine2, ids2 = start(mana="{2}{R}", hand=[entry("Blaze", "blaze")])
    assert not engine2.is_legal(Cast("alice", ids2["blaze"], targets=(PlayerRef("bob"),), x=3))
    engine3, ids3 = start(mana="{1}{R}", hand=[entry("Blaze", "blaze")],
                          bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    engine3.perform(Cast("alice", ids3["blaze"], targets=(ids3["bears"],), x=1))
    engine3.perform(Resolve())
    assert engine3.observe(ids3["bears"]).zone is Zone.BATTLEFIELD  # 1 damage to a 2/2
