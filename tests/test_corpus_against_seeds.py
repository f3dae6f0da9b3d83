"""The corpus holds every official ruling of the seed index, verbatim, with every
translation attached to its ruling.

The index lives beside the repository (``../shared/seed-rulings.yaml``); without it there
is nothing to compare with and the test is skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conformance.format.loader import load_corpus

ROOT = Path(__file__).parents[1]
INDEX = ROOT.parent / "shared" / "seed-rulings.yaml"

pytestmark = pytest.mark.skipif(not INDEX.exists(), reason=f"no seed index at {INDEX}")


@pytest.fixture(scope="module")
def seeds():
    return yaml.safe_load(INDEX.read_text("utf-8"))


@pytest.fixture(scope="module")
def corpus():
    loaded = load_corpus([ROOT / "rulings"])
    assert not loaded.failures
    return loaded


def texts(value):
    return list(value) if isinstance(value, tuple) else [value]


def test_every_canonical_ruling_is_in_the_corpus_once(seeds, corpus):
    canonical = {s["id"] for s in seeds if not s.get("translation_of")}
    by_seed = [r.seed for r in corpus.rulings if r.seed]  # others cite a page (source.url)
    assert sorted(by_seed) == sorted(canonical)


def test_texts_are_verbatim(seeds, corpus):
    by_id = {s["id"]: s for s in seeds}
    for ruling in (r for r in corpus.rulings if r.seed):
        seed = by_id[ruling.seed]
        if seed["lang"] == "en":
            assert ruling.text == seed["text"], ruling.id
            assert not ruling.text_unverified, ruling.id
        else:  # no English in the seeds: the original is kept as a translation
            assert seed["text"] in texts(ruling.translations[seed["lang"]]), ruling.id
            assert ruling.text_unverified, ruling.id


def test_every_translation_is_attached_to_its_ruling(seeds, corpus):
    by_seed = {r.seed: r for r in corpus.rulings}
    translations = [s for s in seeds if s.get("translation_of")]
    for seed in translations:
        ruling = by_seed[seed["translation_of"]]
        assert seed["text"] in texts(ruling.translations[seed["lang"]]), seed["id"]
        assert seed["id"] in texts(ruling.translation_seeds[seed["lang"]]), seed["id"]


def test_at_most_three_rulings_are_not_executable(corpus):
    not_executable = [r for r in corpus.rulings if not r.executable]
    assert len(not_executable) <= 3
    assert all(r.not_executable_reason for r in not_executable)
