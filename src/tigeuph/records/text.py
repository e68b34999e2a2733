"""The text of records: the tags a record of the main game writes itself, and the numbered
moves both games' records write, narrated on request. The record is cut into its parts, and
its moves replayed, by the functions both games share (``tigeuph.core.records.text``) and the
history both games' records are (``tigeuph.records.history``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..events import Event

__all__ = ["WRITTEN", "move_lines", "narrated"]

WRITTEN: Final = ("Rules", "Seed", "Result", "Termination")
"""The tags the game writes itself; every other tag is free."""


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
