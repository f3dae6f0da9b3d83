"""The state machine blames no correct engine: it replays a game the same way whatever ids
and orders the engine uses, takes a refused answer for a refused answer, records answers
in the contract's words, and reaches later steps, later turns and the other player."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from conformance.properties.machine import games_test

sys.path.insert(0, str(Path(__file__).parents[1] / "benign"))

from benign_variants import (  # noqa: E402
    CurlyTexts, DoorChoiceKeptPending, OtherYesNoValues, RandomIds, RoomCastAsksDoor, ShuffledOrders,
    Variant,
)

from conformance.contract.types import Cast, ObjectView, Option, Resolve  # noqa: E402
from conformance.engines.reference import ReferenceEngine  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.loader import load_corpus  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Step, Zone  # noqa: E402
from conformance.properties import PROPERTIES, Property, Violation, run_property  # noqa: E402
from conformance.properties.machine import PropertyFailure, machine_class, next_steps  # noqa: E402
from conformance.properties.recording import Recorder, StableOrder, pinned_word  # noqa: E402
from conformance.properties.profiles import PROFILES  # noqa: E402
from conformance.runner.results import Status  # noqa: E402

RULINGS = Path(__file__).parents[2] / "rulings"
BY_ID = {p.id: p for p in PROPERTIES}
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def _setup(alice: dict[Zone, list[CardEntry]], bob: dict[Zone, list[CardEntry]] | None = None,
           mana: str = PLENTY) -> Setup:
    return Setup((PlayerSetup("alice", mana=mana, zones={z: tuple(e) for z, e in alice.items()}),
                  PlayerSetup("bob", zones={z: tuple(e) for z, e in (bob or {}).items()})),
                 "alice", Step.PRECOMBAT_MAIN)


def _play(factory: Any, corpus: Any, properties: list[Property], setup: Setup | None = None,
          examples: int = 30) -> None:
    machine = machine_class(factory, corpus.cards, properties, moves=True,
                            setups=None if setup is None else st.just(setup))
    games_test(machine, settings(PROFILES["ci"], max_examples=examples))()


def _spy(seen: list[Any], look: Any) -> Property:
    def check(o: Any) -> list[Any]:
        seen.append(look(o))
        return []
    return Property("spy", "records what the games reach", ("spy",), frozenset(), check)


# -- 1. ids that differ between runs --------------------------------------------------------


class RoomSpellCostsOneMore(Variant):
    """A planted bug: a Room spell's mana value is one more than its door's."""

    def view(self, view: ObjectView) -> ObjectView:
        if "Room" in view.subtypes and view.zone is Zone.STACK:
            return replace(view, mana_value=view.mana_value + 1)
        return view


@pytest.mark.slow  # minutes of CPU: the slow tier (pyproject.toml)
def test_a_game_on_random_ids_shrinks_to_a_counterexample(corpus):
    """Shrinking replays games: with random ids and shuffled orders, the machine must make
    the same choices by what the scenario controls, not by ids or ``repr`` (which gave
    FlakyFailure / FlakyStrategyDefinition, an error, instead of the failure)."""
    names = ["Grizzly Bears", "Memnite", "Bottomless Pool // Locker Room", "Shock",
             "Mirror Room // Fractured Realm"]
    setup = _setup({Zone.HAND: [CardEntry(n, f"c{i}") for i, n in enumerate(names, 1)]})
    with pytest.raises(PropertyFailure) as failure:
        _play(lambda: RandomIds(ShuffledOrders(RoomSpellCostsOneMore())), corpus,
              [BY_ID["room-characteristics-by-zone"]], setup)
    assert "a Room spell's mana value is 2, not its door's 1" in str(failure.value)
    assert {"cast": {"card": "c3", "door": "left"}} in failure.value.scenario["script"]


def test_objects_and_actions_are_ordered_by_aliases_and_what_they_are(corpus):
    setup = _setup({Zone.HAND: [CardEntry("Grizzly Bears", "c1"), CardEntry("Memnite", "c2")],
                    Zone.BATTLEFIELD: [CardEntry("Grizzly Bears")]})
    keys = []
    for _run in range(2):
        engine = RandomIds(ShuffledOrders())
        recorder = Recorder(setup, dict(engine.start(setup, corpus.cards)))
        order = StableOrder(engine, recorder)
        actions = sorted(engine.legal_actions("alice"), key=order.action)
        keys.append([recorder.alias_of(a.card) for a in actions if isinstance(a, Cast)])
    assert keys[0] == keys[1] == ["c1", "c2"]


# -- 2. a refused answer is not a refused action ----------------------------------------------


class CountingRefusals(RoomCastAsksDoor):
    refused: list[str] = []

    def answer(self, values: Any) -> Any:
        try:
            return super().answer(values)
        except IllegalAction as exc:
            CountingRefusals.refused.append(exc.reason)
            raise


class CountingPendingRefusals(DoorChoiceKeptPending):
    refused: list[str] = []

    def answer(self, values: Any) -> Any:
        try:
            return super().answer(values)
        except IllegalAction as exc:
            CountingPendingRefusals.refused.append(exc.reason)
            raise


@pytest.mark.parametrize("variant", [CountingRefusals, CountingPendingRefusals])
def test_a_refused_answer_to_a_door_choice_is_not_a_refused_action(corpus, variant):
    """An engine lists a Room once, asks the door, and refuses a door that can't be cast
    now (dropping the cast, or keeping the choice pending): no verdict, and the game goes on."""
    variant.refused.clear()
    room = "Bottomless Pool // Locker Room"
    setup = _setup({Zone.HAND: [CardEntry(room, "c1"), CardEntry("Shock", "c2")],
                    Zone.BATTLEFIELD: [CardEntry("Grizzly Bears", "c3")]}, mana="{U}{R}")
    result = run_property(BY_ID["room-characteristics-by-zone"], variant, corpus.cards,
                          corpus.rulings, profile="ci")
    assert result.status is Status.PASSED, result.message
    _play(variant, corpus, [BY_ID["room-characteristics-by-zone"]], setup)
    assert variant.refused, "no answer was refused: the test shows nothing"


class RefusesShockAtItsForcedTarget(Variant):
    """Lists Shock, then refuses its cast as an engine that chose Shock's only target itself
    and had it refused would (contract 1.1) -- before reporting any automatic choice."""

    refused: list[str] = []

    def perform(self, action: Any) -> Any:
        if isinstance(action, Cast) and "Shock" in self.inner.observe(self.into(action).card).names:
            RefusesShockAtItsForcedTarget.refused.append("Shock")
            raise IllegalAction("the only legal target, chosen automatically, was refused")
        return super().perform(action)


class DeclaresAutomaticChoices(RefusesShockAtItsForcedTarget):
    @property
    def info(self) -> Any:
        inner = self.inner.info
        return replace(inner, capabilities=inner.capabilities | {"automatic-choices"})


def test_an_engine_declaring_automatic_choices_may_refuse_a_listed_action_from_the_first_game(
        corpus):
    """Refused at a forced choice it made itself, a listed action is no finding on an engine
    that declares ``automatic-choices`` (contract 1.2), even before it has reported one;
    on an engine that declares nothing and has reported none, it is."""
    setup = _setup({Zone.HAND: [CardEntry("Shock", "c1")],
                    Zone.BATTLEFIELD: [CardEntry("Grizzly Bears", "c2")]}, mana="{R}")
    seen: list[Any] = []
    RefusesShockAtItsForcedTarget.refused.clear()
    _play(DeclaresAutomaticChoices, corpus, [_spy(seen, lambda o: None)], setup, examples=10)
    assert RefusesShockAtItsForcedTarget.refused, "Shock was never cast: the test shows nothing"
    with pytest.raises(AssertionError, match="as legal, then refused it"):
        _play(RefusesShockAtItsForcedTarget, corpus, [_spy(seen, lambda o: None)], setup,
              examples=10)


# -- 3. answers in the contract's words --------------------------------------------------------


def test_pinned_words_are_read_from_the_value_or_the_label():
    assert pinned_word(Option("accept", "yes")) == "yes"
    assert pinned_word(Option("no", "Decline")) == "no"
    assert pinned_word(Option("left", "the left door")) == "left"
    assert pinned_word(Option("o12", "Grizzly Bears")) is None


def test_yes_no_answers_are_recorded_as_yes_and_no(corpus):
    """Serah Farron's "you may transform" on an engine valuing yes/no 'accept'/'decline'."""
    setup = _setup({Zone.BATTLEFIELD: [CardEntry("Serah Farron // Crystallized Serah", "c1"),
                                       CardEntry("Isamaru, Hound of Konda", "c2"),
                                       CardEntry("Tyrox, Saurid Tyrant", "c3")]})
    answers: list[Any] = []
    spy = _spy(answers, lambda o: [s["choose"] for s in o.recorder.steps
                                   if isinstance(s, dict) and "choose" in s])
    _play(OtherYesNoValues, corpus, [spy], setup)
    recorded = {str(a) for steps in answers for answer in steps for a in answer}
    assert recorded & {"yes", "no"}, "no yes/no choice was reached"
    assert not recorded & {"accept", "decline"}


