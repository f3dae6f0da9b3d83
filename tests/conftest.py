from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from conformance.format.loader import Corpus, load_corpus

# The test helpers (wrong engines) are imported by name, here and in pytester runs.
sys.path.insert(0, str(Path(__file__).parent))

# Rulings loaded by the tests' runs (and their subprocesses) are cached in a folder of the
# session's own, never in the user's cache folder (format/cache.py).
if "CONFORMANCE_CACHE" not in os.environ:
    os.environ["CONFORMANCE_CACHE"] = tempfile.mkdtemp(prefix="conformance-cache-")
    atexit.register(shutil.rmtree, os.environ["CONFORMANCE_CACHE"], ignore_errors=True)


@pytest.fixture(scope="session")
def corpus() -> Corpus:
    """The project's corpus, loaded once for every test that runs rulings over it (a test
    module may define its own ``corpus``)."""
    loaded = load_corpus([Path(__file__).parents[1] / "rulings"])
    assert not loaded.failures, [f.message for f in loaded.failures]
    return loaded


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of one ``xdist_group`` next to each other, where the first of them was
    collected (the tests judging one property's games, ``ci_games.py``; the tests of one
    search).  pytest-xdist's ``worksteal`` distribution (conftest.py) gives each worker a
    contiguous run of tests, so a group is split only where a run ends.  (Its ``loadgroup``
    distribution would keep each group in one worker, but with pytest 9.2 it no longer
    groups anything: pytest-xdist issue 1386.)"""
    runs: dict[object, list[pytest.Item]] = {}
    for index, item in enumerate(items):
        mark = item.get_closest_marker("xdist_group")
        key = index if mark is None else str(mark.args[0] if mark.args
                                             else mark.kwargs.get("name", "default"))
        runs.setdefault(key, []).append(item)
    items[:] = [item for run in runs.values() for item in run]
