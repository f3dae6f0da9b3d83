"""The ruling-file loader: broken files give exact ``path:line: message`` errors, the real
corpus loads, and the JSON Schema agrees with the vocabulary."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conformance.errors import RulingFileError
from conformance.format import vocabulary
from conformance.format.cards import CardPool, load_cards
from conformance.format.loader import (
    LoadFailure, find_card_file, find_ruling_files, load_corpus, load_ruling, ruling_schema,
)
from conformance.format.model import Ruling
from conformance.format.steps import ChooseStep
from conformance.format.yamlsource import LineDict, LineList, key_line, line_of, load_yaml

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
CARD_FILE = RULINGS / "cards.yaml"
BROKEN = ROOT / "tests" / "data" / "broken"
SEVERAL = BROKEN / "several"
BROKEN_FILES = sorted(BROKEN.glob("*.yaml"))
EXPECT = re.compile(r"# expect: (\d+): (.*)")

#: Broken files whose expected error the loader does not produce yet (real loader bugs).
KNOWN_BUGS: dict[str, str] = {}  # broken file name -> why it does not give its message yet


@pytest.fixture(scope="module")
def cards() -> CardPool:
    return load_cards(CARD_FILE)


@pytest.fixture(scope="module")
def corpus():  # type: ignore[no-untyped-def]
    return load_corpus([RULINGS], CARD_FILE)


def expectations(path: Path) -> list[str]:
    """The ``# expect: line: message`` comments at the top of a broken file, as full errors."""
    found = []
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.startswith("#"):
            break
        match = EXPECT.fullmatch(text)
        if match:
            found.append(f"{path}:{match[1]}: {match[2]}")
    return found


def errors_of(result: Ruling | LoadFailure) -> list[str]:
    assert isinstance(result, LoadFailure), f"{result.path} loaded although it is broken"
    assert all(isinstance(e, RulingFileError) for e in result.errors)
    return [str(error) for error in result.errors]


# --- the broken corpus -------------------------------------------------------------------------


def test_broken_corpus_is_there() -> None:
    assert len(BROKEN_FILES) >= 25
    for path in BROKEN_FILES:
        assert len(expectations(path)) == 1, f"{path.name} needs one '# expect:' first line"
        assert path.read_text(encoding="utf-8").startswith("# expect: ")
    assert set(KNOWN_BUGS) <= {p.name for p in BROKEN_FILES}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, id=p.name, marks=[pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[p.name])]
                     if p.name in KNOWN_BUGS else [])
        for p in BROKEN_FILES
    ],
)
def test_broken_file_gives_its_exact_error(path: Path, cards: CardPool) -> None:
    (expected,) = expectations(path)
    assert errors_of(load_ruling(path, cards)) == [expected]


@pytest.mark.parametrize("name", ["several-mistakes.yaml", "several-schema-mistakes.yaml"])
def test_every_mistake_of_a_file_is_reported(name: str, cards: CardPool) -> None:
    path = SEVERAL / name
    expected = expectations(path)
    assert len(expected) >= 4
    assert sorted(errors_of(load_ruling(path, cards))) == sorted(expected)


def test_load_failure_message_joins_every_error(cards: CardPool) -> None:
    path = SEVERAL / "several-mistakes.yaml"
    failure = load_ruling(path, cards)
    assert isinstance(failure, LoadFailure)
    assert failure.path == str(path)
    assert failure.ruling_id == "broken-several-mistakes"
    assert sorted(failure.message.splitlines()) == sorted(expectations(path))


def test_unparsable_file_has_no_ruling_id(cards: CardPool) -> None:
    failure = load_ruling(BROKEN / "invalid-yaml-syntax.yaml", cards)
    assert isinstance(failure, LoadFailure)
    assert failure.ruling_id is None


def test_a_bad_file_is_one_failure_and_the_good_files_still_load(tmp_path: Path) -> None:
    good = sorted((RULINGS / "rooms").glob("*.yaml"))[:3]
    for path in good:
        shutil.copy(path, tmp_path / path.name)
    shutil.copy(SEVERAL / "several-mistakes.yaml", tmp_path / "zz-broken.yaml")

    corpus = load_corpus([tmp_path], CARD_FILE)

    assert len(corpus.rulings) == len(good)
    assert {r.path for r in corpus.rulings} == {str(tmp_path / p.name) for p in good}
    (failure,) = corpus.failures
    assert failure.path == str(tmp_path / "zz-broken.yaml")
    assert len(failure.errors) == len(expectations(SEVERAL / "several-mistakes.yaml"))


