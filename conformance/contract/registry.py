"""Finding engines: the ``conformance.engines`` entry-point group, or ``module:factory``.

The built-in engines register through the same entry-point group as third-party ones
(see pyproject.toml); nothing here knows any engine by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points

from ..errors import UsageError, did_you_mean
from .protocol import Engine

ENTRY_POINT_GROUP = "conformance.engines"
DEFAULT_ENGINE = "reference"

EngineFactory = Callable[[], Engine]


def available() -> dict[str, EntryPoint]:
    """Registered engines by name."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _load(spec: str) -> EngineFactory:
    module_name, _, attribute = spec.partition(":")
    try:
        target: object = importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"cannot import engine module {module_name!r}: {exc}") from None
    for part in attribute.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise UsageError(f"engine module {module_name!r} has no {attribute!r}") from None
    if not callable(target):
        raise UsageError(f"engine factory {spec!r} is not callable")
    return target


def resolve(name: str | None) -> EngineFactory:
    """The factory for an engine name, or for ``package.module:factory``."""
    name = name or DEFAULT_ENGINE
    if ":" in name:
        return _load(name)
    engines = available()
    if name not in engines:
        known = ", ".join(sorted(engines)) or "none"
        raise UsageError(f"unknown engine {name!r}{did_you_mean(name, engines)} (known: {known})")
    try:
        factory = engines[name].load()
    except ImportError as exc:
        raise UsageError(
            f"engine {name!r} is registered but cannot be imported: {exc} "
            f"(is its extra installed? pip install -e .[{name}])"
        ) from None
    return factory  # type: ignore[no-any-return]


def create(name: str | None) -> Engine:
    """A new engine instance; checks that it has the contract's shape."""
    engine = resolve(name)()
    if not isinstance(engine, Engine):
        missing = [m for m in ("info", "start", "perform", "observe", "game", "answer")
                   if not hasattr(engine, m)]
        raise UsageError(f"engine {name!r} does not implement the adapter contract "
                         f"(missing: {', '.join(missing)})")
    return engine
