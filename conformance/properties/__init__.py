"""Property-based conformance: rules invariants checked on random games, on any engine.

Layer 4, beside the runner: it drives engines through the adapter contract with Hypothesis
(the state machine in ``machine``), using the strategies of the top-level ``strategies``
package, and reports one result per property (``run``).
"""

from __future__ import annotations

from .catalog import PROPERTIES, Observation, Property, Violation
from .profiles import DEFAULT_PROFILE, PROFILES
from .run import run_properties, run_property

__all__ = ["DEFAULT_PROFILE", "PROFILES", "PROPERTIES", "Observation", "Property", "Violation",
           "run_properties", "run_property"]
