"""The python-mtg engine (PyPI ``python-mtg``, import ``mtg``) behind the adapter contract.

Install it with ``pip install -e .[python-mtg]``.  See docs/engines/python-mtg.md for what it
reports and what it does not.
"""

from __future__ import annotations

import importlib

from ...errors import UsageError
from .engine import PythonMtgEngine


def create() -> PythonMtgEngine:
    """Entry point of the ``conformance.engines`` group (``--engine python-mtg``)."""
    try:
        mtg = importlib.import_module("mtg")
    except ImportError as exc:
        raise UsageError(f"python-mtg is not installed ({exc}): pip install -e .[python-mtg]") \
            from None
    return PythonMtgEngine(mtg)


__all__ = ["PythonMtgEngine", "create"]
