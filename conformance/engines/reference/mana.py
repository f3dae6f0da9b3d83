"""Mana costs, mana values and paying from a mana pool (CR 107.4, 202, 601.2g-h)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ...errors import IllegalAction

COLORS = ("W", "U", "B", "R", "G")
_SYMBOL = re.compile(r"\{([^}]+)\}")


def symbols(cost: str | None) -> tuple[str, ...]:
    """``"{2}{W/B}{U}"`` -> ``("2", "W/B", "U")``; no cost -> ``()``."""
    return tuple(_SYMBOL.findall(cost or ""))


def symbol_value(symbol: str, x: int = 0) -> int:
    """The mana value one symbol contributes (CR 202.3)."""
    if symbol.isdigit():
        return int(symbol)
    if symbol == "X":
        return x
    if "/" in symbol:  # hybrid: the largest component, {2/W} counts 2 (CR 202.3f)
        return max(int(part) if part.isdigit() else 1 for part in symbol.split("/"))
    return 1


def mana_value(cost: str | None, x: int = 0) -> int:
    """The mana value of a mana cost; X is 0 except on the stack (CR 202.3e)."""
    return sum(symbol_value(s, x) for s in symbols(cost))


def colors_of(cost: str | None) -> tuple[str, ...]:
    """The colors of the mana symbols of a cost, in WUBRG order (CR 202.2)."""
    found = {part for s in symbols(cost) for part in s.split("/") if part in COLORS}
    return tuple(c for c in COLORS if c in found)


def identity_symbols(text: str) -> set[str]:
    """The colors of mana symbols in rules text (CR 903.4)."""
    return {part for s in _SYMBOL.findall(text) for part in s.split("/") if part in COLORS}


@dataclass(frozen=True, slots=True)
class Cost:
    """A mana cost to pay: ``generic`` amount plus colored and hybrid symbols."""

    generic: int
    colored: tuple[str, ...]

    @classmethod
    def of(cls, cost: str | None, x: int = 0) -> Cost:
        generic, colored = 0, []
        for s in symbols(cost):
            if s.isdigit():
                generic += int(s)
            elif s == "X":
                generic += x
            elif s == "C" or s in COLORS or "/" in s:
                colored.append(s)
        return cls(generic, tuple(colored))

    def reduced(self, amount: int) -> Cost:
        """Reduce only the generic part (CR 601.2f: reductions of generic mana)."""
        return Cost(max(0, self.generic - amount), self.colored)

    def plus(self, other: Cost) -> Cost:
        return Cost(self.generic + other.generic, self.colored + other.colored)

    def __str__(self) -> str:
        parts = ([f"{{{self.generic}}}"] if self.generic else []) + [f"{{{c}}}" for c in self.colored]
        return "".join(parts) or "{0}"


class ManaPool:
    """Mana a player has, as a multiset of ``W U B R G C``."""

    def __init__(self, mana: str = "") -> None:
        self.mana: Counter[str] = Counter()
        self.add(mana)

    def add(self, mana: str) -> None:
        for s in symbols(mana):
            if s.isdigit():
                self.mana["C"] += int(s)
            else:
                self.mana[s] += 1

    def copy(self) -> ManaPool:
        pool = ManaPool()
        pool.mana = self.mana.copy()
        return pool

    def empty(self) -> None:
        self.mana.clear()

    def total(self) -> int:
        return sum(self.mana.values())

    def can_pay(self, cost: Cost) -> bool:
        try:
            self.copy().pay(cost)
        except IllegalAction:
            return False
        return True

    def pay(self, cost: Cost) -> None:
        """Pay ``cost`` or raise IllegalAction, leaving the pool untouched on failure."""
        pool = Counter(self.mana)
        for symbol in sorted(cost.colored, key=lambda s: "/" in s):  # plain colors first
            options = [p for p in symbol.split("/") if p in COLORS or p == "C"]
            choice = next((p for p in options if pool[p] > 0), None)
            if choice is None and "/" in symbol:
                two = next((int(p) for p in symbol.split("/") if p.isdigit()), None)
                if two is not None and sum(pool.values()) >= two:
                    cost = Cost(cost.generic + two, cost.colored)
                    continue
            if choice is None:
                raise IllegalAction(f"cannot pay {{{symbol}}} with {self.describe()}")
            pool[choice] -= 1
        if sum(pool.values()) < cost.generic:
            raise IllegalAction(f"cannot pay {cost} with {self.describe()}")
        remaining = cost.generic
        for color in ("C", *COLORS):  # spend colorless first, then colors in order
            spend = min(pool[color], remaining)
            pool[color] -= spend
            remaining -= spend
        self.mana = +pool

    def describe(self) -> str:
        return "".join(f"{{{c}}}" * n for c, n in sorted(self.mana.items())) or "an empty pool"
