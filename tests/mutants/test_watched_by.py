"""The meter's table of the properties watching each mechanism (``WATCHED_BY``) names
properties that exist, and every mechanism a mutant names is watched by some property: a
mutant whose mechanism no property watches would be played only in the games of every
property at once, never by the properties written for what it breaks."""

from __future__ import annotations

from pathlib import Path

from conformance.mutants import catalogue
from conformance.mutants.meter import WATCHED_BY
from conformance.properties import all_properties

RULINGS = Path(__file__).resolve().parents[2] / "rulings"


def test_every_property_the_table_names_exists() -> None:
    ids = {p.id for p in all_properties([RULINGS])}
    unknown = sorted((mechanism, name) for mechanism, names in WATCHED_BY.items()
                     for name in names if name not in ids)
    assert unknown == []


def test_every_mutants_mechanism_is_watched_by_some_property() -> None:
    own = {p.mechanism for p in all_properties([RULINGS])}
    unwatched = sorted({m.mechanism for m in catalogue().values()} - own - set(WATCHED_BY))
    assert unwatched == []
