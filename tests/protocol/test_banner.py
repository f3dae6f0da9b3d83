"""A start-up banner: lines that are not JSON written before the answer to ``hello`` (a
runtime's greeting, a build tool's progress) are skipped, up to a limit; past it, or after
the handshake, the process is killed with a message that says what to do."""

from __future__ import annotations

import shlex
import sys

import pytest

from conformance.errors import ContractError
from conformance.protocol.client import MAX_BANNER_LINES, StdioEngine

SERVE = f"{shlex.quote(sys.executable)} -m conformance.frontends.cli serve --engine reference"


def behind_banner(lines: int) -> str:
    script = f"for i in range({lines}): print('Welcome to the engine, line', i)"
    banner = f"{shlex.quote(sys.executable)} -c {shlex.quote(script)}"
    return f"sh -c {shlex.quote(banner + '; exec ' + SERVE)}"


def test_a_banner_before_the_handshake_is_skipped_and_kept() -> None:
    engine = StdioEngine(behind_banner(3), timeout=60)
    try:
        assert engine.info.name == "reference"
        assert engine.banner == [f"Welcome to the engine, line {i}" for i in range(3)]
        assert engine.game  # the engine answers as usual afterwards
    finally:
        engine.close()


def test_a_banner_past_the_limit_is_refused_clearly() -> None:
    with pytest.raises(ContractError) as caught:
        StdioEngine(behind_banner(MAX_BANNER_LINES + 1), timeout=60)
    message = str(caught.value)
    assert f"the engine wrote {MAX_BANNER_LINES} lines that are not JSON before answering " \
           f"'hello'" in message
    assert "write logs to stderr" in message
