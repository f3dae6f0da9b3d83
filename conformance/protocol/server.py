"""Serving an Engine over a pair of text streams: one JSON request per line in, one JSON
response per line out (docs/engine-protocol.md).

The server holds one engine.  It answers ``hello`` with the engine's info, then each
contract method; an exception the engine raises becomes an error response and the server
goes on.  It stops at ``close`` or at the end of its input.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..contract.protocol import Engine
from ..contract.types import Event
from ..errors import ContractError
from ..format.cards import CardPool
from ..format.vocabulary import Zone
from . import codec
from .codec import Json


class BadRequest(Exception):
    """A request the server cannot read (not JSON, unknown method, missing parameter)."""


def _param(params: dict[str, Any], key: str) -> Any:
    if key not in params:
        raise BadRequest(f"missing parameter {key!r}")
    return params[key]


class Server:
    """Dispatches requests to one engine; :meth:`handle` maps a request to a response."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.greeted = False
        self.closed = False
        self.cards: CardPool | None = None  # the pool last sent, reused while ``cards`` is null

    def handle(self, line: str) -> Json:
        request_id: Json = None
        try:
            try:
                request = json.loads(line)
            except ValueError as exc:
                raise BadRequest(f"not JSON: {exc}") from None
            if not isinstance(request, dict) or not isinstance(request.get("method"), str):
                raise BadRequest("a request is an object with 'id', 'method' and 'params'")
            request_id = request.get("id")
            params = request.get("params") or {}
            if not isinstance(params, dict):
                raise BadRequest("'params' must be an object")
            result = self.call(request["method"], params)
        except BadRequest as exc:
            return {"id": request_id, "error": {"type": "bad-request", "message": str(exc)}}
        except Exception as exc:  # noqa: BLE001 - the engine's failure is the client's to judge
            return {"id": request_id, "error": codec.encode_error(exc)}
        return {"id": request_id, "result": result}

    def call(self, method: str, params: dict[str, Any]) -> Json:
        if method == "hello":
            self.greeted = True
            return {"protocol": codec.PROTOCOL_VERSION, **codec.encode_info(self.engine.info),
                    "features": list(codec.FEATURES)}
        if not self.greeted:
            raise BadRequest(f"{method!r} before 'hello'")
        handler = self._methods.get(method)
        if handler is None:
            raise BadRequest(f"unknown method {method!r}")
        return handler(self, params)

    # -- the contract's methods ------------------------------------------------------------

    def _start(self, params: dict[str, Any]) -> Json:
        cards = params.get("cards")
        if cards is not None:
            self.cards = codec.decode_cards(cards)
        elif self.cards is None:
            raise BadRequest("start: no card pool yet ('cards' is null on the first start)")
        setup = codec.decode_setup(_param(params, "setup"))
        aliases = dict(self.engine.start(setup, self.cards))
        if not params.get("with_choice"):
            return aliases
        return {"aliases": aliases,
                "pending_choice": codec.encode_choice(self.engine.pending_choice())}

    def _perform(self, params: dict[str, Any]) -> Json:
        action = codec.decode_action(_param(params, "action"))
        return self._events(self.engine.perform(action), params)

    def _events(self, events: Sequence[Event], params: dict[str, Any]) -> Json:
        """``[Event]``; with ``with_choice`` (feature ``events-with-choice``), the events and
        the choice pending after them, saving the client a ``pending_choice`` request."""
        encoded = codec.encode_events(events)
        if not params.get("with_choice"):
            return encoded
        return {"events": encoded,
                "pending_choice": codec.encode_choice(self.engine.pending_choice())}

    def _is_legal(self, params: dict[str, Any]) -> Json:
        return bool(self.engine.is_legal(codec.decode_action(_param(params, "action"))))

    def _legal_actions(self, params: dict[str, Any]) -> Json:
        actions = self.engine.legal_actions(_param(params, "player"))
        return [codec.encode_action(a) for a in actions]

    def _pending_choice(self, params: dict[str, Any]) -> Json:
        return codec.encode_choice(self.engine.pending_choice())

    def _answer(self, params: dict[str, Any]) -> Json:
        values = _param(params, "values")
        if not isinstance(values, list):
            raise BadRequest("answer: 'values' must be a list of strings")
        return self._events(self.engine.answer([str(v) for v in values]), params)

    def _accepts(self, params: dict[str, Any]) -> Json:
        values = _param(params, "values")
        if not isinstance(values, list):
            raise BadRequest("accepts: 'values' must be a list of strings")
        accepts = getattr(self.engine, "accepts", None)
        if accepts is None:
            raise BadRequest("accepts: this engine asks no open choices")
        return bool(accepts([str(v) for v in values]))

    def _reproduction(self, params: dict[str, Any]) -> Json:
        write = getattr(self.engine, "reproduction", None)
        script = None if write is None else write(str(params.get("failure", "")))
        return script if isinstance(script, str) else None

    def _observe(self, params: dict[str, Any]) -> Json:
        object_id = params.get("object")
        if not isinstance(object_id, str):
            raise BadRequest("observe: 'object' must be an object id")
        return codec.encode_object_view(self.engine.observe(object_id, params.get("viewer")))

    def _observe_many(self, params: dict[str, Any]) -> Json:
        """Feature ``observe-many``: the views of several objects, each an ObjectView or
        ``{"error": ...}`` as ``observe`` would have answered it."""
        object_ids = params.get("objects")
        if not isinstance(object_ids, list) or not all(isinstance(o, str) for o in object_ids):
            raise BadRequest("observe_many: 'objects' must be a list of object ids")
        views: list[Json] = []
        for object_id in object_ids:
            try:
                views.append(codec.encode_object_view(
                    self.engine.observe(object_id, params.get("viewer"))))
            except Exception as exc:  # noqa: BLE001 - the client raises it for that object
                views.append({"error": codec.encode_error(exc)})
        return views

    def _objects(self, params: dict[str, Any]) -> Json:
        try:
            zone = Zone(_param(params, "zone"))
        except ValueError:
            raise BadRequest(f"objects: unknown zone {params['zone']!r}") from None
        return list(self.engine.objects(zone, params.get("player")))

    def _game(self, params: dict[str, Any]) -> Json:
        return codec.encode_game_view(self.engine.game())

    def _close(self, params: dict[str, Any]) -> Json:
        self.closed = True
        self.engine.close()
        return None

    _methods: dict[str, Callable[[Server, dict[str, Any]], Json]] = {
        "start": _start, "perform": _perform, "is_legal": _is_legal,
        "legal_actions": _legal_actions, "pending_choice": _pending_choice, "answer": _answer,
        "observe": _observe, "observe_many": _observe_many, "objects": _objects,
        "game": _game, "close": _close,
        "accepts": _accepts, "reproduction": _reproduction,
    }


def serve(engine: Engine, reader: TextIO, writer: TextIO) -> int:
    """Answer requests from ``reader`` on ``writer`` until ``close`` or end of input.

    Returns 0; the engine is closed on the way out whatever happens.
    """
    server = Server(engine)
    try:
        for line in reader:
            if not line.strip():
                continue
            response = server.handle(line)
            try:
                text = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
            except (TypeError, ValueError) as exc:  # the engine returned something not JSON
                text = json.dumps({"id": response.get("id"), "error": codec.encode_error(
                    ContractError(f"the engine's answer is not JSON-friendly: {exc}"))})
            writer.write(text + "\n")
            writer.flush()
            if server.closed:
                break
    finally:
        if not server.closed:
            engine.close()
    return 0
