"""Babel on the server: the same API as the main game's, through the one game interface."""

from __future__ import annotations

import io
import json
import logging
import random
import sqlite3
import sys
from pathlib import Path

import httpx
import pytest
from helpers.live_server import (
    bearer,
    create_game,
    play_to_end,
    wait_while_agent_moves,
)

import tigeuph
from tigeuph.cli import main
from tigeuph.core.stops import Stop
from tigeuph.server import GameStopped, ServerLimits, Store

BABEL = tigeuph.GAMES["babel"]


def _create(client: httpx.Client, **body: object) -> tuple[str, dict[str, str]]:
    """A Babel game of two, made with *body*."""
    return create_game(client, game="babel", players=2, **body)


@pytest.mark.slow
def test_a_babel_game_is_played_to_its_end_and_its_record_replays(
    live_client: httpx.Client,
) -> None:
    """Both seats play through the API; the public record replays to what each was shown, its
    history gives every action, and the outcome is the game's."""
    game, tokens = _create(live_client, seed=11)
    summary = live_client.get(f"/api/games/{game}").json()
    assert (summary["game"], summary["title"], summary["rules"]) == ("babel", "Babel", {})
    assert "board" not in summary  # Babel's picture has no cells to click
    finals = play_to_end(live_client, game, tokens, random.Random(5))
    record = live_client.get(f"/api/games/{game}/record").json()["record"]
    replayed = BABEL.records.record_from_text(record)
    assert replayed.seed == 11 and replayed.state.is_over
    for seat, answer in finals.items():
        assert answer["view"] == json.loads(BABEL.view_to_json(BABEL.view(replayed.state, seat)))
        assert answer["moves"] == []
    history = live_client.get(f"/api/games/{game}/history").json()["history"]
    assert [entry["action"] for entry in history] == [str(a) for a in replayed.actions]
    outcome = live_client.get(f"/api/games/{game}/outcome").json()
    assert outcome["winners"] == list(BABEL.winners(replayed.state))
    assert outcome["scores"] == list(BABEL.scores(replayed.state))
    assert outcome["result"] == BABEL.presentation.result_text(replayed.state)
    assert outcome["score_text"] == [
        BABEL.presentation.score_text(replayed.state, n) for n in range(2)
    ]


def test_a_seat_sees_its_own_hand_and_not_the_others(live_client: httpx.Client) -> None:
    """The view answered to a seat is the game's view for that seat: its own hand, and of the
    other side everything but the hand; its moves are the legal actions, in order."""
    game, tokens = _create(live_client, seed=3)
    state = BABEL.new_game(2, seed=3)
    sides = json.loads(BABEL.state_to_json(state))["sides"]
    for seat in (0, 1):
        answer = live_client.get(
            f"/api/games/{game}/view", headers=bearer(tokens[str(seat)])
        ).json()
        assert answer["view"] == json.loads(BABEL.view_to_json(BABEL.view(state, seat)))
        assert answer["view"]["hand"] == sides[seat]["hand"]
        assert "hand" not in json.dumps(answer["view"]["sides"])
    moves = live_client.get(f"/api/games/{game}/view", headers=bearer(tokens["0"])).json()["moves"]
    assert [move["action"] for move in moves] == [str(a) for a in BABEL.legal_actions(state)]


@pytest.mark.slow
def test_agents_play_babel_seats(live_client: httpx.Client) -> None:
    """A seat given to an agent is played by the server's pool, for Babel as for the main
    game."""
    game, tokens = _create(live_client, seats=["random", "human"], seed=8)
    assert list(tokens) == ["1"]
    play_to_end(live_client, game, tokens, random.Random(1))
    record = live_client.get(f"/api/games/{game}/record").json()["record"]
    replayed = BABEL.records.record_from_text(record)
    movers = {state.to_move for state in replayed.states[:-1]}
    assert movers == {0, 1}


@pytest.mark.slow
def test_the_finished_record_verifies_against_the_commitment(
    live_client: httpx.Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The commitment shown at the start is the one the finished Babel record proves."""
    game, tokens = _create(live_client, seats=["human", "greedy"])
    commitment = live_client.get(f"/api/games/{game}").json()["deal_commitment"]
    play_to_end(live_client, game, tokens, random.Random(2))
    path = tmp_path / "babel.txt"
    path.write_text(live_client.get(f"/api/games/{game}/record").json()["record"])
    capsys.readouterr()
    assert main(["verify", str(path), "--commitment", commitment]) == 0
    assert "game:        Babel" in capsys.readouterr().out


@pytest.mark.slow
def test_the_servers_record_answer_verifies_piped_as_it_comes(
    live_client: httpx.Client, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/cli.rst's pipe, ``curl -s .../record | tigeuph verify - --commitment HEX``: verify
    reads the server's answer ({"version": N, "record": "..."}) as it is; replay takes it too."""
    game, tokens = _create(live_client, seats=["human", "greedy"])
    commitment = live_client.get(f"/api/games/{game}").json()["deal_commitment"]
    play_to_end(live_client, game, tokens, random.Random(3))
    answer = live_client.get(f"/api/games/{game}/record").text
    assert set(json.loads(answer)) == {"version", "record"}
    capsys.readouterr()
    for argv in (["verify", "-", "--commitment", commitment], ["replay", "-", "--move", "0"]):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(answer.encode())))
        assert main(argv) == 0, capsys.readouterr()
    assert "matches:     the commitment you gave (--commitment)" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"version": 3, "record": 7}'))
    assert main(["verify", "-"]) == 2
    assert "holds no record text" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess", "players": 2}, 422, "game must be one of"),
        ({"game": "babel", "players": 3}, 422, "Babel takes 2 to 2 players"),
        ({"game": "babel", "players": 2, "rules": {"wonder": True}}, 422, "no variants"),
        ({"game": 7, "players": 2}, 422, "game must be one of"),
    ],
)
def test_bad_babel_games_are_refused(
    live_client: httpx.Client, body: dict[str, object], status: int, words: str
) -> None:
    response = live_client.post("/api/games", json=body)
    assert response.status_code == status and words in response.json()["message"]


