"""Project-wide pytest configuration: Hypothesis settings profiles.

``ci`` is derandomized and bounded, fit for a gate; ``dev`` is the default for local runs;
``thorough`` searches longer.  Choose one with ``HYPOTHESIS_PROFILE=...``; CI gets ``ci``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, max_examples=50, deadline=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=2000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
