"""The example client (examples/server.py) plays a whole game against the real server."""

from __future__ import annotations

import runpy

import pytest
from helpers.paths import EXAMPLES

pytestmark = pytest.mark.slow  # the quick loop (pytest -m "not slow") leaves this module out

CLIENT = EXAMPLES / "server.py"


def test_the_example_client_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Seat 0 plays through HTTP against an agent to the end; the record comes out at the end."""
    main = runpy.run_path(str(CLIENT), run_name="example")["main"]
    assert main(["--players", "2", "--seed", "3", "--agent", "random"]) == 0
    out = capsys.readouterr().out
    assert "the game is over" in out and '[Seed "3"]' in out and "player 1: rank" in out
    assert "the record's deal is the one the server committed to" in out
