"""``expect_illegal: {choose: ...}``: an answer the rules forbid must be refused by the engine,
and the same choice stays pending for the script's next ``choose``.  An accepted answer fails
the ruling; an engine that drops the choice broke the contract (error); an engine that lacks
the kind of choice is unsupported; a refused answer is never a refused action."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import Cast, Choice, Event, PlayerRef, automatic_choice
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction, Unsupported
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import LoadFailure, load_ruling
from conformance.format.model import Ruling
from conformance.runner.choices import (
    ANSWER_ACCEPTED, CHOICE_DROPPED, NO_CHOICE_TO_REFUSE, REFUSED_ANSWER_CHOSEN,
)
from conformance.runner.execute import run_ruling
from conformance.runner.results import Result, Status

ROOT = Path(__file__).resolve().parents[2]
CARD_FILE = ROOT / "rulings" / "cards.yaml"

HEADER = """\
id: refused-answer-test
text: A ruling written for the runner's tests.
date: null
text_unverified: true
source: {url: 'https://magic.wizards.com/en/rules', page: CR 601.2d}
cards: [Arc Lightning, Twin Bolt, Grizzly Bears]
cr: ['601.2d']
mechanics: [casting]
scenarios:
  - name: the scenario
    setup:
      players:
        alice:
          mana: "{2}{R}{1}{R}"
          hand:
            - {card: Arc Lightning, as: arc}
            - {card: Twin Bolt, as: bolt}
        bob:
          battlefield:
            - {card: Grizzly Bears, as: bears}
    script:
