"""Strangers cannot lock out the server (issue 37): what clients share is shared per client, an
address or an IPv6 /64 (X-Forwarded-For only from a proxy the operator trusts), so one client
filling its share of live games, streams or agent moves stops nobody else; bodies are JSON
only, and no other site's page may change state; games nobody plays in go in minutes.

The attacks come through HTTP from other loopback addresses (Linux routes all of 127.0.0.0/8
to the loopback), or through Starlette's test client with a client address of its own."""

from __future__ import annotations

import contextlib
import sqlite3
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from attrs import evolve
from helpers import passers
from helpers.live_server import TESTING, bearer, live_server
from starlette.exceptions import StarletteDeprecationWarning

import tigeuph
from tigeuph.server import ServerLimits, Store, create_app
from tigeuph.server.fairness import FairQueue

with warnings.catch_warnings():  # it would rather have httpx2, but works on httpx
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

PERSON = "127.0.0.1"
ATTACKERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4")


@contextlib.contextmanager
def _from(url: str, address: str) -> Iterator[httpx.Client]:
    """A client of the server at *url* whose requests come from *address*."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=url, timeout=60, transport=transport) as http:
        yield http


def _create(
    http: Any, seats: list[str] | None = None, headers: dict[str, str] | None = None
) -> Any:
    body = {"players": 2, "seats": seats or ["human", "human"]}
    return http.post("/api/games", json=body, headers=headers or {})


def _refused(response: Any, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    assert response.json()["error"] == kind, response.text
    message: str = response.json()["message"]
    return message


# --- live games ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_client_that_fills_its_live_games_stops_nobody_else(tmp_path: Path) -> None:
    """An address at its share of live games is answered 429 with Retry-After; another address
    still creates its game; the bound over all clients stays, a last resort (503)."""
    limits = evolve(TESTING, live_games_per_client=3, live_games=5)
    with live_server(tmp_path / "g.sqlite", limits) as url:
        with _from(url, ATTACKERS[0]) as attacker:
            made = [_create(attacker) for _ in range(4)]
            assert [answer.status_code for answer in made] == [201, 201, 201, 429]
            assert "3 unfinished games" in _refused(made[-1], 429, "rate-limited")
            assert int(made[-1].headers["retry-after"]) > 0
        with _from(url, PERSON) as person:
            assert _create(person).status_code == 201
        with _from(url, ATTACKERS[1]) as second:
            assert _create(second).status_code == 201  # the fifth live game
            _refused(_create(second), 503, "busy")  # all clients' bound, a last resort


def test_a_game_nobody_plays_in_goes_in_minutes_and_an_agents_move_keeps_nothing(
    tmp_path: Path,
) -> None:
    """A game in which no person has played is deleted ``unplayed_after`` seconds after its
    creation, an agent's move notwithstanding; one a person has played in is kept a day; a
    game of agents alone, which nobody is to play, too."""
    limits = evolve(TESTING, unplayed_after=600.0, abandon_after=86_400.0, agent_games=True)
    store = Store(str(tmp_path / "u.sqlite"), limits)
    rules = tigeuph.Rules(players=2)
    store.create(rules, ["human", "human"], 1)  # nobody plays in it
    played, _ = store.create(rules, ["human", "human"], 2)
    store.play(store.row(played), tigeuph.parse_action("pass"))
    agent_moved, _ = store.create(rules, ["random", "human"], 3)
    turn = store.agent_turn(agent_moved)
    assert turn is not None
    turn.play(None)  # the agent's move (a random one)
    agents, _ = store.create(rules, ["random", "random"], 4)
    now = time.time()
    assert store.expire(now + 599) == 0
    assert store.expire(now + 601) == 2
    assert set(store.games()) == {played, agents}
    assert store.expire(now + 86_401) == 2  # both abandoned after a day without an action


def test_a_database_from_before_clients_keeps_its_games(tmp_path: Path) -> None:
    """A games table without the client and acted columns gets them when a store opens it,
    and its games count as played: none goes as unplayed."""
    db = str(tmp_path / "old.sqlite")
    game, _ = Store(db).create(tigeuph.Rules(players=2), ["human", "human"], 1)
    with sqlite3.connect(db) as conn:
        conn.execute("DROP INDEX games_client")
        conn.execute("ALTER TABLE games DROP COLUMN client")
        conn.execute("ALTER TABLE games DROP COLUMN acted")
    store = Store(db, evolve(TESTING, unplayed_after=60.0))
    assert store.expire(time.time() + 3_600) == 0
    assert store.row(game).client == ""


# --- streams ------------------------------------------------------------------------------------


def test_a_client_that_holds_its_streams_stops_nobody_elses(tmp_path: Path) -> None:
    """An address holding its share of streams is refused another stream or long poll (429
    with Retry-After); another address opens its own stream and long polls as before."""
    limits = evolve(TESTING, streams_per_client=2)
    with (
        live_server(tmp_path / "s.sqlite", limits) as url,
        _from(url, ATTACKERS[0]) as attacker,
        _from(url, PERSON) as person,
    ):
        theirs = _create(attacker).json()["id"]
        mine = _create(person).json()["id"]
        with contextlib.ExitStack() as held:
            opened = [
                held.enter_context(attacker.stream("GET", f"/api/games/{theirs}/events"))
                for _ in range(2)
            ]
            assert [stream.status_code for stream in opened] == [200, 200]
            third = attacker.get(f"/api/games/{theirs}/events")
            assert "2 streams" in _refused(third, 429, "rate-limited")
            assert third.headers["retry-after"] == "5"
            poll = attacker.get(f"/api/games/{mine}/wait", params={"after": 0, "timeout": 1})
            _refused(poll, 429, "rate-limited")
            with person.stream("GET", f"/api/games/{mine}/events") as stream:
                assert stream.status_code == 200
                assert next(stream.iter_lines()) == "retry: 1000"
                waited = person.get(f"/api/games/{mine}/wait", params={"timeout": 0})
                assert waited.status_code == 200 and waited.json()["version"] == 0


# --- the agents ---------------------------------------------------------------------------------


def _version(http: httpx.Client, game: str) -> int:
    version: int = http.get(f"/api/games/{game}").json()["version"]
    return version


@pytest.mark.slow
def test_an_agent_move_of_a_person_is_not_held_up_by_other_clients_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three clients keep the one worker busy with six games of slow searching agents (a
    second a move); a person's game, made once they are under way, gets its agent's move
    after at most the moves already under way, not after every queued game's (first come,
    first served, it would wait for all six). Each client may queue two games with agents:
    its third is refused (429), while the person's is made."""
    monkeypatch.setattr("tigeuph.server.agents.think", passers.slow_search)
    limits = evolve(TESTING, agent_games=True, agent_queue_per_client=2, agent_seconds=2.0)
    with live_server(tmp_path / "a.sqlite", limits) as url, contextlib.ExitStack() as clients:
        attackers = [clients.enter_context(_from(url, address)) for address in ATTACKERS]
        searching = []
        for attacker in attackers:
            for _ in range(2):
                made = _create(attacker, ["mcts", "mcts"])
                assert made.status_code == 201, made.text
                searching.append((attacker, made.json()["id"]))
        deadline = time.monotonic() + 60
        while min(_version(http, game) for http, game in searching[::2]) < 1:
            assert time.monotonic() < deadline, "the searching games never moved"
            time.sleep(0.2)  # every client has had the worker once: each has used it
        for attacker in attackers:  # its two games are queued (agents are always to move)
            _refused(_create(attacker, ["mcts", "human"]), 429, "rate-limited")
        person = clients.enter_context(_from(url, PERSON))
        before = sum(_version(http, game) for http, game in searching)
        made = _create(person, ["random", "human"])
        assert made.status_code == 201, made.text
        game = made.json()["id"]
        status = person.get(f"/api/games/{game}/wait", params={"after": 0, "timeout": 30})
        assert status.json()["version"] >= 1
        after = sum(_version(http, game) for http, game in searching)
    assert after - before <= 2  # the move under way, and at most one more


