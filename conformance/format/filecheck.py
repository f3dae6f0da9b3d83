"""The JSON Schemas shipped with the package, and checking documents against them fast.

A file is checked in two passes.  :func:`accepts` runs a validator compiled from the schema
(``fastjsonschema``: the schema turned into Python code once per process) and only answers
yes or no; nearly every file is valid, and that is all it needs.  Only when it says no does
``jsonschema`` look at the document, to find and word every problem -- and ``jsonschema``
has the last word: a document it finds nothing wrong with is valid, whatever the compiled
validator said.  The compiled validator is stricter in a few corners (a ``pattern``'s ``$``
does not match before a final newline there; ``1.0`` is not an ``integer``); it is never
more lenient, which ``tests/robustness/test_schema_check.py`` checks on mutated documents.

:func:`schema_errors` checks a property file (``property.schema.json``) or an expectations
file (``expectations.schema.json``) and words every problem as a ruling file's are:
``path:line: where: what``, the value shown briefly.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import Location, RulingFileError
from .yamlsource import LineDict

if TYPE_CHECKING:
    import jsonschema

#: The schemas shipped with the package, by the kind of file they describe.
SCHEMAS = {"ruling": "ruling.schema.json", "property": "property.schema.json",
           "expectations": "expectations.schema.json", "results": "results.schema.json"}


@cache
def schema(kind: str) -> dict[str, Any]:
    """The schema of ``kind`` (a key of :data:`SCHEMAS`), read once."""
    text = resources.files("conformance.format").joinpath(SCHEMAS[kind]).read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def compile_schema(definition: dict[str, Any]) -> Callable[[Any], bool]:
    """A function telling whether a document is valid against ``definition``, compiled.

    It says ``False`` for anything it cannot check (an exception of any kind inside the
    generated code), leaving the verdict to ``jsonschema``."""
    import fastjsonschema

    validate = fastjsonschema.compile(definition)

    def accepts(document: Any) -> bool:
        try:
            validate(document)
        except Exception:  # any doubt goes to jsonschema
            return False
        return True

    return accepts


@cache
def _compiled(kind: str) -> Callable[[Any], bool]:
    return compile_schema(schema(kind))


def accepts(kind: str, document: Any) -> bool:
    """Whether the compiled validator finds ``document`` valid against the schema of
    ``kind``.  ``True`` means valid; ``False`` means "ask :func:`validator`"."""
    return _compiled(kind)(document)


def validator_of(definition: dict[str, Any]) -> jsonschema.protocols.Validator:
    """The ``jsonschema`` validator of ``definition`` (imported only when needed)."""
    import jsonschema

    cls = jsonschema.validators.validator_for(definition)
    found: jsonschema.protocols.Validator = cls(definition)
    return found


@cache
def validator(kind: str) -> jsonschema.protocols.Validator:
    """The ``jsonschema`` validator of ``kind``'s schema: the one that words problems."""
    return validator_of(schema(kind))


def schema_errors(kind: str, document: Any, path: str) -> list[RulingFileError]:
    """Every way ``document`` (from :func:`~conformance.format.yamlsource.load_yaml`) breaks
    the schema of ``kind`` (a key of :data:`SCHEMAS`), in line order."""
    if accepts(kind, document):
        return []
    from .loader import _located

    root = document if isinstance(document, LineDict) else LineDict()
    if not isinstance(document, LineDict):
        root.line = getattr(document, "line", 1)
        root.key_lines, root.value_lines = {}, {}
    located = sorted((pair for error in validator(kind).iter_errors(document)
                      for pair in _located(root, error)), key=lambda pair: pair[0])
    return [RulingFileError(Location(path, line or 1), message) for line, message in located]


__all__ = ["SCHEMAS", "accepts", "compile_schema", "schema", "schema_errors", "validator",
           "validator_of"]
