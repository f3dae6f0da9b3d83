"""An Engine that drives an engine process over stdin/stdout (docs/engine-protocol.md).

``--engine "cmd:<command line>"`` runs the command and speaks the protocol with it.  The
process is isolated from the harness:

* every answer is read with a deadline: each scenario (from ``start``) has ``timeout``
  seconds in all.  When it runs out, the process is killed and :class:`EngineTimeout` is
  raised (the ruling's status is ``timeout``);
* a process that exits, or writes a line that is not a protocol response, is killed and
  reported as :class:`ContractError` (status ``error``), with the end of its stderr;
* the next ``start`` starts a new process, so the run goes on with the next ruling;
* the process runs in a session of its own, and whatever ends it (a timeout, a crash,
  ``close``) ends its whole process group: an engine behind a wrapper (``sh -c``,
  ``npm run``, ``cargo run``) and its helpers are stopped too.
"""

from __future__ import annotations

import collections
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import IO, Any, NoReturn

from ..contract.protocol import Engine
from ..contract.registry import EngineFactory
from ..contract.types import (
    CONTRACT_VERSION, Action, Choice, EngineInfo, Event, GameView, ObjectId, ObjectView,
    PlayerId, PlayLand,
)
from ..errors import ContractError, EngineTimeout, Unsupported, UsageError
from ..format.cards import CardPool
from ..format.model import Setup
from ..format.vocabulary import Zone
from . import codec
from .codec import Json

#: The capability of playing lands, which over the protocol needs the feature ``play-land``.
PLAY_LANDS = "play-lands"

#: Seconds a scenario may take when no timeout is given (``conformance run --timeout``).
DEFAULT_TIMEOUT = 30.0
#: Seconds the process gets to exit after ``close`` before it is killed.
CLOSE_GRACE = 2.0
#: Seconds a new process gets to answer ``hello`` (at least; starting is not a scenario).
STARTUP_TIMEOUT = 10.0
#: Lines that are not JSON an engine may write before its answer to ``hello`` (a start-up
#: banner: a runtime's greeting, a build tool's progress) -- skipped; one more, or any
#: later, kills the process with a message that says so.
MAX_BANNER_LINES = 50
_STDERR_LINES = 20
_EOF = None
_POSIX = os.name == "posix"


