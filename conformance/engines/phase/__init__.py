"""Adapter for phase.rs, a third-party rules engine, through its Python bindings.

phase.rs (https://github.com/phase-rs/phase) is driven through ``phase-python`` (import name
``phase``), an optional dependency: ``pip install -e .[phase]``.  One module per concern:
``cards`` (the card pool as phase.rs card data), ``session`` (the live game and the trace
of every call into it), ``setup``, ``actions``, ``prompts``, ``observations``, ``trace``
(standalone reproductions of failures) and ``adapter``, the contract over them.
See docs/engines/phase.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import UsageError

if TYPE_CHECKING:
    from .adapter import PhaseEngine


def create() -> PhaseEngine:
    """Entry point of the ``conformance.engines`` group."""
    try:
        import phase  # noqa: F401
    except ImportError:
        raise UsageError("the phase engine needs phase.rs's Python bindings (phase-python): "
                         "pip install -e .[phase]") from None
    from .adapter import PhaseEngine
    return PhaseEngine()


__all__ = ["create"]
