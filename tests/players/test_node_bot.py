"""The example bot in JavaScript, run by Node (issue 29): it speaks the bot protocol and plays
in the arena against tigeuph's players and against the same bot in Python. Node is not part
of Python: tests/conftest.py leaves this file out where /usr/bin/node is missing, and CI
installs Node and requires it (TIGEUPH_NODE=required)."""

from __future__ import annotations

import sys
from typing import Final

import pytest
from helpers.paths import EXAMPLES
from helpers.programs import NODE

from tigeuph.agents.conformance import check_bot
from tigeuph.cli import main

BOTS: Final = EXAMPLES / "bots"
NODE_BOT: Final = f"{NODE[0]} {BOTS / 'bot.js'}"
PYTHON_BOT: Final = f"{sys.executable} {BOTS / 'bot.py'}"


def test_the_node_bot_conforms() -> None:
    """engine-check passes the Node bot: handshake, whole games of both games at both
    seats, a forfeit it plays on after, little time, and quit."""
    checks = check_bot(NODE_BOT)
    assert [c.name for c in checks] == ["handshake"] + ["game"] * 4 + [
        "refusal",
        "timeout",
        "quit",
    ]
    assert all(c.passed for c in checks), "\n".join(map(str, checks))
    assert "example-bot-js 1.0" in checks[0].detail


@pytest.mark.slow
@pytest.mark.parametrize("game", ["tigris", "babel"])
def test_both_example_bots_play_in_the_arena(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    """tigeuph arena seats the Node bot and the Python bot against each other and against
    greedy, game after game."""
    agents = f"external:{NODE_BOT},external:{PYTHON_BOT},greedy"
    assert main(["arena", "--game", game, "--agents", agents, "--games", "4", "-q"]) == 0
    out = capsys.readouterr().out
    for name in (f"external:{NODE_BOT}", f"external:{PYTHON_BOT}", "greedy"):
        assert name in out
    assert "4 games, 2 players" in out
