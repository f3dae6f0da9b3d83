"""The pytest plugin: ``pytest rulings/ --engine NAME`` collects each ruling as a test.

A ruling file is any ``*.yaml`` file, other than the corpus's data files (``cards.yaml``,
``cr-sections.yaml``), that lies beside or below a ``cards.yaml``.  Each is one item named by its ruling id.  A failure is shown
as the ruling's text, the ``path:line`` of the failing step and what the engine did --
never a Python traceback.  ``unsupported`` and ``not-executable`` rulings are skipped
with their reason.

With ``--conformance-results FILE`` the results file is written as ``conformance run``
writes it; under pytest-xdist the workers send their results to the controller, which
alone writes the file.  A worker sends a ruling's reports pickled, which the controller
reads back into the same reports (:mod:`.report_wire`).

Collecting a ruling file reads only its id (its ``id:`` line); the file is loaded --
parsed, checked against the schema and the card data -- by the process that runs it, so
that each pytest-xdist worker loads only its share of the corpus.  A file whose id cannot
be read so simply (or that claims an id another file claims) is loaded when collected, as
any file was before; either way the items, their names and their verdicts are the same
(but for a file libyaml parses that still is not YAML to the loader, a duplicate key say:
its item is named by the id it declares rather than by its file).  See docs/parallel.md.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

from .. import __version__
from ..contract import registry
from ..contract.protocol import Engine
from ..errors import ConformanceError, RulingFileError
from ..format.cards import CardPool, load_cards
from ..format.crsections import FILE_NAME as CR_FILE_NAME
from ..format.crsections import load_cr_sections
from ..format.loader import (
    CARD_FILE_NAME, DATA_FILE_NAMES, PROPERTY_FILE_SUFFIX, LoadFailure, load_ruling,
)
from ..format.model import Ruling
from ..format.yamlsource import MAX_FILE_BYTES
from ..runner.execute import failure_result, run_ruling
from ..runner.results import Result, ResultsWriter, Status
from . import report_wire

if TYPE_CHECKING:
    from ..format.cache import RulingCache

_ENGINE = pytest.StashKey[Engine]()
#: Ruling id -> where the ruling that has it is (a loaded ruling's ``path:line``), or the
#: file that claims it by its ``id:`` line and is not loaded yet.
_SEEN_IDS = pytest.StashKey[dict[str, "str | Path"]]()
_CARDS = pytest.StashKey[dict[Path, tuple[CardPool, dict[str, str]]]]()
_CARD_FILES = pytest.StashKey[dict[Path, "Path | None"]]()
_RULING_CACHES = pytest.StashKey[dict[Path, "RulingCache | None"]]()
#: The node ids of this session's ruling and property items, whose reports a worker packs.
_VERDICT_NODES = pytest.StashKey[set[str]]()
_PACKING = pytest.StashKey[bool]()
_PROPERTY = "conformance_result"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "rules conformance")
    group.addoption("--engine", default=None,
                    help="engine to run rulings against (name or module:factory; default: "
                         "reference)")
    group.addoption("--conformance-results", default=None, metavar="FILE",
                    help="write the results file of the run here")
    group.addoption("--conformance-properties", action="store_true",
                    help="also check the properties on random games, one item each")
    group.addoption("--conformance-profile", default="ci", choices=["ci", "dev", "thorough"],
                    help="Hypothesis settings profile of the properties (default: ci)")
    group.addoption("--expect", "--conformance-expect", dest="conformance_expect",
                    default=None, metavar="FILE",
                    help="expectations file: a ruling expected to fail (or to end in an "
                         "error or a timeout) on the engine is a strict xfail -- xfailed "
                         "while it does, a failure once it passes")


def _engine_option(config: pytest.Config) -> str | None:
    """The engine to run (``--engine``); ``None`` for the default engine."""
    given: str | None = config.getoption("--engine")
    return given or None


def _corpora(config: pytest.Config) -> list[tuple[Path, Path]]:
    """(path, its card file) for each path pytest was given that lies in a corpus."""
    base = config.invocation_params.dir
    paths = [base / arg.split("::")[0] for arg in config.args] or [base]
    found = []
    for path in paths:
        card_file = _find_card_file(path / CARD_FILE_NAME if path.is_dir() else path)
        if card_file is not None:
            found.append((path, card_file))
    return found


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``-n N`` on a corpus distributes rulings with pytest-xdist's ``worksteal`` mode
    unless ``--dist`` says otherwise: rulings differ in cost, and a worker that ends its
    share early takes half of another's (docs/parallel.md has the figures)."""
    given = config.known_args_namespace  # as given, before pytest-xdist filled it in
    option = config.option
    if getattr(option, "numprocesses", None) and getattr(given, "dist", "no") == "no" \
            and not getattr(given, "distload", False) \
            and getattr(option, "dist", None) in ("no", "load") and _corpora(config):
        option.dist = "worksteal"


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    """``conformance 0.1.0: engine phase, corpus rulings (card file rulings/cards.yaml)``,
    when the paths pytest collects hold a corpus (a card file beside or above them)."""
    base = config.invocation_params.dir
    found = _corpora(config)
    if not found:
        return None
    engine = _engine_option(config) or registry.DEFAULT_ENGINE
    corpus = ", ".join(_shown(path, base) for path, _card_file in found)
    card_files = sorted({_shown(card_file, base) for _path, card_file in found})
    line = (f"conformance {__version__}: engine {engine}, corpus {corpus} "
            f"(card file{'s' if len(card_files) > 1 else ''} {', '.join(card_files)})")
    expect = config.getoption("conformance_expect")
    return [line] + ([f"conformance expectations: {expect} (strict xfail)"] if expect else [])


