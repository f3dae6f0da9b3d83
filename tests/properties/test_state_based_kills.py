"""``state-based-actions`` (CR 704.3, 117.5, 704.5): it holds on the reference engine, and
catches engines that perform state-based actions once per check instead of until none
applies, judge lethal damage by printed toughness, ignore deathtouch, or keep +1/+1 and
-1/-1 counters together (tests/wrong_engines.py) -- in ``ci`` games from a board with
what each breaks, and those it reaches in its own ``ci`` games there too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st

import wrong_engines
from builders import board, entry
from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import load_corpus
from conformance.format.model import Setup
from conformance.format.vocabulary import Zone
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES, Property
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES

RULINGS = Path(__file__).parents[2] / "rulings"
PROP = next(p for p in PROPERTIES if p.id == "state-based-actions")

#: (wrong engine, a board with what it breaks): Holy Strength to put on Isamaru, alone on
#: the battlefield, and a second Isamaru to cast (the legend rule puts one into the
#: graveyard: the Aura goes after it when it is the first); a Hill Giant
#: with a -1/-1 counter (a 2/2) and Shock; a
#: creature with both kinds of counters.  Vampire Nighthawk to block Hill Giant with (100
#: games: blocks are one choice among many).
BOARDS: dict[str, Setup] = {
    "state_based_actions_once_per_check": board(
        {Zone.HAND: (entry("Holy Strength"), entry("Isamaru, Hound of Konda")),
         Zone.BATTLEFIELD: (entry("Isamaru, Hound of Konda"),)}),
    "lethal_damage_from_printed_toughness": board(
        {Zone.HAND: (entry("Shock"),),
         Zone.BATTLEFIELD: (entry("Hill Giant", counters=(("-1/-1", 1),)),)}),
    "deathtouch_ignored_by_state_based_actions": board(
        {Zone.BATTLEFIELD: (entry("Hill Giant"),)},
        {Zone.BATTLEFIELD: (entry("Vampire Nighthawk"),)}),
    "counters_of_both_kinds_kept": board(
        {Zone.HAND: (entry("Memnite"),),
         Zone.BATTLEFIELD: (entry("Grizzly Bears", counters=(("+1/+1", 1), ("-1/-1", 1))),)}),
}

EXAMPLES = {"deathtouch_ignored_by_state_based_actions": 100,
            "lethal_damage_from_printed_toughness": 100,
            "state_based_actions_once_per_check": 100}

#: Boards whose games move no card as an effect would (on a board this small, moves crowd
#: out the casts and the combat the wrong engine needs).
WITHOUT_MOVES = ("deathtouch_ignored_by_state_based_actions",
                 "state_based_actions_once_per_check")

#: Boards whose games cast and resolve rather than fight: the same check, other weights.
CASTING_GAMES = ("state_based_actions_once_per_check",)
CASTING = (("Cast", 24), ("Resolve", 12))

#: The wrong engines the property catches in its own ``ci`` games (the others' subjects --
#: an enchanted creature dying, deathtouch damage to a creature of a toughness above 1, a
#: creature dealt damage between its toughness and its printed toughness -- are rare there).
IN_CI_GAMES = ("counters_of_both_kinds_kept",)


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def _play(cards: object, factory: object, setups: object = None, examples: int = 30,
          moves: bool = True, prop: Property = PROP) -> None:
    chosen = settings(PROFILES[quick_profile("ci")], max_examples=examples)
    machine = machine_class(factory, cards, [prop], moves=moves,  # type: ignore[arg-type]
                            setups=setups)
    games_test(machine, chosen)()


@pytest.mark.parametrize("wrong", sorted(BOARDS))
def test_caught_on_a_board_with_what_it_breaks(corpus, wrong):
    setups = st.just(BOARDS[wrong])
    examples = EXAMPLES.get(wrong, 30)
    moves = wrong not in WITHOUT_MOVES
    prop = replace(PROP, weights=CASTING) if wrong in CASTING_GAMES else PROP
    _play(corpus.cards, ReferenceEngine, setups, examples, moves, prop)  # the same games pass
    with pytest.raises(PropertyFailure, match=PROP.id):
        _play(corpus.cards, getattr(wrong_engines, wrong), setups, examples, moves, prop)


@pytest.mark.parametrize("wrong", IN_CI_GAMES)
def test_caught_in_its_own_ci_games(corpus, wrong):
    with pytest.raises(PropertyFailure, match=PROP.id):
        _play(corpus.cards, getattr(wrong_engines, wrong))
