"""conformance: an engine-neutral rules-conformance harness for Magic: The Gathering engines.

The public API is re-exported here; everything else is internal to its layer
(see ARCHITECTURE.md).
"""

from __future__ import annotations

__version__ = "0.1.0"
