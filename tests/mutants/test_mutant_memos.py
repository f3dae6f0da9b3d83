"""A mutant's memos are its own: what the reference engine worked out never hides a broken
function from a mutant, and what a broken function worked out never reaches the reference
engine or the next mutant measured in the same process (a worker measures many)."""

from __future__ import annotations

import ast
from pathlib import Path

from conformance.engines.reference import ReferenceEngine, characteristics
from conformance.format.loader import Corpus
from conformance.mutants import MEMOS, MutantEngine
from conformance.runner.execute import run_ruling
from conformance.runner.results import Status

REFERENCE = Path(characteristics.__file__).parent
RULING = "dfc-commander-color-identity-both-faces"
_color_identity = characteristics._color_identity


def _front_face_only(card):  # type: ignore[no-untyped-def]
    """A color identity from the first face alone (CR 903.4d says both)."""
    return _color_identity(type(card)(card.name, card.layout, card.faces[:1],
                                      card.color_identity, card.location))


def _wrong() -> MutantEngine:
    # Replaces what the identity memo is filled from, not the memoized function itself: the
    # broken value reaches the mutant only through a memo of its own.
    return MutantEngine("identity-of-the-front-face",
                        [(characteristics, "_color_identity", _front_face_only)])


def _status(corpus: Corpus, engine: object) -> Status:
    ruling = next(r for r in corpus.rulings if r.id == RULING)
    return run_ruling(ruling, engine, corpus.cards).status


def test_the_reference_engines_memos_never_hide_a_broken_function(corpus: Corpus) -> None:
    assert _status(corpus, ReferenceEngine()) is Status.PASSED
    assert _status(corpus, _wrong()) is Status.FAILED


def test_a_broken_functions_memos_never_reach_the_reference_engine(corpus: Corpus) -> None:
    assert _status(corpus, _wrong()) is Status.FAILED
    assert _status(corpus, ReferenceEngine()) is Status.PASSED
    assert _status(corpus, _wrong()) is Status.FAILED


def test_every_module_level_table_of_the_reference_engine_is_a_listed_memo() -> None:
    """A memo added to the reference engine later must be listed too; the registries that
    name rules (effects, matchers) are what mutants replace entries of, not memos."""
    tables = set()
    for path in REFERENCE.glob("*.py"):
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                    and isinstance(node.value, ast.Dict) and not node.value.keys:
                tables.add(f"{path.stem}.{node.target.id}")
    assert tables - {"effects.EFFECTS"} == {f"{module.__name__.rsplit('.', 1)[1]}.{name}"
                                            for module, name in MEMOS}


def test_a_mutant_never_reads_another_mutants_memos(corpus: Corpus) -> None:
    # One engine after another of the same mutant share memos; another mutant has its own.
    assert _status(corpus, _wrong()) is Status.FAILED
    unbroken = MutantEngine("identity-as-printed",
                            [(characteristics, "_color_identity", _color_identity)])
    assert _status(corpus, unbroken) is Status.PASSED
