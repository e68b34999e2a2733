"""Whether a browser's request that changes state comes from a page the server trusts: one of
its own, or one of an origin its operator lists (``ServerLimits.allow_origins``).

A page of any site can make its visitors' browsers send requests to the server, and so create
games in their name. A JSON body is not something a page may send to another origin without
the server's leave (a CORS preflight, granted to the listed origins alone), and a body of any
other type is refused (``415``, :mod:`tigeuph.server.bodies`); :func:`check_origin` is a
second lock on the same door. A browser names the page's origin in ``Origin`` on every request
that changes state; a request without one is no page's (a program's, which no page can make
its visitors' browsers send) and goes through.
"""

from __future__ import annotations

from collections.abc import Collection
from urllib.parse import urlsplit

from .errors import OriginNotAllowed

__all__ = ["check_origin"]


def check_origin(origin: str | None, host: str | None, allowed: Collection[str]) -> None:
    """Refuse a request sent from a page of *origin* (its ``Origin`` header) unless that is
    the server's own (the request's *host*, its ``Host`` header) or among *allowed*.

    >>> check_origin("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    >>> check_origin(None, "127.0.0.1:8000", ())  # no browser's page
    >>> check_origin("https://evil.example", "127.0.0.1:8000", ())
    Traceback (most recent call last):
    ...
    tigeuph.server.errors.OriginNotAllowed: a page of 'https://evil.example' may not change ...

    Raises:
        OriginNotAllowed: *origin* is another site's.
    """
    if origin is None:
        return
    origin = origin.strip().lower()
    if origin in allowed:
        return
    parts = urlsplit(origin)
    if parts.scheme in ("http", "https") and host and parts.netloc == host.strip().lower():
        return
    listed = f", and those of {', '.join(sorted(allowed))}" if allowed else ""
    raise OriginNotAllowed(
        f"a page of {origin[:60]!r} may not change anything on this server: only its own "
        f"pages may{listed}"
    )
