"""The HTTP API answers every request in its own description: schemathesis drives each route of
``/api/openapi.json`` with generated requests (no 5xx, every answer in its schema), and plain
requests check each refusal of issue 24 (strict bodies, one error table)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
import schemathesis
from attrs import frozen
from helpers.live_server import bearer, create_game, pass_until_over, play_to_end
from hypothesis import given
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.exceptions import StarletteDeprecationWarning

import tigeuph.server
from tigeuph.server import ERRORS, ServerLimits, create_app
from tigeuph.server import errors as server_errors
from tigeuph.server.bodies import MAX_WAIT, create_request
from tigeuph.server.errors import Malformed
from tigeuph.server.openapi import openapi

with warnings.catch_warnings():  # it would rather have httpx2, but works on httpx
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

LIMITS = ServerLimits(client_seeds=True, creations=100_000, live_games=100_000)
"""The default limits on bodies; games and seeds without limit, so that every generated game
body is read."""
JSON = {"Content-Type": "application/json"}
"""The header of a body sent as bytes (``json=`` sends it by itself)."""
REJECTED = ["403", "404", "409", "413", "415", "422"]
"""What a request outside the description may answer: a refusal, never a success nor a 5xx."""
WAITS = {str(seconds) for seconds in range(MAX_WAIT + 1)}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@frozen
class Api:
    """An application on a fresh database, games in each state, and its own description."""

    client: TestClient
    schema: Any
    games: dict[str, tuple[str, dict[str, str]]]
    """Name (fresh, agent, stopped, over, and Babel's babel and babel-over) -> the game's id and
    its seats' tokens."""


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    db = tmp_path_factory.mktemp("api") / "games.sqlite"
    app = create_app(str(db), limits=LIMITS)
    with TestClient(app) as client:
        humans = ["human", "human"]
        games = {
            "fresh": create_game(client, players=2, seats=humans),
            "agent": create_game(client, players=2, seats=["human", "random"]),
            "stopped": create_game(client, players=2, seats=humans),
            "over": create_game(client, players=2, seats=humans, seed=3),
            "babel": create_game(client, game="babel", players=2, seats=["human", "random"]),
            "babel-over": create_game(client, game="babel", players=2, seats=humans, seed=3),
        }
        pass_until_over(client, *games["stopped"])
        play_to_end(client, *games["over"], random.Random(3))
        play_to_end(client, *games["babel-over"], random.Random(3))
        checks = {"checks": {"negative_data_rejection": {"expected-statuses": REJECTED}}}
        config = schemathesis.Config.from_dict(checks)
        schema = schemathesis.openapi.from_asgi("/api/openapi.json", app, config=config)
        yield Api(client, schema, games)


def _operations() -> list[tuple[str, str, GenerationMode]]:
    """Each operation of the description, with wrong requests too where it has a query or a
    body (a path's strings are all well-formed: unknown ones are 404). The event stream is left
    out: it lasts until the game ends (its refusals are tested below)."""
    out: list[tuple[str, str, GenerationMode]] = []
    for path, item in openapi()["paths"].items():
        for method, operation in item.items():
            if method == "parameters" or path.endswith("/events"):
                continue
            varies = "parameters" in operation or "requestBody" in operation
            modes = list(GenerationMode) if varies else [GenerationMode.POSITIVE]
            out.extend((method.upper(), path, mode) for mode in modes)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("method", "path", "mode"), _operations())
def test_every_route_answers_generated_requests_as_described(
    api: Api, method: str, path: str, mode: GenerationMode
) -> None:
    """Generated requests, on real games with real tokens or not, never answer 5xx, and every
    answer (errors too) is what the description says."""
    operation = api.schema[path][method]
    games = list(api.games.values())
    every_token = [token for _, seats in games for token in seats.values()]
    junk = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=20)

    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    def request(case: Any, data: st.DataObject) -> None:
        tokens = every_token
        if "id" in (case.path_parameters or {}):
            game = data.draw(st.sampled_from([*games, None]), label="game")
            if game is not None:
                case.path_parameters["id"], seats = game
                tokens = list(seats.values())
        choices = st.sampled_from(tokens) | st.none() | st.sampled_from(every_token) | junk
        token = data.draw(choices, label="token")
        if token is not None:
            case.headers = {**(case.headers or {}), **bearer(token)}
        timeout = str((case.query or {}).get("timeout", 25))
        if path.endswith("/wait") and timeout in WAITS:  # a valid wait: make it answer at once
            case.query = {**(case.query or {}), "timeout": 0}
        response = case.call_and_validate(checks=CHECKS)
        if response.status_code >= 400:
            _assert_error_shape(response.json())

    request()


