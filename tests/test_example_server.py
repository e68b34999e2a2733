"""The example server (examples/server.py) runs a whole game end to end, so it cannot rot."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parent.parent / "examples" / "server.py"


def test_the_example_server_serves_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Every request loads JSON, serves a view, stores JSON; the record replays the game."""
    main = runpy.run_path(str(SERVER), run_name="example")["main"]
    assert main(["--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "actions served to 2 players" in out and "the game is over" in out
    assert '[Seed "3"]' in out and "player 1: rank" in out


def test_the_example_server_serves_a_game_with_every_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With every variant on, views and states of buildings and the wonder go through JSON."""
    main = runpy.run_path(str(SERVER), run_name="example")["main"]
    variants = "english_reinforcement,buildings,wonder,open_scoring"
    assert main(["--players", "3", "--seed", "4", "--variants", variants]) == 0
    out = capsys.readouterr().out
    assert "english-reinforcement buildings wonder open-scoring" in out
    assert "actions served to 3 players" in out


def test_the_example_server_answers_hostile_requests_with_an_error() -> None:
    """Oversized, malformed or lookalike requests are answered with an error, and the stored
    game is unchanged (issue 11: only the error family comes out of the library)."""
    server_class = runpy.run_path(str(SERVER), run_name="example")["Server"]
    server = server_class({})
    server.create("g", 2, 5)
    before = dict(server.store)
    player = server.to_move("g")
    for request in (
        "x" * 5_000,
        "[" * 100,
        '{"format": "tigeuph-action", "version": 1, "action": "pass", "action": "pass"}',
        '{"format": "tigeuph-action", "version": 1, "action": "pass\\u00a0"}',
        '{"format": "tigeuph-action", "version": 1, "action": "+' + "9" * 400 + '"}',
    ):
        assert "error" in server.act("g", player, request)
    assert server.store == before
