"""The server's tests share one live server per module: a real uvicorn server on its own
database, and an HTTP client to it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from helpers.live_server import live_server


@pytest.fixture(scope="module")
def server_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database of the module's live server, fresh for each module."""
    return tmp_path_factory.mktemp("server") / "games.sqlite"


@pytest.fixture(scope="module")
def live_client(server_db: Path) -> Iterator[httpx.Client]:
    """A client of a live server on :func:`server_db`, with a read timeout well above the
    server's longest long poll (a loaded machine is slow)."""
    with live_server(server_db) as url, httpx.Client(base_url=url, timeout=60) as http:
        yield http