def test_the_queue_serves_the_move_that_leaves_its_client_least_used() -> None:
    """The next move is the one after which its client would have used the workers least
    lately: a newcomer's quick move goes before a search of a client that came earlier and
    has not been served, a client that used the workers waits for one that has not; among
    equals the one served longest ago goes first, and a client's games take turns; a
    client's share and the queue's bound are kept."""
    now = [0.0]
    queue = FairQueue(total=5, per_client=2, clock=lambda: now[0])
    assert queue.request("a1", "a", 2.0) and queue.request("a2", "a", 2.0)
    assert not queue.request("a3", "a", 2.0)  # a's share
    assert queue.request("b1", "b", 2.0)

    def move(seconds: float, again: bool = True) -> str:
        game = queue.take()
        assert game is not None
        now[0] += seconds
        queue.done(game, again)
        return game

    assert move(2) == "a1"  # first come, while nobody has used anything
    assert move(2) == "b1"  # b has used nothing yet
    assert queue.request("c1", "c", 2.0)  # a search, not served yet
    assert queue.request("p1", "p", 0.1) and queue.request("p1", "p", 0.1)  # held once
    assert move(0.1, again=False) == "p1"  # the newcomer's quick move, before c's search
    assert move(2) == "c1"  # then c, who has used nothing
    assert move(2) == "a2"  # a's other game: its games take turns; a was served before b
    assert queue.held() == 4 and queue.request("d1", "d", 2.0)
    assert queue.held() == 5 and not queue.has_room("e")  # the bound over all clients
    assert move(0, again=False) == "d1"
    assert queue.held() == 4 and queue.has_room("e")


