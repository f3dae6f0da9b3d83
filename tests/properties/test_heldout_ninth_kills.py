"""Properties stating in full the rules of ninth-batch held-out bugs that survived its first
measurement (a development set since): each catches its bug, the reference-engine function
with one wrong branch, in its own ``ci`` games (without shrinking, as the meter runs them),
and passes the reference engine there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from benchmarks.heldout import catalogue
from conformance.engines.reference import ReferenceEngine, casting
from conformance.engines.reference import targets as targets_module
from conformance.engines.reference.mana import Cost
from conformance.engines.reference.targets import matches
from conformance.mutants import MutantEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"

#: held-out bug: the property that catches it in its own ``ci`` games
CAUGHT_BY = {
    "x-added-after-cost-reductions": "x-costs",
    "only-the-last-cost-reduction-applies": "legal-actions",
}


def _total_cost_without_reductions_for_x(game: Any, player: str, spell: Any, chars: Any,
                                         base: str | None) -> Any:
    """casting.total_cost, but no cost reduction applies to a spell with {X} in its mana
    cost (CR 601.2f: the total cost is reduced by every reduction that applies, X counted
    in)."""
    if "{X}" not in (base or ""):
        return _TOTAL_COST(game, player, spell, chars, base)
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    return cost


_TOTAL_COST = casting.total_cost


def _total_cost_with_each_reduction_once(game: Any, player: str, spell: Any, chars: Any,
                                         base: str | None) -> Any:
    """casting.total_cost, but the reductions of permanents with the same name apply once:
    two Goblin Electromancers take {1} off an instant (CR 601.2f: every reduction that
    applies reduces the total cost)."""
    cost = Cost.of(base, spell.x)
    for _permanent, _ability, rule in game.statics("cost_increase"):
        if matches(chars, rule):
            cost = cost.plus(Cost(int(rule.get("generic", 0)), ()))
    earlier = game.state.player(player).spells_cast_this_turn
    seen = set()
    for permanent, _ability, rule in game.statics("cost_reduction", controller=player):
        if not matches(chars, rule) or permanent.card.name in seen:
            continue
        if rule.get("first_each_turn") and any(matches(c, rule) for c in earlier):
            continue
        seen.add(permanent.card.name)
        cost = cost.reduced(int(rule.get("generic", 0)))
    return cost

def _activate_remembering_the_source(game: Any, action: Any) -> Any:
    """casting.activate, the permanent whose ability is activated remembered while its
    targets are chosen."""
    game.__dict__["activating"] = action.object
    try:
        return (yield from _ACTIVATE(game, action))
    finally:
        game.__dict__.pop("activating", None)


def _targets_without_the_source(game: Any, spec: Any, you: str, given: Any, prompt: str, *,
                                exclude: str | None = None) -> Any:
    """targets.choose_targets, never offering or taking the permanent whose ability is
    activated (CR 601.2c, 602.2b: its targets are chosen while it is still on the
    battlefield, and "any target" allows it)."""
    return (yield from _CHOOSE_TARGETS(game, spec, you, given, prompt,
                                       exclude=exclude or game.__dict__.get("activating")))


_ACTIVATE = casting.activate
_CHOOSE_TARGETS = targets_module.choose_targets

#: wrong engine (the rule of one of the properties above broken in general): the property
WRONG = {
    "x-spells-never-reduced": (
        lambda: MutantEngine("x-spells-never-reduced",
                             [(casting, "total_cost", _total_cost_without_reductions_for_x)]),
        "x-costs"),
    "reductions-of-one-name-apply-once": (
        lambda: MutantEngine("reductions-of-one-name-apply-once",
                             [(casting, "total_cost", _total_cost_with_each_reduction_once)]),
        "legal-actions"),
    "own-source-never-a-target": (
        lambda: MutantEngine("own-source-never-a-target",
                             [(casting, "activate", _activate_remembering_the_source),
                              (casting, "choose_targets", _targets_without_the_source)]),
        "offered-targets"),
}


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize("bug", sorted(CAUGHT_BY))
def test_the_property_catches_the_bug(corpus, bug):
    result = run_property(_property(CAUGHT_BY[bug]), catalogue()[bug].engine, corpus.cards,
                          corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (bug, result.status, result.message)


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_the_property_catches_the_wrong_engine(corpus, wrong):
    make, prop_id = WRONG[wrong]
    result = run_property(_property(prop_id), make, corpus.cards, corpus.rulings,
                          profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize("prop_id", sorted({*CAUGHT_BY.values(), "offered-targets"}))
def test_the_property_passes_the_reference_engine(corpus, prop_id):
    result = run_property(_property(prop_id), ReferenceEngine, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games"] > 0


def test_the_judge_reads_a_reduction_of_every_spell(corpus):
    """ "Spells you cast cost {1} less to cast." reduces every spell of its controller's (the
    ninth batch's witness card Discount): read, legal-actions did not take it off, and
    failed the reference engine casting Ogre for {1}{R} beside two of them."""
    from dataclasses import replace

    from conformance.properties.judge import read_face

    face = corpus.cards["Goblin Electromancer"].faces[0]
    text = "Spells you cast cost {1} less to cast."
    every = read_face(replace(face, name="Discount", text=text, ability_texts=(text,)))
    assert every.cost_reduction_each is not None
    assert every.cost_reduction_each[0] == 1
    assert {"Creature", "Instant", "Sorcery", "Artifact"} <= every.cost_reduction_each[1]
    assert not every.unknown_cost
    some = read_face(face)
    assert some.cost_reduction_each == (1, frozenset({"Instant", "Sorcery"}))
