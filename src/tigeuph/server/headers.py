"""Security headers on every answer of the game server, added by a pure ASGI middleware.

The browser board is one page of the server's own files, so its policy can be strict: scripts,
styles and connections from the server only, nothing inline, no plugins, no frames around it, no
referrer. Answers under ``/api/`` carry views and tokens, so no cache keeps them.

The middleware only edits the ``http.response.start`` message and passes every body message on
as it comes, so the event stream still streams (Starlette's ``BaseHTTPMiddleware`` would hold it
back). A header the handler set itself is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeaders"]

CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""The page's own files only; ``frame-ancestors`` and ``X-Frame-Options`` both forbid framing
(the latter for browsers that predate the former)."""

SECURITY_HEADERS: Final = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
)
"""The headers every answer carries."""

_PRIVATE: Final = "/api/"
"""Answers under this path carry views and tokens: ``Cache-Control: no-store``."""


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer of *app*, and
    ``Cache-Control: no-store`` to the API's."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wanted = list(SECURITY_HEADERS)
        if str(scope.get("path", "")).startswith(_PRIVATE):
            wanted.append(("cache-control", "no-store"))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {bytes(name).lower() for name, _ in headers}
                for name, value in wanted:
                    if name.encode("latin-1") not in present:
                        headers.append((name.encode("latin-1"), value.encode("latin-1")))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
