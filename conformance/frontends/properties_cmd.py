"""``conformance properties``: check the properties on random games against an engine,
printing each failure's shrunk counterexample as a ruling file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..properties.isolation import Isolation


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "properties", help="check rules invariants on random games (Hypothesis)")
    parser.add_argument("--engine", default=None)
    parser.add_argument("--rulings", type=Path, nargs="+", default=[Path("rulings")])
    parser.add_argument("--cards", type=Path, default=None)
    parser.add_argument("--profile", default="dev", choices=["ci", "dev", "thorough"])
    parser.add_argument("--property", action="append", default=None, metavar="ID",
                        help="check only this property (repeatable)")
    parser.add_argument("--seed", type=int, default=None, help="replay a run's seed")
    parser.add_argument("--counterexamples", type=Path, default=None, metavar="DIR",
                        help="write each failure's counterexample ruling file here")
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--differential", action="store_true",
                        help="play on the reference engine and replay every step on --engine, "
                             "reporting the first observation on which they differ")
    parser.add_argument("--isolate", action=argparse.BooleanOptionalAction, default=None,
                        help="run each property's search in a child process, so that an "
                             "engine that kills its process costs that property an error "
                             "(default: on for every engine but the reference engine, and "
                             "for every engine when searches can run side by side)")
    parser.add_argument("--memory-limit", type=int, default=None, metavar="MIB",
                        help="the address space of each isolated search, in MiB (default: "
                             "4096; 0: no limit)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="searches run at once, each in a child process (default: 2, "
                             "or 1 on one core)")
    return parser


def cmd_properties(args: argparse.Namespace) -> int:
    from .. import __version__
    from ..contract import registry
    from ..errors import UsageError
    from ..format.loader import load_corpus
    from ..properties import all_properties, run_properties
    from ..properties.run import Replay, counterexample_path, engine_pool
    from ..runner.results import Result, ResultsWriter, Status, exit_code, summary
    from ._shared import SearchProgress, played
    from .cli import _print_result

    known = all_properties(list(args.rulings))
    chosen = [p for p in known if args.property is None or p.id in args.property]
    unknown = set(args.property or ()) - {p.id for p in known}
    if unknown:
        raise UsageError(f"unknown property {sorted(unknown)[0]!r}; known: "
                         f"{', '.join(p.id for p in known)}")
    corpus = load_corpus(args.rulings, args.cards)
    probe = registry.create(args.engine)
    info = probe.info
    probe.close()
    writer = ResultsWriter(args.results, {
        "harness": {"name": "conformance", "version": __version__},
        "engine": {"name": info.name, "version": info.version}, "profile": args.profile})

    progress = SearchProgress(len(chosen) if not args.differential else 1)

    def record(result: Result) -> None:
        writer.add(result)
        print(progress.prefix(), end="")
        _print_result(result, quiet=False)
        if result.status is Status.PASSED:
            print(f"passed {result.id} ({played(result)})")
        sys.stdout.flush()
        counterexample = result.details.get("counterexample")
        if counterexample and args.counterexamples is not None:
            path = counterexample_path(args.counterexamples, result.id)
            args.counterexamples.mkdir(parents=True, exist_ok=True)
            path.write_text(str(counterexample), "utf-8")
            print(f"  written to {path}")
            sources = result.details.get("cards")
            if sources:  # found with the games' own cards: both card files, in one
                merged = path.with_suffix(".cards.yaml")
                merged.write_text("\n".join(Path(f).read_text("utf-8") for f in sources),
                                  "utf-8")
                print(f"  with its cards in {merged}")

    name = args.engine or registry.DEFAULT_ENGINE
    factory = lambda: registry.create(args.engine)  # noqa: E731
    if args.differential:
        from ..properties.differential import differential

        reference = registry.create(registry.DEFAULT_ENGINE)
        chosen = [differential(factory, name)]
        capabilities = reference.info.capabilities & info.capabilities
        reference.close()
        factory = lambda: registry.create(registry.DEFAULT_ENGINE)  # noqa: E731
    else:
        capabilities = info.capabilities
    replay = Replay(engine=name, rulings=tuple(str(r) for r in args.rulings),
                    cards=str(args.cards) if args.cards else None,
                    counterexamples=args.counterexamples, differential=args.differential)
    progress.header(name, args.profile, _header_seed(args.profile, args.seed))
    with progress:
        results = run_properties(chosen, factory, capabilities,
                                 engine_pool(corpus.cards, info), corpus.rulings,
                                 profile=args.profile, seed=args.seed, engine_name=name,
                                 on_result=record, replay=replay,
                                 isolation=_isolation(args, name, len(chosen)),
                                 cards_known=getattr(info, "cards", None))
    writer.finish()
    counts = summary(results)
    print(", ".join(f"{counts[s]} {s.value}" for s in Status if counts[s]) + " (properties)")
    return exit_code(results)


def _header_seed(profile: str, seed: int | None) -> int | None:
    """The seed every search of the run takes, if they all take one (``None``: each draws
    its own, shown with its result)."""
    from ..properties.profiles import PROFILES

    if seed is not None:
        return seed
    return 0 if PROFILES[profile].derandomize else None


def _isolation(args: argparse.Namespace, name: str, searches: int) -> Isolation | None:
    from ._shared import search_isolation

    return search_isolation(args.isolate, args.memory_limit, name, args.jobs, searches)
