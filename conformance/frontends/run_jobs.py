"""``conformance run --jobs N``: the rulings played by N processes at once
(``runner/parallel.py``), each loading its share of the files through the ruling cache."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from ..contract.protocol import Engine
from ..format.loader import Corpus, LoadFailure, find_ruling_files
from ..format.model import Ruling
from ..runner.results import Result


def add_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="play the rulings in N processes at once, each loading its "
                             "share of the files and making its own engine (default: 1; "
                             "0: one per CPU)")


def jobs(args: argparse.Namespace) -> int:
    """How many processes ``--jobs`` asks for (0: one per CPU); 1 where processes cannot
    be forked."""
    import os

    from ..errors import UsageError
    from ..runner.parallel import can_run_in_parallel

    wanted: int = args.jobs
    if wanted < 0:
        raise UsageError(f"--jobs must be 0 (one per CPU) or more, not {wanted}")
    wanted = wanted or os.cpu_count() or 1
    return wanted if can_run_in_parallel() else 1


def run(args: argparse.Namespace, corpus: Corpus, count: int, isolate: bool,
        memory_limit: int | None, record: Callable[[Result], None]) -> list[Result]:
    """Every ruling file of ``args.rulings`` played in ``count`` processes; ``corpus``
    holds the card data (its rulings are not loaded)."""
    from ..contract import registry
    from ..format.cache import RulingCache
    from ..format.crsections import FILE_NAME as CR_FILE_NAME
    from ..format.loader import find_card_file, load_ruling
    from ..runner.parallel import run_in_parallel

    card_file = args.cards or find_card_file(args.rulings)
    cached = RulingCache.for_corpus(card_file, card_file.parent / CR_FILE_NAME)

    def load(path: Path) -> Ruling | LoadFailure:
        if cached is not None:
            return cached.load(path, corpus.cards, corpus.cr_sections)
        return load_ruling(path, corpus.cards, corpus.cr_sections)

    def factory() -> Engine:
        return registry.create(args.engine, timeout=args.timeout)

    def isolated(rulings: Sequence[Ruling], send: Callable[[Result], None]) -> list[Result]:
        from ..runner.isolated import IsolatedRun

        return IsolatedRun(factory, corpus.cards, timeout=args.timeout,
                           memory_limit=memory_limit).run(rulings, send)

    return run_in_parallel(find_ruling_files(args.rulings), count, load=load,
                           factory=factory, cards=corpus.cards, on_result=record,
                           isolated=isolated if isolate else None)
