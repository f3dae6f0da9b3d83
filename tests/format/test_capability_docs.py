"""docs/ruling-format.md lists every capability an engine may declare, with the promise
``vocabulary.CAPABILITIES`` gives it: a capability missing there is one a ruling writer and an
adapter writer can't learn of."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.format.vocabulary import CAPABILITIES

DOC = Path(__file__).parents[2] / "docs" / "ruling-format.md"


def test_the_capability_table_is_the_vocabularys() -> None:
    text = DOC.read_text("utf-8")
    table = text[text.index("### Capabilities"):text.index("Capabilities are added to")]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (.+) \|$", table, re.MULTILINE))
    assert rows == CAPABILITIES
