"""JUnit XML for CI systems: one testcase per ruling.

``passed`` is a plain testcase; ``failed`` a ``<failure>`` and ``error``/``timeout`` an
``<error>``, each with the message; ``unsupported`` and ``not-executable`` are
``<skipped>``.  With the expectations gate, a result the file expects is ``<skipped>``
(``expected failed: reason``) and an unexpected pass is a ``<failure>``, so that the XML
fails exactly when the gate does.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from ..runner.expectations import Outcome
from ..runner.results import Result, Status

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: str) -> str:
    """XML 1.0 cannot hold most control characters nor lone surrogates: replace them."""
    return _NOT_XML.sub("\ufffd", value)


def _status(result: Result) -> str:
    return result.status.value if isinstance(result.status, Status) else str(result.status)


def _details(result: Result) -> str:
    lines = []
    if result.line:
        lines.append(f"{result.location}")
    if result.message:
        lines.append(result.message)
    if result.scenario:
        lines.append(f"scenario: {result.scenario}")
    return "\n".join(lines)


def junit_xml(results: Sequence[Result], engine: str,
              outcomes: Mapping[str, Outcome] | None = None) -> str:
    """The JUnit document of a run; ``outcomes`` (by ruling id) applies the gate."""
    engine = _text(engine)
    suite = ET.Element("testsuite", name=f"conformance.{engine}")
    tally = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    total_time = 0.0
    for result in sorted(results, key=lambda r: r.id):
        status = _status(result)
        case = ET.SubElement(suite, "testcase", name=_text(result.id),
                             classname=f"conformance.{engine}", time=f"{result.duration:.6f}")
        if result.path:
            case.set("file", _text(result.path))
        if result.line:
            case.set("line", str(result.line))
        tally["tests"] += 1
        total_time += result.duration
        outcome = outcomes.get(result.id) if outcomes is not None else None
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", name="status", value=_text(status))
        first_line = _text(result.message.splitlines()[0] if result.message else status)
        if outcome is not None:
            ET.SubElement(properties, "property", name="expected",
                          value=_text(outcome.expected))
            if outcome.expectation is not None:
                ET.SubElement(properties, "property", name="reason",
                              value=_text(outcome.expectation.why))
            if outcome.matched and outcome.expectation is not None:
                why = f": {outcome.expectation.why}" if outcome.expectation else ""
                element = ET.SubElement(case, "skipped", type=f"expected-{status}",
                                        message=_text(f"expected {status}{why}"))
                element.text = _text(_details(result))
                tally["skipped"] += 1
                continue
            if status == "passed" and not outcome.matched:
                why = f" ({outcome.expectation.why})" if outcome.expectation else ""
                element = ET.SubElement(
                    case, "failure", type="unexpected-pass",
                    message=_text(f"unexpected pass: expected {outcome.expected}{why}"))
                tally["failures"] += 1
                continue
            if status in ("unsupported", "not-executable") and not outcome.matched:
                element = ET.SubElement(case, "failure", type=f"unexpected-{status}",
                                        message=_text(f"unexpected {status}: {first_line}"))
                element.text = _text(_details(result))
                tally["failures"] += 1
                continue
        if status == "passed":
            continue
        if status in ("unsupported", "not-executable"):
            element = ET.SubElement(case, "skipped", type=_text(status),
                                    message=_text(f"{status}: {first_line}"))
            tally["skipped"] += 1
        elif status == "failed":
            element = ET.SubElement(case, "failure", type=status, message=first_line)
            element.text = _text(_details(result))
            tally["failures"] += 1
        else:  # error, timeout and any status this version does not know
            element = ET.SubElement(case, "error", type=_text(status), message=first_line)
            element.text = _text(_details(result))
            tally["errors"] += 1
    for key, value in tally.items():
        suite.set(key, str(value))
    suite.set("time", f"{total_time:.6f}")
    suites = ET.Element("testsuites", name="conformance")
    suites.append(suite)
    for key, value in tally.items():
        suites.set(key, str(value))
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True) + "\n"
