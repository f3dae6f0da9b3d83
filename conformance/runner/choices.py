"""The choices of a scenario: asked by the engine, made by it automatically, or open.

Contract 1.1 lets an engine make a choice itself when the rules leave one answer (it
reports a ``choice_made`` event with ``automatic: true``); a script's ``choose:`` or
``expect: {choice: ...}`` step is then met by that event -- but only when the choice was
forced.  An engine that picks for the player where the player could have chosen otherwise
fails the ruling, and so does one that neither asks nor chooses where the rules require a
choice.  Options are matched by value or by label, the same way for every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..contract.text import normalize_text
from ..contract.types import CHOICE_MADE, Choice, Event, Option

#: The verdict sentences about choices (asserted by the tests).
NEITHER_ASKED_NOR_CHOSE = ("expected the engine to ask for a choice (answered {answer}); it "
                           "neither asked nor chose itself")
#: The scripts answer every choice the rules give (the reference engine asks each one), so a
#: choice a script does not answer is one the rules do not give there: a departure.
UNASKED_CHOICE = ("the engine is waiting for a choice the script does not answer (the rules "
                  "give none here): {prompt} [{offered}]")
NO_CHOICE_TO_CHECK = ("choice: expected the engine to ask for a choice; it neither asks nor "
                      "chose one itself")
NOT_FORCED = ("the engine chose {chosen} itself for '{prompt}', where the player could have "
              "chosen otherwise (legal: {options}, choose {low} to {high})")
#: ``expect_illegal: {choose: ...}``: the answer the rules forbid was taken.
ANSWER_ACCEPTED = ("expected the engine to refuse the answer {answer} to '{prompt}'; it "
                   "accepted it")
#: ... or there was no choice to give it to.
NO_CHOICE_TO_REFUSE = ("expected the engine to ask for a choice and refuse the answer {answer}; "
                       "it neither asked nor chose itself")
#: ... or the engine chose that very answer itself.
REFUSED_ANSWER_CHOSEN = ("expected the answer {answer} to be refused; the engine chose it "
                         "itself for '{prompt}'")
#: The contract: a refused answer leaves the same choice pending (an engine that drops it broke
#: the contract, it did not depart from a ruling).
CHOICE_DROPPED = ("the engine refused the answer {answer} to '{prompt}' ({reason}) and then "
                  "{now}; a refused answer leaves the same choice pending")
OTHER_AUTOMATIC = ("the engine chose {chosen} itself for '{prompt}'; the script answers "
                   "{answer}")


@dataclass(frozen=True, slots=True)
class AutomaticChoice:
    """A choice an engine reported making itself, as a ``Choice`` and what it chose."""

    choice: Choice
    chosen: tuple[str, ...]

    @classmethod
    def from_event(cls, event: Event) -> AutomaticChoice | None:
        data = event.data
        if event.kind != CHOICE_MADE or not data.get("automatic"):
            return None
        options = tuple(Option(str(value)) for value in _strings(data.get("options")))
        chosen = tuple(_strings(data.get("chosen")))
        low, high = data.get("min", len(chosen)), data.get("max", len(chosen))
        choice = Choice(str(data.get("kind", "")), str(data.get("player", "")),
                        str(data.get("prompt", "")), options,
                        low if isinstance(low, int) else len(chosen),
                        high if isinstance(high, int) else len(chosen))
        return cls(choice, chosen)

    def describe(self) -> str:
        return f"{self.choice.kind} {list(self.chosen)!r}"

    def not_forced(self) -> str:
        choice = self.choice
        return NOT_FORCED.format(chosen=list(self.chosen), prompt=choice.prompt,
                                 options=[o.value for o in choice.options], low=choice.min,
                                 high=choice.max)


def _strings(value: object) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(item) for item in value]
    return [] if value is None else [str(value)]


def resolve_values(choice: Choice, wanted: Sequence[str]) -> list[str]:
    """The option values ``wanted`` stands for: each item is an option's value, or else
    its label (typography aside).  An item matching neither is kept as it is -- the
    engine then accepts or refuses it (an open choice takes free answers)."""
    by_label = {normalize_text(o.label): o.value for o in choice.options if o.label}
    values = {o.value for o in choice.options}
    resolved = []
    for item in wanted:
        if item in values:
            resolved.append(item)
        else:
            resolved.append(by_label.get(normalize_text(item), item))
    return resolved


def offered(choice: Choice) -> set[str]:
    """Every way an option of ``choice`` can be named: values and normalised labels."""
    return ({o.value for o in choice.options}
            | {normalize_text(o.label) for o in choice.options if o.label})


def is_offered(choice: Choice, item: str) -> bool:
    names = offered(choice)
    return item in names or normalize_text(item) in names


class AutomaticChoices:
    """The automatic choices reported so far that no script step has accounted for."""

    def __init__(self) -> None:
        self.pending: list[AutomaticChoice] = []
        #: what the results say: one line per script step met by an automatic choice
        self.notes: list[str] = []

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            made = AutomaticChoice.from_event(event)
            if made is not None:
                self.pending.append(made)

    def take(self, answer: Sequence[str]) -> AutomaticChoice | None:
        """The oldest automatic choice that chose ``answer`` (in any order), removed."""
        for index, made in enumerate(self.pending):
            resolved = resolve_values(made.choice, answer)
            if sorted(resolved) == sorted(made.chosen):
                return self.pending.pop(index)
        return None

    def first(self, kind: str | None) -> AutomaticChoice | None:
        """The oldest automatic choice of ``kind`` (any kind if ``None``), kept."""
        for made in self.pending:
            if kind is None or made.choice.kind == kind:
                return made
        return None
