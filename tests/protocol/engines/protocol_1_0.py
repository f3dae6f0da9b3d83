"""An engine that speaks protocol 1.0: the reference engine, answering as an engine written
before 1.1 would -- no ``features`` in its ``hello``, no ``observe_many``, and ``with_choice``
ignored."""

from __future__ import annotations

import json
import sys
from typing import Any

from conformance.engines.reference import ReferenceEngine
from conformance.protocol.codec import Json
from conformance.protocol.server import BadRequest, Server


class ProtocolOneZero(Server):
    def call(self, method: str, params: dict[str, Any]) -> Json:
        if method == "observe_many":
            raise BadRequest(f"unknown method {method!r}")
        result = super().call(method, {k: v for k, v in params.items() if k != "with_choice"})
        if method == "hello":
            assert isinstance(result, dict)
            result.pop("features", None)
            result["protocol"] = "1.0"
        return result


def main() -> None:
    server = ProtocolOneZero(ReferenceEngine())
    for line in sys.stdin:
        if line.strip():
            sys.stdout.write(json.dumps(server.handle(line)) + "\n")
            sys.stdout.flush()
        if server.closed:
            break


if __name__ == "__main__":
    main()