# -- 4. texts in another typography -------------------------------------------------------------


def test_a_doubler_in_curly_typography_still_counts(corpus):
    """Unlocking Bottomless Pool with Fractured Realm unlocked: the trigger goes on the stack
    twice, whatever typography the engine prints Fractured Realm's ability in."""
    setup = _setup({Zone.BATTLEFIELD: [
        CardEntry("Mirror Room // Fractured Realm", "c1", unlocked=(Door.RIGHT,)),
        CardEntry("Bottomless Pool // Locker Room", "c2"),
        CardEntry("Grizzly Bears", "c3")]})
    unlocks: list[Any] = []
    spy = _spy(unlocks, lambda o: type(o.action).__name__)
    _play(CurlyTexts, corpus, [BY_ID["unlock-trigger-count"], spy], setup)
    assert "Unlock" in unlocks


# -- section 2: turns and both players ---------------------------------------------------------


def test_priority_is_passed_to_every_step_nearest_first():
    assert next_steps(Step.PRECOMBAT_MAIN)[:3] == [Step.BEGINNING_OF_COMBAT,
                                                   Step.DECLARE_ATTACKERS, Step.END_OF_COMBAT]
    assert next_steps(Step.END)[:2] == [Step.UPKEEP, Step.DRAW]
    assert next_steps(Step.END)[-1] is Step.END  # a whole turn later
    assert Step.UNTAP not in next_steps(Step.UPKEEP) and Step.CLEANUP not in next_steps(Step.END)


