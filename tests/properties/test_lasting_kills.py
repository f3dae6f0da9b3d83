"""How long an "until end of turn" effect lasts and where a static ability works from,
stated in general: an "until end of turn" effect ends in the cleanup step, whatever it
gives -- keywords as power and toughness (CR 514.2, 611.2a) -- and begins as the spell
resolves, with every keyword it gives (CR 608.2c); a static ability of a permanent works
only on the battlefield, not from a hand, a graveyard or a library (CR 113.6), and changes
a creature token as any other creature (CR 111.6, 613.4c).  Each property reaches its
subject in its own ``ci`` games on the reference engine, passes there, and catches an
engine breaking its rule (without shrinking, as the meter runs them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, all_properties, run_property
from conformance.properties.invariants import lasting
from conformance.runner.results import Status

import wrong_engines
from ci_games import group, played_in_ci, watch

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES}

#: wrong engine, and a property whose ``ci`` games catch it
WRONG = (
    ("grants_outlast_the_turn", "until-end-of-turn-effects"),
    ("pumps_drop_their_keywords", "until-end-of-turn-effects"),
    ("anthems_work_from_libraries", "statics-on-the-battlefield-only"),
    ("anthems_leave_out_tokens", "tokens-under-static-abilities"),
)

#: each property's subjects, with the least number of observations in its ``ci`` games
REACHED = (
    ("until-end-of-turn-effects",
     "a turn ended with a keyword gained until end of turn on a permanent still there",
     lasting.reached_ended, 2),
    ("until-end-of-turn-effects",
     "a spell granting keywords to one target creature resolved, the creature still there",
     lasting.reached_granted, 5),
    ("statics-on-the-battlefield-only",
     "power and toughness judged with an anthem off the battlefield",
     lasting.reached_stranded, 20),
    ("tokens-under-static-abilities",
     "a creature token's power and toughness judged with an anthem on the battlefield",
     lasting.reached_tokens_under_statics, 20),
)

for _prop_id, _name, _condition, _least in REACHED:
    watch(_prop_id, {_name: _condition})


def _property(prop_id: str):
    return {p.id: p for p in all_properties([RULINGS])}[prop_id]


@pytest.mark.parametrize(("wrong", "prop_id"), WRONG)
def test_the_property_catches_the_wrong_engine(corpus, wrong, prop_id):
    result = run_property(_property(prop_id), getattr(wrong_engines, wrong),
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (wrong, result.status, result.message)


@pytest.mark.parametrize(("prop_id", "name", "least"),
                         [pytest.param(p, n, least, marks=group(p), id=f"{p}: {n}")
                          for p, n, _c, least in REACHED])
def test_the_property_reaches_its_subject_and_passes_in_ci(prop_id, name, least):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    assert played.result.details["games"] > 0
    assert played.seen[name] >= least, f"{prop_id} reached {name} {played.seen[name]} times"
    print(prop_id, dict(played.seen), played.result.details.get("games"),
          played.result.details.get("steps"))
