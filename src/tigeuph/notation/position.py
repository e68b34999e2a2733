"""Position notation: a whole :class:`~tigeuph.state.GameState` as text a person can read and
write, and back; ``from_text(to_text(state)) == state`` for every reachable state.

A position is a title line, four lines about the game, the board, then one line per player and
the lines about the supply, in this order::

    tigeuph position
    rules: players=2 board=standard
    turn: player=0 actions=2
    pending: none
    end: none

         A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
     1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
     ... 11 rows: the row number, then 16 cell tokens separated by spaces

    player 0: hand=rrbgkk catastrophes=2 points=r0,b0,g0,k0 treasures=0 discarded=r0,b0,g0,k0
    player 1: hand=rbbggk catastrophes=2 points=r0,b0,g0,k0 treasures=0 discarded=r0,b0,g0,k0
    bag: rkbkbbbkbggrrrr...
    removed: r0,b0,g0,k0
    monuments: rk@E5/r bg@A9/b
    declined: E5 F7
    unification: none

- ``rules``: the player count (2 to 4), the board, ``standard`` or ``advanced`` (spec R29) or a
  custom board written as its grid, rows joined by ``/`` (``board=T.~./..~S``: ``.`` land,
  ``~`` river, ``T`` a starting temple, ``S`` one whose treasure is special; see
  :func:`tigeuph.boards.board_from_text`), then
  a word for each variant switched on, in this order: ``english-reinforcement`` (R28),
  ``buildings`` (R30), ``wonder`` (R31), ``open-scoring`` (R32).
- ``turn``: the active seat and the actions he may still start this turn.
- ``pending``: the decision play waits for (see below).
- ``end``: ``none`` while the game goes on, else why it ended: ``treasures`` or ``bag`` (R26).
- Cell tokens: ``.`` empty land, ``~`` empty river, ``r`` ``b`` ``g`` ``k`` a face-up tile,
  ``#`` a face-down monument tile, ``x`` a catastrophe; ``$`` after a tile or ``#`` marks a
  treasure (``r$``, ``#$``); ``*`` after a tile marks the unification marker (``k*``), which
  the ``unification`` line must name too; ``@`` last marks the building of the tile's colour
  (``k@``, ``r$@``; variant R30). A leader is its colour letter in upper case and its
  owner's seat: ``K0`` the king of seat 0, ``R1`` a priest, ``B2`` a farmer, ``G3`` a trader.
  ``.`` and ``~`` must match the board's terrain.
- ``player N``: the hand as colour letters (``none`` when empty), catastrophe tiles still held,
  points per colour (always four, in the order r, b, g, k), treasures taken, and the tiles
  he discarded by exchanges, per colour.
- ``bag``: colour letters in draw order, the next draw first; ``none`` when empty.
- ``removed``: tiles out of the game in the open, per colour (destroyed on the board or
  committed as support); tiles a player exchanged are his ``discarded`` counts instead.
- ``monuments``: in the order built, monument code ``@`` top-left corner ``/`` colour letter of
  the square it covers; ``declined``: the top-left corners of declined squares (spec R22);
  ``unification``: the cell carrying the marker (R16). Each is ``none`` when empty.
- With the wonder variant (R31) two more lines follow: ``wonder``, the centre of the built
  wonder's cross ``/`` the colour it covered (``E5/r``), and ``declined-crosses``, the centres
  of crosses declined for it; each ``none`` when empty. Its five tiles are drawn ``#``.

The ``pending`` forms, one per decision (``support`` is the attacker's committed support, given
once he has committed)::

    pending: none
    pending: revolt colour=r attacker=1 defender=0 support=2
    pending: war colour=k attacker=1 defender=0 support=0
    pending: war-choice player=0 colours=r,k
    pending: monument player=0 corners=E5,F5
    pending: treasure player=1 trader=F6
    pending: building player=0 colour=k cells=E5,F5,G5 placed=G5
    pending: wonder player=0 centres=F6 placed=F5
    pending: wonder-point player=0

:func:`to_text` writes every line. :func:`from_text` also reads hand-written positions: blank
lines and lines starting with ``#`` are ignored, lines after the title come in any order, and
only the title, ``rules`` and the board rows (11 on a printed board) are required. Left out, the
column header is not missed; ``turn`` means seat 0 with 2 actions; ``pending``, ``end``,
``monuments``, ``declined``, ``unification``, ``wonder`` and ``declined-crosses`` mean none;
``removed`` means zero; a ``player N`` line, or any key in it, means an empty hand, 2
catastrophe tiles, no points and no treasures; and without a ``bag`` line the bag holds every
tile found nowhere else, all red, then blue, green and black, so that the tiles add up (spec
R1). Anything else is an error: unknown keys, a line given twice, a key given twice. The
position read must also pass :func:`~tigeuph.check_state`: the tiles, the catastrophes (each
player starts with 2) and the treasures (one per starting temple) add up, so a hand-written
catastrophe needs a player with fewer catastrophe tiles, and a treasure missing from the board a
player who took it.

>>> state = from_text('''
... tigeuph position
... # A monument covers the starting temple at F3: its treasure stays (spec R23).
... rules: players=2 board=standard
...  1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
...  2   .  r$ K0 .  ~  .  .  .  .  .  .  .  ~  .  .  r$
...  3   .  .  .  ~  b  #$ #  r  .  .  .  .  ~  ~  .  .
...  4   ~  ~  ~  ~  .  #  #  R1 .  .  .  .  .  ~  ~  ~
...  5   .  .  .  .  .  .  .  .  .  x  .  .  .  r$ ~  ~
...  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
...  7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
...  8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
...  9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
... 10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .
... 11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
... player 0: hand=rrbgk points=r0,b0,g0,k1
... player 1: hand=bbkk catastrophes=1 points=r2,b0,g0,k0
... removed: r39,b31,g28,k26
... monuments: rk@F3/r
... ''')
>>> print(to_text(state), end="")
tigeuph position
rules: players=2 board=standard
turn: player=0 actions=2
pending: none
end: none
<BLANKLINE>
     A  B  C  D  E  F  G  H  I  J  K  L  M  N  O  P
 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .
 2   .  r$ K0 .  ~  .  .  .  .  .  .  .  ~  .  .  r$
 3   .  .  .  ~  b  #$ #  r  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  #  #  R1 .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  .  .  .  x  .  .  .  r$ ~  ~
 6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
 8   .  r$ .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .
10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .
11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .
<BLANKLINE>
player 0: hand=rrbgk catastrophes=2 points=r0,b0,g0,k1 treasures=0 discarded=r0,b0,g0,k0
player 1: hand=bbkk catastrophes=1 points=r2,b0,g0,k0 treasures=0 discarded=r0,b0,g0,k0
bag: rrbgk
removed: r39,b31,g28,k26
monuments: rk@F3/r
declined: none
unification: none
>>> from_text(to_text(state)) == state
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar

from attrs import frozen

from ..boards import ADVANCED, STANDARD, Board, board_from_text, board_to_text
from ..cells import Bitboard, Cell, cell, cell_name, cells_of, parse_cell
from ..checks import check_state
from ..decisions import (
    BuildingChoice,
    Decision,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from ..errors import NotationError, PositionError, expect
from ..limits import DEFAULT_LIMITS, Limits, check_limits, check_text, summarise
from ..pieces import COLOURS, Colour, Monument
from ..ruleset import SWITCHES, Rules, parse_switches, switch_word
from ..state import TILE_COUNTS, End, GameState, MonumentSite, WonderSite, tiles_outside_bag
from .sketch import Sketch, complete

__all__ = ["from_text", "parse_rules", "read_sketch", "rules_text", "to_text"]

T = TypeVar("T")

TITLE: Final = "tigeuph position"
SKETCH_TITLE: Final = "tigeuph sketch"
"""The title of a sketch: a position whose bookkeeping is completed on reading (spec D7)."""
_COLUMNS: Final = "ABCDEFGHIJKLMNOP"
_BOARDS: Final = {"standard": STANDARD, "advanced": ADVANCED}
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
_PLAYER_KEYS: Final = ("hand", "catastrophes", "points", "treasures", "discarded")
_DIGITS: Final = "0123456789"
_NONE: Final = "none"
CUSTOM: Final = "custom"
"""The name a board read from a grid in position notation takes."""
_GRID: Final = ".~TS/"
_SWITCH_WORDS: Final = {name: switch_word(name) for name in SWITCHES}
_STRAY: Final = re.compile(r"[^\t -~]")
"""A character no position line holds outside comments: not printable ASCII nor a tab."""


# --- to_text -----------------------------------------------------------------------------------


def to_text(state: GameState) -> str:
    """*state* in position notation, one line per item, ending with a newline.

    A state that :func:`~tigeuph.check_state` rejects may not survive the round trip: a cell
    holding two pieces shows only one of them.

    Raises:
        ArgumentTypeError: *state* is not a :class:`~tigeuph.GameState`.
    """
    expect(state, GameState, "a GameState", "to_text: state")
    lines = [
        TITLE,
        f"rules: {rules_text(state.rules)}",
        f"turn: player={state.active} actions={state.actions_left}",
        f"pending: {_pending_text(state.pending)}",
        f"end: {_NONE if state.ended is None else state.ended.value}",
        "",
        "     " + "  ".join(_COLUMNS[: state.rules.board.cols]),
        *_rows(state),
        "",
    ]
    for seat, hand in enumerate(state.hands):
        lines.append(
            f"player {seat}: hand={_letters(hand) or _NONE} "
            f"catastrophes={state.catastrophe_tiles[seat]} "
            f"points={_four(state.points[seat])} treasures={state.treasures_taken[seat]} "
            f"discarded={_four(state.discarded[seat])}"
        )
    sites = [f"{s.monument.code}@{cell_name(s.corner)}/{s.colour.letter}" for s in state.monuments]
    declined = [cell_name(c) for c in cells_of(state.declined)]
    lines += [
        f"bag: {state.bag or _NONE}",
        f"removed: {_four(state.removed)}",
        f"monuments: {' '.join(sites) or _NONE}",
        f"declined: {' '.join(declined) or _NONE}",
        f"unification: {_NONE if state.unification is None else cell_name(state.unification)}",
    ]
    if state.rules.wonder or state.wonder is not None or state.declined_crosses:
        site = state.wonder
        built = _NONE if site is None else f"{cell_name(site.centre)}/{site.colour.letter}"
        crosses = [cell_name(c) for c in cells_of(state.declined_crosses)]
        lines += [
            f"wonder: {built}",
            f"declined-crosses: {' '.join(crosses) or _NONE}",
        ]
    if state.treasures_set_aside:
        lines.append(f"treasures-set-aside: {state.treasures_set_aside}")
    return "\n".join(lines) + "\n"


def rules_text(rules: Rules) -> str:
    """*rules* as the value of the ``rules:`` line, e.g. ``players=2 board=standard``; a custom
    board is written as its grid (see the module docstring)."""
    board = next((name for name, known in _BOARDS.items() if rules.board == known), None)
    if board is None:  # a custom board, written out as its grid, row after row
        board = "/".join(board_to_text(rules.board).splitlines()[1:])
    words = [f"players={rules.players}", f"board={board}"]
    words += (_SWITCH_WORDS[switch] for switch in rules.switches)
    return " ".join(words)


def _letters(counts: tuple[int, int, int, int]) -> str:
    return "".join(colour.letter * n for colour, n in zip(COLOURS, counts, strict=True))


def _four(counts: tuple[int, int, int, int]) -> str:
    return ",".join(f"{colour.letter}{n}" for colour, n in zip(COLOURS, counts, strict=True))


def _pending_text(pending: Decision | None) -> str:
    match pending:
        case None:
            return _NONE
        case Revolt() | War():
            kind = "revolt" if isinstance(pending, Revolt) else "war"
            text = (
                f"{kind} colour={pending.colour.letter} "
                f"attacker={pending.attacker} defender={pending.defender}"
            )
            if pending.attacker_support is not None:
                text += f" support={pending.attacker_support}"
            return text
        case WarChoice():
            colours = ",".join(c.letter for c in pending.colours)
            return f"war-choice player={pending.player} colours={colours}"
        case MonumentChoice():
            corners = ",".join(cell_name(c) for c in pending.corners)
            return f"monument player={pending.player} corners={corners}"
        case TreasureChoice():
            return f"treasure player={pending.player} trader={cell_name(pending.trader)}"
        case BuildingChoice():
            return (
                f"building player={pending.player} colour={pending.colour.letter} "
                f"cells={_cells_text(pending.cells)} placed={cell_name(pending.placed)}"
            )
        case WonderChoice():
            return (
                f"wonder player={pending.player} centres={_cells_text(pending.centres)} "
                f"placed={cell_name(pending.placed)}"
            )
        case WonderPoint():
            return f"wonder-point player={pending.player}"


def _cells_text(cells: tuple[Cell, ...]) -> str:
    return ",".join(cell_name(c) for c in cells)


def _rows(state: GameState) -> Iterator[str]:
    leaders: dict[Cell, str] = {}
    for seat, row in enumerate(state.leaders):
        for colour, at in zip(COLOURS, row, strict=True):
            if at is not None:
                leaders[at] = f"{colour.letter.upper()}{seat}"
    river = state.rules.board.river
    for r in range(state.rules.board.rows):
        tokens = []
        for col in range(state.rules.board.cols):
            c = cell(r, col)
            token = leaders.get(c) or _token(state, c, river)
            tokens.append(f"{token:<2}")  # a three-letter token (r$@) shifts the row
        yield f"{r + 1:>2}   " + " ".join(tokens).rstrip()


def _token(state: GameState, c: Cell, river: Bitboard) -> str:
    treasure = "$" if state.treasures >> c & 1 else ""
    if state.catastrophes >> c & 1:
        return "x"
    if state.flipped >> c & 1:
        return "#" + treasure
    colour = state.tile_at(c)
    if colour is not None:
        mark = "*" if c == state.unification else treasure
        return colour.letter + mark + ("@" if state.buildings[colour] == c else "")
    return "~" if river >> c & 1 else "."


# --- from_text ---------------------------------------------------------------------------------


def from_text(text: str, *, limits: Limits = DEFAULT_LIMITS) -> GameState:
    """The state written as *text* in position notation (see the module docstring); a text
    titled ``tigeuph sketch`` is read as a sketch and completed (:func:`read_sketch`, spec D7).

    Outside comment lines the text is printable ASCII (tabs allowed), as the notation is: a
    lookalike such as a dotless i (U+0131) or a non-breaking space is refused, not read as
    ``i`` or a space. Comment lines may hold any text. Reading takes time linear in the text,
    which must fit ``limits.max_text_bytes``.

    Raises:
        ArgumentTypeError: *text* is not a string.
        LimitError: *text* is over ``limits.max_text_bytes``.
        NotationError: *text* is not position notation; the message names the line.
        PositionError: *text* reads, but describes an impossible position; the message lists
            the first problems :func:`~tigeuph.check_state` finds and how many more.
    """
    return _read(text, sketch=False, limits=limits, where="from_text").state


def read_sketch(text: str, *, limits: Limits = DEFAULT_LIMITS) -> Sketch:
    """The position *text* sketches, completed, with what was filled in (spec D7).

    *text* is position notation titled ``tigeuph sketch`` (or ``tigeuph position``): the bag
    or the removed tiles absorb the tiles left out, players without a written catastrophe count
    give up those drawn, and treasures neither drawn nor taken are set aside for nobody (see
    ``tigeuph.notation.sketch``).

    >>> sketch = read_sketch('''
    ... tigeuph sketch
    ... rules: players=2 board=standard
    ...  1   .  .  .  .  ~  ~  ~  ~  ~  .  .  .  ~  .  .  .
    ...  2   .  .  .  .  ~  .  .  .  .  .  .  .  ~  .  .  .
    ...  3   .  .  .  ~  ~  .  .  .  .  .  .  .  ~  ~  .  .
    ...  4   ~  ~  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
    ...  5   .  .  .  .  r  K0 x  .  .  .  .  .  .  .  ~  ~
    ...  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
    ...  7   ~  ~  ~  ~  .  .  .  .  r$ .  .  .  ~  ~  ~  .
    ...  8   .  .  .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
    ...  9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  .  .
    ... 10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    ... 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    ... player 1: catastrophes=2
    ... ''')
    >>> print(sketch)
    the bag: 151 tiles (r55 b36 g30 k30)
    seat 0 played 1 of the catastrophes drawn
    9 treasures set aside, taken by nobody

    Raises:
        ArgumentTypeError: *text* is not a string.
        LimitError: *text* is over ``limits.max_text_bytes``.
        NotationError: *text* is not position notation.
        PositionError: even completed, no game could hold the position.
    """
    return _read(text, sketch=True, limits=limits, where="read_sketch")


def _read(text: str, *, sketch: bool, limits: Limits, where: str) -> Sketch:
    limits = check_limits(limits, where)
    check_text(text, limits, "position text")
    try:
        problems: list[str] = []
        lines = _split(text)
        state = _build(lines, problems)
        filled: tuple[str, ...] = ()
        if sketch or lines.sketch:
            given = frozenset(
                seat for seat, (_, value) in lines.players.items() if "catastrophes=" in value
            )
            done = complete(
                state,
                bag_given="bag" in lines.fields,
                removed_given="removed" in lines.fields,
                catastrophes_given=given,
            )
            state, filled = done.state, done.filled
        problems += check_state(state)
    except NotationError:
        raise
    except (ValueError, LookupError, TypeError, OverflowError) as err:  # a safety net only
        raise NotationError(f"not a position: {err}") from None
    if problems:
        kind = "impossible sketch" if sketch or lines.sketch else "impossible position"
        raise PositionError(f"{kind}: " + summarise(problems))
    return Sketch(state, filled)


@contextmanager
def _at(line: int) -> Iterator[None]:
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
class _Lines:
    """The meaningful lines of a position text, sorted by kind, with their line numbers."""

    rows: list[tuple[int, list[str]]]
    """``(line number, words)`` of each board row, in the order written."""
    fields: dict[str, tuple[int, str]]
    players: dict[int, tuple[int, str]]
    sketch: bool
    """Whether the title is ``tigeuph sketch`` (spec D7)."""


def _split(text: str) -> _Lines:
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
        if tokens and tokens == list(_COLUMNS[: len(tokens)]):
            if header:
                raise NotationError(f"line {n}: a second column header")
            header = True
        elif line[0] in _DIGITS:
            rows.append((n, tokens))
        elif ":" in line:
            key, value = (part.strip() for part in line.split(":", 1))
            with _at(n):
                if not value and not key.startswith("player"):
                    raise ValueError(f"{key[:20]!r} has no value (write none for nothing)")
                words = key.split()
                if len(words) == 2 and words[0] == "player":
                    seat = _number(words[1], "a seat")
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
    return _Lines(rows, fields, players, sketch)


def _board_rows(rows: list[tuple[int, list[str]]], board: Board) -> list[tuple[int, list[str]]]:
    """The board rows in board order, once checked against the board's size."""
    if len(rows) != board.rows:
        raise NotationError(f"the board has {len(rows)} rows, not {board.rows}")
    labels = [str(r + 1) for r in range(board.rows)]
    by_label: dict[str, tuple[int, list[str]]] = {}
    for n, tokens in rows:
        label = tokens[0]
        if label not in labels:
            raise NotationError(f"line {n}: {label[:10]!r} is not a row number (1 to {board.rows})")
        if label in by_label:
            raise NotationError(f"line {n}: a second row {label}")
        if len(tokens) != board.cols + 1:
            raise NotationError(
                f"line {n}: row {label} has {len(tokens) - 1} cells, not {board.cols}"
            )
        by_label[label] = (n, tokens)
    return [by_label[label] for label in labels]