def _turns_seen(setup: Setup | None, corpus: Any) -> list[Any]:
    seen: list[Any] = []
    spy = _spy(seen, lambda o: (id(o.recorder), o.game.step, o.game.active_player,
                                getattr(o.action, "player", None)))
    _play(ReferenceEngine, corpus, [spy], setup)
    return seen


def test_games_reach_other_steps_and_both_players_act(corpus):
    seen = _turns_seen(None, corpus)
    steps = {step for _game, step, _active, _player in seen}
    assert len(steps - {Step.PRECOMBAT_MAIN}) >= 3, steps
    assert {"alice", "bob"} <= {player for _game, _step, _active, player in seen}


def test_games_go_on_to_the_next_turn(corpus):
    setup = _setup({Zone.BATTLEFIELD: [CardEntry("Grizzly Bears", "c1")],
                    Zone.LIBRARY: [CardEntry("Memnite", "c2"), CardEntry("Memnite", "c3")]})
    seen = _turns_seen(setup, corpus)
    actives: dict[int, set[str]] = {}
    for game, _step, active, _player in seen:
        actives.setdefault(game, set()).add(active)
    assert any(len(players) == 2 for players in actives.values()), "no game reached a second turn"
    assert {Step.UPKEEP, Step.DRAW, Step.END} <= {step for _game, step, _a, _p in seen}


def test_a_counterexample_binds_the_object_it_expects_something_of(corpus):
    """A token made during the game has no alias: the scenario finds it before expecting of it."""
    setup = _setup({Zone.HAND: [CardEntry("Raise the Alarm", "alarm")]})
    engine = ReferenceEngine()
    aliases = engine.start(setup, corpus.cards)
    recorder = Recorder(setup, dict(aliases))
    for action in (Cast("alice", aliases["alarm"]), Resolve()):
        recorder.steps.append(recorder.action(engine, action))
        recorder.follow(engine.perform(action))
    token = next(i for i in engine.objects(Zone.BATTLEFIELD) if engine.observe(i).token)
    scenario = recorder.scenario(engine, "found", Violation("wrong", token, "tapped", False))
    *_, find, expect = scenario["script"]
    assert find["find"]["as"] == expect["expect"]["object"]
    assert recorder.scenario(engine, "found", Violation("wrong", token, "tapped", False)) \
        == scenario  # the recorder is as it was


def test_a_counterexample_about_an_object_that_ceased_to_exist_ends_with_the_game(corpus):
    """A Shock's target dies: the violation names the creature's old object, which no view
    finds any more; the scenario is the game played, without an expectation about it (the
    search reported an error about the recorder, not the finding, before)."""
    setup = _setup({Zone.HAND: [CardEntry("Shock", "shock")],
                    Zone.BATTLEFIELD: [CardEntry("Memnite", "memnite")]})
    engine = ReferenceEngine()
    aliases = engine.start(setup, corpus.cards)
    recorder = Recorder(setup, dict(aliases))
    old = aliases["memnite"]
    for action in (Cast("alice", aliases["shock"], targets=(old,)), Resolve()):
        recorder.steps.append(recorder.action(engine, action))
        recorder.follow(engine.perform(action))
    scenario = recorder.scenario(engine, "found", Violation("wrong", old, "zone",
                                                            "battlefield"))
    assert scenario["script"] == recorder.steps and "expect" not in str(scenario["script"])