def _shown(path: Path, base: Path) -> str:
    try:
        return str(path.relative_to(base)) or "."
    except ValueError:
        return str(path)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "ruling: a ruling of the conformance corpus")
    config.addinivalue_line("markers", "property: a property checked on random games")
    config.stash[_CARDS] = {}
    config.stash[_CARD_FILES] = {}
    config.stash[_RULING_CACHES] = {}
    config.stash[_SEEN_IDS] = {}
    config.stash[_VERDICT_NODES] = set()
    config.stash[_PACKING] = False
    path = config.getoption("--conformance-results")
    if path and not hasattr(config, "workerinput"):  # the controller (or only process) writes
        try:
            writer = ResultsWriter(Path(path), {
                "harness": {"name": "conformance", "version": __version__},
                "engine": {"name": _engine_option(config) or registry.DEFAULT_ENGINE},
                "seed": 0,
            })
        except ConformanceError as exc:  # another run writes it: a usage error, no traceback
            raise pytest.UsageError(str(exc)) from None
        config.pluginmanager.register(ResultsRecorder(writer), "conformance-results")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """With ``--expect FILE``: each ruling (or property) the file expects to fail, to end in
    an error or in a timeout on this engine is marked ``xfail(strict=True)`` with its
    reason -- xfailed while it does, a failure (XPASS(strict)) once it passes."""
    path = config.getoption("conformance_expect")
    if not path:
        return
    from ..runner.expectations import load_expectations

    try:
        expectations = load_expectations(Path(path))
    except ConformanceError as exc:
        raise pytest.UsageError(str(exc)) from None
    name = _engine_option(config) or registry.DEFAULT_ENGINE
    listed = expectations.for_engine(name)
    if not listed and name != registry.DEFAULT_ENGINE:  # the file names the engine's own name
        try:
            listed = expectations.for_engine(shared_engine(config).info.name)
        except ConformanceError:
            listed = {}
    for item in items:
        if not isinstance(item, _VerdictItem):
            continue
        expected = listed.get(item.name.removeprefix("property:"))
        if expected is not None and expected.status in ("failed", "error", "timeout"):
            item.add_marker(pytest.mark.xfail(
                strict=True, reason=f"expected {expected.status}: {expected.why}"))


def pytest_unconfigure(config: pytest.Config) -> None:
    if _ENGINE in config.stash:
        config.stash[_ENGINE].close()


