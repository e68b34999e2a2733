"""What each request may send, read strictly: JSON bodies within the server's limits, the
create and action bodies' fields, and the whole-number query parameters.

A body must be sent as ``Content-Type: application/json`` (:class:`UnsupportedMediaType`,
HTTP 415, else): a page of any site may make its visitors' browsers send a body of another
type (``text/plain``, a form) without asking the server first, but not JSON. A body is read
no further than ``ServerLimits.body`` bytes (:class:`BodyTooLarge`, from its
``Content-Length`` or while it streams in), then must be UTF-8 JSON that nests no deeper than
``ServerLimits.json_depth`` (measured by a scan of its bytes before it is parsed, so no parser
recurses on it), holds no number of more than :data:`MAX_DIGITS` digits in a row, and, as the
library reads JSON (:mod:`tigeuph.core.limits`), repeats no key, uses no ``NaN`` nor ``Infinity``
and holds no lone surrogate. Every refusal is a :class:`Malformed` (HTTP 422) saying what is
wrong; the create and action bodies refuse keys they do not know.

The fields are read as the API's description (:mod:`tigeuph.server.openapi`) says them, in
JSON's own terms: a whole number may be written ``7`` or ``7.0`` (JSON Schema's ``integer``),
never ``true`` nor ``"7"``; the seed may be left out or given as ``null``, and the server
draws it.
"""

from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any, Final

from attrs import frozen

from ..core.errors import JsonError, LimitError, NotationError
from ..core.limits import Limits, load_json
from ..games import DEFAULT_GAME, GAMES, AnyGame
from .errors import BodyTooLarge, Malformed, UnsupportedMediaType
from .limits import ServerLimits
from .seats import HUMAN

if TYPE_CHECKING:
    from starlette.requests import Request

__all__ = [
    "JSON_TYPE",
    "MAX_DIGITS",
    "MAX_EXACT",
    "MAX_SEED",
    "MAX_WAIT",
    "ActionRequest",
    "CreateRequest",
    "action_request",
    "check_media_type",
    "create_request",
    "parse_json",
    "query_int",
    "query_names",
    "read_json",
]

MAX_DIGITS: Final = 30
"""Digits in a row a number in a body may have: far more than any field needs, few enough
that no number is costly to read or overflows a database column unchecked."""
MAX_SEED: Final = 2**63 - 1
"""The largest seed a game may have: SQLite's integers are 64-bit."""
MAX_WAIT: Final = 30
"""The longest long poll, in seconds."""
MAX_QUERY: Final = 2**31 - 1
"""The largest version or history entry a query may name."""
MAX_EXACT: Final = 2**53
"""The largest whole number a body may write with a fraction (``7.0``): above it a float no
longer holds every whole number, so ``9007199254740993.0`` would be read as another."""
JSON_TYPE: Final = "application/json"
"""The one media type of a request body."""

_CREATE_KEYS: Final = ("game", "players", "rules", "seats", "seed")
_ACTION_KEYS: Final = ("action", "version")
# A JSON string (skipped whole, escapes and all, to its closing quote or the end), a bracket,
# or too long a run of digits. Each string is read once, so the scan is linear in the body.
_TOKENS: Final = re.compile(
    rb'(?P<string>"(?:[^"\\]++|\\.)*+(?P<closed>")?)|(?P<open>[\[{])|(?P<close>[\]}])'
    rb"|(?P<digits>[0-9]{%d,})" % (MAX_DIGITS + 1),
    re.DOTALL,
)


