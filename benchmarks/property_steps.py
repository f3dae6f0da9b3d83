"""How fast random games run on the reference engine, against Hypothesis's own ceiling.

Plays the ``ci`` profile's games with every property checked after each step, and counts
only the steps that performed an action (an engine ``perform`` that the engine took); then
runs a trivial game (one step drawing a value, one invariant) with the
same settings in the same process.  Prints both in steps per CPU-second and their ratio
(target: at least 0.5).  ``--repeat N`` takes the best of N runs of each (the games are the
same every time): CPU time on a shared machine varies from run to run.

It also prints what each step costs outside Hypothesis's draws (the engine, the properties
and the machine; the draws are timed in the same runs), and the ratio the games
could reach if everything inside the draws cost nothing; and what each step asks of
Hypothesis itself: its draws (the choices it makes,
counted on its internal ``ConjectureData._draw``; left out on a version without it) per
step of each machine, those of the games' starting positions among them, and the ratio the
games could reach if the engine and the properties cost nothing and each draw cost what
one of the trivial machine's does -- a bound set by the games' draws, which decide which
mutants the ``ci`` profile catches.

    python benchmarks/property_steps.py [--examples N] [--steps N] [--repeat N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from conformance.contract.types import Action, Event, ObjectId
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool
from conformance.format.loader import load_corpus
from conformance.format.model import Setup
from conformance.properties import PROFILES, all_properties
from conformance.properties.machine import Game, games_test, machine_class
from conformance.properties.run import long_lived_set_aside

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def _wrapping(method: str, wrap: Callable[[Any], Any]) -> Iterator[bool]:
    """Hypothesis's ``ConjectureData.<method>`` replaced by ``wrap(original)`` inside;
    whether it could be (the method is in Hypothesis's internals, which may change)."""
    try:
        from hypothesis.internal.conjecture.data import ConjectureData
    except ImportError:  # pragma: no cover - another layout of Hypothesis's internals
        yield False
        return
    original: Any = getattr(ConjectureData, method, None)
    if original is None:  # pragma: no cover
        yield False
        return
    setattr(ConjectureData, method, wrap(original))
    try:
        yield True
    finally:
        setattr(ConjectureData, method, original)


#: Hypothesis's draws so far (``counting_draws``).
_DRAWS = [0]


def counting_draws() -> AbstractContextManager[bool]:
    """Count Hypothesis's draws inside (in ``_DRAWS``, on its internal ``_draw``); whether
    they can be counted."""

    def wrap(original: Any) -> Any:
        def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
            _DRAWS[0] += 1
            return original(self, *args, **kwargs)
        return counted

    return _wrapping("_draw", wrap)


#: CPU seconds spent inside Hypothesis's outermost draws so far (``timing_draws``).
_IN_DRAWS = [0.0]


def timing_draws() -> AbstractContextManager[bool]:
    """Add to ``_IN_DRAWS`` the CPU time of each outermost ``ConjectureData.draw`` inside:
    Hypothesis's choices and the strategies' own code (building a starting position is
    one); whether it can be timed."""
    depth = [0]

    def wrap(original: Any) -> Any:
        def timed(self: Any, *args: Any, **kwargs: Any) -> Any:
            if depth[0]:
                return original(self, *args, **kwargs)
            depth[0] += 1
            started = time.process_time()
            try:
                return original(self, *args, **kwargs)
            finally:
                _IN_DRAWS[0] += time.process_time() - started
                depth[0] -= 1
        return timed

    return _wrapping("draw", wrap)


class _Counting(ReferenceEngine):
    """The reference engine, counting the actions it takes and the draws Hypothesis made
    for the starting positions (those before each game starts)."""

    performed = 0
    position_draws = 0
    _ended_at = 0

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        _Counting.position_draws += _DRAWS[0] - _Counting._ended_at
        return dict(super().start(setup, cards))

    def close(self) -> None:
        _Counting._ended_at = _DRAWS[0]
        super().close()

    def perform(self, action: Action) -> Sequence[Event]:
        events = super().perform(action)
        _Counting.performed += 1
        return events


def _run(machine: type[Game], chosen: settings) -> float:
    """CPU seconds of one run of ``machine``'s test, as ``conformance properties`` runs a
    search (with the objects that exist before it set aside from the garbage collector)."""
    test = games_test(machine, chosen)
    started = time.process_time()
    with long_lived_set_aside():
        test()
    return time.process_time() - started


def property_games(chosen: settings) -> tuple[int, float, int]:
    """(steps that performed an action, CPU seconds, properties checked); the draws made
    are left in ``_DRAWS`` and ``_Counting.position_draws``."""
    corpus = load_corpus([ROOT / "rulings"])
    properties = all_properties([ROOT / "rulings"])
    machine = machine_class(_Counting, corpus.cards, properties, moves=True)
    _Counting.performed = _Counting.position_draws = _Counting._ended_at = _DRAWS[0] = 0
    seconds = _run(machine, chosen)
    return _Counting.performed, seconds, len(properties)


def ceiling(chosen: settings, rounds: int = 1) -> tuple[int, float]:
    """(steps, CPU seconds) of a trivial state machine under the same settings, run
    ``rounds`` times (one run is too short to time); the draws made are left in
    ``_DRAWS``."""
    _DRAWS[0] = 0
    counted = 0

    class Trivial(Game):
        positions = st.integers(0, 10)  # type: ignore[assignment]

        def start(self, setup: Any) -> None:
            self.value = setup

        def take_a_legal_action(self, data: st.DataObject) -> None:
            nonlocal counted
            self.value += data.draw(st.integers(0, 9), label="value")
            counted += 1

        def properties_hold(self) -> None:
            assert self.value >= 0

        def teardown(self) -> None:
            pass

    seconds = sum(_run(Trivial, chosen) for _ in range(rounds))
    return counted, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=PROFILES["ci"].max_examples)
    parser.add_argument("--steps", type=int, default=PROFILES["ci"].stateful_step_count)
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs of each")
    args = parser.parse_args()
    chosen = settings(PROFILES["ci"], max_examples=args.examples,
                      stateful_step_count=args.steps)
    with counting_draws() as counted:
        ceiling(chosen)  # warm up Hypothesis itself
        runs = []
        with timing_draws() as timed:  # two clock readings a draw: a few microseconds a step
            for _ in range(max(1, args.repeat)):
                _IN_DRAWS[0] = 0.0
                runs.append((*property_games(chosen), _IN_DRAWS[0]))
                draws, position_draws = _DRAWS[0], _Counting.position_draws
        trivial_runs = []
        for _ in range(max(1, args.repeat)):
            trivial_runs.append(ceiling(chosen, rounds=10))
            trivial_draws = _DRAWS[0]
    steps, seconds, count, in_draws = min(runs, key=lambda run: run[1])
    trivial_steps, trivial_seconds = min(trivial_runs, key=lambda r: r[1])
    ours = steps / seconds
    theirs = trivial_steps / trivial_seconds
    print(f"property games: {steps} steps that performed an action in {seconds:.2f} CPU s "
          f"({ours:.0f} steps/CPU-s, all {count} properties checked)")
    print(f"trivial game: {trivial_steps} steps in {trivial_seconds:.2f} CPU s "
          f"({theirs:.0f} steps/CPU-s)")
    print(f"ratio: {ours / theirs:.2f} of Hypothesis's ceiling (target: at least 0.5)")
    if timed and steps:
        outside = (seconds - in_draws) / steps
        print(f"inside Hypothesis's draws: {in_draws / seconds:.0%} of the games' CPU; outside "
              f"them (the engine, the properties, the machine's own code, Hypothesis's own "
              f"work between draws): {outside * 1000:.2f} ms CPU per step, against "
              f"{trivial_seconds / trivial_steps * 1000:.2f} ms for the trivial machine's "
              f"whole step: were the draws and the starting positions free, the ratio "
              f"would be at most {trivial_seconds / trivial_steps / outside:.2f}")
    if counted and steps and trivial_draws:
        per_step, trivial_per_step = draws / steps, trivial_draws / trivial_steps
        print(f"Hypothesis's draws per step: {per_step:.1f} in the property games "
              f"({position_draws / steps:.1f} of them for the starting positions), "
              f"{trivial_per_step:.1f} in the trivial machine: at the trivial machine's "
              f"cost per draw, the games' draws alone allow a ratio of at most "
              f"{trivial_per_step / per_step:.2f}")


if __name__ == "__main__":
    main()
