"""Nim on the server (issue 38): a game registered before the server starts is created, played
by a person and an agent seat, and read back through the HTTP API like the library's own."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from helpers.live_server import bearer, live_server, play_to_end

from tigeuph.games import AnyGame


@pytest.fixture(scope="module")
def client(nim: AnyGame, tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    db: Path = tmp_path_factory.mktemp("nim-server") / "games.sqlite"
    with live_server(db) as url, httpx.Client(base_url=url, timeout=60) as http:
        yield http


@pytest.mark.slow
def test_a_game_of_nim_is_played_to_its_end_with_an_agent_seat(
    nim: AnyGame, client: httpx.Client
) -> None:
    body = {"game": "nim", "players": 3, "seats": ["human", "greedy", "random"], "seed": 6}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    game, tokens = created["id"], created["tokens"]
    assert list(tokens) == ["0"]
    summary = client.get(f"/api/games/{game}").json()
    assert (summary["game"], summary["title"], summary["rules"]) == ("nim", "Nim", {})
    view = client.get(f"/api/games/{game}/view", headers=bearer(tokens["0"])).json()
    state = nim.new_game(3, seed=6)
    assert view["view"] == json.loads(nim.view_to_json(nim.view(state, 0)))
    assert [move["action"] for move in view["moves"]] == list(map(str, nim.legal_actions(state)))

    finals = play_to_end(client, game, tokens, random.Random(2))
    record = nim.records.record_from_text(client.get(f"/api/games/{game}/record").json()["record"])
    assert record.seed == 6 and record.state.is_over
    assert finals[0]["view"] == json.loads(nim.view_to_json(nim.view(record.state, 0)))
    history = client.get(f"/api/games/{game}/history").json()["history"]
    assert [entry["action"] for entry in history] == list(map(str, record.actions))
    outcome = client.get(f"/api/games/{game}/outcome").json()
    assert outcome["winners"] == list(nim.winners(record.state))
    assert outcome["scores"] == list(nim.scores(record.state))
    assert outcome["result"] == nim.presentation.result_text(record.state)


def test_rules_for_nim_are_refused_as_the_default_variants_say(client: httpx.Client) -> None:
    body = {"game": "nim", "players": 2, "rules": {"wonder": True}}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["message"] == "rules: Nim has no variants: expected {}"


def test_the_board_is_the_default_picture(nim: AnyGame, client: httpx.Client) -> None:
    created = client.post("/api/games", json={"game": "nim", "players": 2, "seed": 1}).json()
    seat = bearer(created["tokens"]["1"])
    picture = client.get(f"/api/games/{created['id']}/board.svg", headers=seat)
    assert picture.status_code == 200, picture.text
    assert "heaps:" in picture.text and picture.text.startswith("<svg")
