"""Babel's actions: one frozen class per kind, each with a compact notation (spec B7-B27).

=====================  ==========  ==========================================================
action                 notation    meaning
=====================  ==========  ==========================================================
:class:`Travel`        ``>H``      discard a Hittite card; the pawn goes to the Hittites
:class:`Colonise`      ``+H``      a Hittite card from hand to the tail of one's column here
:class:`Build`         ``#0``      the top card of seat 0's row on one's temple here
                       ``#s``      one's starting card (level 1) on one's empty site here
:class:`Migrate`       ``~HA``     the last 3 cards of one's Hittite column to the Assyrians
:class:`Destroy`       ``A@2``     Assyrians (the run starting at card 2 pays): destroy
:class:`Steal`         ``H@0``     Hittites: take the opponent's top temple card here
:class:`Expel`         ``M@0:S``   Medes: the opponent discards his Sumerians here
:class:`Switch`        ``S@3``     Sumerians: his cards of his tail's nation come to us
:class:`SkipBuild`     ``P@1#1``   Persians: build one level higher, from row 1's top card
:class:`Halve`         ``%A@2``    any run (here Assyrians at 2): the opponent halves his hand
:class:`Discard`       ``-HHA``    (the halved player) discard these cards
:class:`EndTurn`       ``end``     draw two temple cards onto one's row; the turn passes
=====================  ==========  ==========================================================

A run is named by the index (from 0, head first) of its first card in one's own column at the
pawn's location; the ability's cost is one card of that run (spec B19).

>>> str(parse_action("%a@2")), parse_action("-AHH")
('%A@2', parse_action('-HHA'))
"""

from __future__ import annotations

import re
from typing import Final, TypeAlias

from attrs import Attribute, field, frozen

from ...core.errors import NotationError
from .cards import NATIONS, Counts, Nation, counts_text, nation, parse_counts

__all__ = [
    "Action",
    "Build",
    "Colonise",
    "Destroy",
    "Discard",
    "EndTurn",
    "Expel",
    "Halve",
    "Migrate",
    "SkipBuild",
    "Steal",
    "Switch",
    "Travel",
    "parse_action",
]


