"""What every name of the card-data registries means, with an example: the source of the
vocabulary tables of docs/card-data.md.

The tables between ``<!-- generated: NAME -->`` and ``<!-- end generated -->`` in that file
are written from here (``python -m conformance.engines.reference.vocabulary_docs
docs/card-data.md``; ``--check`` only compares), and a test holds every registry --
``EFFECTS``, ``EVENTS``, ``STATICS``, ``AS_ENTERS`` -- to one entry each, whose example
the engine parses.  A name added to a registry without a line here fails that test.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Entry:
    """One registry name: its parameters, what it means, and a ``rules`` entry using it."""

    name: str
    parameters: str
    meaning: str
    example: str


EFFECTS = (
    Entry("return_to_hand", "`target`", "Returns each target to its owner's hand.",
          "{spell: true, target: {types: [Creature]}, effects: [{return_to_hand: target}]}"),
    Entry("return_all_to_hand", "a filter, `other`, `tapped`",
          "Returns every matching permanent to its owner's hand at once (`other`: not the "
          "source; `tapped`: tapped ones only).",
          "{triggered: {turned_face_up: this}, effects: [{return_all_to_hand: {types: "
          "[Creature], tapped: true, other: true}}]}"),
    Entry("draw", "a number, or `{amount, who}`", "You (or `who`, as for `lose_life`: "
          "`target` for \"target player draws\") draw that many cards; drawing from an empty "
          "library loses the game at the next state-based check.",
          "{triggered: {enters: this}, effects: [{draw: 1}]}"),
    Entry("discard", "`{player: target | you, count}`",
          "The player discards that many cards of their choice (a `cards` choice).",
          "{spell: true, target: {what: player}, effects: [{discard: {player: target, "
          "count: 2}}]}"),
    Entry("mill", "`{count, then_to_hand: {up_to, ...filter}}`",
          "You mill that many cards, then may put matching milled cards into your hand.",
          "{triggered: {enters: this}, effects: [{mill: {count: 3, then_to_hand: {up_to: 1, "
          "types: [Creature]}}}]}"),
    Entry("return_all", "`{from, to, ...filter}`",
          "Moves every matching card you own from `from` (default graveyard) to `to` "
          "(default battlefield, entering under your control).",
          "{spell: true, effects: [{return_all: {from: graveyard, to: battlefield, types: "
          "[Enchantment]}}]}"),
    Entry("search_library", "`{to: hand | battlefield, ...filter}`",
          "You search your library for up to one matching card (`mana_value_max: X` uses "
          "the X paid), put it there, then shuffle.",
          "{spell: true, effects: [{search_library: {to: battlefield, permanent: true, "
          "mana_value_max: X}}]}"),
    Entry("lock_or_unlock_door", "`target`",
          "For each target Room you choose a door to lock or unlock (`option` choice "
          "`lock left`, `unlock right`, ...); doors already in that state are not offered.",
          "{activated: {mana: '{3}', tap: true}, target: {subtypes: [Room], controller: "
          "you}, effects: [{lock_or_unlock_door: target}]}"),
    Entry("unlock_locked_door", "`target`", "The same, offering only `unlock` options.",
          "{triggered: {combat_damage_to_player: this}, target: {subtypes: [Room], "
          "controller: you, up_to: true}, effects: [{unlock_locked_door: target}]}"),
    Entry("create_token", "`{count, name, types, subtypes, colors, power, toughness, "
          "keywords}`",
          "Creates tokens with the stated characteristics (CR 111.3). Without `name` a "
          "token is named after its subtypes plus `Token` (CR 111.4). A `power` or "
          "`toughness` may be an amount, as `damage`'s, counted as the effect happens (\"an "
          "X/X token, where X is ...\").",
          "{spell: true, effects: [{create_token: {count: 2, types: [Creature], subtypes: "
          "[Soldier], colors: [W], power: 1, toughness: 1}}]}"),
    Entry("create_token_copy", "`{of: target, add_subtypes, gains, lore_up_to, "
          "sacrifice_at_next_end_step}`",
          "Creates a token that's a copy of the target permanent (of what it copies; of its "
          "face-down values if face down), with the stated exceptions.",
          "{triggered: {door_unlocked: this}, target: {types: [Creature], controller: you}, "
          "effects: [{create_token_copy: {of: target, add_subtypes: [Reflection]}}]}"),
    Entry("copy_spell", "`target`",
          "Copies the target spell: same card, door cast, X, targets and face-down status; "
          "you control the copy.",
          "{triggered: {spell_cast: {controller: you}}, target: {what: spell}, effects: "
          "[{copy_spell: target}]}"),
    Entry("exile_from_hand", "`{up_to, link, ...filter}`",
          "You exile matching cards from your hand, linked to the source under `link` "
          "(CR 607.2a).",
          "{triggered: {enters: this}, effects: [{exile_from_hand: {up_to: 1, link: exiled, "
          "nonland: true}}]}"),
    Entry("copy_linked_and_cast", "a link name",
          "Copies every card linked under that name and lets you cast the copies without "
          "paying their mana costs.",
          "{activated: {mana: '{2}', tap: true}, effects: [{copy_linked_and_cast: "
          "exiled}]}"),
    Entry("sacrifice", "`this` or `delayed_objects`",
          "You sacrifice the source, or the objects a delayed trigger was made for.",
          "{activated: {mana: '{1}'}, effects: [{sacrifice: this}]}"),
    Entry("exile", "`this` or `target`",
          "Exiles the source, or the targets. For an ability that triggered as its source "
          "left the battlefield, `this` is the card it became, while it is still in the zone "
          "it went to.",
          "{triggered: {dies: this}, effects: [{exile: this}, {gain_life: 2}]}"),
    Entry("modify_pt", "`{what: target | this, power, toughness, gains}`",
          "The permanent gets +power/+toughness until end of turn, and gains the keywords "
          "listed in `gains` (`[First strike]`) until end of turn.",
          "{spell: true, target: {types: [Creature]}, effects: [{modify_pt: {what: target, "
          "power: 3, toughness: 3}}]}"),
    Entry("damage", "`{amount, to: target | each_opponent | each_player | this, divided}`",
          "The source deals that much damage: marked on a creature until cleanup, life lost "
          "by a player; its deathtouch and lifelink apply. An amount is a number, `X`, "
          "`{count: filter}` (permanents you control), `{cards_in_hand: you}` or "
          "`{unlocked_doors: you}` (unlocked doors among Rooms you control), counted as "
          "it happens. `divided: true`: the amount is divided among the targets as the "
          "spell is cast or the ability put on the stack (a `divide` choice with two or more "
          "targets, each getting at least 1; CR 601.2d); an illegal target's share is lost.",
          "{spell: true, target: {what: any, count: 3, at_least: 1}, effects: [{damage: "
          "{amount: 3, divided: true}}]}"),
    Entry("lose_life", "a number, or `{amount, who}`",
          "You (or `who`: `each_opponent`, `each_player`, `target`, `defending_player`) "
          "lose that much life.",
          "{triggered: {dies: {types: [Creature], controller: you}}, effects: [{lose_life: "
          "{amount: 1, who: each_opponent}}]}"),
    Entry("gain_life", "a number, or `{amount, who}`", "You (or `who`) gain that much life.",
          "{triggered: {enters: {types: [Creature], other: true}}, effects: [{gain_life: "
          "1}]}"),
    Entry("add_mana", "mana symbols", "Adds that mana to your pool (with `mana_ability`, "
          "without using the stack).",
          "{activated: {tap: true, mana_ability: true}, effects: [{add_mana: '{U}'}]}"),
    Entry("tap", "`target` or `this`", "Taps those permanents.",
          "{spell: true, target: {types: [Creature]}, effects: [{tap: target}]}"),
    Entry("untap", "`target` or `this`",
          "Untaps those permanents; one with a stun counter has one removed instead and stays "
          "tapped, as in an untap step (CR 122.1d).",
          "{activated: {mana: '{1}'}, target: {types: [Creature]}, effects: [{untap: "
          "target}]}"),
    Entry("put_counters", "`{what: target | this, counter, count}`",
          "Puts `count` (a number, `X`, or `{count: filter}`) counters of that kind.",
          "{triggered: {attacks: this}, effects: [{put_counters: {what: this, counter: "
          "'+1/+1', count: 1}}]}"),
    Entry("reveal_top", "`{who, if: filter, to, then}`",
          "Each of those players reveals the top card of their library and, if it matches "
          "the filter, puts it into `to` (default hand; `library`: it stays on top) and the "
          "`then` effects happen.",
          "{triggered: {attacks: this}, effects: [{reveal_top: {who: defending_player, if: "
          "{types: [Land]}, to: hand}}]}"),
    Entry("exile_top", "`{count, play_until: end_of_turn | end_of_your_next_turn}`",
          "You exile the top `count` cards of your library; until the end of this turn (of "
          "your next turn) you may play them from exile: cast them, paying their costs, at "
          "their usual time (CR 601.3), or play a land among them with the turn's land play "
          "(CR 305.2).",
          "{spell: true, effects: [{exile_top: {count: 2, play_until: "
          "end_of_your_next_turn}}]}"),
    Entry("may", "a list of effects", "You may carry them out (an `option` choice `yes`/`no`).",
          "{triggered: {combat_damage_to_player: this}, effects: [{may: [{draw: 1}]}]}"),
    Entry("if_else", "`{if: condition, then: [effects], else: [effects]}`",
          "Checks the [condition](#conditions) as the effect happens: `then` if it holds, "
          "`else` otherwise.",
          "{triggered: {beginning_of_end_step: you}, effects: [{if_else: {if: {control: "
          "{subtypes: [Demon]}}, then: [{gain_life: 2}], else: [{lose_life: 2}]}}]}"),
    Entry("transform", "`target` or `this`",
          "Turns a transforming permanent over; it stays the same object.",
          "{activated: {mana: '{2}'}, effects: [{transform: this}]}"),
    Entry("exile_and_return", "`{what: this, transformed}`",
          "Exiles it, then returns it under its owner's control, transformed or front face "
          "up.",
          "{triggered: {chapter: 3}, effects: [{exile_and_return: {what: this, transformed: "
          "true}}]}"),
)

EVENTS = (
    Entry("door_unlocked", "`this`", "This door of this Room becomes unlocked (on the "
          "battlefield, by an effect, or as the Room enters because that half was cast).",
          "{triggered: {door_unlocked: this}, effects: [{draw: 1}]}"),
    Entry("room_fully_unlocked", "`{controller: you}`",
          "A Room you control becomes fully unlocked.",
          "{triggered: {room_fully_unlocked: {controller: you}}, effects: [{draw: 1}]}"),
    Entry("enters", "`this`, or a filter with `controller: you`, `other`",
          "This object, or a matching permanent, enters the battlefield.",
          "{triggered: {enters: {types: [Enchantment], controller: you}}, effects: "
          "[{draw: 1}]}"),
    Entry("turned_face_up", "`this`", "This permanent is turned face up.",
          "{triggered: {turned_face_up: this}, effects: [{draw: 1}]}"),
    Entry("spell_cast", "a filter with `controller: you`",
          "A player (you) casts a matching spell.",
          "{triggered: {spell_cast: {controller: you, noncreature: true}}, effects: "
          "[{modify_pt: {what: this, power: 1, toughness: 1}}]}"),
    Entry("chapter", "a number or a list", "Chapter abilities of a Saga (lore counters "
          "reach the number).",
          "{triggered: {chapter: [1, 2]}, effects: [{draw: 1}]}"),
    Entry("beginning_of_upkeep", "`you`", "Your upkeep begins.",
          "{triggered: {beginning_of_upkeep: you}, effects: [{draw: 1}]}"),
    Entry("beginning_of_draw_step", "`you` or `each`", "Your (each player's) draw step "
          "begins, after the draw.",
          "{triggered: {beginning_of_draw_step: each}, effects: [{draw: 1}]}"),
    Entry("beginning_of_precombat_main", "`you` or `each`",
          "Your (each player's) first main phase begins.",
          "{triggered: {beginning_of_precombat_main: you}, effects: [{add_mana: '{C}'}]}"),
    Entry("beginning_of_combat", "`you`", "The beginning of combat step of your turn begins.",
          "{triggered: {beginning_of_combat: you}, effects: [{draw: 1}]}"),
    Entry("beginning_of_end_step", "`you` or `each`",
          "Your (each player's) end step begins.",
          "{triggered: {beginning_of_end_step: you}, effects: [{damage: {amount: 1, to: "
          "each_opponent}}]}"),
    Entry("attacks", "`this`, or a filter with `controller: you`, `other`",
          "This creature, or a matching creature, is declared as an attacker.",
          "{triggered: {attacks: {types: [Creature], controller: you}}, effects: "
          "[{gain_life: 1}]}"),
    Entry("you_attack", "`you`", "You attack: you declare one or more attackers (once per "
          "combat, however many attack).",
          "{triggered: {you_attack: you}, target: {types: [Creature], attacking: true}, "
          "effects: [{put_counters: {what: target, counter: '+1/+1', count: 1}}]}"),
    Entry("combat_damage_to_player", "`this`, or `{by: creatures_you_control}`",
          "This creature deals combat damage to a player; or one or more creatures you "
          "control do (once per combat damage step and player).",
          "{triggered: {combat_damage_to_player: {by: creatures_you_control}}, effects: "
          "[{draw: 1}]}"),
    Entry("dies", "`this`, or a filter with `controller: you`, `other`",
          "This permanent, or a matching one, is put into a graveyard from the battlefield; "
          "seen as it last existed there (CR 603.10a).",
          "{triggered: {dies: {types: [Creature], controller: you}}, effects: [{gain_life: "
          "1}]}"),
    Entry("leaves_battlefield", "`this`, or a filter with `controller: you`, `other`",
          "The same, to any zone.",
          "{triggered: {leaves_battlefield: this}, effects: [{draw: 1}]}"),
    Entry("put_into_graveyard", "`this`", "This card is put into a graveyard from anywhere.",
          "{triggered: {put_into_graveyard: this}, effects: [{draw: 1}]}"),
)

STATICS = (
    Entry("trigger_additional_time", "`{}`, `{entering: [types]}` or `{dying: [types]}`",
          "Triggered abilities of permanents you control trigger an additional time (only "
          "for a permanent of those types entering, with `entering`; dying, with `dying`). "
          "For a permanent leaving the battlefield, this ability of a permanent that left at "
          "the same time applies too (CR 603.10a).",
          "{static: {trigger_additional_time: {dying: [Creature]}}}"),
    Entry("cast_from_graveyard", "a filter, `once_per_turn`, `lands`, `grants`",
          "You may cast matching spells from your graveyard (checked on the spell as it is "
          "on the stack); with `lands: true`, play a land from it too, using the turn's land "
          "play. `once_per_turn`: once during each of your turns, a land and a spell "
          "together. `grants`: a rules entry (or a list) the spell or land gains when played "
          "this way, which the permanent keeps (\"if you do, it gains ...\").",
          "{static: {cast_from_graveyard: {permanent: true, mana_value_max: 3, "
          "once_per_turn: true, lands: true, grants: {triggered: {dies: this}, effects: "
          "[{exile: this}, {gain_life: 2}]}}}}"),
    Entry("cost_reduction", "a filter, `generic`, `first_each_turn`",
          "Your matching spells cost `{N}` less (generic mana only).",
          "{static: {cost_reduction: {types: [Creature], supertypes: [Legendary], generic: "
          "1, first_each_turn: true}}}"),
    Entry("cost_increase", "a filter, `generic`", "Matching spells cost `{N}` more.",
          "{static: {cost_increase: {generic: 1, noncreature: true}}}"),
    Entry("prevent_activation", "`chosen_name`, or `{source: chosen_name, except: "
          "mana_abilities}`",
          "Activated abilities of sources with the chosen name can't be activated; with "
          "`except: mana_abilities`, unless they're mana abilities (CR 605.1a).",
          "{static: {prevent_activation: {source: chosen_name, except: mana_abilities}}}"),
    Entry("power_per_card", "`{zone, types_any}`",
          "+1/+0 for each card in your zone with one of those types.",
          "{static: {power_per_card: {zone: graveyard, types_any: [Artifact, "
          "Enchantment]}}}"),
    Entry("enchanted_gets", "`{power, toughness}`", "The enchanted creature gets +N/+N.",
          "{static: {enchanted_gets: {power: 1, toughness: 2}}}"),
    Entry("anthem", "a filter, `power`, `toughness`",
          "Matching creatures you control get +N/+N.",
          "{static: {anthem: {types: [Creature], power: 1, toughness: 1}}}"),
    Entry("morph", "mana symbols", "Morph: cast face down for {3}, turn face up for this cost.",
          "{static: {morph: '{1}{G}{G}'}}"),
    Entry("untap_during_others_untap", "`{}` or a filter", "Untap all permanents you "
          "control (matching the filter) during each other player's untap step.",
          "{static: {untap_during_others_untap: {types: [Creature]}}}"),
    Entry("spells_have_convoke", "a filter", "Spells you cast that match have convoke: as "
          "you pay, you may tap untapped creatures you control, each paying {1} or one mana "
          "of its color (a `cards` choice, after targets).",
          "{static: {spells_have_convoke: {types: [Creature]}}}"),
    Entry("no_maximum_hand_size", "`{}`", "You have no maximum hand size: you don't discard "
          "in your cleanup step.", "{static: {no_maximum_hand_size: {}}}"),
)

AS_ENTERS = (
    Entry("choose_card_name", "`true`", "As it enters, its controller chooses a card name "
          "(a `name` choice of face names).",
          "{as_enters: {choose_card_name: true}}"),
    Entry("copy", "a filter, `optional`, `add_types`",
          "It may enter as a copy of a matching permanent (CR 707.5).",
          "{as_enters: {copy: {types: [Creature], optional: true}}}"),
    Entry("counters", "`{kind: N or X}`", "It enters with those counters.",
          "{as_enters: {counters: {'+1/+1': X}}}"),
)

#: The generated tables, by the name in their ``<!-- generated: NAME -->`` marker.
TABLES = {"effects": EFFECTS, "events": EVENTS, "statics": STATICS, "as-enters": AS_ENTERS}

_BLOCK = re.compile(r"(<!-- generated: (?P<name>[a-z-]+) -->\n).*?(<!-- end generated -->)",
                    re.DOTALL)


def table(entries: Sequence[Entry]) -> str:
    """The Markdown table of ``entries``, with a header."""
    lines = ["| Name | Parameters | Meaning | Example |", "| --- | --- | --- | --- |"]
    for entry in entries:
        example = entry.example.replace("|", "\\|")
        lines.append(f"| `{entry.name}` | {entry.parameters.replace('|', chr(92) + '|')} | "
                     f"{entry.meaning} | `{example}` |")
    return "\n".join(lines) + "\n"


def render(text: str) -> str:
    """``text`` with every generated block rewritten from the registries' entries."""
    def block(match: re.Match[str]) -> str:
        return match.group(1) + table(TABLES[match.group("name")]) + match.group(3)
    return _BLOCK.sub(block, text)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    paths = [Path(a) for a in args if a != "--check"] or [Path("docs/card-data.md")]
    stale = []
    for path in paths:
        text = path.read_text("utf-8")
        new = render(text)
        if new != text:
            stale.append(str(path))
            if not check:
                path.write_text(new, "utf-8")
    if check and stale:
        print(f"out of date: {', '.join(stale)} (run without --check to rewrite)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
