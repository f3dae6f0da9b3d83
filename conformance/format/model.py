"""The ruling model: what a loaded, validated ruling file is.

Values are frozen: a ruling read from disk cannot be changed by a runner or an engine.
Script steps are typed values (``steps.py``), each with its line, so that the runner can
report ``path:line`` for the step that failed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from ..errors import Location
from .steps import ExpectIllegalStep, ExpectLegalStep, MoveStep, PlayLandStep, ScriptStep
from .roles import Role
from .vocabulary import Door, Step, Zone


@dataclass(frozen=True, slots=True)
class CardEntry:
    """A card placed in a zone by a scenario's setup."""

    card: str
    alias: str | None = None
    tapped: bool = False
    unlocked: tuple[Door, ...] = ()
    face_down: bool = False
    transformed: bool = False
    token: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    summoning_sick: bool = False
    line: int = 0
    #: Contract 1.2: the card is incidental, any card fitting this role will do; ``card`` is
    #: the one the corpus's card file gives it (or the one the ruling prefers)
    role: Role | None = None

    @property
    def has_state(self) -> bool:
        """True when the entry sets a permanent's state rather than just placing a card."""
        return bool(
            self.tapped or self.unlocked or self.face_down or self.transformed or self.token
            or self.counters or self.summoning_sick
        )


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    life: int = 20
    mana: str = ""
    zones: Mapping[Zone, tuple[CardEntry, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Setup:
    """The game state a scenario starts from."""

    players: tuple[PlayerSetup, ...]
    active_player: str
    step: Step = Step.PRECOMBAT_MAIN
    #: The game's turn number (the first turn is 1), when the setup names one; ``None``: the
    #: engine starts on whatever turn it does
    turn: int | None = None

    @property
    def capabilities(self) -> frozenset[str]:
        """The setup capabilities starting this game takes (contract 1.2): ``place-cards``
        for an injected setup (below), ``set-life`` for life other than 20, ``set-mana`` for
        a mana pool, ``set-step`` for a step other than the first main phase, ``set-turn``
        when the setup names a turn."""
        needed = set()
        if self.provenance == "injected":
            needed.add("place-cards")
        if any(player.life != 20 for player in self.players):
            needed.add("set-life")
        if any(player.mana for player in self.players):
            needed.add("set-mana")
        if self.step is not Step.PRECOMBAT_MAIN:
            needed.add("set-step")
        if self.turn is not None:
            needed.add("set-turn")
        return frozenset(needed)

    def entries(self) -> list[tuple[PlayerSetup, Zone, CardEntry]]:
        return [
            (player, zone, entry)
            for player in self.players
            for zone, entries in player.zones.items()
            for entry in entries
        ]

    @property
    def provenance(self) -> str:
        """``"legal-play"`` when only libraries, hands and mana are set, else ``"injected"``.

        A game can begin with any library and hand, so such a setup is a state legal play
        reaches; anything on the battlefield, in a graveyard or in exile, or any permanent
        state, is put there directly.
        """
        for _player, zone, entry in self.entries():
            if zone not in (Zone.LIBRARY, Zone.HAND) or entry.has_state:
                return "injected"
        return "legal-play"


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    setup: Setup
    script: tuple[ScriptStep, ...]
    line: int
    notes: str = ""
    #: capabilities this scenario needs on top of the ruling's ``requires``
    requires: tuple[str, ...] = ()

    @property
    def injected_steps(self) -> int:
        """How many script steps move cards outside the rules (``move``)."""
        return sum(1 for step in self.script if isinstance(step, MoveStep))

    @property
    def plays_lands(self) -> bool:
        """Whether the script plays a land, or asks whether one may be played."""
        return any(isinstance(step, PlayLandStep) or (
            isinstance(step, ExpectIllegalStep | ExpectLegalStep)
            and isinstance(step.action, PlayLandStep)) for step in self.script)


@dataclass(frozen=True, slots=True)
class Ruling:
    """One official ruling with its metadata and, when executable, its scenarios."""

    id: str
    text: str
    date: str | None
    seed: str
    cards: tuple[str, ...]
    cr: tuple[str, ...]
    mechanics: tuple[str, ...]
    location: Location
    #: language -> the verbatim translation, or several when the sources have several
    translations: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    translation_seeds: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    page: str = ""
    #: the https address the ruling is read on, when it is not a seed ruling
    url: str = ""
    requires: tuple[str, ...] = ()
    executable: bool = True
    not_executable_reason: str = ""
    text_unverified: bool = False
    notes: str = ""
    scenarios: tuple[Scenario, ...] = ()

    @property
    def path(self) -> str:
        return self.location.path


__all__ = ["CardEntry", "PlayerSetup", "Ruling", "Scenario", "ScriptStep", "Setup"]