def _build(lines: _Lines, problems: list[str]) -> GameState:
    """The state *lines* describe; problems that a state cannot hold go to *problems*."""
    rules = _field(lines, "rules", parse_rules, Rules())  # _split made sure it is there
    players = rules.players
    board = _Board(players)
    for n, tokens in _board_rows(lines.rows, rules.board):
        with _at(n):
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
        with _at(n):
            pairs = _pairs(value, required=(), optional=_PLAYER_KEYS)
            if "hand" in pairs:
                hands[seat] = _hand(pairs["hand"])
            if "catastrophes" in pairs:
                catastrophes[seat] = _number(pairs["catastrophes"], "catastrophes")
            if "points" in pairs:
                points[seat] = _counts(pairs["points"])
            if "treasures" in pairs:
                taken[seat] = _number(pairs["treasures"], "treasures")
            if "discarded" in pairs:
                discarded[seat] = _counts(pairs["discarded"])

    active, actions = _field(lines, "turn", _turn, (0, 2))
    pending = _field(lines, "pending", _pending, None)
    ended = _field(lines, "end", _end, None)
    removed = _field(lines, "removed", _counts, (0, 0, 0, 0))
    monuments: tuple[MonumentSite, ...] = _field(lines, "monuments", _monuments, ())
    declined = _field(lines, "declined", _cell_mask, 0)
    unification = _field(lines, "unification", _unification, None)
    wonder = _field(lines, "wonder", _wonder, None)
    declined_crosses = _field(lines, "declined-crosses", _cell_mask, 0)
    set_aside = _field(lines, "treasures-set-aside", lambda v: _number(v, "treasures"), 0)
    if board.stars != ([] if unification is None else [unification]):
        drawn = ", ".join(cell_name(c) for c in board.stars) or "no cell"
        listed = _NONE if unification is None else cell_name(unification)
        problems.append(f"the board marks {drawn} with '*', but the unification line says {listed}")

    if "bag" in lines.fields:
        bag = _field(lines, "bag", _bag, "")
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


