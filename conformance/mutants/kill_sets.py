"""The rulings each mutant of ``triggers``, ``spells``, ``costs``, ``turns``, ``combat`` and
``lands`` fails (or errors on) among :data:`FOLDERS`, as measured; ``tests/mutants`` holds
every mutant to its set.  Regenerate after a change to the corpus with ``python -m
conformance.mutants.kill_sets`` and read the difference before committing it: a ruling that
stops catching a mutant is a lost check."""

from __future__ import annotations

FOLDERS = ("rooms", "copies",
           "trigger-doubling", "trigger-order", "morph", "double-faced", "costs",
           "legend-rule", "durations", "trigger-conditions", "cost-changes",
           "cast-from-graveyard", "entering-objects", "spell-copies", "unlock-timing",
           "combat", "turn-structure", "divided-damage", "exile-to-play", "game-over",
           "playing-lands")

KILLS: dict[str, frozenset[str]] = {
    "ability-damage-is-combat-damage": frozenset({
        "combat-noncombat-damage-is-not-combat-damage",
    }),
    "active-player-controls-every-trigger": frozenset({
        "combat-thousand-winds-on-the-opponents-turn",
        "trigger-order-controller-orders-simultaneous-triggers",
        "turn-structure-the-end-step-of-every-turn",
    }),
    "another-includes-itself": frozenset({
        "morph-turning-face-up-does-not-trigger-enters",
    }),
    "anything-can-be-cast-face-down": frozenset(),
    "attack-trigger-never": frozenset({
        "combat-brutal-hordechief-attack-trigger",
        "combat-goblin-guide-attack-trigger",
    }),
    "attack-trigger-when-its-controller-attacks": frozenset({
        "combat-an-attack-trigger-of-a-creature-that-stays-home",
        "combat-goblin-guide-attack-trigger",
    }),
    "attackers-stay-untapped": frozenset({
        "combat-attacking-creatures",
        "combat-locker-room-draws-once-per-combat-damage-step",
        "combat-thousand-winds-on-the-opponents-turn",
        "combat-thousand-winds-returns-attacking-creatures",
        "turn-structure-seedborn-muse-untaps-during-other-untap-steps",
    }),
    "blocked-creature-hits-the-player": frozenset({
        "combat-a-blocked-creature-deals-no-damage-to-the-player",
        "combat-a-flyer-blocks-a-flyer",
        "combat-deathtouch-lifelink-flying",
        "combat-first-strike-and-double-strike",
        "combat-hystrodon-trample-and-combat-damage-trigger",
        "combat-locker-room-draws-once-per-combat-damage-step",
        "combat-several-blockers-attacking-player-divides-damage",
        "combat-trample-counts-damage-already-marked",
        "turn-structure-damage-wears-off-at-cleanup",
    }),
    "blocked-trampler-without-blockers-deals-nothing": frozenset({
        "combat-a-trampler-whose-blocker-left-combat",
    }),
    "cast-copy-not-counted-as-cast": frozenset({
        "spell-copies-elite-arcanist-copy-cast-is-cast",
    }),
    "cast-trigger-ignores-spell-types": frozenset({
        "spell-copies-elite-arcanist-copy-cast-is-cast",
        "trigger-conditions-what-each-trigger-watches",
    }),
    "cast-trigger-on-other-players-spells": frozenset({
        "trigger-conditions-what-each-trigger-watches",
        "turn-structure-your-upkeep-and-your-spells",
    }),
    "clone-copies-counters": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "clone-copies-tapped": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "combat-damage-trigger-on-damage-to-creatures": frozenset({
        "combat-hystrodon-trample-and-combat-damage-trigger",
        "combat-locker-room-draws-once-per-combat-damage-step",
    }),
    "combat-damage-trigger-per-creature": frozenset({
        "combat-locker-room-draws-once-per-combat-damage-step",
    }),
    "combat-damage-without-deathtouch-or-lifelink": frozenset({
        "combat-a-flyer-blocks-a-flyer",
        "combat-deathtouch-lifelink-flying",
    }),
    "convoke-ignores-creature-colors": frozenset({
        "costs-convoke-a-creature-pays-only-mana-of-its-color",
    }),
    "copy-uses-the-originals-x": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "cost-increase-only-from-opponents-permanents": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "cost-increase-only-from-own-permanents": frozenset({
        "cost-total-cost-and-mana-value",
    }),
    "cost-reductions-before-increases": frozenset({
        "cost-changes-increases-before-reductions",
    }),
    "counters-kept-on-zone-change": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "damage-assignment-order": frozenset({
        "combat-deathtouch-lifelink-flying",
        "combat-hystrodon-trample-and-combat-damage-trigger",
        "combat-several-blockers-attacking-player-divides-damage",
        "combat-trample-counts-damage-already-marked",
    }),
    "damage-not-removed-at-cleanup": frozenset({
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
        "turn-structure-damage-wears-off-at-cleanup",
        "turn-structure-draw-step-and-cleanup",
    }),
    "dies-triggers-on-return-to-hand": frozenset({
        "trigger-conditions-dies-means-put-into-a-graveyard",
    }),
    "divide-asked-for-one-target": frozenset({
        "divided-damage-arc-lightning-divides-as-it-is-cast",
    }),
    "divided-damage-dealt-in-full-to-each": frozenset({
        "divided-damage-arc-lightning-divides-as-it-is-cast",
        "divided-damage-arc-lightning-each-target-gets-at-least-1",
    }),
    "divided-damage-target-may-get-none": frozenset({
        "divided-damage-arc-lightning-each-target-gets-at-least-1",
    }),
    "divided-evenly-without-asking": frozenset({
        "divided-damage-arc-lightning-divides-as-it-is-cast",
        "divided-damage-arc-lightning-each-target-gets-at-least-1",
    }),
    "divided-share-goes-to-legal-targets": frozenset({
        "divided-damage-arc-lightning-divides-as-it-is-cast",
    }),
    "door-unlocked-by-an-effect-triggers-nothing": frozenset({
        "trigger-conditions-what-each-trigger-watches",
    }),
    "double-strike-strikes-once": frozenset({
        "combat-first-strike-and-double-strike",
    }),
    "doubler-applies-to-every-players-permanents": frozenset({
        "trigger-conditions-doublers-add-one-instance-each",
    }),
    "doublers-do-not-stack": frozenset({
        "trigger-conditions-doublers-add-one-instance-each",
    }),
    "end-step-triggers-of-the-active-player-only": frozenset({
        "turn-structure-the-end-step-of-every-turn",
    }),
    "enters-with-counters-of-its-own-card": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "every-creature-strikes-twice": frozenset({
        "combat-a-first-strike-blocker-deals-damage-first",
        "combat-first-strike-and-double-strike",
        "combat-first-strike-deals-damage-once",
    }),
    "every-player-untaps": frozenset({
        "turn-structure-only-the-active-player-untaps",
        "turn-structure-seedborn-muse-untaps-during-other-untap-steps",
    }),
    "exiled-card-not-playable": frozenset({
        "exile-to-play-until-end-of-turn-or-your-next-turn",
    }),
    "face-down-entering-unseen": frozenset({
        "morph-turning-face-up-does-not-trigger-enters",
    }),
    "face-down-keeps-abilities": frozenset({
        "morph-face-down-permanent-is-nameless-2-2",
        "morph-face-down-spell-has-mana-value-0",
    }),
    "face-down-keeps-colors": frozenset({
        "morph-face-down-permanent-is-nameless-2-2",
        "morph-face-down-spell-has-mana-value-0",
    }),
    "face-down-keeps-creature-types": frozenset({
        "morph-face-down-permanent-is-nameless-2-2",
        "morph-face-down-spell-has-mana-value-0",
    }),
    "face-down-keeps-power-and-toughness": frozenset({
        "combat-hystrodon-trample-and-combat-damage-trigger",
        "morph-face-down-permanent-is-nameless-2-2",
        "morph-face-down-permanent-leaving-is-revealed",
        "morph-face-down-spell-has-mana-value-0",
        "morph-turned-face-up-is-same-permanent",
    }),
    "first-each-turn-counts-any-spell": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "first-each-turn-reduction-every-time": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "first-strike-only-for-attacking-player": frozenset({
        "combat-a-first-strike-blocker-deals-damage-first",
    }),
    "first-strike-strikes-twice": frozenset({
        "combat-first-strike-deals-damage-once",
    }),
    "flying-blocked-by-anything": frozenset({
        "combat-a-flyer-blocks-a-flyer",
        "combat-deathtouch-lifelink-flying",
    }),
    "flying-blocker-needs-reach": frozenset({
        "combat-a-flyer-blocks-a-flyer",
    }),
    "game-goes-on-after-a-loss": frozenset({
        "game-over-a-player-who-loses-ends-the-game",
        "game-over-combat-damage-to-0-life-ends-the-game",
    }),
    "hybrid-mana-paid-with-any-color": frozenset({
        "cost-reduction-generic-mana-of-legendary-creature-spells",
    }),
    "land-from-exile-refused": frozenset({
        "playing-lands-act-on-impulse-land-uses-the-land-play",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "land-on-another-players-turn": frozenset({
        "playing-lands-one-land-each-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "land-outside-a-main-phase": frozenset({
        "playing-lands-one-land-each-turn",
        "playing-lands-only-in-a-main-phase",
    }),
    "land-plays-never-reset": frozenset({
        "playing-lands-one-land-each-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "land-with-a-spell-on-the-stack": frozenset({
        "playing-lands-one-land-each-turn",
    }),
    "legend-rule-across-players": frozenset({
        "legend-rule-applies-per-player",
    }),
    "legend-rule-by-printed-name": frozenset({
        "legend-rule-applies-per-player",
    }),
    "legend-rule-for-nonlegendary-permanents": frozenset({
        "combat-a-blocked-creature-deals-no-damage-to-the-player",
        "combat-hospital-room-whenever-you-attack",
        "combat-thousand-winds-on-the-opponents-turn",
        "combat-thousand-winds-returns-attacking-creatures",
        "copy-esper-terra-copies-only-printed-values",
        "copy-esper-terra-copy-enters",
        "copy-esper-terra-copying-a-copy",
        "copy-esper-terra-copying-a-token",
        "copy-esper-terra-x-is-zero",
        "copy-mirror-room-copies-only-printed-values",
        "copy-mirror-room-copy-enters",
        "copy-mirror-room-copying-a-copy",
        "copy-mirror-room-copying-a-token",
        "cost-changes-who-a-cost-change-applies-to",
        "dfc-non-double-faced-card-put-transformed-stays",
        "entering-objects-a-copy-enters-as-a-new-object",
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "legend-rule-applies-per-player",
        "room-spell-copy-keeps-door-choice",
        "room-unlock-without-targets-for-trigger",
        "trigger-conditions-doublers-add-one-instance-each",
        "trigger-doubling-linked-abilities-link-every-instance",
        "trigger-doubling-linked-abilities-sum-and-cast-both",
        "trigger-doubling-separate-choices-per-instance",
        "turn-structure-draw-step-and-cleanup",
        "turn-structure-tokens-have-summoning-sickness",
    }),
    "legend-rule-ignores-tokens": frozenset({
        "dfc-token-copy-is-double-faced",
        "legend-rule-applies-per-player",
    }),
    "legend-rule-keeps-the-newest": frozenset({
        "dfc-token-copy-is-double-faced",
        "legend-rule-applies-per-player",
    }),
    "locking-locks-every-door": frozenset({
        "room-unlock-effects-skip-unlocked-doors",
    }),
    "loses-at-one-life": frozenset({
        "game-over-a-player-who-loses-ends-the-game",
        "game-over-combat-damage-to-0-life-ends-the-game",
        "game-over-players-who-lose-at-once-draw",
    }),
    "minimum-targets-ignored": frozenset({
        "divided-damage-arc-lightning-divides-as-it-is-cast",
        "divided-damage-arc-lightning-each-target-gets-at-least-1",
    }),
    "next-turn-permission-ends-this-turn": frozenset({
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "no-card-in-the-draw-step": frozenset({
        "game-over-a-player-who-loses-ends-the-game",
        "turn-structure-draw-step-and-cleanup",
        "turn-structure-the-active-player-draws",
    }),
    "nonactive-player-triggers-first": frozenset({
        "trigger-order-controller-orders-simultaneous-triggers",
    }),
    "noncreature-increase-for-creature-spells": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "nonland-played-as-a-land": frozenset({
        "playing-lands-one-land-each-turn",
    }),
    "once-each-turn-permission-never-resets": frozenset({
        "cast-from-graveyard-once-during-each-of-your-turns",
    }),
    "once-each-turn-permission-unlimited": frozenset({
        "cast-from-graveyard-once-during-each-of-your-turns",
    }),
    "once-each-turn-shared-by-every-permission": frozenset({
        "cast-from-graveyard-once-during-each-of-your-turns",
    }),
    "one-pass-resolves": frozenset({
        "combat-thousand-winds-on-the-opponents-turn",
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "spell-copies-a-copy-of-an-opponents-spell-is-yours",
        "turn-structure-draw-step-and-cleanup",
        "turn-structure-priority-passes-to-the-opponent",
        "turn-structure-tap-an-attacker-before-attacks",
        "turn-structure-tokens-have-summoning-sickness",
        "turn-structure-your-upkeep-and-your-spells",
    }),
    "panharmonicon-checks-the-source-not-the-entering-permanent": frozenset({
        "trigger-conditions-doublers-add-one-instance-each",
    }),
    "panharmonicon-doubles-any-permanent-entering": frozenset({
        "trigger-conditions-doublers-add-one-instance-each",
    }),
    "permission-checks-the-card-not-the-spell": frozenset({
        "room-cast-permission-checks-cast-door",
    }),
    "permission-for-any-spell": frozenset({
        "room-cast-permission-checks-cast-door",
    }),
    "permission-for-other-players-graveyards": frozenset(),
    "permission-from-other-players-permanents": frozenset({
        "cast-from-graveyard-once-during-each-of-your-turns",
    }),
    "play-permission-never-ends": frozenset({
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "resolved-spell-copy-is-not-a-token": frozenset({
        "room-spell-copy-keeps-door-choice",
    }),
    "reveal-top-takes-any-card": frozenset({
        "combat-goblin-guide-attack-trigger",
    }),
    "simultaneous-loss-won-by-the-active-player": frozenset({
        "game-over-players-who-lose-at-once-draw",
    }),
    "sorcery-timing-ignored": frozenset({
        "exile-to-play-until-end-of-turn-or-your-next-turn",
    }),
    "spell-copy-controlled-by-the-original-controller": frozenset({
        "spell-copies-a-copy-of-an-opponents-spell-is-yours",
    }),
    "spell-copy-counts-as-cast": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spell-copy-loses-targets": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spell-copy-loses-x": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spell-copy-mana-value-without-x": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spell-copy-of-face-down-spell-is-face-up": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spell-copy-put-into-graveyard": frozenset({
        "spell-copies-lithoform-copy-keeps-x-and-is-not-cast",
    }),
    "spells-cast-never-forgotten": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "statics-of-every-face": frozenset({
        "copy-mirror-room-copies-only-printed-values",
        "copy-mirror-room-copy-enters",
        "copy-mirror-room-copying-a-copy",
        "copy-mirror-room-copying-a-token",
        "copy-mirror-room-x-is-zero",
        "dfc-token-copy-is-double-faced",
        "legend-rule-applies-per-player",
        "room-unlock-without-targets-for-trigger",
    }),
    "summoning-sick-creatures-attack": frozenset({
        "combat-attacking-creatures",
        "combat-summoning-sick-creatures-cannot-attack",
        "turn-structure-tokens-have-summoning-sickness",
    }),
    "tapped-kept-on-zone-change": frozenset({
        "entering-objects-a-copy-enters-as-a-new-object",
    }),
    "tokens-do-not-cease-to-exist": frozenset({
        "entering-objects-a-token-that-leaves-ceases-to-exist",
    }),
    "tokens-enter-without-summoning-sickness": frozenset({
        "turn-structure-tokens-have-summoning-sickness",
    }),
    "trample-ignored-when-blocked": frozenset({
        "combat-a-trampler-whose-blocker-left-combat",
        "combat-deathtouch-lifelink-flying",
        "combat-hystrodon-trample-and-combat-damage-trigger",
        "combat-several-blockers-attacking-player-divides-damage",
        "combat-trample-counts-damage-already-marked",
    }),
    "trample-ignores-marked-damage": frozenset({
        "combat-trample-counts-damage-already-marked",
    }),
    "transformed-kept-off-the-battlefield": frozenset({
        "cost-chapter-iv-is-not-a-mana-ability",
        "dfc-front-face-outside-battlefield",
    }),
    "triggers-in-trigger-order": frozenset({
        "trigger-order-controller-orders-simultaneous-triggers",
    }),
    "two-lands-each-turn": frozenset({
        "playing-lands-act-on-impulse-land-uses-the-land-play",
        "playing-lands-one-land-each-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "unlock-another-players-room": frozenset(),
    "unlock-cost-of-the-other-door": frozenset({
        "copy-mirror-room-copies-only-printed-values",
        "copy-mirror-room-copy-enters",
        "copy-mirror-room-copying-a-copy",
        "copy-mirror-room-copying-a-token",
        "copy-mirror-room-x-is-zero",
        "cost-changes-who-a-cost-change-applies-to",
        "dfc-token-copy-is-double-faced",
        "legend-rule-applies-per-player",
        "room-fully-unlock",
        "room-unlock-is-a-special-action",
        "room-unlock-without-targets-for-trigger",
        "room-when-you-unlock-this-door",
        "trigger-doubling-separate-choices-per-instance",
    }),
    "unlock-on-another-players-turn": frozenset({
        "unlock-timing-only-on-your-turn",
    }),
    "unlock-outside-a-main-phase": frozenset({
        "room-unlock-is-a-special-action",
    }),
    "unlocking-is-free": frozenset({
        "room-unlock-is-a-special-action",
    }),
    "unlocking-taxed-like-a-spell": frozenset({
        "cost-changes-who-a-cost-change-applies-to",
    }),
    "untap-statics-ignored": frozenset({
        "turn-structure-seedborn-muse-untaps-during-other-untap-steps",
    }),
    "until-end-of-turn-ends-on-controllers-turn": frozenset({
        "durations-giant-growth-until-end-of-turn",
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "until-end-of-turn-ends-with-the-step": frozenset({
        "durations-giant-growth-until-end-of-turn",
    }),
    "until-end-of-turn-follows-the-card": frozenset({
        "durations-giant-growth-until-end-of-turn",
    }),
    "until-end-of-turn-never-ends": frozenset({
        "durations-giant-growth-until-end-of-turn",
        "exile-to-play-until-end-of-turn-or-your-next-turn",
        "playing-lands-reckless-impulse-land-on-your-next-turn",
    }),
    "up-to-one-target-trigger-removed": frozenset({
        "room-battlefield-characteristics-are-unlocked-doors",
        "room-spell-copy-keeps-door-choice",
        "room-when-you-unlock-this-door",
        "trigger-conditions-what-each-trigger-watches",
    }),
    "upkeep-trigger-every-upkeep": frozenset({
        "trigger-conditions-what-each-trigger-watches",
        "turn-structure-your-upkeep-and-your-spells",
    }),
    "you-attack-trigger-needs-a-group": frozenset({
        "combat-hospital-room-with-one-attacker",
    }),
    "you-attack-trigger-per-attacker": frozenset({
        "combat-hospital-room-whenever-you-attack",
    }),
    "you-control-ignored-for-enters": frozenset({
        "trigger-conditions-what-each-trigger-watches",
    }),
}


def measure_kills() -> dict[str, frozenset[str]]:
    """What each mutant of the measured modules fails among :data:`FOLDERS` now."""
    from pathlib import Path

    from ..format.loader import load_corpus
    from ..runner.execute import run_ruling
    from ..runner.results import Status
    from . import catalogue

    root = Path(__file__).parents[2] / "rulings"
    corpus = load_corpus([root])
    folders = [(root / folder).resolve() for folder in FOLDERS]
    rulings = [r for r in corpus.rulings
               if any(Path(r.path).resolve().is_relative_to(f) for f in folders)]
    found = {}
    for name, mutant in catalogue().items():
        if mutant.folders != FOLDERS:
            continue
        engine = mutant.engine()
        found[name] = frozenset(r.id for r in rulings if run_ruling(r, engine, corpus.cards).status
                                in (Status.FAILED, Status.ERROR))
    return found


def _write() -> None:
    from pathlib import Path

    path = Path(__file__)
    text = path.read_text("utf-8")
    head = text[:text.index("KILLS: dict")]
    rest = text[text.index("\n\ndef measure_kills"):]
    lines = ["KILLS: dict[str, frozenset[str]] = {"]
    for name, kills in sorted(measure_kills().items()):
        if not kills:
            lines.append(f'    "{name}": frozenset(),')
            continue
        lines.append(f'    "{name}": frozenset({{')
        lines.extend(f'        "{ruling}",' for ruling in sorted(kills))
        lines.append("    }),")
    lines.append("}")
    path.write_text(head + "\n".join(lines) + "\n" + rest, "utf-8")


if __name__ == "__main__":
    _write()