def test_whole_broken_corpus_fails_file_by_file() -> None:
    corpus = load_corpus([BROKEN], CARD_FILE)
    assert corpus.rulings == ()
    assert sorted(f.path for f in corpus.failures) == sorted(
        str(p) for p in BROKEN.rglob("*.yaml"))


def test_duplicate_id_is_a_failure_of_the_second_file(tmp_path: Path) -> None:
    source = RULINGS / "rooms" / "cast-one-door.yaml"
    shutil.copy(source, tmp_path / "a.yaml")
    shutil.copy(source, tmp_path / "b.yaml")

    corpus = load_corpus([tmp_path], CARD_FILE)

    (ruling,) = corpus.rulings
    assert ruling.path == str(tmp_path / "a.yaml")
    (failure,) = corpus.failures
    assert failure.path == str(tmp_path / "b.yaml")
    (error,) = failure.errors
    assert str(error) == (f"{tmp_path / 'b.yaml'}:1: ruling id 'room-cast-one-door' is already "
                          f"used by {tmp_path / 'a.yaml'}:1")


def test_empty_file_is_not_a_ruling(tmp_path: Path, cards: CardPool) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    assert errors_of(load_ruling(path, cards)) == [
        f"{path}:1: a ruling file is a mapping with 'id', 'text', 'cards', ... at the top"]


def test_unreadable_file_is_a_failure_not_a_crash(tmp_path: Path, cards: CardPool) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("text: caf\xe9\n".encode("latin-1"))
    (error,) = errors_of(load_ruling(path, cards))
    assert error == f"{path}:1: cannot read file: expected UTF-8 text, found the byte 0xe9 " \
                    f"(column 10)"


def broken_copy(tmp_path: Path, old: str, new: str) -> Path:
    """A one-mistake variant of a well-formed file: ``old`` replaced by ``new``."""
    source = (BROKEN / "alias-used-before-defined.yaml").read_text(encoding="utf-8")
    source = source.replace("{card: rom}", "{card: room}")
    assert old in source
    path = tmp_path / "variant.yaml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


def test_variant_without_the_mistake_loads(tmp_path: Path, cards: CardPool) -> None:
    assert isinstance(load_ruling(broken_copy(tmp_path, "bob: {}", "bob: {}"), cards), Ruling)


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("        bob: {}\n", "", "scenarios.0.setup.players"),
        ("- cast: {card: room}", "- expect: {}", "scenarios.0.script.0.expect"),
    ],
    ids=["one-player", "empty-expect"],
)
def test_property_count_errors_name_what_is_wrong(
    tmp_path: Path, cards: CardPool, old: str, new: str, where: str,
) -> None:
    path = broken_copy(tmp_path, old, new)
    (error,) = errors_of(load_ruling(path, cards))
    assert error.startswith(f"{path}:")
    assert where in error
    assert "a step has exactly one key" not in error


def test_a_setup_may_name_the_turn(tmp_path: Path, cards: CardPool) -> None:
    ruling = load_ruling(broken_copy(tmp_path, "      players:\n", "      turn: 3\n      players:\n"),
                         cards)
    assert isinstance(ruling, Ruling)
    setup = ruling.scenarios[0].setup
    assert setup.turn == 3 and "set-turn" in setup.capabilities
    plain = load_ruling(broken_copy(tmp_path, "bob: {}", "bob: {}"), cards)
    assert isinstance(plain, Ruling)
    assert plain.scenarios[0].setup.turn is None
    assert "set-turn" not in plain.scenarios[0].setup.capabilities


@pytest.mark.parametrize("turn", ["0", "two", "1.5"])
def test_a_turn_that_is_not_a_number_from_1_is_refused(tmp_path: Path, cards: CardPool,
                                                       turn: str) -> None:
    path = broken_copy(tmp_path, "      players:\n", f"      turn: {turn}\n      players:\n")
    (error,) = errors_of(load_ruling(path, cards))
    assert error.startswith(f"{path}:12") and "scenarios.0.setup.turn" in error


