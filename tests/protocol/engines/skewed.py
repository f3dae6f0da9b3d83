"""The reference engine with a few deliberate faults, so that in-process and stdio runs can
be compared on every status: mana values are off by one (``failed``), unlocking is refused
(``failed``: an IllegalAction), moving between steps is unsupported (``unsupported``) and turning face up
raises (``error``).  ``python skewed.py`` serves it over stdin/stdout.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Sequence

from conformance.contract.types import (
    Action, AdvanceTo, Event, ObjectView, TurnFaceUp, Unlock,
)
from conformance.engines.reference import ReferenceEngine
from conformance.errors import IllegalAction, Unsupported
from conformance.protocol.server import serve


class Skewed(ReferenceEngine):
    def perform(self, action: Action) -> Sequence[Event]:
        if isinstance(action, Unlock):
            raise IllegalAction("doors stay locked in this engine")
        if isinstance(action, AdvanceTo):
            raise Unsupported("this engine cannot move between steps")
        if isinstance(action, TurnFaceUp):
            raise RuntimeError("turning face up is broken")
        return super().perform(action)

    def observe(self, object_id: str, viewer: str | None = None) -> ObjectView:
        view = super().observe(object_id, viewer)
        return dataclasses.replace(view, mana_value=view.mana_value + 1)


def create() -> Skewed:
    return Skewed()


if __name__ == "__main__":
    sys.exit(serve(create(), sys.stdin, sys.stdout))
