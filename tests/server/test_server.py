"""The game server through HTTP: a real client against a real uvicorn server on 127.0.0.1."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import httpx
import pytest
from attrs import evolve
from helpers import passers
from helpers.live_server import (
    TESTING,
    bearer,
    create_game,
    live_server,
    pass_until_over,
    play_to_end,
    wait_while_agent_moves,
)

import tigeuph
from tigeuph.cli import main
from tigeuph.core.stops import STALL_ROUNDS, Stop
from tigeuph.server import StaleVersion, Store, describe
from tigeuph.server.agents import AgentPool, Turn
from tigeuph.server.rows import GameRow


def _replays(live_client: httpx.Client, game: str, finals: dict[int, dict[str, object]]) -> None:
    """The public record replays to the positions every seat was last shown."""
    record = live_client.get(f"/api/games/{game}/record").json()["record"]
    replayed = tigeuph.Game.from_record(record)
    assert replayed.state.is_over
    for seat, answer in finals.items():
        assert answer["version"] == len(replayed.actions)
        shown = json.loads(tigeuph.view_to_json(tigeuph.view(replayed.state, seat)))
        assert answer["view"] == shown


@pytest.mark.parametrize(
    ("players", "rules"),
    [(2, {}), (3, {"buildings": True, "wonder": True}), (4, {"open_scoring": True})],
)
@pytest.mark.slow
def test_whole_games_are_played_through_http(
    live_client: httpx.Client, players: int, rules: dict[str, bool]
) -> None:
    """Every seat plays through the API to the end; the record replays to the views shown."""
    game, tokens = create_game(live_client, players=players, rules=rules, seats=["human"] * players)
    assert sorted(tokens) == [str(s) for s in range(players)]
    finals = play_to_end(live_client, game, tokens, random.Random(players))
    _replays(live_client, game, finals)
    result = live_client.get(f"/api/games/{game}/outcome").json()
    assert result["winners"] and len(result["results"]) == players
    state = tigeuph.Game.from_record(live_client.get(f"/api/games/{game}/record").json()["record"])
    told = [tigeuph.GAMES["tigris"].presentation.score_text(state.state, n) for n in range(players)]
    assert result["score_text"] == told
    history = live_client.get(f"/api/games/{game}/history").json()
    assert len(history["history"]) == history["version"] == finals[0]["version"]


@pytest.mark.slow
def test_agents_play_their_seats_on_the_server(live_client: httpx.Client) -> None:
    """Seats given to agents get no token and are played by the server after each action."""
    game, tokens = create_game(live_client, players=3, seats=["random", "human", "greedy"], seed=4)
    assert list(tokens) == ["1"]
    finals = play_to_end(live_client, game, tokens, random.Random(0))
    _replays(live_client, game, finals)
    movers = {
        entry["player"] for entry in live_client.get(f"/api/games/{game}/history").json()["history"]
    }
    assert movers == {0, 1, 2}


def _idle(pool: AgentPool) -> None:
    deadline = time.monotonic() + 60
    while pool.waiting():
        assert time.monotonic() < deadline, "the agents never finished"
        time.sleep(0.02)


def test_an_agent_move_asked_for_while_one_is_played_is_not_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person plays, and asks for the agents, just after the pool stored the agent's move
    and before it looks again: the pool looks again, so the game never waits for an agent that
    nobody will play."""
    store = Store(str(tmp_path / "race.sqlite"), TESTING)
    pool = AgentPool(TESTING, store.agent_turn)
    game, tokens = store.create(tigeuph.Rules(players=2), ["human", "random"], 5)
    person = int(next(iter(tokens)))
    original_play = store.play
    raced: list[int] = []  # the version once the person had moved

    def person_plays(row: GameRow) -> GameRow:
        while not store.agent_to_move(row) and not row.done:
            row = original_play(row, store.view(row, person).legal[0])
        return row

    def play_then_race(row: GameRow, action: tigeuph.Action) -> GameRow:
        after = original_play(row, action)
        if not raced and after.to_move == person:
            moved = person_plays(after)
            assert pool.request(game)  # while the pool still holds the game
            raced.append(moved.version)
        return after

    person_plays(store.row(game))
    monkeypatch.setattr(store, "play", play_then_race)
    try:
        pool.request(game)
        _idle(pool)
    finally:
        pool.close()
    [version_then] = raced
    final = store.row(game)
    assert final.version > version_then and not store.agent_to_move(final)


