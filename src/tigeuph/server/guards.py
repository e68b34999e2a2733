"""Every refusal in the API's one shape, so that a client reads all of them alike: an error a
handler raises, and Starlette's own refusals (no such path, another method), answered as
``{"error": kind, "message": ..., "clause": ...}`` with the status that the one table of
:mod:`tigeuph.server.errors` gives it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .errors import MethodNotAllowed, NoSuchPath, answer

__all__ = ["guard", "no_route", "refusal"]


def guard(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    """*handler*, answering any error it raises as JSON."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Exception as err:  # every error is answered as JSON: see errors.ERRORS
            return refusal(err)

    return guarded


def refusal(err: Exception) -> Response:
    """The answer to *err*: its status, its JSON body and its headers (``Retry-After``)."""
    status, body, headers = answer(err)
    return JSONResponse(body, status_code=status, headers=headers)


async def no_route(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (no such path, another method) in the API's error shape."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return refusal(NoSuchPath(f"no path {request.url.path[:60]!r}"))
    if exc.status_code == 405:
        response = refusal(MethodNotAllowed(f"{request.method} is not allowed here"))
        response.headers.update(exc.headers or {})
        return response
    return refusal(exc)  # none other is expected: a bug, logged
