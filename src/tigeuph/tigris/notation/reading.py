"""Reading a position text: its lines sorted by kind, each located by its number in messages,
then the state they describe (spec D1)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar

from attrs import frozen

from ...core.errors import NotationError
from ..model.cells import COLUMN_LETTERS, cell_name
from ..model.pieces import COLOURS
from ..model.ruleset import Rules
from ..model.state import TILE_COUNTS, GameState, MonumentSite, tiles_outside_bag
from .diagram import DIGITS, BoardReader, rows_in_order
from .fields import (
    NONE,
    SKETCH_TITLE,
    TITLE,
    parse_rules,
    read_bag,
    read_cell_mask,
    read_counts,
    read_end,
    read_hand,
    read_monuments,
    read_number,
    read_pairs,
    read_turn,
    read_unification,
    read_wonder,
)
from .pending import read_pending

__all__ = ["Lines", "at_line", "build", "split"]

T = TypeVar("T")

_KEYS: Final = (
    "rules",
    "turn",
    "pending",
    "end",
    "bag",
    "removed",
    "monuments",
    "declined",
    "unification",
    "wonder",
    "declined-crosses",
    "treasures-set-aside",
)
PLAYER_KEYS: Final = ("hand", "catastrophes", "points", "treasures", "discarded")
_STRAY: Final = re.compile(r"[^\t -~]")
"""A character no position line holds outside comments: not printable ASCII nor a tab."""


@contextmanager
def at_line(line: int) -> Iterator[None]:
    """Turn any parse failure inside into a :class:`NotationError` naming *line*."""
    try:
        yield
    except NotationError as err:
        if str(err).startswith("line "):  # already located
            raise
        raise NotationError(f"line {line}: {err}") from None
    except (ValueError, LookupError, TypeError, OverflowError) as err:
        raise NotationError(f"line {line}: {err}") from None


@frozen
class Lines:
    """The meaningful lines of a position text, sorted by kind, with their line numbers."""

    rows: list[tuple[int, list[str]]]
    """``(line number, words)`` of each board row, in the order written."""
    fields: dict[str, tuple[int, str]]
    players: dict[int, tuple[int, str]]
    sketch: bool
    """Whether the title is ``tigeuph sketch`` (spec D7)."""


def split(text: str) -> Lines:
    """Sort the lines by kind; check the title, the keys and the board's shape."""
    rows: list[tuple[int, list[str]]] = []
    fields: dict[str, tuple[int, str]] = {}
    players: dict[int, tuple[int, str]] = {}
    header = False
    sketch = False
    titled = False
    for n, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip(" \t\r")
        if not line or line.startswith("#"):
            continue
        stray = _STRAY.search(line)
        if stray is not None:
            raise NotationError(
                f"line {n}: {stray.group()!r} (column {raw.index(stray.group()) + 1}) is not "
                "part of position notation (printable ASCII; any text in # comment lines)"
            )
        if not titled:
            if line not in (TITLE, SKETCH_TITLE):
                raise NotationError(
                    f"line {n}: expected {TITLE!r} or {SKETCH_TITLE!r} first, not {line[:40]!r}"
                )
            titled = True
            sketch = line == SKETCH_TITLE
            continue
        tokens = line.split()
        if tokens and tokens == list(COLUMN_LETTERS[: len(tokens)]):
            if header:
                raise NotationError(f"line {n}: a second column header")
            header = True
        elif line[0] in DIGITS:
            rows.append((n, tokens))
        elif ":" in line:
            key, value = (part.strip() for part in line.split(":", 1))
            with at_line(n):
                if not value and not key.startswith("player"):
                    raise ValueError(f"{key[:20]!r} has no value (write none for nothing)")
                words = key.split()
                if len(words) == 2 and words[0] == "player":
                    seat = read_number(words[1], "a seat")
                    if seat in players:
                        raise ValueError(f"a second line for player {seat}")
                    players[seat] = (n, value)
                elif key in _KEYS:
                    if key in fields:
                        raise ValueError(f"a second {key!r} line")
                    fields[key] = (n, value)
                else:
                    raise ValueError(f"unknown key {key!r}")
        else:
            raise NotationError(
                f"line {n}: expected 'key: value', a board row or the column header, "
                f"not {line[:40]!r}"
            )
    if not titled:
        raise NotationError(f"empty text: a position starts with {TITLE!r}")
    if "rules" not in fields:
        raise NotationError("the 'rules:' line is missing")
    return Lines(rows, fields, players, sketch)


