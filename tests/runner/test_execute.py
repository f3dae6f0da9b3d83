"""The runner against the reference engine: aliases, labels, ``find``, choices, legality
checks, engine crashes, capabilities, and what each result reports about its ruling."""

from __future__ import annotations

import dataclasses
import shutil
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from conformance.contract.types import EngineInfo
from conformance.engines.reference import ReferenceEngine
from conformance.errors import Unsupported
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import LoadFailure, load_ruling
from conformance.format.model import Ruling
from conformance.runner.choices import NEITHER_ASKED_NOR_CHOSE
from conformance.runner.execute import ScenarioRun, run_ruling
from conformance.runner.results import Result, Status

ROOT = Path(__file__).resolve().parents[2]
CARD_FILE = ROOT / "rulings" / "cards.yaml"
ROOM = "Bottomless Pool // Locker Room"

Write = Callable[..., Ruling]

HEADER = """\
id: {id}
text: A ruling written for the runner's tests.
date: '2024-09-20'
source: {{seed: 001-01}}
cards: ['{room}']
cr: ['709.3']
mechanics: [rooms]
"""


class Wrapped:
    """The reference engine behind a delegate, so that one method can be changed."""

    def __init__(self, lacks: frozenset[str] = frozenset()) -> None:
        self._engine = ReferenceEngine()
        info = self._engine.info
        self._info = EngineInfo(info.name, info.version, info.capabilities - lacks,
                                info.contract)

    @property
    def info(self) -> EngineInfo:
        return self._info

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)


class ObserveCrashes(Wrapped):
    def observe(self, object_id: str, viewer: str | None = None) -> Any:
        raise RuntimeError("observe is broken")


class StartUnsupported(Wrapped):
    def start(self, setup: Any, cards: Any) -> Any:
        raise Unsupported("this engine cannot start from that state")


@pytest.fixture(scope="module")
def card_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("corpus")
    return Path(shutil.copy(CARD_FILE, folder / "cards.yaml"))


@pytest.fixture(scope="module")
def cards(card_file: Path) -> CardPool:
    return load_cards(card_file)


@pytest.fixture
def write(tmp_path: Path, card_file: Path, cards: CardPool) -> Write:
    """Write a ruling (header + ``body``) beside a copy of cards.yaml and load it."""
    shutil.copy(card_file, tmp_path / "cards.yaml")

    def write(body: str, ruling_id: str = "runner-test", header: str = HEADER) -> Ruling:
        path = tmp_path / f"{ruling_id}.yaml"
        path.write_text(header.format(id=ruling_id, room=ROOM) + textwrap.dedent(body),
                        encoding="utf-8")
        loaded = load_ruling(path, cards)
        assert not isinstance(loaded, LoadFailure), loaded.message
        return loaded
    return write


def line_of(ruling: Ruling, text: str) -> int:
    """The 1-based line of the only line of the ruling file that contains ``text``."""
    lines = [i for i, line in enumerate(Path(ruling.path).read_text().splitlines(), start=1)
             if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def run(ruling: Ruling, cards: CardPool, engine: Any = None) -> Result:
    return run_ruling(ruling, engine if engine is not None else ReferenceEngine(), cards)


CAST_ROOM = """\
scenarios:
  - name: {name}
    setup:
      players:
        alice:
          mana: "{{U}}"
          hand:
            - {{card: {room}, as: room}}
        bob: {{}}
    script:
{script}
"""


def scenario(script: str, name: str = "the scenario") -> str:
    """One scenario: alice has the Room in hand and {U}; ``script`` is its steps."""
    steps = textwrap.indent(textwrap.dedent(script).strip("\n"), " " * 6)
    return CAST_ROOM.format(name=name, room=ROOM, script=steps)


# -- aliases and objects -----------------------------------------------------------------------


def test_an_alias_follows_its_card_from_hand_to_stack_to_battlefield(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect: {object: room, zone: hand}
        - cast: {card: room, door: left}
        - expect: {object: room, zone: stack, names: [Bottomless Pool]}
        - resolve
        - expect: {object: room, zone: battlefield, unlocked_doors: [left]}
    """))
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_scenario_run_keeps_every_object_an_alias_named(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room, door: left}
        - resolve
    """))
    engine = ReferenceEngine()
    scenario_run = ScenarioRun(ruling, ruling.scenarios[0], engine, cards)
    scenario_run.run()
    final = scenario_run.aliases["room"]
    assert final is not None
    assert engine.observe(final).zone.value == "battlefield"
    # hand, stack, battlefield: three objects, all distinct (CR 400.7)
    assert len(scenario_run.history["room"]) == 3
    assert final in scenario_run.history["room"]


