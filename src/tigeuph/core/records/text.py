"""Game record text, shared by both games: header tags, comments and the tokens of the moves,
read within limits, and the numbered moves written back, narrated on request.

The pieces :class:`tigeuph.Game` and :class:`tigeuph.babel.BabelGame` read and write their records
with (see ``tigeuph.tigris.records`` and ``tigeuph.babel.records``): what a free tag and a comment
may hold, a tag line and the header of tags, the move text cut into move numbers, actions and
comments in one linear pass, and the numbered moves with their comments. Each game names the tags it
writes itself; every other tag is free. A tag's value is written between double quotes with ``"``
and ``\\`` escaped by a backslash, and holds no ``\\n`` or ``\\r``: a record's lines end at ``\\n``
alone (``\\r`` before it is a space), so any other character, U+2028 among them, reads back as
written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from ..errors import (
    ArgumentError,
    IllegalActionError,
    LimitError,
    NotationError,
    RecordError,
    expect,
)
from ..events import Event
from ..limits import Limits, check_chars

__all__ = [
    "MOVE_NUMBER",
    "SEED",
    "SPACE",
    "WRITTEN_CHARS",
    "check_comment",
    "check_tag",
    "check_written",
    "escape",
    "move_lines",
    "move_tokens",
    "narrated",
    "replay",
    "split_record",
    "tag_line",
    "unescape",
]

_TAG_NAME: Final = re.compile(r"[A-Za-z0-9_]+\Z")
_TAG_LINE: Final = re.compile(r'\[([A-Za-z0-9_]++)[ \t]++"((?:[^"\\]++|\\.)*+)"\]\Z')
# Linear on any text: a "{" with no "}" after it takes the rest of the text, in one step.
_TOKEN: Final = re.compile(r"\{[^}]*+\}?|\}|[^ \t\r\n{}]++")
MOVE_NUMBER: Final = re.compile(r"([0-9]++)\.\Z")
"""A move number token, ``12.``."""
SPACE: Final = " \t\r"
"""The spaces around a header line (ASCII only)."""
_ESCAPED: Final = re.compile(r"\\(.)")
SEED: Final = re.compile(r"-?[0-9]+\Z")
"""A Seed tag's value."""
WRITTEN_CHARS: Final = 400
"""The longest value of a tag a game writes itself: the main game's Rules tag with a custom
board."""