def _assert_error_shape(body: Any) -> None:
    """*body* is ``{"error", "message", "clause"}`` (and ``version``), of a kind in the table."""
    assert set(body) - {"version"} == {"error", "message", "clause"}, body
    assert body["error"] in {refusal.kind for refusal in ERRORS.values()}, body
    assert isinstance(body["message"], str) and body["message"]


def _refused(response: Any, status: int, kind: str) -> str:
    """The message of *response*, once it is the refusal *status* *kind* in the right shape."""
    assert response.status_code == status, response.text
    body = response.json()
    _assert_error_shape(body)
    assert body["error"] == kind, body
    message: str = body["message"]
    return message


# --- issue 24, one case at a time ---------------------------------------------------------------


def test_deeply_nested_brackets_are_malformed(api: Api) -> None:
    """8 KB of nested brackets answers 422 (it once recursed into a 500), as does a body one
    level deeper than ServerLimits.json_depth."""
    deep = b"[" * 4_096 + b"]" * 4_096
    message = _refused(api.client.post("/api/games", content=deep, headers=JSON), 422, "malformed")
    assert f"nests deeper than {LIMITS.json_depth} levels" in message
    depth = LIMITS.json_depth
    inside = b'{"players": 2, "rules": ' + b"[" * depth + b"]" * depth + b"}"
    assert "nests" in _refused(
        api.client.post("/api/games", content=inside, headers=JSON), 422, "malformed"
    )


def test_a_seed_beyond_64_bits_is_refused(api: Api) -> None:
    """A seed of 2^63 answers 4xx, never SQLite's overflow as a 500; so does a negative one."""
    for seed in (2**63, -1, 10**29):
        response = api.client.post("/api/games", json={"players": 2, "seed": seed})
        assert 400 <= response.status_code < 500, response.text
        _assert_error_shape(response.json())


def test_repeated_keys_are_malformed(api: Api) -> None:
    """A key given twice in one object is refused, not read as its last value."""
    body = b'{"players": 2, "players": 9}'
    assert "twice" in _refused(
        api.client.post("/api/games", content=body, headers=JSON), 422, "malformed"
    )
    game, tokens = api.games["fresh"]
    twice = b'{"action": "pass", "version": 0, "version": 0}'
    url, me = f"/api/games/{game}/actions", bearer(tokens["0"])
    assert "twice" in _refused(
        api.client.post(url, headers={**me, **JSON}, content=twice), 422, "malformed"
    )


def test_the_outcome_and_record_before_the_end_are_not_over(api: Api) -> None:
    """Before the end the outcome and the record answer 409 not-over, not stale-version."""
    game, _ = api.games["fresh"]
    for part in ("outcome", "record"):
        _refused(api.client.get(f"/api/games/{game}/{part}"), 409, "not-over")
    for name in ("stopped", "over"):
        game, _ = api.games[name]
        for part in ("outcome", "record"):
            assert api.client.get(f"/api/games/{game}/{part}").status_code == 200


