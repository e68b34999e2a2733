"""The server tells what each action did: its history entries carry the action's public events
and each seat's own sentences; ``explain`` and ``hint`` advise the seat to move, within limits."""

from __future__ import annotations

import json
import random
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from helpers.live_server import TESTING, bearer
from starlette.exceptions import StarletteDeprecationWarning

import tigeuph
from tigeuph.core.events import names_for
from tigeuph.server import Store, create_app
from tigeuph.server.agents import think

with warnings.catch_warnings():  # it would rather have httpx2, but works on httpx
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

GAME_SEEDS = [("tigris", 3, 11), ("tigris", 2, 5), ("babel", 2, 7)]


def _play(store: Store, game_id: str, actions: int, rng: random.Random) -> None:
    """Up to *actions* random legal actions of whoever is to move."""
    for _ in range(actions):
        row = store.row(game_id)
        state = store.state(row)
        if state.is_over:
            return
        store.play(row, rng.choice(list(store.game(row).legal_actions(state))))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed"), GAME_SEEDS)
def test_each_entry_carries_its_actions_public_events_and_each_seats_sentences(
    tmp_path: Path, name: str, players: int, seed: int
) -> None:
    """Entry i's events are the public form of what the record says action i did; every seat
    (and the public) gets the same events, no hidden colour in them, and sentences that tell
    a seat its own hidden colours but nobody else's."""
    store = Store(str(tmp_path / "g.sqlite"), TESTING)
    game_id, _ = store.create(None, ["human"] * players, seed, game=name)
    _play(store, game_id, 150, random.Random(seed))
    row = store.row(game_id)
    game = store.game(row)
    record = game.records.record_from_text(row.record)
    assert len(record.events) == row.version
    for seat in [None, *range(players)]:
        entries = store.history(row, seat)
        assert len(entries) == row.version
        for entry, events in zip(entries, record.events, strict=True):
            assert entry["events"] == [game.event_to_json(event.public()) for event in events]
            names = names_for(players, seat)
            assert entry["told"] == [event.seen_by(seat).text(names) for event in events]
            for event, told in zip(entry["events"], events, strict=True):
                for secret in told.public_fields():
                    assert event[secret] is None  # a draw's or exchange's colours, a hand
    if name == "tigris":  # its draws' colours are hidden: told to their player alone
        drawn = [
            (event["player"], said)
            for entry in store.history(row, 0)
            for event, said in zip(entry["events"], entry["told"], strict=True)
            if event["kind"] == "tiles-drawn" and event["count"]
        ]
        assert any(player == 0 and "(" in said for player, said in drawn)
        assert all("(" not in said for player, said in drawn if player != 0)


@pytest.mark.parametrize(("name", "players", "seed"), GAME_SEEDS)
def test_an_agents_view_is_built_in_memory_and_plays_on_a_database_from_before_events(
    tmp_path: Path, name: str, players: int, seed: int
) -> None:
    """An agent's task holds the seat's view with its public history, the same view the
    game's record gives that seat (built in memory from the store's replay, not read back
    from the stored entries); a database written before events were kept still plays."""
    path = tmp_path / "g.sqlite"
    limits = evolve(TESTING, agent_games=True)
    store = Store(str(path), limits)
    game_id, _ = store.create(None, ["greedy"] * players, seed, game=name)
    _play(store, game_id, 40, random.Random(seed))
    row = store.row(game_id)
    game = store.game(row)
    turn = store.agent_turn(game_id)
    assert turn is not None and row.to_move is not None and turn.task.seat == row.to_move
    record = game.records.record_from_text(row.record)
    assert turn.task.view == record.view(row.to_move)
    entries = json.loads(row.history_json)
    older = [{k: v for k, v in e.items() if k not in ("events", "said")} for e in entries]
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE games SET history = ? WHERE id = ?", (json.dumps(older), game_id))
    restarted = Store(str(path), limits)
    row = restarted.row(game_id)
    assert all("events" not in e and "told" not in e for e in restarted.history(row, 0))
    turn = restarted.agent_turn(game_id)
    assert turn is not None
    assert game.parse_action(think(turn.task)) in game.legal_actions(restarted.state(row))
    _play(restarted, game_id, 3, random.Random(1))  # and the game goes on
    assert "events" in restarted.history(restarted.row(game_id), None)[-1]


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "a.sqlite"), limits=TESTING)) as client:
        yield client