def test_unknown_keys_of_mixed_types_are_reported(tmp_path: Path, cards: CardPool) -> None:
    path = broken_copy(tmp_path, "scenarios:\n", "1: one\nfoo: two\nscenarios:\n")
    errors = errors_of(load_ruling(path, cards))
    assert len(errors) == 2
    assert all(error.startswith(f"{path}:") for error in errors)


# --- the real corpus -----------------------------------------------------------------------


def test_every_real_ruling_loads(corpus) -> None:  # type: ignore[no-untyped-def]
    assert [f.message for f in corpus.failures] == []
    assert len(corpus.rulings) == len(find_ruling_files([RULINGS])) >= 16


def test_real_corpus_finds_its_card_file_itself() -> None:
    assert find_card_file([RULINGS / "rooms"]) == RULINGS / "cards.yaml"
    discovered = load_corpus([RULINGS])
    assert discovered.failures == ()
    assert discovered.cards.path == str(RULINGS / "cards.yaml")


def test_data_files_are_not_rulings() -> None:
    names = {p.name for p in find_ruling_files([RULINGS])}
    assert "cards.yaml" not in names
    assert "cr-sections.yaml" not in names
    assert names == {p.name for p in RULINGS.glob("*/*.yaml")
                     if not p.name.endswith(".property.yaml")}  # properties, not rulings


def test_ruling_ids_are_unique(corpus) -> None:  # type: ignore[no-untyped-def]
    ids = [ruling.id for ruling in corpus.rulings]
    assert len(ids) == len(set(ids))


def test_every_real_ruling_is_executable_with_scenarios(corpus) -> None:  # type: ignore[no-untyped-def]
    for ruling in corpus.rulings:
        assert ruling.executable or ruling.not_executable_reason, ruling.id
        if ruling.executable:
            assert ruling.scenarios, ruling.id
        for card in ruling.cards:
            assert card in corpus.cards, (ruling.id, card)


def test_known_step_line(corpus) -> None:  # type: ignore[no-untyped-def]
    path = RULINGS / "rooms" / "cast-one-door.yaml"
    source = path.read_text(encoding="utf-8").splitlines()
    expected = [i for i, text in enumerate(source, 1) if text.strip() == "- choose: left"]
    assert len(expected) == 1
    (ruling,) = [r for r in corpus.rulings if r.path == str(path)]
    first = ruling.scenarios[0]
    assert [s.KEY for s in first.script][:3] == ["cast", "expect", "choose"]
    choose = first.script[2]
    assert choose == ChooseStep(("left",), line=expected[0])
    assert first.line == next(i for i, t in enumerate(source, 1) if t.startswith("- name:"))
    assert ruling.location.line == 1


def test_every_step_line_points_at_its_step(corpus) -> None:  # type: ignore[no-untyped-def]
    for ruling in corpus.rulings:
        source = Path(ruling.path).read_text(encoding="utf-8").splitlines()
        for scenario in ruling.scenarios:
            assert source[scenario.line - 1].lstrip().startswith("- name:"), ruling.path
            for step in scenario.script:
                text = source[step.line - 1].strip()
                assert text.startswith(f"- {step.KEY}"), f"{ruling.path}:{step.line}: {text}"


def test_loaded_model_keeps_the_setup(cards: CardPool) -> None:
    ruling = load_ruling(RULINGS / "rooms" / "unlock-is-a-special-action.yaml", cards)
    assert isinstance(ruling, Ruling)
    setup = ruling.scenarios[0].setup
    assert [p.name for p in setup.players] == ["alice", "bob"]
    assert setup.active_player == "alice"
    assert setup.step is vocabulary.Step.PRECOMBAT_MAIN
    (entry,) = setup.players[0].zones[vocabulary.Zone.BATTLEFIELD]
    assert entry.card == "Bottomless Pool // Locker Room"
    assert entry.alias == "room"
    assert entry.unlocked == (vocabulary.Door.LEFT,)
    assert setup.provenance == "injected"


# --- schema and vocabulary must not drift -------------------------------------------------


def test_schema_steps_are_the_vocabulary_steps() -> None:
    scalar, keyed = ruling_schema()["$defs"]["step_entry"]["oneOf"]
    assert tuple(scalar["enum"]) == vocabulary.SCALAR_STEPS
    assert tuple(keyed["properties"]) == vocabulary.KEYED_STEPS


