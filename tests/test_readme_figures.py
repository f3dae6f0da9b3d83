"""The figures the README gives that the code can count: they must be the code's."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_counts_the_mutants_the_meter_has():
    from conformance.mutants import catalogue

    text = " ".join(README.read_text("utf-8").split())
    found = re.findall(r"against (\d[\d,]*) seeded-bug variants", text)
    assert found == [str(len(catalogue()))], \
        f"README.md says {found}, the catalogue has {len(catalogue())} mutants"
