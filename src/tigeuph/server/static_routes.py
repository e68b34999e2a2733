"""The handlers of what is the same for every caller and every game: the start page, the
browser board's files, the icon and the API's description. None reads the store.
"""

from __future__ import annotations

from importlib import resources

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from .errors import GameNotFound
from .limits import ServerLimits
from .openapi import openapi
from .page import start_page

__all__ = ["StaticRoutes"]


class StaticRoutes:
    """The handlers of ``/``, ``/static/{name}``, ``/favicon.ico`` and
    ``/api/openapi.json``, for a server within *limits*."""

    def __init__(self, limits: ServerLimits) -> None:
        self.limits = limits

    async def page(self, request: Request) -> Response:
        return HTMLResponse(start_page(self.limits.external_agents))

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {
            "board.js": "text/javascript",
            "board.css": "text/css",
            "rules.html": "text/html",
            "favicon.svg": "image/svg+xml",
        }
        if name not in kinds:
            raise GameNotFound(f"no file {name[:40]!r}")
        text = resources.files(__package__).joinpath(f"static/{name}").read_text("utf-8")
        return Response(text, media_type=kinds[name])

    async def favicon(self, request: Request) -> Response:
        """The icon a browser asks for at ``/favicon.ico`` when a page names none (the rules
        page, the API's): the board's SVG icon, so that no page load logs a 404."""
        text = resources.files(__package__).joinpath("static/favicon.svg").read_text("utf-8")
        return Response(text, media_type="image/svg+xml")

    async def api_description(self, request: Request) -> Response:
        return JSONResponse(openapi())
