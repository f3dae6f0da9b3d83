"""Rules entries played against their cards' texts: each ability does what the card says,
no less and no more (Pithing Needle's exemption of mana abilities; Serra Paragon's land from
the graveyard and the ability it grants)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conformance.contract.types import Activate, Cast, PlayLand, Resolve
from conformance.errors import IllegalAction
from conformance.format.vocabulary import Zone
from conformance.frontends.cli import main

from builders import entry

ROOT = Path(__file__).resolve().parents[3]


def life(engine, player: str) -> int:
    return next(p.life for p in engine.game().players if p.name == player)


def new_object(events, card_id: str) -> str:
    """The object a zone change made of ``card_id``."""
    return next(str(e.data["new_object"]) for e in events
                if e.kind == "zone_changed" and e.data["object"] == card_id)


def test_pithing_needle_leaves_mana_abilities_of_the_chosen_name_alone(start):
    """"... can't be activated unless they're mana abilities": naming Forest, a Forest still
    taps for {G}; naming Keys to the House stops its abilities (none is a mana ability)."""
    engine, ids = start(mana="{1}", hand=[entry("Pithing Needle", "needle")],
                        battlefield=[entry("Forest", "forest"),
                                     entry("Keys to the House", "keys")])
    engine.perform(Cast("alice", ids["needle"]))
    engine.perform(Resolve())
    engine.answer(["Forest"])
    assert engine.is_legal(Activate("alice", ids["forest"], 0))
    events = engine.perform(Activate("alice", ids["forest"], 0))
    assert any(e.kind == "ability_activated" for e in events)
    assert engine.observe(ids["forest"]).tapped


def test_pithing_needle_still_stops_other_abilities_of_the_chosen_name(start):
    engine, ids = start(mana="{1}{1}", hand=[entry("Pithing Needle", "needle")],
                        battlefield=[entry("Keys to the House", "keys")])
    engine.perform(Cast("alice", ids["needle"]))
    engine.perform(Resolve())
    engine.answer(["Keys to the House"])
    assert not engine.is_legal(Activate("alice", ids["keys"], 0))
    with pytest.raises(IllegalAction, match="prevents activating"):
        engine.perform(Activate("alice", ids["keys"], 0))


def test_serra_paragon_plays_a_land_from_the_graveyard_with_the_turns_land_play(start):
    engine, ids = start(battlefield=[entry("Serra Paragon", "paragon")],
                        graveyard=[entry("Forest", "forest"), entry("Memnite", "memnite")])
    events = engine.perform(PlayLand("alice", ids["forest"]))
    forest = new_object(events, ids["forest"])
    view = engine.observe(forest)
    assert view.zone is Zone.BATTLEFIELD
    assert "When this permanent is put into a graveyard from the battlefield, exile it and " \
           "you gain 2 life." in view.abilities
    # once during each of your turns: a land and a spell together
    assert not engine.is_legal(Cast("alice", ids["memnite"]))


def test_serra_paragon_gives_no_land_play_of_its_own(start):
    engine, ids = start(battlefield=[entry("Serra Paragon", "paragon")],
                        hand=[entry("Island", "island")], graveyard=[entry("Forest", "forest")])
    engine.perform(PlayLand("alice", ids["island"]))
    assert not engine.is_legal(PlayLand("alice", ids["forest"]))


def test_a_permanent_cast_with_serra_paragon_is_exiled_and_gains_2_life_when_it_dies(start):
    engine, ids = start(mana="{R}", battlefield=[entry("Serra Paragon", "paragon")],
                        hand=[entry("Shock", "shock")], graveyard=[entry("Memnite", "memnite")])
    events = engine.perform(Cast("alice", ids["memnite"]))
    spell = new_object(events, ids["memnite"])
    events = engine.perform(Resolve())
    memnite = new_object(events, spell)
    assert engine.observe(memnite).zone is Zone.BATTLEFIELD
    engine.perform(Cast("alice", ids["shock"], targets=(memnite,)))
    events = engine.perform(Resolve())
    died = new_object(events, memnite)
    assert engine.observe(died).zone is Zone.GRAVEYARD
    assert any(e.kind == "ability_triggered" for e in events)
    events = engine.perform(Resolve())
    assert life(engine, "alice") == 22
    exiled = new_object(events, died)
    assert engine.observe(exiled).zone is Zone.EXILE


def test_a_permanent_cast_from_the_hand_gains_nothing(start):
    engine, ids = start(mana="{R}", battlefield=[entry("Serra Paragon", "paragon")],
                        hand=[entry("Shock", "shock"), entry("Memnite", "memnite")])
    engine.perform(Cast("alice", ids["memnite"]))
    events = engine.perform(Resolve())
    memnite = next(str(e.data["new_object"]) for e in events
                   if e.kind == "zone_changed" and e.data["to"] == "battlefield")
    engine.perform(Cast("alice", ids["shock"], targets=(memnite,)))
    events = engine.perform(Resolve())
    assert not any(e.kind == "ability_triggered" for e in events)
    assert life(engine, "alice") == 20


DATA = Path(__file__).parent / "data"


def run_with(tmp_path: Path, ruling: str, *cards: str) -> dict[str, object]:
    """The result of the ruling file ``data/<ruling>`` on a copy of the pool with the cards
    of ``data/<card file>`` appended."""
    pool = tmp_path / "cards.yaml"
    pool.write_text("\n".join([(ROOT / "rulings" / "cards.yaml").read_text(encoding="utf-8")]
                              + [(DATA / name).read_text(encoding="utf-8") for name in cards]),
                    encoding="utf-8")
    shutil.copy(DATA / ruling, tmp_path / ruling)
    results = tmp_path / "results.json"
    main(["run", "--rulings", str(tmp_path / ruling), "--cards", str(pool), "--results",
          str(results), "--no-html", "-q"])
    (result,) = json.loads(results.read_text(encoding="utf-8"))["results"]
    return dict(result)


def test_teysa_karlov_doubles_what_a_creature_dying_triggers(tmp_path: Path) -> None:
    """trigger_additional_time's ``dying``, Teysa Karlov's first ability, played by its ruling
    on a copy of the pool with Teysa added (kept out of the corpus: see data/teysa-karlov.yaml):
    a creature's own dies ability and another permanent's trigger twice, an entering trigger
    and an opponent's dies ability once, and Teysa dying with another creature still doubles."""
    result = run_with(tmp_path, "teysa-karlov-dying-triggers.yaml", "teysa-karlov.yaml")
    assert result["status"] == "passed", result.get("message")


