"""Size limits on what the readers accept, and the strict reading they share.

Every reader of outside text (positions, records, JSON documents, boards) takes a keyword
``limits=`` and refuses input over one of its :class:`Limits` at once, before reading it, with a
:class:`~tigeuph.LimitError` that names the field to raise. Within the limits each reader runs
in time linear in its input. The defaults are far above anything a game writes (a game is a few
hundred actions; a position a few kilobytes) and far below what would strain a server.

Reading is strict in the same ways everywhere: text must be valid Unicode (a lone surrogate
such as ``"\\ud800"``, which no UTF-8 can hold, is refused), and JSON must not repeat a key in
an object nor use ``NaN`` or ``Infinity``, which are not JSON.

>>> import tigeuph
>>> tigeuph.Limits().max_record_actions
10000
>>> tigeuph.from_text("x" * 2_000_000)
Traceback (most recent call last):
...
tigeuph.core.errors.LimitError: position text: 2,000,000 bytes, over the limit of 1,000,000 ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Final

from attrs import Attribute, field, frozen

from .errors import ArgumentError, JsonError, LimitError, NotationError, expect

__all__ = ["DEFAULT_LIMITS", "MAX_SHOWN", "Limits", "check_text", "load_json", "summarise"]

MAX_SHOWN: Final = 5
"""How many problems an error message lists before it only counts the rest."""


def _positive(instance: object, attribute: Attribute[int], value: object) -> None:
    expect(value, int, "an int", f"Limits.{attribute.name}")
    assert isinstance(value, int)
    if value < 1:
        raise ArgumentError(f"Limits.{attribute.name} must be 1 or more, not {value}")


@frozen(kw_only=True)
class Limits:
    """The largest input each reader accepts; pass ``limits=Limits(...)`` to a reader to
    allow more (or less).

    >>> Limits(max_record_actions=50_000).max_text_bytes
    1000000
    """

    max_text_bytes: int = field(default=1_000_000, validator=_positive)
    """Position text, game records and board grids: their size in UTF-8 bytes."""
    max_json_bytes: int = field(default=4_000_000, validator=_positive)
    """JSON documents (states, actions, views, records, board files): their size in bytes."""
    max_json_depth: int = field(default=32, validator=_positive)
    """JSON nesting: a tigeuph document nests about 5 deep."""
    max_json_items: int = field(default=10_000, validator=_positive)
    """Entries in any one JSON list or object (a record's moves, a view's history)."""
    max_record_actions: int = field(default=10_000, validator=_positive)
    """Actions in a game record (text or JSON). A game is a few hundred actions, but passing is
    always legal, so no rule bounds a record: this limit does."""
    max_tag_chars: int = field(default=1_000, validator=_positive)
    """Characters in a record's tag name or value."""
    max_comment_chars: int = field(default=10_000, validator=_positive)
    """Characters in one comment of a record."""


DEFAULT_LIMITS: Final = Limits()
"""The limits readers use unless given others."""


def check_limits(limits: object, where: str) -> Limits:
    """*limits*, once it is a :class:`Limits`."""
    expect(limits, Limits, "a tigeuph.Limits", f"{where}: limits")
    assert isinstance(limits, Limits)
    return limits


def check_text(text: object, limits: Limits, what: str) -> str:
    """*text*, once it is a string within ``max_text_bytes`` holding no lone surrogate.

    Raises:
        ArgumentTypeError: *text* is not a string.
        LimitError: *text* is too long.
        NotationError: *text* holds a lone surrogate.
    """
    expect(text, str, "a string", what)
    assert isinstance(text, str)
    allowed = limits.max_text_bytes
    if len(text) > allowed:  # every character is at least a byte: refuse before encoding
        raise LimitError(
            "max_text_bytes", len(text.encode("utf-8", "surrogatepass")), allowed, what
        )
    if not text.isascii():
        size = len(_utf8(text, what))
        if size > allowed:
            raise LimitError("max_text_bytes", size, allowed, what)
    return text