def test_a_wrong_zone_expectation_fails_with_expected_and_found(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room, door: left}
        - expect: {object: room, zone: hand}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.message == "room: zone: expected 'hand', found 'stack'"
    assert result.line == line_of(ruling, "zone: hand")


def test_a_label_is_the_same_object_until_the_card_moves(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - label: {object: room, as: in_hand}
        - expect: {object: room, same_object_as: in_hand}
        - cast: {card: room, door: left}
        - expect: {object: room, new_object_since: in_hand, zone: stack}
        - resolve
        - label: {object: room, as: on_battlefield}
        - expect: {object: room, same_object_as: on_battlefield, new_object_since: in_hand}
    """))
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_same_object_as_fails_once_the_card_has_moved(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - label: {object: room, as: in_hand}
        - cast: {card: room, door: left}
        - expect: {object: room, same_object_as: in_hand}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert "expected the same object as 'in_hand'" in result.message
    assert result.line == line_of(ruling, "same_object_as: in_hand")


def test_new_object_since_fails_while_the_card_has_not_moved(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - label: {object: room, as: in_hand}
        - expect: {object: room, new_object_since: in_hand}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert "expected a new object since 'in_hand'" in result.message
    assert result.line == line_of(ruling, "new_object_since: in_hand")


BEARS_AND_MEMNITE = """\
scenarios:
  - name: find on the battlefield
    setup:
      players:
        alice:
          battlefield: [Grizzly Bears, Grizzly Bears, Memnite]
        bob: {{}}
    script:
      - {find}
      - expect: {{object: found, zone: battlefield}}
"""


def test_find_binds_the_one_matching_object(write: Write, cards: CardPool) -> None:
    ruling = write(BEARS_AND_MEMNITE.format(
        find="find: {as: found, zone: battlefield, name: Memnite}") +
        "      - expect: {object: found, names: [Memnite], power: 1}\n")
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_find_binds_an_object_the_script_can_act_on(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room, door: left}
        - find: {as: spell, zone: stack, name: Bottomless Pool}
        - expect: {object: spell, same_object_as: room}
        - resolve
        - expect: {object: room, zone: battlefield}
    """))
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


@pytest.mark.parametrize(("find", "found"), [
    ("find: {as: found, zone: battlefield, name: Grizzly Bears}", 2),
    ("find: {as: found, zone: battlefield, name: Wargate}", 0),
    ("find: {as: found, zone: graveyard}", 0),
])
def test_find_fails_unless_exactly_one_object_matches(write: Write, cards: CardPool, find: str,
                                                      found: int) -> None:
    ruling = write(BEARS_AND_MEMNITE.format(find=find))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("expected exactly one object in the ")
    assert result.message.endswith(f"; found {found}")
    assert result.line == line_of(ruling, "find:")


def test_find_and_objects_show_what_they_match_as_the_file_writes_it(write: Write,
                                                                     cards: CardPool) -> None:
    ruling = write(BEARS_AND_MEMNITE.format(
        find="find: {as: found, zone: battlefield, token: false, name: Grizzly Bears}"))
    assert run(ruling, cards).message == (
        "expected exactly one object in the battlefield matching {'as': 'found', 'zone': "
        "'battlefield', 'token': False, 'name': 'Grizzly Bears'}; found 2")
    ruling = write(BEARS_AND_MEMNITE.format(
        find="expect: {objects: {zone: battlefield, name: Memnite, count: 2}}"
    ).replace("      - expect: {object: found, zone: battlefield}\n", ""), "runner-objects")
    assert run(ruling, cards).message == (
        "the game: objects: expected 2 matching {'zone': 'battlefield', 'name': 'Memnite', "
        "'count': 2}, found 1")


# -- choices ---------------------------------------------------------------------------------


