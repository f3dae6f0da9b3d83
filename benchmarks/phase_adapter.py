"""The phase adapter's own CPU against the CPU of the phase calls that do rules work.

Runs the corpus through ``--engine phase`` and measures CPU time (``time.process_time``;
phase runs in this process) inside the adapter's contract methods (``start``, ``perform``,
``observe``... and ``reproduction``, which a failing result calls), and inside each call
into phase, by the phase method called.

The calls that do rules work are ``new_game``, ``apply`` and ``actions`` on the live game.
Everything else is the adapter's cost: what it does in Python, every serialisation phase
makes for it (``state`` and ``load_game`` snapshots, and the ``waiting_for``, ``stack``,
``object``, ``battlefield`` ... readings), and every call on a replica -- a game the adapter
builds by replaying the calls made so far, to probe a mana value or the legality of an
action, or to undo a refused one: a replica stands in for a snapshot.

Prints the adapter's own CPU divided by the rules calls' CPU (target: at most 1.5), the same
with the readings counted as rules work, and the breakdown; and what of the adapter's own CPU
goes to opening each game in debug mode (``PhaseSession.open``: the ``state`` of a new game
and the ``load_game`` that switches debug mode on, or the ``load_game`` of an opening kept
from an earlier game with the same decks), the one part no change to the adapter can remove
while phase's bindings offer no other way to switch debug mode on (docs/engines/phase.md).

    python benchmarks/phase_adapter.py [--rounds N] [PATH ...]
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conformance.engines.phase import create
from conformance.engines.phase import session as session_module
from conformance.engines.phase.adapter import PhaseEngine

try:  # (views.py is absent from adapters older than the lazy views, measured for comparison)
    from conformance.engines.phase import views as views_module
except ImportError:  # pragma: no cover
    views_module = None  # type: ignore[assignment]
from conformance.format.loader import load_corpus
from conformance.runner.execute import run_ruling

ROOT = Path(__file__).resolve().parents[1]

#: phase's methods that do the rules' work, when called on the live game.
RULES = frozenset({"new_game", "apply", "actions"})
#: phase's readings of what it decided (serialised for the adapter).
READINGS = frozenset({"waiting_for", "stack"})
#: The contract's methods (and the reproduction a failure asks for), timed on the adapter.
CONTRACT = ("start", "perform", "answer", "pending_choice", "accepts", "observe", "objects",
            "game", "is_legal", "legal_actions", "close", "reproduction")
#: The values of the adapter's views read from phase when they are first used (views.py):
#: the adapter's work too, though done after the contract call that made the view.
LAZY: tuple[tuple[Any, str], ...] = () if views_module is None else (
    (views_module.PhaseObjectView, "mana_value"), (views_module.PhaseGameView, "active_player"))


class Meter:
    """CPU seconds inside the contract's methods and inside phase, by phase method."""

    def __init__(self) -> None:
        self.adapter = 0.0
        self.phase: dict[str, float] = {}
        self.counts: dict[str, int] = {}
        self._depth = 0
        self.replaying = 0  # inside PhaseSession.replica: building a replica
        self.opening = 0.0  # inside PhaseSession.open, less its rules calls
        self._opening_rules = 0.0

    def contract(self, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def timed(*args: Any, **kwargs: Any) -> Any:
            self._depth += 1
            started = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                self._depth -= 1
                if not self._depth:
                    self.adapter += time.process_time() - started
        return timed

    def call(self, original: Callable[..., Any]) -> Callable[..., Any]:
        meter = self

        def call(session: Any, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            name = getattr(function, "__name__", "?")
            owner = getattr(function, "__self__", None)
            if meter.replaying or getattr(session, "probing", False) or (
                    owner is not session.game and owner is not session.engine):
                name = f"{name} (replica)"  # replaying the game on a replica, or probing it
            started = time.process_time()
            try:
                return original(session, function, *args, **kwargs)
            finally:
                took = time.process_time() - started
                meter.phase[name] = meter.phase.get(name, 0.0) + took
                meter.counts[name] = meter.counts.get(name, 0) + 1
                if name in RULES:
                    meter._opening_rules += took
        return call

    def open(self, original: Callable[..., Any]) -> Callable[..., Any]:
        meter = self

        def open_game(session: Any, *args: Any, **kwargs: Any) -> Any:
            started, rules = time.process_time(), meter._opening_rules
            try:
                return original(session, *args, **kwargs)
            finally:
                meter.opening += (time.process_time() - started
                                  - (meter._opening_rules - rules))
        return open_game

    def replica(self, original: Callable[..., Any]) -> Callable[..., Any]:
        meter = self

        def replica(session: Any, *args: Any, **kwargs: Any) -> Any:
            meter.replaying += 1
            try:
                return original(session, *args, **kwargs)
            finally:
                meter.replaying -= 1
        return replica


def measure(paths: list[Path], rounds: int) -> tuple[Meter, int]:
    corpus = load_corpus(paths)
    engine = create()
    assert isinstance(engine, PhaseEngine)
    for ruling in corpus.rulings:  # warm up: card data is built once per pool
        run_ruling(ruling, engine, corpus.cards)
    meter = Meter()
    original = session_module.PhaseSession.call
    replica = session_module.PhaseSession.replica
    open_game = session_module.PhaseSession.open
    session_module.PhaseSession.call = meter.call(original)  # type: ignore[method-assign]
    session_module.PhaseSession.replica = meter.replica(replica)  # type: ignore[method-assign]
    session_module.PhaseSession.open = meter.open(open_game)  # type: ignore[method-assign]
    for name in CONTRACT:
        setattr(engine, name, meter.contract(getattr(engine, name)))
    # the values a view reads from phase when they are used, after the contract call
    lazy = [(cls, name, getattr(cls, name)) for cls, name in LAZY if hasattr(cls, name)]
    for cls, name, prop in lazy:
        setattr(cls, name, property(meter.contract(prop.fget), prop.fset))
    try:
        for _ in range(rounds):
            forget = getattr(session_module, "forget_openings", None)
            if forget is not None:  # each round as a run starts: no game opened yet
                forget()
            for ruling in corpus.rulings:
                run_ruling(ruling, engine, corpus.cards)
    finally:
        session_module.PhaseSession.call = original  # type: ignore[method-assign]
        session_module.PhaseSession.replica = replica  # type: ignore[method-assign]
        session_module.PhaseSession.open = open_game  # type: ignore[method-assign]
        for cls, name, prop in lazy:
            setattr(cls, name, prop)
    return meter, len(corpus.rulings) * rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "rulings"])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    meter, rulings = measure(args.paths, args.rounds)
    rules = sum(s for name, s in meter.phase.items() if name in RULES)
    readings = sum(s for name, s in meter.phase.items() if name in READINGS)
    own = meter.adapter - rules
    print(f"{rulings} rulings: {meter.adapter:.2f} CPU s in the adapter's contract methods")
    for name, seconds in sorted(meter.phase.items(), key=lambda item: -item[1]):
        kind = "rules" if name in RULES else "reading" if name in READINGS else "adapter"
        print(f"  phase.{name:<26} {seconds:7.2f} CPU s  {meter.counts[name]:7d} calls  ({kind})")
    print(f"  the adapter's own (Python, snapshots, readings, replicas) {own:7.2f} CPU s")
    print(f"ratio: the adapter's own CPU is {own / max(rules, 1e-9):.2f}x its rules calls' "
          f"CPU (target: at most 1.5)")
    print(f"  with phase's readings of what it decided (waiting_for, stack) counted as rules "
          f"work: {(own - readings) / max(rules + readings, 1e-9):.2f}x")
    print(f"opening each game in debug mode (state, load_game, the snapshot kept): "
          f"{meter.opening:.2f} CPU s, {meter.opening / max(rules, 1e-9):.2f}x the rules "
          f"calls' CPU -- the floor of the ratio with phase's bindings")
    print(f"  the rest of the adapter's own CPU: {own - meter.opening:.2f} CPU s, "
          f"{(own - meter.opening) / max(rules, 1e-9):.2f}x")


if __name__ == "__main__":
    main()
