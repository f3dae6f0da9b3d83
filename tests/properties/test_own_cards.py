"""The property games' own cards (``strategies/cards.yaml``, ``run.OWN_CARDS``): after the
games from random boards and from the corpus's scenarios, each property plays games drawn
from the corpus's cards and those -- the profile's own games unchanged -- and a failure
found there is replayed with both card files."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import ObjectView
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import load_cards
from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.properties import PROPERTIES, run_property
from conformance.properties import run as run_module
from conformance.runner.results import Status

ROOT = Path(__file__).parents[2]
RULINGS = ROOT / "rulings"
#: Real cards kept out of the corpus (tests/properties/test_lki_kills.py plays them too)
EXTRA = Path(__file__).parent / "data" / "last-known-information.yaml"
BY_ID = {p.id: p for p in PROPERTIES}
WATCHER = "Unruly Mob"


@pytest.fixture(scope="module")
def corpus() -> Any:
    return load_corpus([RULINGS])


@pytest.fixture
def own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games' own cards are this file's two."""
    monkeypatch.setattr(run_module, "_OWN", load_cards(EXTRA))
    monkeypatch.setattr(run_module, "OWN_CARDS", EXTRA)


class _WrongPowerForOneCard(ReferenceEngine):
    """Reports one more power for Unruly Mob than it has: wrong only with a card no ruling
    of the corpus names."""

    def observe(self, object_id: str, *args: Any, **kwargs: Any) -> ObjectView:
        view = super().observe(object_id, *args, **kwargs)
        if WATCHER in view.names and isinstance(view.power, int):
            return dataclasses.replace(view, power=view.power + 1)
        return view


def test_the_own_cards_are_added_to_a_pool_without_them(corpus: Any, own: None) -> None:
    merged = run_module.with_own_cards(corpus.cards)
    assert set(merged) == set(corpus.cards) | {"Merciless Enforcers", WATCHER}
    # an engine that declares its cards gets those of them it knows only
    known = run_module.with_own_cards(corpus.cards, ["Grizzly Bears", WATCHER])
    assert set(known) == set(corpus.cards) | {WATCHER}
    assert run_module.with_own_cards(corpus.cards, ["Grizzly Bears"]) is corpus.cards


def test_every_property_game_set_is_played_and_the_profiles_own_come_first(
        corpus: Any, own: None) -> None:
    prop = BY_ID["power-and-toughness"]
    result = run_property(prop, ReferenceEngine, corpus.cards, corpus.rulings, profile="ci")
    assert result.status is Status.PASSED, result.message
    assert result.details["games_from_own_cards"] >= 5, result.details
    assert result.details["games_from_scenarios"] >= 5, result.details


def test_without_own_cards_no_such_games_are_played(corpus: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_module, "_OWN", load_cards(EXTRA).__class__({}))
    result = run_property(BY_ID["power-and-toughness"], ReferenceEngine, corpus.cards,
                          corpus.rulings, profile="ci")
    assert result.status is Status.PASSED and "games_from_own_cards" not in result.details


def test_a_departure_only_the_own_cards_show_is_found_and_replayed_with_them(
        corpus: Any, own: None, tmp_path: Path) -> None:
    prop = BY_ID["power-and-toughness"]
    result = run_property(prop, _WrongPowerForOneCard, corpus.cards, corpus.rulings,
                          profile="ci")
    assert result.status is Status.FAILED, result.message
    assert WATCHER in result.details["scenario"]
    assert result.details["cards"] == [corpus.cards.path, str(EXTRA)]


def test_the_command_writes_both_card_files_beside_the_counterexample(
        own: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "found"
    code = main(["properties", "--engine", f"{__name__}:_WrongPowerForOneCard",
                 "--property", "power-and-toughness", "--profile", "ci",
                 "--counterexamples", str(folder), "--results", str(tmp_path / "r.json")])
    printed = capsys.readouterr().out
    assert code == 1, printed
    merged = folder / "power-and-toughness.cards.yaml"
    assert merged.exists() and WATCHER in merged.read_text("utf-8"), printed
    assert str(merged) in printed  # the replay command reads it
    # the counterexample loads with that card file and fails the wrong engine again
    code = main(["run", "--engine", f"{__name__}:_WrongPowerForOneCard", "--rulings",
                 str(folder / "power-and-toughness.yaml"), "--cards", str(merged),
                 "--results", str(tmp_path / "again.json")])
    assert code == 1, capsys.readouterr().out


def test_the_focused_cards_join_only_the_properties_asking_for_them(corpus: Any) -> None:
    """strategies/focused-cards.yaml: a card there joins the own-card games of a property
    that asks for it (``focused_cards``) and whose focus takes it, and no other's."""
    focused = run_module.focused_card_pool()
    asking = [p for p in PROPERTIES if p.focused_cards]
    assert asking
    for prop in PROPERTIES:
        merged = run_module.with_own_cards(corpus.cards, None,
                                           prop.focus if prop.focused_cards else None)
        taken = {n for n in focused if prop.focused_cards and prop.focus(focused[n])}
        assert set(merged) & set(focused) == taken, prop.id
        assert set(run_module.own_card_pool()) <= set(merged)
    assert run_module.own_files(run_module.with_own_cards(corpus.cards)) == [
        run_module.OWN_CARDS]
