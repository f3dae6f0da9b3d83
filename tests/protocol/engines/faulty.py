"""The reference engine over the stdio protocol, misbehaving when asked to cast a card face
down: ``python faulty.py MODE`` with MODE one of

* ``hang`` -- sleeps forever (the client's timeout must kill it);
* ``die`` -- the process exits with status 3 in the middle of the request;
* ``garbage`` -- prints a line that is not JSON where the response should be;
* ``raise`` -- raises RuntimeError (an ordinary engine error, sent as an error response).

Every other request is answered as the reference engine answers it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence

from conformance.contract.types import Action, Cast, Event
from conformance.engines.reference import ReferenceEngine
from conformance.protocol.server import serve


class Faulty(ReferenceEngine):
    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode

    def perform(self, action: Action) -> Sequence[Event]:
        if isinstance(action, Cast) and action.face_down:
            if self.mode == "hang":
                time.sleep(3600)
            elif self.mode == "die":
                print("faulty: dying on purpose", file=sys.stderr, flush=True)
                os._exit(3)
            elif self.mode == "garbage":
                print("this is not JSON", flush=True)
            elif self.mode == "raise":
                raise RuntimeError("face-down casting is broken on purpose")
        return super().perform(action)


if __name__ == "__main__":
    sys.exit(serve(Faulty(sys.argv[1]), sys.stdin, sys.stdout))
