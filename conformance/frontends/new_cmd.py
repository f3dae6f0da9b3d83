"""``conformance new --from-official FILE (--id ID | --card NAME)``: scaffold ruling files
from official rulings the corpus does not have yet.

The official rulings are read in Scryfall's bulk rulings shape (``reporting.official``);
``conformance coverage --official FILE`` lists the missing ones with their ids and this
command for each.  A scaffold has the ruling's text, date, source and card filled in, and
``cr`` and ``mechanics`` from the options or, failing them, from the card's other rulings.
It has no scenario: it is marked not executable, with a reason saying so, and its scenario
is a commented-out stub at the end of the file.  So the scaffold loads and lints, and no
engine is judged on it until someone writes the scenario and removes the mark -- nothing in
it is an assertion that cannot fail.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from ._shared import DEFAULT_RULINGS

if TYPE_CHECKING:
    from ..format.loader import Corpus
    from ..format.model import Ruling
    from ..reporting.official import OfficialRuling

#: The reason every scaffold is not executable: the loader accepts it, a reader sees why.
SCAFFOLD_REASON = ("Scaffold: the scenario is not written yet (made by conformance new "
                   "--from-official). Write it from the stub at the end of this file, then "
                   "remove executable and not_executable_reason.")

_STUB = """\
# The scenario is still to be written (docs/ruling-format.md). Until it is, the ruling is
# not executable and no engine is judged on it. Write the scenario from this stub, delete
# the `executable` and `not_executable_reason` lines above, then check the file:
#   conformance lint {path}
#
# scenarios:
# - name: WHAT THE RULING SAYS HAPPENS
#   setup:
#     players:
#       alice:
#         mana: "{{...}}"
#         hand:
#         - {{card: {card}, as: card}}
#       bob: {{}}
#   script:
#   - cast: {{card: card}}
#   - expect: {{object: card, ...: WHAT THE RULING SAYS}}
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    new: argparse.ArgumentParser = subparsers.add_parser(
        "new", help="scaffold ruling files from official rulings the corpus lacks")
    new.add_argument("--from-official", type=Path, required=True, metavar="FILE",
                     help="official rulings in Scryfall's bulk rulings shape (oracle_id, "
                          "source, published_at, comment)")
    which = new.add_mutually_exclusive_group(required=True)
    which.add_argument("--id", dest="official_ids", action="append", metavar="ID",
                       help="the official ruling to scaffold, by the id conformance coverage "
                            "--official gives it (repeatable)")
    which.add_argument("--card", default=None, metavar="NAME",
                       help="scaffold every official ruling of this card the corpus lacks")
    new.add_argument("--rulings", type=Path, nargs="+", default=[DEFAULT_RULINGS],
                     help="the corpus (default: rulings)")
    new.add_argument("--cards", type=Path, default=None,
                     help="card file, with MTGJSON identifiers.scryfallOracleId "
                          "(default: cards.yaml beside or above the rulings)")
    new.add_argument("--out", type=Path, default=None, metavar="DIR",
                     help="folder for the new files (default: the first --rulings folder, "
                          "in a subfolder named after the first mechanic)")
    new.add_argument("--ruling-id", default=None,
                     help="the new ruling's id (one ruling only; default: made from the card "
                          "and the text)")
    new.add_argument("--cr", action="append", default=None, metavar="NUMBER",
                     help="a CR number the ruling cites (repeatable; default: the one the "
                          "card's other rulings cite most)")
    new.add_argument("--mechanic", action="append", default=None,
                     help="a mechanic to file it under (repeatable; default: the one the "
                          "card's other rulings are filed under most)")
    return new


def cmd_new(args: argparse.Namespace) -> int:
    from ..errors import ConformanceError
    from ..reporting.official import normalise, oracle_ids, read_official
    from ._shared import load

    corpus = load(args.rulings, args.cards)
    official = read_official(args.from_official)
    ids = oracle_ids(Path(corpus.cards.path))
    if not ids:
        raise ConformanceError(
            f"{corpus.cards.path}: no card has identifiers.scryfallOracleId, so no official "
            "ruling can be matched to a card (docs/card-data.md)")
    card_of = {oracle: name for name, oracle in ids.items()}
    known = {normalise(r.text): r for r in corpus.rulings}
    chosen = _choose(args, official, ids, card_of, known)
    if not chosen:
        print(f"nothing to scaffold: the corpus has every official ruling of {args.card}")
        return 0
    if args.ruling_id and len(chosen) > 1:
        raise ConformanceError(f"--ruling-id names one ruling; {len(chosen)} are chosen")
    taken = {r.id for r in corpus.rulings} | {f.ruling_id for f in corpus.failures
                                              if f.ruling_id}
    for item in chosen:
        card = card_of[item.oracle_id]
        ruling_id = args.ruling_id or _fresh_id(card, item.comment, item.key, taken)
        if ruling_id in taken:
            raise ConformanceError(f"ruling id {ruling_id!r} is already used in the corpus")
        taken.add(ruling_id)
        path = _write(args, corpus, item, card, ruling_id)
        print(f"scaffolded {path} ({ruling_id}): not executable until its scenario is written")
    return 0


