"""Contract 1.1 choices: automatic choices, open choices, options matched by value or label.

Engines that choose for the player where the rules leave one answer, and engines that take
free answers to a name choice, pass every ruling; an engine that picks where the player
could have chosen otherwise, one that neither asks nor chooses, and one that accepts a name
the rules refuse, fail -- each shown on the corpus with a deliberately wrong engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


from conformance.contract.types import Action, Choice, Event, Option, automatic_choice
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction
from conformance.format.loader import Corpus
from conformance.runner.choices import NEITHER_ASKED_NOR_CHOSE, NO_CHOICE_TO_CHECK
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status



class Delegate:
    """The reference engine behind a delegate whose choices can be changed."""

    def __init__(self) -> None:
        self._engine = ReferenceEngine()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class AutoChoosing(Delegate):
    """Makes choices itself instead of asking: the forced ones only (correct), or every
    one, picking the first options (wrong); reports them unless ``silent`` (wrong)."""

    def __init__(self, forced_only: bool = True, silent: bool = False) -> None:
        super().__init__()
        self.forced_only = forced_only
        self.silent = silent

    def _choose_alone(self, events: Sequence[Event]) -> list[Event]:
        out = list(events)
        while (choice := self._engine.pending_choice()) is not None:
            if self.forced_only and not choice.forced:
                break
            chosen = [o.value for o in choice.options[:choice.min]]
            if not self.silent:
                out.append(automatic_choice(choice, chosen))
            out.extend(self._engine.answer(chosen))
        return out

    def perform(self, action: Action) -> list[Event]:
        return self._choose_alone(self._engine.perform(action))

    def answer(self, values: Sequence[str]) -> list[Event]:
        return self._choose_alone(self._engine.answer(values))


class OpenNames(Delegate):
    """Asks "choose a card name" as an open choice with no options, and judges answers
    itself: by the reference engine's list (correct), or accepting anything (wrong)."""

    def __init__(self, accept_anything: bool = False) -> None:
        super().__init__()
        self.accept_anything = accept_anything

    def pending_choice(self) -> Choice | None:
        choice = self._engine.pending_choice()
        if choice is None or choice.kind != "name":
            return choice
        return Choice("name", choice.player, choice.prompt, (), 1, 1, open=True)

    def accepts(self, values: Sequence[str]) -> bool:
        choice = self._engine.pending_choice()
        assert choice is not None and choice.kind == "name"
        return self.accept_anything or all(v in {o.value for o in choice.options} for v in values)

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        choice = self._engine.pending_choice()
        if choice is not None and choice.kind == "name" and not self.accepts(values):
            raise IllegalAction(f"{values!r} is not a card name")
        return self._engine.answer(values)


class Relabelled(Delegate):
    """Offers every option under another value, with the reference engine's value as its
    label: a correct engine whose option values differ."""

    def pending_choice(self) -> Choice | None:
        choice = self._engine.pending_choice()
        if choice is None or choice.kind not in ("door", "option"):
            return choice
        options = tuple(Option(f"#{i}", o.value) for i, o in enumerate(choice.options))
        return Choice(choice.kind, choice.player, choice.prompt, options, choice.min, choice.max)

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        choice = self._engine.pending_choice()
        assert choice is not None
        if choice.kind in ("door", "option"):
            values = [choice.options[int(v[1:])].value for v in values]
        return self._engine.answer(values)


def verdicts(corpus: Corpus, engine: Any) -> dict[str, Any]:
    return {r.id: run_ruling(r, engine, corpus.cards) for r in corpus.rulings if r.executable}


def test_an_engine_making_forced_choices_itself_passes_every_ruling(corpus: Corpus) -> None:
    results = verdicts(corpus, AutoChoosing())
    assert {k: r.message for k, r in results.items() if r.status is not Status.PASSED} == {}
    noted = [k for k, r in results.items() if r.details.get("automatic_choices")]
    assert "room-unlock-without-targets-for-trigger" in noted
    note = results["room-unlock-without-targets-for-trigger"].details["automatic_choices"][0]
    assert "the engine chose automatically" in note


def test_an_engine_choosing_where_the_player_could_choose_otherwise_fails(corpus: Corpus) -> None:
    results = verdicts(corpus, AutoChoosing(forced_only=False))
    failed = {k: r.message for k, r in results.items() if r.status is Status.FAILED}
    assert "room-cast-one-door" in failed
    assert "where the player could have chosen otherwise" in failed["room-cast-one-door"]
    assert not [k for k, r in results.items() if r.status is Status.ERROR]


def test_an_engine_that_neither_asks_nor_chooses_fails(corpus: Corpus) -> None:
    results = verdicts(corpus, AutoChoosing(silent=True))
    result = results["room-unlock-without-targets-for-trigger"]
    assert result.status is Status.FAILED
    assert result.message == "the game: " + NO_CHOICE_TO_CHECK
    assert result.scenario == "for contrast, with a creature to target the ability goes on the stack"
    assert not [k for k, r in results.items() if r.status is Status.ERROR]


def test_an_engine_taking_free_card_names_passes_every_ruling(corpus: Corpus) -> None:
    results = verdicts(corpus, OpenNames())
    assert {k: r.message for k, r in results.items() if r.status is not Status.PASSED} == {}


def test_an_engine_accepting_both_names_of_a_room_fails(corpus: Corpus) -> None:
    results = verdicts(corpus, OpenNames(accept_anything=True))
    result = results["room-has-two-names"]
    assert result.status is Status.FAILED
    assert "expected the engine to refuse ['Bottomless Pool // Locker Room']" in result.message


def test_options_are_matched_by_value_or_label_alike(corpus: Corpus) -> None:
    results = verdicts(corpus, Relabelled())
    assert {k: r.message for k, r in results.items() if r.status is not Status.PASSED} == {}


def test_a_choose_step_the_engine_neither_asked_nor_made_fails(corpus: Corpus) -> None:
    results = verdicts(corpus, AutoChoosing(silent=True))
    messages = {r.message for r in results.values() if r.status is Status.FAILED}
    assert NEITHER_ASKED_NOR_CHOSE.format(answer=["bears"]) in messages


def test_every_scenario_gets_a_verdict_and_the_worst_is_the_rulings(corpus: Corpus) -> None:
    ruling = next(r for r in corpus.rulings if r.id == "room-unlock-without-targets-for-trigger")
    result = run_ruling(ruling, AutoChoosing(silent=True), corpus.cards)
    assert [s["status"] for s in result.details["scenarios"]] == ["passed", "failed"]
