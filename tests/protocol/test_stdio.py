"""The stdio protocol end to end: the whole corpus gives the same results in-process and over
a pipe, ruling by ruling, and ``conformance serve`` answers malformed requests."""

from __future__ import annotations

import importlib.util
import io
import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.contract import registry
from conformance.contract.types import PlayLand
from conformance.engines.reference import ReferenceEngine
from conformance.errors import Unsupported, UsageError
from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.protocol import codec
from conformance.protocol.client import StdioEngine
from conformance.protocol.server import serve
from conformance.runner.execute import run_corpus
from conformance.runner.results import Result, Status
from conformance.format.loader import find_card_file, find_ruling_files, load_cards

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "rulings"
ENGINES = Path(__file__).parent / "engines"
SERVE_REFERENCE = f"{shlex.quote(sys.executable)} -m conformance.frontends.cli serve " \
                  f"--engine reference"


def run_cli(engine: str, results: Path) -> tuple[int, dict[str, Any]]:
    code = main(["run", "-q", "--engine", engine, "--rulings", str(RULINGS),
                 "--results", str(results)])
    return code, json.loads(results.read_text(encoding="utf-8"))


def compare(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> None:
    assert [r["id"] for r in left] == [r["id"] for r in right]
    for a, b in zip(left, right):
        assert (a["id"], a["status"], a["message"], a["line"], a["scenario"]) == \
            (b["id"], b["status"], b["message"], b["line"], b["scenario"])


def test_the_corpus_gives_the_same_results_over_the_protocol(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code_in, inproc = run_cli("reference", tmp_path / "in.json")
    code_out, piped = run_cli(f"cmd:{SERVE_REFERENCE}", tmp_path / "out.json")

    assert code_in == code_out == 0, capsys.readouterr()
    assert piped["engine"] == inproc["engine"]
    assert len(piped["results"]) == len(find_ruling_files([RULINGS]))
    compare(inproc["results"], piped["results"])
    assert piped["summary"] == inproc["summary"]


def _skewed_module() -> Any:
    spec = importlib.util.spec_from_file_location("skewed_engine", ENGINES / "skewed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(engine: Any) -> list[dict[str, Any]]:
    corpus = load_corpus([RULINGS], None)
    results: list[Result] = []
    try:
        run_corpus(corpus.rulings, corpus.failures, engine, corpus.cards, results.append)
    finally:
        engine.close()
    return [r.to_json() for r in results]


def test_failures_errors_and_unsupported_read_the_same_over_the_protocol() -> None:
    inproc = _run(_skewed_module().create())
    piped = _run(StdioEngine([sys.executable, str(ENGINES / "skewed.py")], timeout=30))

    compare(inproc, piped)
    statuses = {r["status"] for r in inproc}
    assert {"passed", "failed", "error", "unsupported"} <= statuses
    messages = " ".join(r["message"] for r in piped)
    assert "engine raised RuntimeError: turning face up is broken" in messages
    assert "doors stay locked in this engine" in messages
    assert "this engine cannot move between steps" in messages


def test_the_client_reports_the_engines_info() -> None:
    engine = registry.create(f"cmd:{SERVE_REFERENCE}")
    try:
        assert engine.info == ReferenceEngine().info
    finally:
        engine.close()
    assert isinstance(engine, StdioEngine)
    assert engine._process is None  # closed: the process has exited


def test_a_command_that_does_not_exist_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="cannot start the engine command"):
        registry.create("cmd:/no/such/engine --serve")


def test_an_empty_command_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="needs a command line"):
        registry.create("cmd: ")


def test_a_newer_protocol_version_is_refused() -> None:
    from conformance.errors import ContractError

    with pytest.raises(ContractError, match="speaks protocol '9.0'"):
        StdioEngine([sys.executable, str(ENGINES / "wrong_version.py")])


def converse(*requests: Any) -> list[dict[str, Any]]:
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    out = io.StringIO()
    assert serve(ReferenceEngine(), io.StringIO(lines), out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_server_answers_hello_with_the_engines_info() -> None:
    (hello,) = converse({"id": 1, "method": "hello", "params": {"protocol": "1.0"}})
    info = ReferenceEngine().info
    assert hello == {"id": 1, "result": {"protocol": codec.PROTOCOL_VERSION,
                                         **codec.encode_info(info),
                                         "features": ["events-with-choice", "observe-many",
                                                      "play-land"]}}


def test_the_server_returns_the_pending_choice_with_the_events_when_asked() -> None:
    setup = {"players": [{"name": "alice", "mana": "{U}{U}", "zones": {
        "hand": [{"card": "Bottomless Pool // Locker Room", "alias": "pool"}]}},
        {"name": "bob"}], "active_player": "alice", "step": "precombat_main"}
    cards = codec.encode_cards(load_cards(find_card_file([RULINGS])))
    hello, started, plain, with_choice, many = converse(
        {"id": 1, "method": "hello", "params": {"protocol": "1.1"}},
        {"id": 2, "method": "start", "params": {"setup": setup, "cards": cards,
                                                "with_choice": True}},
        {"id": 3, "method": "perform", "params": {"action": {"type": "resolve"}}},
        {"id": 4, "method": "perform", "params": {"action": {
            "type": "cast", "player": "alice", "card": "o1"}, "with_choice": True}},
        {"id": 5, "method": "observe_many", "params": {"objects": ["o1", "o99"]}})
    assert started["result"] == {"aliases": {"pool": "o1"}, "pending_choice": None}
    assert plain["error"]["type"] == "illegal-action"  # nothing on the stack
    result = with_choice["result"]
    assert isinstance(result["events"], list) and result["pending_choice"]["kind"] == "door"
    view, missing = many["result"]
    assert view["id"] == "o1" and missing == {"error": {"type": "unknown-object",
                                                         "message": "o99"}}


def _ignore(result: Result) -> None:
    pass


def test_an_engine_of_protocol_1_0_works_unchanged() -> None:
    corpus = load_corpus([RULINGS / "rooms"], RULINGS / "cards.yaml")
    counts = {}
    results = {}
    for name, command in (("1.0", [sys.executable, str(ENGINES / "protocol_1_0.py")]),
                          ("1.1", shlex.split(SERVE_REFERENCE))):
        engine = StdioEngine(command)
        results[name] = [(r.id, r.status, r.message) for r in
                         run_corpus(corpus.rulings, (), engine, corpus.cards, _ignore)]
        engine.close()
        counts[name] = sum(engine.requests.values())
        assert engine.features == (frozenset() if name == "1.0" else
                                   frozenset(codec.FEATURES))
    inproc = [(r.id, r.status, r.message)
              for r in run_corpus(corpus.rulings, (), ReferenceEngine(), corpus.cards, _ignore)]
    assert results["1.0"] == results["1.1"] == inproc
    assert counts["1.1"] < 0.75 * counts["1.0"]  # fewer round trips per ruling


def test_an_engine_without_the_play_land_feature_is_sent_no_land_play() -> None:
    """An engine that does not list ``play-land`` may not know the action: the capability is
    not taken from it, the action is refused as unsupported before it is sent, and rulings
    that play lands are unsupported, never failed."""
    corpus = load_corpus([RULINGS / "playing-lands"], RULINGS / "cards.yaml")
    engine = StdioEngine([sys.executable, str(ENGINES / "protocol_1_0.py")])
    try:
        assert "play-lands" in ReferenceEngine().info.capabilities
        assert "play-lands" not in engine.info.capabilities
        results = run_corpus(corpus.rulings, (), engine, corpus.cards, _ignore)
        assert results and {r.status for r in results} == {Status.UNSUPPORTED}
        with pytest.raises(Unsupported, match="play-land"):
            engine.is_legal(PlayLand("alice", "o1"))
        with pytest.raises(Unsupported, match="play-land"):
            engine.perform(PlayLand("alice", "o1"))
        sent = engine.requests
        assert sent["perform"] == sent["is_legal"] == 0
        (ruling,) = [r for r in corpus.rulings if r.id == "playing-lands-one-land-each-turn"]
        engine.start(ruling.scenarios[0].setup, corpus.cards)  # a Forest in alice's hand
        offered = engine.legal_actions("alice")  # the engine lists its play: not kept
        assert offered and not any(isinstance(a, PlayLand) for a in offered)
        inproc = ReferenceEngine()
        inproc.start(ruling.scenarios[0].setup, corpus.cards)
        assert any(isinstance(a, PlayLand) for a in inproc.legal_actions("alice"))
    finally:
        engine.close()


@pytest.mark.parametrize("request_line, message", [
    ("this is not JSON", "not JSON"),
    ({"id": 2, "method": "game"}, "'game' before 'hello'"),
])
def test_the_server_refuses_requests_it_cannot_read(request_line: Any, message: str) -> None:
    (response,) = converse(request_line)
    assert response["error"]["type"] == "bad-request"
    assert message in response["error"]["message"]


def test_the_server_goes_on_after_an_error_and_stops_at_close() -> None:
    responses = converse(
        {"id": 1, "method": "hello", "params": {}},
        {"id": 2, "method": "fly", "params": {}},
        {"id": 3, "method": "start", "params": {"setup": {"players": [], "active_player": "a"},
                                                "cards": None}},
        {"id": 4, "method": "perform", "params": {}},
        {"id": 5, "method": "close", "params": {}},
        {"id": 6, "method": "game", "params": {}},
    )
    assert [r["id"] for r in responses] == [1, 2, 3, 4, 5]  # nothing after close
    assert responses[1]["error"] == {"type": "bad-request", "message": "unknown method 'fly'"}
    assert "no card pool yet" in responses[2]["error"]["message"]
    assert responses[3]["error"]["message"] == "missing parameter 'action'"
    assert responses[4] == {"id": 5, "result": None}


def test_the_server_reports_engine_errors_as_the_contract_says() -> None:
    from conformance.format.cards import load_cards
    from conformance.format.model import PlayerSetup, Setup

    setup = Setup((PlayerSetup("alice"), PlayerSetup("bob")), "alice")
    cards = codec.encode_cards(load_cards(RULINGS / "cards.yaml"))
    responses = converse(
        {"id": 1, "method": "hello", "params": {}},
        {"id": 2, "method": "start", "params": {"setup": codec.encode_setup(setup),
                                                "cards": cards}},
        {"id": 3, "method": "observe", "params": {"object": "nope"}},
        {"id": 4, "method": "perform", "params": {"action": {"type": "unlock", "player": "alice",
                                                             "object": "nope",
                                                             "door": "left"}}},
        {"id": 5, "method": "pending_choice", "params": {}},
    )
    assert responses[1] == {"id": 2, "result": {}}
    assert responses[2]["error"]["type"] == "unknown-object"
    assert responses[3]["error"]["type"] in ("illegal-action", "exception")
    assert responses[4] == {"id": 5, "result": None}


def test_conformance_serve_is_a_real_process_with_clean_stdout() -> None:
    requests = [{"id": 1, "method": "hello", "params": {"protocol": "1.0"}},
                {"id": 2, "method": "close", "params": {}}]
    process = subprocess.run(
        [sys.executable, "-m", "conformance.frontends.cli", "serve", "--engine", "reference"],
        input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True, text=True,
        timeout=60, check=False)
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == [1, 2]


def test_conformance_serve_an_unknown_engine_is_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--engine", "nonesuch"]) == 2
    assert "unknown engine 'nonesuch'" in capsys.readouterr().err
