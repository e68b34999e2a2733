"""The server's security headers, through HTTP against a real uvicorn server: every route's
answer (the page, its files, the API's JSON, the SVG, errors and the event stream) carries
them, the API's answers are not cached, and the event stream still streams."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import httpx
import pytest
from helpers.live_server import bearer

SECURITY = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


@pytest.fixture(scope="module")
def game(live_client: httpx.Client) -> tuple[str, dict[str, str]]:
    answer = live_client.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], answer.json()["tokens"]


def _policy(response: httpx.Response) -> dict[str, str]:
    """The Content-Security-Policy's directives, by name."""
    directives = (part.strip() for part in response.headers["content-security-policy"].split(";"))
    return dict(d.split(" ", 1) for d in directives if d)


def _assert_secured(response: httpx.Response) -> None:
    for name, value in SECURITY.items():
        assert response.headers.get(name) == value, (response.request.url, name)
    policy = _policy(response)
    assert policy["default-src"] == "'self'"
    assert policy["object-src"] == policy["base-uri"] == "'none'"
    assert policy["frame-ancestors"] == "'none'" and policy["form-action"] == "'self'"
    assert "unsafe" not in response.headers["content-security-policy"]


# (method, path with {game}, body, with seat 0's token, expected status)
REQUESTS: list[tuple[str, str, Any, bool, int]] = [
    ("GET", "/", None, False, 200),
    ("GET", "/static/board.js", None, False, 200),
    ("GET", "/static/board.css", None, False, 200),
    ("GET", "/static/favicon.svg", None, False, 200),
    ("GET", "/favicon.ico", None, False, 200),
    ("GET", "/static/nothing.js", None, False, 404),
    ("GET", "/nowhere", None, False, 404),
    ("GET", "/api/games/{game}", None, False, 200),
    ("GET", "/api/games/{game}/view", None, True, 200),
    ("GET", "/api/games/{game}/view", None, False, 403),
    ("GET", "/api/games/{game}/board.svg", None, True, 200),
    ("GET", "/api/games/{game}/history", None, True, 200),
    ("GET", "/api/games/{game}/outcome", None, False, 409),
    ("GET", "/api/games/{game}/record", None, False, 409),
    ("GET", "/api/games/{game}/wait?after=-1", None, False, 200),
    ("GET", "/api/games/nosuchgame", None, False, 404),
    ("POST", "/api/games/{game}/actions", {"action": "pass", "version": 99}, True, 409),
    ("POST", "/api/games/{game}/actions", {"nonsense": True}, True, 422),
    ("POST", "/api/games", [1, 2], False, 422),
    ("DELETE", "/api/games/{game}", None, False, 405),
]


@pytest.mark.parametrize(
    ("method", "path", "body", "with_token", "status"),
    REQUESTS,
    ids=[f"{m} {p} {s}" for m, p, _, _, s in REQUESTS],
)
@pytest.mark.slow
def test_every_answer_carries_the_security_headers(
    live_client: httpx.Client,
    game: tuple[str, dict[str, str]],
    method: str,
    path: str,
    body: Any,
    with_token: bool,
    status: int,
) -> None:
    """Pages, files, JSON, the SVG and errors alike carry the policy and its companions, and
    an API answer, which may hold a view or tokens, is never cached."""
    game_id, tokens = game
    headers = bearer(tokens["0"]) if with_token else {}
    response = live_client.request(method, path.format(game=game_id), json=body, headers=headers)
    # the kind of answer is what matters here: an error's exact status is test_server's
    assert response.status_code // 100 == status // 100, response.text
    _assert_secured(response)
    if path.startswith("/api/"):
        assert response.headers["cache-control"] == "no-store"


def test_the_answer_with_the_tokens_is_secured_and_not_cached(live_client: httpx.Client) -> None:
    answer = live_client.post("/api/games", json={"players": 2, "seats": ["human", "greedy"]})
    assert answer.status_code == 201 and answer.json()["tokens"]
    _assert_secured(answer)
    assert answer.headers["cache-control"] == "no-store"


def test_a_played_action_answers_a_view_secured_and_not_cached(
    live_client: httpx.Client, game: tuple[str, dict[str, str]]
) -> None:
    game_id, tokens = game
    view = live_client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["0"])).json()
    move = view["moves"][0]["action"]
    body = {"action": move, "version": view["version"]}
    answer = live_client.post(
        f"/api/games/{game_id}/actions", json=body, headers=bearer(tokens["0"])
    )
    assert answer.status_code == 200, answer.text
    _assert_secured(answer)
    assert answer.headers["cache-control"] == "no-store"


def test_the_event_stream_is_secured_and_still_streams(
    live_client: httpx.Client, game: tuple[str, dict[str, str]]
) -> None:
    """The stream's first message arrives while the stream stays open: the middleware holds
    nothing back; it keeps the stream's own Cache-Control."""
    game_id, _ = game
    with live_client.stream("GET", f"/api/games/{game_id}/events", timeout=10) as stream:
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        _assert_secured(stream)
        assert stream.headers["cache-control"] == "no-cache"
        assert next(stream.iter_lines()) == "retry: 1000"
        assert not stream.is_closed


def test_the_page_has_nothing_inline_for_the_policy_to_refuse() -> None:
    """index.html loads its script and its style from files: no inline script, style or
    event handler, which the policy would block. The script keeps nothing in localStorage,
    which outlives the tab, but the aids ticked (never a token)."""
    static = resources.files("tigeuph.server").joinpath("static")
    page = static.joinpath("index.html").read_text("utf-8")
    assert re.findall(r"<script\b[^>]*>", page) == ['<script src="/static/board.js">']
    assert "<style" not in page
    assert not re.search(r"\s(style|on[a-z]+)\s*=", page)
    script = static.joinpath("board.js").read_text("utf-8")
    assert "innerHTML" not in script
    kept = re.findall(r"localStorage\.\w+\([^,)]*", script)
    assert kept == ["localStorage.getItem(aidsKey(", "localStorage.setItem(aidsKey("]
