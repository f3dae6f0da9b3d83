"""What a target must be as it is chosen and as it resolves, and when abilities may be
activated (``targets-when-chosen``, ``illegal-targets``, ``legal-targets-affected``,
``sorcery-speed-abilities``): each holds
on the reference engine and catches an engine that breaks its rule, in ``ci`` games from a
board that has what it talks about, which no change to the random boards moves.  The
wrong engines are here: each changes one function of the reference engine."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from conformance.engines.reference import ReferenceEngine, casting, turn
from conformance.engines.reference.abilities import TargetSpec
from conformance.engines.reference.effects import Context
from conformance.engines.reference.game import Game
from conformance.engines.reference.targets import PLAYER_PREFIX
from conformance.format.cards import load_cards
from conformance.format.model import CardEntry, Setup
from conformance.format.vocabulary import Zone
from conformance.mutants import MutantEngine
from conformance.mutants.meter import quick_profile
from conformance.properties import PROPERTIES
from conformance.properties.machine import PropertyFailure, games_test, machine_class
from conformance.properties.profiles import PROFILES

from builders import board as _board

OWN = {p.id: p for p in PROPERTIES}
#: A card file with a tapped-creature target and an untapper (the corpus has neither).
HELD_OUT_CARDS = Path(__file__).parents[2] / "benchmarks" / "heldout" / "cards.yaml"
RULINGS_CARDS = Path(__file__).parents[2] / "rulings" / "cards.yaml"


def _targets_checked_for_their_zone(game: Game, spec: TargetSpec | None,
                                    ctx: Context) -> tuple[str, ...]:
    """Targets are checked on resolution only for being where they were: a permanent
    still on the battlefield is a legal target whatever it has become."""
    if spec is None:
        return ()
    kept = []
    for target in ctx.targets:
        obj = game.state.objects.get(target)
        if target.startswith(PLAYER_PREFIX) or obj is not None and obj.zone in (
                Zone.BATTLEFIELD, Zone.STACK):
            kept.append(target)
    return tuple(kept)


def targets_checked_for_their_zone() -> MutantEngine:
    return MutantEngine("targets-checked-for-their-zone",
                        [(turn, "legal_now", _targets_checked_for_their_zone)])


_ACTIVATION_REFUSED_EARLY = casting.activation_refused_early


def _activation_without_timing(game: Game, action: Any) -> Any:
    """casting.activation_refused_early with every ability activatable at instant speed
    ("Activate only as a sorcery" and equip ignored)."""
    original = casting._sorcery_timing
    casting._sorcery_timing = lambda _game, _player: None  # type: ignore[assignment]
    try:
        return _ACTIVATION_REFUSED_EARLY(game, action)
    finally:
        casting._sorcery_timing = original  # type: ignore[assignment]


def sorcery_speed_abilities_at_instant_speed() -> MutantEngine:
    return MutantEngine("sorcery-speed-abilities-at-instant-speed",
                        [(casting, "activation_refused_early", _activation_without_timing)])


_CHOOSE_TARGETS = casting.choose_targets


def _choose_without_types(game: Game, spec: TargetSpec | None, you: str, given: Any,
                          prompt: str, *, exclude: str | None = None) -> Any:
    """casting.choose_targets offering any permanent for "target creature": the types a
    target must have are not looked at as it is chosen."""
    if spec is not None and spec.filter.get("types"):
        spec = dataclasses.replace(spec, filter={k: v for k, v in spec.filter.items()
                                                 if k != "types"})
    return (yield from _CHOOSE_TARGETS(game, spec, you, given, prompt, exclude=exclude))


def targets_chosen_without_their_types() -> MutantEngine:
    return MutantEngine("targets-chosen-without-their-types",
                        [(casting, "choose_targets", _choose_without_types)])


def _choose_itself_too(game: Game, spec: TargetSpec | None, you: str, given: Any,
                       prompt: str, *, exclude: str | None = None) -> Any:
    """casting.choose_targets offering a spell itself among the spells it may target."""
    return (yield from _CHOOSE_TARGETS(game, spec, you, given, prompt))


def spells_target_themselves() -> MutantEngine:
    return MutantEngine("spells-target-themselves",
                        [(casting, "choose_targets", _choose_itself_too)])


_RESOLVE_ABILITY = turn._resolve_ability


def _resolve_ability_needing_its_source(game: Game, item: Any) -> Any:
    """turn._resolve_ability, removing an activated ability whose source has left the
    battlefield from the stack without resolving it."""
    source = game.state.objects.get(item.source)
    if item.ability.kind == "activated" and (source is None
                                             or source.zone is not Zone.BATTLEFIELD):
        game.state.stack.remove(item)
        return
    yield from _RESOLVE_ABILITY(game, item)


def abilities_need_their_source() -> MutantEngine:
    return MutantEngine("abilities-need-their-source",
                        [(turn, "_resolve_ability", _resolve_ability_needing_its_source)])




#: (property, wrong engine, card file): a board on which the property catches the wrong
#: engine in ``ci`` games and passes the reference engine.
CAUGHT_FROM: dict[tuple[str, str], tuple[Path, Setup]] = {
    ("illegal-targets", "targets_checked_for_their_zone"): (HELD_OUT_CARDS, _board(
        {Zone.BATTLEFIELD: (CardEntry("Kiora's Follower"),),
         Zone.HAND: (CardEntry("Surrakar Banisher"),)},
        {Zone.BATTLEFIELD: (CardEntry("Bear", tapped=True),)})),
    ("sorcery-speed-abilities", "sorcery_speed_abilities_at_instant_speed"): (RULINGS_CARDS, _board(
        {Zone.BATTLEFIELD: (CardEntry("Crystal Fragments // Summon: Alexander"),),
         Zone.HAND: (CardEntry("Shock"),)}, active="bob")),
    ("targets-when-chosen", "targets_chosen_without_their_types"): (RULINGS_CARDS, _board(
        {Zone.BATTLEFIELD: (CardEntry("Grizzly Bears"), CardEntry("Forest")),
         Zone.HAND: (CardEntry("Giant Growth"),)})),
    ("targets-when-chosen", "spells_target_themselves"): (RULINGS_CARDS, _board(
        {Zone.HAND: (CardEntry("Twincast"),)})),
    ("legal-targets-affected", "abilities_need_their_source"): (RULINGS_CARDS, _board(
        {Zone.BATTLEFIELD: (CardEntry("Prodigal Pyromancer"),),
         Zone.HAND: (CardEntry("Unsummon"),)})),
}
WRONG = {"targets_checked_for_their_zone": targets_checked_for_their_zone,
         "targets_chosen_without_their_types": targets_chosen_without_their_types,
         "spells_target_themselves": spells_target_themselves,
         "abilities_need_their_source": abilities_need_their_source,
         "sorcery_speed_abilities_at_instant_speed": sorcery_speed_abilities_at_instant_speed}


@pytest.mark.parametrize(("prop_id", "wrong"), sorted(CAUGHT_FROM))
def test_the_property_catches_a_wrong_engine_on_a_board_with_its_subject(prop_id, wrong):
    cards_file, board = CAUGHT_FROM[prop_id, wrong]
    cards = load_cards(cards_file)
    chosen = settings(PROFILES[quick_profile("ci")], max_examples=100)
    for factory in (ReferenceEngine, WRONG[wrong]):
        machine = machine_class(factory, cards, [OWN[prop_id]], moves=True,  # type: ignore[arg-type]
                                setups=st.just(board))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop_id):
                games_test(machine, chosen)()


def test_a_target_that_no_longer_meets_its_requirement_is_illegal():
    """Read from the text: one word "target" with a card type, tapped or untapped, who
    controls it; an Aura spell's enchant ability.  Nothing else is read."""
    from conformance.properties.invariants.resolution import _TARGET, _ENCHANT
    read = [m.groups()[:3] if (m := _TARGET.search(text)) else None for text in (
        "you may return target tapped creature to its owner's hand.",
        "this room deals 4 damage to target creature an opponent controls.",
        "tap target creature.",
        "target creature gets +3/+3 until end of turn.",
        "destroy target creature with power 3 or less.",
        "destroy target creature or planeswalker.",
        "return target creature card from your graveyard to your hand.")]
    assert read == [("tapped ", "creature", None), (None, "creature", " an opponent controls"),
                    (None, "creature", None), (None, "creature", None), None, None, None]
    assert _ENCHANT.match("enchant creature you control")
    assert not _ENCHANT.match("enchant creature with flying")
