"""Properties catch mutants on their own: one mutant of each mechanism is held to the property
that catches it in the ``ci`` profile (without shrinking, as the meter runs them).  A property
that stops catching its mutant -- after a change to the state machine, the boards or the
judge -- has lost power: measure with ``conformance mutants`` before changing this list."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutants import catalogue
from conformance.mutants.meter import quick_profile
from conformance.properties import all_properties, run_property
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"

#: mutant: the property that catches it on its own
CAUGHT_BY = {
    "room-one-door-off-battlefield": "room-characteristics-by-zone",
    "unlock-with-stack-not-empty": "unlocking-timing",
    "face-down-spell-keeps-mana-value": "face-down-characteristics",
    "face-down-spell-can-be-turned-face-up": "turning-face-up-permanents-only",
    "transformed-mana-value-of-back-face": "double-faced-mana-value",
    "back-face-in-library": "double-faced-faces",
    "no-legend-rule": "legend-rule",
    "active-player-controls-every-trigger": "trigger-order-and-control",
    "cast-trigger-on-other-players-spells": "trigger-instances",
    "anything-can-be-cast-face-down": "legal-actions",
    "opponent-sees-face-down": "face-down-hidden",
    "turned-face-up-is-a-new-object": "turned-face-up-same-object",
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
