"""Project-wide pytest configuration: Hypothesis settings profiles, and the whole suite on
every core.

``ci`` is derandomized and bounded, fit for a gate; ``dev`` is the default for local runs;
``thorough`` searches longer.  Choose one with ``HYPOTHESIS_PROFILE=...``; CI gets ``ci``.

``python -m pytest`` without paths (the whole suite, README's command) runs on one
pytest-xdist worker per core (``-n auto --dist worksteal``: each worker starts with a
contiguous run of the tests, and ``tests/conftest.py`` keeps the tests of one
``xdist_group`` next to each other, so that one worker runs them); a run of some paths
(``python -m pytest tests/format``) stays in one process, where starting workers would
cost more than it saves.
``-n N`` or ``-p no:xdist`` choose otherwise.  Tests marked ``slow`` (pyproject.toml) run
only when asked for: ``python -m pytest -m slow``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, max_examples=50, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The whole suite on every core, unless the command line says how to distribute.

    Runs before pytest-xdist's own hook, which turns ``numprocesses`` into workers."""
    option = config.option
    whole_suite = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    undecided = (getattr(option, "numprocesses", 0) is None and not getattr(option, "tx", None)
                 and getattr(option, "dist", "no") == "no")
    if (whole_suite and undecided and config.pluginmanager.hasplugin("xdist")
            and not hasattr(config, "workerinput") and not option.usepdb):
        option.numprocesses = "auto"
        option.dist = "worksteal"  # a worker that runs out takes tests a busy one has queued