def _field(lines: _Lines, key: str, parse: Callable[[str], T], default: T) -> T:
    """The value of the *key* line read by *parse*, or *default* when the line is left out."""
    if key not in lines.fields:
        return default
    n, value = lines.fields[key]
    with _at(n):
        return parse(value)


class _Board:
    """The board layers, filled row by row from the cell tokens."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.tiles = [0, 0, 0, 0]
        self.flipped = 0
        self.catastrophes = 0
        self.treasures = 0
        self.leaders: list[list[Cell | None]] = [[None] * 4 for _ in range(players)]
        self.stars: list[Cell] = []
        self.built: list[list[Cell]] = [[], [], [], []]

    def buildings(
        self, problems: list[str]
    ) -> tuple[Cell | None, Cell | None, Cell | None, Cell | None]:
        """The building of each colour, from the ``@`` marks (one per colour at most)."""
        out: list[Cell | None] = []
        for colour, cells in zip(COLOURS, self.built, strict=True):
            if len(cells) > 1:
                problems.append(
                    f"the {colour.building} is drawn {len(cells)} times: "
                    + ", ".join(cell_name(c) for c in cells)
                )
            out.append(cells[0] if cells else None)
        return out[0], out[1], out[2], out[3]

    def read_row(self, line: int, tokens: list[str], river: Bitboard, problems: list[str]) -> None:
        """Add the cells of one board row (``tokens[0]`` is its label)."""
        r = int(tokens[0]) - 1
        for col, token in enumerate(tokens[1:]):
            c = cell(r, col)
            name = cell_name(c)
            here = 1 << c
            head, tail = token[0], token[1:]
            building = head in "rbgk" and tail.endswith("@")
            if building:
                tail = tail[:-1]
            if token in (".", "~"):
                if (token == "~") != bool(river & here):
                    terrain = "a river" if river & here else "land"
                    problems.append(f"line {line}: {name} is {terrain}, drawn as {token!r}")
            elif token == "x":
                self.catastrophes |= here
            elif head == "#" and tail in ("", "$"):
                self.flipped |= here
            elif head in "rbgk" and tail in ("", "$", "*"):
                self.tiles[Colour.from_letter(head)] |= here
                if tail == "*":
                    self.stars.append(c)
                if building:
                    self.built[Colour.from_letter(head)].append(c)
            elif head in "RBGK" and len(tail) == 1 and tail in _DIGITS:
                self._leader(line, name, Colour.from_letter(head), int(tail), c, problems)
            else:
                raise ValueError(f"{token[:10]!r} on {name} is not a cell token")
            if tail == "$":
                self.treasures |= here

    def _leader(
        self, line: int, name: str, colour: Colour, seat: int, c: Cell, problems: list[str]
    ) -> None:
        token = f"{colour.letter.upper()}{seat}"
        if seat >= self.players:
            problems.append(
                f"line {line}: {token} on {name}: no player {seat} in a {self.players}-player game"
            )
            return
        before = self.leaders[seat][colour]
        if before is not None:
            problems.append(f"{token} is drawn twice, on {cell_name(before)} and {name}")
            return
        self.leaders[seat][colour] = c


def parse_rules(value: str) -> Rules:
    """The :class:`Rules` written as the value of a ``rules:`` line (see :func:`rules_text`).

    Raises:
        ValueError: *value* names no rules.
    """
    words = value.split()
    flags = [word for word in words if "=" not in word]
    on = parse_switches(" ".join(flags))
    switches = {switch: switch in on for switch in SWITCHES}
    pairs = _pairs(
        " ".join(word for word in words if "=" in word), required=("players", "board"), optional=()
    )
    players = _number(pairs["players"], "players")
    if players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4, not {players}")
    board: Board | None = _BOARDS.get(pairs["board"])
    if board is None:
        grid = pairs["board"]
        if not grid or set(grid) - set(_GRID):
            raise ValueError(
                f"board must be {' or '.join(_BOARDS)} or a grid like T.~/.~S, not {grid[:20]!r}"
            )
        board = board_from_text(grid.replace("/", "\n"), name=CUSTOM)
    return Rules(players=players, board=board, **switches)


def _pairs(value: str, *, required: tuple[str, ...], optional: tuple[str, ...]) -> dict[str, str]:
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


def _number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{what} must be a whole number, not {text[:20]!r}")
    return int(text)


def _colour(letter: str) -> Colour:
    if len(letter) != 1 or letter not in "rbgk":
        raise ValueError(f"{letter[:10]!r} is not a colour letter (r, b, g, k)")
    return Colour.from_letter(letter)


def _hand(text: str) -> tuple[int, int, int, int]:
    if text == _NONE:
        return (0, 0, 0, 0)
    if not text:
        raise ValueError("the hand is empty: write hand=none")
    counts = [0, 0, 0, 0]
    for letter in text:
        counts[_colour(letter)] += 1
    return counts[0], counts[1], counts[2], counts[3]


def _bag(text: str) -> str:
    if text == _NONE:
        return ""
    strays = set(text) - set("rbgk")  # one pass, so that a long bag line reads fast
    if strays:
        _colour(min(strays))
    return text


def _counts(text: str) -> tuple[int, int, int, int]:
    """``r0,b0,g0,k0``: four counts, in colour order."""
    items = text.split(",")
    if [item[:1] for item in items] != [colour.letter for colour in COLOURS]:
        raise ValueError(f"expected four counts like r0,b0,g0,k0, not {text[:40]!r}")
    r, b, g, k = (_number(item[1:], f"a count of {item[:1]}") for item in items)
    return r, b, g, k


def _monuments(text: str) -> tuple[MonumentSite, ...]:
    """``rk@E5/r bg@A9/b``: monument, top-left corner, colour of the square, in build order."""
    if text == _NONE:
        return ()
    sites = []
    for word in text.split():
        code, at, rest = word.partition("@")
        corner, slash, letter = rest.partition("/")
        if not (at and slash):
            raise ValueError(f"expected a monument like rk@E5/r, not {word[:20]!r}")
        sites.append(MonumentSite(Monument.from_code(code), parse_cell(corner), _colour(letter)))
    return tuple(sites)


def _cell_mask(text: str) -> Bitboard:
    if text == _NONE:
        return 0
    out = 0
    for word in text.split():
        here = 1 << parse_cell(word)
        if out & here:
            raise ValueError(f"{word} is listed twice")
        out |= here
    return out


def _cell_list(text: str) -> tuple[Cell, ...]:
    return tuple(parse_cell(word) for word in text.split(","))


def _turn(value: str) -> tuple[int, int]:
    pairs = _pairs(value, required=(), optional=("player", "actions"))
    return _number(pairs.get("player", "0"), "player"), _number(
        pairs.get("actions", "2"), "actions"
    )


def _wonder(value: str) -> WonderSite | None:
    """``E5/r``: the centre of the wonder's cross and the colour it covered."""
    if value == _NONE:
        return None
    centre, slash, letter = value.partition("/")
    if not slash:
        raise ValueError(f"expected the wonder like E5/r, not {value[:20]!r}")
    return WonderSite(parse_cell(centre), _colour(letter))


