"""The properties written from the Comprehensive Rules reach what they are about in the
``ci`` profile: in their games on the reference engine, each one's precondition holds at
least once (``test_reachability.py`` holds every property to that), and so do the
situations its strongest checks need -- a spell or ability resolving with every target
illegal, say."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conformance.properties import PROPERTIES, Observation
from conformance.properties.invariants import (
    activation_timing, affected_targets, attachments, counters, damage_results, delayed,
    dying, objects, receiving_priority, resolution, sickness, tapping, timing,
    transforming,
)
from conformance.runner.results import Status

from ci_games import group, played_in_ci, watch

OWN = {p.id: p for p in PROPERTIES}

#: Situations beyond each property's own precondition, with the least number of
#: observations in which they hold in the ``ci`` games (kept modest: the games move with
#: every change to the machine, the boards and the card pool).
EXTRA: dict[str, dict[str, tuple[Callable[[Observation], bool], int]]] = {
    "illegal-targets": {
        "a spell or ability resolving with a target illegal": (resolution.reached_some, 1),
        "a spell or ability resolving with every target illegal":
            (resolution.reached_every, 1),
        "an Aura spell resolving with its target illegal": (resolution.reached_aura_every, 1)},
    "receiving-priority": {
        "a player other than the active player cast or activated":
            (receiving_priority.reached_other_players_action, 2),
        "a spell or ability of a player other than the active player resolved":
            (receiving_priority.reached_other_players_resolution, 2),
        "a step began with a triggered ability of a player other than the active player":
            (receiving_priority.reached_others_trigger_as_a_step_began, 1)},
    "acting-with-priority": {
        "a special action probed for the active player in their main phase, the stack empty, "
        "while the other player had priority": (receiving_priority.reached_special_action, 5),
        "a player without priority controlled a face-down permanent":
            (receiving_priority.reached_face_down, 1)},
    "damage-results": {
        "a source with lifelink dealt damage": (damage_results.reached_lifelink, 1),
        "a source with deathtouch dealt damage to a creature":
            (damage_results.reached_deathtouch, 1),
        "a spell or ability dealt damage to a creature": (damage_results.reached_noncombat, 2)},
    "damage-from-a-source-that-left": {
        "damage dealt by a source gone before the step, life judged":
            (damage_results.reached_gone_source_judged, 1),
        "damage dealt by a gone source with lifelink or deathtouch, life judged":
            (damage_results.reached_gone_keyed_source, 1)},
    "delayed-triggers-once": {
        "an end step of a player whose delayed trigger has triggered":
            (delayed.reached_again, 1),
        "a step other than an end step begun with a delayed trigger waiting":
            (delayed.reached_waiting, 1)},
    "double-faced-faces": {
        "a transformed permanent told by its ability to transform":
            (transforming.reached_transform_back, 1)},
    "casting-timing": {
        "a sorcery-speed spell held outside sorcery timing": (timing.reached_sorcery_speed, 5),
        "an instant or a spell with flash held outside sorcery timing":
            (timing.reached_instant_speed, 5),
        "an instant or a spell with flash cast outside sorcery timing":
            (timing.reached_cast_at_instant_speed, 1),
        "a spell with flash (not an instant) held outside sorcery timing":
            (timing.reached_flash, 5),
        "a sorcery-speed spell held in another player's main phase, the stack empty":
            (timing.reached_sorcery_speed_in_another_turn, 1)},
    "dies-abilities": {
        "a \"whenever a creature you control dies\" ability watching a death":
            (dying.reached_watcher, 2),
        "two creatures or more dying at once": (dying.reached_together, 1),
        "a creature dying in combat or as something resolved": (dying.reached_by_rules, 2),
        "a creature sacrificed by a spell or ability resolving":
            (dying.reached_sacrificed, 2)},
    "dies-abilities-looking-back": {
        "a copy dying with its own \"when this creature dies\" ability": (dying.reached_copy, 1),
        "two creatures or more dying at once, watched": (dying.reached_together_watched, 2)},
    "counters": {
        "a Saga on the battlefield as its controller's precombat main phase began":
            (counters.reached_lore, 1),
        "a permanent with counters on the battlefield through the end of a turn":
            (counters.reached_turn, 2),
        "a Saga entering the battlefield, its lore counters judged":
            (objects.reached_saga_entering, 2)},
    "counter-rules": {
        "a Saga entering the battlefield, its lore counters judged":
            (objects.reached_saga_entering, 2),
        "an untapped permanent with a stun counter through its controller's untap step":
            (counters.reached_untapped_stunned, 2)},
    "entering-permanents": {
        "a Saga entering the battlefield, its lore counters judged":
            (objects.reached_saga_entering, 1)},
    "tapped-status": {
        "blockers declared or combat damage dealt": (tapping.reached_combat, 2),
        "a turn ended with a tapped permanent of the other player":
            (tapping.reached_turn_end, 2)},
    "attachments": {
        "an Aura spell resolving with its target on the battlefield":
            (attachments.reached_aura_resolved, 1)},
    "legal-targets-affected": {
        "damage dealt to a player, a legal target": (affected_targets.reached_damage_to_player, 5),
        "damage at least its toughness dealt to a creature, a legal target":
            (affected_targets.reached_lethal_damage, 2),
        "a legal target returned or tapped": (affected_targets.reached_return_or_tap, 2),
        "an ability resolving after its source left the battlefield":
            (affected_targets.reached_without_source, 2)},
    "sorcery-speed-abilities": {
        "an ability activated only as a sorcery, held outside sorcery timing":
            (activation_timing.reached, 5)},
    "summoning-sickness": {
        "a creature that can't use its {T} abilities yet": (sickness.reached_creature, 5),
        "such a creature in another player's turn":
            (sickness.reached_in_another_players_turn, 1)},
}

for _prop_id, _conditions in EXTRA.items():
    watch(_prop_id, {name: condition for name, (condition, _least) in _conditions.items()})


@pytest.mark.parametrize(("prop_id", "situation"),
                         [pytest.param(p, name, marks=group(p))
                          for p, conditions in EXTRA.items() for name in conditions])
def test_the_property_reaches_its_subject_in_ci(prop_id, situation):
    played = played_in_ci(OWN[prop_id])
    assert played.result.status is Status.PASSED, played.result.message
    least = EXTRA[prop_id][situation][1]
    assert played.seen[situation] >= least, \
        f"{prop_id} reached {situation} {played.seen[situation]} times ({dict(played.seen)})"
