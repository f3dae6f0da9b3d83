"""The package type-checks strictly and lints clean (the ``dev`` extra provides the tools)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)


@pytest.mark.skipif(shutil.which("mypy") is None and not (Path(sys.prefix) / "bin/mypy").exists(),
                    reason="mypy is not installed: pip install -e '.[dev]'")
def test_conformance_type_checks_strictly():
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed: pip install -e '.[dev]'")
def test_the_code_lints_clean():
    result = run("ruff", "check", "conformance", "strategies", "tests", "conftest.py")
    assert result.returncode == 0, result.stdout + result.stderr
