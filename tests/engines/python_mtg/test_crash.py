"""Naming python-mtg's crashes: a recursion without end is told with the cycle it went round."""

from __future__ import annotations

import pytest

from conformance.engines.python_mtg.crash import recursion


def _transform(n: int) -> int:
    return _apply_effects(n + 1)


def _apply_effects(n: int) -> int:
    return _transform(n) if n < 10**9 else n


def test_a_recursion_without_end_is_named_with_its_cycle() -> None:
    with pytest.raises(RecursionError) as raised, recursion("during the move 'pass'"):
        _transform(0)
    message = str(raised.value)
    assert message.startswith("python-mtg recursed without end during the move 'pass': ")
    assert "test_crash._transform -> test_crash._apply_effects -> test_crash._transform" \
        in message
    assert isinstance(raised.value.__cause__, RecursionError)


def test_a_recursion_error_with_no_cycle_keeps_pythons_message() -> None:
    with pytest.raises(RecursionError, match=r"^python-mtg exceeded the maximum recursion "
                       r"depth while starting$"), recursion("while starting"):
        raise RecursionError("maximum recursion depth exceeded")


def test_other_errors_pass_unchanged() -> None:
    with pytest.raises(ValueError, match="^illegal move$"), recursion("during a move"):
        raise ValueError("illegal move")