@pytest.mark.slow
def test_a_game_left_waiting_for_an_agent_moves_on(
    live_client: httpx.Client, server_db: Path
) -> None:
    """A game whose agent nobody asked to move (it was stored behind the server's back, as
    after a restart, or its request met a full queue) is found by the upkeep and moves on."""
    game, _ = Store(str(server_db)).create(tigeuph.Rules(players=2), ["random", "human"], 8)
    status = wait_while_agent_moves(live_client, game)
    assert status["version"] >= 1 and status["to_move"] == 1


def _post(
    url: str,
    game: str,
    token: str,
    action: str,
    version: int,
    barrier: threading.Barrier,
    codes: list[int],
) -> None:
    """Post *action* once every racer is ready; note the status code."""
    with httpx.Client(base_url=url, timeout=60) as own:
        barrier.wait()
        body = {"action": action, "version": version}
        reply = own.post(f"/api/games/{game}/actions", headers=bearer(token), json=body)
        codes.append(reply.status_code)


@pytest.mark.slow
def test_a_race_on_one_seat_has_one_winner_and_the_record_replays(
    live_client: httpx.Client, server_db: Path
) -> None:
    """Simultaneous actions based on one version: exactly one 200, the others 409."""
    game, tokens = create_game(live_client, players=2, seats=["human", "human"], seed=11)
    url = str(live_client.base_url)
    for _ in range(12):
        status = live_client.get(f"/api/games/{game}/wait").json()
        token = tokens[str(status["to_move"])]
        answer = live_client.get(f"/api/games/{game}/view", headers=bearer(token)).json()
        moves = answer["moves"]
        actions = [moves[i % len(moves)]["action"] for i in range(8)]  # repeats race too
        barrier = threading.Barrier(len(actions))
        codes: list[int] = []
        threads = [
            threading.Thread(
                target=_post, args=(url, game, token, action, answer["version"], barrier, codes)
            )
            for action in actions
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(codes) == [200] + [409] * (len(actions) - 1)
    store = Store(str(server_db))
    row = store.row(game)
    assert row.version == 12
    replayed = tigeuph.Game.from_record(row.record)
    assert len(replayed.actions) == 12 and replayed.state == store.state(row)


def test_a_seat_needs_its_token(live_client: httpx.Client) -> None:
    """A view or an action without the seat's token is refused with 403 and a JSON message."""
    game, tokens = create_game(live_client, players=2, seats=["human", "human"])
    for headers in ({}, bearer("not-a-token"), {"Authorization": "Basic x"}):
        response = live_client.get(f"/api/games/{game}/view", headers=headers)
        assert response.status_code == 403 and response.json()["error"] == "forbidden"
    body = {"action": "pass", "version": 0}
    assert live_client.post(f"/api/games/{game}/actions", json=body).status_code == 403
    seat_one = live_client.get(f"/api/games/{game}/view", headers=bearer(tokens["1"])).json()
    assert seat_one["seat"] == 1 and seat_one["moves"] == []


def test_unknown_games_are_404(live_client: httpx.Client) -> None:
    """Every path of a game that does not exist answers 404 with a JSON message."""
    for path in ("", "/view", "/history", "/record", "/outcome", "/events", "/wait"):
        response = live_client.get(f"/api/games/no-such-game{path}")
        assert response.status_code == 404 and response.json()["error"] == "not-found"


@pytest.mark.slow
def test_malformed_requests_are_422_with_a_message_and_clause(live_client: httpx.Client) -> None:
    """Bad JSON, bad fields, bad notation and illegal actions answer 422; stale versions 409."""
    bad_games = [
        {"players": 5},
        {"players": 2, "seats": ["human"]},
        {"players": 2, "seats": ["human", "os:system"]},
        {"players": 2, "seats": ["human", "mcts:iterations=999999"]},
        {"players": 2, "rules": {"bogus": True}},
        [],
    ]
    for body in bad_games:
        response = live_client.post("/api/games", json=body)
        assert response.status_code == 422, body
        assert response.json()["message"]
    as_json = {"Content-Type": "application/json"}
    assert live_client.post("/api/games", content=b"{not json", headers=as_json).status_code == 422
    game, tokens = create_game(live_client, players=2, seats=["human", "human"], seed=7)
    url, me = f"/api/games/{game}/actions", bearer(tokens["0"])
    for body in ({"action": "zz9", "version": 0}, {"action": "pass"}, {"version": 0}, "pass"):
        assert live_client.post(url, headers=me, json=body).status_code == 422, body
    illegal = live_client.post(url, headers=me, json={"action": "rE1", "version": 0})
    answer = illegal.json()
    assert illegal.status_code == 422 and answer["error"] == "illegal-action"
    assert answer["clause"] and answer["clause"] in answer["message"]
    theirs = live_client.post(
        url, headers=bearer(tokens["1"]), json={"action": "pass", "version": 0}
    )
    assert theirs.status_code == 422 and theirs.json()["clause"] == "R5"
    first = live_client.get(f"/api/games/{game}/view", headers=me).json()["moves"][0]
    by_id = live_client.post(url, headers=me, json={"action": first["id"], "version": 0})
    assert by_id.status_code == 200 and by_id.json()["version"] == 1
    stale = live_client.post(url, headers=me, json={"action": "pass", "version": 0})
    assert stale.status_code == 409 and stale.json()["version"] == 1
    assert live_client.get(f"/api/games/{game}/record").status_code == 409
    huge = live_client.post(url, headers={**me, **as_json}, content=b" " * 100_000)
    assert huge.status_code == 413


@pytest.mark.slow
def test_the_action_cap_stops_a_game(tmp_path: Path) -> None:
    """A game at the server's action cap is stopped (action-limit) and takes no more actions
    (409 stopped); its record says so."""
    with (
        live_server(tmp_path / "cap.sqlite", evolve(TESTING, actions=3)) as url,
        httpx.Client(base_url=url) as http,
    ):
        game, tokens = create_game(http, players=2, seats=["human", "human"], seed=2)
        codes, token = [], tokens["0"]
        for _ in range(4):
            answer = http.get(f"/api/games/{game}/view", headers=bearer(token)).json()
            if answer["to_move"] is not None:
                token = tokens[str(answer["to_move"])]
                answer = http.get(f"/api/games/{game}/view", headers=bearer(token)).json()
            action = answer["moves"][-1]["action"] if answer["moves"] else "pass"
            body = {"action": action, "version": answer["version"]}
            reply = http.post(f"/api/games/{game}/actions", headers=bearer(token), json=body)
            codes.append(reply.status_code)
        assert codes == [200, 200, 200, 409] and reply.json()["error"] == "stopped"
        assert http.get(f"/api/games/{game}").json()["stopped"] == "action-limit"
        record = http.get(f"/api/games/{game}/record").json()["record"]
        assert tigeuph.Game.from_record(record).stopped is Stop.ACTION_LIMIT


def _is_reported_stalled(http: httpx.Client, game: str, version: int) -> None:
    """Every path reports the game stalled: over, stopped, nobody to move, its record kept."""
    stalled = {"version": version, "to_move": None, "over": True, "stopped": "stalled"}
    summary = http.get(f"/api/games/{game}").json()
    assert {key: summary[key] for key in stalled} == stalled
    assert http.get(f"/api/games/{game}/wait", params={"after": version}).json() == stalled
    with http.stream("GET", f"/api/games/{game}/events", params={"after": 0}) as events:
        data = [line for line in events.iter_lines() if line.startswith("data:")]
    assert [json.loads(line[5:]) for line in data] == [stalled]  # then the stream ends
    outcome = http.get(f"/api/games/{game}/outcome").json()
    assert outcome["stopped"] == "stalled" and outcome["end"] is None and outcome["winners"] == []
    record = http.get(f"/api/games/{game}/record").json()["record"]
    assert '[Termination "stalled"]' in record and '[Result "*"]' in record
    replayed = tigeuph.Game.from_record(record)
    assert replayed.stopped is Stop.STALLED and len(replayed.actions) == version


@pytest.mark.slow
def test_people_who_pass_stall_a_game_and_it_stays_stopped(tmp_path: Path) -> None:
    """Two people passing for three whole rounds stall the game (spec D8): it is stopped,
    reported so, takes no more actions (409 stopped), and is still stopped after a restart."""
    db = tmp_path / "stall.sqlite"
    with live_server(db) as url, httpx.Client(base_url=url, timeout=60) as http:
        game, tokens = create_game(http, players=2, seats=["human", "human"], seed=1)
        assert pass_until_over(http, game, tokens) == [200] * (2 * STALL_ROUNDS)
        view = http.get(f"/api/games/{game}/view", headers=bearer(tokens["0"])).json()
        assert view["stopped"] == "stalled" and view["over"] and view["moves"] == []
        _is_reported_stalled(http, game, 2 * STALL_ROUNDS)
    with live_server(db) as url, httpx.Client(base_url=url, timeout=60) as http:  # restarted
        _is_reported_stalled(http, game, 2 * STALL_ROUNDS)
        body = {"action": "pass", "version": 2 * STALL_ROUNDS}
        refused = http.post(f"/api/games/{game}/actions", headers=bearer(tokens["0"]), json=body)
        assert refused.status_code == 409 and refused.json()["error"] == "stopped"


@pytest.mark.slow
@pytest.mark.parametrize("seats", [["random", "random", "random"], ["human", "greedy"]])
def test_agents_who_pass_stall_a_game_and_are_asked_no_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seats: list[str]
) -> None:
    """Agents that always pass, alone or with a person, stall the game: the server stops it
    and asks its agents for nothing more (spec D8)."""
    asked: list[int] = []
    original = Store.agent_turn

    def counted(store: Store, game_id: str) -> Turn | None:
        turn = original(store, game_id)
        if turn is not None:
            asked.append(turn.task.seat)
        return turn

    monkeypatch.setattr(Store, "agent_turn", counted)
    monkeypatch.setattr("tigeuph.server.agents.think", passers.think)
    limits = evolve(TESTING, agent_games=True)
    # A read timeout well above the 10 s long poll pass_until_over waits on (httpx's own is
    # 5 s): on a loaded machine the agents' moves may keep that poll waiting its full time.
    with (
        live_server(tmp_path / "agents.sqlite", limits) as url,
        httpx.Client(base_url=url, timeout=60) as http,
    ):
        game, tokens = create_game(http, players=len(seats), seats=seats, seed=4)
        pass_until_over(http, game, tokens)
        version = STALL_ROUNDS * len(seats)
        _is_reported_stalled(http, game, version)
        assert len(asked) == version - len(tokens) * STALL_ROUNDS
        http.get(f"/api/games/{game}/wait", params={"after": version, "timeout": 1})
        assert len(asked) == version - len(tokens) * STALL_ROUNDS


