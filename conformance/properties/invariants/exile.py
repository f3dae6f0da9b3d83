"""The cards exiled with a permission to play them, as the judge follows them (see
``exile_play``)."""

from __future__ import annotations

from .exile_play import Exiled, exiled_of

__all__ = ["Exiled", "exiled_of"]