def _utf8(text: str, what: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as err:
        line = text.count("\n", 0, err.start) + 1
        raise NotationError(
            f"line {line}: a lone surrogate {text[err.start]!r} is not a character ({what})"
        ) from None


def check_chars(text: str, allowed: int, limit: str, what: str) -> None:
    """Raise :class:`LimitError` if *text* has more than *allowed* characters."""
    if len(text) > allowed:
        raise LimitError(limit, len(text), allowed, what)


def summarise(problems: Sequence[str]) -> str:
    """The first :data:`MAX_SHOWN` problems joined by ``;``, then how many more there are."""
    shown = "; ".join(problems[:MAX_SHOWN])
    more = len(problems) - MAX_SHOWN
    return shown + (f"; and {more:,} more" if more > 0 else "")


# --- JSON --------------------------------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonError("$", f"the key {_short(key)} is given twice in one object")
            seen.add(key)
    return out


def _constant(name: str) -> Any:
    raise JsonError("$", f"{name} is not JSON")


def _short(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 30 else shown[:27] + "..."


def load_json(text: object, limits: Limits, what: str) -> Any:
    """The value of the JSON *text*, read strictly within *limits*.

    Raises:
        ArgumentTypeError: *text* is not ``str``, ``bytes`` or ``bytearray``.
        LimitError: *text* is too long, nests too deep or holds too long a list or object.
        JsonError: *text* is not JSON, repeats a key, uses NaN or Infinity, or holds a lone
            surrogate; the path is ``$``, the message says where when it can.
    """
    expect(text, (str, bytes, bytearray), "JSON text (str or bytes)", what)
    assert isinstance(text, str | bytes | bytearray)
    allowed = limits.max_json_bytes
    size = len(text) if not isinstance(text, str) or text.isascii() else None
    if size is None and len(text) > allowed:
        size = len(text)  # at least this many bytes: enough to refuse
    if size is None:
        assert isinstance(text, str)
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > allowed:
        raise LimitError("max_json_bytes", size, allowed, what)
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    except JsonError:
        raise
    except RecursionError:  # deeper than Python's parser goes: measure it for the message
        raise LimitError("max_json_depth", _depth(text), limits.max_json_depth, what) from None
    except json.JSONDecodeError as err:
        where = f"line {err.lineno}, column {err.colno}"
        raise JsonError("$", f"not JSON: {where}: {err.msg}") from None
    except ValueError as err:  # bad UTF-8, an integer of over 4,300 digits
        raise JsonError("$", f"not JSON: {err}") from None
    _walk(data, limits, what)
    return data


_STRING: Final = re.compile(rb'"(?:[^"\\]++|\\.)*+"')
_OPEN: Final = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth(text: str | bytes | bytearray) -> int:
    """The deepest nesting of brackets in JSON *text*, strings left out: linear in the text."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    depth = deepest = 0
    for byte in _STRING.sub(b"", raw):
        depth += _OPEN.get(byte, 0)
        deepest = max(deepest, depth)
    return deepest


def _walk(data: Any, limits: Limits, what: str) -> None:
    """Check the nesting, the sizes of lists and objects and the strings of parsed JSON."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    depth_allowed, items_allowed = limits.max_json_depth, limits.max_json_items
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not value.isascii():
                _json_string(value)
            continue
        if not isinstance(value, dict | list):
            continue
        if depth > depth_allowed:
            raise LimitError("max_json_depth", depth, depth_allowed, what)
        if len(value) > items_allowed:
            raise LimitError("max_json_items", len(value), items_allowed, what)
        if isinstance(value, dict):
            for key, item in value.items():
                if not key.isascii():
                    _json_string(key)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in value)


def _json_string(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise JsonError(
            "$", f"a string holds a lone surrogate {text[err.start]!r}, which is not a character"
        ) from None
