"""Every exception the harness raises, one class per cause.

The four families mirror who is at fault:

* :class:`RulingFileError` -- a ruling or card file is wrong (the author's mistake);
* :class:`UsageError` -- the harness was called wrongly (a bad option, an unknown engine);
* :class:`ContractError` -- an engine broke the adapter contract (it crashed, answered
  nonsense, or refused to set up a state the contract says it must accept);
* :class:`RulingViolation` -- an engine did something a ruling forbids.  This is not a
  harness error at all: it is the verdict the harness exists to produce.

Every message says where (``path:line`` when there is a file), what was expected and
what was found, and where possible a hint such as "did you mean ...".
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file; ``line`` is 1-based, 0 when unknown."""

    path: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest choice, or ``""``."""
    close = difflib.get_close_matches(str(word), sorted(set(choices)), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


class ConformanceError(Exception):
    """Base class of every error the harness raises on purpose."""


class LocatedError(ConformanceError):
    """An error about a place in a file: ``str()`` is ``path:line: message``."""

    def __init__(self, location: Location, message: str) -> None:
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


class RulingFileError(LocatedError):
    """A ruling file or card file is malformed or refers to something unknown."""


class UsageError(ConformanceError):
    """The harness was invoked wrongly: unknown engine, bad option, missing path."""


class ContractError(ConformanceError):
    """An engine broke the adapter contract (crashed, hung, or answered nonsense)."""


class EngineTimeout(ContractError):
    """An engine did not answer in time; the ruling's status is ``timeout``.

    Raised by engines that run in another process (``cmd:``), which can be stopped and
    restarted; an in-process engine cannot be interrupted safely.
    """


class IllegalAction(ConformanceError):
    """Raised by an engine when it refuses an action as illegal.

    This is part of the contract: a script step that expects an action to be refused
    passes exactly when the engine raises this.  ``reason`` is the engine's own words.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Unsupported(ConformanceError):
    """Raised by an engine asked for something outside its declared capabilities.

    ``code`` (contract 1.2) says why in a word, beside the text: one of
    ``format.vocabulary.UNSUPPORTED_CODES`` (``card``, ``setup``, ``step``, ...); ``engine``
    when the engine gave none.
    """

    def __init__(self, message: str = "", code: str = "engine") -> None:
        super().__init__(message)
        self.code = code


class RulingViolation(LocatedError):
    """An engine's behaviour contradicts an expectation of a ruling scenario."""


class ScriptError(LocatedError):
    """A scenario could not be carried out as written against this engine.

    For example a step the runner does not know, or an action it cannot build.  The
    scenario, not the engine, is at fault, so this gives the status ``error`` rather than
    ``failed``.
    """
