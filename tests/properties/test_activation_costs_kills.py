"""Who may activate an ability, and with what (CR 602.2, 602.2b, 107.5, 118.3, 601.2f):
``activation-costs`` holds on the reference engine in its ``ci`` games, reaches each of its
judgements there, and catches, in the same games (without shrinking, as the meter runs
them), engines letting a tapped permanent pay {T} again, reducing abilities' costs by the
reductions of spells' costs, letting a player activate another player's abilities and
allowing abilities only as a sorcery, and leaving a {T} cost unpaid (tests/wrong_engines.py),
and the development set's held-out bugs of its rule -- a sacrifice cost left unpaid among
them (CR 601.2h).  ``abilities-of-tapped-permanents`` catches an engine refusing every
ability of a tapped permanent, and the held-out bug doing so, in its games of tapped
permanents whose abilities cost mana alone (test_reachability.py holds it to reaching
its subject)."""

from __future__ import annotations

from pathlib import Path

import pytest

import wrong_engines
from benchmarks.heldout import catalogue
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.properties.invariants import activation_costs
from conformance.runner.results import Status

from ci_games import played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
PROPERTY = "activation-costs"

#: wrong engines and held-out bugs of the development set it catches in its ``ci`` games
WRONG = ("tapped_permanents_pay_tap_costs", "spell_reductions_reduce_abilities",
         "abilities_of_others_activatable", "abilities_only_at_sorcery_speed",
         "tap_costs_left_unpaid")
CAUGHT = ("tap-cost-paid-by-a-tapped-permanent", "spell-cost-reduction-applied-to-abilities",
          "tap-abilities-only-as-a-sorcery", "sacrifice-cost-left-unpaid")

#: what its ``ci`` games judge, with the least number of observations judging it
SITUATIONS = {
    "an ability with {T} of a tapped permanent": (activation_costs.reached_tapped, 10),
    "an ability whose mana cost can't be paid": (activation_costs.reached_mana, 10),
    "an ability that can be activated": (activation_costs.reached_allowed, 5),
    "an activation taken whose cost taps or sacrifices its permanent":
        (activation_costs.reached_paid, 5),
}
watch(PROPERTY, {name: holds for name, (holds, _least) in SITUATIONS.items()})


def _property():
    return {p.id: p for p in all_properties([RULINGS])}[PROPERTY]


@pytest.mark.parametrize("wrong", WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    result = run_property(_property(), getattr(wrong_engines, wrong), corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("bug", CAUGHT)
def test_the_property_catches_the_held_out_bug(corpus, bug):
    result = run_property(_property(), catalogue()[bug].engine, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_the_property_passes_the_reference_engine_and_judges(situation):
    played = played_in_ci(_property())
    assert played.result.status is Status.PASSED, played.result.message
    assert played.result.details["games"] > 0
    assert played.seen[situation] >= SITUATIONS[situation][1], dict(played.seen)


#: The abilities of tapped permanents whose costs have no {T}: wrong engines and held-out
#: bugs of the development set ``abilities-of-tapped-permanents`` catches in its ``ci`` games
TAPPED = "abilities-of-tapped-permanents"
TAPPED_WRONG = ("tapped_permanents_activate_nothing",)
TAPPED_CAUGHT = ("tapped-permanents-abilities-refused",)


def _tapped_property():
    return {p.id: p for p in all_properties([RULINGS])}[TAPPED]


@pytest.mark.parametrize("wrong", TAPPED_WRONG)
def test_tapped_permanents_abilities_catch_the_wrong_engine(corpus, wrong):
    result = run_property(_tapped_property(), getattr(wrong_engines, wrong), corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("bug", TAPPED_CAUGHT)
def test_tapped_permanents_abilities_catch_the_held_out_bug(corpus, bug):
    result = run_property(_tapped_property(), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)