def _run(instance: object, attribute: Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value < 60:
        cls = type(instance).__name__
        raise NotationError(f"{cls}.{attribute.name}: {value!r} is no card index (0 to 59)")


def _row(instance: object, attribute: Attribute[int | None], value: object) -> None:
    if value is not None and (value not in (0, 1) or type(value) is not int):
        cls = type(instance).__name__
        raise NotationError(f"{cls}.{attribute.name}: {value!r} is no row (0, 1 or None)")


def _seat_row(instance: object, attribute: Attribute[int], value: object) -> None:
    if value not in (0, 1) or type(value) is not int:
        cls = type(instance).__name__
        raise NotationError(f"{cls}.{attribute.name}: {value!r} is no row (0 or 1)")


def _counts(instance: object, attribute: Attribute[Counts], value: object) -> None:
    ok = (
        isinstance(value, tuple)
        and len(value) == len(NATIONS)
        and all(type(k) is int and k >= 0 for k in value)
        and sum(value) > 0
    )
    if not ok:
        raise NotationError(f"Discard.counts: {value!r} is not five counts, not all zero")


class _Notation:
    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@frozen(repr=False)
class Travel(_Notation):
    """Discard a card of *nation*; one's pawn moves to that nation's location (spec B12)."""

    nation: Nation

    def __str__(self) -> str:
        return f">{self.nation.value}"


@frozen(repr=False)
class Colonise(_Notation):
    """Put a card of *nation* from hand at the tail of one's column here (spec B14)."""

    nation: Nation

    def __str__(self) -> str:
        return f"+{self.nation.value}"


def _source(row: int | None) -> str:
    return "s" if row is None else str(row)


@frozen(repr=False)
class Build(_Notation):
    """Build one level on one's temple here, from the top of seat *row*'s row, or (``None``)
    one's starting card (spec B16)."""

    row: int | None = field(validator=_row)

    def __str__(self) -> str:
        return f"#{_source(self.row)}"


@frozen(repr=False)
class Migrate(_Notation):
    """Move the last three cards of one's column at *origin* to one's column at *target*
    (spec B18)."""

    origin: Nation
    target: Nation

    def __str__(self) -> str:
        return f"~{self.origin.value}{self.target.value}"


@frozen(repr=False)
class Destroy(_Notation):
    """Assyrians: the opponent's temple here goes back onto the temple deck (spec B21)."""

    run: int = field(validator=_run)

    def __str__(self) -> str:
        return f"A@{self.run}"


@frozen(repr=False)
class Steal(_Notation):
    """Hittites: the top card of the opponent's temple here goes onto one's own (spec B22)."""

    run: int = field(validator=_run)

    def __str__(self) -> str:
        return f"H@{self.run}"


@frozen(repr=False)
class Expel(_Notation):
    """Medes: the opponent discards every card of *named* from his column here (spec B23)."""

    run: int = field(validator=_run)
    named: Nation

    def __str__(self) -> str:
        return f"M@{self.run}:{self.named.value}"


@frozen(repr=False)
class Switch(_Notation):
    """Sumerians: the cards of the nation of the opponent's tail card here come over to one's
    column (spec B24)."""

    run: int = field(validator=_run)

    def __str__(self) -> str:
        return f"S@{self.run}"


@frozen(repr=False)
class SkipBuild(_Notation):
    """Persians: build two levels up, from the top of seat *row*'s row (spec B25)."""

    run: int = field(validator=_run)
    row: int = field(validator=_seat_row)

    def __str__(self) -> str:
        return f"P@{self.run}#{self.row}"


@frozen(repr=False)
class Halve(_Notation):
    """Any run of three: the opponent discards half his hand, rounded down (spec B27)."""

    nation: Nation
    run: int = field(validator=_run)

    def __str__(self) -> str:
        return f"%{self.nation.value}@{self.run}"


@frozen(repr=False)
class Discard(_Notation):
    """The halved player's choice: discard these cards (spec B27, B48)."""

    counts: Counts = field(validator=_counts)

    def __str__(self) -> str:
        return f"-{counts_text(self.counts)}"


@frozen(repr=False)
class EndTurn(_Notation):
    """End the turn: draw temple cards onto one's own row (spec B7, B9)."""

    def __str__(self) -> str:
        return "end"


Action: TypeAlias = (
    Travel
    | Colonise
    | Build
    | Migrate
    | Destroy
    | Steal
    | Expel
    | Switch
    | SkipBuild
    | Halve
    | Discard
    | EndTurn
)
"""Any Babel action."""

END_TURN: Final = EndTurn()
TRAVEL: Final = {n: Travel(n) for n in NATIONS}
COLONISE: Final = {n: Colonise(n) for n in NATIONS}
BUILD: Final = {row: Build(row) for row in (0, 1, None)}


def _row_of(text: str) -> int | None:
    return None if text == "S" else int(text)


_N = "([HAPMS])"
_PATTERNS: Final = (
    (re.compile(rf">{_N}"), lambda m: TRAVEL[nation(m[1])]),
    (re.compile(rf"\+{_N}"), lambda m: COLONISE[nation(m[1])]),
    (re.compile(r"#([01S])"), lambda m: BUILD[_row_of(m[1])]),
    (re.compile(rf"~{_N}{_N}"), lambda m: Migrate(nation(m[1]), nation(m[2]))),
    (re.compile(r"A@(\d{1,2})"), lambda m: Destroy(int(m[1]))),
    (re.compile(r"H@(\d{1,2})"), lambda m: Steal(int(m[1]))),
    (re.compile(rf"M@(\d{{1,2}}):{_N}"), lambda m: Expel(int(m[1]), nation(m[2]))),
    (re.compile(r"S@(\d{1,2})"), lambda m: Switch(int(m[1]))),
    (re.compile(r"P@(\d{1,2})#([01])"), lambda m: SkipBuild(int(m[1]), int(m[2]))),
    (re.compile(rf"%{_N}@(\d{{1,2}})"), lambda m: Halve(nation(m[1]), int(m[2]))),
    (re.compile(r"-([HAPMS]+)"), lambda m: Discard(parse_counts(m[1]))),
    (re.compile(r"END"), lambda m: END_TURN),
)


def parse_action(text: str) -> Action:
    """The action written *text* in Babel's action notation; letters in either case.

    Raises:
        NotationError: *text* is no action.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected action text, not {type(text).__name__}")
    upper = text.strip().upper()
    for pattern, make in _PATTERNS:
        found = pattern.fullmatch(upper)
        if found:
            try:
                action: Action = make(found)
            except (KeyError, NotationError) as err:  # pragma: no cover - the patterns prevent it
                raise NotationError(f"{text!r} is not a Babel action ({err})") from None
            return action
    raise NotationError(
        f"{text!r} is not a Babel action (>H, +H, #0, #s, ~HA, A@2, H@0, M@0:S, S@3, P@1#1, "
        "%A@2, -HHA, end)"
    )
