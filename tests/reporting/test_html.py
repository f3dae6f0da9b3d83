"""The HTML reports: run report, comparison matrix and coverage, rendered from results files."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.reporting.html import coverage_report, run_report
from conformance.reporting.matrix import Interop, interop, matrix_report
from conformance.reporting.runs import read_run
from results_files import HOSTILE, RULINGS, result, write_results

FAILED = "room-characteristics-outside-stack-and-battlefield"
FAILED_PATH = "rulings/rooms/characteristics-outside-stack-and-battlefield.yaml"


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.fixture
def run_file(tmp_path: Path) -> Path:
    return write_results(tmp_path / "run.json", [
        result("room-cast-one-door", "passed"),
        result(FAILED, "failed", "in_library: mana_value: expected 6, found 1\n" + HOSTILE,
               path=FAILED_PATH, line=44, scenario="both doors <combined> in library"),
        result("copy-mirror-room-x-is-zero", "unsupported", "the engine lacks: token-copies"),
        result("morph-face-down-objects-kept-distinguishable", "not-executable",
               "A requirement on how players handle physical cards"),
        result("room-fully-unlock", "error", "engine raised KeyError: 'x'",
               path="rulings/rooms/fully-unlock.yaml", line=12, scenario="fully"),
        result("room-has-two-names", "timeout", "no answer within 30 s"),
        result("room-is-one-card", "flaky", "a status this version does not know"),
        result("gone-ruling", "error", "rulings/gone.yaml: cannot read file"),
    ])


class Rows(HTMLParser):
    """Collects, per section id, the group headings and the ruling ids of the rows."""

    def __init__(self) -> None:
        super().__init__()
        self.section = ""
        self.groups: dict[str, list[str]] = {}
        self.rows: dict[str, list[tuple[str, str]]] = {}
        self._in_head = False
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("section", "details") and a.get("id"):
            self.section = a["id"] or ""
        if tag in ("tr", "article") and a.get("data-id"):
            self.rows.setdefault(self.section, []).append((a["data-id"] or "",
                                                           a.get("data-status") or ""))
        if tag == "tr" and a.get("class") == "group-head":
            self._in_head, self._text = True, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr" and self._in_head:
            self._in_head = False
            self.groups.setdefault(self.section, []).append(" ".join(" ".join(self._text).split()))

    def handle_data(self, data: str) -> None:
        if self._in_head:
            self._text.append(data)


def parse(html: str) -> Rows:
    parser = Rows()
    parser.feed(html)
    return parser


def test_run_report_summary_counts_every_status_present(run_file, corpus):
    html = run_report(read_run(run_file), {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    summary = html[html.index('id="summary"'):html.index("</section>", html.index('id="summary"'))]
    for status, n in [("passed", 1), ("failed", 1), ("error", 2), ("unsupported", 1),
                      ("not-executable", 1), ("timeout", 1), ("flaky", 1)]:
        assert re.search(rf'st-{status}">{status}</span></td><td class="num">{n}</td>', summary), \
            status
    assert re.search(r'total</th><td class="num">8</td>', summary)


def group_rows(html: str, view: str) -> dict[str, str]:
    """The by-card or by-mechanic table: its text per group key."""
    table = html[html.index(f'<details id="by-{view}"'):]
    table = table[:table.index("</details>")]
    return {key: " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "", rest)).split()
                          ).replace(" ,", ",")
            for key, rest in re.findall(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', table)}


def test_run_report_counts_statuses_by_card_and_by_mechanic(run_file, corpus):
    html = run_report(read_run(run_file), {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    by_card, by_mechanic = group_rows(html, "card"), group_rows(html, "mechanic")
    run = read_run(run_file)
    assert set(by_card) == {c for r in corpus.rulings if r.id in run.results
                            for c in r.cards} | {"(ruling not in the corpus)"}
    assert by_card["Bottomless Pool // Locker Room"] == (
        "5 1 passed, 1 failed, 1 error, 1 timeout, 1 flaky "
        f"{FAILED}, room-fully-unlock, room-has-two-names, room-is-one-card")
    assert by_card["(ruling not in the corpus)"].startswith("1 1 error gone-ruling")
    assert by_mechanic["rooms"].startswith("5 ")
    assert list(by_card)[-1] == "(ruling not in the corpus)"


def item(html: str, ruling_id: str) -> str:
    """The ruling's entry in the status sections (an <article>)."""
    start = html.index('<article class="result')
    start = html.index(f'data-id="{ruling_id}"', start)
    return html[start:html.index("</article>", start)]


