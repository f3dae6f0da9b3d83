"""The reference engine's vocabulary is documented, and its code names no card and no
ruling: every registry name has one documented entry whose example the engine parses, and
docs/card-data.md shows exactly the generated tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conformance.engines.reference import abilities, effects, vocabulary_docs
from conformance.engines.reference.engine import ReferenceEngine
from conformance.errors import Location
from conformance.format.cards import Card, CardFace, load_cards
from conformance.format.loader import load_corpus

ROOT = Path(__file__).parents[3]
ENGINE = ROOT / "conformance" / "engines" / "reference"
REGISTRIES = {
    "effects": lambda: tuple(effects.EFFECTS),
    "events": lambda: abilities.EVENTS,
    "statics": lambda: abilities.STATICS,
    "as-enters": lambda: abilities.AS_ENTERS,
}


def test_the_engine_registers_its_effects() -> None:
    ReferenceEngine()  # importing the engine registers every effect module
    assert {"damage", "gain_life", "tap", "put_counters"} <= set(effects.EFFECTS)


@pytest.mark.parametrize("table", sorted(REGISTRIES))
def test_every_registry_name_is_documented_once(table: str) -> None:
    ReferenceEngine()
    documented = [entry.name for entry in vocabulary_docs.TABLES[table]]
    assert len(documented) == len(set(documented))
    assert sorted(documented) == sorted(REGISTRIES[table]())


def _face(rules: dict[str, object]) -> CardFace:
    return CardFace(name="Example", mana_cost=None, type_line="Creature", types=("Creature",),
                    subtypes=(), supertypes=(), text="", power="1", toughness="1", colors=(),
                    color_indicator=None, keywords=(), side=None, rules=(rules,), raw={})


@pytest.mark.parametrize("entry", [e for t in vocabulary_docs.TABLES.values() for e in t],
                         ids=lambda e: e.name)
def test_every_example_parses_and_uses_its_name(entry: vocabulary_docs.Entry) -> None:
    rules = yaml.safe_load(entry.example)
    card = Card("Example", "normal", (_face(rules),), (), Location("<example>"))
    ReferenceEngine()
    (parsed,) = abilities.parse_abilities(card, tuple(effects.EFFECTS))[0]
    used = {name for name, _ in parsed.events} | set(parsed.params) | {
        name for effect in parsed.effects for name in effect}
    assert entry.name in used, entry.example


def test_card_data_doc_shows_the_generated_tables() -> None:
    doc = ROOT / "docs" / "card-data.md"
    text = doc.read_text("utf-8")
    assert vocabulary_docs.render(text) == text, (
        "run: python -m conformance.engines.reference.vocabulary_docs docs/card-data.md")
    for name in vocabulary_docs.TABLES:
        assert f"<!-- generated: {name} -->" in text


def test_no_engine_module_names_a_card_or_a_ruling() -> None:
    cards = load_cards(ROOT / "rulings" / "cards.yaml")
    corpus = load_corpus([ROOT / "rulings"])
    types = {t for card in cards.values() for face in card.faces
             for t in face.types + face.subtypes + face.supertypes}
    names = {face.name for card in cards.values() for face in card.faces} | set(cards)
    names = {n for n in names if n not in types}  # basic land names are also land types
    ids = {r.id for r in corpus.rulings}
    for module in sorted(ENGINE.glob("*.py")):
        source = module.read_text("utf-8")
        for name in names:
            assert not re.search(rf"\b{re.escape(name)}\b", source), (module.name, name)
        for ruling_id in ids:
            assert ruling_id not in source, (module.name, ruling_id)


def test_every_filter_and_target_key_is_documented() -> None:
    text = (ROOT / "docs" / "card-data.md").read_text("utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    for key in abilities.TARGET_KEYS:
        assert any(f"`{key}`" in row.split("|")[1] for row in rows), key