def test_a_body_over_the_limit_is_too_large(api: Api) -> None:
    """A body over ServerLimits.body answers 413 too-large, told by its Content-Length or,
    sent in chunks without one, found while it is read."""
    big = b'{"players": 2, "seats": ["' + b"x" * LIMITS.body + b'"]}'
    message = _refused(api.client.post("/api/games", content=big, headers=JSON), 413, "too-large")
    assert f"{LIMITS.body:,}" in message

    def chunks() -> Iterator[bytes]:
        yield b'{"players": 2, "seats": ["'
        for _ in range(LIMITS.body // 1_000 + 1):
            yield b"x" * 1_000
        yield b'"]}'

    chunked = api.client.post("/api/games", content=chunks(), headers=JSON)
    assert "content-length" not in chunked.request.headers
    _refused(chunked, 413, "too-large")
    absurd = {"Content-Length": "9" * 5_000, **JSON}  # too long for int() to read
    _refused(api.client.post("/api/games", content=b"{}", headers=absurd), 413, "too-large")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b'{"players": 2, "seed": ' + b"9" * 31 + b"}", "30 digits"),
        (b'{"players": 2, "seed": ' + b"9" * 4_000 + b"}", "30 digits"),
        (b'{"players": 2, "seed": 1e999}', "too large for a float"),
        (b'{"players": 2, "seed": NaN}', "NaN is not JSON"),
        (b'{"players": 2, "seed": -Infinity}', "Infinity is not JSON"),
        (b'{"players": "\\ud800"}', "lone surrogate"),
        (b'{"players": 2, "x": "\xff"}', "not UTF-8"),
        (b"", "empty"),
        (b"{not json", "not JSON"),
        (b'{"players": 2, "seats": ["human', "the string at byte 25 never ends"),
        (b'\\"' * 5_000, "never ends"),  # each quote escaped: one linear scan refuses it
        (b'{"players": 2, "colour": "red"}', "unknown key 'colour'"),
        (b'{"players": true}', "players must be a whole number"),
        (b'{"players": 2.5}', "players must be a whole number"),
        (b'{"players": 5}', "players must be from 2 to 4"),
        (b'{"seats": ["human", "human"]}', "players is missing"),
        (b'{"players": 2, "seats": "human"}', "seats must be a list"),
        (b'{"players": 2, "seats": [1, 2]}', "seats must be a list of strings"),
        (b'{"players": 2, "seed": "7"}', "seed must be a whole number"),
        (b'{"players": 2, "rules": []}', "rules must be an object"),
        (b'{"players": 2, "rules": {"board": 3}}', "rules.board"),
        (b'{"players": 2, "rules": {"board": []}}', "rules.board"),
        (b"[]", "expected an object"),
    ],
)
def test_bad_game_bodies_are_malformed(api: Api, body: bytes, says: str) -> None:
    """Huge numbers, non-JSON, unknown keys and wrong types answer 422 malformed, saying why."""
    assert says in _refused(
        api.client.post("/api/games", content=body, headers=JSON), 422, "malformed"
    )


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"action": "pass", "version": -1}, "version must be from 0"),
        ({"action": "pass", "version": 2**63}, "version must be from 0"),
        ({"action": "pass", "version": "0"}, "version must be a whole number"),
        ({"action": "pass", "version": 0, "seat": 1}, "unknown key 'seat'"),
        ({"action": 10**9, "version": 0}, "action must be from 0"),
        ({"action": [], "version": 0}, "action must be notation"),
        ({"action": "zz9", "version": 0}, "zz9"),
        ({"action": {"format": "tigeuph-action"}, "version": 0}, "$"),
        ({"version": 0}, '"action"'),
    ],
)
def test_bad_action_bodies_are_malformed(api: Api, body: object, says: str) -> None:
    """An action body with a wrong type, a number out of range or an unknown key is 422."""
    game, tokens = api.games["fresh"]
    url, me = f"/api/games/{game}/actions", bearer(tokens["0"])
    assert says in _refused(api.client.post(url, headers=me, json=body), 422, "malformed")


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("history?since=-1", "since must be from 0"),
        ("history?since=%C2%B2", "since must be a whole number"),  # a superscript two
        ("history?since=99999999999", "since must be a whole number"),
        ("history?since=1&since=2", "since is given 2 times"),
        ("wait?timeout=31", "timeout must be from 0 to 30"),
        ("wait?after=x", "after must be a whole number"),
        ("events?after=-2", "after must be from -1"),
    ],
)
def test_bad_query_parameters_are_malformed(api: Api, query: str, says: str) -> None:
    """Query parameters are whole numbers within their bounds, given once."""
    game, _ = api.games["fresh"]
    assert says in _refused(api.client.get(f"/api/games/{game}/{query}"), 422, "malformed")


def test_the_event_stream_of_a_finished_game_ends(api: Api) -> None:
    """The stream a generated test leaves out: on a finished game it gives the last status."""
    game, _ = api.games["over"]
    response = api.client.get(f"/api/games/{game}/events", params={"after": 0})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert '"over": true' in response.text


def test_unknown_paths_and_methods_answer_in_the_error_shape(api: Api) -> None:
    """Starlette's own refusals (404, 405 with Allow) are JSON errors too."""
    _refused(api.client.get("/api/nothing"), 404, "not-found")
    game, _ = api.games["fresh"]
    refused = api.client.delete(f"/api/games/{game}")
    _refused(refused, 405, "method-not-allowed")
    assert "GET" in refused.headers["allow"]


