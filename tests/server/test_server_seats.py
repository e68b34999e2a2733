"""A game's seats on a server (issue 37): the bots its operator lists are taken however long
their command, and shown to the public as ``external:N``, never by their command line; a seat
the server does not play is refused with the choices this server offers, and no others."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from helpers.live_server import TESTING
from starlette.exceptions import StarletteDeprecationWarning

from tigeuph.server import create_app

with warnings.catch_warnings():  # it would rather have httpx2, but works on httpx
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

LONG_COMMAND = f"{sys.executable} /srv/bots/keeper.py --level 9 --token=s3cret " + "-v " * 40
"""An operator's bot whose command line is over 100 characters (and tells a secret)."""
OTHER_COMMAND = f"{sys.executable} /srv/bots/other.py"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    limits = evolve(TESTING, external_agents=[OTHER_COMMAND, LONG_COMMAND])
    return TestClient(create_app(str(tmp_path / "seats.sqlite"), limits=limits))


def _create(client: TestClient, *seats: str) -> Any:
    return client.post("/api/games", json={"players": 2, "seats": list(seats)})


def test_a_bot_the_operator_lists_is_a_seat_however_long_its_command(client: TestClient) -> None:
    """A listed command of over 100 characters is taken as a seat, by its command or by its
    place in the list; the game's summary shows it as external:2, not its command line."""
    assert len(LONG_COMMAND) > 100
    for named in (f"external:{LONG_COMMAND}", "external:2"):
        made = _create(client, "human", named)  # the person moves first: no bot is started
        assert made.status_code == 201, made.text
        summary = client.get(f"/api/games/{made.json()['id']}")
        assert summary.json()["seats"] == ["human", "external:2"]
        assert "s3cret" not in summary.text and "/srv/bots" not in summary.text


def test_an_unlisted_bot_is_refused_naming_the_listed_ones_by_number(client: TestClient) -> None:
    """A bot the operator did not list is refused (422 limit); the refusal names the bots the
    server plays as external:1 and external:2, never their command lines."""
    for named in ("external:node evil.js", "external:3", "external:0"):
        refused = _create(client, "human", named)
        assert refused.status_code == 422 and refused.json()["error"] == "limit", named
        message = refused.json()["message"]
        assert "it plays external:1 or external:2" in message
        assert "/srv/bots" not in message and "s3cret" not in message


@pytest.mark.parametrize(
    ("external", "offered"),
    [
        ((), "choose human, random, greedy or mcts"),
        ((OTHER_COMMAND,), "choose human, random, greedy, mcts or external:1"),
    ],
)
def test_a_seat_the_server_does_not_play_is_told_only_what_it_plays(
    tmp_path: Path, external: tuple[str, ...], offered: str
) -> None:
    """alphazero, a module's factory or a long name is refused (422 limit) with the seats this
    server offers: no module:factory (a server imports nothing a client names), and an
    external bot only where its operator lists one."""
    limits = evolve(TESTING, external_agents=external)
    client = TestClient(create_app(str(tmp_path / "offered.sqlite"), limits=limits))
    for seat in ("alphazero", "mypkg.bots:make", "x" * 101):
        refused = _create(client, "human", seat)
        assert refused.status_code == 422 and refused.json()["error"] == "limit", seat
        message = refused.json()["message"]
        assert message.endswith(offered), message
        assert "module:factory" not in message and "COMMAND" not in message
