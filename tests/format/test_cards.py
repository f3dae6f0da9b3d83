"""The card pool: loading a card file, its errors, and looking cards up."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from conformance.errors import Location, RulingFileError
from conformance.format.cards import CardPool, load_cards

CARD_FILE = Path(__file__).resolve().parents[2] / "rulings" / "cards.yaml"
ROOM = "Bottomless Pool // Locker Room"


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return load_cards(CARD_FILE)


def card_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(RulingFileError) as info:
        load_cards(path)
    return str(info.value)


# --- the real card file -----------------------------------------------------------------------


def test_real_card_file_loads(pool: CardPool) -> None:
    assert pool.path == str(CARD_FILE)
    assert ROOM in pool and "Grizzly Bears" in pool
    names = list(yaml.safe_load(CARD_FILE.read_text("utf-8")))
    assert sorted(pool) == sorted(names)


def test_a_room_has_two_faces(pool: CardPool) -> None:
    room = pool[ROOM]
    assert room.is_room
    assert room.layout == "split"
    assert room.face_names == ("Bottomless Pool", "Locker Room")
    left, right = room.faces
    assert (left.mana_cost, right.mana_cost) == ("{U}", "{4}{U}")
    assert left.subtypes == ("Room",) and left.types == ("Enchantment",)
    assert left.colors == ("U",)
    assert room.color_identity == ("U",)
    assert left.rules and right.rules  # the reference engine's reading of each door


def test_a_plain_card(pool: CardPool) -> None:
    bears = pool["Grizzly Bears"]
    assert not bears.is_room
    assert bears.face_names == ("Grizzly Bears",)
    (face,) = bears.faces
    assert (face.power, face.toughness) == ("2", "2")
    assert face.types == ("Creature",)


def test_card_location_is_its_line(pool: CardPool) -> None:
    lines = CARD_FILE.read_text("utf-8").splitlines()
    for card in pool.values():
        assert card.location.path == str(CARD_FILE)
        key = lines[card.location.line - 1].rstrip(":")
        assert yaml.safe_load(key) == card.name  # the card's own key, quoted or not


def test_lookup_by_full_name_and_by_face_name(pool: CardPool) -> None:
    here = Location("x.yaml", 3)
    room = pool[ROOM]
    assert pool.lookup(ROOM, here) is room
    assert pool.lookup("Bottomless Pool", here) is room
    assert pool.lookup("Locker Room", here) is room
    assert pool.lookup("Grizzly Bears", here) is pool["Grizzly Bears"]
    assert {"Bottomless Pool", "Locker Room", "Grizzly Bears"} <= set(pool.face_names())
    assert list(pool.face_names()) == sorted(pool.face_names())


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [
        ("Botomless Pool // Locker Room", ROOM),
        ("Grizly Bears", "Grizzly Bears"),
        ("Locker Rooms", "Locker Room"),
    ],
)
def test_unknown_card_suggests_a_close_name(pool: CardPool, name: str, suggestion: str) -> None:
    with pytest.raises(RulingFileError) as info:
        pool.lookup(name, Location("x.yaml", 7))
    assert str(info.value) == f"x.yaml:7: unknown card {name!r}; did you mean {suggestion!r}?"
    assert info.value.location == Location("x.yaml", 7)


def test_unknown_card_without_a_close_name(pool: CardPool) -> None:
    with pytest.raises(RulingFileError) as info:
        pool.lookup("Black Lotus", Location("x.yaml", 2))
    assert str(info.value) == "x.yaml:2: unknown card 'Black Lotus'"


def test_ability_texts_drop_reminder_text(tmp_path: Path) -> None:
    path = card_file(tmp_path, (
        "Memnite:\n"
        "  - name: Memnite\n"
        "    types: [Artifact, Creature]\n"
        "    text: \"Flying (This creature can't be blocked.)\\nVigilance\"\n"
    ))
    (face,) = load_cards(path)["Memnite"].faces
    assert face.ability_texts == ("Flying", "Vigilance")


def test_mtgjson_data_wrapper_is_accepted(tmp_path: Path) -> None:
    path = card_file(tmp_path, "data:\n  Memnite:\n    - name: Memnite\n      types: [Artifact]\n")
    pool = load_cards(path)
    assert list(pool) == ["Memnite"]
    assert pool["Memnite"].location.line == 2


def test_a_card_file_read_again_is_parsed_once_and_a_changed_one_anew(tmp_path: Path) -> None:
    text = "Memnite:\n  - name: Memnite\n    types: [Artifact]\n"
    path = card_file(tmp_path, text)
    first = load_cards(path)
    assert load_cards(path) is first
    path.write_text(text.replace("Memnite", "Ornithopter"), encoding="utf-8")
    assert list(load_cards(path)) == ["Ornithopter"]
    path.write_text(text + "  - name: Memnite\n    types: [Artifact, Creature]\n",
                    encoding="utf-8")  # one more face
    assert len(load_cards(path)["Memnite"].faces) == 2
    path.write_text("Memnite: 3\n", encoding="utf-8")
    with pytest.raises(RulingFileError):  # an error is never kept in place of the pool
        load_cards(path)
    with pytest.raises(RulingFileError):
        load_cards(path)


# --- bad card files -------------------------------------------------------------------------


def test_unknown_face_key_suggests_the_right_one(tmp_path: Path) -> None:
    path = card_file(tmp_path, (
        "Grizzly Bears:\n"
        "  - name: Grizzly Bears\n"
        "    types: [Creature]\n"
        "    manaCots: \"{1}{G}\"\n"
    ))
    assert load_error(path) == f"{path}:4: unknown card key 'manaCots'; did you mean 'manaCost'?"


def test_face_that_is_a_list_is_not_a_mapping(tmp_path: Path) -> None:
    path = card_file(tmp_path, "Memnite:\n  - [Memnite, Artifact]\n")
    assert load_error(path) == f"{path}:2: a face of 'Memnite' must be a mapping"


def test_face_that_is_a_scalar_is_not_a_mapping(tmp_path: Path) -> None:
    path = card_file(tmp_path, (
        "Grizzly Bears:\n"
        "  - name: Grizzly Bears\n"
        "    types: [Creature]\n"
        "Memnite:\n"
        "  - Memnite\n"
    ))
    assert load_error(path) == f"{path}:5: a face of 'Memnite' must be a mapping"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("Memnite:\n  - name: Memnite\n", 2, "card 'Memnite' is missing 'types'"),
        ("Memnite:\n  - types: [Artifact]\n", 2, "card 'Memnite' is missing 'name'"),
        ("Memnite: []\n", 1, "card 'Memnite' must list its faces"),
        ("Grizzly Bears:\n  - name: Grizzly Bears\n    types: [Creature]\nMemnite:\n", 4,
         "card 'Memnite' must list its faces"),
        ("- Memnite\n", 1, "a card file must map card names to faces"),
        ("Memnite:\n  - name: Memnite\n    types: [Artifact]\n    rules: {x: 1}\n", 4,
         "'rules' must be a list"),
        ("Memnite:\n  - name: Memnite\n    types: Artifact: Creature\n", 3,
         "invalid YAML: mapping values are not allowed here"),
    ],
    ids=["no-types", "no-name", "no-faces", "null-faces", "not-a-mapping", "rules-not-a-list",
         "bad-yaml"],
)
def test_bad_card_file(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = card_file(tmp_path, text)
    assert load_error(path) == f"{path}:{line}: {message}"
