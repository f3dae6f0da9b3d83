"""The python-mtg adapter: what it sets up, maps, reports, refuses and reproduces.

A python-mtg game costs about a second to build, so each fixture builds one game and the
tests that only look share it.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

mtg = pytest.importorskip("mtg")

from conformance.contract import registry  # noqa: E402
from conformance.contract.types import (  # noqa: E402
    CHOICE_MADE, Activate, AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, PlayerRef,
    Resolve, TurnFaceUp, Unlock,
)
from conformance.engines.python_mtg import PythonMtgEngine, create  # noqa: E402
from conformance.engines.python_mtg.observe import object_view  # noqa: E402
from conformance.errors import IllegalAction, Unsupported, UsageError  # noqa: E402
from conformance.format.cards import CardPool, load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Door, Step, Zone  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
REPROS = ROOT / "docs" / "engines" / "python-mtg" / "repros"


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(ROOT / "rulings" / "cards.yaml")


def two(alice: PlayerSetup, bob: PlayerSetup | None = None, active: str = "alice",
        step: Step = Step.PRECOMBAT_MAIN) -> Setup:
    return Setup((alice, bob or PlayerSetup("bob")), active, step)


@pytest.fixture(scope="module")
def board(cards: CardPool) -> Iterator[tuple[PythonMtgEngine, dict[str, str]]]:
    """Every zone and permanent state the adapter sets up, in one game (nothing is cast)."""
    engine = create()
    setup = two(
        PlayerSetup("alice", life=17, mana="{1}{G}", zones={
            Zone.LIBRARY: (CardEntry("Memnite", "top"), CardEntry("Grizzly Bears", "second")),
            Zone.HAND: (CardEntry("Unsummon", "unsummon"),),
            Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears", tapped=True,
                                         counters=(("+1/+1", 2),)),
                               CardEntry("Isamaru, Hound of Konda", "isamaru")),
            Zone.GRAVEYARD: (CardEntry("Shock", "shock"),),
            Zone.EXILE: (CardEntry("Searing Spear", "spear"),),
        }),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Memnite", "bobs"),)}),
        active="bob", step=Step.POSTCOMBAT_MAIN)
    aliases = engine.start(setup, cards)
    yield engine, aliases
    engine.close()


def test_it_is_registered_and_says_what_it_can_do() -> None:
    engine = registry.create("python-mtg")
    assert engine.info.name == "python-mtg"
    assert engine.info.version == mtg.__version__
    assert engine.info.capabilities == {"inject-state", "activated-abilities",
                                        "triggered-abilities", "transform", "morph",
                                        "special-actions", "combat", "play-lands"}


def test_not_installed_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "mtg", None)
    with pytest.raises(UsageError, match=r"pip install -e \.\[python-mtg\]"):
        create()


def test_every_zone_of_the_setup_is_where_python_mtg_says(
        board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = board
    where = {alias: engine.observe(aliases[alias]).zone for alias in aliases}
    assert where == {"top": Zone.LIBRARY, "second": Zone.LIBRARY, "unsummon": Zone.HAND,
                     "bears": Zone.BATTLEFIELD, "isamaru": Zone.BATTLEFIELD,
                     "shock": Zone.GRAVEYARD, "spear": Zone.EXILE, "bobs": Zone.BATTLEFIELD}
    assert engine.objects(Zone.EXILE, "alice") == [aliases["spear"]]
    assert set(engine.objects(Zone.BATTLEFIELD, "bob")) == {aliases["bobs"]}
    library = mtg.Game.from_state(engine._require().state).state["_lib_order"]["alice"]
    assert library == [aliases["top"], aliases["second"]]  # top first, as the setup lists it


def test_permanents_report_python_mtgs_values(
        board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = board
    bears = engine.observe(aliases["bears"])
    assert (bears.owner, bears.controller, bears.tapped) == ("alice", "alice", True)
    assert bears.counters == {"+1/+1": 2}
    assert (bears.power, bears.toughness) == (4, 4)  # python-mtg adds the counters
    assert bears.names == ("Grizzly Bears",) and bears.colors == ("G",)
    assert bears.types == ("Creature",) and bears.subtypes == ("Bear",)
    isamaru = engine.observe(aliases["isamaru"])
    assert isamaru.supertypes == ("Legendary",) and not isamaru.tapped
    assert engine.observe(aliases["shock"]).controller is None


def test_what_python_mtg_does_not_compute_is_never_reported(
        board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = board
    view = engine.observe(aliases["bears"])
    assert view.transformed is False
    assert {"mana_value", "abilities", "color_identity", "identity"} <= set(view.unknown)
    assert "id" in view.unknown  # python-mtg's ids are the cards', in every zone
    assert "no stack" in engine.game().unknown["stack"]
    with pytest.raises(Unsupported, match="player-views"):
        engine.observe(aliases["bears"], "bob")
    with pytest.raises(KeyError):
        engine.observe("no_such_card_99")


def test_printed_values_an_effect_changes_are_not_reported(
        board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    """python-mtg's views give printed colors and types; where one of its effects changes
    what its rules apply (``color``, ``has_type``), the printed value is not reported."""
    engine, aliases = board
    state = dict(engine._require().state)
    state["eff_set_color"] = {("e1", aliases["bears"], "blue", 1)}
    state["eff_add_type"] = {("e2", aliases["bears"], "artifact")}
    view = object_view(mtg.Game.from_state(state), aliases["bears"])
    assert "eff_set_color" in view.unknown["colors"] and "eff_add_type" in view.unknown["types"]
    assert "names" not in view.unknown and view.power == 4
    assert "colors" not in object_view(mtg.Game.from_state(state), aliases["isamaru"]).unknown


def test_the_game_view(board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, _aliases = board
    game = engine.game()
    assert (game.step, game.active_player) == (Step.POSTCOMBAT_MAIN, "bob")
    alice = game.player("alice")
    assert (alice.life, alice.hand_size, alice.library_size) == (17, 1, 2)
    assert (alice.graveyard_size, alice.exile_size) == (1, 1)


def test_only_the_active_player_has_moves(board: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = board  # bob is active: python-mtg gives alice no priority
    with pytest.raises(Unsupported, match="active player only"):
        engine.is_legal(Cast("alice", aliases["unsummon"]))


@pytest.mark.parametrize(("entry", "reason"), [
    (CardEntry("Bottomless Pool // Locker Room"), "first door only"),
    (CardEntry("Grizzly Bears", face_down=True), "face-down"),
    (CardEntry("Serah Farron // Crystallized Serah", transformed=True), "transformed"),
    (CardEntry("Grizzly Bears", token=True), "tokens"),
    (CardEntry("Panharmonicon"), "models none of the abilities of 'Panharmonicon'"),
])
def test_setups_python_mtg_cannot_hold_are_unsupported(
        cards: CardPool, entry: CardEntry, reason: str) -> None:
    setup = two(PlayerSetup("alice", zones={Zone.BATTLEFIELD: (entry,)}))
    with pytest.raises(Unsupported, match=reason):
        create().start(setup, cards)


@pytest.fixture()
def bounce(cards: CardPool) -> Iterator[tuple[PythonMtgEngine, dict[str, str]]]:
    """Unsummon with two creatures to target, and a Forest in hand so python-mtg stays in
    the main phase (a land to play is a decision for it)."""
    engine = create()
    setup = two(
        PlayerSetup("alice", mana="{U}", zones={
            Zone.HAND: (CardEntry("Unsummon", "unsummon"), CardEntry("Forest")),
            Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Memnite", "memnite"),)}))
    aliases = engine.start(setup, cards)
    yield engine, aliases
    engine.close()


def test_a_spell_is_hidden_until_resolved_and_its_target_is_asked(
        bounce: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = bounce
    assert engine.perform(Cast("alice", aliases["unsummon"])) == []
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "target"
    assert {o.value for o in choice.options} == {aliases["bears"], aliases["memnite"]}
    with pytest.raises(IllegalAction):
        engine.answer(["no_such_card_99"])
    engine.answer([aliases["memnite"]])
    assert engine.pending_choice() is None
    with pytest.raises(Unsupported, match="inside the move"):
        engine.observe(aliases["memnite"])
    engine.perform(Resolve())
    assert engine.observe(aliases["memnite"]).zone is Zone.HAND
    assert engine.observe(aliases["bears"]).zone is Zone.BATTLEFIELD
    with pytest.raises(Unsupported, match="no stack"):
        engine.perform(Resolve())


def test_a_given_target_is_taken_or_refused(
        bounce: tuple[PythonMtgEngine, dict[str, str]]) -> None:
    engine, aliases = bounce
    unsummon = aliases["unsummon"]
    assert not engine.is_legal(Cast("alice", unsummon, targets=(PlayerRef("bob"),)))
    assert engine.is_legal(Cast("alice", unsummon, targets=(aliases["bears"],)))
    engine.observe(aliases["bears"])  # the probe was taken back
    engine.perform(Cast("alice", unsummon, targets=(aliases["bears"],)))
    engine.perform(Resolve())
    assert engine.observe(aliases["bears"]).zone is Zone.HAND


def test_refusals_and_unmapped_actions(cards: CardPool) -> None:
    engine = create()
    setup = two(PlayerSetup("alice", mana="{U}", zones={
        Zone.HAND: (CardEntry("Grizzly Bears", "bears"), CardEntry("Unsummon", "unsummon")),
        Zone.BATTLEFIELD: (CardEntry("Island", "island", tapped=True),
                           CardEntry("Memnite", "memnite"))}))
    aliases = engine.start(setup, cards)
    with pytest.raises(IllegalAction):  # {1}{G} with {U} in the pool and a tapped Island
        engine.perform(Cast("alice", aliases["bears"]))
    with pytest.raises(Unsupported, match="no X"):
        engine.perform(Cast("alice", aliases["unsummon"], x=1))
    events = engine.perform(Cast("alice", aliases["unsummon"]))  # the lone target is chosen
    assert [e.data["chosen"] for e in events if e.kind == CHOICE_MADE] == [[aliases["memnite"]]]
    with pytest.raises(Unsupported):
        engine.perform(Cast("alice", aliases["bears"], door=Door.LEFT))
    engine.perform(Resolve())
    with pytest.raises(Unsupported, match="mana ability"):
        engine.perform(Activate("alice", aliases["island"], 0))
    with pytest.raises(Unsupported):
        engine.perform(Unlock("alice", aliases["bears"], Door.LEFT))


def test_face_down_casting_and_turning_face_up(cards: CardPool) -> None:
    engine = create()
    setup = two(PlayerSetup("alice", mana="{3}{5}{U}{U}", zones={
        Zone.HAND: (CardEntry("Thousand Winds", "winds"), CardEntry("Forest")),
        Zone.BATTLEFIELD: (CardEntry("Crystal Fragments // Summon: Alexander", "fragments"),)}))
    aliases = engine.start(setup, cards)
    winds = aliases["winds"]
    assert Cast("alice", winds, face_down=True) in engine.legal_actions("alice")
    engine.perform(Cast("alice", winds, face_down=True))
    engine.perform(Resolve())
    view = engine.observe(winds)
    assert view.zone is Zone.BATTLEFIELD and view.face_down
    assert "face-down object's printed names" in view.unknown["names"]
    engine.perform(TurnFaceUp("alice", winds))  # a special action: nothing to resolve
    view = engine.observe(winds)
    assert not view.face_down and view.names == ("Thousand Winds",)
    with pytest.raises(Unsupported, match="models 1 of the 2"):  # its equip is no ability row
        engine.perform(Activate("alice", aliases["fragments"], 0))


def test_attackers_and_blockers_are_python_mtgs_declarations(cards: CardPool) -> None:
    engine = create()
    setup = two(
        PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
            CardEntry("Grizzly Bears", "sick", summoning_sick=True),
            CardEntry("Memnite", "memnite"))}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", "bears"),)}))
    aliases = engine.start(setup, cards)
    with pytest.raises(IllegalAction, match="attack declarations"):
        engine.perform(DeclareAttackers("alice", (aliases["sick"],)))
    assert engine.game().step is Step.PRECOMBAT_MAIN  # a refused declaration changes nothing
    with pytest.raises(IllegalAction):
        engine.perform(DeclareAttackers("bob", (aliases["bears"],)))
    engine.perform(DeclareAttackers("alice", (aliases["memnite"],)))
    view = engine.observe(aliases["memnite"])  # python-mtg waits for bob's blocks
    assert view.zone is Zone.BATTLEFIELD
    assert not view.tapped  # what python-mtg computes: it taps no attacker (CR 508.1f)
    assert "declare_blockers" in engine.game().unknown["step"]
    with pytest.raises(IllegalAction):
        engine.perform(DeclareBlockers("alice", ((aliases["bears"], aliases["memnite"]),)))
    assert engine.is_legal(DeclareBlockers("bob", ((aliases["bears"], aliases["memnite"]),)))


def test_python_mtg_running_past_the_step_is_looked_at_right_after_the_move(
        cards: CardPool) -> None:
    """python-mtg goes on into bob's turn after the cast: the script looks at python-mtg's
    own state right after the move (before it went on), and can do nothing more."""
    engine = create()
    setup = two(PlayerSetup("alice", mana="{1}{G}", zones={
        Zone.HAND: (CardEntry("Grizzly Bears", "bears"),)}))
    aliases = engine.start(setup, cards)
    engine.perform(Cast("alice", aliases["bears"]))
    with pytest.raises(Unsupported, match="inside the move"):
        engine.observe(aliases["bears"])  # the spell until the script resolves it
    engine.perform(Resolve())
    assert engine._require().active_player == "bob"  # python-mtg went on into bob's turn
    view = engine.observe(aliases["bears"])
    assert (view.zone, view.controller) == (Zone.BATTLEFIELD, "alice")
    game = engine.game()
    assert (game.step, game.active_player) == (Step.PRECOMBAT_MAIN, "alice")
    assert engine.objects(Zone.HAND, "alice") == []
    with pytest.raises(Unsupported, match="went on by itself"):
        engine.legal_actions("alice")
    # a later step of that turn python-mtg went through: the game as python-mtg left it
    engine.perform(AdvanceTo(Step.END))
    assert engine.game().step is Step.END and engine.game().active_player == "alice"
    assert engine.observe(aliases["bears"]).zone is Zone.BATTLEFIELD
    with pytest.raises(Unsupported, match="went on by itself"):
        engine.perform(Cast("alice", aliases["bears"]))  # the game itself is elsewhere
    with pytest.raises(Unsupported, match="did not go through precombat_main"):
        engine.perform(AdvanceTo(Step.PRECOMBAT_MAIN))


def test_combat_damage_is_read_as_python_mtg_left_the_step(cards: CardPool) -> None:
    """After the blocks python-mtg deals combat damage and plays on into the next turn by
    itself; the script that advances to the combat damage step sees what it computed there."""
    engine = create()
    setup = two(PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
        CardEntry("Vampire Nighthawk", "hawk"),)}),
        PlayerSetup("bob", zones={Zone.BATTLEFIELD: (CardEntry("Giant Spider", "spider"),)}))
    aliases = engine.start(setup, cards)
    engine.perform(DeclareAttackers("alice", (aliases["hawk"],)))
    engine.perform(DeclareBlockers("bob", ((aliases["spider"], aliases["hawk"]),)))
    with pytest.raises(Unsupported, match="went on by itself"):
        engine.observe(aliases["spider"])  # the blocks end the step in python-mtg
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    game = engine.game()
    assert (game.step, game.active_player) == (Step.COMBAT_DAMAGE, "alice")
    assert engine.observe(aliases["spider"]).zone is Zone.GRAVEYARD  # deathtouch
    assert engine.observe(aliases["hawk"]).zone is Zone.BATTLEFIELD
    assert game.player("bob").life == 20
    with pytest.raises(Unsupported):
        engine.legal_actions("alice")


def test_an_attack_python_mtg_never_stops_for_is_refused_with_its_declarations(
        cards: CardPool) -> None:
    engine = create()
    setup = two(PlayerSetup("alice", zones={Zone.BATTLEFIELD: (
        CardEntry("Grizzly Bears", "sick", summoning_sick=True),)}))
    aliases = engine.start(setup, cards)
    with pytest.raises((IllegalAction, Unsupported), match="by itself"):
        engine.perform(DeclareAttackers("alice", (aliases["sick"],)))
    assert engine.game().step is Step.PRECOMBAT_MAIN  # the passes were taken back


def test_a_reproduction_replays_the_engine_calls(cards: CardPool, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    engine = create()
    setup = two(PlayerSetup("alice", mana="{G}", zones={
        Zone.HAND: (CardEntry("Grizzly Bears", "bears"),)}))
    aliases = engine.start(setup, cards)
    with pytest.raises(IllegalAction):
        engine.perform(Cast("alice", aliases["bears"]))
    script = engine.reproduction(f"the engine refused Cast(player='alice', "
                                 f"card='{aliases['bears']}'): no such move")
    assert script is not None and "import conformance" not in script
    path = tmp_path / "repro.py"
    path.write_text(script)
    with pytest.raises(SystemExit) as exit_code:  # in this process: mtg is imported already
        runpy.run_path(str(path), run_name="__main__")
    assert exit_code.value.code == 0
    assert "DEPARTURE REPRODUCED" in capsys.readouterr().out


SCRIPTS = [*sorted(REPROS.glob("*.py")), REPROS.parent / "serah-farron-recursion.py"]


@pytest.mark.slow  # minutes of CPU: the slow tier (pyproject.toml)
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_each_recorded_departure_still_reproduces(script: Path) -> None:
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=180, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "DEPARTURE REPRODUCED" in done.stdout


def test_a_python_mtg_recursion_is_its_crash_named_with_its_cycle(cards: CardPool) -> None:
    """Serah Farron's transform trigger sends python-mtg round its transform handling without
    end (docs/engines/python-mtg/serah-farron-recursion.py): the error says where."""
    engine = create()
    setup = two(PlayerSetup("alice", mana="{1}{G}{W}", zones={
        Zone.HAND: (CardEntry("Serah Farron // Crystallized Serah", "serah"),)}))
    aliases = engine.start(setup, cards)
    with pytest.raises(RecursionError, match=r"python-mtg recursed without end during the "
                       r"move 'alice: cast Serah Farron // Crystallized Serah': "
                       r".*driver\._transform.*driver\._apply_effects \.\.\."):
        engine.perform(Cast("alice", aliases["serah"]))