def _choose(args: argparse.Namespace, official: Sequence[OfficialRuling], ids: dict[str, str],
            card_of: dict[str, str], known: dict[str, Ruling]) -> list[OfficialRuling]:
    """The official rulings to scaffold: those named by ``--id``, or the card's missing ones."""
    from ..errors import ConformanceError, did_you_mean
    from ..reporting.official import normalise

    in_pool = [item for item in official if item.oracle_id in card_of]
    if args.card is not None:
        name = _pool_name(args.card, ids)
        return [item for item in sorted(in_pool, key=lambda o: (o.published_at, o.comment))
                if item.oracle_id == ids[name] and normalise(item.comment) not in known]
    by_key = {item.key: item for item in in_pool}
    chosen = []
    for key in dict.fromkeys(args.official_ids):
        item = by_key.get(key)
        if item is None:
            outside = any(o.key == key for o in official)
            raise ConformanceError(
                f"{args.from_official}: " + (
                    f"official ruling {key} is about a card that is not in the pool"
                    if outside else f"no official ruling has the id {key!r}"
                    + did_you_mean(key, by_key)))
        have = known.get(normalise(item.comment))
        if have is not None:
            raise ConformanceError(f"official ruling {key} is already in the corpus: "
                                   f"{have.id} ({have.location})")
        chosen.append(item)
    return chosen


def _pool_name(card: str, ids: dict[str, str]) -> str:
    """The card file's name of ``card`` (its full name or a face's), with an oracle id."""
    from ..errors import ConformanceError, did_you_mean

    for name in ids:
        if card == name or card in name.split(" // "):
            return name
    raise ConformanceError(f"no card {card!r} with identifiers.scryfallOracleId in the card "
                           "file" + did_you_mean(card, ids))


def _slug(text: str) -> str:
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", text))


def _fresh_id(card: str, comment: str, key: str, taken: set[str]) -> str:
    """``<first face>-<first words of the ruling>``, unique in the corpus (``official-<key>``
    when neither has a letter or digit to make it from)."""
    words = _slug(comment).split("-")[:6]
    base = "-".join([_slug(card.split(" // ")[0])] + words).strip("-")[:70].strip("-") \
        or f"official-{key}"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def _metadata(args: argparse.Namespace, corpus: Corpus,
              card: str) -> tuple[list[str], list[str], str]:
    """``cr``, ``mechanics`` and a note: from the options, else from the card's rulings."""
    from ..errors import ConformanceError, did_you_mean
    from ..format.vocabulary import MECHANICS

    for mechanic in args.mechanic or ():
        if mechanic not in MECHANICS:
            raise ConformanceError(f"--mechanic {mechanic!r} is not a mechanic"
                                   + did_you_mean(mechanic, MECHANICS))
    for number in args.cr or ():
        if corpus.cr_sections and number not in corpus.cr_sections:
            raise ConformanceError(f"--cr {number!r} is not listed in cr-sections.yaml"
                                   + did_you_mean(number, corpus.cr_sections))
    others = [r for r in corpus.rulings if card in r.cards]
    cr = args.cr or [n for n, _ in Counter(n for r in others for n in r.cr).most_common(1)]
    mechanics = args.mechanic or [m for m, _ in Counter(
        m for r in others for m in r.mechanics).most_common(1)]
    if not cr or not mechanics:
        raise ConformanceError(f"the corpus has no ruling about {card} to take cr and "
                               "mechanics from; give --cr and --mechanic")
    guessed = [key for key, given in (("cr", args.cr), ("mechanics", args.mechanic))
               if not given]
    note = (f"{' and '.join(guessed)} taken from this card's other rulings: check "
            f"{'them' if len(guessed) > 1 else 'it'}. " if guessed else "")
    return cr, mechanics, note


def _write(args: argparse.Namespace, corpus: Corpus, item: OfficialRuling, card: str,
           ruling_id: str) -> Path:
    import yaml

    from ..errors import ConformanceError
    from ..format.loader import LoadFailure, load_ruling
    from ._shared import write

    cr, mechanics, note = _metadata(args, corpus, card)
    folder = args.out or (args.rulings[0] if args.rulings[0].is_dir()
                          else args.rulings[0].parent) / mechanics[0]
    path = Path(folder) / f"{ruling_id}.yaml"
    if path.exists():
        raise ConformanceError(f"{path}: already exists; give --ruling-id or --out")
    date = item.published_at if re.fullmatch(r"\d{4}-\d{2}-\d{2}", item.published_at) else None
    document: dict[str, Any] = {
        "id": ruling_id,
        "text": item.comment,
        "date": date,
        "source": {"url": f"https://scryfall.com/search?q=oracleid%3A{quote(item.oracle_id)}",
                   "page": f"official rulings of {card} (source: {item.source or 'unknown'}, "
                           f"published {item.published_at or 'undated'}; {args.from_official.name}"
                           f" id {item.key})"},
        "cards": [card],
        "cr": cr,
        "mechanics": mechanics,
        "notes": f"{note}Scaffolded from an official ruling; the scenario is to be written.",
        "executable": False,
        "not_executable_reason": SCAFFOLD_REASON,
    }
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
    write(path, text + "\n" + _STUB.format(path=path, card=card))
    loaded = load_ruling(path, corpus.cards, corpus.cr_sections)
    if isinstance(loaded, LoadFailure) or loaded.executable:
        path.unlink()
        problem = loaded.message if isinstance(loaded, LoadFailure) else "it is executable"
        raise ConformanceError(f"the scaffold of {item.key} does not load as a not-executable "
                               f"ruling, so it was not kept:\n{problem}")
    return path
