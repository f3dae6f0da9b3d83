"""docs/ci-example.md: the workflow's steps, read from the page and run as CI would run them.

Every ``run:`` step of the page's workflow is run with bash as the job's ``defaults`` say,
in a folder laid out like the engine's checkout (the harness checked out in ``harness/``).
``pip`` and ``gh`` are stand-ins on the PATH: ``pip`` records its arguments; ``gh`` accepts
only the subcommands and flags the real one has, lists the baseline run and "downloads" its
artifact.  The ``conformance`` commands are the real ones, on a wrong engine.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.frontends.cli import main
from results_files import ROOT, RULINGS

DOC = ROOT / "docs" / "ci-example.md"
WRONG = "wrong_engines:room_one_door_off_battlefield"
CAUGHT = "room-characteristics-outside-stack-and-battlefield"
BASELINE_RUN = "4242"

GH = f"""#!{sys.executable}
# A stand-in for the GitHub CLI: the flags of `gh run list` and `gh run download` (gh 2.x).
import os, shutil, sys
args = sys.argv[1:]
with open(os.environ["STUB_LOG"], "a") as log:
    log.write("gh " + " ".join(args) + "\\n")
FLAGS = {{
    ("run", "list"): {{"-a", "--all", "-b", "--branch", "-c", "--commit", "--created", "-e",
                       "--event", "-q", "--jq", "--json", "-L", "--limit", "-s", "--status",
                       "-t", "--template", "-u", "--user", "-w", "--workflow"}},
    ("run", "download"): {{"-D", "--dir", "-n", "--name", "-p", "--pattern"}},
}}
STATUSES = {{"queued", "completed", "in_progress", "requested", "waiting", "action_required",
             "cancelled", "failure", "neutral", "skipped", "stale", "startup_failure",
             "success", "timed_out"}}
command = tuple(args[:2])
if command not in FLAGS:
    sys.exit(f"unknown command {{' '.join(args[:2])!r}} for gh")
options, positional, rest = {{}}, [], args[2:]
while rest:
    word = rest.pop(0)
    if word.startswith("-"):
        if word not in FLAGS[command]:
            sys.exit(f"unknown flag: {{word}}")
        options[word] = rest.pop(0)
    else:
        positional.append(word)
if not os.environ.get("GH_TOKEN"):
    sys.exit("gh: To use GitHub CLI in a GitHub Actions workflow, set the GH_TOKEN variable")
if command == ("run", "list"):
    assert options.get("--status", "success") in STATUSES, options
    assert options.get("--json") == "databaseId" and "--jq" in options, options
    if os.environ.get("BASELINE_RUN"):
        print(os.environ["BASELINE_RUN"])
else:
    if positional != [os.environ.get("BASELINE_RUN")] or \\
            not os.path.exists(os.environ.get("BASELINE_FILE", "")):
        sys.exit(f"no artifact named {{options.get('--name')!r}} in run {{positional}}")
    folder = options.get("--dir", ".")
    os.makedirs(folder, exist_ok=True)
    shutil.copy(os.environ["BASELINE_FILE"], os.path.join(folder, "results.json"))
"""

PIP = f"""#!{sys.executable}
import os, sys
with open(os.environ["STUB_LOG"], "a") as log:
    log.write("pip " + " ".join(sys.argv[1:]) + "\\n")
"""


def workflow() -> dict[str, Any]:
    """The page's workflow, as YAML."""
    blocks = re.findall(r"^```yaml\n(.*?)^```", DOC.read_text("utf-8"), re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, "the page has one workflow"
    document = yaml.safe_load(blocks[0])
    assert isinstance(document, dict)
    return document


def job() -> dict[str, Any]:
    (only,) = workflow()["jobs"].values()
    return dict(only)


def run_steps() -> dict[str, dict[str, Any]]:
    return {step["name"]: step for step in job()["steps"] if "run" in step}


def step_named(words: str) -> dict[str, Any]:
    (found,) = [step for name, step in run_steps().items() if words in name]
    return found


@pytest.fixture(scope="module")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """main's results: the reference engine passes the Room rulings."""
    path = tmp_path_factory.mktemp("main") / "results.json"
    assert main(["run", "-q", "--rulings", str(RULINGS / "rooms"), "--results", str(path),
                 "--no-html"]) == 0
    return path


class Checkout:
    """The engine's checkout with the harness in ``harness/``; runs the page's steps."""

    def __init__(self, folder: Path, expectations: str) -> None:
        self.folder = folder
        (folder / "harness").symlink_to(ROOT)
        (folder / "conformance").mkdir()
        (folder / "conformance" / "expectations.yaml").write_text(expectations, "utf-8")
        bin_folder = folder / ".stubs"
        bin_folder.mkdir()
        for name, text in (("gh", GH), ("pip", PIP)):
            (bin_folder / name).write_text(text, "utf-8")
            (bin_folder / name).chmod(0o755)
        self.log = folder / ".stubs" / "log"
        self.log.write_text("", "utf-8")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "GH_"))}
        env["PATH"] = os.pathsep.join([str(bin_folder), str(Path(sys.executable).parent),
                                       env.get("PATH", "")])
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests")] + [
            p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])  # never the cwd
        env.update({k: str(v) for k, v in job().get("env", {}).items()})
        env.update({"ENGINE": WRONG, "RULINGS": "harness/rulings/rooms",
                    "STUB_LOG": str(self.log)})
        self.env = env

    def run(self, step: dict[str, Any], **env: str) -> subprocess.CompletedProcess[str]:
        """One step as GitHub runs it with ``shell: bash``."""
        assert job()["defaults"]["run"]["shell"] == "bash"
        step_env = {k: ("a-token" if "${{" in str(v) else str(v))
                    for k, v in step.get("env", {}).items()}
        script = str(step["run"])
        assert "${{" not in script  # expressions only where the test can stand in for them
        return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                              cwd=self.folder, env={**self.env, **step_env, **env},
                              capture_output=True, text=True, timeout=300, check=False)

    def calls(self) -> list[str]:
        calls = self.log.read_text("utf-8").splitlines()
        self.log.write_text("", "utf-8")
        return calls


