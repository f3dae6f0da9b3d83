"""The mutant catalogue: each mutant fails (or errors on) exactly the rulings it is known to
fail in its mechanic's folders, the reference engine fails none, and every executable ruling of those
folders is caught by some mutant -- so every scenario can fail, and only for its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.engines.reference import ReferenceEngine
from conformance.format.loader import Corpus
from conformance.format.model import Ruling
from conformance.mutants import catalogue
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

RULINGS = Path(__file__).parents[2] / "rulings"
MUTANTS = catalogue()
FOLDERS = sorted({folder for mutant in MUTANTS.values() for folder in mutant.folders})


def in_folders(corpus: Corpus, folders: tuple[str, ...]) -> list[Ruling]:
    roots = [(RULINGS / folder).resolve() for folder in folders]
    return [r for r in corpus.rulings
            if any(Path(r.path).resolve().is_relative_to(root) for root in roots)]


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_mutant_fails_exactly_its_rulings(corpus: Corpus, name: str) -> None:
    mutant = MUTANTS[name]
    engine = mutant.engine()
    results = {r.id: run_ruling(r, engine, corpus.cards) for r in in_folders(corpus, mutant.folders)}
    # An error on a mutant is the mutant's doing (a choice no correct engine asks, say):
    # anything but an engine that behaves is caught.
    assert {rid for rid, r in results.items()
            if r.status in (Status.FAILED, Status.ERROR)} == mutant.kills
    assert mutant.description and mutant.description != name


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_reference_engine_passes_every_ruling(corpus: Corpus, folder: str) -> None:
    engine = ReferenceEngine()
    results = [run_ruling(r, engine, corpus.cards) for r in in_folders(corpus, (folder,))]
    assert results
    assert {r.id: r.message for r in results
            if r.status not in (Status.PASSED, Status.NOT_EXECUTABLE)} == {}


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_executable_ruling_is_caught_by_some_mutant(corpus: Corpus, folder: str) -> None:
    caught = set().union(*(m.kills for m in MUTANTS.values()))
    executable = {r.id for r in in_folders(corpus, (folder,)) if r.executable}
    assert executable - caught == set()
