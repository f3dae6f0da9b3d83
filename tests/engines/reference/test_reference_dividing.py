"""Divided damage (CR 601.2d), targets with a minimum (CR 601.2c), exile with permission to
play (CR 601.3), in the reference engine through the adapter contract."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.contract.types import (
    AdvanceTo, Cast, DeclareAttackers, DeclareBlockers, PassPriority, PlayerRef, Resolve,
)
from conformance.engines.reference.abilities import parse_abilities
from conformance.errors import IllegalAction, Location, RulingFileError
from conformance.format.cards import Card, CardFace
from conformance.format.vocabulary import Step, Zone
from strategies.answers import answers

from builders import entry


def test_the_division_is_asked_after_the_targets_and_applied_on_resolution(start):
    engine, ids = start(mana="{2}{R}", hand=[entry("Arc Lightning", "arc")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    engine.perform(Cast("alice", ids["arc"]))
    targets = engine.pending_choice()
    assert targets is not None and targets.kind == "target"
    assert (targets.min, targets.max) == (1, 3)  # "one, two, or three targets"
    engine.answer([ids["bears"], "player:bob"])
    divide = engine.pending_choice()
    assert divide is not None and divide.kind == "divide" and divide.player == "alice"
    assert [o.value for o in divide.options] == [ids["bears"], "player:bob"]
    assert divide.min == divide.max == 3 and not divide.forced
    with pytest.raises(IllegalAction, match="at least 1"):
        engine.answer([ids["bears"]] * 3)  # bob, a target, would get nothing
    engine.answer(["player:bob", ids["bears"], "player:bob"])  # in any order
    engine.perform(Resolve())
    assert engine.game().player("bob").life == 18
    assert engine.observe(ids["bears"]).zone is Zone.BATTLEFIELD  # 1 damage on a 2/2


def test_a_single_target_gets_the_whole_amount_unasked(start):
    engine, ids = start(mana="{2}{R}", hand=[entry("Arc Lightning", "arc")])
    engine.perform(Cast("alice", ids["arc"], targets=(PlayerRef("bob"),)))
    assert engine.pending_choice() is None
    engine.perform(Resolve())
    assert engine.game().player("bob").life == 17


def test_two_among_two_is_asked_and_forced(start):
    engine, ids = start(mana="{1}{R}", hand=[entry("Twin Bolt", "bolt")])
    engine.perform(Cast("alice", ids["bolt"], targets=(PlayerRef("alice"), PlayerRef("bob"))))
    divide = engine.pending_choice()
    assert divide is not None and divide.forced


def test_no_more_targets_than_the_amount_and_fewer_than_the_minimum_are_refused(start):
    engine, ids = start(mana="{1}{R}", hand=[entry("Twin Bolt", "bolt")])
    with pytest.raises(IllegalAction):
        engine.perform(Cast("alice", ids["bolt"], targets=()))  # at least one
    assert engine.observe(ids["bolt"]).zone is Zone.HAND


def test_one_object_is_chosen_once_for_one_word_target(start):
    # CR 115.3: the same object can't be chosen twice for one instance of "target", whether
    # the targets come with the cast or as the answer to a choice.
    engine, ids = start(mana="{2}{R}{R}{R}", hand=[entry("Arc Lightning", "arc")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears")]})
    with pytest.raises(IllegalAction, match="more than once"):
        engine.perform(Cast("alice", ids["arc"], targets=(ids["bears"], ids["bears"])))
    assert engine.observe(ids["arc"]).zone is Zone.HAND
    engine.perform(Cast("alice", ids["arc"]))
    with pytest.raises(IllegalAction):
        engine.answer([ids["bears"], ids["bears"]])


def _card(target: dict[str, object]) -> Card:
    face = CardFace(name="Example", mana_cost=None, type_line="Sorcery", types=("Sorcery",),
                    subtypes=(), supertypes=(), text="", power=None, toughness=None, colors=(),
                    color_indicator=None, keywords=(), side=None,
                    rules=({"spell": True, "target": target, "effects": [{"draw": 1}]},), raw={})
    return Card("Example", "normal", (face,), (), Location("<example>"))


@pytest.mark.parametrize("target", [{"count": 2, "at_least": 3}, {"count": 2, "at_least": 0},
                                    {"count": 2, "at_least": 1, "up_to": True}])
def test_card_data_with_an_impossible_minimum_is_refused(target):
    with pytest.raises(RulingFileError):
        parse_abilities(_card(target), ("draw",))


def test_exiled_cards_are_cast_from_exile_until_the_permission_ends(start):
    engine, ids = start(mana="{1}{R}{R}", hand=[entry("Act on Impulse", "act")],
                        library=[entry("Shock", "shock"), entry("Memnite"), entry("Memnite"),
                                 entry("Memnite")],
                        bob={"library": [entry("Memnite")]})
    engine.perform(Cast("alice", ids["act"]))
    engine.perform(Resolve())
    exiled = engine.objects(Zone.EXILE, "alice")
    assert len(exiled) == 3 and engine.game().player("alice").library_size == 1
    shock = next(i for i in exiled if engine.observe(i).names == ("Shock",))
    engine.game_state.player("alice").pool.add("{R}")
    assert engine.is_legal(Cast("alice", shock, targets=(PlayerRef("bob"),)))
    engine.perform(AdvanceTo(Step.UPKEEP))  # bob's turn: "until end of turn" has ended
    engine.perform(PassPriority("bob"))
    engine.game_state.player("alice").pool.add("{R}")
    with pytest.raises(IllegalAction, match="nothing allows casting"):
        engine.perform(Cast("alice", shock, targets=(PlayerRef("bob"),)))


def _hill_giant_double_blocked(start):
    engine, ids = start(battlefield=[entry("Hill Giant", "giant")],
                        bob={"battlefield": [entry("Grizzly Bears", "bears"),
                                             entry("Memnite", "memnite")]})
    engine.perform(DeclareAttackers("alice", (ids["giant"],)))
    engine.perform(DeclareBlockers("bob", ((ids["bears"], ids["giant"]),
                                           (ids["memnite"], ids["giant"]))))
    engine.perform(AdvanceTo(Step.COMBAT_DAMAGE))
    return engine, ids


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_answers_to_dividing_choices_are_taken_exactly_when_legal(start, data):
    """The Hypothesis strategy the random games answer with (strategies/answers.py) names
    an option once per point: the engine takes every combat damage assignment it draws,
    and a division exactly when it gives each target at least 1 (CR 601.2d) -- the
    strategy sometimes leaves a target out, which is refused and leaves the choice
    pending."""
    engine, _ids = _hill_giant_double_blocked(start)
    choice = engine.pending_choice()
    assert choice is not None and choice.kind == "combat_damage"
    engine.answer(data.draw(answers(choice)))
    assert engine.pending_choice() is None
    engine2, ids2 = start(mana="{2}{R}", hand=[entry("Arc Lightning", "arc")])
    engine2.perform(Cast("alice", ids2["arc"], targets=(PlayerRef("alice"), PlayerRef("bob"))))
    divide = engine2.pending_choice()
    assert divide is not None
    drawn = data.draw(answers(divide))
    if {o.value for o in divide.options} <= set(drawn):
        engine2.answer(drawn)
        assert engine2.pending_choice() is None
    else:
        with pytest.raises(IllegalAction):
            engine2.answer(drawn)
        assert engine2.pending_choice() == divide


def test_a_copy_of_a_spell_divides_as_the_original_does(start):
    """CR 707.10: a copy copies the choices made for the spell, its division among them."""
    from conformance.contract.types import Activate

    engine, ids = start(mana="{1}{R}{3}", hand=[entry("Twin Bolt", "bolt")],
                        battlefield=[entry("Lithoform Engine", "engine")],
                        bob={"battlefield": [entry("Colossal Dreadmaw", "dreadmaw")]})
    engine.perform(Cast("alice", ids["bolt"], targets=(ids["dreadmaw"], PlayerRef("bob"))))
    engine.answer([ids["dreadmaw"], "player:bob"])
    spell = engine.game().stack[0].id
    engine.perform(Activate("alice", ids["engine"], 1, targets=(spell,)))
    engine.perform(Resolve())  # the engine's ability: a copy on the stack, asking nothing
    assert engine.pending_choice() is None and len(engine.game().stack) == 2
    engine.perform(Resolve())  # the copy
    engine.perform(Resolve())  # the original
    assert engine.game().player("bob").life == 18
    assert engine.observe(ids["dreadmaw"]).zone is Zone.BATTLEFIELD
