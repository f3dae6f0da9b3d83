"""Layer 5: reports -- rendering results files with the templates in ``reports/``.

Reports read results files only; they never run a ruling.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

import reports

from ..runner.results import Status

#: The templates folder: the top-level ``reports`` package (installed with the harness).
TEMPLATES = Path(reports.__file__).resolve().parent


def environment() -> jinja2.Environment:
    if not TEMPLATES.is_dir():
        raise FileNotFoundError(f"report templates not found in {TEMPLATES}")
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                              autoescape=jinja2.select_autoescape(["html", "html.j2", "xml"]),
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True)


def render_summary(results_file: Path) -> str:
    """A run's summary as text: counts, then each failure and error with its location."""
    from .details import repro_command
    from .runs import counts, read_run

    run = read_run(results_file)
    results = list(run.results.values())
    harness = run.header.get("harness")
    version = harness.get("version") if isinstance(harness, dict) else None
    template = environment().get_template("summary.txt.j2")
    return template.render(harness_version=version or "", engine=run.label,
                           results=results,
                           repro={str(r["id"]): repro_command(str(run.path), str(r["id"]))
                                  for r in results if isinstance(r.get("details"), dict)
                                  and isinstance(r["details"].get("reproduction"), str)},
                           counts=counts(r["status"] for r in results),
                           statuses=[s.value for s in Status])
