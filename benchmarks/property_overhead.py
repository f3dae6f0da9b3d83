"""What the property games cost on top of the engine's own work, per engine action.

Plays the ``ci`` games of the properties (generation only, as a passing search plays them)
on the reference engine, recording every game: its setup, and each action and answer the
games took, with the player who took it.  Then replays exactly those games on fresh
engines, doing only what any driver of the engine must do: set the game up, list the
acting player's legal actions once before each action, perform it, answer its choices.
Prints both in CPU milliseconds per engine action and their ratio (target: at most 1.5).

    python benchmarks/property_overhead.py [--property ID ...] [--repeat N]

The replay is the engine's own cost of those games; everything else in the harness run --
Hypothesis's draws, the machine, the recorder, the properties' checks and the views they
read -- is the harness's.  ``--repeat N`` takes the best of N runs of each: CPU time on a
shared machine varies from run to run, the ratio of two measurements taken side by side
much less.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conformance.contract.types import Action, Event  # noqa: E402
from conformance.engines.reference import ReferenceEngine  # noqa: E402
from conformance.errors import ConformanceError  # noqa: E402
from conformance.format.cards import CardPool  # noqa: E402
from conformance.format.loader import load_corpus  # noqa: E402
from conformance.format.model import Setup  # noqa: E402
from conformance.properties import all_properties, run_property  # noqa: E402
from conformance.properties.run import long_lived_set_aside  # noqa: E402


@dataclass
class Recorded:
    """One game: its setup and card pool, then ("perform", action) and ("answer", values)
    in order."""

    setup: Setup
    cards: CardPool
    steps: list[tuple[str, Any]] = field(default_factory=list)


_GAMES: list[Recorded] = []


class Recording(ReferenceEngine):
    """The reference engine, keeping every game it plays in ``_GAMES``."""

    def start(self, setup: Setup, cards: CardPool) -> dict[str, str]:
        aliases = super().start(setup, cards)
        _GAMES.append(Recorded(setup, cards))
        return aliases

    def perform(self, action: Action) -> Sequence[Event]:
        _GAMES[-1].steps.append(("perform", action))
        return super().perform(action)

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        _GAMES[-1].steps.append(("answer", list(values)))
        return super().answer(values)


def harness(properties: list[Any], corpus: Any) -> tuple[float, int]:
    """CPU seconds of the properties' ``ci`` searches and the engine actions they took."""
    _GAMES.clear()
    started = time.process_time()
    actions = 0
    with long_lived_set_aside():
        for prop in properties:
            result = run_property(prop, Recording, corpus.cards, corpus.rulings,
                                  profile="ci")
            actions += result.details.get("steps", 0)
    return time.process_time() - started, actions


def replay(games: list[Recorded]) -> tuple[float, int]:
    """CPU seconds of the same games played by a bare driver, and the actions taken."""
    started = time.process_time()
    actions = 0
    with long_lived_set_aside():
        for game in games:
            engine = ReferenceEngine()
            try:
                engine.start(game.setup, game.cards)
            except ConformanceError:  # never on the position the harness set up
                raise SystemExit(f"a recorded game did not start again: {game.setup!r}")
            for kind, value in game.steps:
                actions += 1
                try:
                    if kind == "perform":
                        player = getattr(value, "player", None)
                        if player is None:  # Resolve, AdvanceTo, Move: chosen by whoever acts
                            game_view = engine.game()
                            player = game_view.priority_player or game_view.active_player
                        engine.legal_actions(player)
                        engine.perform(value)
                    else:
                        engine.answer(value)
                except ConformanceError:
                    pass  # refused as in the harness's run
            engine.close()
    return time.process_time() - started, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--property", action="append", default=None, metavar="ID")
    parser.add_argument("--repeat", type=int, default=1, help="best of N runs of each")
    args = parser.parse_args()
    corpus = load_corpus([ROOT / "rulings"])
    properties = [p for p in all_properties([ROOT / "rulings"])
                  if args.property is None or p.id in args.property]
    harness_runs, replay_runs = [], []
    for _ in range(max(1, args.repeat)):
        harness_runs.append(harness(properties, corpus))
        games = list(_GAMES)
        replay_runs.append(replay(games))
    harness_seconds, harness_actions = min(harness_runs)
    engine_seconds, engine_actions = min(replay_runs)
    ours = harness_seconds / max(1, harness_actions) * 1000
    theirs = engine_seconds / max(1, engine_actions) * 1000
    print(f"{len(properties)} properties, {len(games)} games, {harness_actions} engine "
          f"actions ({engine_actions} replayed)")
    print(f"harness: {harness_seconds:.2f} CPU s, {ours:.2f} ms per action")
    print(f"engine alone (the same games replayed): {engine_seconds:.2f} CPU s, "
          f"{theirs:.2f} ms per action")
    print(f"ratio: {ours / theirs:.2f}x the engine's own cost (target: at most 1.5)")


if __name__ == "__main__":
    main()
