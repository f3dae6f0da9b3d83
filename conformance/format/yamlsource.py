"""YAML loading that remembers where every node came from.

Mappings load as :class:`LineDict` and sequences as :class:`LineList`; both are the
ordinary built-in containers plus the 1-based line of the node and of each of their
entries, so that a schema error deep inside a scenario can be reported as
``rulings/rooms/x.yaml:42``.

Loading is bounded before anything is built: only regular files, at most
:data:`MAX_FILE_BYTES`, nesting at most :data:`MAX_DEPTH` deep, and at most
:data:`MAX_NODES` values standing behind its aliases (a few hundred bytes of nested aliases
would otherwise stand for a billion values).  Every refusal, and every value the YAML
constructors cannot build (``!!float 'x'``, an integer too long to convert or of more
than :data:`MAX_INT_BITS`, a list as a mapping key), is a :class:`RulingFileError` with its line.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from ..errors import Location, RulingFileError


class LineDict(dict):  # type: ignore[type-arg]
    """A dict that knows the line of itself and of each key."""

    line: int
    key_lines: dict[Any, int]
    value_lines: dict[Any, int]


class LineList(list):  # type: ignore[type-arg]
    """A list that knows the line of itself and of each item."""

    line: int
    item_lines: list[int]


#: The largest YAML file read, in bytes.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: The deepest nesting of mappings and lists.
MAX_DEPTH = 64
#: The most values a document's aliases may stand for, all expanded (its own values are
#: bounded by :data:`MAX_FILE_BYTES`).
MAX_NODES = 100_000
#: The largest integer, in bits (about 1,200 decimal digits).  Python converts a hex or
#: binary integer of any length but refuses to write one of over 4,300 decimal digits, as
#: every message quoting the value would.
MAX_INT_BITS = 4000
#: Files larger than this are not parsed a second time just to word a syntax error.
_REPARSE_BYTES = 256 * 1024


def _construct_object(loader: Any, node: yaml.Node, deep: bool = False) -> Any:
    """``construct_object`` that turns a value the constructors cannot build into a
    ``ConstructorError`` at the node's line (``!!float 'x'``, an integer with too many
    digits, ...), and a lone surrogate (``"\\ud800"``) into U+FFFD."""
    try:
        value = yaml.constructor.BaseConstructor.construct_object(loader, node, deep)
    except yaml.YAMLError:
        raise
    except (ValueError, TypeError, OverflowError, ArithmeticError) as exc:
        tag = node.tag.rsplit(":", 1)[-1]
        what = repr(_short_text(node.value, 40)) if isinstance(node, yaml.ScalarNode) \
            else "this value"
        raise yaml.constructor.ConstructorError(
            None, None, f"cannot read {what} as {tag} ({_short_text(str(exc), 60)})",
            node.start_mark) from None
    if isinstance(value, str) and _SURROGATE.search(value):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise yaml.constructor.ConstructorError(
            None, None, f"cannot read {_short_text(str(node.value), 40)!r} as int (expected "
            f"an integer of at most {MAX_INT_BITS} bits, found one of {value.bit_length()})",
            node.start_mark)
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


class _Loader(yaml.SafeLoader):
    """A safe loader whose containers carry line numbers.

    Timestamps stay strings: a ruling's ``date`` is text, and the JSON Schema says so.
    """

    construct_object = _construct_object


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same with libyaml's parser, when PyYAML has it: several times faster.  Its error
    messages differ, so a file it rejects is parsed again by :class:`_Loader` for the
    message."""

    construct_object = _construct_object


def _short_text(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.value_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, f"a {'list' if isinstance(key, list) else 'mapping'} cannot be a "
                f"mapping key",
                key_node.start_mark) from None
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
        result.value_lines[key] = value_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    result = LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
    _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
def _construct_text(loader: _Loader, node: yaml.ScalarNode) -> str:
    return str(loader.construct_scalar(node))


