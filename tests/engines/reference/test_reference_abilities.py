"""Card data the reference engine cannot read is a clear error at the card file's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.reference.abilities import parse_abilities
from conformance.engines.reference.effects import EFFECTS
from conformance.errors import RulingFileError
from conformance.format.cards import load_cards

BEARS = """\
Bears:
  - name: Bears
    types: [Creature]
    text: When this creature enters, draw a card.
    rules:
{rules}
"""


def parse(tmp_path: Path, rules: str):
    path = tmp_path / "cards.yaml"
    path.write_text(BEARS.format(rules=rules), encoding="utf-8")
    return parse_abilities(load_cards(path)["Bears"], tuple(EFFECTS))


def test_a_well_formed_ability(tmp_path):
    ((ability,),) = parse(tmp_path, "      - triggered: {enters: this}\n"
                                    "        effects: [{draw: 1}]")
    assert ability.kind == "triggered" and ability.events == (("enters", "this"),)
    assert ability.text == "When this creature enters, draw a card."


@pytest.mark.parametrize(("rules", "message"), [
    ("      - triggered: enters", "each trigger event is a mapping"),
    ("      - triggered: {enter: this}", "unknown trigger event 'enter'; did you mean 'enters'?"),
    ("      - spell: true\n        effects: [draw]", "each effect is a mapping"),
    ("      - spell: true\n        effects: [{drwa: 1}]", "unknown effect 'drwa'; did you mean 'draw'?"),
    ("      - spell: true\n        target: {what: card}", "a target is one of"),
    ("      - static: {trigger_additional_times: {}}", "did you mean 'trigger_additional_time'?"),
    ("      - triggered: {enters: this}\n        static: {}", "exactly one of"),
    ("      - activated: true", "'activated' is a mapping of costs"),
])
def test_malformed_rules_are_reported_with_the_card_file_line(tmp_path, rules, message):
    with pytest.raises(RulingFileError) as caught:
        parse(tmp_path, rules)
    assert message in caught.value.message
    assert str(caught.value).startswith(f"{tmp_path / 'cards.yaml'}:6: Bears: ")
