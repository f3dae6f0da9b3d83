"""An engine that answers the handshake, then exits with status 3 on the next request.

Written without the harness's code, as an engine in another language would be.
"""

import json
import sys

CAPABILITIES = [
    "activated-abilities",
    "cast-from-graveyard",
    "discard",
    "inject-moves",
    "inject-state",
    "library-search",
    "lock-unlock-effects",
    "morph",
    "name-choices",
    "player-views",
    "rooms",
    "special-actions",
    "spell-copies",
    "token-copies",
    "transform",
    "trigger-doubling",
    "triggered-abilities",
    "x-costs",
]

for line in sys.stdin:
    request = json.loads(line)
    if request["method"] != "hello":
        print(f"exits_after_hello: giving up on {request['method']}", file=sys.stderr)
        sys.exit(3)
    print(json.dumps({"id": request["id"], "result": {
        "protocol": "1.0", "name": "exits-after-hello", "version": "0.0.1",
        "capabilities": CAPABILITIES, "contract": "1.0"}}), flush=True)
