"""The server's logs never hold a seat's token.

The API takes a token only from the ``Authorization`` header, which no log writes; but a client
may still put one in a URL by mistake (``?token=...``), and the access log writes every URL.
:class:`HideTokens` rewrites such a query value before the line is written, and
:func:`log_config` is uvicorn's own logging configuration with that filter on its access log.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any, Final

__all__ = ["HideTokens", "hide_tokens", "log_config"]

_TOKEN_IN_QUERY: Final = re.compile(r"(?i)([?&][^=&#\s]*token[^=&#\s]*=)[^&#\s\"]*")


def hide_tokens(text: str) -> str:
    """*text* with the value of every query parameter whose name holds ``token`` hidden.

    >>> hide_tokens("GET /api/games/x/view?token=s3cr3t&after=2")
    'GET /api/games/x/view?token=[hidden]&after=2'
    """
    return _TOKEN_IN_QUERY.sub(r"\1[hidden]", text)


class HideTokens(logging.Filter):
    """A logging filter that hides tokens in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(a) if isinstance(a, str) else a for a in record.args)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's logging configuration, with :class:`HideTokens` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
    return config
