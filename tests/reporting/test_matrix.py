"""The comparison matrix read at a glance: disagreements first, one line per ruling, each
failing cell leading to that engine's failure and the commands that rerun and reproduce it;
and every report finding the corpus its results file records."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.reporting.history import history, history_report, trend
from conformance.reporting.matrix import AGREEMENT, agreement, failure_anchor, matrix_report
from conformance.reporting.runs import read_run
from results_files import HOSTILE, RULINGS, result, write_results

FAILED = "room-characteristics-outside-stack-and-battlefield"
FAILED_PATH = "rulings/rooms/characteristics-outside-stack-and-battlefield.yaml"
TOY = "cmd:node toy.js"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


def _runs(tmp_path: Path) -> list[Path]:
    """alpha passes everything; "cmd:node toy.js" fails FAILED (with a reproduction), does
    not support room-fully-unlock, and both fail room-is-one-card."""
    failing = result(FAILED, "failed", "in_library: mana_value: expected 6, found 1\n" + HOSTILE,
                     path=str(RULINGS / FAILED_PATH.removeprefix("rulings/")), line=44,
                     scenario="both doors")
    failing["details"] = {"reproduction": "print('repro')"}
    a = write_results(tmp_path / "alpha.json", [
        result("room-cast-one-door", "passed"), result(FAILED, "passed"),
        result("room-fully-unlock", "passed"),
        result("room-is-one-card", "failed", "expected 1, found 2")], engine="alpha")
    b = write_results(tmp_path / "toy.json", [
        result("room-cast-one-door", "passed"), failing,
        result("room-fully-unlock", "unsupported", "the engine lacks: rooms"),
        result("room-is-one-card", "failed", "expected 1, found 3")], engine=TOY)
    return [a, b]


def test_each_ruling_is_in_one_agreement_group():
    assert agreement(["passed", "failed"]) == "disagree"
    assert agreement(["failed", "error"]) == "disagree"
    assert agreement(["failed", "unsupported", "failed"]) == "failing"
    assert agreement(["passed", "unsupported"]) == "passed-where-judged"
    assert agreement(["unsupported", "missing"]) == "unjudged"
    assert agreement(["passed", "passed"]) == "everywhere"
    assert [key for key, _heading in AGREEMENT][0] == "disagree"


def test_disagreements_come_first_one_line_each_with_links_to_failures(tmp_path, corpus):
    runs = [read_run(p) for p in _runs(tmp_path)]
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    view = html[html.index('id="by-agreement"'):html.index('id="by-card"')]
    headings = re.findall(r'<tr class="group-head"><th scope="rowgroup">([^<]+)', view)
    assert [h.strip() for h in headings] == [
        "Engines disagree", "Same verdict, not passed, on every engine that judged it",
        "Passed wherever judged (some engine could not judge it)", "Passed on every engine"]
    assert re.findall(r'<tr data-status="[^"]*" data-id="([\w-]+)"', view) == [
        FAILED, "room-is-one-card", "room-fully-unlock", "room-cast-one-door"]
    # one line per ruling: no <details>, no message block in a row
    row = view[view.index(f'data-id="{FAILED}"'):]
    row = row[:row.index("</tr>")]
    assert "<details" not in row and "<pre" not in row and "<br" not in row
    # the failing cell links to toy's failure, its title the message's first line
    anchor = failure_anchor(1, FAILED)
    assert f'<a class="st st-failed fail" href="#{anchor}" title="in_library: mana_value: ' \
           f'expected 6, found 1">failed</a>' in row
    failures = html[html.index('<section id="failures">'):]
    entry = failures[failures.index(f'id="{anchor}"'):]
    entry = entry[:entry.index("</article>")]
    assert "&lt;script&gt;" in entry and "<script>alert" not in html
    rerun = re.search(r"Rerun this ruling:</span> <code>([^<]+)</code>", entry)
    repro = re.search(r"Reproduce with the engine's own package:</span> <code>([^<]+)</code>",
                      entry)
    assert rerun and repro
    words = shlex.split(rerun.group(1).replace("&#39;", "'"))
    assert words[:4] == ["conformance", "run", "--engine", TOY]
    assert Path(words[5]).is_absolute() and Path(words[5]).is_file()
    words = shlex.split(repro.group(1).replace("&#39;", "'").replace("&amp;", "&"))
    assert words[:3] == ["conformance", "repro", str(tmp_path / "toy.json")]
    # alpha's failure has its entry too; an unsupported cell links nowhere
    assert f'id="{failure_anchor(0, "room-is-one-card")}"' in failures
    unsupported = view[view.index('data-id="room-fully-unlock"'):]
    assert '<span class="st st-unsupported" title="the engine lacks: rooms">' in \
        unsupported[:unsupported.index("</tr>")]


def test_the_engines_and_their_bars_come_before_the_rulings(tmp_path, corpus):
    runs = [read_run(p) for p in _runs(tmp_path)]
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    assert html.index('<section id="runs">') < html.index('id="by-agreement"') \
        < html.index('id="by-mechanic-bars"') < html.index('<section id="failures">')
    engines = html[html.index('<section id="runs">'):html.index("</section>")]
    assert engines.count('<svg class="bar"') >= 2


def test_the_matrix_with_history_has_a_trend_chart_and_keeps_unchanged_rulings_closed(
        tmp_path, corpus):
    old = write_results(tmp_path / "old.json", [
        result("room-cast-one-door", "failed", "x"), result(FAILED, "passed"),
        result("room-is-one-card", "failed", "x")], engine="alpha", version="0.9.0")
    new = write_results(tmp_path / "new.json", [
        result("room-cast-one-door", "passed"), result(FAILED, "passed"),
        result("room-is-one-card", "failed", "x")], engine="alpha", version="0.10.0")
    runs = [read_run(old), read_run(new)]
    (h,) = history(runs)
    chart = trend(h)
    passed, failing = chart["lines"]
    assert [t for _x, _y, t in passed[3]] == ["0.9.0: 1 passed of 3", "0.10.0: 2 passed of 3"]
    assert [t for _x, _y, t in failing[3]] == ["0.9.0: 2 failing of 3", "0.10.0: 1 failing of 3"]
    assert chart["summary"] == "passed 1 → 2; failing 2 → 1"
    top, bottom = chart["top"], chart["height"] - chart["bottom"]
    ys = [y for _x, y, _t in passed[3]]
    assert bottom > ys[0] > ys[1] >= top  # more passes, higher on the chart
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections,
                         history=history(runs))
    assert html.count('<svg class="trend"') == 1
    assert 'aria-label="alpha: passed 1 → 2; failing 2 → 1"' in html
    section = html[html.index('<section id="history"'):]
    changed, _, unchanged = section.partition('<details class="unchanged">')
    assert 'data-id="room-cast-one-door"' in changed  # newly passing: shown
    assert 'data-id="room-is-one-card"' not in changed  # still failing: closed
    assert 'data-id="room-is-one-card"' in unchanged
    page = history_report(runs)
    assert page.count('<svg class="trend"') == 1 and "http" not in page.split("<body>")[1] \
        .replace("http-equiv", "")


def _outside(tmp_path: Path, root: str) -> list[Path]:
    """Results files recording the corpus as ``root``, in ``tmp_path/project/results``."""
    files = []
    for path in _runs(tmp_path / "project" / "results"):
        document = json.loads(path.read_text("utf-8"))
        document["corpus"]["root"] = root
        path.write_text(json.dumps(document), "utf-8")
        files.append(path)
    return files


@pytest.mark.parametrize("recorded", ["absolute", "relative to the results' folder"])
def test_reports_read_the_corpus_the_results_file_records(tmp_path, monkeypatch, capsys,
                                                          recorded):
    if recorded == "absolute":
        files = _outside(tmp_path, str(RULINGS))
    else:  # as `conformance run` writes it in a checkout: "rulings", beside results/
        (tmp_path / "project").mkdir()
        (tmp_path / "project" / "rulings").symlink_to(RULINGS)
        files = _outside(tmp_path, "rulings")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # no ./rulings here
    assert main(["report", *map(str, files), "--html", "matrix.html"]) == 0
    html = (elsewhere / "matrix.html").read_text("utf-8")
    text = next(r.text for r in load_corpus([RULINGS]).rulings if r.id == FAILED)
    assert text[:40] in html.replace("&#39;", "'").replace("&quot;", '"')
    assert main(["report", str(files[1]), "--html", "run.html"]) == 0
    assert main(["history", *map(str, files), "--html", "history.html"]) in (0, 1)
    assert 'title="' in (elsewhere / "history.html").read_text("utf-8")
    assert main(["coverage", "--results", *map(str, files), "--json", "coverage.json"]) == 0
    document = json.loads((elsewhere / "coverage.json").read_text("utf-8"))
    assert document["totals"]["rulings"] == len(load_corpus([RULINGS]).rulings)
    capsys.readouterr()


def test_without_a_corpus_anywhere_the_report_is_written_without_ruling_texts(
        tmp_path, monkeypatch, capsys):
    files = _outside(tmp_path, "nowhere")
    monkeypatch.chdir(tmp_path)
    assert main(["report", *map(str, files), "--html", "matrix.html"]) == 0
    err = capsys.readouterr().err
    assert "the corpus the results record is not found from here" in err and "--rulings" in err
    assert f'data-id="{FAILED}"' in (tmp_path / "matrix.html").read_text("utf-8")
    # a corpus given that does not exist is still an error
    assert main(["report", *map(str, files), "--html", "m.html", "--rulings", "gone"]) == 2
