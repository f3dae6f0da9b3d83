"""``state-based-actions`` reaches, in its ``ci`` games on the reference engine, what state-based
actions act on: a creature dealt damage, deathtouch damage, a legend entering beside its
namesake, a permanent with +1/+1 and -1/-1 counters (``test_reachability.py`` holds it to
its precondition)."""

from __future__ import annotations

import pytest

from conformance.properties import PROPERTIES
from conformance.properties.invariants import state_based
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

PROP = next(p for p in PROPERTIES if p.id == "state-based-actions")

#: Situations, with the least number of observations in which they hold in the ``ci`` games
#: (kept modest: the games move with every change to the machine, the boards and the pool).
#: Not reached there, and so not held to: an Aura whose creature died or left
#: (``reached_aura_chain``), a creature whose toughness dropped below the damage marked on
#: it (``reached_toughness_dropped``).
SITUATIONS = {
    "a creature dealt damage": (state_based.reached_damage, 5),
    "a source with deathtouch dealt damage to a creature": (state_based.reached_deathtouch, 1),
    "a legendary permanent entering beside one of its name":
        (state_based.reached_legend_entering, 2),
    "a permanent with +1/+1 and -1/-1 counters": (state_based.reached_both_counters, 2),
}

watch(PROP.id, {name: condition for name, (condition, _least) in SITUATIONS.items()})


@pytest.mark.parametrize("situation", [pytest.param(name, marks=group(PROP.id))
                                       for name in SITUATIONS])
def test_state_based_actions_reach_their_subjects_in_ci(situation):
    played = played_in_ci(PROP)
    assert played.result.status is Status.PASSED, played.result.message
    least = SITUATIONS[situation][1]
    assert played.seen[situation] >= least, \
        f"reached {situation} {played.seen[situation]} times ({dict(played.seen)})"
