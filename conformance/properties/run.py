"""Running properties against an engine: one result per property, with a shrunk
counterexample as a YAML ruling when one fails."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import hypothesis
import yaml
from hypothesis import stateful

from ..contract.protocol import Engine
from ..errors import UsageError
from ..format.cards import CardPool
from ..format.model import Ruling
from ..runner.results import Result, Status
from .catalog import Property
from .machine import PropertyFailure, machine_class, scenario_text
from .profiles import PROFILES


#: What a property id must be to name a file: no separator, no leading dot.
_FILE_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9._-]*")


def counterexample_path(folder: Path, property_id: str) -> Path:
    """The file a property's counterexample is written to in ``folder``.  An id that is not
    a plain file name (``../x``, an absolute path) is refused, and the resolved path must
    stay inside ``folder``."""
    path = folder / f"{property_id}.yaml"
    if not _FILE_NAME.fullmatch(property_id) or \
            path.resolve().parent != folder.resolve():
        raise UsageError(f"property id {property_id!r} cannot name a counterexample file in "
                         f"{folder} (letters, digits, '.', '_' and '-' only)")
    return path


def counterexample_ruling(failure: PropertyFailure, rulings: Sequence[Ruling],
                          seed: int) -> dict[str, Any]:
    """A ruling file reproducing the failure, with the metadata of the first ruling the
    property checks, ready to be pasted into rulings/."""
    by_id = {r.id: r for r in rulings}
    base = next((by_id[i] for i in failure.property.rulings if i in by_id), None)
    document: dict[str, Any] = {"id": f"{failure.property.rulings[0]}-found-{seed % 10**6}"}
    if base is not None:
        document.update({
            "text": base.text, "date": base.date,
            "source": {"seed": base.seed, "page": base.page} if base.page else {"seed": base.seed},
            "cards": sorted({e.card for p in _players(failure) for e in p}),
            "cr": list(base.cr), "mechanics": list(base.mechanics),
            "requires": sorted(set(base.requires) | set(failure.property.requires)),
        })
    document["notes"] = (f"Found by the property {failure.property.id} (seed {seed}, "
                         f"Hypothesis {hypothesis.__version__}): {failure.violation.message}")
    document["scenarios"] = [failure.scenario]
    return document


def _players(failure: PropertyFailure) -> list[list[Any]]:
    players = failure.scenario["setup"]["players"].values()
    return [[_Entry(item["card"]) for zone in p.values() if isinstance(zone, list)
             for item in zone] for p in players]


class _Entry:
    def __init__(self, card: str) -> None:
        self.card = card


def run_properties(properties: Sequence[Property], factory: Callable[[], Engine],
                   capabilities: frozenset[str], pool: CardPool, rulings: Sequence[Ruling], *,
                   profile: str, seed: int | None, engine_name: str,
                   on_result: Callable[[Result], None]) -> list[Result]:
    """Every property, ``unsupported`` where the engine lacks what it needs."""
    results = []
    for prop in properties:
        missing = sorted(prop.requires - capabilities)
        if missing:
            result = Result(id=prop.id, status=Status.UNSUPPORTED, kind="property",
                            message=f"the engine lacks: {', '.join(missing)}")
        else:
            result = run_property(prop, factory, pool, rulings, profile=profile, seed=seed,
                                  engine_name=engine_name,
                                  moves="inject-moves" in capabilities)
        on_result(result)
        results.append(result)
    return results


def run_property(prop: Property, factory: Callable[[], Engine], pool: CardPool,
                 rulings: Sequence[Ruling], *, profile: str = "ci", seed: int | None = None,
                 engine_name: str = "reference", moves: bool = True) -> Result:
    """Play random games on engines from ``factory`` and check ``prop`` after every step."""
    settings = PROFILES[profile]
    if seed is None:
        seed = 0 if settings.derandomize else random.randrange(2**32)
    machine = machine_class(factory, pool, [prop], moves=moves)
    started = time.perf_counter()
    try:
        # The state machine as a test function, so that it can take a seed.
        make_test: Callable[..., Any] = stateful.get_state_machine_test
        test = make_test(machine, settings=settings)
        if not settings.derandomize:
            test = hypothesis.seed(seed)(test)
        test()
    except PropertyFailure as failure:
        known = {r.id for r in rulings}
        document = counterexample_ruling(failure, rulings, seed) \
            if set(prop.rulings) & known else None
        replay = (f"conformance run --engine {engine_name} --rulings <this file> "
                  f"(or: conformance properties --engine {engine_name} --property {prop.id} "
                  f"--profile {profile} --seed {seed})")
        return Result(
            id=prop.id, status=Status.FAILED, kind="property",
            message=f"{failure.violation.message} (checks {', '.join(prop.rulings)})",
            duration=time.perf_counter() - started,
            details={**({"counterexample": yaml.safe_dump(document, sort_keys=False,
                                                          allow_unicode=True, width=100)}
                        if document is not None else {}),
                     "scenario": scenario_text(failure.scenario),
                     "seed": seed, "profile": profile,
                     "hypothesis": hypothesis.__version__, "replay": replay},
        )
    except Exception as exc:  # noqa: BLE001 - an engine crash during a game is a verdict
        return Result(id=prop.id, status=Status.ERROR, kind="property",
                      message=f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                      duration=time.perf_counter() - started,
                      details={"seed": seed, "profile": profile,
                               "hypothesis": hypothesis.__version__})
    return Result(id=prop.id, status=Status.PASSED, kind="property",
                  duration=time.perf_counter() - started,
                  details={"seed": seed, "profile": profile, "hypothesis": hypothesis.__version__})
