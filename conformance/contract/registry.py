"""Finding engines: the ``conformance.engines`` entry-point group, or ``module:factory``.

The built-in engines register through the same entry-point group as third-party ones
(see pyproject.toml); nothing here knows any engine by name.  A name with a launcher's
prefix (``cmd:<command line>``) goes to the launcher registered under that prefix in the
``conformance.launchers`` group (the stdio protocol client registers ``cmd``), so this
layer imports no launcher.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points

from ..errors import UsageError, did_you_mean
from .protocol import Engine

ENTRY_POINT_GROUP = "conformance.engines"
LAUNCHER_GROUP = "conformance.launchers"
DEFAULT_ENGINE = "reference"

EngineFactory = Callable[[], Engine]
#: ``launcher(argument, timeout)`` -> a factory; ``timeout`` is the per-scenario limit in
#: seconds for engines that can be stopped (another process), ``None`` for the default.
Launcher = Callable[[str, "float | None"], EngineFactory]


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


def _launcher(prefix: str) -> Launcher | None:
    for ep in entry_points(group=LAUNCHER_GROUP, name=prefix):
        try:
            return ep.load()  # type: ignore[no-any-return]
        except ImportError as exc:
            raise UsageError(f"the {prefix!r} launcher cannot be imported: {exc}") from None
    return None


def resolve(name: str | None, timeout: float | None = None) -> EngineFactory:
    """The factory for an engine name, ``package.module:factory`` or ``prefix:argument``
    (a registered launcher, e.g. ``cmd:my-engine --serve``)."""
    name = name or DEFAULT_ENGINE
    prefix, _, argument = name.partition(":")
    launcher = _launcher(prefix) if argument and prefix.isidentifier() else None
    if launcher is not None:
        return launcher(argument, timeout)
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


def runs_in_this_process(name: str | None) -> bool:
    """Whether the engine ``name`` is imported into the harness's process (a Python
    package), rather than started by a launcher in a process of its own (``cmd:...``)."""
    prefix, _, argument = (name or DEFAULT_ENGINE).partition(":")
    return not (argument and prefix.isidentifier() and _launcher(prefix) is not None)


def create(name: str | None, timeout: float | None = None) -> Engine:
    """A new engine instance; checks that it has the contract's shape.  ``timeout`` limits
    each scenario of an engine that runs in another process (in-process engines ignore it)."""
    engine = resolve(name, timeout)()
    if not isinstance(engine, Engine):
        missing = [m for m in ("info", "start", "perform", "observe", "game", "answer")
                   if not hasattr(engine, m)]
        raise UsageError(f"engine {name!r} does not implement the adapter contract "
                         f"(missing: {', '.join(missing)})")
    return engine
