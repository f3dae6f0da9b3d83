"""The pytest plugin: ``pytest rulings/ --engine NAME`` collects each ruling as a test.

A ruling file is any ``*.yaml`` file, other than the corpus's data files (``cards.yaml``,
``cr-sections.yaml``), that lies beside or below a ``cards.yaml``.  Each is one item named by its ruling id.  A failure is shown
as the ruling's text, the ``path:line`` of the failing step and what the engine did --
never a Python traceback.  ``unsupported`` and ``not-executable`` rulings are skipped
with their reason.

With ``--conformance-results FILE`` the results file is written as ``conformance run``
writes it; under pytest-xdist the workers send their results to the controller, which
alone writes the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
from ..runner.execute import failure_result, run_ruling
from ..runner.results import Result, ResultsWriter, Status

_ENGINE = pytest.StashKey[Engine]()
_SEEN_IDS = pytest.StashKey[dict[str, str]]()
_CARDS = pytest.StashKey[dict[Path, tuple[CardPool, dict[str, str]]]]()
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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "ruling: a ruling of the conformance corpus")
    config.addinivalue_line("markers", "property: a property checked on random games")
    config.stash[_CARDS] = {}
    config.stash[_SEEN_IDS] = {}
    path = config.getoption("--conformance-results")
    if path and not hasattr(config, "workerinput"):  # the controller (or only process) writes
        writer = ResultsWriter(Path(path), {
            "harness": {"name": "conformance", "version": __version__},
            "engine": {"name": config.getoption("--engine") or registry.DEFAULT_ENGINE},
            "seed": 0,
        })
        config.pluginmanager.register(ResultsRecorder(writer), "conformance-results")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _ENGINE in config.stash:
        config.stash[_ENGINE].close()


def _card_file(path: Path) -> Path | None:
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
    card_file = _card_file(file_path)
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

    def collect(self) -> Iterator[pytest.Item]:
        try:
            loaded = load_ruling(self.path, *self.corpus_data())
        except ConformanceError as exc:  # the card file itself is broken
            yield BrokenRulingItem.from_parent(self, name=self.path.stem, message=str(exc),
                                               line=0)
            return
        if isinstance(loaded, LoadFailure):
            yield BrokenRulingItem.from_parent(self, name=loaded.ruling_id or self.path.stem,
                                               message=loaded.message,
                                               line=loaded.errors[0].location.line,
                                               failure=loaded)
        elif loaded.id in self.config.stash[_SEEN_IDS]:
            first = self.config.stash[_SEEN_IDS][loaded.id]
            error = RulingFileError(loaded.location,
                                    f"ruling id {loaded.id!r} is already used by {first}")
            failure = LoadFailure(loaded.path, (error,), loaded.id)
            yield BrokenRulingItem.from_parent(self, name=loaded.id, message=str(error),
                                               line=loaded.location.line, failure=failure)
        else:
            self.config.stash[_SEEN_IDS][loaded.id] = str(loaded.location)
            yield RulingItem.from_parent(self, name=loaded.id, ruling=loaded)


def shared_engine(config: pytest.Config) -> Engine:
    """The engine of this test session (one per xdist worker)."""
    stash = config.stash
    if _ENGINE not in stash:
        stash[_ENGINE] = registry.create(config.getoption("--engine"))
    return stash[_ENGINE]


class RulingProblem(Exception):
    """Raised by an item to report a verdict; shown without a traceback."""


def _record(item: pytest.Item, result: Result) -> None:
    item.user_properties.append((_PROPERTY, result.to_json()))


class _VerdictItem(pytest.Item):
    """An item whose failures are verdicts: shown as their message, never a traceback."""

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, RulingProblem):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))


class RulingItem(_VerdictItem):
    def __init__(self, *, ruling: Ruling, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ruling = ruling
        self.add_marker(pytest.mark.ruling)

    def engine(self) -> Engine:
        return shared_engine(self.config)

    def runtest(self) -> None:
        try:
            engine = self.engine()
        except ConformanceError as exc:
            _record(self, Result(self.ruling.id, Status.ERROR, f"cannot start the engine: {exc}",
                                 path=self.ruling.path))
            raise RulingProblem(f"cannot start the engine: {exc}") from None
        parent = self.parent
        assert isinstance(parent, RulingFile)
        result = run_ruling(self.ruling, engine, parent.cards())
        _record(self, result)
        if result.status in (Status.UNSUPPORTED, Status.NOT_EXECUTABLE):
            # Reported at the ruling file, as pytest does for skip marks.
            raise pytest.skip.Exception(f"{result.status.value}: {result.message}",
                                        _use_item_location=True)
        if result.status is not Status.PASSED:
            raise RulingProblem(self._describe(result))

    def _describe(self, result: Result) -> str:
        lines = [f"{result.status.value}: {self.ruling.id}", f"ruling: {self.ruling.text}"]
        if result.scenario:
            lines.append(f"scenario: {result.scenario}")
        lines.extend(f"{line}" if line.startswith(result.path) else f"{result.location}: {line}"
                     for line in result.message.splitlines())
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, max(self.ruling.location.line - 1, 0), f"ruling {self.ruling.id}"


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
        raise RulingProblem(f"invalid ruling file:\n{self.message}")

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

        config = self.config
        try:
            engine = shared_engine(config)
        except ConformanceError as exc:
            raise RulingProblem(f"cannot start the engine: {exc}") from None
        corpus = load_corpus([self.path.parent], self.path)
        (result,) = run_properties(
            [self.prop], lambda: registry.create(config.getoption("--engine")),
            engine.info.capabilities, corpus.cards, corpus.rulings,
            profile=config.getoption("--conformance-profile"), seed=None,
            engine_name=config.getoption("--engine") or registry.DEFAULT_ENGINE,
            on_result=lambda r: None)
        _record(self, result)
        if result.status is Status.UNSUPPORTED:
            raise pytest.skip.Exception(f"unsupported: {result.message}",
                                        _use_item_location=True)
        if result.status is not Status.PASSED:
            details = result.details
            lines = [f"{result.status.value}: property {self.prop.id}", result.message]
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