def test_the_table_answers_every_server_error(caplog: pytest.LogCaptureFixture) -> None:
    """Every error class of tigeuph.server.errors has its own line, exported by the package;
    a subclass answers as its base, and an error in no line is a logged 500."""
    classes = {
        value
        for value in vars(server_errors).values()
        if isinstance(value, type)
        and issubclass(value, Exception)
        and value.__module__ == server_errors.__name__
    }
    assert classes and classes <= set(ERRORS)
    assert all(getattr(tigeuph.server, cls.__name__) is cls for cls in classes)

    class Newer(server_errors.NotOver):
        pass

    assert server_errors.answer(Newer("x"))[0] == 409
    status, body, _ = server_errors.answer(RuntimeError("a secret"))
    assert status == 500 and body["error"] == "internal" and "secret" not in body["message"]
    (logged,) = [record for record in caplog.records if record.name == "tigeuph.server"]
    assert logged.exc_info is not None and "a secret" in str(logged.exc_info[1])


@pytest.mark.parametrize(
    ("error", "status", "kind", "retry"),
    [
        (server_errors.RateLimited("too many games", 1.2), 429, "rate-limited", "2"),
        (server_errors.ServerBusy("too many streams", 3), 503, "busy", "3"),
        (server_errors.SeedNotAllowed("no seeds here"), 403, "seed-not-allowed", None),
        (server_errors.BodyTooLarge("too big"), 413, "too-large", None),
        (server_errors.StaleVersion("stale", 4), 409, "stale-version", None),
    ],
)
def test_each_refusal_has_its_status_kind_and_headers(
    error: Exception, status: int, kind: str, retry: str | None
) -> None:
    """A refusal that passes with time says when to ask again, in whole seconds rounded up."""
    answered, body, headers = server_errors.answer(error)
    assert (answered, body["error"], headers.get("Retry-After")) == (status, kind, retry)
    assert body.get("version", 4) == 4


def test_the_description_is_served_and_names_every_route(api: Api) -> None:
    """/api/openapi.json is OpenAPI 3.1 with every route the application serves."""
    served = api.client.get("/api/openapi.json").json()
    assert served["openapi"].startswith("3.1") and served == openapi()
    routes = {route.path for route in api.client.app.routes}  # type: ignore[attr-defined]
    assert routes == set(served["paths"])
    parameters = set()
    for item in served["paths"].values():
        for method, operation in item.items():
            listed = operation if method == "parameters" else operation.get("parameters", [])
            parameters |= {parameter["name"] for parameter in listed}
    assert parameters == {"id", "name", "since", "after", "timeout", "action", "aids"}  # no token


# --- issue 37: the description and the reader agree ---------------------------------------------


def _schema_takes(name: str, body: object) -> bool:
    """Whether the description's schema *name* takes *body* (JSON Schema 2020-12)."""
    document = {"$ref": f"#/components/schemas/{name}", **openapi()}
    return bool(jsonschema.Draft202012Validator(document).is_valid(body))


def _reader_takes(body: object) -> bool:
    """Whether the server's reader takes *body* as a new game's."""
    try:
        create_request(body)
    except Malformed:
        return False
    return True


@pytest.mark.parametrize(
    "seed", [None, 2613301.0, 7, 0, 2**63 - 1, 2**63, -1, 1.5, "7", True, [], {}]
)
def test_the_schema_and_the_reader_agree_on_a_seed(seed: object) -> None:
    """A seed of null is no seed (the server draws it) and 2613301.0 is the whole number
    2613301, to the description as to the reader; a fraction, a string, a boolean or a
    number out of range is refused by both."""
    body = {"players": 2, "seed": seed}
    assert _schema_takes("NewGame", body) == _reader_takes(body), body
    if seed in (None, 2613301.0):
        assert _reader_takes(body)
        assert create_request(body).seed == (None if seed is None else 2613301)


@given(
    players=st.one_of(st.integers(0, 6), st.floats(0, 6), st.booleans(), st.none()),
    seed=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**64), 2**64),
        st.floats(-(2.0**53), 2.0**53, allow_nan=False),  # beyond, a float is not exact
        st.text(max_size=3),
    ),
)
def test_the_schema_and_the_reader_agree_on_generated_bodies(players: object, seed: object) -> None:
    """Whatever the players and seed, the description takes the body exactly when the reader
    does (below 2^53 for a number written with a fraction, the reader's own bound)."""
    body = {"players": players, "seed": seed}
    assert _schema_takes("NewGame", body) == _reader_takes(body), body
