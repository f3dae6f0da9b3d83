"""JSON Schemas of the YAML files beside the rulings that are not rulings: property files
(``property.schema.json``) and expectations files (``expectations.schema.json``).

:func:`schema_errors` checks a loaded document against one of them and words every problem
as a ruling file's are: ``path:line: where: what``, the value shown briefly.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import jsonschema

from ..errors import Location, RulingFileError
from .loader import _located
from .yamlsource import LineDict

#: The schemas shipped with the package, by the kind of file they describe.
SCHEMAS = {"property": "property.schema.json", "expectations": "expectations.schema.json"}


@cache
def _validator(kind: str) -> jsonschema.protocols.Validator:
    text = resources.files("conformance.format").joinpath(SCHEMAS[kind]).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    cls = jsonschema.validators.validator_for(schema)
    validator: jsonschema.protocols.Validator = cls(schema)
    return validator


def schema_errors(kind: str, document: Any, path: str) -> list[RulingFileError]:
    """Every way ``document`` (from :func:`~conformance.format.yamlsource.load_yaml`) breaks
    the schema of ``kind`` (a key of :data:`SCHEMAS`), in line order."""
    root = document if isinstance(document, LineDict) else LineDict()
    if not isinstance(document, LineDict):
        root.line = getattr(document, "line", 1)
        root.key_lines, root.value_lines = {}, {}
    located = sorted((pair for error in _validator(kind).iter_errors(document)
                      for pair in _located(root, error)), key=lambda pair: pair[0])
    return [RulingFileError(Location(path, line or 1), message) for line, message in located]


__all__ = ["SCHEMAS", "schema_errors"]
