"""A server on the open internet: bounded agent work, creation, storage and streams, deals
anyone can verify, and tokens that stay out of URLs and logs, through HTTP."""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from attrs import evolve
from helpers import passers
from helpers.live_server import TESTING, bearer, live_server, play_to_end, wait_while_agent_moves

import tigeuph
from tigeuph.core.stops import Stop
from tigeuph.server import GameStopped, ServerLimits, Store
from tigeuph.server.admission import Creations
from tigeuph.server.agents import budgeted
from tigeuph.server.errors import RateLimited
from tigeuph.server.store import RECORD_ROOM


def _create(http: httpx.Client, **body: object) -> httpx.Response:
    return http.post("/api/games", json={"players": 2, **body})


@pytest.mark.slow
def test_a_game_of_agents_alone_needs_the_operators_leave(tmp_path: Path) -> None:
    limits = evolve(TESTING, agent_games=False)
    with live_server(tmp_path / "g.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        refused = _create(http, seats=["random", "random"])
        assert refused.status_code == 422 and refused.json()["error"] == "limit"
        assert _create(http, seats=["human", "random"]).status_code == 201
    with live_server(tmp_path / "g.sqlite", evolve(limits, agent_games=True)) as url:
        assert _create(httpx.Client(base_url=url), seats=["random", "random"]).status_code == 201


@pytest.mark.slow
def test_clients_choose_no_seed_unless_the_operator_allows_it(tmp_path: Path) -> None:
    with live_server(tmp_path / "s.sqlite", ServerLimits()) as url, httpx.Client(base_url=url) as h:
        refused = _create(h, seed=7)
        assert refused.status_code == 403 and refused.json()["error"] == "seed-not-allowed"
        made = _create(h)
        assert made.status_code == 201
    with live_server(tmp_path / "s.sqlite") as url, httpx.Client(base_url=url) as http:
        assert _create(http, seed=7).status_code == 201
        for seed in (2**63, -1, "7", 1.5):
            answer = _create(http, seed=seed)
            assert answer.status_code == 422 and answer.json()["error"] == "malformed", seed
        assert _create(http, seed=2**63 - 1).status_code == 201


@pytest.mark.slow
def test_every_deal_is_committed_to_and_the_record_proves_it(tmp_path: Path) -> None:
    """The creation's answer and the summary show the commitment from the start; the finished
    record's Seed and DealSalt give it back, and the record replays from that seed's deal."""
    limits = ServerLimits(creations=100)  # the server draws the seed
    with live_server(tmp_path / "d.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        made = _create(http, seats=["human", "greedy"]).json()
        game, tokens = made["id"], made["tokens"]
        promised = http.get(f"/api/games/{game}").json()["deal_commitment"]
        assert len(promised) == 64 and int(promised, 16) >= 0
        assert made["deal_commitment"] == promised  # told to its maker at once
        assert http.get(f"/api/games/{game}/record").status_code == 409  # not before the end
        play_to_end(http, game, tokens, random.Random(3))
        record = http.get(f"/api/games/{game}/record").json()["record"]
    played = tigeuph.Game.from_record(record)
    assert tigeuph.verify_deal(played, promised) == promised
    assert played.tags["DealCommitment"] == promised
    with pytest.raises(tigeuph.DealError):
        tigeuph.verify_deal(played, "0" * 64)
    cheat = record.replace(played.tags["DealSalt"], "0" * 32)
    with pytest.raises(tigeuph.DealError):
        tigeuph.verify_deal(tigeuph.Game.from_record(cheat), promised)


def test_creation_is_limited_per_address_with_retry_after(tmp_path: Path) -> None:
    limits = evolve(TESTING, creations=3)
    with live_server(tmp_path / "c.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        answers = [_create(http) for _ in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[-1].json()["error"] == "rate-limited"
    assert 1 <= int(answers[-1].headers["retry-after"]) <= 20  # one creation in 60 / 3 s


def test_a_bucket_refills_with_time_and_each_address_has_its_own() -> None:
    now = [0.0]
    buckets = Creations(2, clock=lambda: now[0])
    buckets.take("a")
    buckets.take("a")
    with pytest.raises(RateLimited) as refused:
        buckets.take("a")
    assert refused.value.retry_after == 30
    buckets.take("b")  # another address
    now[0] = 30.0
    buckets.take("a")


def test_live_games_are_capped(tmp_path: Path) -> None:
    limits = evolve(TESTING, live_games=2)
    with live_server(tmp_path / "l.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        answers = [_create(http) for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 503]
        assert answers[-1].json()["error"] == "busy" and "retry-after" in answers[-1].headers


def test_abandoned_and_old_games_expire_and_the_table_stays_bounded(tmp_path: Path) -> None:
    limits = evolve(TESTING, abandon_after=100.0, keep_finished=1000.0, stored_games=2)
    store = Store(str(tmp_path / "e.sqlite"), limits)
    rules = tigeuph.Rules(players=2)
    live, _ = store.create(rules, ["human", "human"], 1)
    finished = []
    for seed in range(2, 6):  # four games stopped by passing: finished, their record public
        game, _ = store.create(rules, ["human", "human"], seed)
        row = store.row(game)
        while not row.done:
            row = store.play(row, tigeuph.parse_action("pass"))
        finished.append(game)
    now = time.time()
    assert store.expire(now) == 2  # the two oldest finished games beyond stored_games
    assert set(store.games()) == {live, *finished[2:]}
    assert store.expire(now + 101) == 1  # the live game, abandoned
    assert store.expire(now + 1001) == 2  # the finished ones, past their keeping
    assert list(store.games()) == []


@pytest.mark.slow
def test_an_agent_that_overruns_its_budget_is_cut_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that does not answer in time is replaced, and a random legal move is played
    in its place, so the person is never left waiting."""
    monkeypatch.setattr("tigeuph.server.agents.think", passers.never)
    monkeypatch.setattr("tigeuph.server.agents._MARGIN", 0.5)
    limits = evolve(TESTING, agent_seconds=0.2)
    with live_server(tmp_path / "o.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        made = _create(http, seats=["random", "human"], seed=3).json()
        status = wait_while_agent_moves(http, made["id"])
        assert status["version"] == 2  # two random moves, each after 0.9 s


@pytest.mark.slow
@pytest.mark.parametrize("think", [passers.fails, passers.illegal])
def test_an_agent_that_fails_or_plays_illegally_is_replaced_by_a_random_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, think: object
) -> None:
    monkeypatch.setattr("tigeuph.server.agents.think", think)
    with live_server(tmp_path / "f.sqlite") as url, httpx.Client(base_url=url) as http:
        made = _create(http, seats=["random", "human"], seed=3).json()
        status = wait_while_agent_moves(http, made["id"], within=30)
        assert status["version"] == 2


def test_a_search_is_cut_to_the_servers_budget() -> None:
    assert budgeted("mcts", 2.0) == "mcts:seconds=2.0"
    assert budgeted("mcts:iterations=100,seconds=9", 2.0) == "mcts:iterations=100,seconds=2.0"
    assert budgeted("mcts:seconds=0.5", 2.0) == "mcts:seconds=0.5"
    assert budgeted("greedy", 2.0) == "greedy"


@pytest.mark.slow
def test_streams_are_capped_per_game_and_in_all(tmp_path: Path) -> None:
    limits = evolve(TESTING, streams=3, streams_per_game=2)
    with live_server(tmp_path / "t.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        first, second = (_create(http).json()["id"] for _ in range(2))
        with contextlib.ExitStack() as streams:
            opened = [
                streams.enter_context(http.stream("GET", f"/api/games/{game}/events"))
                for game in (first, first)
            ]
            assert [r.status_code for r in opened] == [200, 200]
            on_first = http.get(f"/api/games/{first}/wait", params={"after": 0, "timeout": 1})
            assert on_first.status_code == 503 and on_first.json()["error"] == "busy"
            streams.enter_context(http.stream("GET", f"/api/games/{second}/events"))
            in_all = http.get(f"/api/games/{second}/wait", params={"after": 0, "timeout": 1})
            assert in_all.status_code == 503 and "retry-after" in in_all.headers
        deadline = time.monotonic() + 10  # closed streams are counted out
        while True:
            again = http.get(f"/api/games/{first}/wait", params={"after": 0, "timeout": 1})
            if again.status_code == 200 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert again.status_code == 200


def test_a_stream_hears_of_an_action_at_once(tmp_path: Path) -> None:
    with live_server(tmp_path / "n.sqlite") as url, httpx.Client(base_url=url) as http:
        made = _create(http, seed=2).json()
        game, token = made["id"], made["tokens"]["0"]
        with http.stream("GET", f"/api/games/{game}/events", params={"after": 0}) as events:
            lines = events.iter_lines()
            assert next(lines) == "retry: 1000"
            view = http.get(f"/api/games/{game}/view", headers=bearer(token)).json()
            started = time.perf_counter()
            body = {"action": view["moves"][0]["action"], "version": 0}
            http.post(f"/api/games/{game}/actions", headers=bearer(token), json=body)
            data = next(line for line in lines if line.startswith("data:"))
            heard = time.perf_counter() - started
    assert json.loads(data[5:])["version"] == 1
    assert heard < 0.5  # no polling interval: told by the store


def test_a_token_is_taken_from_the_authorization_header_only(tmp_path: Path) -> None:
    with live_server(tmp_path / "k.sqlite") as url, httpx.Client(base_url=url) as http:
        made = _create(http).json()
        game, token = made["id"], made["tokens"]["0"]
        assert http.get(f"/api/games/{game}/view", headers=bearer(token)).status_code == 200
        in_url = http.get(f"/api/games/{game}/view", params={"token": token})
        assert in_url.status_code == 403 and in_url.json()["error"] == "forbidden"


@pytest.mark.slow
def test_no_token_is_written_to_the_servers_log(tmp_path: Path) -> None:
    """``python -m tigeuph serve`` with its access log: tokens sent as they should be (the
    header) and as they should not (a query parameter) appear nowhere in what the server
    writes. (Its agent moves too, thought out in a worker process the server spawned.)"""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [sys.executable, "-m", "tigeuph", "serve", "--db", str(tmp_path / "log.sqlite")]
    command += ["--port", str(port), "--client-seeds"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url + "/", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.1)
        with httpx.Client(base_url=url, timeout=30) as http:
            made = _create(http, seed=5, seats=["greedy", "human"]).json()
            game, tokens = made["id"], made["tokens"]
            wait_while_agent_moves(http, game)  # in a process the server spawned
            for token in tokens.values():
                http.get(f"/api/games/{game}/view", headers=bearer(token))
                http.get(f"/api/games/{game}/view", params={"token": token})
                http.get(f"/api/games/{game}/board.svg", headers=bearer(token))
    finally:
        server.terminate()
        written = server.communicate(timeout=20)[0].decode("utf-8", "replace")
    assert f"/api/games/{game}/view" in written  # the access log was on
    assert "random move" not in written  # the agent's worker thought its move itself
    for token in tokens.values():
        assert token not in written


@pytest.mark.slow
def test_a_stream_on_a_game_that_has_ended_ends_at_once(tmp_path: Path) -> None:
    """Asking for the events after a stopped game's last version ends the stream at once,
    instead of holding it open for five minutes of keep-alives."""
    with live_server(tmp_path / "x.sqlite") as url, httpx.Client(base_url=url) as http:
        made = _create(http, seed=4).json()
        game, tokens = made["id"], made["tokens"]
        version = 0
        while not http.get(f"/api/games/{game}").json()["over"]:  # both pass: it stalls
            seat = http.get(f"/api/games/{game}").json()["to_move"]
            body = {"action": "pass", "version": version}
            http.post(f"/api/games/{game}/actions", headers=bearer(tokens[str(seat)]), json=body)
            version += 1
        started = time.perf_counter()
        with http.stream("GET", f"/api/games/{game}/events", params={"after": version}) as s:
            lines = list(s.iter_lines())
        assert lines == ["retry: 1000", ""] and time.perf_counter() - started < 5


@pytest.mark.slow
def test_an_abandoned_game_expires_from_a_running_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The upkeep deletes a game nobody played for ``abandon_after`` seconds: it is gone
    through HTTP too (404), with no agent in the server at all."""
    monkeypatch.setattr("tigeuph.server.service.UPKEEP_EVERY", 0.1)
    monkeypatch.setattr("tigeuph.server.service._EXPIRE_EVERY", 1)
    limits = evolve(TESTING, abandon_after=1.0)
    with live_server(tmp_path / "a.sqlite", limits) as url, httpx.Client(base_url=url) as http:
        game = _create(http).json()["id"]
        assert http.get(f"/api/games/{game}").status_code == 200
        deadline = time.monotonic() + 20
        while http.get(f"/api/games/{game}").status_code == 200:
            assert time.monotonic() < deadline, "the game never expired"
            time.sleep(0.2)
        gone = http.get(f"/api/games/{game}")
        assert gone.status_code == 404 and gone.json()["error"] == "not-found"


def _record_bound(extra: int) -> int:
    """A record bound about *extra* characters above the least a game may be made under: a
    fresh record, its deal's tags (some 150 characters), and RECORD_ROOM."""
    fresh = tigeuph.GAMES["tigris"].records.new_record(2, seed=1, rules=None).to_record()
    return len(fresh) + 200 + RECORD_ROOM + extra


def test_a_game_whose_record_reaches_its_bound_is_stopped(tmp_path: Path) -> None:
    """A game whose record comes within RECORD_ROOM of ServerLimits.record is stopped, told as
    any stop (record-limit), its record within the bound and saying why; it takes no more
    actions. A bound too small for any game refuses the game (422 limit)."""
    limits = evolve(TESTING, record=_record_bound(300))
    store = Store(str(tmp_path / "r.sqlite"), limits)
    game, _ = store.create(tigeuph.Rules(players=2), ["human", "human"], 3)
    row, rng = store.row(game), random.Random(3)
    while not row.done:
        state = store.state(row)
        moves = [a for a in tigeuph.legal_actions(state) if str(a) != "pass"]
        row = store.play(row, rng.choice(moves or tigeuph.legal_actions(state)))
    assert row.stopped is Stop.RECORD_LIMIT and not row.over
    assert len(row.record) <= limits.record
    assert '[Termination "record-limit"]' in row.record
    assert tigeuph.Game.from_record(row.record).stopped is Stop.RECORD_LIMIT
    with pytest.raises(GameStopped):
        store.play(row, tigeuph.parse_action("pass"))
    with live_server(tmp_path / "tiny.sqlite", evolve(TESTING, record=300)) as url:
        refused = _create(httpx.Client(base_url=url))
        assert refused.status_code == 422 and refused.json()["error"] == "limit"


@pytest.mark.slow
def test_a_game_with_an_agent_stopped_at_its_records_bound_leaves_the_agents_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Through HTTP, a person and an agent play until the record's bound stops the game: it is
    over for every client (stopped: record-limit), its outcome names no winner, and the server
    logs no error (the agents' upkeep is not asked again and again to play it)."""
    limits = evolve(TESTING, record=_record_bound(600))
    with (
        caplog.at_level(logging.WARNING, logger="tigeuph"),
        live_server(tmp_path / "ra.sqlite", limits) as url,
        httpx.Client(base_url=url, timeout=60) as http,
    ):
        made = _create(http, seats=["human", "random"], seed=3).json()
        play_to_end(http, made["id"], made["tokens"], random.Random(3))
        summary = http.get(f"/api/games/{made['id']}").json()
        assert summary["over"] and summary["stopped"] == "record-limit"
        outcome = http.get(f"/api/games/{made['id']}/outcome").json()
        assert outcome["stopped"] == "record-limit" and outcome["winners"] == []
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