def test_a_database_from_before_stopped_games_is_migrated(tmp_path: Path) -> None:
    """A games table without the stopped column gets it when a store opens it."""
    db = str(tmp_path / "old.sqlite")
    game, _ = Store(db).create(tigeuph.Rules(players=2), ["human", "human"], 1)
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN stopped")
    store = Store(db)
    row = store.row(game)
    for _ in range(2 * STALL_ROUNDS):
        row = store.play(row, tigeuph.parse_action("pass"))
    assert store.row(game).stopped is Stop.STALLED


def test_events_and_long_polling_announce_new_versions(live_client: httpx.Client) -> None:
    """A waiting client learns of each action from /events (SSE) and from /wait."""
    game, tokens = create_game(live_client, players=2, seats=["human", "human"], seed=3)
    with live_client.stream("GET", f"/api/games/{game}/events", params={"after": 0}) as events:
        move = live_client.get(f"/api/games/{game}/view", headers=bearer(tokens["0"])).json()[
            "moves"
        ][0]
        body = {"action": move["action"], "version": 0}
        live_client.post(f"/api/games/{game}/actions", headers=bearer(tokens["0"]), json=body)
        data = next(line for line in events.iter_lines() if line.startswith("data:"))
    assert json.loads(data[5:]) == {
        "version": 1,
        "to_move": json.loads(data[5:])["to_move"],
        "over": False,
        "stopped": None,
    }
    waited = live_client.get(f"/api/games/{game}/wait", params={"after": 0, "timeout": 5}).json()
    assert waited["version"] == 1


