"""Morph in the reference engine: the actions it offers."""

from __future__ import annotations

from conformance.contract.types import Cast, Resolve, TurnFaceUp
from conformance.format.vocabulary import Zone

from builders import entry


def test_legal_actions_offer_casting_a_morph_card_face_down(start):
    engine, ids = start(mana="{3}", hand=[entry("Thousand Winds", "winds")])
    casts = [a for a in engine.legal_actions("alice") if isinstance(a, Cast)]
    assert casts == [Cast("alice", ids["winds"], face_down=True)]  # {3}: only face down


def test_legal_actions_offer_turning_a_face_down_permanent_face_up(start):
    engine, ids = start(mana="{3}{5}{U}{U}", hand=[entry("Thousand Winds", "winds")])
    engine.perform(Cast("alice", ids["winds"], face_down=True))
    assert not any(isinstance(a, TurnFaceUp) for a in engine.legal_actions("alice"))  # a spell
    engine.perform(Resolve())
    (permanent,) = engine.objects(Zone.BATTLEFIELD)
    assert TurnFaceUp("alice", permanent) in engine.legal_actions("alice")


def test_legal_actions_do_not_offer_turning_face_up_without_the_morph_cost(start):
    engine, ids = start(mana="{3}{4}{U}{U}", hand=[entry("Thousand Winds", "winds")])
    engine.perform(Cast("alice", ids["winds"], face_down=True))
    engine.perform(Resolve())
    assert not any(isinstance(a, TurnFaceUp) for a in engine.legal_actions("alice"))
