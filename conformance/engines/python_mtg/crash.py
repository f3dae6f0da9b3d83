"""python-mtg's own crashes, named.

A ``RecursionError`` raised inside python-mtg is python-mtg's crash (the ruling's verdict is
``error``), but Python's message -- "maximum recursion depth exceeded in comparison" -- says
neither what python-mtg was doing nor where it went round.  ``recursion`` re-raises it as a
``RecursionError`` that says both: the move (or the start of the game) and the cycle of
python-mtg's own functions read from the traceback, the adapter's frames left out (its
wrappers pass every call on).
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_ADAPTER = Path(__file__).resolve().parents[2]  # the conformance package
#: The longest cycle looked for, and how many times it must repeat at the end of the stack.
_PERIOD, _REPEATS = 24, 8


@contextmanager
def recursion(doing: str) -> Iterator[None]:
    """Run a python-mtg call; a ``RecursionError`` it raises comes out named (see above)."""
    try:
        yield
    except RecursionError as exc:
        cycle = _cycle(exc)
        if not cycle:
            raise RecursionError(f"python-mtg exceeded the maximum recursion depth {doing}") \
                from exc
        raise RecursionError(f"python-mtg recursed without end {doing}: "
                             f"{' -> '.join(cycle)} -> {cycle[0]} ... (maximum recursion depth "
                             f"exceeded)") from exc


def _cycle(exc: BaseException) -> list[str]:
    """The sequence of python-mtg functions the traceback repeats (up to the few calls it was
    in when the stack ran out), in calling order from where the repetition began, as
    ``module.function``; empty when it repeats none (the error is then told by Python's
    message alone)."""
    every = [f"{Path(f.filename).stem}.{f.name}" for f in traceback.extract_tb(exc.__traceback__)
             if not Path(f.filename).resolve().is_relative_to(_ADAPTER)]
    for last in range(_PERIOD):
        frames = every[:len(every) - last]
        for period in range(1, _PERIOD + 1):
            if len(frames) < _REPEATS * period or any(
                    frames[-i] != frames[-i - period]
                    for i in range(1, (_REPEATS - 1) * period + 1)):
                continue
            begin = len(frames) - period
            while begin > 0 and frames[begin - 1] == frames[begin - 1 + period]:
                begin -= 1
            return frames[begin:begin + period]
    return []
