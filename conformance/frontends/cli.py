"""The ``conformance`` command.

Exit codes: 0 every result as expected, 1 a ruling failed, 2 a harness or input error
(a bad ruling file, an unknown engine, an engine that crashed).  Messages about input
are ``path:line: message``; the command never shows a Python traceback for them.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..contract import registry
from ..errors import ConformanceError, RulingFileError
from ..format.loader import Corpus
from ..runner.results import (
    Result, ResultsWriter, Status, partly_passed, summary, what_would_judge_more,
)
from ._shared import TerminalOutput, html_path, isolation, load, write
from . import (
    coverage_cmd, diff_cmd, expect_cmd, gate_cmd, mutants_cmd, properties_cmd, report_cmd, repro_cmd,
    serve,
)
from . import cards_cmd, history_cmd, new_cmd, run_jobs

DEFAULT_RULINGS = Path("rulings")
DEFAULT_RESULTS = Path("out/results.json")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="conformance", description="Run official rulings, written as executable "
        "scenarios, against a Magic: The Gathering rules engine, and report where it departs "
        "from them.")
    parser.add_argument("--version", action="version", version=f"conformance {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="run rulings against an engine")
    run.add_argument("--engine", default=None,
                     help="engine name, package.module:factory or 'cmd:<command line>' "
                          "(default: reference)")
    run.add_argument("--rulings", type=Path, nargs="+", default=[DEFAULT_RULINGS],
                     help="ruling files or folders (default: rulings)")
    run.add_argument("--cards", type=Path, default=None,
                     help="card file (default: cards.yaml beside or above the rulings)")
    run.add_argument("--results", type=Path, default=DEFAULT_RESULTS,
                     help=f"results file to write (default: {DEFAULT_RESULTS})")
    run.add_argument("-q", "--quiet", action="store_true", help="print only the summary")
    run.add_argument("--no-html", action="store_true",
                     help="don't render the HTML run report beside the results file")
    run.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                     help="per-scenario time limit for an engine in another process (cmd:...), "
                          "default 30; per-ruling limit for an isolated engine, default 300")
    run.add_argument("--isolate", action=argparse.BooleanOptionalAction, default=None,
                     help="play the rulings in a child process, so that an engine that "
                          "crashes or hangs the process costs the ruling under way an error "
                          "or a timeout and the others still run (default: on for every "
                          "engine the harness imports but the reference engine)")
    run.add_argument("--memory-limit", type=int, default=None, metavar="MIB",
                     help="the address space of an isolated run's child, in MiB (default: "
                          "4096; 0: no limit)")

    run_jobs.add_argument(run)
    run.add_argument("--properties", action="store_true",
                     help="also check the properties on random games (see --profile)")
    run.add_argument("--profile", default="ci", choices=["ci", "dev", "thorough"],
                     help="Hypothesis settings for --properties (default: ci)")
    gate_cmd.add_arguments(run)

    lint = commands.add_parser("lint", help="validate ruling files")
    lint.add_argument("paths", type=Path, nargs="*", default=[DEFAULT_RULINGS])
    lint.add_argument("--cards", type=Path, default=None)

    commands.add_parser("engines", help="list the engines that are installed")

    coverage_cmd.add_parser(commands)
    report_cmd.add_parser(commands)
    diff_cmd.add_parser(commands)
    expect_cmd.add_parser(commands)
    serve.add_parser(commands)
    mutants_cmd.add_parser(commands)
    properties_cmd.add_parser(commands)
    repro_cmd.add_parser(commands)
    history_cmd.add_parser(commands)
    new_cmd.add_parser(commands)
    cards_cmd.add_parser(commands)
    return parser


def _load(paths: Sequence[Path], cards: Path | None, rulings: bool = True) -> Corpus:
    """The corpus, its rulings read through the ruling cache (with ``rulings=False``, the
    card data only); one without a single ruling file is an error (a wrong folder, most
    likely), not a run that passes."""
    corpus = load(paths, cards, cached=True, rulings=rulings)
    if not rulings:
        from ..format.loader import find_ruling_files

        if find_ruling_files(paths):
            return corpus
    if not corpus.rulings and not corpus.failures:
        raise ConformanceError(f"no ruling files (*.yaml) in {', '.join(map(str, paths))}")
    return corpus


def _print_result(result: Result, quiet: bool) -> None:
    if result.status in (Status.FAILED, Status.ERROR, Status.TIMEOUT):
        kind = "" if result.kind == "ruling" else f" ({result.kind})"
        print(f"{result.status.value.upper()} {result.id}{kind}", file=sys.stdout)
        for line in result.message.splitlines():
            prefix = "" if not result.path or line.startswith(result.path) \
                else f"{result.location}: "
            print(f"  {prefix}{line}")
        if result.scenario:
            print(f"  (scenario: {result.scenario})")
        if "scenario" in result.details:  # a property's counterexample, or the game of an error
            what = "counterexample" if result.status is Status.FAILED else "the game"
            print(f"  {what} (a scenario for rulings/):")
            for line in str(result.details["scenario"]).splitlines():
                print(f"    {line}")
            if result.details.get("replay"):
                print(f"  replay: {result.details['replay']}")
    elif not quiet and result.status is not Status.PASSED:
        print(f"{result.status.value} {result.id}: {result.message}")
    elif not quiet and (partly := partly_passed(result)) is not None:
        print(f"passed ({partly[0]} of {partly[1]} scenarios) {result.id}: "
              f"{result.message.split('; ', 1)[-1]}")


def cmd_run(args: argparse.Namespace) -> int:
    from ..runner.execute import run_corpus  # the runner only for a run: a quick start-up

    expectations = gate_cmd.prepare(args)
    engine = registry.create(args.engine, timeout=args.timeout)
    try:
        jobs = run_jobs.jobs(args)
        corpus = _load(args.rulings, args.cards, rulings=jobs == 1)
        info = engine.info
        writer = ResultsWriter(args.results, {
            "harness": {"name": "conformance", "version": __version__},
            "engine": {"name": info.name, "version": info.version,
                       "capabilities": sorted(info.capabilities), "contract": info.contract},
            "corpus": {"root": corpus.root, "revision": _revision(Path(corpus.root))},
            "seed": 0,
        })

        def record(result: Result) -> None:
            writer.add(result)
            if not gate_cmd.quiet_run(expectations):
                _print_result(result, args.quiet)

        isolate, memory_limit = isolation(args.isolate, args.memory_limit, args.engine)
        if jobs > 1:
            results = run_jobs.run(args, corpus, jobs, isolate, memory_limit, record)
            if args.properties or (args.results and not args.no_html):
                corpus = _load(args.rulings, args.cards)  # for them: from the cache
        elif isolate:
            from ..runner.isolated import IsolatedRun

            results = run_corpus((), corpus.failures, engine, corpus.cards, record)
            results += IsolatedRun(lambda: registry.create(args.engine, timeout=args.timeout),
                                   corpus.cards, timeout=args.timeout,
                                   memory_limit=memory_limit).run(corpus.rulings, record)
        else:
            results = run_corpus(corpus.rulings, corpus.failures, engine, corpus.cards, record)
        if args.properties:
            from ..properties import all_properties, run_properties
            from ..properties.profiles import PROFILES
            from ..properties.run import Replay, engine_pool
            from ._shared import SearchProgress, search_isolation

            properties = all_properties(list(args.rulings))
            name = args.engine or registry.DEFAULT_ENGINE
            progress = SearchProgress(len(properties), out=None if not gate_cmd.quiet_run(
                expectations) else io.StringIO())
            progress.header(name, args.profile, 0 if PROFILES[args.profile].derandomize
                            else None)

            def searched(result: Result) -> None:
                progress.count()  # for the heartbeat; printed as a ruling's result is
                record(result)

            with progress:
                results += run_properties(
                    properties, lambda: registry.create(args.engine, timeout=args.timeout),
                    info.capabilities, engine_pool(corpus.cards, info), corpus.rulings,
                    profile=args.profile,
                    seed=None, engine_name=name, on_result=searched,
                    replay=Replay(engine=name, rulings=tuple(str(r) for r in args.rulings),
                                  cards=str(args.cards) if args.cards else None),
                    isolation=search_isolation(args.isolate, args.memory_limit, args.engine,
                                               None, len(properties)),
                    cards_known=getattr(info, "cards", None))
        writer.finish()
    finally:
        engine.close()
    counts = summary(results)
    partly = sum(1 for r in results if partly_passed(r) is not None)
    print(f"engine {info.name} {info.version}: " + ", ".join(
        f"{counts[s]} {s.value}" + (f" ({partly} of them on part of their scenarios only)"
                                    if s is Status.PASSED and partly else "")
        for s in Status))
    wanted = what_would_judge_more(results)
    if wanted and not args.quiet:
        shown = "; ".join(f"{what}: {n} ruling{'s' if n != 1 else ''}" for what, n in wanted[:8])
        more = f"; and {len(wanted) - 8} more" if len(wanted) > 8 else ""
        print(f"what would judge more rulings: {shown}{more}")
    if args.results:
        print(f"results written to {args.results}")
        if not args.no_html:
            print(f"HTML report written to {_html_report(args.results, corpus, args.expect)}")
    return gate_cmd.conclude(args, expectations, info.name, results)


def _html_report(results_file: Path, corpus: Corpus, expect: Path | None = None) -> Path:
    """The run report, rendered from the results file just written."""
    from ..reporting.html import run_report
    from ..reporting.runs import read_run

    html = run_report(read_run(results_file), {r.id: r for r in corpus.rulings},
                      corpus.cr_sections, expectations=expect, out=results_file.parent)
    path = html_path(results_file)
    write(path, html)
    return path


def _revision(root: Path) -> str:
    """The git commit of the corpus, or "unknown" outside a checkout."""
    import subprocess

    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip() or "unknown"


def cmd_lint(args: argparse.Namespace) -> int:
    """Check the ruling files and the property files under the paths; a folder of property
    files alone (``rulings/properties``) is checked as such."""
    from ..properties.yaml_properties import find_property_files

    corpus = load(args.paths, args.cards)
    property_files = find_property_files(list(args.paths))
    if not corpus.rulings and not corpus.failures and not property_files:
        raise ConformanceError(f"no ruling files (*.yaml) or property files (*.property.yaml) "
                               f"in {', '.join(map(str, args.paths))}")
    for failure in corpus.failures:
        for error in failure.errors:
            print(error)
    property_errors = _lint_properties(property_files)
    for error in property_errors:
        print(error)
    good = len(corpus.rulings)
    bad = len(corpus.failures)
    broken = len({error.location.path for error in property_errors})
    if good or bad:
        print(f"{good} ruling file(s) valid, {bad} invalid"
              + (f", {broken} invalid property file(s)" if broken else ""))
    else:
        print(f"{len(property_files) - broken} property file(s) valid, {broken} invalid "
              f"(no ruling files)")
    return 2 if bad or broken else 0


def _lint_properties(files: Sequence[Path]) -> list[RulingFileError]:
    """Every problem of the property files ``files``: their schema, then what the property
    loader checks."""
    from ..format.filecheck import schema_errors
    from ..format.yamlsource import load_yaml
    from ..properties.yaml_properties import load_property

    errors: list[RulingFileError] = []
    for path in files:
        try:
            found = schema_errors("property", load_yaml(path), str(path))
            if not found:
                load_property(path)
        except RulingFileError as exc:
            found = [exc]
        errors.extend(found)
    return errors


def cmd_engines(args: argparse.Namespace) -> int:
    for name in sorted(registry.available()):
        try:
            engine = registry.create(name)
        except ConformanceError as exc:
            print(f"{name}: not available ({exc})")
            continue
        info = engine.info
        engine.close()
        print(f"{info.name} {info.version} (contract {info.contract})")
        print(f"  capabilities: {', '.join(sorted(info.capabilities))}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    handler = {"run": cmd_run, "lint": cmd_lint, "engines": cmd_engines,
               "coverage": coverage_cmd.cmd_coverage, "report": report_cmd.cmd_report,
               "diff": diff_cmd.cmd_diff, "expect": expect_cmd.cmd_expect,
               "serve": serve.cmd_serve, "mutants": mutants_cmd.cmd_mutants,
               "properties": properties_cmd.cmd_properties,
               "repro": repro_cmd.cmd_repro, "history": history_cmd.cmd_history,
               "new": new_cmd.cmd_new, "cards": cards_cmd.cmd_cards}[args.command]
    if args.command == "serve":  # stdout carries the protocol: leave it alone
        return _handle(handler, args)
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalOutput(stdout), TerminalOutput(stderr)
    try:
        code = _handle(handler, args)
        sys.stdout.flush()
        return code
    finally:
        sys.stdout, sys.stderr = stdout, stderr


def _handle(handler: Any, args: argparse.Namespace) -> int:
    try:
        return int(handler(args))
    except ConformanceError as exc:
        print(f"conformance: error: {exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"conformance: error: no such file or folder: "
              f"{exc.filename or (exc.args[-1] if exc.args else exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("conformance: interrupted", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (e.g. "| head"): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:  # a path the system refuses (too long, not readable, ...)
        if exc.filename is None:
            raise
        print(f"conformance: error: {path_error(exc)}", file=sys.stderr)
        return 2


def path_error(exc: OSError) -> str:
    """``path: what the system said`` for an error about a path, with what was expected
    when the path was too long."""
    message = f"{exc.filename}: {exc.strerror or exc}"
    if exc.errno == errno.ENAMETOOLONG:
        message += " (expected names of at most 255 bytes each, paths of at most 4,096)"
    return message


if __name__ == "__main__":
    sys.exit(main())