def test_a_failure_shows_path_line_message_and_scenario(run_file, corpus):
    html = run_report(read_run(run_file), {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    row = item(html, FAILED)
    assert f"{FAILED_PATH}:44" in row
    assert "in_library: mana_value: expected 6, found 1" in row
    assert "scenario: both doors &lt;combined&gt; in library" in row
    text = next(r.text for r in corpus.rulings if r.id == FAILED)
    assert text.split(".")[0].replace("'", "&#39;") in row
    # CR numbers with their titles from cr-sections.yaml behind them (a tooltip, a <details>)
    unescaped = row.replace("&#39;", "'").replace("&#34;", '"')
    assert f'<abbr class="crn" title="709.4: {corpus.cr_sections["709.4"][:30]}' in unescaped
    assert f"<dt>709.4</dt><dd>{corpus.cr_sections['709.4'][:30]}" in unescaped


def test_untrusted_text_is_escaped(run_file, corpus):
    html = run_report(read_run(run_file), {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&#34;owned&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in html
    assert html.count("<script") == 1  # the report's own script


@pytest.mark.parametrize("make", ["run", "matrix", "coverage", "history"])
def test_reports_are_self_contained(make, run_file, corpus, tmp_path):
    rulings = {r.id: r for r in corpus.rulings}
    run = read_run(run_file)
    if make == "run":
        html = run_report(run, rulings, corpus.cr_sections)
    elif make == "matrix":
        html = matrix_report([run, run], rulings, corpus.cr_sections)
    elif make == "history":
        from conformance.reporting.history import history_report
        html = history_report([run, run], {r.id: r.text for r in corpus.rulings})
    else:
        from conformance.reporting.coverage import coverage
        html = coverage_report(coverage(corpus.rulings, corpus.cr_sections, None,
                                        [("reference", {"room-cast-one-door"})]), ["reference"])
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)
    assert "<link" not in html and "@import" not in html and "url(" not in html
    assert "default-src 'none'" in html
    assert html.count("<style>") == 1 and html.count("<script>") == 1


def test_report_in_french_falls_back_to_english(run_file, corpus, tmp_path):
    rulings = {r.id: r for r in corpus.rulings}
    html = run_report(read_run(run_file), rulings, corpus.cr_sections, "fr")
    french = rulings["room-cast-one-door"].translations["fr"]
    assert isinstance(french, str)
    assert french[:40].replace("'", "&#39;") in html
    # copy-mirror-room-x-is-zero has no French text: English, marked as such
    failing = write_results(tmp_path / "fr.json", [
        result("copy-mirror-room-x-is-zero", "failed", "x: expected 0, found 1")])
    html = run_report(read_run(failing), rulings, corpus.cr_sections, "fr")
    row = item(html, "copy-mirror-room-x-is-zero")
    assert '<p lang="en">' + rulings["copy-mirror-room-x-is-zero"].text[:30] in row
    assert "No fr translation: English shown." in row
    assert html.startswith("<!DOCTYPE html>\n<html lang=\"fr\">")


def test_rows_are_ordered_by_id_whatever_the_order_of_the_results(tmp_path, corpus):
    ids = ["room-cast-one-door", "room-fully-unlock", "room-is-one-card"]
    one = write_results(tmp_path / "a.json", [result(i, "passed") for i in ids])
    two = write_results(tmp_path / "b.json", [result(i, "passed") for i in reversed(ids)])
    rulings = {r.id: r for r in corpus.rulings}
    assert run_report(read_run(one), rulings, corpus.cr_sections).replace("a.json", "x") == \
        run_report(read_run(two), rulings, corpus.cr_sections).replace("b.json", "x")


def test_matrix_counts_passes_per_group_and_interop(tmp_path, corpus):
    a = write_results(tmp_path / "a.json", [
        result("room-cast-one-door", "passed"), result("room-fully-unlock", "passed"),
        result("room-is-one-card", "failed", HOSTILE)], engine="alpha")
    b = write_results(tmp_path / "b.json", [
        result("room-cast-one-door", "passed"), result("room-fully-unlock", "unsupported"),
        result("room-is-one-card", "passed")], engine="beta")
    runs = [read_run(a), read_run(b)]
    # beta does not support room-fully-unlock: it can't count for or against interop
    assert interop(runs) == Interop(passed=1, judged=2, total=3)
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    assert "1 of 2</span> rulings (50.0%) pass on every engine" in html
    assert '<span class="left-out">1 of 3 left out</span>' in html
    assert 'Engines disagree on <span id="disagree">1</span> ruling ' in html
    rows = parse(html)
    card_group = next(g for g in rows.groups["by-card"]
                      if g.startswith("Bottomless Pool // Locker Room"))
    assert card_group.endswith("(3 rulings) 2/3 passed 2/2 passed 1/2")
    assert [g.split(" ")[0] for g in rows.groups["by-cr"]][:2] == ["709.2", "709.3"]
    assert dict(rows.rows["by-card"])["room-fully-unlock"] == "passed unsupported"
    assert "<script>alert" not in html
    assert 'data-flags="disagree"' in html and 'data-flags="everywhere"' in html


def test_an_engine_that_supports_nothing_does_not_swamp_the_matrix(tmp_path, corpus):
    ids = sorted(r.id for r in corpus.rulings if r.executable)
    a = write_results(tmp_path / "a.json", [result(i, "passed") for i in ids[:-1]]
                      + [result(ids[-1], "failed", "x")], engine="alpha")
    b = write_results(tmp_path / "b.json", [result(i, "unsupported", "the engine lacks: rooms")
                                            for i in ids], engine="beta")
    c = write_results(tmp_path / "c.json", [result(i, "passed") for i in ids], engine="gamma")
    runs = [read_run(a), read_run(b), read_run(c)]
    assert interop(runs) == Interop(passed=0, judged=0, total=len(ids))
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    assert 'Engines disagree on <span id="disagree">1</span> ruling ' in html  # alpha vs gamma
    assert "data-flags=\"disagree\"" in html
    # pairwise agreement counts only what both engines could judge
    assert f"{len(ids) - 1}/{len(ids)} pass on both" in html
    assert "nothing both could judge" in html
    # a pass-rate bar per engine and per mechanic, drawn in SVG by the template
    engines = html[html.index('<section id="runs">'):html.index("</section>",
                                                                 html.index('id="runs"'))]
    assert engines.count('<svg class="bar"') == 3 + 6  # three engines, a legend per status
    assert f"<b>{len(ids) - 1}/{len(ids)}</b>" in engines and "<b>0/0</b>" in engines
    mechanics = html[html.index('id="by-mechanic-bars"'):]
    mechanics = mechanics[:mechanics.index("</section>")]
    rows = mechanics.count("<tr>") - 1  # the heading row
    assert rows == len({m for r in corpus.rulings if r.executable for m in r.mechanics})
    assert mechanics.count('<svg class="bar"') == 3 * rows


def test_results_of_different_corpus_revisions_are_flagged(tmp_path, corpus):
    a = write_results(tmp_path / "a.json", [result("room-cast-one-door", "passed")], engine="a")
    b = write_results(tmp_path / "b.json", [result("room-cast-one-door", "passed")], engine="b")
    document = json.loads(b.read_text("utf-8"))
    document["corpus"]["revision"] = "0123456789abcdef"
    document["harness"]["version"] = "0.2.0"
    b.write_text(json.dumps(document), "utf-8")
    rulings = {r.id: r for r in corpus.rulings}
    html = matrix_report([read_run(a), read_run(b)], rulings, corpus.cr_sections)
    banner = html[html.index('id="mixed"'):html.index("</div>", html.index('id="mixed"'))]
    assert "different corpus revisions: a 0.1.0 <code>unknown</code>, b 0.1.0 " \
           "<code>0123456789ab</code>" in banner
    assert "different harness versions" in banner and "contract" not in banner
    assert 'id="mixed"' not in matrix_report([read_run(a), read_run(a)], rulings,
                                             corpus.cr_sections)


def test_matrix_marks_a_ruling_one_engine_did_not_run(tmp_path, corpus):
    a = write_results(tmp_path / "a.json", [result("room-cast-one-door", "passed"),
                                            result("room-is-one-card", "passed")], engine="a")
    b = write_results(tmp_path / "b.json", [result("room-cast-one-door", "passed")], engine="a")
    html = matrix_report([read_run(a), read_run(b)], {r.id: r for r in corpus.rulings},
                         corpus.cr_sections)
    assert f"a 0.1.0 ({tmp_path / 'a.json'})" in html  # same engine: told apart by file
    assert 'st-missing">not run' in html


def test_report_cli_writes_the_run_report_and_the_matrix(run_file, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["report", str(run_file), "--html", str(out), "--rulings", str(RULINGS),
                 "--lang", "es"]) == 0
    assert capsys.readouterr().out == f"report written to {out}\n"
    assert '<html lang="es">' in out.read_text(encoding="utf-8")
    matrix = tmp_path / "matrix.html"
    assert main(["report", str(run_file), str(run_file), "--html", str(matrix),
                 "--rulings", str(RULINGS)]) == 0
    assert "pass on every engine" in matrix.read_text(encoding="utf-8")


def test_report_cli_text_summary_of_several_files(run_file, capsys):
    assert main(["report", str(run_file), str(run_file)]) == 0
    out = capsys.readouterr().out
    assert out.count("conformance 0.1.0 -- engine reference 0.1.0") == 2
    assert out.endswith("interop: 1 of 5 rulings every engine could judge pass on every engine "
                        "(3 of 8 left out: unsupported, not run or not executable on some "
                        "engine)\n")


def test_report_cli_rejects_a_file_that_is_not_results(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    assert main(["report", str(bad), "--html", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert f"{bad}: not a results file" in err and "Traceback" not in err
    assert not (tmp_path / "x.html").exists()


def test_coverage_cli_html_with_several_results_files(tmp_path, capsys, corpus):
    ids = [r.id for r in corpus.rulings if r.executable]
    a = write_results(tmp_path / "a.json", [result(i, "passed") for i in ids], engine="alpha")
    b = write_results(tmp_path / "b.json", [result(i, "passed") for i in ids[:10]],
                      engine="beta")
    out = tmp_path / "coverage.html"
    code = main(["coverage", "--results", str(a), str(b), "--html", str(out),
                 "--json", str(tmp_path / "coverage.json")])
    text = capsys.readouterr().out
    assert code == 0
    assert f"passing per engine: alpha 0.1.0 {len(ids)}, beta 0.1.0 10" in text
    html = out.read_text(encoding="utf-8")
    assert "passing on alpha 0.1.0" in html and "passing on beta 0.1.0" in html
    not_executable = [r for r in corpus.rulings if not r.executable]
    assert not_executable
    for ruling in not_executable:
        assert ruling.not_executable_reason[:40].replace("'", "&#39;") in html
    rows = parse(html)
    assert {i for i, _s in rows.rows["by-mechanic"]} == {
        f"mechanic:{m}" for r in corpus.rulings for m in r.mechanics}
    # a row's status is about the corpus, whatever the engines did
    assert {s for _i, s in rows.rows["by-card"]} <= {"covered", "partial", "uncovered"}
    assert "partial" in {s for _i, s in rows.rows["by-card"]}
    assert "incomplete" not in html


# -- the run report: reading order, failure details, commands ---------------------------------

ABSOLUTE_FAILED_PATH = str(RULINGS / "rooms" / "characteristics-outside-stack-and-battlefield.yaml")
REPRODUCTION = "import phase\nprint('DEPARTURE REPRODUCED')  # <b>not markup</b>\n"


@pytest.fixture
def detailed_run(tmp_path: Path) -> Path:
    failed = result(FAILED, "failed", "in_library: mana_value: expected 6, found 1",
                    path=ABSOLUTE_FAILED_PATH, line=44, scenario="both doors combined")
    failed["details"] = {
        "scenarios": [
            {"name": "both doors combined", "status": "failed",
             "message": "in_library: mana_value: expected 6, found 1", "line": 44},
            {"name": "a search <for> mana value 4", "status": "passed"}],
        "automatic_choices": ["a search: line 60: choose met by the target ['p1.2'] the "
                              "engine chose automatically"],
        "reproduction": REPRODUCTION,
    }
    passed = result("room-cast-one-door", "passed")
    passed["details"] = {"automatic_choices": ["line 20: choose met by ['left'] automatically"]}
    return write_results(tmp_path / "run.json", [
        passed,
        result("room-fully-unlock", "passed"),
        failed,
        result("room-is-one-card", "error", "engine raised KeyError: 'x'",
               path="rulings/rooms/room-is-one-card.yaml", line=12),
        result("copy-mirror-room-x-is-zero", "unsupported", "the engine lacks: token-copies"),
        result("copy-mirror-room-copy-enters", "unsupported", "the engine lacks: token-copies"),
        result("room-has-two-names", "unsupported", "the engine lacks: name-choices"),
        result("morph-face-down-objects-kept-distinguishable", "not-executable", "physical"),
    ], engine="phase", version="0.103.0")


def sections_in_order(html: str) -> list[str]:
    return re.findall(r'<section id="([\w-]+)" class="status-section">', html)


def test_summary_comes_first_then_failures_errors_unsupported_and_passes_last(
        detailed_run, corpus):
    html = run_report(read_run(detailed_run), {r.id: r for r in corpus.rulings},
                      corpus.cr_sections)
    assert html.index('id="summary"') < html.index('id="failed"')
    assert sections_in_order(html) == ["failed", "errors", "unsupported", "not-executable",
                                       "passed"]
    rows = parse(html)
    assert [i for i, _s in rows.rows["passed"]] == ["room-cast-one-door", "room-fully-unlock"]
    # one bar per status in the summary, drawn as SVG
    summary = html[html.index('id="summary"'):html.index("</section>", html.index('id="summary"'))]
    assert summary.count('<svg class="bar"') == 7  # six statuses and the total
    assert '<rect class="f-passed" x="0.00" width="60.00" height="12"><title>2 passed</title>' \
        in summary


def test_unsupported_rulings_are_grouped_by_the_capability_lacking(detailed_run, corpus):
    html = run_report(read_run(detailed_run), {r.id: r for r in corpus.rulings},
                      corpus.cr_sections)
    section = html[html.index('<section id="unsupported"'):]
    section = section[:section.index("</section>")]
    headings = re.findall(r"<h3>lacks <code>([^<]+)</code> <span class=\"counts\">\((\d+)\)", section)
    assert headings == [("token-copies", "2"), ("name-choices", "1")]


def test_a_failure_has_the_script_around_the_step_a_link_and_the_commands(
        detailed_run, corpus, tmp_path):
    out = tmp_path / "site"
    html = run_report(read_run(detailed_run), {r.id: r for r in corpus.rulings},
                      corpus.cr_sections, out=out)
    row = item(html, FAILED)
    source = Path(ABSOLUTE_FAILED_PATH).read_text(encoding="utf-8").splitlines()
    failing = re.search(r'<span class="ln failing"><span class="n">44</span>([^\n]*)\n', row)
    assert failing and failing.group(1) == source[43].replace("'", "&#39;").replace('"', "&#34;")
    for n in (41, 42, 43, 45, 46, 47):
        assert f'<span class="n">{n}</span>' in row
    relative = Path(os.path.relpath(ABSOLUTE_FAILED_PATH, out)).as_posix()
    assert f'<a class="loc" href="{relative}#L44">{ABSOLUTE_FAILED_PATH}:44</a>' in row
    assert (f"<code>conformance run --engine phase --rulings {ABSOLUTE_FAILED_PATH} "
            f"--results out/rerun.json</code>") in row
    assert f"<code>conformance repro {detailed_run} --ruling {FAILED} --out repro.py " \
           "&amp;&amp; python repro.py</code>" in row
    assert "print(&#39;DEPARTURE REPRODUCED&#39;)  # &lt;b&gt;not markup&lt;/b&gt;" in row
    # each scenario's verdict, and the choices the engine made itself
    assert re.search(r"<td>a search &lt;for&gt; mana value 4</td><td><span class=\"st "
                     r"st-passed\">passed</span>", row)
    assert "1 chosen automatically" in row
    assert "choose met by the target [&#39;p1.2&#39;] the engine chose automatically" in row
    # a pass with an automatic choice says so on its one line
    assert "1 chosen automatically" in item(html, "room-cast-one-door")
    # no excerpt, no commands for what did not fail
    assert "conformance run" not in item(html, "room-fully-unlock")


def test_source_url_template_links_the_ruling_file(detailed_run, corpus, tmp_path, capsys):
    out = tmp_path / "report.html"
    template = "https://example.invalid/blob/{revision}/{path}#L{line}"
    assert main(["report", str(detailed_run), "--html", str(out), "--rulings", str(RULINGS),
                 "--source-url", template]) == 0
    html = out.read_text(encoding="utf-8")
    assert f'href="https://example.invalid/blob/unknown/{ABSOLUTE_FAILED_PATH}#L44"' in html
    capsys.readouterr()
    assert main(["report", str(detailed_run), "--html", str(out), "--source-url",
                 "https://x/{file}"]) == 2
    assert "--source-url 'https://x/{file}': not a template" in capsys.readouterr().err


def test_with_expectations_unexpected_results_come_first(detailed_run, corpus, tmp_path):
    expectations = tmp_path / "expectations.yaml"
    expectations.write_text(
        "format: conformance-expectations/1\nengines:\n  phase:\n"
        f"    {FAILED}: {{status: failed, reason: keeps one door's values}}\n"
        "    room-fully-unlock: {status: failed, reason: <b>was broken</b>}\n", "utf-8")
    html = run_report(read_run(detailed_run), {r.id: r for r in corpus.rulings},
                      corpus.cr_sections, expectations=expectations)
    assert sections_in_order(html)[:2] == ["unexpected", "failed"]
    rows = parse(html)
    assert {i for i, _s in rows.rows["unexpected"]} == {
        "room-fully-unlock", "room-is-one-card", "copy-mirror-room-x-is-zero",
        "copy-mirror-room-copy-enters", "room-has-two-names"}
    assert "expected failed: keeps one door&#39;s values" in item(html, FAILED)
    assert "unexpected: expected failed (&lt;b&gt;was broken&lt;/b&gt;)" in \
        item(html, "room-fully-unlock")
    assert "5 unexpected</span>" in html


def test_text_summary_gives_the_scenario_and_the_reproduce_command(detailed_run, capsys):
    assert main(["report", str(detailed_run)]) == 0
    out = capsys.readouterr().out
    assert (f"FAILED {FAILED} ({ABSOLUTE_FAILED_PATH}:44)\n"
            "  in_library: mana_value: expected 6, found 1\n"
            "  (scenario: both doors combined)\n"
            f"  reproduce: conformance repro {detailed_run} --ruling {FAILED} --out repro.py "
            "&& python repro.py\n"
            ) in out
    assert "reproduce" not in out[out.index("ERROR room-is-one-card"):]


def test_a_run_made_in_another_folder_still_shows_the_script(tmp_path, corpus, monkeypatch):
    """The results file says rulings/rooms/x.yaml (relative to where it ran); the report,
    made from elsewhere, reads the ruling file it loaded instead."""
    run_file = write_results(tmp_path / "run.json", [
        result(FAILED, "failed", "mana_value: expected 6, found 1", path=FAILED_PATH, line=44)])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    html = run_report(read_run(run_file), {r.id: r for r in corpus.rulings}, corpus.cr_sections,
                      out=elsewhere)
    row = item(html, FAILED)
    assert '<span class="ln failing"><span class="n">44</span>' in row
    loaded = next(r.path for r in corpus.rulings if r.id == FAILED)
    assert f'href="{Path(os.path.relpath(loaded, elsewhere)).as_posix()}#L44"' in row


def test_a_ruling_passed_on_part_of_its_scenarios_says_so(tmp_path, corpus):
    partly = result("room-with-no-door-unlocked", "passed",
                    "passed 1 of 2 scenarios; the others could not run: no such card")
    partly["details"] = {"partial": {"passed": 1, "scenarios": 2}}
    whole = result("room-unlock-is-a-special-action", "passed")
    html = run_report(read_run(write_results(tmp_path / "r.json", [partly, whole])),
                      {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    assert html.count('class="flag partly"') == 1
    assert ('title="passed 1 of 2 scenarios; the others could not run: no such card">'
            '(1 of 2 scenarios)</span>') in html


def test_the_run_report_ranks_what_would_judge_more_rulings(tmp_path, corpus):
    """As the terminal summary does: each capability or card the engine lacks, with how many
    rulings name it (partial passes included), most first; the unsupported rulings' lines
    closed below it."""
    def lacking(ruling_id: str, message: str, reason: str) -> dict:
        found = result(ruling_id, "unsupported", message)
        found["reason"] = reason
        return found

    partly = result("room-with-no-door-unlocked", "passed", "passed 1 of 2 scenarios")
    partly["details"] = {"partial": {"passed": 1, "scenarios": 2}, "scenarios": [
        {"name": "a", "status": "passed"},
        {"name": "b", "status": "unsupported", "reason": "capability",
         "message": "the engine lacks: rooms"}]}
    run = write_results(tmp_path / "toy.json", [
        lacking("room-cast-one-door", "the engine lacks: rooms", "capability"),
        lacking("room-fully-unlock", "the engine lacks: rooms, special-actions", "capability"),
        lacking("copy-mirror-room-x-is-zero", "the engine lacks: token-copies", "capability"),
        lacking("room-has-two-names", "'Bottomless Pool // Locker Room' is not in the engine's "
                "card pool", "card"),
        lacking("room-is-one-card", "the engine lacks: special-actions", "capability"),
        partly,
        result("room-unlock-is-a-special-action", "failed", "no"),
    ], engine="toy")
    html = run_report(read_run(run), {r.id: r for r in corpus.rulings}, corpus.cr_sections)
    section = html[html.index('<div id="judge-more">'):]
    section = section[:section.index("</div>")]
    ranked = re.findall(r"<li><code>([^<]+)</code>: <span class=\"num\">(\d+)</span> rulings?",
                        section)
    assert ranked == [("capability rooms", "3"), ("capability special-actions", "2"),
                      ("capability token-copies", "1"),
                      ("card Bottomless Pool // Locker Room", "1")]
    # failures first: the ranking heads the unsupported rulings, linked from the summary
    assert html.index('id="summary"') < html.index('href="#judge-more"') < html.index(
        'id="failed"') < html.index('id="judge-more"')
    unsupported = html[html.index('<section id="unsupported"'):]
    unsupported = unsupported[:unsupported.index("</section>")]
    assert '<details class="more"><summary>the 5 unsupported rulings' in unsupported
    assert unsupported.index('id="judge-more"') < unsupported.index("<details") < \
        unsupported.index("<h3>lacks")
    # an engine that judges everything gets no ranking
    judged = write_results(tmp_path / "all.json", [result("room-cast-one-door", "passed")])
    assert 'id="judge-more"' not in run_report(read_run(judged), {}, corpus.cr_sections)
