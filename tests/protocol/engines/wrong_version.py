"""An engine that speaks a protocol version this harness does not."""

import json
import sys

request = json.loads(sys.stdin.readline())
print(json.dumps({"id": request["id"], "result": {
    "protocol": "9.0", "name": "from-the-future", "version": "9", "capabilities": [],
    "contract": "9.0"}}), flush=True)
sys.stdin.read()