def test_a_choice_left_unanswered_at_the_end_fails_naming_it(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room}
    """))
    engine = ReferenceEngine()
    result = run(ruling, cards, engine)
    prompt = engine.pending_choice().prompt
    assert result.status is Status.FAILED  # a choice the scenario says the rules do not give
    assert result.message.startswith("the engine is waiting for a choice the script does not "
                                     f"answer (the rules give none here): {prompt} [")
    assert "Bottomless Pool" in result.message and "Locker Room" in result.message


def test_a_pending_choice_before_the_next_action_fails(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room}
        - resolve
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert "does not answer" in result.message
    assert result.line == line_of(ruling, "- resolve")


def test_choose_answers_the_pending_choice(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room}
        - expect: {choice: {kind: door, exactly: [left, right], max: 1}}
        - choose: right
        - expect: {choice: none}
    """).replace('"{U}"', '"{4}{U}"'))
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_choose_where_the_engine_neither_asked_nor_chose_fails(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room, door: left}
        - choose: left
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED  # it made no choice the script says the rules require
    assert result.message == NEITHER_ASKED_NOR_CHOSE.format(answer=["left"])
    assert result.line == line_of(ruling, "choose: left")


# -- legality ---------------------------------------------------------------------------------


def test_expect_illegal_of_an_illegal_action_passes(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect_illegal: {cast: {card: room, door: right}}
        - expect: {object: room, zone: hand}
    """))  # Locker Room costs {2}{U}{U}; alice has {U}
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_expect_illegal_of_a_legal_action_fails(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect_illegal: {cast: {card: room, door: left}}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("expected the engine to refuse Cast(")
    assert result.message.endswith("; it allowed it")
    assert result.line == line_of(ruling, "expect_illegal")


def test_expect_legal_of_a_legal_action_passes_and_changes_nothing(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect_legal: {cast: {card: room, door: left}}
        - expect: {object: room, zone: hand}
        - expect: {stack_size: 0}
    """))
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message


