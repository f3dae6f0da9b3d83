"""The properties written from the Comprehensive Rules (resolution with illegal targets, who
receives priority, what damage does, casting timing, dying, counters, tapping, attachments):
each holds on the reference engine, and catches engines that each break one rule
(tests/wrong_engines.py) -- in ``ci`` games from a board that has what the property talks
about, which no change to the random boards moves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from conformance.properties.machine import games_test

import wrong_engines
from conformance.contract.protocol import Engine
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import CardEntry, Setup
from conformance.format.vocabulary import Door, Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, Property
from conformance.properties.machine import PropertyFailure, machine_class
from conformance.properties.profiles import PROFILES

from builders import board as _board

RULINGS = Path(__file__).parents[2] / "rulings"
OWN = {p.id: p for p in PROPERTIES if p.id in ("illegal-targets", "receiving-priority",
                                                    "damage-results", "casting-timing",
                                                    "dies-abilities", "counters",
                                                    "tapped-status", "attachments",
                                                    "summoning-sickness", "stack-order",
                                                    "zero-toughness", "acting-with-priority")}





def _cards(*names: str) -> tuple[CardEntry, ...]:
    return tuple(CardEntry(name) for name in names)


_BEARS = {Zone.BATTLEFIELD: _cards("Grizzly Bears")}
#: Cards to draw, so that the game goes on into the next turns.
_LIBRARY = {Zone.LIBRARY: _cards("Memnite", "Grizzly Bears", "Shock")}
#: Instants in bob's hand, nothing to cast in alice's: bob casts in alice's turn.
_INSTANTS = _board(_BEARS, {Zone.HAND: _cards("Shock", "Giant Growth")})

#: bob's tapped Grizzly Bears with two stun counters, turns to go by: in each of bob's untap
#: steps a stun counter is removed instead of the Bears untapping (CR 122.1d)
_STUNNED = _board(_LIBRARY, {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", tapped=True,
                                                          counters={"stun": 2}),),
                             **_LIBRARY})

#: (property, wrong engine): a board with what the property talks about, on which the
#: property catches the wrong engine in ``ci`` games and passes the reference engine.
CAUGHT_FROM: dict[tuple[str, str], Setup] = {
    ("illegal-targets", "targets_follow_their_card"):
        _board({Zone.HAND: _cards("Shock", "Unsummon")}, _BEARS),
    ("illegal-targets", "permanent_spell_with_illegal_target_resolves"):
        _board({Zone.HAND: _cards("Holy Strength", "Unsummon"),
                Zone.BATTLEFIELD: _cards("Grizzly Bears")}),
    ("receiving-priority", "active_player_after_a_cast"): _INSTANTS,
    ("receiving-priority", "controller_after_a_resolution"): _INSTANTS,
    ("damage-results", "noncombat_damage_is_not_lethal"):
        _board({Zone.HAND: _cards("Searing Spear")}, _BEARS),
    ("damage-results", "blockers_without_deathtouch_or_lifelink"):
        _board({Zone.BATTLEFIELD: _cards("Hill Giant")},
               {Zone.BATTLEFIELD: _cards("Vampire Nighthawk")}),
    ("casting-timing", "flash_ignored"):
        _board({Zone.HAND: _cards("Entity Tracker")}, {Zone.HAND: _cards("Shock")},
               active="bob"),
    ("casting-timing", "sorcery_speed_in_any_step"): _board({Zone.HAND: _cards("Memnite")}),
    ("casting-timing", "sorcery_speed_in_any_turn"):
        _board({Zone.HAND: _cards("Memnite")}, active="bob"),
    ("dies-abilities", "dies_abilities_not_looking_back"):
        _board({Zone.HAND: _cards("Shock"), Zone.BATTLEFIELD: _cards("Doomed Traveler")}),
    ("dies-abilities", "token_deaths_trigger_nothing"):
        _board({Zone.HAND: _cards("Shock"), Zone.BATTLEFIELD: (
            CardEntry("Funeral Room // Awakening Hall", unlocked=(Door.LEFT,)),
            CardEntry("Grizzly Bears", token=True))}),
    ("counters", "counters_wear_off_at_cleanup"):
        _board({Zone.BATTLEFIELD: (CardEntry("Grizzly Bears", counters=(("+1/+1", 1),)),),
                **_LIBRARY}, _LIBRARY),
    ("counters", "lore_counters_for_every_player"):
        _board({Zone.BATTLEFIELD: _cards("History of Benalia"), **_LIBRARY}, _LIBRARY),
    ("tapped-status", "blockers_become_tapped"):
        _board({Zone.BATTLEFIELD: _cards("Hill Giant")}, _BEARS),
    ("tapped-status", "permanents_untap_at_cleanup"):
        _board({Zone.BATTLEFIELD: _cards("Grizzly Bears", "Forest"), **_LIBRARY}, _LIBRARY),
    ("attachments", "auras_outlive_their_object"):
        _board({Zone.HAND: _cards("Holy Strength", "Unsummon"), **_BEARS}),
    ("attachments", "aura_enters_unattached"):
        _board({Zone.HAND: _cards("Holy Strength"), **_BEARS}),
    ("summoning-sickness", "tap_abilities_without_summoning_sickness"):
        _board({Zone.HAND: _cards("Prodigal Pyromancer")}),
    ("summoning-sickness", "lands_have_summoning_sickness"):
        _board({Zone.HAND: _cards("Forest", "Grizzly Bears")}),
    ("stack-order", "first_in_first_out"):
        _board({Zone.HAND: _cards("Shock", "Giant Growth"), **_BEARS}),
    ("zero-toughness", "zero_toughness_survives"):
        _board({Zone.HAND: _cards("Endless One", "Clone")}),
    ("acting-with-priority", "instants_without_priority"): _INSTANTS,
    ("counters", "stun_counters_all_removed"): _STUNNED,
}

#: More games where the board leaves the machine many other moves.
EXAMPLES: dict[tuple[str, str], int] = {
    ("damage-results", "blockers_without_deathtouch_or_lifelink"): 100}


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def assert_caught(cards: object, prop: Property, wrong: Callable[[], Engine], board: Setup,
                  max_examples: int) -> None:
    """``prop`` holds in the ``ci`` games (without shrinking) played from ``board`` on the
    reference engine, and fails in the same games on ``wrong``."""
    chosen = settings(PROFILES[quick_profile("ci")], max_examples=max_examples)
    for factory in (ReferenceEngine, wrong):
        machine = machine_class(factory, cards, [prop], moves=True,  # type: ignore[arg-type]
                                setups=st.just(board))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop.id):
                games_test(machine, chosen)()


@pytest.mark.parametrize(("prop_id", "wrong"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(corpus, prop_id,
                                                                       wrong):
    assert_caught(corpus.cards, OWN[prop_id], getattr(wrong_engines, wrong),
                  CAUGHT_FROM[prop_id, wrong], EXAMPLES.get((prop_id, wrong), 30))


def test_the_properties_are_in_the_catalogue():
    assert set(OWN) == {prop for prop, _wrong in CAUGHT_FROM}



@pytest.mark.parametrize("prop_id", ["untap-step", "counters"])
def test_a_stun_counter_removed_instead_of_an_untap_is_no_violation(corpus, prop_id):
    """Both properties once failed the reference engine on these games."""
    prop = next(p for p in PROPERTIES if p.id == prop_id)
    machine = machine_class(ReferenceEngine, corpus.cards, [prop], moves=False,
                            setups=st.just(_STUNNED))
    games_test(machine, settings(PROFILES[quick_profile("ci")]))()