def test_the_page_and_the_board_picture_are_served(live_client: httpx.Client) -> None:
    """/ serves the browser board; board.svg draws the seat's view with cells named."""
    page = live_client.get("/")
    assert page.status_code == 200 and "/static/board.js" in page.text
    assert "EventSource" in live_client.get("/static/board.js").text
    game, tokens = create_game(live_client, players=2, seats=["human", "greedy"], seed=1)
    picture = live_client.get(f"/api/games/{game}/board.svg", headers=bearer(tokens["0"]))
    assert picture.headers["content-type"].startswith("image/svg+xml")
    assert picture.text.startswith("<svg") and 'data-cell="' in picture.text


def test_the_board_has_a_favicon_so_no_page_load_logs_a_404(live_client: httpx.Client) -> None:
    """The page names its icon, /static/favicon.svg; /favicon.ico, which a browser asks for
    when a page names none, answers the same SVG: 200, image/svg+xml."""
    page = live_client.get("/").text
    link = re.search(r'<link rel="icon" href="([^"]+)" type="([^"]+)">', page)
    assert link is not None and link.groups() == ("/static/favicon.svg", "image/svg+xml")
    named, asked = live_client.get("/static/favicon.svg"), live_client.get("/favicon.ico")
    for icon in (named, asked):
        assert icon.status_code == 200
        assert icon.headers["content-type"].startswith("image/svg+xml")
        root = ET.fromstring(icon.text)
        assert root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox")
    assert named.text == asked.text