def test_expect_legal_of_an_illegal_action_fails(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect_legal: {cast: {card: room, door: right}}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("expected Cast(")
    assert result.message.endswith("to be legal; the engine does not allow it")
    assert result.line == line_of(ruling, "expect_legal")


def test_an_action_the_engine_refuses_fails_with_its_reason(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - cast: {card: room, door: right}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.message.startswith("the engine refused Cast(")
    assert result.line == line_of(ruling, "door: right")


# -- engines that crash or lack something ---------------------------------------------------


def test_an_engine_exception_is_an_error_result_not_a_crash(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - expect: {object: room, zone: hand}
    """))
    result = run(ruling, cards, ObserveCrashes())  # does not raise
    assert result.status is Status.ERROR
    assert result.message == "engine raised RuntimeError: observe is broken"
    assert result.line == line_of(ruling, "zone: hand")
    assert result.scenario == "the scenario"


def test_the_next_ruling_still_runs_after_an_engine_exception(write: Write, cards: CardPool) -> None:
    crashing = write(scenario("- expect: {object: room, zone: hand}"), "crashing")
    fine = write(scenario("- expect: {stack_size: 0}"), "fine")
    engine = ObserveCrashes()
    assert run(crashing, cards, engine).status is Status.ERROR
    assert run(fine, cards, engine).status is Status.PASSED


def test_a_required_capability_the_engine_lacks_is_unsupported(write: Write, cards: CardPool) -> None:
    ruling = write("requires: [rooms, spell-copies]\n" + scenario("""
        - cast: {card: room, door: left}
    """))
    engine = Wrapped(lacks=frozenset({"spell-copies", "x-costs"}))
    result = run(ruling, cards, engine)
    assert result.status is Status.UNSUPPORTED
    assert result.message == "the engine lacks: spell-copies"
    assert run(ruling, cards).status is Status.PASSED  # the full reference engine has it


@pytest.mark.parametrize("step", ["- play_land: {card: island}",
                                  "- expect_illegal: {play_land: {card: island}}"])
def test_a_land_play_requires_play_lands_without_being_told(write: Write, cards: CardPool,
                                                           step: str) -> None:
    """An engine that cannot play lands would refuse the action: the scenario is
    ``unsupported`` for it, never ``failed``, though the ruling does not list the capability."""
    ruling = write(scenario(step).replace("- {card: " + ROOM + ", as: room}",
                                          "- {card: Island, as: island}"))
    result = run(ruling, cards, Wrapped(lacks=frozenset({"play-lands"})))
    assert result.status is Status.UNSUPPORTED
    assert result.message == "the engine lacks: play-lands"
    assert run(ruling, cards).status is (Status.PASSED if "expect" not in step else Status.FAILED)


TWO_SCENARIOS = """\
scenarios:
  - name: needs nothing more
    setup:
      players:
        alice: {{hand: [{{card: '{room}', as: room}}]}}
        bob: {{}}
    script:
      - expect: {{object: room, zone: hand}}
  - name: needs player views
    requires: [player-views]
    setup:
      players:
        alice: {{hand: [{{card: '{room}', as: room}}]}}
        bob: {{}}
    script:
      - expect: {{object: room, zone: {zone}}}
"""


@pytest.mark.parametrize("zone, status", [("hand", Status.PASSED), ("exile", Status.FAILED)])
def test_a_scenario_may_require_what_the_others_do_not(write: Write, cards: CardPool, zone: str,
                                                       status: Status) -> None:
    ruling = write(TWO_SCENARIOS.format(room=ROOM, zone=zone))
    lacking = run(ruling, cards, Wrapped(lacks=frozenset({"player-views"})))
    assert lacking.status is Status.PASSED  # the scenario it can run passes
    assert lacking.details["scenarios"] == [
        {"name": "needs nothing more", "status": "passed"},
        {"name": "needs player views", "status": "unsupported",
         "message": "the engine lacks: player-views", "line": line_of(ruling, "needs player views"),
         "reason": "capability"},
    ]
    full = run(ruling, cards)
    assert full.status is status  # the worst scenario's status is the ruling's
    assert [s["status"] for s in full.details["scenarios"]] == ["passed", status.value]


def test_every_scenario_unsupported_is_an_unsupported_ruling(write: Write, cards: CardPool) -> None:
    ruling = write(TWO_SCENARIOS.format(room=ROOM, zone="hand").replace(
        "  - name: needs nothing more\n", "  - name: needs nothing more\n    requires: [x-costs]\n"))
    result = run(ruling, cards, Wrapped(lacks=frozenset({"player-views", "x-costs"})))
    assert result.status is Status.UNSUPPORTED
    assert result.message == "the engine lacks: player-views, x-costs"
    assert result.reason == "capability"
    assert result.to_json()["reason"] == "capability"


def test_an_unknown_capability_on_a_scenario_is_reported_where_it_is(
        tmp_path: Path, card_file: Path, cards: CardPool) -> None:
    path = tmp_path / "r.yaml"
    path.write_text(HEADER.format(id="r", room=ROOM)
                    + TWO_SCENARIOS.format(room=ROOM, zone="hand").replace(
                        "[player-views]", "[player-view]"), encoding="utf-8")
    loaded = load_ruling(path, cards)
    assert isinstance(loaded, LoadFailure)
    line = [i for i, text in enumerate(path.read_text().splitlines(), 1) if "player-view]" in text]
    assert loaded.message == f"{path}:{line[0]}: unknown capability 'player-view'; did you mean " \
                             f"'player-views'?"


class NoManaValue(Wrapped):
    """Computes no mana value, and says so (contract 1.1)."""

    def observe(self, object_id: str, viewer: str | None = None) -> Any:
        view = self._engine.observe(object_id, viewer)
        return dataclasses.replace(view, mana_value=0,
                                   unknown={"mana_value": "no mana value is computed"})


@pytest.mark.parametrize("expect, status, message", [
    ("{object: room, zone: hand, mana_value: 6}", Status.UNSUPPORTED,
     "room: the engine does not compute mana_value (no mana value is computed)"),
    ("{object: room, zone: exile, mana_value: 6}", Status.FAILED,
     "room: zone: expected 'exile', found 'hand'"),
])
def test_a_value_the_engine_does_not_compute_is_never_judged(
        write: Write, cards: CardPool, expect: str, status: Status, message: str) -> None:
    ruling = write(scenario(f"- expect: {expect}"))
    result = run(ruling, cards, NoManaValue())
    assert (result.status, result.message) == (status, message)


class PlaysItsSetup(Wrapped):
    setup_steps = ("room: cast for Bottomless Pool",)


def test_the_setup_steps_an_engine_played_are_in_the_result(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("- expect: {object: room, zone: hand}"))
    result = run(ruling, cards, PlaysItsSetup())
    assert result.details["setup_played"] == {"the scenario": ["room: cast for Bottomless Pool"]}
    assert "setup_played" not in run(ruling, cards).details


class Reproducing(Wrapped):
    def reproduction(self, failure: str) -> str:
        return f"print({failure!r})\n"


def test_a_failure_keeps_the_engines_reproduction(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("- expect: {object: room, zone: exile}"))
    result = run(ruling, cards, Reproducing())
    assert result.status is Status.FAILED
    assert result.details["reproduction"] == f"print({result.message!r})\n"
    passing = write(scenario("- expect: {object: room, zone: hand}"), "passing")
    assert "reproduction" not in run(passing, cards, Reproducing()).details


def test_unsupported_raised_by_the_engine_is_unsupported(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("- expect: {stack_size: 0}"))
    result = run(ruling, cards, StartUnsupported())
    assert result.status is Status.UNSUPPORTED
    assert "cannot start from that state" in result.message


def test_a_ruling_that_is_not_executable_is_not_run(write: Write, cards: CardPool) -> None:
    ruling = write("executable: false\n"
                   "not_executable_reason: Nothing a machine can observe.\n")
    result = run(ruling, cards, ObserveCrashes())
    assert result.status is Status.NOT_EXECUTABLE
    assert result.message == "Nothing a machine can observe."


# -- what a result says about its ruling -----------------------------------------------------


def test_a_failing_step_in_a_later_scenario_reports_that_scenario_and_line(write: Write, cards: CardPool) -> None:
    first = scenario("- expect: {object: room, zone: hand}", name="first")
    second = scenario("""
        - cast: {card: room, door: left}
        - resolve
        - expect: {object: room, zone: graveyard}
    """, name="second").removeprefix("scenarios:\n")
    ruling = write(first + second)
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert result.scenario == "second"
    assert result.line == line_of(ruling, "zone: graveyard")
    assert result.path == ruling.path
    assert result.id == "runner-test"
    assert result.location == f"{ruling.path}:{result.line}"


def test_a_passing_result(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("- expect: {object: room, zone: hand}"))
    result = run(ruling, cards)
    assert (result.status, result.message, result.line, result.scenario) == \
        (Status.PASSED, "", 0, "")
    assert result.id == "runner-test"
    assert result.path == ruling.path
    assert result.duration >= 0


def test_setup_is_legal_play_for_hand_and_library_only(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("- expect: {object: room, zone: hand}"))
    body = """\
    scenarios:
      - name: hand and library
        setup:
          players:
            alice:
              mana: "{G}"
              hand: [Grizzly Bears]
              library: [Memnite, {card: Grizzly Bears, as: bears}]
            bob: {}
        script:
          - expect: {object: bears, zone: library}
    """
    for candidate in (ruling, write(body, "hand-and-library")):
        result = run(candidate, cards)
        assert result.status is Status.PASSED, result.message
        assert result.setup == "legal-play"
        assert result.injected_steps == 0


@pytest.mark.parametrize("zone", ["battlefield", "graveyard", "exile"])
def test_setup_is_injected_when_a_card_starts_elsewhere(write: Write, cards: CardPool, zone: str) -> None:
    ruling = write(f"""\
    scenarios:
      - name: from hand
        setup:
          players:
            alice: {{hand: [Memnite]}}
            bob: {{}}
        script:
          - expect: {{stack_size: 0}}
      - name: from {zone}
        setup:
          players:
            alice: {{hand: [Memnite]}}
            bob: {{{zone}: [Grizzly Bears]}}
        script:
          - expect: {{stack_size: 0}}
    """)
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message
    assert result.setup == "injected"


def test_setup_is_injected_for_a_hidden_setup_state_on_any_zone(write: Write, cards: CardPool) -> None:
    ruling = write("""\
    scenarios:
      - name: face down in hand
        setup:
          players:
            alice: {hand: [{card: Memnite, face_down: true}]}
            bob: {}
        script:
          - expect: {stack_size: 0}
    """)
    assert ruling.scenarios[0].setup.provenance == "injected"
    assert run(ruling, cards).setup == "injected"


def test_injected_steps_counts_move_steps_of_every_scenario(write: Write, cards: CardPool) -> None:
    moves = scenario("""
        - move: {object: room, to: graveyard}
        - expect: {object: room, zone: graveyard}
        - move: {object: room, to: exile}
        - expect: {object: room, zone: exile}
    """, name="two moves")
    one_more = scenario("""
        - move: {object: room, to: battlefield}
        - expect: {object: room, zone: battlefield, unlocked_doors: []}
        - expect_illegal: {cast: {card: room, door: right}}
    """, name="one move").removeprefix("scenarios:\n")
    ruling = write(moves + one_more)
    result = run(ruling, cards)
    assert result.status is Status.PASSED, result.message
    assert result.injected_steps == 3
    assert result.setup == "legal-play"  # moves do not change how the setup was reached


def test_a_failing_ruling_still_reports_setup_and_injected_steps(write: Write, cards: CardPool) -> None:
    ruling = write(scenario("""
        - move: {object: room, to: graveyard}
        - expect: {object: room, zone: hand}
    """))
    result = run(ruling, cards)
    assert result.status is Status.FAILED
    assert (result.setup, result.injected_steps) == ("legal-play", 1)
