"""``conformance coverage --official`` with real Scryfall oracle ids: the project's own card
file carries them (``identifiers.scryfallOracleId``), so official rulings in Scryfall's shape
are matched to its cards with nothing added by the test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from conformance.frontends.cli import main

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "rulings" / "cards.yaml"
REAL = ROOT / "tests" / "data" / "official" / "real-ids.json"
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def card_ids() -> dict[str, set[str]]:
    document = yaml.safe_load(CARDS.read_text(encoding="utf-8"))
    return {name: {(face.get("identifiers") or {}).get("scryfallOracleId") for face in faces}
            for name, faces in document.items()}


def test_a_card_with_an_oracle_id_has_it_on_every_face_and_it_is_a_uuid() -> None:
    with_ids = {name: ids for name, ids in card_ids().items() if ids != {None}}
    assert len(with_ids) >= 10
    for name, ids in with_ids.items():
        (oracle,) = ids  # the same on every face, none missing
        assert oracle is not None and UUID.match(oracle), name
    assert len({next(iter(ids)) for ids in with_ids.values()}) == len(with_ids)


def test_coverage_counts_official_rulings_by_real_oracle_ids(tmp_path: Path,
                                                              capsys: object) -> None:
    out = tmp_path / "coverage.json"
    assert main(["coverage", "--official", str(REAL), "--json", str(out)]) == 0
    official = json.loads(out.read_text("utf-8"))["official"]
    ids = card_ids()
    with_ids = sorted(name for name, found in ids.items() if found != {None})
    assert official["totals"] == {"official": 8, "executable": 8, "not_executable": 0,
                                  "missing": 0}
    by_card = {row["card"]: row for row in official["by_card"]}
    assert sorted(by_card) == with_ids
    for room in ("Grand Entryway // Elegant Rotunda", "Unholy Annex // Ritual Chamber"):
        assert (by_card[room]["official"], by_card[room]["executable"]) == (4, 4)
        assert "room-is-one-card" in by_card[room]["ids"]
    for card in ("Plains", "Forest", "Swamp", "Serra Angel"):  # an id, no official ruling here
        assert (by_card[card]["official"], by_card[card]["missing"]) == (0, 0)
    assert official["cards_without_oracle_id"] == sorted(set(ids) - set(with_ids))
    # a bulk file's rulings of cards outside the pool (Deathrite Shaman's) are not counted
    assert official["unmatched_oracle_ids"] == ["22f1a4a4-c423-4d1c-8775-0ed604a9fa51"]


def test_the_terminal_summary_gives_the_denominators(tmp_path: Path, capsys: object) -> None:
    assert main(["coverage", "--official", str(REAL), "--json",
                 str(tmp_path / "coverage.json")]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    ids = card_ids()
    without = sum(1 for found in ids.values() if found == {None})
    assert (f"official rulings: 8 for {len(ids) - without} cards with an oracle id: 8 "
            "executable, 0 not executable, 0 missing\n") in out
    assert f"\n  {without} cards have no identifiers.scryfallOracleId in the card file\n" in out
    assert "\n  1 oracle ids of the official rulings are those of no card of the pool (not " \
           "counted)\n" in out