# --- bodies and origins -------------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(
        str(tmp_path / "games.sqlite"), limits=evolve(TESTING, live_games_per_client=2)
    )


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None]
)
def test_a_body_that_is_not_json_is_refused_415(app: Any, content_type: str | None) -> None:
    """The types a page of any site may send without asking first (and no type at all) are
    refused with 415, to create a game as to play an action; application/json is taken."""
    client = TestClient(app)
    headers = {} if content_type is None else {"Content-Type": content_type}
    body = b'{"players": 2}'
    message = _refused(
        client.post("/api/games", content=body, headers=headers), 415, ("unsupported-media-type")
    )
    assert "application/json" in message
    made = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    game, token = made.json()["id"], made.json()["tokens"]["0"]
    action = b'{"action": "pass", "version": 0}'
    url = f"/api/games/{game}/actions"
    answer = client.post(url, content=action, headers={**bearer(token), **headers})
    _refused(answer, 415, "unsupported-media-type")
    typed = {**bearer(token), "Content-Type": "application/json; charset=utf-8"}
    assert client.post(url, content=action, headers=typed).status_code == 200


def test_a_page_of_another_site_may_not_change_state(app: Any) -> None:
    """A request with another site's Origin is refused (403) to create or to act; the server's
    own pages, and programs (no Origin), go through."""
    client = TestClient(app, base_url="http://games.example:8000")
    evil = {"Origin": "https://evil.example"}
    _refused(_create(client, headers=evil), 403, "origin-not-allowed")
    _refused(_create(client, headers={"Origin": "null"}), 403, "origin-not-allowed")
    _refused(_create(client, headers={"Origin": "http://games.example"}), 403, "origin-not-allowed")
    made = _create(client, headers={"Origin": "http://games.example:8000"})
    assert made.status_code == 201
    game, token = made.json()["id"], made.json()["tokens"]["0"]
    url = f"/api/games/{game}/actions"
    body = {"action": "pass", "version": 0}
    _refused(
        client.post(url, json=body, headers={**bearer(token), **evil}), 403, ("origin-not-allowed")
    )
    assert client.post(url, json=body, headers=bearer(token)).status_code == 200


