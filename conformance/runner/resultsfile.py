"""Reading results files, whatever is in them.

A results file is either the finished JSON document or the JSON Lines a run appends while
it goes on (a header line, then one line per result; a run that was killed leaves it so,
perhaps with its last line cut short -- that line is ignored).  The header and every result
are checked against ``results.schema.json`` (by a compiled validator; ``jsonschema`` words
what is wrong when it finds something: see :mod:`conformance.format.filecheck`); whatever is
wrong is one
:class:`ResultsFileError` saying ``path: where: what`` (``path:line: where: what`` for a
line of JSON Lines), never a traceback.

Every string read is made valid Unicode (a lone surrogate, which JSON can spell as
``"\\ud800"``, becomes U+FFFD), so that no writer downstream can fail on it.
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ConformanceError
from ..format.filecheck import compile_schema, schema, validator_of

if TYPE_CHECKING:
    import jsonschema

_SURROGATE = re.compile("[\ud800-\udfff]")
_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = 4
_REPR.maxlevel = 2


class ResultsFileError(ConformanceError):
    """A file given as a results file is not one, or holds something a result cannot be."""


def valid_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD (so it can be encoded)."""
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def clean(value: Any) -> Any:
    """A copy of a JSON-like value whose strings (keys included) are all valid Unicode.

    Iterative, so a deeply nested value cannot exhaust the stack; values other than
    dicts, lists, tuples and strings are kept as they are.
    """
    if isinstance(value, str):
        return valid_text(value)
    if not isinstance(value, (dict, list, tuple)):
        return value
    root: list[Any] = [None]
    stack: list[tuple[Any, Any, Any]] = [(value, root, 0)]  # (source, target, slot)
    while stack:
        source, target, slot = stack.pop()
        if isinstance(source, dict):
            copy: Any = {}
            for key, item in source.items():
                key = valid_text(key) if isinstance(key, str) else key
                copy[key] = None
                stack.append((item, copy, key))
        elif isinstance(source, (list, tuple)):
            copy = [None] * len(source)
            for index, item in enumerate(source):
                stack.append((item, copy, index))
        elif isinstance(source, str):
            copy = valid_text(source)
        else:
            copy = source
        target[slot] = copy
    return root[0]


@dataclass(frozen=True, slots=True)
class _Schema:
    """One part of the results schema (the header, or one result): its compiled check, and
    the definition ``jsonschema`` words problems with."""

    name: str
    definition: dict[str, Any]
    accepts: Callable[[Any], bool]

    def validator(self) -> jsonschema.protocols.Validator:
        return _wording(self.name)


@cache
def _wording(name: str) -> jsonschema.protocols.Validator:
    """The ``jsonschema`` validator of the part ``name``, built the first time a value of
    that part is found wrong."""
    header, result = _validators()
    return validator_of((header if name == "header" else result).definition)


@cache
def _validators() -> tuple[_Schema, _Schema]:
    whole = schema("results")
    header = {**whole, "properties": {k: v for k, v in whole["properties"].items()
                                      if k != "results"}}
    result = {**whole["$defs"]["result"], "$schema": whole["$schema"]}
    return (_Schema("header", header, compile_schema(header)),
            _Schema("result", result, compile_schema(result)))


def _where(prefix: str, error: jsonschema.ValidationError) -> str:
    where = prefix
    for part in error.absolute_path:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    return where or "the file"


def _what(error: jsonschema.ValidationError) -> str:
    if error.validator == "type":
        return f"expected {error.validator_value}, found {_REPR.repr(error.instance)}"
    if error.validator == "required":
        required: list[str] = list(error.validator_value)  # type: ignore[arg-type]
        missing = [k for k in required
                   if isinstance(error.instance, dict) and k not in error.instance]
        return f"{missing[0] if missing else error.validator_value} is required"
    if error.validator == "minimum":
        return f"expected at least {error.validator_value}, found {_REPR.repr(error.instance)}"
    if error.validator == "minLength":
        return "expected a non-empty string"
    message = error.message
    return message if len(message) <= 120 else message[:120] + "..."


