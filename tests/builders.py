"""Small builders for tests that set up games without a ruling file."""

from __future__ import annotations

from typing import Any

from conformance.format.model import CardEntry, PlayerSetup, Setup
from conformance.format.vocabulary import Door, Step, Zone

#: Mana for every spell of the pool, in both players' pools on a board.
PLENTY = "{8}{W}{W}{U}{U}{U}{B}{B}{R}{R}{G}{G}"


def entry(card: str, alias: str | None = None, **state: object) -> CardEntry:
    """A card entry of a setup; ``unlocked`` takes door names."""
    unlocked = tuple(Door(d) for d in state.pop("unlocked", ()))  # type: ignore[union-attr]
    return CardEntry(card=card, alias=alias, unlocked=unlocked, **state)  # type: ignore[arg-type]


def board(alice: dict[Zone, tuple[CardEntry, ...]],
          bob: dict[Zone, tuple[CardEntry, ...]] | None = None, *,
          active: str = "alice") -> Setup:
    """A position in ``active``'s precombat main phase, both players with :data:`PLENTY`."""
    return Setup((PlayerSetup("alice", mana=PLENTY, zones=alice),
                  PlayerSetup("bob", mana=PLENTY, zones=bob or {})), active,
                 Step.PRECOMBAT_MAIN)


def assert_caught_on_a_board(cards: Any, prop: Any, mutant: str, board: Any,
                             max_examples: int | None = None) -> None:
    """``prop`` holds in the ``ci`` games (without shrinking) played from ``board`` on the
    reference engine, and fails in the same games on the mutant ``mutant``."""
    import pytest
    from hypothesis import settings
    from hypothesis import strategies as st
    from conformance.properties.machine import games_test

    from conformance.engines.reference import ReferenceEngine
    from conformance.mutants import catalogue
    from conformance.mutants.meter import quick_profile
    from conformance.properties.machine import PropertyFailure, machine_class
    from conformance.properties.profiles import PROFILES

    chosen = settings(PROFILES[quick_profile("ci")], max_examples=max_examples
                      or PROFILES["ci"].max_examples)
    for factory in (ReferenceEngine, catalogue()[mutant].engine):
        machine = machine_class(factory, cards, [prop], moves=True, setups=st.just(board))
        if factory is ReferenceEngine:
            games_test(machine, chosen)()  # the same games pass
        else:
            with pytest.raises(PropertyFailure, match=prop.id):
                games_test(machine, chosen)()


def assert_caught_in_ci_games(cards: Any, prop: Any, mutant: str,
                              max_examples: int | None = None) -> None:
    """``prop`` fails on the mutant ``mutant`` in the ``ci`` games (without shrinking), or in
    the first ``max_examples`` of them where the ``ci`` profile's 30 are not enough."""
    import pytest
    from hypothesis import settings

    from conformance.mutants import catalogue
    from conformance.mutants.meter import quick_profile
    from conformance.properties.machine import PropertyFailure, games_test, machine_class
    from conformance.properties.profiles import PROFILES

    chosen = settings(PROFILES[quick_profile("ci")], max_examples=max_examples
                      or PROFILES["ci"].max_examples)
    machine = machine_class(catalogue()[mutant].engine, cards, [prop], moves=True)
    with pytest.raises(PropertyFailure, match=prop.id):
        games_test(machine, chosen)()


def judged_script(engine: Any, cards: Any, prop: Any, setup: Setup, script: Any,
                  answer: Any = None) -> list[Any]:
    """The violations ``prop`` finds in ``script`` played on ``engine`` from ``setup``,
    observed as the property games observe: the position first, then after each step --
    each step a function of the aliases' ids (and the ids objects became) to an action,
    its choices answered by ``answer(choice, ids)`` (by default the first option) and
    given to the property with their answers."""
    from conformance.properties import Observation

    def observed(action: Any = None, events: Any = (), choices: Any = ()) -> Any:
        views = {o: engine.observe(o) for z in Zone for o in engine.objects(z)}
        return Observation(engine, cards, views, engine.game(), action, list(events),
                           choices=list(choices))

    ids = dict(engine.start(setup, cards))
    found = list(prop.check(observed()))
    for make in script:
        action = make(ids)
        events = list(engine.perform(action))
        choices = []
        while (choice := engine.pending_choice()) is not None:
            values = tuple(answer(choice, ids) if answer else (choice.options[0].value,))
            events += engine.answer(list(values))
            choices.append((choice, values))
        for event in events:  # an alias follows its card to the object it became
            old, new = event.data.get("object"), event.data.get("new_object")
            if event.kind == "zone_changed" and new:
                ids.update({a: str(new) for a, i in ids.items() if i == str(old)})
        found += list(prop.check(observed(action, events, choices)))
    return found