def _unification(value: str) -> Cell | None:
    return None if value == _NONE else parse_cell(value)


def _end(value: str) -> End | None:
    if value == _NONE:
        return None
    for end in End:
        if value == end.value:
            return end
    raise ValueError(f"end must be none, treasures or bag, not {value[:20]!r}")


def _pending(value: str) -> Decision | None:
    """The ``pending:`` line: ``none`` or a kind followed by ``key=value`` words."""
    if value == _NONE:
        return None
    kind, *words = value.split()
    rest = " ".join(words)
    if kind in ("revolt", "war"):
        p = _pairs(rest, required=("colour", "attacker", "defender"), optional=("support",))
        colour = _colour(p["colour"])
        attacker = _number(p["attacker"], "attacker")
        defender = _number(p["defender"], "defender")
        support = None if "support" not in p else _number(p["support"], "support")
        if kind == "revolt":
            return Revolt(colour, attacker, defender, support)
        return War(colour, attacker, defender, support)
    if kind == "war-choice":
        p = _pairs(rest, required=("player", "colours"), optional=())
        colours = tuple(_colour(letter) for letter in p["colours"].split(","))
        return WarChoice(_number(p["player"], "player"), colours)
    if kind == "monument":
        p = _pairs(rest, required=("player", "corners"), optional=())
        return MonumentChoice(_number(p["player"], "player"), _cell_list(p["corners"]))
    if kind == "treasure":
        p = _pairs(rest, required=("player", "trader"), optional=())
        return TreasureChoice(_number(p["player"], "player"), parse_cell(p["trader"]))
    if kind == "building":
        p = _pairs(rest, required=("player", "colour", "cells", "placed"), optional=())
        return BuildingChoice(
            _number(p["player"], "player"),
            _colour(p["colour"]),
            _cell_list(p["cells"]),
            parse_cell(p["placed"]),
        )
    if kind == "wonder":
        p = _pairs(rest, required=("player", "centres", "placed"), optional=())
        return WonderChoice(
            _number(p["player"], "player"), _cell_list(p["centres"]), parse_cell(p["placed"])
        )
    if kind == "wonder-point":
        p = _pairs(rest, required=("player",), optional=())
        return WonderPoint(_number(p["player"], "player"))
    raise ValueError(
        "pending must be none, revolt, war, war-choice, monument, treasure, building, wonder "
        f"or wonder-point, not {kind[:20]!r}"
    )
