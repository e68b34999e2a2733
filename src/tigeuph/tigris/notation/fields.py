"""The values of the position notation's lines: the title, the ``rules:`` line, and the words
of the other lines (counts, hands, monuments, cells), each written and read back (spec D1)."""

from __future__ import annotations

from typing import Final

from ..model.boards import BUILT_IN, CUSTOM, Board, board_from_text, board_name, board_to_text
from ..model.cells import Bitboard, Cell, parse_cell
from ..model.pieces import COLOURS, Colour, Monument
from ..model.ruleset import SWITCHES, Rules, parse_switches, switch_word
from ..model.state import End, MonumentSite, WonderSite

__all__ = ["SKETCH_TITLE", "TITLE", "parse_rules", "rules_text"]

TITLE: Final = "tigeuph position"
SKETCH_TITLE: Final = "tigeuph sketch"
"""The title of a sketch: a position whose bookkeeping is completed on reading (spec D7)."""
NONE: Final = "none"
"""The word for nothing: no pending decision, an empty hand, no monument."""
_GRID: Final = ".~TS/"
_SWITCH_WORDS: Final = {name: switch_word(name) for name in SWITCHES}


def rules_text(rules: Rules) -> str:
    """*rules* as the value of the ``rules:`` line, e.g. ``players=2 board=standard``; a custom
    board is written as its grid (see the module docstring)."""
    board = board_name(rules.board)
    if board is None:  # a custom board, written out as its grid, row after row
        board = "/".join(board_to_text(rules.board).splitlines()[1:])
    words = [f"players={rules.players}", f"board={board}"]
    words += (_SWITCH_WORDS[switch] for switch in rules.switches)
    return " ".join(words)


def letters_text(counts: tuple[int, int, int, int]) -> str:
    return "".join(colour.letter * n for colour, n in zip(COLOURS, counts, strict=True))


def counts_text(counts: tuple[int, int, int, int]) -> str:
    return ",".join(f"{colour.letter}{n}" for colour, n in zip(COLOURS, counts, strict=True))


def parse_rules(value: str) -> Rules:
    """The :class:`Rules` written as the value of a ``rules:`` line (see :func:`rules_text`).

    Raises:
        ValueError: *value* names no rules.
    """
    words = value.split()
    flags = [word for word in words if "=" not in word]
    on = parse_switches(" ".join(flags))
    switches = {switch: switch in on for switch in SWITCHES}
    pairs = read_pairs(
        " ".join(word for word in words if "=" in word), required=("players", "board"), optional=()
    )
    players = read_number(pairs["players"], "players")
    if players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4, not {players}")
    board: Board | None = BUILT_IN.get(pairs["board"])
    if board is None:
        grid = pairs["board"]
        if not grid or set(grid) - set(_GRID):
            raise ValueError(
                f"board must be {' or '.join(BUILT_IN)} or a grid like T.~/.~S, not {grid[:20]!r}"
            )
        board = board_from_text(grid.replace("/", "\n"), name=CUSTOM)
    return Rules(players=players, board=board, **switches)


def read_pairs(
    value: str, *, required: tuple[str, ...], optional: tuple[str, ...]
) -> dict[str, str]:
    """``key=value`` words: each key once, every *required* key, no key outside both lists."""
    out: dict[str, str] = {}
    for word in value.split():
        key, eq, item = word.partition("=")
        if not eq:
            raise ValueError(f"expected key=value, not {word[:20]!r}")
        if key not in required and key not in optional:
            raise ValueError(f"unknown key {key[:20]!r}")
        if key in out:
            raise ValueError(f"{key!r} given twice")
        out[key] = item
    missing = [key for key in required if key not in out]
    if missing:
        raise ValueError(f"missing {', '.join(missing)}")
    return out


def read_number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{what} must be a whole number, not {text[:20]!r}")
    return int(text)


def read_colour(letter: str) -> Colour:
    if len(letter) != 1 or letter not in "rbgk":
        raise ValueError(f"{letter[:10]!r} is not a colour letter (r, b, g, k)")
    return Colour.from_letter(letter)


def read_hand(text: str) -> tuple[int, int, int, int]:
    if text == NONE:
        return (0, 0, 0, 0)
    if not text:
        raise ValueError("the hand is empty: write hand=none")
    counts = [0, 0, 0, 0]
    for letter in text:
        counts[read_colour(letter)] += 1
    return counts[0], counts[1], counts[2], counts[3]


def read_bag(text: str) -> str:
    if text == NONE:
        return ""
    strays = set(text) - set("rbgk")  # one pass, so that a long bag line reads fast
    if strays:
        read_colour(min(strays))
    return text


def read_counts(text: str) -> tuple[int, int, int, int]:
    """``r0,b0,g0,k0``: four counts, in colour order."""
    items = text.split(",")
    if [item[:1] for item in items] != [colour.letter for colour in COLOURS]:
        raise ValueError(f"expected four counts like r0,b0,g0,k0, not {text[:40]!r}")
    r, b, g, k = (read_number(item[1:], f"a count of {item[:1]}") for item in items)
    return r, b, g, k


def read_monuments(text: str) -> tuple[MonumentSite, ...]:
    """``rk@E5/r bg@A9/b``: monument, top-left corner, colour of the square, in build order."""
    if text == NONE:
        return ()
    sites = []
    for word in text.split():
        code, at, rest = word.partition("@")
        corner, slash, letter = rest.partition("/")
        if not (at and slash):
            raise ValueError(f"expected a monument like rk@E5/r, not {word[:20]!r}")
        sites.append(
            MonumentSite(Monument.from_code(code), parse_cell(corner), read_colour(letter))
        )
    return tuple(sites)


def read_cell_mask(text: str) -> Bitboard:
    if text == NONE:
        return 0
    out = 0
    for word in text.split():
        here = 1 << parse_cell(word)
        if out & here:
            raise ValueError(f"{word} is listed twice")
        out |= here
    return out


def read_cell_list(text: str) -> tuple[Cell, ...]:
    return tuple(parse_cell(word) for word in text.split(","))


def read_turn(value: str) -> tuple[int, int]:
    pairs = read_pairs(value, required=(), optional=("player", "actions"))
    return read_number(pairs.get("player", "0"), "player"), read_number(
        pairs.get("actions", "2"), "actions"
    )


def read_wonder(value: str) -> WonderSite | None:
    """``E5/r``: the centre of the wonder's cross and the colour it covered."""
    if value == NONE:
        return None
    centre, slash, letter = value.partition("/")
    if not slash:
        raise ValueError(f"expected the wonder like E5/r, not {value[:20]!r}")
    return WonderSite(parse_cell(centre), read_colour(letter))


def read_unification(value: str) -> Cell | None:
    return None if value == NONE else parse_cell(value)


def read_end(value: str) -> End | None:
    if value == NONE:
        return None
    for end in End:
        if value == end.value:
            return end
    raise ValueError(f"end must be none, treasures or bag, not {value[:20]!r}")