@pytest.hookimpl(tryfirst=True)
def pytest_report_to_serializable(
        config: pytest.Config,
        report: pytest.CollectReport | pytest.TestReport) -> dict[str, Any] | None:
    """On a pytest-xdist worker, a ruling's or property's test report as pytest
    serializes it, pickled (see :mod:`.report_wire`); any other report as pytest does."""
    stash = config.stash
    if (stash[_PACKING] or not hasattr(config, "workerinput")
            or not isinstance(report, pytest.TestReport)
            or report.nodeid not in stash[_VERDICT_NODES]):
        return None
    stash[_PACKING] = True
    try:  # pytest's own serialization, which this hook then leaves alone
        data: dict[str, Any] | None = config.hook.pytest_report_to_serializable(
            config=config, report=report)
    finally:
        stash[_PACKING] = False
    if data is None:
        return None
    if isinstance(report.longrepr, Verdict):
        reprcrash = report.longrepr.reprcrash
        data["conformance_verdict"] = [reprcrash.path, reprcrash.lineno]
    return report_wire.pack(data) or data


@pytest.hookimpl(tryfirst=True)
def pytest_report_from_serializable(config: pytest.Config,
                                    data: dict[str, Any]) -> pytest.TestReport | None:
    """On the controller, the report a worker packed, built by pytest as ever."""
    if data.get("$report_type") != report_wire.REPORT_TYPE:
        return None
    report: pytest.TestReport = config.hook.pytest_report_from_serializable(
        config=config, data=report_wire.unpack(data))
    where = getattr(report, "conformance_verdict", None)
    if where is not None and isinstance(report.longrepr, str):
        report.longrepr = Verdict(report.longrepr, str(where[0]), int(where[1]))  # type: ignore[assignment]
    return report


def _card_file(path: Path, config: pytest.Config) -> Path | None:
    """The card file beside or above ``path``; looked up once per folder and session."""
    found = config.stash[_CARD_FILES]
    if path.parent not in found:
        found[path.parent] = _find_card_file(path)
    return found[path.parent]


def _find_card_file(path: Path) -> Path | None:
    for folder in path.parents:
        candidate = folder / CARD_FILE_NAME
        if candidate.is_file():
            return candidate
    return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.name == CARD_FILE_NAME and parent.config.getoption("--conformance-properties"):
        return PropertiesFile.from_parent(parent, path=file_path)
    if file_path.suffix != ".yaml" or file_path.name in DATA_FILE_NAMES \
            or file_path.name.endswith(PROPERTY_FILE_SUFFIX):  # collected with the card file
        return None
    card_file = _card_file(file_path, parent.config)
    if card_file is None:
        return None
    return RulingFile.from_parent(parent, path=file_path, card_file=card_file)


