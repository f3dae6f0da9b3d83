"""A triggered ability on phase's stack whose source has left the game's objects (phase
names no incarnation for it) is still reported, with a source id that names no object."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("phase")

from conformance.engines.phase.observations import _stack_item  # noqa: E402


class _Session:
    """What ``_stack_item`` reads of a session: players by seat, objects by number."""

    def __init__(self, objects: dict[int, dict[str, Any]]) -> None:
        self.objects = objects

    def player(self, seat: object) -> str:
        return ("alice", "bob")[int(str(seat))]

    def object_of(self, number: int) -> dict[str, Any] | None:
        return self.objects.get(number)

    def cid(self, number: int) -> str:
        obj = self.object_of(number)
        if obj is None:
            raise KeyError(number)
        return f"p{number}.{obj.get('incarnation', 0)}"


def _trigger(source: int) -> dict[str, Any]:
    return {"id": 40, "controller": 0, "source_id": source,
            "kind": {"type": "TriggeredAbility", "data": {"ability": {"source_id": source},
                                                          "description": "a trigger"}}}


def test_an_ability_whose_source_is_gone_names_no_object() -> None:
    item = _stack_item(_Session({}), _trigger(21))  # type: ignore[arg-type]
    assert (item.kind, item.source, item.controller) == ("ability", "p21.gone", "alice")


def test_an_ability_whose_source_exists_names_it() -> None:
    item = _stack_item(_Session({21: {"incarnation": 3}}), _trigger(21))  # type: ignore[arg-type]
    assert item.source == "p21.3"
