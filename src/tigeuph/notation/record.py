"""Game record text: header tags, comments and the tokens of the moves, read within limits.

The pieces :class:`tigeuph.Game` reads and writes a record with (see ``tigeuph.records``):
what a free tag and a comment may hold, a tag line, and the move text cut into move numbers,
actions and comments in one linear pass.
"""

from __future__ import annotations

import re
from typing import Final

from ..errors import ArgumentError, LimitError, NotationError, expect
from ..limits import Limits, check_chars

__all__ = [
    "MOVE_NUMBER",
    "SEED",
    "SPACE",
    "WRITTEN",
    "WRITTEN_CHARS",
    "check_comment",
    "check_tag",
    "escape",
    "move_tokens",
    "tag_line",
    "unescape",
]

WRITTEN: Final = ("Rules", "Seed", "Result", "Termination")
"""The tags the game writes itself; every other tag is free."""
_TAG_NAME: Final = re.compile(r"[A-Za-z0-9_]+\Z")
_TAG_LINE: Final = re.compile(r'\[([A-Za-z0-9_]++)[ \t]++"((?:[^"\\]++|\\.)*+)"\]\Z')
# Linear on any text: a "{" with no "}" after it takes the rest of the text, in one step.
_TOKEN: Final = re.compile(r"\{[^}]*+\}?|\}|[^ \t\r\n{}]++")
MOVE_NUMBER: Final = re.compile(r"([0-9]++)\.\Z")
"""A move number token, ``12.``."""
SPACE: Final = " \t\r"
"""The spaces around a header line (ASCII only)."""
SEED: Final = re.compile(r"-?[0-9]+\Z")
"""A Seed tag's value."""
WRITTEN_CHARS: Final = 400
"""The longest value of a tag the game writes itself: a Rules tag with a custom board."""


def check_tag(name: object, value: object, limits: Limits | None = None) -> str:
    """*value*, once *name* and *value* make a free tag (within *limits*, when reading)."""
    expect(name, str, "a string", "a tag name")
    expect(value, str, "a string", f"tag {str(name)[:20]!r}: its value")
    assert isinstance(name, str) and isinstance(value, str)
    if limits is not None:
        check_chars(name, limits.max_tag_chars, "max_tag_chars", "a tag name")
        check_chars(value, limits.max_tag_chars, "max_tag_chars", f"tag {name[:20]}")
    if not _TAG_NAME.match(name) or name in WRITTEN:
        raise ArgumentError(
            f"{name[:20]!r} is not a free tag (letters, digits and _, not {', '.join(WRITTEN)})"
        )
    if "\n" in value or "\r" in value:
        raise ArgumentError(f"tag {name}: the value must be a string on one line")
    _no_surrogate(value, f"tag {name}")
    return value


def _no_surrogate(text: str, what: str) -> None:
    """Raise :class:`ArgumentError` if *text* holds a lone surrogate, which no record can hold."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as err:
            raise ArgumentError(
                f"{what}: a lone surrogate {text[err.start]!r} is not a character"
            ) from None


def check_comment(comment: object, limits: Limits | None = None) -> None:
    """Raise unless *comment* can be written in a record (within *limits*, when reading)."""
    expect(comment, (str, type(None)), "a string or None", "a comment")
    if comment is None:
        return
    assert isinstance(comment, str)
    if limits is not None:
        check_chars(comment, limits.max_comment_chars, "max_comment_chars", "a comment")
    if "}" in comment:
        raise ArgumentError(f"a comment may not hold '}}': {comment[:40]!r}")
    _no_surrogate(comment, "a comment")


def tag_line(line: str, n: int, limits: Limits) -> tuple[str, str]:
    """The name and value of the tag on *line* (line number *n*): a free tag within
    ``limits.max_tag_chars``, or one the game writes (a custom board's Rules run to some 260
    characters) within :data:`WRITTEN_CHARS`."""
    longest = max(limits.max_tag_chars, WRITTEN_CHARS)
    # The name, the value escaped to at most twice its length, brackets, quotes and spaces.
    if len(line) > 3 * longest + 16:
        raise LimitError("max_tag_chars", len(line), limits.max_tag_chars, f"line {n}: a tag")
    match = _TAG_LINE.match(line)
    if match is None:
        raise NotationError(f'line {n}: expected a tag like [Date "2025.01.31"]')
    name, value = match.group(1), unescape(match.group(2))
    if name in WRITTEN:
        check_chars(value, WRITTEN_CHARS, "max_tag_chars", f"line {n}: tag {name}")
    else:
        check_chars(name, limits.max_tag_chars, "max_tag_chars", f"line {n}: a tag name")
        check_chars(value, limits.max_tag_chars, "max_tag_chars", f"line {n}: tag {name[:20]}")
    return name, value


def move_tokens(text: str, limits: Limits) -> list[str]:
    """The move numbers, actions and comments (with their braces) of a record's moves, once
    they are known to fit *limits*: read before anything is played."""
    tokens = _TOKEN.findall(text)
    actions = 0
    for token in tokens:
        if token[0] == "{":
            if len(token) == 1 or token[-1] != "}":
                continue  # unclosed, so the last token: replaying reports it with its move
            check_chars(token[1:-1], limits.max_comment_chars, "max_comment_chars", "a comment")
        elif token != "}" and not MOVE_NUMBER.match(token):
            actions += 1
    if actions > limits.max_record_actions:
        raise LimitError("max_record_actions", actions, limits.max_record_actions, "a record")
    return tokens


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