def test_an_origin_the_operator_lists_may_use_the_api(tmp_path: Path) -> None:
    """--allow-origin: that origin's pages may create games (CORS grants their preflight);
    another site's still may not."""
    friend = "https://friend.example"
    limits = evolve(TESTING, allow_origins=[friend])
    client = TestClient(create_app(str(tmp_path / "o.sqlite"), limits=limits))
    asked = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    }
    preflight = client.options("/api/games", headers={"Origin": friend, **asked})
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == friend
    made = _create(client, headers={"Origin": friend})
    assert made.status_code == 201 and made.headers["access-control-allow-origin"] == friend
    refused = client.options("/api/games", headers={"Origin": "https://evil.example", **asked})
    assert "access-control-allow-origin" not in refused.headers
    _refused(_create(client, headers={"Origin": "https://evil.example"}), 403, "origin-not-allowed")
    with pytest.raises(tigeuph.TigeuphError):
        ServerLimits(allow_origins=["https://friend.example/path"])


# --- who the client is --------------------------------------------------------------------------


def test_every_address_of_an_ipv6_64_is_one_client(app: Any) -> None:
    """Two addresses of one /64 share one share; an address of another /64 has its own; an
    IPv4-mapped address is its IPv4 address."""
    first = TestClient(app, client=("2001:db8:0:1::1", 40000))
    same_64 = TestClient(app, client=("2001:db8:0:1:ffff:ffff:ffff:ffff", 40000))
    other_64 = TestClient(app, client=("2001:db8:0:2::1", 40000))
    assert _create(first).status_code == 201
    assert _create(same_64).status_code == 201
    _refused(_create(first), 429, "rate-limited")
    _refused(_create(same_64), 429, "rate-limited")
    assert _create(other_64).status_code == 201
    v4 = TestClient(app, client=("192.0.2.7", 40000))
    mapped = TestClient(app, client=("::ffff:192.0.2.7", 40000))
    assert _create(v4).status_code == 201 and _create(mapped).status_code == 201
    _refused(_create(v4), 429, "rate-limited")


def test_x_forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy(tmp_path: Path) -> None:
    """Without --trust-proxy, a client naming others in X-Forwarded-For is still itself. From a
    trusted proxy, the client is the header's last address that is no trusted proxy's, and
    what a client writes on its left changes nothing."""
    limits = evolve(TESTING, live_games_per_client=1)
    plain = create_app(str(tmp_path / "p.sqlite"), limits=limits)
    spoofer = TestClient(plain, client=("198.51.100.9", 40000))
    assert _create(spoofer, headers={"X-Forwarded-For": "203.0.113.1"}).status_code == 201
    _refused(_create(spoofer, headers={"X-Forwarded-For": "203.0.113.2"}), 429, "rate-limited")

    trusting = evolve(limits, trusted_proxies=["10.0.0.0/8"])
    proxied = create_app(str(tmp_path / "t.sqlite"), limits=trusting)
    proxy = TestClient(proxied, client=("10.0.0.2", 40000))
    forged = {"X-Forwarded-For": "1.1.1.1, 203.0.113.7, 10.0.0.9"}
    assert _create(proxy, headers=forged).status_code == 201
    forged_again = {"X-Forwarded-For": "9.9.9.9, 203.0.113.7"}  # another forgery, one client
    _refused(_create(proxy, headers=forged_again), 429, "rate-limited")
    assert _create(proxy, headers={"X-Forwarded-For": "203.0.113.8"}).status_code == 201
    untrusted = TestClient(proxied, client=("198.51.100.9", 40000))  # not a proxy: ignored
    assert _create(untrusted, headers={"X-Forwarded-For": "203.0.113.9"}).status_code == 201
    _refused(_create(untrusted, headers={"X-Forwarded-For": "203.0.113.10"}), 429, "rate-limited")


def test_tigeuph_serve_leaves_x_forwarded_for_to_the_application(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """uvicorn would trust X-Forwarded-For from 127.0.0.1 by itself: serve turns that off, so
    that only the operator's --trust-proxy counts."""
    import uvicorn

    from tigeuph.server import serve

    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.update(options))
    serve(str(tmp_path / "x.sqlite"))
    assert ran["proxy_headers"] is False
