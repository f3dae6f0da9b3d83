"""Official rulings against the corpus: for each card of the pool, how many of its official
rulings the corpus has as executable rulings, as rulings it cannot execute, and not at all.

Official rulings are read in the shape of Scryfall's bulk rulings file: a JSON list of
``{"oracle_id", "source", "published_at", "comment"}`` (other keys ignored).  A card's oracle
id comes from its MTGJSON ``identifiers.scryfallOracleId`` in the card file.  An official
ruling is in the corpus when a corpus ruling has the same text (compared without case,
typographic quotes and spacing differences); the missing ones are the backlog.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import ConformanceError
from ..format.model import Ruling
from ..runner.resultsfile import valid_text

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                         "\u2014": "-", "\u2013": "-", "\u2212": "-"})


@dataclass(frozen=True, slots=True)
class OfficialRuling:
    oracle_id: str
    source: str
    published_at: str
    comment: str

    @property
    def key(self) -> str:
        """A short id that names this ruling in its file, stable across downloads of it:
        a hash of the card's oracle id and the ruling's text (``conformance new --id``)."""
        digest = hashlib.sha256(f"{self.oracle_id}\n{normalise(self.comment)}".encode())
        return digest.hexdigest()[:10]


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES).casefold()
    return re.sub(r"\s+", " ", text).strip().rstrip(".")


def read_official(path: Path) -> list[OfficialRuling]:
    """The official rulings of a file in Scryfall's bulk rulings shape."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConformanceError(f"{path}: not a readable rulings file ({exc})") from None
    if not isinstance(document, list):
        raise ConformanceError(f"{path}: expected a JSON list of rulings (Scryfall's bulk "
                               f"rulings shape), found {type(document).__name__}")
    rulings = []
    for index, item in enumerate(document):
        if not isinstance(item, dict) or not all(
                isinstance(item.get(key), str) for key in ("oracle_id", "comment")):
            raise ConformanceError(f"{path}: ruling {index} has no oracle_id and comment")
        rulings.append(OfficialRuling(*(valid_text(str(item.get(key) or "")) for key in (
            "oracle_id", "source", "published_at", "comment"))))
    return rulings


def oracle_ids(card_file: Path) -> dict[str, str]:
    """Card name -> oracle id, from the faces' MTGJSON ``identifiers.scryfallOracleId``; a card
    without one is absent."""
    try:
        document = yaml.load(Path(card_file).read_text(encoding="utf-8"),
                             Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ConformanceError(f"{card_file}: cannot read the card file ({exc})") from None
    found = {}
    for name, faces in (document or {}).items():
        for face in faces if isinstance(faces, list) else []:
            identifiers = face.get("identifiers") if isinstance(face, dict) else None
            oracle = identifiers.get("scryfallOracleId") if isinstance(identifiers, dict) \
                else None
            if isinstance(oracle, str) and oracle:
                found[str(name)] = oracle
                break
    return found


def official_coverage(rulings: Sequence[Ruling], official: Sequence[OfficialRuling],
                      ids: Mapping[str, str], pool: Sequence[str]) -> dict[str, Any]:
    """Per card of ``pool`` (oracle ids from ``ids``) and overall: official rulings the
    corpus has as executable, as not executable, and missing; the missing ones listed."""
    by_text: dict[str, Ruling] = {}
    for ruling in rulings:
        for text in (ruling.text,):
            known = by_text.get(normalise(text))
            if known is None or (ruling.executable and not known.executable):
                by_text[normalise(text)] = ruling
    by_oracle: dict[str, list[OfficialRuling]] = {}
    for item in official:
        by_oracle.setdefault(item.oracle_id, []).append(item)
    cards: list[dict[str, Any]] = []
    backlog: list[dict[str, str]] = []
    totals = {"official": 0, "executable": 0, "not_executable": 0, "missing": 0}
    for name in sorted(pool):
        oracle = ids.get(name)
        if oracle is None:
            continue
        row: dict[str, Any] = {"card": name, "oracle_id": oracle, "official": 0, "executable": 0,
               "not_executable": 0, "missing": 0, "ids": []}
        for item in sorted(by_oracle.get(oracle, []), key=lambda o: (o.published_at, o.comment)):
            match = by_text.get(normalise(item.comment))
            key = "missing" if match is None else \
                ("executable" if match.executable else "not_executable")
            row["official"] += 1
            row[key] += 1
            if match is None:
                backlog.append({"id": item.key, "card": name, "oracle_id": oracle,
                                "source": item.source,
                                "published_at": item.published_at, "comment": item.comment})
            else:
                row["ids"].append(match.id)
        for key in totals:
            totals[key] += row[key]
        cards.append(row)
    return {"totals": totals, "by_card": cards, "backlog": backlog,
            "cards_without_oracle_id": sorted(set(pool) - set(ids)),
            "unmatched_oracle_ids": sorted(set(by_oracle) - set(ids.values()))}