class _Process:
    """One engine process, in a process group (a session) of its own; its output read line
    by line on threads, its input written on a third.

    Each stream belongs to one thread, which closes it: the harness thread never closes
    a stream another thread is reading, nor blocks writing to an engine that does not read.
    Killing ends the whole group -- a wrapper (``sh -c``, ``npm run``, ``uv run``), the
    engine under it, and any helper they started -- so no process outlives the run.
    """

    def __init__(self, argv: Sequence[str]) -> None:
        try:
            self.popen = subprocess.Popen(
                list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, encoding="utf-8", errors="replace",
                bufsize=1, start_new_session=_POSIX)
        except OSError as exc:
            raise UsageError(f"cannot start the engine command {shlex.join(argv)!r}: {exc}") \
                from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=_STDERR_LINES)
        self._outgoing: queue.Queue[str | None] = queue.Queue()
        self._writable = True
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._threads = [
            threading.Thread(target=self._pump, args=(self.popen.stdout, self.lines.put),
                             daemon=True),
            threading.Thread(target=self._pump, args=(self.popen.stderr, self._keep),
                             daemon=True),
            threading.Thread(target=self._write_all, daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @staticmethod
    def _pump(stream: IO[str], put: Any) -> None:
        try:
            for line in stream:
                put(line)
        except (OSError, ValueError):
            pass
        put(_EOF)
        try:
            stream.close()
        except OSError:
            pass

    def _write_all(self) -> None:
        """The stdin thread: writes each queued line; ``None`` closes stdin."""
        stdin = self.popen.stdin
        assert stdin is not None
        try:
            while (line := self._outgoing.get()) is not None:
                stdin.write(line)
                stdin.flush()
        except (OSError, ValueError):
            pass
        finally:
            self._writable = False
            try:
                stdin.close()
            except (OSError, ValueError):
                pass

    def _keep(self, line: str | None) -> None:
        if line is not None:
            self.stderr.append(line.rstrip("\n"))

    def send(self, line: str) -> None:
        """Queue a line for the engine; ``OSError`` once its input is closed."""
        if not self._writable:
            raise BrokenPipeError("the engine's input is closed")
        self._outgoing.put(line + "\n")

    def read(self, timeout: float) -> str | None:
        """The next line; ``None`` at the end of output; ``queue.Empty`` after ``timeout``."""
        return self.lines.get(timeout=max(timeout, 0.0))

    def stderr_tail(self, wait: float = 0.2) -> str:
        self._threads[1].join(wait)  # let the last lines of a dying process arrive
        lines = [line for line in self.stderr if line.strip()][-5:]
        return ("; stderr: " + " | ".join(lines)) if lines else ""

    def kill(self) -> None:
        """End the process and every process of its group; wait for it."""
        self._outgoing.put(None)
        if _POSIX:
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass  # the group is gone already
        elif self.popen.poll() is None:
            self.popen.kill()
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def close(self) -> None:
        """Close the engine's input, give it :data:`CLOSE_GRACE` seconds to exit, then end
        what is left of its group."""
        self._outgoing.put(None)
        try:
            self.popen.wait(timeout=CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            pass
        self.kill()


class StdioEngine:
    """The adapter contract over an engine process that speaks the stdio protocol."""

    def __init__(self, command: str | Sequence[str], timeout: float | None = None) -> None:
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise UsageError("cmd: needs a command line, e.g. cmd:my-engine --serve")
        self._unstarted(DEFAULT_TIMEOUT if timeout is None else float(timeout))
        self._info = self._spawn()

    def _unstarted(self, timeout: float) -> None:
        """Every field as it is before the process starts (``__init__``; the protocol
        fuzz tests build an engine over canned replies with it)."""
        self.timeout = timeout
        self._process: _Process | None = None
        self._deadline = 0.0
        self._next_id = 0
        self._cards_sent: CardPool | None = None
        #: the protocol 1.1 features the engine listed in its ``hello`` answer
        self.features: frozenset[str] = frozenset()
        #: what the harness knows of the game since it last changed (``_changed``): the
        #: choice pending and the views read, by viewer
        self._choice: tuple[Choice | None] | None = None
        #: the ids of this scenario's objects the harness has been told of (aliases, new
        #: objects in events, ``objects`` listings): what ``observe_many`` reads at once
        self._known: dict[ObjectId, None] = {}
        self._views: dict[tuple[ObjectId, PlayerId | None], ObjectView | Exception] = {}
        #: the lines that are not JSON the process wrote before its answer to ``hello`` (a
        #: start-up banner: skipped, up to :data:`MAX_BANNER_LINES`)
        self.banner: list[str] = []
        #: requests sent, by method (for benchmarks and tests)
        self.requests: collections.Counter[str] = collections.Counter()

    # -- the process -----------------------------------------------------------------------

    def _spawn(self) -> EngineInfo:
        """Start the process and shake hands; the engine's info."""
        self._process = _Process(self.argv)
        self._cards_sent = None
        self.banner = []
        self._deadline = time.monotonic() + max(self.timeout, STARTUP_TIMEOUT)
        hello = self._call("hello", {"protocol": codec.PROTOCOL_VERSION,
                                     "contract": CONTRACT_VERSION})
        if not isinstance(hello, dict):
            self._fail(f"the answer to 'hello' is not an object: {hello!r}")
        protocol = str(hello.get("protocol", ""))
        if protocol.split(".")[0] != codec.PROTOCOL_VERSION.split(".")[0]:
            self._fail(f"the engine speaks protocol {protocol!r}; this harness speaks "
                       f"{codec.PROTOCOL_VERSION}")
        features = hello.get("features")
        self.features = frozenset(str(f) for f in features if f in codec.FEATURES) \
            if isinstance(features, list) else frozenset()
        info = codec.decode_info(hello)
        if codec.PLAY_LAND not in self.features and PLAY_LANDS in info.capabilities:
            # a land play could not be sent to it: the rulings that need one are unsupported
            info = replace(info, capabilities=info.capabilities - {PLAY_LANDS})
        return info

    def _restart(self) -> None:
        info = self._spawn()
        if (info.name, info.version) != (self._info.name, self._info.version):
            self._fail(f"the restarted engine is {info.name} {info.version}, not "
                       f"{self._info.name} {self._info.version}")

    def _fail(self, message: str, timeout: bool = False) -> NoReturn:
        """Kill the process (the next ``start`` restarts it) and raise."""
        process, self._process = self._process, None
        tail = ""
        if process is not None:
            process.kill()
            tail = process.stderr_tail()
        if timeout:
            raise EngineTimeout(message + tail)
        raise ContractError(message + tail)

    def _call(self, method: str, params: dict[str, Json]) -> Json:
        process = self._process
        if process is None:
            raise ContractError(f"cannot call {method!r}: the engine process is not running "
                                f"(it failed earlier; it restarts at the next scenario)")
        self._next_id += 1
        self.requests[method] += 1
        request_id = self._next_id
        try:
            process.send(json.dumps({"id": request_id, "method": method, "params": params},
                                    ensure_ascii=False, separators=(",", ":")))
        except (OSError, ValueError):
            self._fail(f"the engine process exited{_exit_status(process)} before "
                       f"{method!r} could be sent")
        while True:
            try:
                line = process.read(self._deadline - time.monotonic())
            except queue.Empty:
                limit = (f"{max(self.timeout, STARTUP_TIMEOUT):g}s of starting"
                         if method == "hello"
                         else f"the per-scenario time limit of {self.timeout:g}s")
                self._fail(f"the engine did not answer {method!r} within {limit}; the process "
                           f"was killed", timeout=True)
            if line is None:
                self._fail(f"the engine process exited{_exit_status(process)} while answering "
                           f"{method!r}")
            try:
                response = json.loads(line)
                break
            except ValueError:
                if method != "hello" or len(self.banner) >= MAX_BANNER_LINES:
                    self._fail(self._not_json(method, line))
                self.banner.append(line.rstrip("\n"))  # a start-up banner: skipped
        if not isinstance(response, dict) or ("result" not in response
                                              and "error" not in response):
            self._fail(f"the engine answered {method!r} with something that is not a "
                       f"response: {_shorten(line)}")
        if response.get("id") != request_id:
            self._fail(f"the engine answered request {response.get('id')!r} when "
                       f"{request_id} ({method!r}) was expected")
        if "error" in response:
            raise codec.decode_error(response["error"])
        return response["result"]

    def _not_json(self, method: str, line: str) -> str:
        if method == "hello":
            return (f"the engine wrote {len(self.banner)} lines that are not JSON before "
                    f"answering 'hello' (the last: {_shorten(line)}); a start-up banner of "
                    f"up to {MAX_BANNER_LINES} lines is skipped, but stdout is for protocol "
                    f"messages: write logs to stderr")
        return f"the engine answered {method!r} with a line that is not JSON: {_shorten(line)}"

    # -- the contract ----------------------------------------------------------------------

    @property
    def info(self) -> EngineInfo:
        return self._info

    def _changed(self) -> None:
        """The game may change: forget what was read of it."""
        self._choice = None
        self._views = {}

    def start(self, setup: Setup, cards: CardPool) -> dict[str, ObjectId]:
        self._changed()
        self._known = {}
        if self._process is None:
            self._restart()
        self._deadline = time.monotonic() + self.timeout
        same = self._cards_sent is cards
        params: dict[str, Json] = {"setup": codec.encode_setup(setup),
                                   "cards": None if same else codec.encode_cards(cards)}
        with_choice = "events-with-choice" in self.features
        result = self._call("start", {**params, "with_choice": True} if with_choice else params)
        self._cards_sent = cards
        if with_choice:
            if not isinstance(result, dict) or not isinstance(result.get("aliases"), dict):
                raise ContractError(f"start: expected aliases and the pending choice (feature "
                                    f"events-with-choice), found {_shorten(repr(result))}")
            self._choice = (codec.decode_choice(result.get("pending_choice")),)
            result = result["aliases"]
        if not isinstance(result, dict):
            raise ContractError(f"start: expected an object of aliases, found {result!r}")
        aliases = {str(alias): str(object_id) for alias, object_id in result.items()}
        self._known.update(dict.fromkeys(aliases.values()))
        return aliases

    def _events(self, method: str, params: dict[str, Json]) -> Sequence[Event]:
        """``perform`` or ``answer``; with ``events-with-choice`` the answer carries the
        choice pending after the events, kept for ``pending_choice``."""
        self._changed()
        if "events-with-choice" not in self.features:
            events = codec.decode_events(self._call(method, params))
            self._learn(events)
            return events
        result = self._call(method, {**params, "with_choice": True})
        if not isinstance(result, dict) or "events" not in result:
            raise ContractError(f"{method}: expected events and the pending choice "
                                f"(feature events-with-choice), found {_shorten(repr(result))}")
        events = codec.decode_events(result["events"])
        self._choice = (codec.decode_choice(result.get("pending_choice")),)
        self._learn(events)
        return events

    def _learn(self, events: Sequence[Event]) -> None:
        for event in events:
            new = event.data.get("new_object")
            if isinstance(new, str):
                self._known[new] = None

    def _sendable(self, action: Action) -> Json:
        """The action as JSON; ``Unsupported`` for a land play to an engine that does not
        list the feature ``play-land`` (it may not know the action type)."""
        if isinstance(action, PlayLand) and codec.PLAY_LAND not in self.features:
            raise Unsupported(f"the engine does not list the protocol feature "
                              f"{codec.PLAY_LAND!r}: it is not sent land plays",
                              code="capability")
        return codec.encode_action(action)

    def perform(self, action: Action) -> Sequence[Event]:
        return self._events("perform", {"action": self._sendable(action)})

    def is_legal(self, action: Action) -> bool:
        return bool(self._call("is_legal", {"action": self._sendable(action)}))

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        result = self._call("legal_actions", {"player": player})
        if not isinstance(result, list):
            raise ContractError(f"legal_actions: expected a list, found {result!r}")
        actions = [codec.decode_action(a) for a in result]
        if codec.PLAY_LAND not in self.features:  # it could not be sent one (``_sendable``)
            actions = [a for a in actions if not isinstance(a, PlayLand)]
        return actions

    def pending_choice(self) -> Choice | None:
        if self._choice is None:
            self._choice = (codec.decode_choice(self._call("pending_choice", {})),)
        return self._choice[0]

    def answer(self, values: Sequence[str]) -> Sequence[Event]:
        return self._events("answer", {"values": list(values)})

    def accepts(self, values: Sequence[str]) -> bool:
        """Contract 1.1: whether the pending open choice would take ``values``."""
        return bool(self._call("accepts", {"values": list(values)}))

    def reproduction(self, failure: str) -> str | None:
        """Contract 1.1: the engine's standalone reproduction of a failure, if it has one."""
        result = self._call("reproduction", {"failure": failure})
        return result if isinstance(result, str) else None

    def observe(self, object_id: ObjectId, viewer: PlayerId | None = None) -> ObjectView:
        """With ``observe-many``, the first view asked of an object the harness was told of
        reads the views of all of those in one request."""
        known = self._views.get((object_id, viewer))
        if known is None and "observe-many" in self.features and object_id in self._known:
            self._observe_listed(viewer)
            known = self._views.get((object_id, viewer))
        if known is None:
            return codec.decode_object_view(self._call("observe",
                                                       {"object": object_id, "viewer": viewer}))
        if isinstance(known, Exception):
            raise known
        return known

    def _observe_listed(self, viewer: PlayerId | None) -> None:
        wanted = [o for o in self._known if (o, viewer) not in self._views]
        result = self._call("observe_many", {"objects": list(wanted), "viewer": viewer})
        if not isinstance(result, list) or len(result) != len(wanted):
            raise ContractError(f"observe_many: expected {len(wanted)} views, found "
                                f"{_shorten(repr(result))}")
        for object_id, item in zip(wanted, result):
            self._views[(object_id, viewer)] = codec.decode_error(item["error"]) \
                if isinstance(item, dict) and "error" in item else codec.decode_object_view(item)

    def objects(self, zone: Zone, player: PlayerId | None = None) -> Sequence[ObjectId]:
        result = self._call("objects", {"zone": zone.value, "player": player})
        listed = list(codec._strings(result, "objects"))
        self._known.update(dict.fromkeys(listed))
        return listed

    def game(self) -> GameView:
        return codec.decode_game_view(self._call("game", {}))

    def close(self) -> None:
        process = self._process
        if process is None:
            return
        self._deadline = time.monotonic() + min(self.timeout, CLOSE_GRACE)
        try:
            self._call("close", {})
        except ContractError:
            pass  # it is going away anyway
        finally:
            self._process = None
            process.close()


def _exit_status(process: _Process) -> str:
    try:
        code = process.popen.wait(timeout=1)
    except subprocess.TimeoutExpired:
        return ""
    return f" with status {code}"


def _shorten(line: str, limit: int = 80) -> str:
    line = line.rstrip("\n")
    return repr(line if len(line) <= limit else line[:limit] + "...")


def launcher(command: str, timeout: float | None = None) -> EngineFactory:
    """The ``cmd`` launcher of the registry: ``cmd:<command line>`` -> a StdioEngine factory."""

    def factory() -> Engine:
        return StdioEngine(command, timeout)

    return factory
