from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance.format.loader import Corpus, load_corpus

# The test helpers (wrong engines) are imported by name, here and in pytester runs.
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The project's corpus, loaded once for every test that runs rulings over it (a test
    module may define its own ``corpus``)."""
    loaded = load_corpus([Path(__file__).parents[1] / "rulings"])
    assert not loaded.failures, [f.message for f in loaded.failures]
    return loaded
