"""``mana-symbols`` reaches what it is about in the ``ci`` profile: in its games on the
reference engine, casts of a spell with a hybrid symbol are judged with its player's mana
known, and some with mana of a hybrid symbol's second half only."""

from __future__ import annotations

import pytest

from conformance.properties.invariants import mana_symbols
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

PROP = mana_symbols.PROPERTIES[0]
#: Situations, with the least number of observations in which they hold in the ``ci``
#: games (kept modest: the games move with every change to the machine and the boards).
CONDITIONS = {
    "its precondition": (PROP.reached, 50),
    "a cast judged with mana of a hybrid symbol's second half only":
        (mana_symbols.reached_other_half, 10),
}
watch(PROP.id, {name: test for name, (test, _least) in CONDITIONS.items()})


@pytest.mark.parametrize("situation", [pytest.param(n, marks=group(PROP.id))
                                       for n in CONDITIONS])
def test_mana_symbols_reaches_its_subject_in_ci(situation):
    played = played_in_ci(PROP)
    assert played.result.status is Status.PASSED, played.result.message
    assert played.seen[situation] >= CONDITIONS[situation][1], dict(played.seen)
