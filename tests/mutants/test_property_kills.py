"""Properties catch mutants on their own: one mutant of each mechanism is held to the property
that catches it in the ``ci`` profile (without shrinking, as the meter runs them).  A property
that stops catching its mutant -- after a change to the state machine, the boards or the
judge -- has lost power: measure with ``conformance mutants`` before changing this list."""

from __future__ import annotations

from pathlib import Path

import pytest


from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Step, Zone
from conformance.mutants import catalogue
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

from builders import assert_caught_on_a_board

RULINGS = Path(__file__).parents[2] / "rulings"

#: mutant: the property that catches it on its own
CAUGHT_BY = {
    "room-one-door-off-battlefield": "room-characteristics-by-zone",
    "unlock-with-stack-not-empty": "unlocking-timing",
    "face-down-spell-keeps-mana-value": "face-down-characteristics",
    "transformed-mana-value-of-back-face": "double-faced-mana-value",
    "back-face-in-library": "double-faced-faces",
    "no-legend-rule": "legend-rule",
    "active-player-controls-every-trigger": "trigger-order-and-control",
    "cast-trigger-on-other-players-spells": "trigger-instances",
    "anything-can-be-cast-face-down": "legal-actions",
    "opponent-sees-face-down": "face-down-hidden",
    "color-identity-of-front-face": "colors-from-card-data",
    "color-indicator-ignored": "colors-from-card-data",
    "copy-exceptions-dropped": "copy-exceptions",
}


@pytest.mark.parametrize("mutant", sorted(CAUGHT_BY))
def test_the_property_catches_its_mutant(corpus, mutant):
    properties = {p.id: p for p in all_properties([RULINGS])}
    result = run_property(properties[CAUGHT_BY[mutant]], catalogue()[mutant].engine,
                          corpus.cards, corpus.rulings, profile=quick_profile("ci"))
    assert result.status is Status.FAILED, (mutant, result.status, result.message)


#: Mutants a property catches in ``ci`` games from one board with what the property is about
#: (which random boards reach it moves with every change to the pool and the strategies):
#: face-down spells cast with mana left to turn them face up.
MORPHS = Setup((PlayerSetup("alice", mana="{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}", zones={
    Zone.HAND: (CardEntry("Hystrodon"), CardEntry("Thousand Winds"))}),
    PlayerSetup("bob", zones={})), "alice", Step.PRECOMBAT_MAIN)
CAUGHT_FROM = {
    "face-down-spell-can-be-turned-face-up": ("turning-face-up-permanents-only", MORPHS),
    "turned-face-up-is-a-new-object": ("turned-face-up-same-object", MORPHS),
}


@pytest.mark.parametrize("mutant", sorted(CAUGHT_FROM))
def test_the_property_catches_its_mutant_on_a_board_with_its_subject(corpus, mutant):
    prop_id, board = CAUGHT_FROM[mutant]
    prop = {p.id: p for p in all_properties([RULINGS])}[prop_id]
    assert_caught_on_a_board(corpus.cards, prop, mutant, board)
