"""``conformance diff OLD.json NEW.json``: the rulings whose status changed.

Regressions (passed before, not now) first, then fixes, then other changes.  Exit 1 when
there is a regression, else 0; 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "diff", help="rulings whose status changed between two results files; exit 1 on a "
                     "regression")
    parser.add_argument("old", type=Path, help="the earlier results file")
    parser.add_argument("new", type=Path, help="the later results file")
    return parser


def cmd_diff(args: argparse.Namespace) -> int:
    from ..reporting.diff import diff, render_text
    from ..reporting.runs import read_run

    old, new = read_run(args.old), read_run(args.new)
    changes = diff(old, new)
    print(render_text(old, new, changes), end="")
    return 1 if any(c.kind == "regression" for c in changes) else 0