async def read_json(request: Request, limits: ServerLimits) -> Any:
    """The request's JSON body, read no further than ``limits.body`` bytes.

    Raises:
        UnsupportedMediaType: the body is not sent as ``application/json``.
        BodyTooLarge: the body is over the limit (said or sent).
        Malformed: the body is not JSON within the limits (:func:`parse_json`).
    """
    check_media_type(request.headers.get("content-type"))
    allowed = limits.body
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit():
        size = int(declared) if len(declared) <= 18 else None  # a longer one is over any limit
        if size is None or size > allowed:
            shown = f"{size:,}" if size is not None else "over 10^18"
            raise BodyTooLarge(f"the body is {shown} bytes, over the limit of {allowed:,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > allowed:
            raise BodyTooLarge(f"the body is over the limit of {allowed:,} bytes")
        chunks.append(chunk)
    return parse_json(b"".join(chunks), limits)


def check_media_type(content_type: str | None) -> None:
    """Refuse a body whose ``Content-Type`` is not :data:`JSON_TYPE` (parameters such as
    ``charset=utf-8`` aside).

    Raises:
        UnsupportedMediaType: it is another type, or none.
    """
    media = (content_type or "").partition(";")[0].strip().lower()
    if media != JSON_TYPE:
        said = f"not {media[:40]!r}" if media else "and this request says no Content-Type"
        raise UnsupportedMediaType(f"a body is JSON, sent as Content-Type: {JSON_TYPE}, {said}")


def parse_json(raw: bytes, limits: ServerLimits) -> Any:
    """The value of the JSON body *raw*, read strictly (see the module's docstring).

    Raises:
        Malformed: *raw* is not UTF-8, not JSON, nests too deep, holds too long a number,
            repeats a key, or uses NaN, Infinity or a lone surrogate.
    """
    if not raw.strip():
        raise Malformed("the body is empty: expected JSON")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Malformed(
            f"the body is not UTF-8: byte {err.start} is {raw[err.start]:#04x}"
        ) from None
    _scan(raw, limits.json_depth)
    reading = Limits(
        max_json_bytes=len(raw), max_json_depth=limits.json_depth, max_json_items=len(raw)
    )
    try:
        value = load_json(text, reading, "the body")
    except LimitError as err:  # the scan has measured the depth: only a guard is left here
        raise Malformed(f"the body is over the server's limits: {err.limit}") from None
    except NotationError as err:
        raise Malformed(f"the body: {err}") from None
    _check_numbers(value)
    return value


def _scan(raw: bytes, depth_allowed: int) -> None:
    """Refuse *raw* if it nests deeper than *depth_allowed*, holds too long a number or leaves
    a string open: one pass over its bytes, strings skipped, with no recursion."""
    depth = 0
    for token in _TOKENS.finditer(raw):
        kind = token.lastgroup
        if kind == "open":
            depth += 1
            if depth > depth_allowed:
                raise Malformed(f"the body nests deeper than {depth_allowed} levels")
        elif kind == "close":
            depth -= 1
        elif kind == "digits":
            raise Malformed(f"the body holds a number of more than {MAX_DIGITS} digits")
        elif token["closed"] is None:
            raise Malformed(f"the body is not JSON: the string at byte {token.start()} never ends")


def _check_numbers(value: Any) -> None:
    """Refuse a number that JSON writes finite but Python reads as infinite (``1e999``)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise Malformed("the body holds a number too large for a float")
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _object(body: Any, keys: tuple[str, ...], shape: str) -> dict[str, Any]:
    """*body*, once it is an object with no key but *keys*."""
    if not isinstance(body, dict):
        raise Malformed(f"expected an object: {shape}")
    unknown = sorted(set(body) - set(keys))
    if unknown:
        raise Malformed(f"unknown key {unknown[0]!r:.40}: expected {shape}")
    return body


def _whole(value: object, name: str, low: int, high: int) -> int:
    """*value*, once it is a whole number (not a boolean; ``7.0`` is ``7``, as JSON Schema's
    ``integer`` says, up to :data:`MAX_EXACT`) from *low* to *high*."""
    if type(value) is float and value.is_integer() and abs(value) <= MAX_EXACT:
        value = int(value)
    if type(value) is not int:
        raise Malformed(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        raise Malformed(f"{name} must be from {low} to {high}")
    return value


@frozen
class CreateRequest:
    """A ``POST /api/games`` body: the game, its rules (the game's variants), each seat's kind,
    and the seed if one is given."""

    game: AnyGame
    rules: Any
    seats: tuple[str, ...]
    seed: int | None


def create_request(body: Any) -> CreateRequest:
    """The game *body* asks for: optional ``game`` (a name of :data:`tigeuph.GAMES`, the main
    game by default), ``players``, optional ``rules``, ``seats`` and ``seed``.

    Raises:
        Malformed: *body* is not such an object.
    """
    found = _object(body, _CREATE_KEYS, "game, players, rules, seats, seed")
    name = found.get("game", DEFAULT_GAME)
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise Malformed(f"game must be one of {', '.join(GAMES)}")
    choices = f"{game.facts.players.start} to {game.facts.players.stop - 1}"
    if "players" not in found:
        raise Malformed(f"players is missing: {choices}")
    players = _whole(found["players"], "players", 2, 4)
    if players not in game.facts.players:
        raise Malformed(f"{game.facts.title} takes {choices} players, not {players}")
    rules = found.get("rules", {})
    if not isinstance(rules, dict):
        raise Malformed("rules must be an object of the game's variants")
    try:
        variants = game.variants.rules_from_json(rules, players)
    except JsonError as err:
        raise Malformed(f"{err}".replace("$.", "", 1)) from None
    seats = found.get("seats", [HUMAN] * players)
    if not isinstance(seats, list) or not all(isinstance(seat, str) for seat in seats):
        raise Malformed("seats must be a list of strings: human or an agent")
    seed = found.get("seed")
    if seed is not None:
        seed = _whole(seed, "seed", 0, MAX_SEED)
    return CreateRequest(game, variants, tuple(seats), seed)


@frozen
class ActionRequest:
    """A ``POST /api/games/{id}/actions`` body: the action and the version it was based on."""

    action: Any
    version: int


def action_request(body: Any, game: AnyGame) -> ActionRequest:
    """The action of *game* that *body* sends: ``{"action": ..., "version": n}``.

    Raises:
        Malformed: *body* is not such an object.
        NotationError: the action is no action's notation or document.
        ArgumentError: the action id is out of range.
    """
    shape = '{"action": ..., "version": n}'
    found = _object(body, _ACTION_KEYS, shape)
    if "action" not in found or "version" not in found:
        raise Malformed(f"expected {shape}")
    version = _whole(found["version"], "version", 0, MAX_QUERY)
    return ActionRequest(_action(found["action"], game), version)


def _action(value: object, game: AnyGame) -> Any:
    """The action a request names: notation, an action id (a game that numbers its actions),
    or the game's action document."""
    if isinstance(value, str):
        return game.parse_action(value)
    numbered = game.client.action_count
    if type(value) in (int, float) and numbered:
        return game.client.action_of_id(_whole(value, "action", 0, numbered - 1))
    if isinstance(value, dict):
        return game.action_from_json(json.dumps(value))
    ids = "an action id or " if numbered else ""
    raise Malformed(f"action must be notation, {ids}the game's action document")


def query_int(request: Request, name: str, default: int, low: int, high: int) -> int:
    """The query parameter *name* as a whole number from *low* to *high*; *default* when it
    is absent.

    Raises:
        Malformed: it is given twice, or is not such a number.
    """
    given = request.query_params.getlist(name)
    if not given:
        return default
    if len(given) > 1:
        raise Malformed(f"{name} is given {len(given)} times")
    text = given[0]
    if re.fullmatch(r"-?[0-9]{1,10}", text, re.ASCII) is None:
        raise Malformed(f"{name} must be a whole number, not {text!r:.20}")
    return _whole(int(text), name, low, high)


def query_names(request: Request, name: str) -> list[str]:
    """The query parameter *name* as a list of names written with commas between them
    (``aids=kingdoms,strengths``); none when it is absent or empty.

    Raises:
        Malformed: it is given twice.
    """
    given = request.query_params.getlist(name)
    if len(given) > 1:
        raise Malformed(f"{name} is given {len(given)} times: name them once, with commas")
    return [part for part in given[0].split(",") if part] if given else []
