"""The HTML reports in a real browser: headless Chromium driven through Selenium.

Each report is opened from a file, filtered, and photographed (the screenshots are under
the test's tmp_path).  Skipped, with the reason, when Chromium, its driver or Selenium is
missing: ``apt-get install -y chromium chromium-driver`` and ``pip install -e '.[dev]'``.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.format.loader import load_corpus
from conformance.reporting.html import run_report
from conformance.reporting.matrix import matrix_report
from conformance.reporting.runs import read_run
from results_files import HOSTILE, ROOT, RULINGS, result, write_results

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(n)), None)
DRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="headless browser tests need Chromium and its driver: "
           "apt-get install -y chromium chromium-driver")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1400,1000"]
FAILED = "room-characteristics-outside-stack-and-battlefield"
PHASE_RESULTS = ROOT / "results" / "phase-python-0.103.0.json"


def _driver(profile: Path, javascript: bool = True) -> Any:
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed: pip install -e '.[dev]'")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


@pytest.fixture
def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("SE_OFFLINE", "true")  # Selenium Manager must not reach the network
    driver = _driver(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def corpus():
    return load_corpus([RULINGS])


@pytest.fixture
def run_html(tmp_path: Path, corpus) -> Path:
    ids = sorted(r.id for r in corpus.rulings if r.executable)
    results = [result(i, "passed") for i in ids if i != FAILED]
    results.append(result(FAILED, "failed", "mana_value: expected 6, found 1 " + HOSTILE,
                          path="rulings/rooms/characteristics-outside-stack-and-battlefield.yaml",
                          line=44, scenario="both doors combined"))
    results.append(result("morph-face-down-objects-kept-distinguishable", "not-executable",
                          "physical cards"))
    run = read_run(write_results(tmp_path / "run.json", results))
    out = tmp_path / "run.html"
    out.write_text(run_report(run, {r.id: r for r in corpus.rulings}, corpus.cr_sections),
                   encoding="utf-8")
    return out


def visible_ids(driver: Any, section: str) -> list[str]:
    return driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0] + ' [data-id][data-status]'))"
        ".filter(r => r.checkVisibility()).map(r => r.dataset.id);", f"#{section}")


def check_console(driver: Any) -> None:
    """No script error and no Content-Security-Policy violation."""
    severe = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


def no_alert(driver: Any) -> None:
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text  # noqa: B018 - raises when no alert is open


def top(driver: Any, selector: str) -> float:
    return float(driver.execute_script(
        "return document.querySelector(arguments[0]).getBoundingClientRect().top "
        "+ window.scrollY;", selector))


def links_resolve(driver: Any, selector: str) -> list[str]:
    """The hrefs of the links ``selector`` finds; each must lead to a file that exists."""
    from urllib.parse import unquote, urlparse

    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(a => a.href);", selector)
    assert hrefs, f"no link {selector}"
    for href in hrefs:
        url = urlparse(href)
        assert url.scheme == "file" and Path(unquote(url.path)).is_file(), href
    return list(hrefs)


def test_run_report_filters_by_status_and_text(browser, run_html, tmp_path, corpus):
    from selenium.webdriver.common.by import By

    browser.get(run_html.as_uri())
    assert browser.find_element(By.ID, "controls").is_displayed()
    # the summary first, then the failure, the passes last
    assert top(browser, "#summary") < top(browser, "#failed") < top(browser, "#passed")
    assert visible_ids(browser, "failed") == [FAILED]
    executable = sum(1 for r in corpus.rulings if r.executable)
    assert len(visible_ids(browser, "passed")) == executable - 1
    assert browser.find_element(By.ID, "shown").text == \
        f"{len(corpus.rulings)} of {len(corpus.rulings)} shown"
    # the counts by card and by mechanic are closed until opened
    assert not browser.find_element(By.CSS_SELECTOR, "#by-card table").is_displayed()

    browser.find_element(By.CSS_SELECTOR, "input[data-filter-status][value=passed]").click()
    assert not browser.find_element(By.ID, "passed").is_displayed()  # its section hides
    assert browser.find_element(By.ID, "shown").text == f"2 of {len(corpus.rulings)} shown"
    assert set(visible_ids(browser, "failed") + visible_ids(browser, "not-executable")) == {
        FAILED, "morph-face-down-objects-kept-distinguishable"}

    browser.find_element(By.CSS_SELECTOR, "input[data-filter-status][value=passed]").click()
    search = browser.find_element(By.ID, "search")
    search.send_keys("<script>alert")
    assert visible_ids(browser, "failed") == [FAILED]
    assert visible_ids(browser, "passed") == []
    row = browser.find_element(By.CSS_SELECTOR, f"#failed [data-id='{FAILED}']")
    assert '<script>alert("owned")</script>' in row.text  # shown as text, not run
    browser.save_screenshot(str(tmp_path / "run-report-filtered.png"))
    no_alert(browser)
    search.clear()
    browser.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")
    assert len(set(visible_ids(browser, "summary") or visible_ids(browser, "passed"))) == \
        executable - 1
    browser.save_screenshot(str(tmp_path / "run-report.png"))
    assert (tmp_path / "run-report.png").stat().st_size > 10_000
    check_console(browser)


def test_run_report_sorts_the_counts_by_card(browser, run_html):
    from selenium.webdriver.common.by import By

    browser.get(run_html.as_uri())
    browser.find_element(By.CSS_SELECTOR, "#by-card > summary").click()
    header = browser.find_elements(By.CSS_SELECTOR, "#by-card th[data-sort]")[1]  # rulings
    header.click()
    header.click()  # descending
    counts = browser.execute_script(
        "return Array.from(document.querySelectorAll('#by-card tbody tr'))"
        ".map(r => Number(r.cells[1].textContent));")
    assert len(counts) > 1 and counts == sorted(counts, reverse=True)
    assert header.get_attribute("aria-sort") == "descending"
    check_console(browser)


def test_run_report_without_javascript_is_readable(tmp_path, run_html, monkeypatch):
    from selenium.webdriver.common.by import By

    monkeypatch.setenv("SE_OFFLINE", "true")
    driver = _driver(tmp_path / "profile-nojs", javascript=False)
    try:
        driver.get(run_html.as_uri())
        assert not driver.find_element(By.ID, "controls").is_displayed()
        for section in ("summary", "failed", "not-executable", "passed"):
            assert driver.find_element(By.ID, section).is_displayed()
        assert visible_ids(driver, "failed") == [FAILED]
        # a failure's details open without a script
        driver.find_element(By.CSS_SELECTOR, f"#failed [data-id='{FAILED}'] details.more "
                                             "> summary").click()
        excerpt = driver.find_element(By.CSS_SELECTOR, f"#failed [data-id='{FAILED}'] "
                                                       ".ln.failing")
        assert excerpt.is_displayed() and excerpt.text.startswith("44")
        driver.save_screenshot(str(tmp_path / "run-report-nojs.png"))
    finally:
        driver.quit()


def test_phase_run_report_shows_its_failures_in_the_first_two_screens(browser, tmp_path, corpus):
    """The run report of the committed phase.rs results, photographed at 1400 px."""
    from selenium.webdriver.common.by import By

    run = read_run(PHASE_RESULTS)
    out = tmp_path / "phase.html"
    out.write_text(run_report(run, {r.id: r for r in corpus.rulings}, corpus.cr_sections,
                              out=tmp_path), encoding="utf-8")
    browser.get(out.as_uri())
    screen = float(browser.execute_script("return window.innerHeight;"))
    failures = [i for i, r in run.results.items() if r["status"] == "failed"]
    assert failures and sorted(visible_ids(browser, "failed")) == sorted(failures)
    bottom = float(browser.execute_script(
        "return document.querySelector('#failed').getBoundingClientRect().bottom "
        "+ window.scrollY;"))
    assert bottom <= 2 * screen
    # summary first: one line per status, each with its bar, and the links to the files
    assert top(browser, "#summary") < top(browser, "#failed")
    bars = browser.find_elements(By.CSS_SELECTOR, "#summary svg.bar")
    assert len(bars) == 7 and all(b.is_displayed() for b in bars)
    link = browser.find_element(By.CSS_SELECTOR, "#failed a.loc")
    assert link.get_attribute("href").startswith("file://") and ".yaml#L" in \
        link.get_attribute("href")
    assert len(links_resolve(browser, "#failed a.loc")) == len(failures)
    for n in range(3):
        browser.execute_script(f"window.scrollTo(0, {n} * window.innerHeight);")
        browser.save_screenshot(str(tmp_path / f"phase-run-report-{n + 1}.png"))
    check_console(browser)


def test_matrix_filters_disagreements(browser, tmp_path, corpus):
    from selenium.webdriver.common.by import By

    ids = sorted(r.id for r in corpus.rulings if r.executable)
    a = write_results(tmp_path / "a.json", [result(i, "passed") for i in ids], engine="alpha")
    b = write_results(tmp_path / "b.json", [
        result(i, "failed" if i == FAILED else "passed", HOSTILE if i == FAILED else "")
        for i in ids], engine="beta")
    out = tmp_path / "matrix.html"
    out.write_text(matrix_report([read_run(a), read_run(b)], {r.id: r for r in corpus.rulings},
                                 corpus.cr_sections), encoding="utf-8")
    browser.get(out.as_uri())
    # disagreements first, one line per ruling
    assert visible_ids(browser, "by-agreement")[0] == FAILED
    assert len(set(visible_ids(browser, "by-agreement"))) == len(ids)
    heights = browser.execute_script(
        "return Array.from(document.querySelectorAll('#by-agreement tr[data-id]'))"
        ".map(function (r) { return r.getBoundingClientRect().height; });")
    assert max(heights) < 2 * min(heights) and max(heights) < 40, heights
    browser.find_element(By.CSS_SELECTOR, "input[data-view=card]").click()
    assert len(set(visible_ids(browser, "by-card"))) == len(ids)
    browser.find_element(By.CSS_SELECTOR, "input[data-filter-flag][value=disagree]").click()
    assert set(visible_ids(browser, "by-card")) == {FAILED}
    browser.find_element(By.CSS_SELECTOR, "input[data-view=cr]").click()
    assert set(visible_ids(browser, "by-cr")) == {FAILED}
    # the failing cell leads to beta's failure, with the command that reruns it
    browser.find_element(By.CSS_SELECTOR, "input[data-view=agreement]").click()
    browser.find_element(By.CSS_SELECTOR, f"#by-agreement tr[data-id={FAILED}] a.fail").click()
    target = browser.find_element(By.CSS_SELECTOR, "article.failure:target")
    assert target.is_displayed() and FAILED in target.text
    assert "conformance run --engine beta --rulings /" in target.text
    no_alert(browser)
    browser.save_screenshot(str(tmp_path / "matrix.png"))
    check_console(browser)


def test_coverage_shows_denominators_and_filters_by_corpus_status(browser, tmp_path, corpus):
    from selenium.webdriver.common.by import By

    from conformance.frontends.cli import main
    from test_coverage import OFFICIAL, cards_with_oracle_ids

    passing = [r.id for r in corpus.rulings if r.executable and r.id != FAILED]
    results = write_results(tmp_path / "reference.json", [result(i, "passed") for i in passing])
    cards = cards_with_oracle_ids(tmp_path)
    shutil.copy(RULINGS / "cr-sections.yaml", cards.parent / "cr-sections.yaml")
    out, document_file = tmp_path / "report" / "coverage.html", tmp_path / "coverage.json"
    # as a user makes it: conformance coverage --official FILE --html OUT
    assert main(["coverage", "--rulings", str(RULINGS), "--cards", str(cards), "--official",
                 str(OFFICIAL), "--results", str(results), "--json", str(document_file),
                 "--html", str(out)]) == 0
    document = json.loads(document_file.read_text("utf-8"))
    browser.get(out.as_uri())
    # the summary first, with a bar for the rulings, the CR sections and the official rulings
    assert top(browser, "#summary") < top(browser, "#cr-scope")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#summary td svg.bar")) == 3
    assert browser.find_element(By.ID, "cr-scope").is_displayed()
    assert len(visible_ids(browser, "cr-scope")) == len(document["cr_scope"])
    browser.find_element(By.CSS_SELECTOR, "input[data-view=official]").click()
    assert visible_ids(browser, "official")[:2] == [
        "official:Bottomless Pool // Locker Room", "official:Thousand Winds"]
    assert browser.find_element(By.ID, "backlog").is_displayed()
    assert "conformance new --from-official" in \
        browser.find_element(By.CSS_SELECTOR, "table.backlog").text
    browser.save_screenshot(str(tmp_path / "coverage-official.png"))
    # the summary's count of missing rulings leads to the backlog
    browser.find_element(By.CSS_SELECTOR, "input[data-view=cr-scope]").click()
    browser.find_element(By.CSS_SELECTOR, "#summary a[href='#backlog']").click()
    assert browser.execute_script("return location.hash;") == "#backlog"
    assert browser.find_element(By.ID, "backlog").is_displayed()
    browser.find_element(By.CSS_SELECTOR, "input[data-view=not-executable]").click()
    assert len(links_resolve(browser, "#not-executable a.ruling")) == sum(
        1 for r in corpus.rulings if not r.executable)

    browser.find_element(By.CSS_SELECTOR, "input[data-view=card]").click()
    browser.find_element(By.CSS_SELECTOR, "input[data-filter-status][value=covered]").click()
    not_executable = [r for r in corpus.rulings if not r.executable]
    assert set(visible_ids(browser, "by-card")) == {
        f"card:{c}" for r in not_executable for c in r.cards}
    browser.find_element(By.CSS_SELECTOR, "input[data-filter-status][value=covered]").click()
    browser.find_element(By.ID, "search").send_keys("wargate")
    assert visible_ids(browser, "by-card") == ["card:Wargate"]
    browser.save_screenshot(str(tmp_path / "coverage.png"))
    check_console(browser)


def test_matrix_and_history_in_the_browser(browser, tmp_path, corpus):
    """The matrix of reference + phase.rs + python-mtg and the history of two phase results."""
    from selenium.webdriver.common.by import By

    from conformance.reporting.history import history_report

    from conformance.frontends.cli import main

    ids = sorted(r.id for r in corpus.rulings if r.executable)
    reference = tmp_path / "reference.json"  # a real run of the reference engine
    assert main(["run", "-q", "--rulings", str(RULINGS), "--results", str(reference)]) == 0
    assert (tmp_path / "reference.html").is_file()  # its run report, linked from the matrix
    phase = read_run(PHASE_RESULTS)
    older = tmp_path / "phase-old.json"
    document = json.loads(PHASE_RESULTS.read_text("utf-8"))
    document["engine"]["version"] = "0.102.0"
    flipped = next(r for r in document["results"] if r["status"] == "passed")
    flipped["status"] = "failed"
    older.write_text(json.dumps(document), "utf-8")
    runs = [read_run(reference), phase, read_run(ROOT / "results" / "python-mtg-0.1.1.json")]
    out = tmp_path / "matrix.html"
    out.write_text(matrix_report(runs, {r.id: r for r in corpus.rulings}, corpus.cr_sections),
                   encoding="utf-8")
    browser.get(out.as_uri())
    assert top(browser, "#runs") < top(browser, "#by-agreement") < top(browser, "#by-mechanic-bars")
    bars = browser.find_elements(By.CSS_SELECTOR, "#by-mechanic-bars svg.bar")
    assert bars and all(b.is_displayed() for b in bars)
    assert "left out" in browser.find_element(By.CSS_SELECTOR, ".interop").text
    assert browser.find_element(By.ID, "mixed").is_displayed()  # three corpus revisions
    # links: each engine's results file, each ruling's file, each failure's line
    assert len(links_resolve(browser, "#runs a.results")) == 3
    assert [Path(h).name for h in links_resolve(browser, "#runs a.run-report")] == [
        "reference.html"]
    assert len(links_resolve(browser, "#by-agreement a.ruling")) == len(ids) + 1
    # each failing cell links to that engine's failure, which links to the failing line
    failing = [i for i, r in phase.results.items() if r["status"] == "failed"]
    cells = browser.find_elements(By.CSS_SELECTOR, "#by-agreement td:nth-child(3) a.fail")
    assert len(cells) == len(failing)
    assert {c.get_attribute("href").rsplit("#", 1)[1] for c in cells} == {
        a.get_attribute("id") for a in browser.find_elements(
            By.CSS_SELECTOR, "#failures-1 article.failure")}
    located = links_resolve(browser, "#failures-1 a.loc")
    assert len(located) == len(failing) and all(".yaml#L" in href for href in located)
    # the engines with their bars on top, the disagreements before any other ruling
    assert top(browser, "#runs") < top(browser, "#by-agreement") < top(browser, "#failures")
    first = browser.find_element(By.CSS_SELECTOR, "#by-agreement tr.group-head").text
    assert first.startswith("Engines disagree")
    browser.save_screenshot(str(tmp_path / "matrix-three-engines.png"))
    check_console(browser)

    page = tmp_path / "history.html"
    page.write_text(history_report([phase, read_run(older)], paths={
        r.id: r.path for r in corpus.rulings}, out=tmp_path), encoding="utf-8")
    browser.get(page.as_uri())
    assert browser.find_element(By.CSS_SELECTOR, "h3").text == "phase: 0.102.0 → 0.103.0"
    # the versions first, oldest first, each with its bar and a link to its results file
    assert top(browser, "table.versions") < top(browser, "table.history-rows")
    assert [Path(h).name for h in links_resolve(browser, "table.versions a.results")] == [
        "phase-old.json", PHASE_RESULTS.name]
    assert len(links_resolve(browser, "table.history-rows a.ruling")) == len(phase.results)
    bars = browser.find_elements(By.CSS_SELECTOR, "table.versions svg.bar")
    assert len(bars) == 2 and all(b.is_displayed() for b in bars)  # one per version
    # the trend: passes and failures across the versions, a point per version each
    chart = browser.find_element(By.CSS_SELECTOR, "svg.trend")
    assert chart.is_displayed() and top(browser, "svg.trend") < top(browser, "table.history-rows")
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.trend circle")) == 4
    assert flipped["id"] in visible_ids(browser, "history")
    newly = browser.find_element(By.CSS_SELECTOR, "tbody.change-newly-passing")
    assert flipped["id"] in newly.text
    browser.save_screenshot(str(tmp_path / "history.png"))
    check_console(browser)