"""


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(CARD_FILE)


def ruling(tmp_path: Path, cards: CardPool, script: str) -> Ruling:
    shutil.copy(CARD_FILE, tmp_path / "cards.yaml")
    path = tmp_path / "refused-answer-test.yaml"
    steps = textwrap.indent(textwrap.dedent(script).strip("\n"), " " * 6)
    path.write_text(HEADER + steps + "\n", encoding="utf-8")
    loaded = load_ruling(path, cards)
    assert not isinstance(loaded, LoadFailure), loaded.message
    return loaded


def line_of(ruling: Ruling, text: str) -> int:
    lines = [i for i, line in enumerate(Path(ruling.path).read_text().splitlines(), start=1)
             if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def run(ruling: Ruling, cards: CardPool, engine: Any = None) -> Result:
    return run_ruling(ruling, engine if engine is not None else ReferenceEngine(), cards)


class Delegate:
    """The reference engine behind a delegate, so that one method can be changed."""

    def __init__(self) -> None:
        self._engine = ReferenceEngine()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class AcceptsAnyDivision(Delegate):
    """Takes a division that leaves a target with nothing (wrong): it answers the reference
    engine with a division that gives each target at least 1 instead."""

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        choice = self._engine.pending_choice()
        if choice is not None and choice.kind == "divide":
            values = [o.value for o in choice.options]
            values += [values[0]] * (choice.min - len(values))
        return self._engine.answer(values)


class DropsTheChoice(Delegate):
    """Refuses the answer and then asks nothing any more (breaks the contract)."""

    refused = False

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        try:
            return self._engine.answer(values)
        except IllegalAction:
            self.refused = True
            raise

    def pending_choice(self) -> Choice | None:
        return None if self.refused else self._engine.pending_choice()


class NoDivisions(Delegate):
    """Cannot divide damage: says so when asked to."""

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        choice = self._engine.pending_choice()
        if choice is not None and choice.kind == "divide":
            raise Unsupported("this engine cannot divide damage")
        return self._engine.answer(values)


class ForcedAlone(Delegate):
    """Makes forced choices itself and reports them (correct, contract 1.1)."""

    def _alone(self, events: Sequence[Event]) -> list[Event]:
        out = list(events)
        while (choice := self._engine.pending_choice()) is not None and choice.forced:
            chosen = [o.value for o in choice.options]
            out.append(automatic_choice(choice, chosen))
            out.extend(self._engine.answer(chosen))
        return out

    def perform(self, action: Any) -> list[Event]:
        return self._alone(self._engine.perform(action))


REFUSED_THEN_ANSWERED = """
- cast: {card: arc, targets: [bears, bob]}
- expect_illegal: {choose: [bears, bears, bears]}
- expect: {choice: {kind: divide, exactly: [bears, bob], min: 3, max: 3}}
- expect: {object: bears, zone: battlefield}
- choose: [bears, bob, bob]
- resolve
- expect: {player: bob, life: 18}
"""


def test_a_refused_answer_passes_and_the_same_choice_stays_pending(
        tmp_path: Path, cards: CardPool) -> None:
    result = run(ruling(tmp_path, cards, REFUSED_THEN_ANSWERED), cards)
    assert result.status is Status.PASSED, result.message


def test_an_accepted_answer_fails_saying_so(tmp_path: Path, cards: CardPool) -> None:
    written = ruling(tmp_path, cards, REFUSED_THEN_ANSWERED)
    result = run(written, cards, AcceptsAnyDivision())
    assert result.status is Status.FAILED
    assert result.message == ANSWER_ACCEPTED.format(
        answer=["bears", "bears", "bears"],
        prompt=division_prompt(written, cards))
    assert result.line == line_of(written, "expect_illegal")


def division_prompt(written: Ruling, cards: CardPool) -> str:
    """The prompt of the division the reference engine asks in ``written``."""
    engine = ReferenceEngine()
    aliases = engine.start(written.scenarios[0].setup, cards)
    engine.perform(Cast("alice", aliases["arc"], targets=(aliases["bears"], PlayerRef("bob"))))
    choice = engine.pending_choice()
    assert choice is not None
    return choice.prompt


def test_a_legal_answer_under_expect_illegal_fails(tmp_path: Path, cards: CardPool) -> None:
    written = ruling(tmp_path, cards, """
        - cast: {card: arc, targets: [bears, bob]}
        - expect_illegal: {choose: [bears, bob, bob]}
    """)
    result = run(written, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("expected the engine to refuse the answer ['bears', 'bob', "
                                     "'bob'] to '")
    assert result.message.endswith("'; it accepted it")


def test_no_choice_to_refuse_fails(tmp_path: Path, cards: CardPool) -> None:
    written = ruling(tmp_path, cards, """
        - expect_illegal: {choose: [bears]}
    """)
    result = run(written, cards)
    assert result.status is Status.FAILED
    assert result.message == NO_CHOICE_TO_REFUSE.format(answer=["bears"])


def test_an_engine_that_drops_the_choice_after_refusing_broke_the_contract(
        tmp_path: Path, cards: CardPool) -> None:
    result = run(ruling(tmp_path, cards, REFUSED_THEN_ANSWERED), cards, DropsTheChoice())
    assert result.status is Status.ERROR
    assert "a refused answer leaves the same choice pending" in result.message
    assert CHOICE_DROPPED.split("{")[0] in result.message


def test_an_engine_without_the_kind_of_choice_is_unsupported(
        tmp_path: Path, cards: CardPool) -> None:
    result = run(ruling(tmp_path, cards, REFUSED_THEN_ANSWERED), cards, NoDivisions())
    assert result.status is Status.UNSUPPORTED
    assert "cannot divide damage" in result.message


def test_a_refused_answer_under_choose_is_a_refused_answer_not_a_refused_action(
        tmp_path: Path, cards: CardPool) -> None:
    written = ruling(tmp_path, cards, """
        - cast: {card: arc, targets: [bears, bob]}
        - choose: [bears, bears, bears]
    """)
    result = run(written, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("the engine refused the answer ['bears', 'bears', "
                                     "'bears'] to '")
    assert "refused Cast(" not in result.message


def test_a_forced_choice_the_engine_made_itself_refuses_every_other_answer(
        tmp_path: Path, cards: CardPool) -> None:
    """Twin Bolt's 2 damage between two targets has one division: 1 each (CR 601.2d)."""
    other = ruling(tmp_path, cards, """
        - cast: {card: bolt, targets: [bears, bob]}
        - expect_illegal: {choose: [bob, bob]}
        - choose: [bears, bob]
        - resolve
        - expect: {player: bob, life: 19}
    """)
    assert run(other, cards).status is Status.PASSED
    result = run(other, cards, ForcedAlone())
    assert result.status is Status.PASSED, result.message
    assert any("expect_illegal: choose met by the divide" in note
               for note in result.details["automatic_choices"])
    same = ruling(tmp_path, cards, """
        - cast: {card: bolt, targets: [bears, bob]}
        - expect_illegal: {choose: [bob, bears]}
    """)
    result = run(same, cards, ForcedAlone())
    assert result.status is Status.FAILED
    assert result.message.startswith(REFUSED_ANSWER_CHOSEN.split("{")[0])
