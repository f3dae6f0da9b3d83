"""YAML loading that remembers where every node came from.

Mappings load as :class:`LineDict` and sequences as :class:`LineList`; both are the
ordinary built-in containers plus the 1-based line of the node and of each of their
entries, so that a schema error deep inside a scenario can be reported as
``rulings/rooms/x.yaml:42``.
"""

from __future__ import annotations

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


class _Loader(yaml.SafeLoader):
    """A safe loader whose containers carry line numbers.

    Timestamps stay strings: a ruling's ``date`` is text, and the JSON Schema says so.
    """


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same with libyaml's parser, when PyYAML has it: several times faster.  Its error
    messages differ, so a file it rejects is parsed again by :class:`_Loader` for the
    message."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    result.value_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
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


def load_yaml(path: Path, text: str | None = None) -> Any:
    """Parse one YAML document, raising :class:`RulingFileError` with its line."""
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulingFileError(Location(str(path)), f"cannot read file: {exc}") from None
    try:
        return yaml.load(text, Loader=_FastLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError:
        pass  # say what is wrong in the words of the pure-Python parser, on every machine
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 0
        problem = exc.problem or exc.context or "invalid YAML"
        raise RulingFileError(Location(str(path), line), f"invalid YAML: {problem}") from None
    except yaml.YAMLError as exc:
        raise RulingFileError(Location(str(path)), f"invalid YAML: {exc}") from None


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