for _loader in (_Loader, _FastLoader):
    _loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_text)


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, or a :class:`RulingFileError`
    (a FIFO, a device or a folder is never opened: reading it could block forever)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise RulingFileError(Location(str(path)), f"cannot read file: {exc.strerror or exc}") \
            from None
    if not stat.S_ISREG(info.st_mode):
        raise RulingFileError(Location(str(path)), "not a regular file")
    if info.st_size > limit:
        raise RulingFileError(Location(str(path), 1),
                              f"file too large ({info.st_size} bytes; the limit is {limit})")
    try:
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise RulingFileError(Location(str(path)), f"cannot read file: {exc.strerror or exc}") \
            from None
    if len(data) > limit:
        raise RulingFileError(Location(str(path), 1),
                              f"file too large (the limit is {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise RulingFileError(Location(str(path), line),
                              f"cannot read file: expected UTF-8 text, found the byte "
                              f"{data[exc.start]:#04x} (column {column})") from None


def check_bounds(path: Path, text: str) -> yaml.YAMLError | None:
    """Refuse a document nested deeper than :data:`MAX_DEPTH` or whose aliases stand for
    more than :data:`MAX_NODES` values, before anything is built.

    Walks libyaml's events (a state machine, no recursion); an alias counts the size of
    the node it names, so the count is exact without expanding anything.  A syntax error
    is returned, for the loader to word.
    """
    sizes: dict[str, int] = {}
    open_nodes: list[list[Any]] = []  # [anchor, its size so far] per open collection
    aliased = 0
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            line = event.start_mark.line + 1 if event.start_mark is not None else 0
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if len(open_nodes) >= MAX_DEPTH:
                    raise RulingFileError(
                        Location(str(path), line),
                        f"nested more than {MAX_DEPTH} levels deep")
                open_nodes.append([event.anchor, 1])
                size = 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                anchor, closed = open_nodes.pop()
                if anchor is not None:
                    sizes[anchor] = closed
                if open_nodes:
                    open_nodes[-1][1] += closed
                continue
            elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
                size = sizes.get(event.anchor or "", 1) if isinstance(event, yaml.AliasEvent) \
                    else 1
                if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
                    sizes[event.anchor] = 1
                if open_nodes:
                    open_nodes[-1][1] += size
            else:
                continue
            if isinstance(event, yaml.AliasEvent):
                aliased += size
                if aliased > MAX_NODES:
                    raise RulingFileError(
                        Location(str(path), line),
                        f"too many values behind aliases: more than {MAX_NODES} once "
                        f"expanded (the alias here stands for {size})")
    except yaml.YAMLError as exc:
        return exc
    return None


def load_yaml(path: Path, text: str | None = None) -> Any:
    """Parse one YAML document, raising :class:`RulingFileError` with its line."""
    if text is None:
        text = read_text(path)
    elif len(text) > MAX_FILE_BYTES:
        raise RulingFileError(Location(str(path), 1),
                              f"file too large (the limit is {MAX_FILE_BYTES} bytes)")
    syntax_error = check_bounds(path, text)
    if syntax_error is None:
        try:
            return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeLoader subclass
        except yaml.YAMLError as exc:
            syntax_error = exc
        except RecursionError:
            raise RulingFileError(Location(str(path), 1), "nested too deeply") from None
    if len(text) > _REPARSE_BYTES:
        raise _located(path, syntax_error) from None
    # say what is wrong in the words of the pure-Python parser, on every machine
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise _located(path, exc) from None
    except RecursionError:
        raise RulingFileError(Location(str(path), 1), "nested too deeply") from None


def _located(path: Path, exc: yaml.YAMLError) -> RulingFileError:
    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = exc.problem or exc.context or "invalid YAML"
        return RulingFileError(Location(str(path), line), f"invalid YAML: {problem}")
    return RulingFileError(Location(str(path), 1), f"invalid YAML: {_short_text(str(exc))}")


def line_of(document: Any, path: Sequence[Any]) -> int:
    """The line of the node reached by following ``path`` (keys and indexes) from the root.

    Falls back to the deepest ancestor whose line is known.
    """
    node = document
    line = getattr(document, "line", 0)
    for part in path:
        if isinstance(node, LineDict) and part in node:
            line = node.value_lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.item_lines[part]
            node = node[part]
        else:
            break
    return line


def key_line(node: Any, key: Any) -> int:
    """The line of ``key`` in a mapping node, or of the node itself."""
    if isinstance(node, LineDict):
        return node.key_lines.get(key, node.line)
    return getattr(node, "line", 0)