EXPECTED = f"""\
format: conformance-expectations/1
engines:
  reference:
    {CAUGHT}: {{status: failed, reason: keeps one door's values off the battlefield}}
"""


def test_the_page_runs_every_step_it_shows(tmp_path, baseline):
    checkout = Checkout(tmp_path, EXPECTED)
    names = list(run_steps())
    assert len(names) == 4, names  # install, gate, report, diff: each run below

    done = checkout.run(step_named("install"))
    assert done.returncode == 0, done.stderr
    assert checkout.calls() == ["pip install -e ./harness -e ."]

    gate = checkout.run(step_named("gated by the expectations"))
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert "1 expected failure (1 failed; see out/results.html)" in gate.stdout
    assert (tmp_path / "out" / "junit.xml").is_file()

    report = checkout.run(step_named("HTML report"))
    assert report.returncode == 0, report.stderr
    assert (tmp_path / "out" / "report.html").stat().st_size > 10_000

    diff = step_named("what changed since main")
    assert diff["if"] == "always() && github.event_name == 'pull_request'"
    # the token may read main's runs, and main's runs make the baseline
    assert workflow()["permissions"]["actions"] in ("read", "write")
    assert "main" in workflow()[True]["push"]["branches"]  # YAML 1.1 reads `on:` as True
    # main passed the ruling the engine now fails: a regression fails the step, even though
    # the expectations allow it
    regressed = checkout.run(diff, BASELINE_RUN=BASELINE_RUN, BASELINE_FILE=str(baseline))
    assert regressed.returncode == 1, regressed.stdout + regressed.stderr
    assert CAUGHT in regressed.stdout and "regress" in regressed.stdout.lower()
    calls = checkout.calls()
    assert calls[0].startswith("gh run list --branch main --workflow conformance.yml ")
    assert calls[1] == f"gh run download {BASELINE_RUN} --name conformance --dir baseline"

    # the same results on main: nothing changed, the step passes
    same = tmp_path / "same.json"
    shutil.copy(tmp_path / "out" / "results.json", same)
    shutil.rmtree(tmp_path / "baseline")
    unchanged = checkout.run(diff, BASELINE_RUN=BASELINE_RUN, BASELINE_FILE=str(same))
    assert unchanged.returncode == 0, unchanged.stdout + unchanged.stderr


def test_the_diff_step_fails_loudly_without_a_baseline(tmp_path, baseline):
    checkout = Checkout(tmp_path, EXPECTED)
    (tmp_path / "out").mkdir()
    shutil.copy(baseline, tmp_path / "out" / "results.json")
    diff = step_named("what changed since main")
    nothing = checkout.run(diff, BASELINE_RUN="")
    assert nothing.returncode == 1
    assert "no successful conformance run on main to compare with" in nothing.stderr
    assert [c.split()[:3] for c in checkout.calls()] == [["gh", "run", "list"]]

    lost = checkout.run(diff, BASELINE_RUN=BASELINE_RUN, BASELINE_FILE=str(tmp_path / "none"))
    assert lost.returncode != 0 and "no artifact named 'conformance'" in lost.stderr
    assert not any(c.startswith("conformance") for c in checkout.calls())

    no_token = checkout.run({**diff, "env": {}}, BASELINE_RUN=BASELINE_RUN,
                            BASELINE_FILE=str(baseline))
    assert no_token.returncode != 0 and "GH_TOKEN" in no_token.stderr

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "something else"}), "utf-8")
    unreadable = checkout.run(diff, BASELINE_RUN=BASELINE_RUN, BASELINE_FILE=str(broken))
    assert unreadable.returncode == 2, unreadable.stdout + unreadable.stderr


def test_the_gate_step_fails_on_an_unexpected_failure_and_the_report_still_runs(tmp_path):
    checkout = Checkout(tmp_path, "format: conformance-expectations/1\nengines:\n"
                                  "  reference: {}\n")
    gate = checkout.run(step_named("gated by the expectations"))
    assert gate.returncode == 1
    assert f"UNEXPECTED FAILED {CAUGHT}: expected passed" in gate.stdout
    report = checkout.run(step_named("HTML report"))
    assert report.returncode == 0, report.stderr
    assert CAUGHT in (tmp_path / "out" / "report.html").read_text("utf-8")
