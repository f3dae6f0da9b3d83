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
import os
import re
import stat
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConformanceError, RulingFileError
from ..format.model import Ruling
from ..format.yamlsource import load_yaml
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


#: The largest official rulings file read, in bytes (Scryfall's bulk file of every ruling is
#: some 25 MB).
MAX_OFFICIAL_BYTES = 256 * 1024 * 1024
#: The deepest nesting of lists and objects in it (the shape is a list of flat objects).
MAX_OFFICIAL_DEPTH = 16
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def read_official(path: Path) -> list[OfficialRuling]:
    """The official rulings of a file in Scryfall's bulk rulings shape.

    Bounded before anything is built: a regular file only (a FIFO or a device such as
    ``/dev/zero`` is never read), at most :data:`MAX_OFFICIAL_BYTES`, nested at most
    :data:`MAX_OFFICIAL_DEPTH` deep; each refusal is a :class:`ConformanceError`.
    """
    data = _read_bounded(Path(path), MAX_OFFICIAL_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ConformanceError(f"{path}:{line}: expected UTF-8 text, found the byte "
                               f"{data[exc.start]:#04x}") from None
    depth = _depth(text)
    if depth > MAX_OFFICIAL_DEPTH:
        raise ConformanceError(f"{path}: expected a JSON list of rulings nested at most "
                               f"{MAX_OFFICIAL_DEPTH} deep, found lists or objects nested "
                               f"more than {MAX_OFFICIAL_DEPTH} deep")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConformanceError(f"{path}:{exc.lineno}: expected JSON (Scryfall's bulk rulings "
                               f"shape), found invalid JSON: {exc.msg} (column {exc.colno})") \
            from None
    except (ValueError, RecursionError) as exc:
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


def _read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or a clear error."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ConformanceError(f"{path}: expected a regular file (official rulings), "
                                   f"found {_kind_of_file(info.st_mode)}")
        if info.st_size > limit:
            raise ConformanceError(f"{path}: file too large ({info.st_size} bytes; the "
                                   f"limit is {limit})")
        with open(path, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise ConformanceError(f"{path}: cannot read the rulings file "
                               f"({exc.strerror or exc})") from None
    if len(data) > limit:
        raise ConformanceError(f"{path}: file too large (the limit is {limit} bytes)")
    return data


def _kind_of_file(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _depth(text: str) -> int:
    """How deep the lists and objects of a JSON text nest, counted up to one more than
    :data:`MAX_OFFICIAL_DEPTH`, without building anything: strings taken out, then the
    innermost empty pairs of brackets removed, one level a pass."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = 0
    while brackets and depth <= MAX_OFFICIAL_DEPTH:
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:  # unbalanced: json.loads says where
            break
        depth += 1
    return depth


def oracle_ids(card_file: Path) -> dict[str, str]:
    """Card name -> oracle id, from the faces' MTGJSON ``identifiers.scryfallOracleId``; a card
    without one is absent.  The card file is read as every card file is (bounded)."""
    try:
        document = load_yaml(Path(card_file))
    except RulingFileError as exc:
        raise ConformanceError(f"cannot read the card file: {exc}") from None
    if isinstance(document, dict) and isinstance(document.get("data"), dict):
        document = document["data"]
    found = {}
    for name, faces in (document if isinstance(document, dict) else {}).items():
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