def test_a_stun_counter_is_removed_instead_of_untapping(tmp_path: Path) -> None:
    """Stun counters (CR 122.1d), put by Tranquilize: the untap step, and an untap during
    another player's untap step (Seedborn Muse), each remove one instead of untapping."""
    result = run_with(tmp_path, "stun-counters.yaml", "tranquilize.yaml")
    assert result["status"] == "passed", result.get("message")


def test_misty_salon_makes_an_x_x_token_counted_as_it_resolves(tmp_path: Path) -> None:
    """A token's power and toughness as an amount ({unlocked_doors: you}), Misty Salon's:
    every unlocked door among your Rooms, its own included; the token keeps its size."""
    result = run_with(tmp_path, "misty-salon-counts-on-resolution.yaml",
                      "smoky-lounge-misty-salon.yaml")
    assert result["status"] == "passed", result.get("message")


def test_delver_of_secrets_transforms_when_it_reveals_an_instant_or_sorcery(
        tmp_path: Path) -> None:
    """reveal_top's ``then`` and ``to: library``, Delver of Secrets's upkeep ability: you may
    reveal the top card; an instant or sorcery transforms it, anything else stays on top."""
    result = run_with(tmp_path, "delver-reveals-to-transform.yaml", "delver-of-secrets.yaml")
    assert result["status"] == "passed", result.get("message")
