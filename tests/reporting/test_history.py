"""The history: each engine's verdicts across its versions, as text and as a page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conformance.format.loader import load_corpus
from conformance.frontends.cli import main
from conformance.reporting.history import history, history_report
from conformance.reporting.matrix import matrix_report
from conformance.reporting.runs import read_run
from results_files import HOSTILE, RULINGS, result, write_results

#: ruling -> status in 0.9.0, 0.10.0 and 0.11.0 (numbers compare as numbers: 0.9 < 0.10)
STATUSES = {
    "room-cast-one-door": ("passed", "passed", "failed"),  # a regression
    "room-fully-unlock": ("failed", "failed", "passed"),  # newly passing
    "room-is-one-card": ("failed", "error", "failed"),  # still failing since 0.9.0
    "room-has-two-names": ("passed", "failed", "failed"),  # still failing since 0.10.0
    "room-unlock-is-a-special-action": ("unsupported", "unsupported", "failed"),  # newly
    "room-lock-effects-skip-locked-doors": ("passed", "passed", "passed"),
    "room-when-you-unlock-this-door": ("failed", "passed", "unsupported"),  # other
}
VERSIONS = ("0.9.0", "0.10.0", "0.11.0")


@pytest.fixture
def versions(tmp_path: Path) -> list[Path]:
    files = []
    for n, version in enumerate(VERSIONS):
        results = [result(i, statuses[n], HOSTILE if statuses[n] == "failed" else "")
                   for i, statuses in STATUSES.items()]
        if version == "0.11.0":
            results.append(result("room-spell-copy-keeps-door-choice", "passed"))  # new
        files.append(write_results(tmp_path / f"phase-{version}.json", results,
                                   engine="phase", version=version,
                                   started=f"2026-0{n + 1}-01T00:00:00+00:00"))
    return files


def test_versions_are_ordered_and_each_ruling_gets_its_change(versions):
    (phase,) = history([read_run(p) for p in reversed(versions)])
    assert phase.versions == VERSIONS
    changes = {r.id: (r.change, r.since) for r in phase.rulings}
    assert changes == {
        "room-cast-one-door": ("regression", "0.11.0"),
        "room-fully-unlock": ("newly-passing", "0.11.0"),
        "room-is-one-card": ("still-failing", "0.9.0"),
        "room-has-two-names": ("still-failing", "0.10.0"),
        "room-unlock-is-a-special-action": ("newly-failing", "0.11.0"),
        "room-lock-effects-skip-locked-doors": ("passing", "0.9.0"),
        "room-when-you-unlock-this-door": ("other", "0.11.0"),
        "room-spell-copy-keeps-door-choice": ("newly-passing", "0.11.0"),
    }
    spelled = next(r for r in phase.rulings if r.id == "room-spell-copy-keeps-door-choice")
    assert spelled.statuses == ("missing", "missing", "passed")


def test_history_command_prints_changes_and_exits_1_on_a_regression(versions, tmp_path,
                                                                    capsys):
    out = tmp_path / "history.html"
    assert main(["history", *map(str, versions), "--html", str(out),
                 "--rulings", str(RULINGS)]) == 1
    text = capsys.readouterr().out
    assert text.startswith("phase: 0.9.0 -> 0.10.0 -> 0.11.0\n")
    assert "  regressions: passed before, failing now (1):\n" \
           "    room-cast-one-door: passed -> passed -> failed\n" in text
    assert "    room-is-one-card: failed -> error -> failed since 0.9.0\n" in text
    assert "    room-has-two-names: passed -> failed -> failed since 0.10.0\n" in text
    assert text.endswith(f"history written to {out}\n")
    # without a regression in the last version: exit 0
    assert main(["history", str(versions[2])]) == 0
    assert "  (one version: nothing to compare)\n" in capsys.readouterr().out


def test_history_page_lists_changes_first(versions, tmp_path):
    html = history_report([read_run(p) for p in versions])
    groups = re.findall(r'<tbody class="group change-([\w-]+)">', html)
    assert groups == ["regression", "newly-failing", "newly-passing", "still-failing",
                      "other", "passing"]
    row = html[html.index('data-id="room-has-two-names"'):]
    row = row[:row.index("</tr>")]
    assert re.findall(r'st-(\w+)">', row) == ["passed", "failed", "failed"]
    assert "since 0.10.0" in row
    assert "<script>alert" not in html and html.count("<script>") == 1
    assert "default-src 'none'" in html
    # a bar per version
    table = html[html.index('<table class="versions">'):]
    assert table[:table.index("</table>")].count('<svg class="bar"') == 3


def test_a_history_mixing_corpus_revisions_says_so(versions, tmp_path):
    import json

    document = json.loads(versions[0].read_text("utf-8"))
    document["corpus"]["revision"] = "feedfacecafe0000"
    versions[0].write_text(json.dumps(document), "utf-8")
    html = history_report([read_run(p) for p in versions])
    assert "Not one corpus and one harness" in html and "feedfacecafe" in html


def test_the_matrix_of_several_versions_of_one_engine_shows_their_history(versions):
    corpus = load_corpus([RULINGS])
    runs = [read_run(p) for p in versions]
    html = matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections,
                         history=history(runs))
    assert '<section id="history"' in html
    assert "<h3>phase: 0.9.0 → 0.10.0 → 0.11.0</h3>" in html
