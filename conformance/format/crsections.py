"""The Comprehensive Rules sections a corpus may cite (``cr-sections.yaml``).

A mapping of CR numbers (``709``, ``709.5``, ``709.5e``) to the rule's title or first
sentence.  The loader checks every ``cr:`` of a ruling against it; coverage reports group
rulings by these sections.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from ..errors import Location, RulingFileError
from .yamlsource import LineDict, key_line, load_yaml

FILE_NAME = "cr-sections.yaml"
_NUMBER = re.compile(r"^[0-9]{3}(\.[0-9]+[a-z]?)?$")


def load_cr_sections(path: Path) -> dict[str, str]:
    document = load_yaml(path)
    if not isinstance(document, LineDict):
        raise RulingFileError(Location(str(path), 1), "a CR section file maps numbers to titles")
    sections = {}
    for number, title in document.items():
        if not _NUMBER.match(str(number)):
            raise RulingFileError(Location(str(path), key_line(document, number)),
                                  f"{number!r} is not a Comprehensive Rules number")
        sections[str(number)] = str(title)
    return sections


def parents(number: str) -> list[str]:
    """``709.5e`` -> ``["709.5e", "709.5", "709"]``."""
    found = [number]
    if re.search(r"[a-z]$", number):
        found.append(number[:-1])
    if "." in number:
        found.append(number.split(".")[0])
    return found


def title(sections: Mapping[str, str], number: str) -> str:
    """The title of ``number``, or of the nearest section above it that has one."""
    return next((sections[n] for n in parents(number) if n in sections), "")
