"""Rules the seventh held-out batch left unstated, stated in general: each property holds on
the reference engine and catches an engine that breaks its rule (tests/wrong_engines.py) --
in its own ``ci`` games where the corpus's cards reach the rule, else in ``ci`` games from
a board with what the rule is about (cards the corpus lacks are kept in
data/general-rules.yaml)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import wrong_engines_general as wrong_engines
from benchmarks.heldout import catalogue
from builders import judged_script
from conformance.contract.types import (
    Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, Resolve, TurnFaceUp,
)
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}

#: (property, wrong engine) caught in the property's own ``ci`` games on the corpus.
IN_CI_GAMES = (
    ("drawing-from-an-empty-library", "effect_draws_never_lose"),
    ("copies-of-tokens", "copies_of_tokens_are_tokens"),
    ("combat-declarations", "combat_steps_without_attackers"),
    ("legal-actions", "abilities_activated_by_anyone"),
    ("printed-mana-value", "hybrid_counted_for_each_half"),
    ("legal-actions", "cast_permission_plays_lands"),
    ("leaves-abilities", "leaves_abilities_only_as_dying"),
    ("leaves-abilities", "leaves_abilities_of_every_copy_of_a_card"),
    ("optional-effects", "optional_effects_always_done"),
    ("optional-effects", "optional_effects_asked_of_the_active_player"),
    ("losing-to-life-loss", "life_loss_never_loses"),
    ("trigger-targets-chosen-by-their-controller", "trigger_targets_chosen_by_the_active_player"),
    ("combat-declarations", "attackers_declared_by_either_player"),
    ("combat-declarations", "attackers_of_any_controller"),
    ("combat-declarations", "noncreature_permanents_in_combat"),
    ("face-changes-keep-the-object", "transformed_permanents_summoning_sick"),
    ("spell-words-take-spells", "abilities_targeted_as_spells"),
    ("token-copies-copy", "token_copies_of_face_down_permanents_face_down"),
    ("legal-actions", "unlock_costs_reduced_as_spells"),
    ("drawing-from-an-empty-library", "short_library_draws_nothing"),
    ("summoning-sickness", "summoning_sickness_ends_for_everyone"),
    ("room-doors-on-entering", "rooms_enter_with_their_first_door"),
    ("x-costs", "x_read_as_the_spells_mana_value"),
    ("land-plays", "exiled_lands_never_played"),
    ("combat-declarations", "noncreature_permanents_block"),
    ("entering-as-a-copy", "copies_without_keyword_abilities"),
    ("face-changes-keep-the-object", "transform_reported_as_a_zone_change"),
    ("tokens-and-spell-copies-cease-to-exist", "flickered_tokens_come_back"),
    ("receiving-priority", "triggers_give_their_controller_priority"),
    ("combat-damage", "every_creature_strikes_first"),
    ("entering-as-a-copy", "copies_keep_their_own_supertypes"),
    ("additional-instances-entering", "trigger_instances_share_targets"),
    ("targeted-triggers", "trigger_instances_share_targets"),
    ("turned-face-up-under-doublers", "face_down_creatures_enter_unseen"),
    ("legal-actions", "cost_increases_counted_once_per_name"),
    ("combat-trigger-instances", "combat_damage_triggers_once_per_combat"),
    ("trigger-order-and-control", "trigger_order_chosen_by_the_active_player"),
)


#: (property, held-out bug of the development set) caught in the property's own ``ci`` games
#: after the bug's batch was first measured.
HELD_OUT = (
    ("trigger-order-and-control", "trigger-order-chosen-by-the-active-player"),
)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def _play(corpus: object, prop_id: str, factory: object) -> Any:
    return run_property(BY_ID[prop_id], factory, corpus.cards, corpus.rulings,  # type: ignore[attr-defined]
                        profile=quick_profile("ci"))


@pytest.mark.parametrize(("prop_id", "wrong"), IN_CI_GAMES)
def test_caught_in_its_own_ci_games(corpus, prop_id, wrong):
    """The property's own ``ci`` search, as ``conformance properties`` runs it: passed on
    the reference engine, failed on the wrong one, on the same seed."""
    right = _play(corpus, prop_id, ReferenceEngine)
    assert right.status is Status.PASSED, right.message
    found = _play(corpus, prop_id, getattr(wrong_engines, wrong))
    assert found.status is Status.FAILED, found.message
    assert found.details["games"] > 0


DATA = Path(__file__).parent / "data" / "general-rules.yaml"


@pytest.fixture(scope="module")
def pool(corpus) -> CardPool:
    extra = load_cards(DATA)
    return CardPool({**{n: corpus.cards[n] for n in corpus.cards},
                     **{n: extra[n] for n in extra}})


def test_combat_damage_a_creature_gaining_first_strike_late_strikes_in_the_regular_step(pool):
    """Youthful Knight (first strike) and a face-down Battering Craghorn attack unblocked;
    in the first-strike combat damage step the Craghorn is turned face up (first strike
    now): it had neither first strike nor double strike as that step began, so it deals
    its 3 in the regular step (CR 510.4, 702.7c).  An engine reading who strikes in the
    regular step from the keywords creatures have then deals none."""
    setup = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
        CardEntry("Youthful Knight", "k"),
        CardEntry("Battering Craghorn", "c", face_down=True),
        *(CardEntry("Mountain", f"m{n}") for n in range(3)))}), PlayerSetup("bob")),
        "alice", Step.PRECOMBAT_MAIN)
    script = [lambda i: DeclareAttackers("alice", (i["k"], i["c"])),
              lambda i: DeclareBlockers("bob", ()),
              lambda i: AdvanceTo(Step.COMBAT_DAMAGE),
              *(lambda i, n=n: Activate("alice", i[f"m{n}"], 0) for n in range(3)),
              lambda i: TurnFaceUp("alice", i["c"]),
              lambda i: AdvanceTo(Step.END_OF_COMBAT)]
    prop = BY_ID["combat-damage"]
    assert judged_script(ReferenceEngine(), pool, prop, setup, script) == []
    found = judged_script(wrong_engines.first_strike_read_in_the_regular_step(), pool,
                           prop, setup, script)
    assert found and "combat damage changed life totals" in found[0].message


def test_trigger_instances_an_event_meeting_two_conditions_triggers_once(pool):
    """Eidolon of Blossoms ("whenever this creature or another enchantment you control
    enters"), itself an enchantment, enters: one event, one instance (CR 603.2c); an engine
    counting each condition met puts two on the stack."""
    setup = Setup((PlayerSetup("alice", mana="{2}{G}{G}", zones={
        Zone.HAND: (CardEntry("Eidolon of Blossoms", "e"),)}), PlayerSetup("bob")),
        "alice", Step.PRECOMBAT_MAIN)
    script = [lambda i: Cast("alice", i["e"]), lambda i: Resolve()]
    prop = BY_ID["trigger-instances"]
    assert judged_script(ReferenceEngine(), pool, prop, setup, script) == []
    found = judged_script(wrong_engines.triggers_once_per_condition(), pool, prop, setup,
                           script)
    assert found and "Eidolon of Blossoms" in found[0].message


def test_activation_costs_a_creature_sacrifices_itself_the_turn_it_enters(corpus):
    """Mogg Fanatic ("Sacrifice this creature: It deals 1 damage to any target") in alice's
    hand: once cast, its ability may be activated at once -- summoning sickness stops only
    {T} and {Q} costs (CR 302.6, 602.5a). In ``ci`` games from that board an engine refusing
    its sacrifice then is caught, and the reference engine passes the same games."""
    from hypothesis import settings
    from hypothesis import strategies as st

    from conformance.properties.machine import PropertyFailure, games_test, machine_class
    from conformance.properties.profiles import PROFILES
    from conformance.properties.run import with_own_cards

    cards = with_own_cards(corpus.cards)
    board = Setup((PlayerSetup("alice", mana="{R}{R}{R}", zones={
        Zone.HAND: (CardEntry("Mogg Fanatic"),),
        Zone.LIBRARY: (CardEntry("Memnite"), CardEntry("Memnite"))}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"),),
                                  Zone.LIBRARY: (CardEntry("Memnite"), CardEntry("Memnite"))})),
        "alice", Step.PRECOMBAT_MAIN)
    prop = BY_ID["activation-costs"]
    chosen = settings(PROFILES[quick_profile("ci")])
    for factory in (ReferenceEngine, wrong_engines.sacrifice_costs_wait_for_summoning_sickness):
        machine = machine_class(factory, cards, [prop], moves=True, setups=st.just(board))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()
        else:
            with pytest.raises(PropertyFailure, match="Mogg Fanatic"):
                games_test(machine, chosen)()


@pytest.mark.parametrize(("prop_id", "bug"), HELD_OUT)
def test_the_held_out_bug_is_caught_in_its_own_ci_games(corpus, prop_id, bug):
    found = _play(corpus, prop_id, catalogue()[bug].engine)
    assert found.status is Status.FAILED, (bug, found.status, found.message)