def _make(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    made = client.post("/api/games", json={"players": 2, "seats": ["human"] * 2, **body})
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["tokens"]


def test_explain_answers_the_seat_to_move_as_the_library_explains(api: TestClient) -> None:
    game, tokens = _make(api, seed=208)
    state = tigeuph.new_game(2, seed=208)
    url = f"/api/games/{game}/explain"
    for notation in ("rJ5", "rA1", "pass"):  # legal, refused (a river), legal
        answer = api.get(url, params={"action": notation}, headers=bearer(tokens["0"]))
        action = tigeuph.parse_action(notation)
        assert answer.status_code == 200
        assert answer.json() == {
            "version": 0,
            "action": notation,
            "legal": tigeuph.refusal(state, action) is None,
            "text": str(tigeuph.explain(state, action)),
        }


@pytest.mark.parametrize(
    ("params", "seat", "status", "kind"),
    [
        ({"action": "Z99"}, "0", 422, "malformed"),
        ({}, "0", 422, "malformed"),
        ({"action": "r" * 65}, "0", 422, "malformed"),
        ({"action": ["pass", "pass"]}, "0", 422, "malformed"),
        ({"action": "pass"}, "1", 422, "illegal-action"),  # not seat 1's turn
        ({"action": "pass"}, None, 403, "forbidden"),
    ],
)
def test_explain_refuses_bad_requests(
    api: TestClient, params: dict[str, Any], seat: str | None, status: int, kind: str
) -> None:
    game, tokens = _make(api, seed=3)
    headers = bearer(tokens[seat]) if seat is not None else {}
    answer = api.get(f"/api/games/{game}/explain", params=params, headers=headers)
    assert (answer.status_code, answer.json()["error"]) == (status, kind)


@pytest.mark.parametrize("name", ["tigris", "babel"])
def test_a_hint_is_a_greedy_players_legal_move_its_gains_and_explanation(
    api: TestClient, name: str
) -> None:
    game, tokens = _make(api, game=name, seed=4)
    answer = api.get(f"/api/games/{game}/hint", headers=bearer(tokens["0"]))
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    played = tigeuph.GAMES[name]
    state = played.new_game(2, seed=4)
    action = played.parse_action(hint["action"])
    assert action in played.legal_actions(state)
    gained = played.presentation.gains(state, action)
    assert gained  # the first move of either game gains something a player can check
    assert hint == {
        "version": 0,
        "agent": "greedy",
        "action": str(action),
        "label": played.client.label(action),
        "legal": True,
        "text": f"It {gained}. {played.presentation.explain(state, action)}",
    }
    refused = api.get(f"/api/games/{game}/hint", headers=bearer(tokens["1"]))
    assert (refused.status_code, refused.json()["error"]) == (422, "illegal-action")


def test_advice_is_limited_per_address_and_one_hint_at_a_time(tmp_path: Path) -> None:
    limits = evolve(TESTING, advice=3)
    app = create_app(str(tmp_path / "l.sqlite"), limits=limits)
    with TestClient(app) as client:
        game, tokens = _make(client, seed=3)
        me = bearer(tokens["0"])
        service = app.state.service
        assert service.hinting.acquire(blocking=False)  # a hint being worked out
        busy = client.get(f"/api/games/{game}/hint", headers=me)
        service.hinting.release()
        assert (busy.status_code, busy.json()["error"]) == (503, "busy")
        assert busy.headers["retry-after"] == "1"
        asked = [
            client.get(f"/api/games/{game}/explain", params={"action": "pass"}, headers=me),
            client.get(f"/api/games/{game}/hint", headers=me),
            client.get(f"/api/games/{game}/explain", params={"action": "pass"}, headers=me),
        ]
    assert [answer.status_code for answer in asked] == [200, 200, 429]
    assert asked[-1].json()["error"] == "rate-limited"
    assert "3 explanations and hints a minute" in asked[-1].json()["message"]
    assert 1 <= int(asked[-1].headers["retry-after"]) <= 20
