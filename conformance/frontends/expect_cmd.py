"""``conformance expect update RESULTS --expect FILE``: rewrite an expectations file.

The entries of the results file's engine are rewritten from its results: a ruling that did
not pass is listed with its status, keeping the reason and bug of an existing entry (a new
one gets the one given by ``--reason ID=TEXT`` / ``--bug ID=URL``; else, when it is
``unsupported``, the engine's own reason from the results, ``the engine lacks: rooms``; else
a TODO reason); a ruling that now passes is removed, and so is the entry of a ruling the corpus no longer has
(pruned).  Other engines are kept.

An entry whose reason is still TODO (and has no bug link) is refused: nothing is written
until every entry says why, unless ``--allow-todo`` -- then the file is written and the
entries to fill in are listed.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConformanceError

if TYPE_CHECKING:
    from ..runner.expectations import Expectation, Expectations
    from ..runner.results import Result


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "expect", help="maintain the expectations file of the CI gate")
    actions = parser.add_subparsers(dest="expect_command", required=True)
    update = actions.add_parser("update", help="rewrite the engine's expectations from a "
                                               "results file, keeping reasons")
    update.add_argument("results", type=Path, help="results file of the engine's run")
    update.add_argument("--expect", type=Path, required=True, metavar="FILE",
                        help="the expectations file (created if missing)")
    update.add_argument("--engine", default=None,
                        help="the engine's name in the file (default: the results file's)")
    update.add_argument("--rulings", type=Path, nargs="+", default=None,
                        help="the corpus, to prune entries of rulings it no longer has "
                             "(default: the results file's corpus folder, else rulings)")
    update.add_argument("--reason", action="append", default=[], metavar="ID=TEXT",
                        help="the reason of a ruling's entry (repeatable)")
    update.add_argument("--bug", action="append", default=[], metavar="ID=URL",
                        help="the bug link of a ruling's entry (repeatable)")
    update.add_argument("--allow-todo", action="store_true",
                        help="write the file even if entries still have a TODO reason")
    return parser


def cmd_expect(args: argparse.Namespace) -> int:
    from ..runner.expectations import Expectations, dump, load_expectations, update
    from ..runner.results import load_results
    from ._shared import write

    try:
        header, results = load_results(args.results)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConformanceError(f"{args.results}: not a readable results file ({exc})") from None
    engine = args.engine or (header.get("engine") or {}).get("name")
    if not engine:
        raise ConformanceError(f"{args.results}: names no engine; give --engine")
    reasons, bugs = _pairs(args.reason, "--reason"), _pairs(args.bug, "--bug")
    current = load_expectations(args.expect) if args.expect.exists() \
        else Expectations(str(args.expect))
    rewritten, changes = update(current, engine, results)
    existing = _existing_ids(args, header, {r.id for r in results},
                             set(rewritten.for_engine(engine)))
    pruned = sorted(set(rewritten.for_engine(engine)) - existing)
    rewritten = _edit(rewritten, engine, pruned, {**_engine_reasons(results), **reasons}, bugs,
                      only_todo=set(_engine_reasons(results)) - set(reasons))
    todo = [e for e in rewritten.for_engine(engine).values() if _is_todo(e)]
    if todo and not args.allow_todo:
        raise ConformanceError(
            f"{args.expect}: not written: {len(todo)} entr{'y has' if len(todo) == 1 else 'ies have'}"
            f" no reason yet for engine {engine}:\n"
            + "".join(f"  {e.id} ({e.status})\n" for e in todo)
            + "say why with --reason ID=TEXT or --bug ID=URL (or edit the file), or write the "
              "TODO reasons with --allow-todo and fill them in before committing")
    write(args.expect, dump(rewritten))
    not_run = [i for i in changes.not_run if i not in pruned]
    print(f"{args.expect}: engine {engine}: {len(changes.added)} added, "
          f"{len(changes.removed)} removed, {len(changes.changed)} changed status, "
          f"{len(changes.kept)} kept, {len(pruned)} pruned, "
          f"{len(not_run)} not in the results (kept)")
    for ruling_id in pruned:
        print(f"  pruned {ruling_id}: no such ruling in the corpus")
    for entry in todo:
        print(f"  {entry.id}: give a reason or a bug link (TODO)")
    return 0


def _pairs(values: Sequence[str], option: str) -> dict[str, str]:
    pairs = {}
    for value in values:
        ruling_id, sep, text = value.partition("=")
        if not sep or not ruling_id.strip() or not text.strip():
            raise ConformanceError(f"{option} {value!r}: expected ID=TEXT")
        pairs[ruling_id.strip()] = text.strip()
    return pairs


def _is_todo(entry: Expectation) -> bool:
    return not entry.bug and (not entry.reason or entry.reason.upper().startswith("TODO"))


def _engine_reasons(results: Sequence[Result]) -> dict[str, str]:
    """The reason the engine gave for each ruling it does not support (the first line of
    the result's message): the default reason of a new ``unsupported`` entry."""
    from ..runner.results import Status

    return {r.id: r.message.strip().splitlines()[0] for r in results
            if r.status is Status.UNSUPPORTED and r.message.strip()}


def _edit(expectations: Expectations, engine: str, pruned: Sequence[str],
          reasons: Mapping[str, str], bugs: Mapping[str, str],
          only_todo: Collection[str] = ()) -> Expectations:
    """``engine``'s entries without ``pruned``, with the reasons and bugs given; a reason of
    an id in ``only_todo`` replaces a TODO reason only, and only of an ``unsupported``
    entry (the engine's own reason never overrides one a person wrote)."""
    from dataclasses import replace

    from ..errors import did_you_mean
    from ..runner.expectations import Expectations

    entries = {i: e for i, e in expectations.for_engine(engine).items() if i not in pruned}
    for option, given in (("--reason", reasons), ("--bug", bugs)):
        for ruling_id, text in given.items():
            if ruling_id in only_todo and option == "--reason":
                entry = entries.get(ruling_id)
                if entry is not None and entry.status == "unsupported" and _is_todo(entry):
                    entries[ruling_id] = replace(entry, reason=text)
                continue
            if ruling_id not in entries:
                raise ConformanceError(f"{option} {ruling_id}: no entry for this ruling (only "
                                       "rulings that did not pass have one)"
                                       + did_you_mean(ruling_id, entries))
            entry = entries[ruling_id]
            entries[ruling_id] = replace(entry, reason=text) if option == "--reason" \
                else replace(entry, bug=text)
    engines = dict(expectations.engines)
    engines[engine] = entries
    return Expectations(expectations.path, engines)


def _existing_ids(args: argparse.Namespace, header: Mapping[str, Any], in_results: set[str],
                  listed: set[str]) -> set[str]:
    """The ids that exist: those of the run, the corpus's rulings (loaded or not) and the
    properties.  The corpus is ``--rulings``, or the results file's, or ``rulings``."""
    if listed <= in_results:
        return in_results
    from ._shared import load

    paths: list[Path] | None = args.rulings
    if paths is None:
        root = str((header.get("corpus") or {}).get("root") or "")
        candidates = [Path(root)] if root else []
        paths = next(([p] for p in [*candidates, Path("rulings")] if p.is_dir()), None)
        if paths is None:
            raise ConformanceError(
                f"{args.expect}: cannot tell which listed rulings still exist: the results "
                f"file's corpus ({root or 'none named'}) is not here; give --rulings")
    corpus = load(paths, None)
    from ..properties import all_properties

    return (in_results | {r.id for r in corpus.rulings}
            | {f.ruling_id for f in corpus.failures if f.ruling_id}
            | {p.id for p in all_properties(list(paths))})
