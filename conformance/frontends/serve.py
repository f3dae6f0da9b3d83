"""``conformance serve --engine NAME``: serve an engine over stdin/stdout as JSON lines.

The engine's own prints go to stderr, so that stdout carries protocol lines only.  See
docs/engine-protocol.md.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

from ..contract import registry
from ..protocol.server import serve


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` subcommand to the ``conformance`` command's subparsers."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="serve an engine over stdin/stdout (the stdio engine protocol)")
    parser.add_argument("--engine", default=None,
                        help="engine name or package.module:factory (default: reference)")
    return parser


def cmd_serve(args: argparse.Namespace) -> int:
    engine = registry.create(args.engine)
    protocol_out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):
        return serve(engine, sys.stdin, protocol_out)
