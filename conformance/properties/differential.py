"""Differential mode: the same random game on an engine and on the reference engine.

The state machine plays on the reference engine.  After every step, the script recorded so
far is replayed on the engine under test through the ordinary runner (so aliases follow
cards the same way), and every aliased object is compared; the first observation on which
the two engines differ is the finding, written as a scenario whose ``expect`` holds the
reference engine's value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..contract.protocol import Engine
from ..contract.text import normalize_text
from ..errors import ConformanceError, Location
from ..format.model import Ruling, Scenario
from ..format.stepyaml import parse_step
from ..runner.execute import ScenarioRun
from .catalog import Observation, Property, Violation

#: The observations compared, in this order.
COMPARED = ("zone", "names", "mana_value", "colors", "types", "subtypes", "power",
            "toughness", "unlocked_doors", "face_down", "transformed", "token", "tapped")
_UNORDERED = {"names", "colors", "types", "subtypes", "unlocked_doors"}


def _value(view: Any, key: str) -> Any:
    """What is compared: names typography aside (``normalize_text``), lists in any order."""
    value = getattr(view, key)
    if key == "zone":
        return value.value
    if key == "names":
        return sorted(normalize_text(name) for name in value)
    if key in _UNORDERED:
        return sorted(str(getattr(v, "value", v)) for v in value)
    return value


def differential(factory: Callable[[], Engine], engine_name: str) -> Property:
    """A property: ``factory``'s engine observes what the reference engine observes."""
    recorder_ruling = Ruling(id="differential", text="", date=None, seed="000-00", cards=(),
                             cr=("100",), mechanics=("rooms",),
                             location=Location(f"<differential with {engine_name}>"))

    def check(o: Observation) -> Iterable[Violation]:
        recorder = getattr(o, "recorder", None)
        if recorder is None or o.engine.pending_choice() is not None:
            return
        steps = tuple(parse_step(step, i) for i, step in enumerate(recorder.steps, 1))
        scenario = Scenario("differential", recorder.setup, steps, 0)
        other = factory()
        run = ScenarioRun(recorder_ruling, scenario, other, o.cards)
        try:
            run.run()
        except ConformanceError as exc:
            yield Violation(f"{engine_name} could not replay what the reference engine did: {exc}")
            other.close()
            return
        try:
            for alias, reference_id in recorder.aliases.items():
                other_id = run.aliases.get(alias)
                if reference_id is None or other_id is None:
                    continue
                reference = o.views.get(reference_id)
                if reference is None:
                    continue
                try:
                    theirs = other.observe(other_id)
                except KeyError:
                    yield Violation(f"{alias}: {engine_name} has no such object")
                    return
                for key in COMPARED:
                    if _value(reference, key) != _value(theirs, key):
                        yield Violation(
                            f"{alias}: {key} is {_value(theirs, key)!r} on {engine_name}, "
                            f"{_value(reference, key)!r} on the reference engine",
                            reference_id, key, _value(reference, key))
                        return
        finally:
            other.close()

    return Property(f"differential-{engine_name}",
                    f"{engine_name} observes what the reference engine observes",
                    ("differential",), frozenset(), check)
