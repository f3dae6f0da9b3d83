"""Hypothesis settings for properties: ``ci`` (derandomized, bounded: fit for a gate),
``dev`` (the default) and ``thorough``.

They are passed to each run, never registered as Hypothesis profiles: importing the
package leaves the user's own profiles, and the one loaded, as they were."""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

#: Every phase but ``explain``, which replays a shrunk game many times over to word comments
#: on it that are never shown (a counterexample is written as a scenario); on a game of a few
#: steps it costs several times the shrinking itself.
_PHASES = tuple(phase for phase in Phase if phase is not Phase.explain)

PROFILES: dict[str, settings] = {
    "ci": settings(derandomize=True, max_examples=30, stateful_step_count=12, deadline=None,
                   database=None, phases=_PHASES, print_blob=False, report_multiple_bugs=False,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]),
    "dev": settings(max_examples=100, stateful_step_count=20, deadline=None, print_blob=False,
                    phases=_PHASES,
                    report_multiple_bugs=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]),
    "thorough": settings(max_examples=1000, stateful_step_count=40, deadline=None,
                         print_blob=False, report_multiple_bugs=False, phases=_PHASES,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.filter_too_much]),
}
DEFAULT_PROFILE = "dev"
