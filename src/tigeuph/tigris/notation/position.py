"""Position notation: a whole :class:`~tigeuph.tigris.model.state.GameState` as text a person can
read and write, and back; ``from_text(to_text(state)) == state`` for every reachable state.

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
  :func:`tigeuph.tigris.model.boards.board_from_text`), then
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

from ...core.errors import NotationError, PositionError, expect
from ...core.limits import DEFAULT_LIMITS, Limits, check_limits, check_text, summarise
from ..checks import check_state
from ..describe.words import board_lines
from ..model.cells import cell_name, cells_of
from ..model.state import GameState
from .fields import NONE, TITLE, counts_text, letters_text, parse_rules, rules_text
from .pending import pending_text
from .reading import build, split
from .sketch import Sketch, complete

__all__ = ["from_text", "parse_rules", "read_sketch", "rules_text", "to_text"]


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
        f"pending: {pending_text(state.pending)}",
        f"end: {NONE if state.ended is None else state.ended.value}",
        "",
        *board_lines(state),
        "",
    ]
    for seat, hand in enumerate(state.hands):
        lines.append(
            f"player {seat}: hand={letters_text(hand) or NONE} "
            f"catastrophes={state.catastrophe_tiles[seat]} "
            f"points={counts_text(state.points[seat])} treasures={state.treasures_taken[seat]} "
            f"discarded={counts_text(state.discarded[seat])}"
        )
    sites = [f"{s.monument.code}@{cell_name(s.corner)}/{s.colour.letter}" for s in state.monuments]
    declined = [cell_name(c) for c in cells_of(state.declined)]
    lines += [
        f"bag: {state.bag or NONE}",
        f"removed: {counts_text(state.removed)}",
        f"monuments: {' '.join(sites) or NONE}",
        f"declined: {' '.join(declined) or NONE}",
        f"unification: {NONE if state.unification is None else cell_name(state.unification)}",
    ]
    if state.rules.wonder or state.wonder is not None or state.declined_crosses:
        site = state.wonder
        built = NONE if site is None else f"{cell_name(site.centre)}/{site.colour.letter}"
        crosses = [cell_name(c) for c in cells_of(state.declined_crosses)]
        lines += [
            f"wonder: {built}",
            f"declined-crosses: {' '.join(crosses) or NONE}",
        ]
    if state.treasures_set_aside:
        lines.append(f"treasures-set-aside: {state.treasures_set_aside}")
    return "\n".join(lines) + "\n"


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
    ``tigeuph.tigris.notation.sketch``).

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
        lines = split(text)
        state = build(lines, problems)
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
