"""Loaded rulings cached between runs, by file content.

Loading a ruling (parsing its YAML, checking it against the schema and the card data) costs
about ten times as much as reading a loaded one back.  :class:`RulingCache` keeps each ruling
that loads, pickled, under a key made of the file's bytes and path, the card file's and the
CR sections file's bytes, the harness version and the source of the ``format`` package (so
an edit to the loader or the schema, version bumped or not, misses every entry).  A file
that does not load is never cached: it is loaded again, and says what is wrong again.

The cache is a folder of files named by their key, written atomically (a temporary file
renamed), so that runs and pytest-xdist workers can share it; ``$CONFORMANCE_CACHE`` names
it, else ``$XDG_CACHE_HOME/conformance/rulings`` (``~/.cache/...``).  A folder that cannot
be written, or an entry that cannot be read, costs a load and nothing else.  Entries are
pickles the harness wrote itself; the cache folder is the user's own, as Python's
``__pycache__`` is, and a folder another user can write to is not used (no cache then).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import tempfile
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path

from .. import __version__
from ..errors import RulingFileError
from .cards import CardPool
from .loader import Corpus, LoadFailure, load_ruling
from .model import Ruling
from .yamlsource import MAX_FILE_BYTES

#: Set to a folder to cache there; to ``off`` (or ``0``) to cache nothing.
ENVIRONMENT = "CONFORMANCE_CACHE"


def default_folder() -> Path | None:
    """Where rulings are cached: ``$CONFORMANCE_CACHE``, else the user's cache folder;
    ``None`` when the variable says ``off``."""
    chosen = os.environ.get(ENVIRONMENT, "")
    if chosen.lower() in ("off", "0", "no", "false"):
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "conformance" / "rulings"


def _private(folder: Path) -> bool:
    """Whether ``folder`` (made if missing, readable by its owner only) is the user's own and
    writable by no one else: a pickle read back runs code, so the harness never reads one
    another user could have written.  ``False`` (no cache) otherwise, or if it cannot be
    made."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = folder.stat()
    except OSError:
        return False
    owner = os.getuid() if hasattr(os, "getuid") else info.st_uid
    return stat.S_ISDIR(info.st_mode) and info.st_uid == owner and not info.st_mode & 0o022


@cache
def _code_fingerprint() -> bytes:
    """The harness version and the source of this package (loader, schema, vocabulary)."""
    digest = hashlib.sha256(__version__.encode())
    folder = Path(__file__).parent
    for path in sorted(folder.iterdir()):
        if path.suffix in (".py", ".json"):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


def _file_digest(path: Path | None) -> bytes:
    if path is None:
        return b"-"
    try:
        return hashlib.sha256(path.read_bytes()).digest()
    except OSError:
        return b"?"


class RulingCache:
    """Loaded rulings by file content, for one card file (see the module)."""

    def __init__(self, folder: Path, card_file: Path | None,
                 cr_sections_file: Path | None = None) -> None:
        self.folder = folder
        self.hits = 0
        self.misses = 0
        self._salt = hashlib.sha256(
            _code_fingerprint() + _file_digest(card_file) + _file_digest(cr_sections_file)
        ).digest()
        self._writable = True

    @classmethod
    def for_corpus(cls, card_file: Path | None,
                   cr_sections_file: Path | None = None) -> RulingCache | None:
        """The cache in :func:`default_folder`, or ``None`` when caching is off."""
        folder = default_folder()
        if folder is None or not _private(folder):
            return None
        return cls(folder, card_file, cr_sections_file)

    def key(self, path: Path, content: bytes) -> str:
        return hashlib.sha256(self._salt + os.fsencode(str(path)) + b"\0" + content).hexdigest()

    def load(self, path: Path, cards: CardPool, cr_sections: Mapping[str, str] | None = None,
             loader: Callable[..., Ruling | LoadFailure] | None = None
             ) -> Ruling | LoadFailure:
        """``load_ruling(path, cards, cr_sections)`` (or ``loader``'s), read back from the
        cache when the file (and everything the key covers) is unchanged."""
        load = loader or load_ruling
        try:  # a FIFO, a device or a file over the loader's limit: the loader says why
            info = os.stat(path)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_FILE_BYTES:
                return load(path, cards, cr_sections)
            with open(path, "rb") as stream:
                content = stream.read(MAX_FILE_BYTES + 1)
        except OSError:
            return load(path, cards, cr_sections)
        entry = self.folder / f"{self.key(path, content)}.pickle"
        try:
            with open(entry, "rb") as stream:
                ruling = pickle.load(stream)
            if isinstance(ruling, Ruling):
                self.hits += 1
                return ruling
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError,
                TypeError, ValueError, IndexError):
            pass
        self.misses += 1
        loaded = load(path, cards, cr_sections)
        if isinstance(loaded, Ruling):
            self._store(entry, loaded)
        return loaded

    def _store(self, entry: Path, ruling: Ruling) -> None:
        if not self._writable:
            return
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
            try:
                with os.fdopen(handle, "wb") as stream:
                    pickle.dump(ruling, stream, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(temporary, entry)
            except BaseException:
                os.unlink(temporary)
                raise
        except (OSError, pickle.PicklingError, RecursionError):
            self._writable = False  # a read-only home, a full disk: load, don't retry


def load_corpus_cached(paths: Sequence[Path], card_file: Path | None = None) -> Corpus:
    """``load_corpus(paths, card_file)`` with each ruling read through the cache (none when
    caching is off): the same rulings and failures, duplicate ids settled the same way."""
    from .crsections import FILE_NAME as CR_FILE_NAME
    from .crsections import load_cr_sections
    from .cards import load_cards
    from .loader import find_card_file, find_ruling_files

    for path in paths:
        if not path.exists():
            raise FileNotFoundError(str(path))
    card_file = card_file or find_card_file(paths)
    cards = load_cards(card_file)
    sections_file = card_file.parent / CR_FILE_NAME
    cr_sections = load_cr_sections(sections_file) if sections_file.exists() else {}
    cached = RulingCache.for_corpus(card_file, sections_file)
    rulings: list[Ruling] = []
    failures: list[LoadFailure] = []
    seen: dict[str, Ruling] = {}
    for path in find_ruling_files(paths):
        result = cached.load(path, cards, cr_sections) if cached is not None \
            else load_ruling(path, cards, cr_sections)
        if isinstance(result, LoadFailure):
            failures.append(result)
        elif result.id in seen:
            failures.append(duplicate(result, seen[result.id]))
        else:
            seen[result.id] = result
            rulings.append(result)
    return Corpus(tuple(rulings), tuple(failures), cards, str(paths[0]) if paths else ".",
                  cr_sections)


def duplicate(ruling: Ruling, first: Ruling | str) -> LoadFailure:
    """The failure of a ruling whose id ``first`` (a ruling, or where it is) already has."""
    where = first.location if isinstance(first, Ruling) else first
    return LoadFailure(ruling.path, (RulingFileError(
        ruling.location, f"ruling id {ruling.id!r} is already used by {where}"),), ruling.id)