def test_bad_babel_actions_are_refused(live_client: httpx.Client) -> None:
    """A main game's action, an illegal Babel action, an action id, and the other seat's turn
    are refused with the API's errors; nothing is played."""
    game, tokens = _create(live_client, seed=4)

    def post(token: str, action: object) -> httpx.Response:
        body = {"action": action, "version": 0}
        return live_client.post(f"/api/games/{game}/actions", headers=bearer(token), json=body)

    assert post(tokens["0"], "rE5").json()["error"] == "malformed"
    illegal = post(tokens["0"], "#0")
    assert illegal.status_code == 422 and illegal.json()["error"] == "illegal-action"
    assert post(tokens["0"], 3).json()["error"] == "malformed"
    assert (
        post(tokens["1"], str(BABEL.legal_actions(BABEL.new_game(2, seed=4))[0])).json()["error"]
        == "illegal-action"
    )
    assert live_client.get(f"/api/games/{game}").json()["version"] == 0


def test_a_babel_move_out_of_turn_cites_babels_own_clause(live_client: httpx.Client) -> None:
    """Seat 1 moving, asking to explain or for a hint while seat 0 is to move is refused
    citing Babel's clause of whose turn it is (spec B5), not the main game's R5."""
    game, tokens = _create(live_client, seed=4)
    legal = str(BABEL.legal_actions(BABEL.new_game(2, seed=4))[0])
    headers = bearer(tokens["1"])
    moved = live_client.post(
        f"/api/games/{game}/actions", headers=headers, json={"action": legal, "version": 0}
    )
    explained = live_client.get(
        f"/api/games/{game}/explain", headers=headers, params={"action": legal}
    )
    hinted = live_client.get(f"/api/games/{game}/hint", headers=headers)
    for refused in (moved, explained, hinted):
        assert refused.status_code == 422, refused.text
        assert refused.json()["clause"] == "B5"
        assert "not seat 1's turn [B5]" in refused.json()["message"]
    assert live_client.get(f"/api/games/{game}").json()["version"] == 0


def test_the_board_is_the_games_picture(live_client: httpx.Client) -> None:
    game, tokens = _create(live_client, seed=6)
    picture = live_client.get(f"/api/games/{game}/board.svg", headers=bearer(tokens["1"]))
    assert picture.headers["content-type"].startswith("image/svg+xml")
    expected = BABEL.presentation.picture(BABEL.view(BABEL.new_game(2, seed=6), 1))
    assert picture.text == expected


def test_an_old_database_is_migrated(tmp_path: Path) -> None:
    """A database made before games were named opens with its games as the main game's, the
    other seats' exchanges still hidden in their history, and plays on."""
    db = str(tmp_path / "old.sqlite")
    store = Store(db)
    game_id, _ = store.create(tigeuph.Rules(players=2), ["human", "human"], 1)
    row = store.row(game_id)
    exchange = next(a for a in tigeuph.legal_actions(store.state(row)) if str(a).startswith("~"))
    store.play(row, exchange)
    del store
    with sqlite3.connect(db) as conn:  # as the server stored it before the game column
        history = json.loads(conn.execute("SELECT history FROM games").fetchone()[0])
        for entry in history:
            del entry["hidden"]
        conn.execute("UPDATE games SET history = ?", (json.dumps(history),))
        conn.execute("ALTER TABLE games DROP COLUMN game")
    store = Store(db)
    row = store.row(game_id)
    assert row.game == "tigris"
    assert store.history(row, 1)[0]["action"] is None
    assert store.history(row, 0)[0]["action"] == str(exchange)
    row = store.play(row, tigeuph.legal_actions(store.state(row))[0])
    assert row.version == 2


def test_a_babel_game_at_the_action_cap_is_stopped(tmp_path: Path) -> None:
    """The bound on actions stops a Babel game as it stops the main game's: no more actions,
    and the record, public, replays to the stored state."""
    store = Store(str(tmp_path / "cap.sqlite"), ServerLimits(actions=5))
    game_id, _ = store.create(None, ["human", "human"], 3, game="babel")
    row, rng = store.row(game_id), random.Random(0)
    while not row.done:
        row = store.play(row, rng.choice(BABEL.legal_actions(store.state(row))))
    assert row.stopped is Stop.ACTION_LIMIT and row.version == 5 and row.to_move is None
    assert BABEL.records.record_from_text(row.record).state == store.state(row)
    with pytest.raises(GameStopped):
        store.play(row, BABEL.legal_actions(store.state(row))[0])


def test_a_searching_agent_thinks_babel_moves(
    live_client: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    """Babel's search plays its seat in the worker pool (cut by its iterations: it takes no
    seconds), its moves its own, not the random ones of an agent that failed."""
    with caplog.at_level(logging.WARNING, logger="tigeuph.server.agents"):
        game, _ = _create(live_client, seats=["mcts:iterations=30", "human"], seed=9)
        status = wait_while_agent_moves(live_client, game)
    assert status["version"] >= 1
    assert not [r for r in caplog.records if "random one" in r.getMessage()]
