"""``tigeuph explain``, ``replay`` and ``play`` for every game of the registry: the file or the
``--game`` option says which game, and nothing else changes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tigeuph import GAMES
from tigeuph.cli import main
from tigeuph.games import Record

BABEL = GAMES["babel"]


def babel_record(actions: int, seed: int = 4) -> Record:
    record: Record = BABEL.records.new_record(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        record.play(rng.choice(BABEL.legal_actions(record.state)))
    return record


def test_explain_reads_a_babel_position_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Babel position in its notation: a refused action exits 1 citing its clause, a legal
    one exits 0 saying what it does."""
    position = tmp_path / "babel.txt"
    position.write_text(BABEL.to_text(BABEL.new_game(2, seed=2)), encoding="utf-8")
    assert main(["explain", str(position), "end"]) == 1
    assert capsys.readouterr().out.startswith("Illegal (B8, the starting card")
    assert main(["explain", str(position), ">h"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Legal (B12, travel).") and "pawn goes from the quarry" in out


def test_explain_reads_a_babel_position_in_json_and_refuses_a_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Babel state's JSON document is read by Babel's reader; a view's is no full position."""
    state = BABEL.new_game(2, seed=2)
    position, seen = tmp_path / "state.json", tmp_path / "view.json"
    position.write_text(BABEL.state_to_json(state), encoding="utf-8")
    seen.write_text(BABEL.view_to_json(BABEL.view(state, 0)), encoding="utf-8")
    assert main(["explain", str(position), ">H"]) == 0
    assert capsys.readouterr().out.startswith("Legal (B12, travel).")
    assert main(["explain", str(seen), ">H"]) == 2
    assert "not a player's view" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["text", "json"])
def test_explain_reads_a_babel_record_at_a_move(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Babel record, text or JSON: --move picks the position the action is asked of."""
    record = babel_record(12)
    path = tmp_path / f"game.{kind}"
    path.write_text(record.to_record() if kind == "text" else record.to_json(), encoding="utf-8")
    action = record.actions[5]
    assert main(["explain", str(path), str(action), "--move", "5"]) == 0
    assert capsys.readouterr().out.startswith("Legal")
    assert main(["explain", str(path), "end", "--move", "0"]) == 1
    assert main(["explain", str(path), "end", "--move", "99"]) == 2


def test_replay_prints_every_position_of_a_babel_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """replay --all shows a Babel record's positions from --move to the end, and --player
    as that seat saw them."""
    record = babel_record(9)
    path = tmp_path / "game.txt"
    path.write_text(record.to_record(), encoding="utf-8")
    assert main(["replay", str(path), "--all", "--move", "6", "--player", "0"]) == 0
    out = capsys.readouterr().out
    moves = [line.split(":")[0] for line in out.splitlines() if line.startswith("move ")]
    assert moves == ["move 6", "move 7", "move 8", "move 9"]
    assert "your hand (seat 0)" in out and "your hand (seat 1)" not in out
    assert main(["replay", str(path), "--player", "2"]) == 2


def test_play_watches_babel_and_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tigeuph play --game babel with two agents: the game is played to its end and its
    record saved."""
    path = tmp_path / "game.txt"
    argv = ["play", "--game", "babel", "--seats", "greedy,random", "--seed", "5", "--delay", "0"]
    assert main([*argv, "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rank 1: seat" in out and f"record saved to {path}" in out
    record = BABEL.records.record_from_text(path.read_text(encoding="utf-8"))
    assert record.state.is_over
