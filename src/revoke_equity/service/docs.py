"""The interactive API docs (Swagger UI at ``/docs``), served offline.

FastAPI's own page loads Swagger UI from a CDN, so it is blank at a club with no internet. Its
JavaScript and CSS come from the ``fastapi-offline`` package instead, which ships them, and are
served by this server under :data:`ASSETS_URL`; the page is FastAPI's own HTML pointed at those
files. (ReDoc is not offered: its page fetches a logo from its makers' site whatever the options.)
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.docs import (
    get_swagger_ui_html,
    get_swagger_ui_oauth2_redirect_html,
)
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["ASSETS_URL", "DOCS_PATHS", "DOCS_POLICY", "TOKEN_SCHEME", "add_offline_docs",
           "declare_access_token"]

ASSETS_URL = "/static-docs"
DOCS_URL, OAUTH2_REDIRECT_URL = "/docs", "/docs/oauth2-redirect"
DOCS_PATHS = (DOCS_URL, OAUTH2_REDIRECT_URL)
DOCS_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' "
               "'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
"""Content-Security-Policy of the docs page: nothing from another origin (FastAPI's page starts
Swagger UI with an inline script, hence 'unsafe-inline')."""


TOKEN_SCHEME = "accessToken"
"""Name of the access token's security scheme in the OpenAPI description."""


def declare_access_token(schema: dict[str, Any], required: bool) -> None:
    """Declare the access token (``Authorization: Bearer <token>``) in the OpenAPI ``schema`` on
    every ``/api/`` operation: the docs page then has an *Authorize* button, and *Try it out*
    sends the token given there. Without ``required`` (loopback with no token) it is optional."""
    schemes = schema.setdefault("components", {}).setdefault("securitySchemes", {})
    schemes[TOKEN_SCHEME] = {
        "type": "http", "scheme": "bearer",
        "description": "The service's access token, printed where it was started."}
    use: list[dict[str, list[str]]] = [{TOKEN_SCHEME: []}] if required else [{TOKEN_SCHEME: []}, {}]
    for path, operations in schema.get("paths", {}).items():
        if path.startswith("/api/"):
            for operation in operations.values():
                operation["security"] = use


def assets_folder() -> Path:
    """The folder of Swagger UI's and ReDoc's files in the installed ``fastapi-offline``."""
    return Path(str(resources.files("fastapi_offline") / "static"))


def add_offline_docs(app: FastAPI) -> None:
    """Serve ``/docs`` (Swagger UI) from local files; ``app`` must have been built with
    ``docs_url=None, redoc_url=None``."""
    openapi_url = app.openapi_url or "/openapi.json"
    app.mount(ASSETS_URL, StaticFiles(directory=assets_folder()), name="docs-assets")

    @app.get(DOCS_URL, include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=openapi_url, title=f"{app.title} - API docs",
            oauth2_redirect_url=OAUTH2_REDIRECT_URL,
            swagger_js_url=f"{ASSETS_URL}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_URL}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_URL}/favicon.png",
            swagger_ui_parameters=app.swagger_ui_parameters)

    @app.get(OAUTH2_REDIRECT_URL, include_in_schema=False)
    async def swagger_ui_redirect() -> HTMLResponse:
        return get_swagger_ui_oauth2_redirect_html()