class RulingFile(pytest.File):
    def __init__(self, *, card_file: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.card_file = card_file

    def corpus_data(self) -> tuple[CardPool, dict[str, str]]:
        """The card pool and the CR sections beside it, loaded once per session."""
        cache = self.config.stash[_CARDS]
        if self.card_file not in cache:
            sections = self.card_file.parent / CR_FILE_NAME
            cache[self.card_file] = (load_cards(self.card_file),
                                     load_cr_sections(sections) if sections.exists() else {})
        return cache[self.card_file]

    def cards(self) -> CardPool:
        return self.corpus_data()[0]

    def load(self) -> Ruling | LoadFailure:
        """This file's ruling, read through the ruling cache (``format/cache.py``) when
        caching is on, so that a run after the first skips parsing the files unchanged."""
        caches = self.config.stash[_RULING_CACHES]
        if self.card_file not in caches:
            from ..format.cache import RulingCache

            caches[self.card_file] = RulingCache.for_corpus(
                self.card_file, self.card_file.parent / CR_FILE_NAME)
        cached = caches[self.card_file]
        if cached is None:
            return load_ruling(self.path, *self.corpus_data())
        return cached.load(self.path, *self.corpus_data(), loader=load_ruling)

    def collect(self) -> Iterator[pytest.Item]:
        try:
            cards, sections = self.corpus_data()
        except ConformanceError as exc:  # the card file itself is broken
            yield BrokenRulingItem.from_parent(self, name=self.path.stem, message=str(exc),
                                               line=0)
            return
        seen = self.config.stash[_SEEN_IDS]
        declared = declared_id(self.path)
        if declared is not None and declared not in seen:
            seen[declared] = self.path
            yield RulingItem.from_parent(self, name=declared)  # loaded when it runs
            return
        loaded = load_ruling(self.path, cards, sections)
        if isinstance(loaded, LoadFailure):
            yield BrokenRulingItem.from_parent(self, name=loaded.ruling_id or self.path.stem,
                                               message=loaded.message,
                                               line=loaded.errors[0].location.line,
                                               failure=loaded)
        elif (first := self._claimed(loaded.id)) is not None:
            error = RulingFileError(loaded.location,
                                    f"ruling id {loaded.id!r} is already used by {first}")
            failure = LoadFailure(loaded.path, (error,), loaded.id)
            yield BrokenRulingItem.from_parent(self, name=loaded.id, message=str(error),
                                               line=loaded.location.line, failure=failure)
        else:
            seen[loaded.id] = str(loaded.location)
            yield RulingItem.from_parent(self, name=loaded.id, ruling=loaded)

    def _claimed(self, ruling_id: str) -> str | None:
        """Where the ruling already holding ``ruling_id`` is, if one is: a file that claims
        it by its ``id:`` line holds it only if it loads (it is loaded now to know)."""
        seen = self.config.stash[_SEEN_IDS]
        first = seen.get(ruling_id)
        if isinstance(first, Path):
            loaded = load_ruling(first, *self.corpus_data())
            if isinstance(loaded, LoadFailure) or loaded.id != ruling_id:
                del seen[ruling_id]
                return None
            first = seen[ruling_id] = str(loaded.location)
        return first


#: A ruling id as the schema allows it, alone on a top-level ``id:`` line.
_ID_LINE = re.compile(r"^id:[ \t]*([a-z0-9]+(?:-[a-z0-9]+)*)[ \t]*\r?$", re.MULTILINE)
#: What may make a top-level ``id:`` line mean something else: another key spelled ``id``,
#: another document.
_AMBIGUOUS = re.compile(r"^(?:[\"']?id[\"']?[ \t]*:|---|\.\.\.)", re.MULTILINE)
#: Comments and blank lines, then the start of the document, before its first key.
_HEAD = re.compile(r"(?:[ \t]*(?:#.*)?\r?\n)*(?:---[ \t]*\r?\n)?")


def declared_id(path: Path) -> str | None:
    """The id a ruling file declares on its own top-level ``id:`` line, read without
    loading the file; ``None`` when it is not that simple (the file is then loaded to know).

    The file must be YAML (libyaml's parser checks its syntax, building nothing), and the
    id a string to YAML (not ``123`` or ``true``).  The id read so is checked again when the
    file is loaded (:meth:`RulingItem.load`).  A file that is YAML to the parser and still
    does not load as YAML (a duplicate key, say) is so named by its id, not its file."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
            return None
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    head = _HEAD.match(text)
    body = text[head.end() if head else 0:]
    found = _ID_LINE.findall(body)
    if len(found) != 1 or len(_AMBIGUOUS.findall(body)) != 1:
        return None
    declared: str = found[0]
    tag = _resolver().resolve(yaml.ScalarNode, declared, (True, False))
    if tag not in (_STRING, _TIMESTAMP) or not _is_yaml(text):
        return None
    return declared


_STRING = "tag:yaml.org,2002:str"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"  # read as text (yamlsource)


@functools.cache
def _resolver() -> Any:
    return yaml.resolver.Resolver()


def _is_yaml(text: str) -> bool:
    """Whether libyaml parses ``text`` without a syntax error (``False`` without libyaml:
    the file is then loaded to know)."""
    try:
        from yaml import _yaml
    except ImportError:
        return False
    try:
        _yaml.CParser(text).raw_parse()
    except Exception:  # a syntax error, or anything else: the loader will say
        return False
    return True


def shared_engine(config: pytest.Config) -> Engine:
    """The engine of this test session (one per xdist worker)."""
    stash = config.stash
    if _ENGINE not in stash:
        stash[_ENGINE] = registry.create(_engine_option(config))
    return stash[_ENGINE]


class RulingProblem(Exception):
    """Raised by an item to report a verdict; shown without a traceback."""


class _Crash:
    """Where a verdict is and its one line, as pytest reads a failure's ``reprcrash``: the
    short summary line (``FAILED id - expected 6, found 1``) and the JUnit ``message``."""

    def __init__(self, path: str, lineno: int, message: str) -> None:
        self.path, self.lineno, self.message = path, lineno, message


class Verdict:
    """A ruling's failure as pytest shows it: ``text`` in full under the test's heading,
    its first line (what was expected and what was found) in the summary line and the
    JUnit ``message``."""

    def __init__(self, text: str, path: str = "", lineno: int = 0) -> None:
        self.text = text
        self.reprcrash = _Crash(path, lineno, text.split("\n", 1)[0])

    def toterminal(self, out: Any) -> None:
        for line in self.text.splitlines():
            out.line(line)

    def __str__(self) -> str:
        return self.text


def _record(item: pytest.Item, result: Result) -> None:
    item.user_properties.append((_PROPERTY, result.to_json()))


class _VerdictItem(pytest.Item):
    """An item whose failures are verdicts: shown as their message, never a traceback."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config.stash[_VERDICT_NODES].add(self.nodeid)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> Any:
        if isinstance(excinfo.value, RulingProblem):
            path, line, _name = self.reportinfo()
            return Verdict(str(excinfo.value), str(path), int(line or 0))
        return str(super().repr_failure(excinfo, style))


class RulingItem(_VerdictItem):
    """A ruling; collected by its id, loaded when it runs (or is reported on), and let go
    of once it has run: only where it is reported is kept, so that a session holds one
    loaded ruling at a time rather than the corpus (less for the garbage collector to
    walk again and again)."""

    def __init__(self, *, ruling: Ruling | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._loaded: Ruling | LoadFailure | None = ruling
        self._where: tuple[Path, int, str] | None = None
        self.add_marker(pytest.mark.ruling)

    def load(self) -> Ruling | LoadFailure:
        """The ruling of this item's file, loaded once; a :class:`LoadFailure` if the file
        does not load, or declares another id than the one it was collected by."""
        if self._loaded is None:
            parent = self.parent
            assert isinstance(parent, RulingFile)
            loaded = parent.load()
            if not isinstance(loaded, LoadFailure) and loaded.id != self.name:
                loaded = LoadFailure(loaded.path, (RulingFileError(
                    loaded.location, f"the ruling's id is {loaded.id!r}, but its file was "
                                     f"collected as {self.name!r}: write 'id: {loaded.id}' "
                                     f"alone on a line"),), self.name)
            self._loaded = loaded
        return self._loaded

    def engine(self) -> Engine:
        return shared_engine(self.config)

    def runtest(self) -> None:
        try:
            self._run()
        finally:
            if self._loaded is not None:
                self.reportinfo()  # kept
            self._loaded = None

    def _run(self) -> None:
        ruling = self.load()
        if isinstance(ruling, LoadFailure):
            _record(self, failure_result(ruling))
            raise RulingProblem(_invalid(ruling.message))
        try:
            engine = self.engine()
        except ConformanceError as exc:
            _record(self, Result(ruling.id, Status.ERROR, f"cannot start the engine: {exc}",
                                 path=ruling.path))
            raise RulingProblem(f"cannot start the engine: {exc}") from None
        parent = self.parent
        assert isinstance(parent, RulingFile)
        result = run_ruling(ruling, engine, parent.cards())
        _record(self, result)
        if result.status in (Status.UNSUPPORTED, Status.NOT_EXECUTABLE):
            # Reported at the ruling file, as pytest does for skip marks.
            raise pytest.skip.Exception(f"{result.status.value}: {result.message}",
                                        _use_item_location=True)
        if result.status is not Status.PASSED:
            raise RulingProblem(self._describe(ruling, result))

    @staticmethod
    def _describe(ruling: Ruling, result: Result) -> str:
        """The verdict first -- the message's first line, what was expected and what was
        found, which pytest's summary line and the JUnit ``message`` show --, then where
        (``path:line`` and the scenario), the rest of the message and the ruling's text."""
        message = result.message.splitlines() or [result.status.value]
        first = message[0]
        if result.path and first.startswith(result.path + ":"):  # path:line: what
            first = first[len(result.path) + 1:].lstrip("0123456789").removeprefix(":").strip()
        if result.status is not Status.FAILED:
            first = f"{result.status.value}: {first}"
        lines = [first, f"at {result.location}" + (f" (scenario: {result.scenario})"
                                                   if result.scenario else "")]
        lines.extend(f"  {line}" for line in message[1:])
        lines.append(f"ruling {ruling.id}: {ruling.text}")
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        if self._where is None:
            ruling = self.load()
            if isinstance(ruling, LoadFailure):  # where a broken file is reported
                self._where = (self.path, max(ruling.errors[0].location.line - 1, 0),
                               f"ruling file {self.path.name}")
            else:
                self._where = (self.path, max(ruling.location.line - 1, 0),
                               f"ruling {ruling.id}")
        return self._where


def _invalid(message: str) -> str:
    """A broken file's failure: its first problem on the first line, then every problem."""
    first = message.strip().split("\n", 1)[0]
    return f"invalid ruling file: {first}\n{message}"


class BrokenRulingItem(_VerdictItem):
    """A ruling file that does not load: one failing item with every problem found."""

    def __init__(self, *, message: str, line: int, failure: LoadFailure | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = message
        self.line = line
        self.failure = failure

    def runtest(self) -> None:
        if self.failure is not None:
            _record(self, failure_result(self.failure))
        else:  # the card file itself could not be read
            _record(self, Result(self.name, Status.ERROR, self.message, path=str(self.path)))
        raise RulingProblem(_invalid(self.message))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.line - 1, 0), f"ruling file {self.path.name}"


class PropertiesFile(pytest.File):
    """The properties, checked on random games with the cards of this card file."""

    def collect(self) -> Iterator[pytest.Item]:
        from ..properties import all_properties

        for prop in all_properties([self.path.parent]):
            yield PropertyItem.from_parent(self, name=f"property:{prop.id}", prop=prop)


class PropertyItem(_VerdictItem):
    def __init__(self, *, prop: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.prop = prop
        self.add_marker(pytest.mark.property)

    def runtest(self) -> None:
        from ..format.loader import load_corpus
        from ..properties import run_properties
        from ..properties.run import Replay

        config = self.config
        try:
            engine = shared_engine(config)
        except ConformanceError as exc:
            raise RulingProblem(f"cannot start the engine: {exc}") from None
        corpus = load_corpus([self.path.parent], self.path)
        (result,) = run_properties(
            [self.prop], lambda: registry.create(_engine_option(config)),
            engine.info.capabilities, corpus.cards, corpus.rulings,
            profile=config.getoption("--conformance-profile"), seed=None,
            engine_name=_engine_option(config) or registry.DEFAULT_ENGINE,
            on_result=lambda r: None, replay=Replay(
                engine=_engine_option(config) or registry.DEFAULT_ENGINE,
                rulings=(str(self.path.parent),), cards=str(self.path)))
        _record(self, result)
        if result.status is Status.UNSUPPORTED:
            raise pytest.skip.Exception(f"unsupported: {result.message}",
                                        _use_item_location=True)
        if result.status is not Status.PASSED:
            details = result.details
            first, _, rest = result.message.partition("\n")
            lines = [first if result.status is Status.FAILED
                     else f"{result.status.value}: {first}", f"property {self.prop.id}"]
            lines += [rest] if rest else []
            if "scenario" in details:
                lines += ["counterexample (a scenario for rulings/):", str(details["scenario"]),
                          f"replay: {details.get('replay', '')}"]
            raise RulingProblem("\n".join(lines))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"property {self.prop.id}"


class ResultsRecorder:
    """Registered on the controller (or the only process) when ``--conformance-results``
    is given: writes every ruling's result, including those workers report."""

    def __init__(self, writer: ResultsWriter) -> None:
        self.writer = writer

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for name, value in report.user_properties:
            if name == _PROPERTY:
                self.writer.add(Result.from_json(dict(value)))  # type: ignore[call-overload]

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        self.writer.finish()
