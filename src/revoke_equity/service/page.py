"""The web page for directors: ``/`` and its static files, and ``GET /api/v1/choices``, the
estimators and law editions it offers (read from their registries, so a new one is offered with
no edit here or in the page)."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from revoke_equity.equity.estimate import DEFAULT_ALSO, DEFAULT_ESTIMATE, estimators, find_estimator
from revoke_equity.model.edition import DEFAULT_EDITION, edition_names

__all__ = ["STATIC", "add_page", "choices", "page_html"]

STATIC = Path(__file__).parent / "static"
ESTIMATOR_OPTIONS = "<!-- estimator options -->"
EDITION_OPTIONS = "<!-- edition options -->"
ALSO_LABEL = "<!-- also label -->"
CHOICES = "<!-- choices -->"
"""Where ``index.html`` takes the registries' options, and the choices as JSON."""


def choices() -> dict[str, Any]:
    """What the page offers: each estimator (``name``, ``label``, ``words``, ``choice``, and
    ``players``: whether it plays with a class of player) and each law edition, with the
    defaults (``default_also``: the estimates shown beside the chosen one)."""
    return {
        "estimators": [{"name": e.name, "label": e.label, "words": e.words, "choice": e.choice,
                        "players": "players" in e.options} for e in estimators()],
        "default_estimate": DEFAULT_ESTIMATE,
        "default_also": list(DEFAULT_ALSO),
        "editions": list(edition_names()),
        "default_edition": str(DEFAULT_EDITION),
    }


def page_html() -> str:
    """``index.html`` with the estimators' and the editions' options (newest edition first), the
    label of the boxes that show :data:`DEFAULT_ALSO` beside the chosen estimate, and
    :func:`choices` as JSON in ``#choices`` for the page's script."""
    estimator_options = "\n".join(
        f'<option value="{escape(e.name)}"{" selected" if e.name == DEFAULT_ESTIMATE else ""}>'
        f"{escape(e.choice)}</option>" for e in estimators())
    edition_options = "\n".join(f'<option value="{escape(name)}">{escape(name)}</option>'
                                for name in reversed(edition_names()))
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    served = json.dumps(choices()).replace("<", "\\u003c")  # no "</script>" inside the script
    script = f'<script type="application/json" id="choices">{served}</script>'
    beside = " and ".join(find_estimator(name).label.lower() for name in DEFAULT_ALSO)
    text = text.replace(ALSO_LABEL, escape(f"Also {beside} ({', '.join(DEFAULT_ALSO)}) beside it"))
    return text.replace(ESTIMATOR_OPTIONS, estimator_options).replace(
        EDITION_OPTIONS, edition_options).replace("(else 2017)", f"(else {DEFAULT_EDITION})").replace(
        CHOICES, script)


def add_page(app: FastAPI) -> None:
    """``/`` (the page), ``/static`` and ``/api/v1/choices``."""

    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(page_html(), headers={"cache-control": "no-cache"})

    @app.get("/api/v1/choices", tags=["page"],
             summary="The estimators and law editions the page offers, with the defaults")
    async def get_choices() -> dict[str, Any]:
        return choices()

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
