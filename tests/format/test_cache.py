"""The ruling cache: a ruling read back from it is the ruling loaded; an entry is missed when
the file, the card data or the harness changes; nothing breaks when the cache cannot be
used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conformance.format import cache as ruling_cache
from conformance.format.cache import RulingCache, load_corpus_cached
from conformance.format.loader import LoadFailure, load_corpus, load_ruling

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
ROOM = RULINGS / "rooms" / "cast-one-door.yaml"


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rulings"
    (folder / "rooms").mkdir(parents=True)
    for name in ("cards.yaml", "cr-sections.yaml"):
        shutil.copy(RULINGS / name, folder / name)
    for path in sorted((RULINGS / "rooms").glob("*.yaml"))[:6]:
        shutil.copy(path, folder / "rooms" / path.name)
    return folder


def _cache(tmp_path: Path, corpus: Path) -> RulingCache:
    return RulingCache(tmp_path / "cache", corpus / "cards.yaml", corpus / "cr-sections.yaml")


def test_a_cached_ruling_is_the_ruling_loaded(corpus_copy, tmp_path):
    loaded = load_corpus([corpus_copy])
    cached = _cache(tmp_path, corpus_copy)
    path = corpus_copy / "rooms" / ROOM.name
    first = cached.load(path, loaded.cards, loaded.cr_sections)
    again = _cache(tmp_path, corpus_copy).load(path, loaded.cards, loaded.cr_sections)
    assert first == again == load_ruling(path, loaded.cards, loaded.cr_sections)
    assert (cached.hits, cached.misses) == (0, 1)


def test_an_entry_is_missed_when_the_file_the_cards_or_the_harness_change(
        corpus_copy, tmp_path, monkeypatch):
    loaded = load_corpus([corpus_copy])
    path = corpus_copy / "rooms" / ROOM.name

    def read() -> tuple[int, int]:
        cached = _cache(tmp_path, corpus_copy)
        cached.load(path, loaded.cards, loaded.cr_sections)
        return cached.hits, cached.misses

    assert read() == (0, 1) and read() == (1, 0)
    path.write_text(path.read_text("utf-8").replace("text: ", "text: Edited. ", 1), "utf-8")
    assert read() == (0, 1)
    ruling = _cache(tmp_path, corpus_copy).load(path, loaded.cards, loaded.cr_sections)
    assert not isinstance(ruling, LoadFailure) and ruling.text.startswith("Edited. ")
    cards = corpus_copy / "cards.yaml"
    cards.write_text(cards.read_text("utf-8") + "\n# edited\n", "utf-8")
    assert read() == (0, 1)
    monkeypatch.setattr(ruling_cache, "__version__", "99.0")
    ruling_cache._code_fingerprint.cache_clear()
    try:
        assert read() == (0, 1)
    finally:
        ruling_cache._code_fingerprint.cache_clear()


def test_a_file_that_does_not_load_is_never_cached(corpus_copy, tmp_path):
    loaded = load_corpus([corpus_copy])
    broken = corpus_copy / "rooms" / "broken.yaml"
    broken.write_text("id: broken\ntext: [unclosed\n", "utf-8")
    cached = _cache(tmp_path, corpus_copy)
    for _ in range(2):
        assert isinstance(cached.load(broken, loaded.cards, loaded.cr_sections), LoadFailure)
    assert cached.misses == 2 and not list((tmp_path / "cache").glob("*.pickle"))


def test_a_cache_that_cannot_be_written_or_read_costs_a_load(corpus_copy, tmp_path):
    loaded = load_corpus([corpus_copy])
    path = corpus_copy / "rooms" / ROOM.name
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder would be", "utf-8")
    cached = RulingCache(blocked / "cache", corpus_copy / "cards.yaml")
    assert not isinstance(cached.load(path, loaded.cards, loaded.cr_sections), LoadFailure)
    good = _cache(tmp_path, corpus_copy)
    good.load(path, loaded.cards, loaded.cr_sections)
    (entry,) = (tmp_path / "cache").glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    again = _cache(tmp_path, corpus_copy)
    assert not isinstance(again.load(path, loaded.cards, loaded.cr_sections), LoadFailure)
    assert again.misses == 1


def test_the_cached_corpus_is_the_corpus(corpus_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("CONFORMANCE_CACHE", str(tmp_path / "cache"))
    duplicate = corpus_copy / "rooms" / "zz-duplicate.yaml"
    shutil.copy(corpus_copy / "rooms" / ROOM.name, duplicate)
    plain = load_corpus([corpus_copy])
    for _ in range(2):  # filling the cache, then reading it
        cached = load_corpus_cached([corpus_copy])
        assert cached.rulings == plain.rulings
        assert [f.message for f in cached.failures] == [f.message for f in plain.failures]
    monkeypatch.setenv("CONFORMANCE_CACHE", "off")
    assert RulingCache.for_corpus(corpus_copy / "cards.yaml") is None
    assert load_corpus_cached([corpus_copy]).rulings == plain.rulings


def test_a_fifo_or_an_oversized_file_is_left_to_the_loader(corpus_copy, tmp_path):
    """The cache reads a file's bytes only when the loader would: never a FIFO (it would
    wait for a writer), never more than the loader's limit."""
    import os

    from conformance.format.yamlsource import MAX_FILE_BYTES

    loaded = load_corpus([corpus_copy])
    cached = _cache(tmp_path, corpus_copy)
    fifo = corpus_copy / "rooms" / "fifo.yaml"
    os.mkfifo(fifo)
    big = corpus_copy / "rooms" / "big.yaml"
    big.write_bytes(b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    for path in (fifo, big):
        found = cached.load(path, loaded.cards, loaded.cr_sections)
        assert isinstance(found, LoadFailure)
        assert found.message == load_ruling(path, loaded.cards, loaded.cr_sections).message


def test_a_cache_folder_others_can_write_to_is_not_used(tmp_path, monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    monkeypatch.setenv("CONFORMANCE_CACHE", str(shared))
    assert RulingCache.for_corpus(RULINGS / "cards.yaml") is None
    monkeypatch.setenv("CONFORMANCE_CACHE", str(tmp_path / "own"))
    assert RulingCache.for_corpus(RULINGS / "cards.yaml") is not None
    assert (tmp_path / "own").stat().st_mode & 0o777 == 0o700
