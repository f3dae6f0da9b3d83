from __future__ import annotations

import pytest

from conformance.engines.reference.mana import Cost, ManaPool, colors_of, mana_value
from conformance.errors import IllegalAction


@pytest.mark.parametrize(("cost", "x", "expected"), [
    ("{4}{U}", 0, 5), ("{X}{G}{W}{U}", 0, 3), ("{X}{G}{W}{U}", 4, 7), (None, 0, 0),
    ("{1}{W/B}{W/B}", 0, 3), ("{2/W}", 0, 2), ("{0}", 0, 0),
])
def test_mana_value(cost, x, expected):
    assert mana_value(cost, x) == expected


def test_colors_come_from_mana_symbols_in_wubrg_order():
    assert colors_of("{X}{G}{W}{U}") == ("W", "U", "G")
    assert colors_of("{1}{W/B}") == ("W", "B")
    assert colors_of("{4}") == ()


def test_paying_spends_colorless_before_colors():
    pool = ManaPool("{2}{U}{U}")
    pool.pay(Cost.of("{1}{U}"))
    assert pool.describe() == "{C}{U}"


def test_an_unpayable_cost_leaves_the_pool_untouched():
    pool = ManaPool("{3}{U}")
    with pytest.raises(IllegalAction):
        pool.pay(Cost.of("{4}{U}"))
    assert pool.total() == 4
    with pytest.raises(IllegalAction):
        pool.pay(Cost.of("{G}"))
    assert pool.total() == 4


def test_reductions_apply_to_generic_mana_only():
    assert str(Cost.of("{1}{G}{W}").reduced(2)) == "{G}{W}"
    assert str(Cost.of("{4}{U}").reduced(2)) == "{2}{U}"