def build(lines: Lines, problems: list[str]) -> GameState:
    """The state *lines* describe; problems that a state cannot hold go to *problems*."""
    rules = _field(lines, "rules", parse_rules, Rules())  # split made sure it is there
    players = rules.players
    board = BoardReader(players)
    for n, tokens in rows_in_order(lines.rows, rules.board):
        with at_line(n):
            board.read_row(n, tokens, rules.board.river, problems)

    hands: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * players
    catastrophes = [2] * players
    points: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * players
    taken = [0] * players
    discarded: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * players
    for seat, (n, value) in sorted(lines.players.items()):
        if seat >= players:
            problems.append(f"line {n}: there is no player {seat} in a {players}-player game")
            continue
        with at_line(n):
            pairs = read_pairs(value, required=(), optional=PLAYER_KEYS)
            if "hand" in pairs:
                hands[seat] = read_hand(pairs["hand"])
            if "catastrophes" in pairs:
                catastrophes[seat] = read_number(pairs["catastrophes"], "catastrophes")
            if "points" in pairs:
                points[seat] = read_counts(pairs["points"])
            if "treasures" in pairs:
                taken[seat] = read_number(pairs["treasures"], "treasures")
            if "discarded" in pairs:
                discarded[seat] = read_counts(pairs["discarded"])

    active, actions = _field(lines, "turn", read_turn, (0, 2))
    pending = _field(lines, "pending", read_pending, None)
    ended = _field(lines, "end", read_end, None)
    removed = _field(lines, "removed", read_counts, (0, 0, 0, 0))
    monuments: tuple[MonumentSite, ...] = _field(lines, "monuments", read_monuments, ())
    declined = _field(lines, "declined", read_cell_mask, 0)
    unification = _field(lines, "unification", read_unification, None)
    wonder = _field(lines, "wonder", read_wonder, None)
    declined_crosses = _field(lines, "declined-crosses", read_cell_mask, 0)
    set_aside = _field(lines, "treasures-set-aside", lambda v: read_number(v, "treasures"), 0)
    if board.stars != ([] if unification is None else [unification]):
        drawn = ", ".join(cell_name(c) for c in board.stars) or "no cell"
        listed = NONE if unification is None else cell_name(unification)
        problems.append(f"the board marks {drawn} with '*', but the unification line says {listed}")

    if "bag" in lines.fields:
        bag = _field(lines, "bag", read_bag, "")
    else:  # R1: the bag holds every tile found nowhere else
        found = tiles_outside_bag(board.tiles, monuments, hands, removed, discarded, wonder)
        bag = "".join(
            colour.letter * max(0, TILE_COUNTS[colour] - found[colour]) for colour in COLOURS
        )

    r, b, g, k = board.tiles
    return GameState(
        rules=rules,
        tiles=(r, b, g, k),
        flipped=board.flipped,
        catastrophes=board.catastrophes,
        treasures=board.treasures,
        leaders=tuple(tuple(row) for row in board.leaders),
        monuments=monuments,
        declined=declined,
        unification=unification,
        hands=tuple(hands),
        catastrophe_tiles=tuple(catastrophes),
        points=tuple(points),
        treasures_taken=tuple(taken),
        bag=bag,
        removed=removed,
        discarded=tuple(discarded),
        active=active,
        actions_left=actions,
        pending=pending,
        ended=ended,
        buildings=board.buildings(problems),
        wonder=wonder,
        declined_crosses=declined_crosses,
        treasures_set_aside=set_aside,
    )


def _field(lines: Lines, key: str, parse: Callable[[str], T], default: T) -> T:
    """The value of the *key* line read by *parse*, or *default* when the line is left out."""
    if key not in lines.fields:
        return default
    n, value = lines.fields[key]
    with at_line(n):
        return parse(value)
