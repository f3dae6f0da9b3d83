"""A ruling's test reports, pickled by a pytest-xdist worker, are read back by the controller
into the reports pytest's own serialization gives, value for value."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest
from _pytest import reports

from conformance.frontends import report_wire

RESULT = {"id": "room-x-1", "status": "failed", "message": "step 2: expected 3, got 2",
          "path": "rulings/rooms/x.yaml", "line": 4, "details": {"scenarios": [
              {"name": "the door", "status": "failed"}]}, "duration": 0.0031}
XDIST_KEYS = {"item_index": 7, "worker_id": "gw1", "testrun_uid": "0123abcd"}


def report(outcome: str, when: str, longrepr: Any) -> pytest.TestReport:
    return pytest.TestReport(
        "rulings/rooms/x.yaml::room-x-1", ("rulings/rooms/x.yaml", 3, "ruling room-x-1"),
        {"room-x-1": 1, "ruling": 1, "x.yaml": 1, "rooms": 1}, outcome, longrepr, when,
        sections=[("Captured stdout call", "hello\n")],
        user_properties=[("conformance_result", RESULT)], duration=0.25, start=1.5, stop=1.75)


@pytest.mark.parametrize("made", [
    report("passed", "call", None),
    report("passed", "setup", None),
    report("failed", "call", "failed: room-x-1\nruling: a door"),
    report("skipped", "call", ("rulings/rooms/x.yaml", 3, "unsupported: no rooms")),
], ids=["passed", "setup", "failed", "skipped"])
def test_a_packed_report_is_read_back_as_pytest_reads_its_own(made: pytest.TestReport) -> None:
    data = reports.pytest_report_to_serializable(made)
    assert data is not None
    packed = report_wire.pack(dict(data))
    assert packed is not None and set(packed) == {"$report_type", "report"}
    packed.update(XDIST_KEYS)  # what pytest-xdist adds on the worker

    expected = reports.pytest_report_from_serializable({**data, **XDIST_KEYS})
    read = reports.pytest_report_from_serializable(report_wire.unpack(packed))
    assert isinstance(read, pytest.TestReport) and isinstance(expected, pytest.TestReport)
    assert vars(read) == vars(expected)
    assert type(read.location) is tuple and type(read.user_properties[0]) is tuple
    assert (read.item_index, read.worker_id) == (7, "gw1")  # type: ignore[attr-defined]


def test_values_keep_their_types() -> None:
    value = {"a": (1, 2.5, None, True), "b": [{"c": b"x"}, frozenset({1}), {2}], "d": "é"}
    packed = report_wire.pack(value)
    assert packed is not None
    read = report_wire.unpack(packed)
    assert read == value and type(read["a"]) is tuple and type(read["b"][1]) is frozenset


@pytest.mark.parametrize("value", [Path("x"), 1j, type("Text", (str,), {})("x"), object()],
                         ids=["path", "complex", "str-subclass", "object"])
def test_anything_but_builtin_values_is_left_to_the_default_path(value: object) -> None:
    assert report_wire.pack({"user_properties": [("name", value)]}) is None


def test_a_pickle_naming_a_class_or_function_is_refused() -> None:
    hostile = {"$report_type": report_wire.REPORT_TYPE,
               "report": pickle.dumps({"x": Path("x")}, protocol=4)}
    with pytest.raises(pickle.UnpicklingError, match="refused"):
        report_wire.unpack(hostile)
