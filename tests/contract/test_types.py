"""Contract 1.2's engine info: what declared capabilities imply, and the card pool."""

from __future__ import annotations

from conformance.contract.types import CONTRACT_VERSION, EngineInfo
from conformance.format.vocabulary import SETUP_CAPABILITIES


def test_inject_state_is_every_setup_capability() -> None:
    info = EngineInfo("e", "1", frozenset({"inject-state", "combat"}))
    assert info.effective_capabilities == {"inject-state", "combat", *SETUP_CAPABILITIES}


def test_an_engine_of_contract_1_1_sets_life_mana_and_step_as_before() -> None:
    old = EngineInfo("e", "1", frozenset({"combat"}), contract="1.1")
    assert old.effective_capabilities == {"combat", "set-life", "set-mana", "set-step"}
    assert "place-cards" not in EngineInfo("e", "1", frozenset(), "1.0").effective_capabilities


def test_an_engine_of_contract_1_2_has_what_it_declares() -> None:
    assert CONTRACT_VERSION == "1.2"
    info = EngineInfo("e", "1", frozenset({"set-mana", "place-cards"}))
    assert info.effective_capabilities == {"set-mana", "place-cards"}
    assert EngineInfo("e", "1", frozenset(), "garbage").effective_capabilities == frozenset()


def test_an_engine_declares_no_card_pool_unless_it_has_one() -> None:
    assert EngineInfo("e", "1", frozenset()).cards is None
    assert EngineInfo("e", "1", frozenset(), cards=frozenset({"Forest"})).cards == {"Forest"}