def check_tag(
    name: object, value: object, written: tuple[str, ...], limits: Limits | None = None
) -> str:
    """*value*, once *name* and *value* make a free tag, one not in *written* (within
    *limits*, when reading)."""
    expect(name, str, "a string", "a tag name")
    expect(value, str, "a string", f"tag {str(name)[:20]!r}: its value")
    assert isinstance(name, str) and isinstance(value, str)
    if limits is not None:
        check_chars(name, limits.max_tag_chars, "max_tag_chars", "a tag name")
        check_chars(value, limits.max_tag_chars, "max_tag_chars", f"tag {name[:20]}")
    if not _TAG_NAME.match(name) or name in written:
        raise ArgumentError(
            f"{name[:20]!r} is not a free tag (letters, digits and _, not {', '.join(written)})"
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


def tag_line(line: str, n: int, written: tuple[str, ...], limits: Limits) -> tuple[str, str]:
    """The name and value of the tag on *line* (line number *n*): a free tag within
    ``limits.max_tag_chars``, or one of *written*, those the game writes (a custom board's Rules
    run to some 260 characters), within :data:`WRITTEN_CHARS`."""
    longest = max(limits.max_tag_chars, WRITTEN_CHARS)
    # The name, the value escaped to at most twice its length, brackets, quotes and spaces.
    if len(line) > 3 * longest + 16:
        raise LimitError("max_tag_chars", len(line), limits.max_tag_chars, f"line {n}: a tag")
    match = _TAG_LINE.match(line)
    if match is None:
        raise NotationError(f'line {n}: expected a tag like [Date "2025.01.31"]')
    name, value = match.group(1), unescape(match.group(2))
    if name in written:
        check_chars(value, WRITTEN_CHARS, "max_tag_chars", f"line {n}: tag {name}")
    else:
        check_chars(name, limits.max_tag_chars, "max_tag_chars", f"line {n}: a tag name")
        check_chars(value, limits.max_tag_chars, "max_tag_chars", f"line {n}: tag {name[:20]}")
    return name, value


def split_record(
    text: str, *, title: str, written: tuple[str, ...], verify: bool, limits: Limits
) -> tuple[dict[str, str], str | None, list[str]]:
    """The tags of the record *text*, its first position (``None`` when it starts from a seed)
    and the tokens of its moves. Lines end at ``\\n`` alone; blank lines among the tags are
    passed over; a first position starts with the line *title* and ends at a blank line.

    Raises:
        LimitError: a tag, a comment or the moves are over *limits*.
        NotationError: a tag cannot be read or is given twice, or *verify* is on and the record
            starts from a position.
    """
    lines = text.split("\n")
    tags: dict[str, str] = {}
    n = 0
    while n < len(lines) and (lines[n].strip(SPACE)[:1] == "[" or not lines[n].strip(SPACE)):
        line = lines[n].strip(SPACE)
        n += 1
        if line:
            name, value = tag_line(line, n, written, limits)
            if name in tags:
                raise NotationError(f"line {n}: a second {name} tag")
            tags[name] = value
    position: list[str] = []
    if n < len(lines) and lines[n].strip(SPACE) == title:
        if verify:
            raise NotationError(
                f"line {n + 1}: the record starts from a position, which proves nothing "
                "about how it was reached; read it with verify=False to accept it"
            )
        while n < len(lines) and lines[n].strip(SPACE):
            position.append(lines[n])
            n += 1
    tokens = move_tokens("\n".join(lines[n:]), limits)
    return tags, "\n".join(position) if position else None, tokens


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


class Replayed(Protocol):
    """A game a record's moves are replayed on."""

    @property
    def move(self) -> int: ...

    def play(self, action: str, /) -> object: ...


def replay(game: Replayed, tokens: list[str], comment: Callable[[str], None]) -> None:
    """Play the *tokens* of a record's moves (:func:`move_tokens`) on *game*: each move number
    must be the turn's, each comment's text goes to *comment* (which raises
    :class:`ArgumentError` to refuse it), each action is played.

    Raises:
        RecordError: a token cannot be read or played here; it names the move and the action.
    """
    ply = 0
    for token in tokens:
        number = MOVE_NUMBER.match(token)
        if token == "}" or (token[0] == "{" and (len(token) == 1 or token[-1] != "}")):
            raise RecordError(game.move, ply, f"a lone {token[0]!r}: comments are {{text}}")
        if token.startswith("{"):
            try:
                comment(token[1:-1])
            except ArgumentError as err:
                raise RecordError(game.move, ply, str(err)) from None
        elif number is not None:
            if number.group(1) != str(game.move):
                raise RecordError(game.move, ply + 1, f"{token[:20]} where move {game.move} begins")
        else:
            ply += 1
            try:
                game.play(token)
            except (NotationError, IllegalActionError) as err:
                raise RecordError(game.move, ply, str(err)) from None


def check_written(tags: dict[str, str], written: dict[str, str]) -> None:
    """Refuse a record whose Result or Termination tag disagrees with its game's *written* tags.

    Raises:
        NotationError: the two disagree.
    """
    for name in ("Result", "Termination"):
        if name in tags and tags[name] != written.get(name):
            found = written.get(name, "no such tag")
            raise NotationError(f"the {name} tag says {tags[name]!r}, the game {found!r}")


def escape(value: str) -> str:
    """*value* as it stands between a tag's quotes: ``\\`` and ``"`` after a backslash."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unescape(value: str) -> str:
    """The value written ``escape(value)``: any character after a backslash stands for
    itself."""
    return _ESCAPED.sub(r"\1", value)


def move_lines(
    actions: Sequence[object],
    moves: Sequence[int],
    comments: Sequence[str | None],
    *,
    each_on_its_line: bool = False,
) -> list[str]:
    """The numbered moves of a record: a line a turn (``3. rE5 KF6``), or a line an action
    when *each_on_its_line*; ``comments[i]`` follows ``actions[i]`` in braces."""
    lines: list[str] = []
    words: list[str] = []
    for i, action in enumerate(actions):
        turn_begins = i == 0 or moves[i] != moves[i - 1]
        if turn_begins or each_on_its_line:
            if words:
                lines.append(" ".join(words))
            number = f"{moves[i]}."
            words = [number if turn_begins else " " * len(number)]
        words.append(str(action))
        if comments[i] is not None:
            words.append(f"{{{comments[i]}}}")
    if words:
        lines.append(" ".join(words))
    return lines


def narrated(comment: str | None, events: Sequence[Event], limit: int) -> str | None:
    """*comment* followed by the public sentences of *events*, unless it ends with them
    already or would grow beyond *limit* characters."""
    told = " ".join(event.public().text() for event in events)
    if not told or (comment is not None and comment.endswith(told)):
        return comment
    own = "" if comment is None else comment.rstrip()
    if own and not own.endswith((".", "!", "?")):
        own += "."
    joined = f"{own} {told}" if own else told
    return comment if len(joined) > limit else joined
