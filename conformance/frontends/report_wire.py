"""How a ruling's test reports travel from a pytest-xdist worker to the controller.

pytest turns a report into a dict of builtin values (``pytest_report_to_serializable``) and
pytest-xdist sends that dict through execnet, whose serializer walks it in Python: about
30 microseconds to write and 35 to read a ruling's report (its result is in the user
properties), three reports per ruling.  The plugin sends the same dict pickled instead --
one bytes value for execnet -- and the controller unpickles it and builds the report from
it as pytest would, so the report is the one the default path gives, value for value
(tuples stay tuples, as with execnet).

Only builtin values are pickled: a report holding anything else (a user property of
another type, say) is left to the default path, and the controller refuses a pickle that
names any class or function, so that reading a report runs no code.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

#: ``$report_type`` of a report sent pickled; the dict pytest made is under ``report``.
REPORT_TYPE = "ConformanceTestReport"
_PROTOCOL = 4  # read by every Python the project supports


class _NotBuiltin(Exception):
    pass


class _BuiltinsPickler(pickle.Pickler):
    """A pickler for builtin values only: dict, list, tuple, set, str, bytes, int, float,
    bool and ``None`` are written natively; anything else reaches this hook and stops."""

    def reducer_override(self, obj: Any) -> Any:
        raise _NotBuiltin(type(obj).__name__)


class _BuiltinsUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"a test report names {module}.{name}; refused")


def pack(data: dict[str, Any]) -> dict[str, Any] | None:
    """``data`` (a report as pytest serializes it) as one pickled value; ``None`` when it
    holds something else than builtin values (the default path then sends it)."""
    buffer = io.BytesIO()
    try:
        _BuiltinsPickler(buffer, _PROTOCOL).dump(data)
    except (_NotBuiltin, pickle.PicklingError, RecursionError):
        return None
    return {"$report_type": REPORT_TYPE, "report": buffer.getvalue()}


def unpack(data: dict[str, Any]) -> dict[str, Any]:
    """The dict :func:`pack` was given, with the keys pytest-xdist added beside it (the
    item's index, the worker's id, the run's id), as the default path would have them."""
    report: dict[str, Any] = _BuiltinsUnpickler(io.BytesIO(data["report"])).load()
    report.update((key, value) for key, value in data.items()
                  if key not in ("$report_type", "report"))
    return report
