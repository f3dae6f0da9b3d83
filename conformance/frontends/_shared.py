"""Helpers the command modules share: loading the corpus, writing an output file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import ConformanceError
from ..format.loader import Corpus, load_corpus

DEFAULT_RULINGS = Path("rulings")


def load(paths: Sequence[Path], cards: Path | None) -> Corpus:
    try:
        return load_corpus(paths, cards)
    except FileNotFoundError as exc:
        raise ConformanceError(f"no such file or folder: {exc.args[0] if exc.args else exc}") \
            from None


def write(path: Path, text: str) -> None:
    """Write an output file (its folder made if needed); an OSError is a harness error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ConformanceError(f"{path}: cannot write ({exc.strerror or exc})") from None