def _check(part: _Schema, value: Any, where: str, label: str) -> None:
    if part.accepts(value):
        return
    from jsonschema.exceptions import best_match

    error = best_match(part.validator().iter_errors(value))
    if error is not None:
        raise ResultsFileError(f"{label}: {_where(where, error)}: {_what(error)}")


def _read_text(path: Path) -> str:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ResultsFileError(f"{path}: not a results file (not a regular file)")
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ResultsFileError(f"{path}: not a readable results file "
                               f"({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ResultsFileError(f"{path}:{line}: not a results file (not UTF-8 text)") from None


def _json(text: str, label: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise ResultsFileError(f"{label}: nested too deeply to be a results file") from None


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            yield number, line


def read_results(path: Path, results_format: str
                 ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """The header (without ``results``) and each result with where it is in the file
    (``path: results[3]`` or ``path:4``).  Raises :class:`ResultsFileError`."""
    text = _read_text(path)
    header_validator, result_validator = _validators()
    try:
        document = _json(text, str(path))
        lines = False
    except ValueError as exc:
        if not text.lstrip().startswith("{") or "\n" not in text.strip():
            raise ResultsFileError(f"{path}: not a readable results file (not JSON: "
                                   f"{exc})") from None
        document, lines = None, True
    if not lines:
        if not isinstance(document, dict) or document.get("format") != results_format:
            raise ResultsFileError(
                f"{path}: not a results file (expected format {results_format!r})")
        entries = document.pop("results", [])
        _check(header_validator, document, "", str(path))
        if not isinstance(entries, list):
            raise ResultsFileError(f"{path}: results: expected array, found "
                                   f"{_REPR.repr(entries)}")
        found = []
        for index, entry in enumerate(entries):
            _check(result_validator, entry, f"results[{index}]", str(path))
            found.append((f"{path}: results[{index}]", entry))
        if not _may_hold_surrogates(text):
            return document, found
        header: dict[str, Any] = clean(document)
        return header, [(where, clean(entry)) for where, entry in found]
    return _read_lines(path, text, results_format, header_validator, result_validator)


def _read_lines(path: Path, text: str, results_format: str,
                header_validator: _Schema, result_validator: _Schema
                ) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    numbered = list(_lines(text))
    last = numbered[-1][0] if numbered else 0
    cut_short = not text.endswith("\n")
    header: dict[str, Any] | None = None
    found: list[tuple[str, dict[str, Any]]] = []
    for number, line in numbered:
        label = f"{path}:{number}"
        try:
            value = _json(line, label)
        except ValueError as exc:
            if number == last and cut_short:
                break  # the line a killed run was writing
            raise ResultsFileError(f"{label}: not a results line (not JSON: {exc})") from None
        if header is None:
            if not isinstance(value, dict) or value.get("format") != results_format:
                raise ResultsFileError(
                    f"{path}: not a results file (expected format {results_format!r})")
            _check(header_validator, value, "", label)
            header = value
            continue
        _check(result_validator, value, "", label)
        found.append((label, value))
    if header is None:
        raise ResultsFileError(f"{path}: not a results file (it is empty)")
    header.pop("results", None)
    if not _may_hold_surrogates(text):
        return header, found
    return clean(header), [(where, clean(entry)) for where, entry in found]


#: A JSON escape of a surrogate (``\ud800`` to ``\udfff``): the only way a string read from
#: UTF-8 text can hold one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _may_hold_surrogates(text: str) -> bool:
    """Whether a string decoded from ``text`` (strict UTF-8, so without raw surrogates) can
    hold a lone surrogate; when it cannot, :func:`clean` has nothing to replace."""
    return _SURROGATE_ESCAPE.search(text) is not None