def test_moves_describe_each_legal_action() -> None:
    """Each description names the action's id, notation, cell and the piece to click."""
    state = tigeuph.new_game(2, seed=1)
    for action in tigeuph.legal_actions(state):
        found = describe(action)
        assert tigeuph.id_to_action(found["id"]) == action
        assert found["action"] == str(action) and found["label"]
        assert (found["cell"] is None) == (found["kind"] in ("pass", "exchange", "withdraw"))


def test_serve_is_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``tigeuph serve --help`` documents the database, the port and the loopback default."""
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--db" in out and "--port" in out and "127.0.0.1" in out


def test_the_history_hides_other_players_exchanges(live_client: httpx.Client) -> None:
    """An exchange shows its colours only to its player; others and the public see its size."""
    game, tokens = create_game(live_client, players=2, seats=["human", "human"], seed=5)
    me = bearer(tokens["0"])
    answer = live_client.get(f"/api/games/{game}/view", headers=me).json()
    exchange = next(m for m in answer["moves"] if m["kind"] == "exchange")
    body = {"action": exchange["action"], "version": 0}
    assert live_client.post(f"/api/games/{game}/actions", headers=me, json=body).status_code == 200
    url = f"/api/games/{game}/history"
    mine = live_client.get(url, headers=me).json()["history"][0]
    theirs = live_client.get(url, headers=bearer(tokens["1"])).json()["history"][0]
    public = live_client.get(url).json()["history"][0]
    size = len(exchange["action"]) - 1
    assert mine["action"] == exchange["action"] and mine["exchanged"] == size
    assert mine["label"] == exchange["label"]
    told = [event["text"] for event in mine["events"]]
    assert theirs == public == {**mine, "action": None, "label": None, "told": told}


def test_an_action_that_lost_a_race_leaves_the_stall_count_alone(tmp_path: Path) -> None:
    """The stall watch (spec D8) follows the action that was stored, not the one that lost
    the race for the same version: the game stalls three whole rounds after the tile's turn."""
    store = Store(str(tmp_path / "race.sqlite"))
    game, _ = store.create(tigeuph.Rules(players=2), ["human", "human"], 1)
    passing = tigeuph.parse_action("pass")
    raced = store.play(store.row(game), passing)
    row = store.play(raced, tigeuph.parse_action("rH6"))  # seed 1 deals seat 1 a red tile
    with pytest.raises(StaleVersion):
        store.play(raced, passing)
    while row.stopped is None:
        row = store.play(row, passing)
    # the tile is half of seat 1's turn: its pass (version 3) begins the first idle turn
    assert row.stopped is Stop.STALLED and row.version == 3 + 2 * STALL_ROUNDS
