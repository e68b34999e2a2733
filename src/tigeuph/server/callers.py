"""Who sends a request, as the handlers need to know it: the seat it speaks for (its token), the
client its shares are counted to (:mod:`tigeuph.server.clients`), and whether a page of another
site sent it (:mod:`tigeuph.server.origins`). Every handler asks here, so each is read from the
request one way only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .origins import check_origin

if TYPE_CHECKING:
    from starlette.requests import Request

    from .limits import ServerLimits
    from .service import Service

__all__ = ["check_request_origin", "client_of", "seat_token"]


def seat_token(request: Request) -> str | None:
    """The seat's token, from ``Authorization: Bearer`` only: a token in a URL would be
    written in access logs, browser histories and ``Referer`` headers."""
    header = request.headers.get("authorization", "")
    if header[:7].lower() == "bearer ":
        return header[7:].strip()
    return None


def client_of(service: Service, request: Request) -> str:
    """The request's client, as its shares are counted (``tigeuph.server.clients``)."""
    peer = request.client.host if request.client is not None else None
    return service.clients.of(peer, request.headers.getlist("x-forwarded-for"))


def check_request_origin(request: Request, limits: ServerLimits) -> None:
    """Refuse a request that changes state from another site's page (403)."""
    headers = request.headers
    check_origin(headers.get("origin"), headers.get("host"), limits.allow_origins)