def test_schema_enums_are_the_vocabulary_enums() -> None:
    defs = ruling_schema()["$defs"]
    assert defs["zone"]["enum"] == [z.value for z in vocabulary.Zone]
    assert defs["step"]["enum"] == [s.value for s in vocabulary.Step]
    assert defs["door"]["enum"] == [d.value for d in vocabulary.Door]
    assert defs["cast"]["properties"]["face"]["enum"] == [f.value for f in vocabulary.Face]
    assert tuple(defs["expect"]["properties"]["colors"]["items"]["enum"]) == vocabulary.COLORS
    zones = set(defs["player"]["properties"]) - {"life", "mana"}
    assert zones == {z.value for z in vocabulary.Zone if z is not vocabulary.Zone.STACK}


def test_schema_observations_are_the_vocabulary_observations() -> None:
    keys = set(ruling_schema()["$defs"]["expect"]["properties"]) - {"object", "player"}
    kinds = (vocabulary.OBJECT_OBSERVATIONS, vocabulary.PLAYER_OBSERVATIONS,
             vocabulary.GAME_OBSERVATIONS)
    assert keys == set().union(*kinds)
    assert sum(len(k) for k in kinds) == len(keys), "an observation is listed twice"


# --- yamlsource -----------------------------------------------------------------------------

NESTED = """\
top: 1
outer:
  inner:
    - a
    - key: x
      deep:
        - 10
        - 20
  flow: {p: 1, q: [2, 3]}
when: 2024-09-20
"""


def test_load_yaml_keeps_lines_of_nested_nodes(tmp_path: Path) -> None:
    doc = load_yaml(tmp_path / "x.yaml", NESTED)
    assert isinstance(doc, LineDict) and doc.line == 1
    assert isinstance(doc["outer"]["inner"], LineList)
    assert line_of(doc, ["top"]) == 1
    assert line_of(doc, ["outer"]) == 3  # a block mapping value starts at its first key
    assert line_of(doc, ["outer", "inner"]) == 4
    assert line_of(doc, ["outer", "inner", 0]) == 4
    assert line_of(doc, ["outer", "inner", 1]) == 5
    assert line_of(doc, ["outer", "inner", 1, "key"]) == 5
    assert line_of(doc, ["outer", "inner", 1, "deep", 1]) == 8
    assert line_of(doc, ["outer", "flow", "q", 1]) == 9
    assert key_line(doc["outer"], "flow") == 9
    assert key_line(doc, "outer") == 2
    assert doc["outer"]["inner"][1]["deep"].item_lines == [7, 8]


def test_line_of_falls_back_to_the_deepest_known_ancestor(tmp_path: Path) -> None:
    doc = load_yaml(tmp_path / "x.yaml", NESTED)
    assert line_of(doc, ["outer", "inner", 1, "missing", 3]) == 5
    assert line_of(doc, ["outer", "inner", 7]) == 4
    assert line_of(doc, []) == 1
    assert key_line(doc["outer"], "missing") == doc["outer"].line


def test_load_yaml_keeps_dates_as_text(tmp_path: Path) -> None:
    assert load_yaml(tmp_path / "x.yaml", NESTED)["when"] == "2024-09-20"


def test_load_yaml_reports_syntax_errors_with_their_line(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    with pytest.raises(RulingFileError) as info:
        load_yaml(path, "a: 1\nb: [1, 2\nc: 3\n")
    assert info.value.location.path == str(path)
    assert info.value.location.line == 3
    assert str(info.value).startswith(f"{path}:3: invalid YAML: ")


def test_load_yaml_rejects_duplicate_keys_at_any_depth(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    with pytest.raises(RulingFileError) as info:
        load_yaml(path, "a:\n  b: 1\n  c: 2\n  b: 3\n")
    assert str(info.value) == f"{path}:4: invalid YAML: duplicate key 'b'"


def test_load_yaml_is_safe(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    with pytest.raises(RulingFileError) as info:
        load_yaml(path, "a: !!python/object/apply:os.system ['true']\n")
    assert str(info.value).startswith(f"{path}:1: invalid YAML: ")
