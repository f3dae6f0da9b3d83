"""Property-based conformance: rules invariants checked on random games, on any engine.

Layer 4, beside the runner: it drives engines through the adapter contract with Hypothesis
(the state machine in ``machine``), using the strategies of the top-level ``strategies``
package, and reports one result per property (``run``).
"""

from __future__ import annotations

from pathlib import Path

from .catalog import PROPERTIES, Observation, Property, Violation
from .profiles import DEFAULT_PROFILE, PROFILES
from .run import run_properties, run_property
from .yaml_properties import find_property_files, load_property


def all_properties(roots: list[Path]) -> list[Property]:
    """The built-in properties and the YAML ones found under ``roots``."""
    return list(PROPERTIES) + [load_property(p) for p in find_property_files(roots)]

__all__ = ["DEFAULT_PROFILE", "PROFILES", "PROPERTIES", "Observation", "Property", "Violation",
           "all_properties", "find_property_files", "load_property", "run_properties",
           "run_property"]
