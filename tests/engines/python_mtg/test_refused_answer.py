"""The python-mtg adapter keeps a choice pending when the answer to it is refused (the
contract: a refused answer leaves the same choice pending), whoever refuses it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mtg")

from conformance.contract.types import Choice, Option  # noqa: E402
from conformance.engines.python_mtg import create  # noqa: E402
from conformance.engines.python_mtg.engine import Pending  # noqa: E402
from conformance.errors import IllegalAction  # noqa: E402
from conformance.format.cards import load_cards  # noqa: E402
from conformance.format.model import CardEntry, PlayerSetup, Setup  # noqa: E402
from conformance.format.vocabulary import Step, Zone  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


def test_a_refused_answer_leaves_the_same_choice_pending(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = create()
    setup = Setup((PlayerSetup("alice", zones={Zone.HAND: (CardEntry("Memnite", "m"),)}),
                   PlayerSetup("bob")), "alice", Step.PRECOMBAT_MAIN)
    engine.start(setup, load_cards(ROOT / "rulings" / "cards.yaml"))
    choice = Choice("target", "alice", "python-mtg's target",
                    (Option("player:alice"), Option("player:bob")))
    pending = Pending(choice, ("cast",), (), "target", ("alice", "bob"), None)
    engine._pending = pending

    def refuses(*args: Any, **kwargs: Any) -> Any:
        raise IllegalAction("python-mtg's legal targets are ['alice'], not bob")

    monkeypatch.setattr(engine, "_push", refuses)
    with pytest.raises(IllegalAction):
        engine.answer(["player:bob"])
    assert engine.pending_choice() == choice
    with pytest.raises(IllegalAction):
        engine.answer(["player:nobody"])  # not an option: refused before python-mtg plays it
    assert engine.pending_choice() == choice
    engine.close()
