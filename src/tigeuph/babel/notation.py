"""Babel positions as text that people can read and write (spec B54).

:func:`to_text` writes every part of a state, one fact a line; :func:`from_text` reads it
back exactly (``from_text(to_text(s)) == s``) and accepts a shorter text written by hand::

    babel position
    turn: 5 player=0 migrated=no
    pending: none                      (or: halve player=1 count=3)
    end: none                          (or: score, deck)
    seed: 7 shuffles=2
    people: HAPMS...                   the people deck, top first
    temples: 112356...                 the temple deck, top first
    discard: HA                        the discard pile, bottom first
    player 0: hand=HHAP pawn=H start=built row=65
    player 0 at H: column=HHHAP temple=123
    player 1: hand=- pawn=quarry start=held row=-

A ``-`` is an empty list. Cards are nation letters (H A P M S), temple cards their level;
rows and temples are written bottom first, columns head first. The writer leaves out the
``player S at L`` lines of locations where a player has neither column nor temple. By hand,
only ``turn:`` is needed: ``pending`` and ``end`` default to none, the seed to 0 (2 shuffles
made), the discard pile to empty, a player to no hand, his pawn on the quarry, his starting
card built and an empty row. A deck holds the cards written on its line, top first, then every
card written nowhere else: people in nation order, temple cards lowest first. So a deck may be
left out, or only its top written.

>>> from tigeuph import babel
>>> state = babel.new_game(seed=4)
>>> from_text(to_text(state)) == state
True
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

from attrs import evolve

from ..core.errors import NotationError, PositionError
from ..core.limits import DEFAULT_LIMITS, Limits, check_limits, check_text
from .checks import check_state
from .model.cards import (
    LEVELS,
    NATIONS,
    PEOPLE_PER_NATION,
    TEMPLE_COUNTS,
    Nation,
    counts_text,
    nation,
    nations_text,
    parse_counts,
    parse_nations,
)
from .model.state import BabelState, End, Halving, Side

__all__ = ["TITLE", "from_text", "to_text"]

TITLE: Final = "babel position"


def _cards(cards: tuple[Nation, ...]) -> str:
    return nations_text(cards) or "-"


def _levels(levels: tuple[int, ...]) -> str:
    return "".join(map(str, levels)) or "-"


def to_text(state: BabelState) -> str:
    """*state* in position notation (see the module's documentation)."""
    pending = (
        "none"
        if state.pending is None
        else f"halve player={state.pending.player} count={state.pending.count}"
    )
    lines = [
        TITLE,
        f"turn: {state.turn} player={state.active} migrated={'yes' if state.migrated else 'no'}",
        f"pending: {pending}",
        f"end: {'none' if state.end is None else state.end.value}",
        f"seed: {state.seed} shuffles={state.shuffles}",
        f"people: {_cards(state.people)}",
        f"temples: {_levels(state.temple_deck)}",
        f"discard: {_cards(state.discard)}",
    ]
    for seat, side in enumerate(state.sides):
        pawn = "quarry" if side.pawn is None else side.pawn.value
        lines.append(
            f"player {seat}: hand={counts_text(side.hand) or '-'} pawn={pawn} "
            f"start={'held' if side.starting else 'built'} row={_levels(side.row)}"
        )
        for n in NATIONS:
            column, temple = side.columns[n.index], side.temples[n.index]
            if column or temple:
                lines.append(
                    f"player {seat} at {n.value}: column={_cards(column)} temple={_levels(temple)}"
                )
    return "\n".join(lines) + "\n"


_PAIR: Final = re.compile(r"([a-z]+)=(\S+)\Z")
_PLAYER_AT: Final = re.compile(r"player ([01]) at ([HAPMS])\Z")
_PLAYER: Final = re.compile(r"player ([01])\Z")


def _fields(text: str, number: int, allowed: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for word in text.split():
        pair = _PAIR.match(word)
        if pair is None or pair[1] not in allowed:
            raise NotationError(f"line {number}: {word!r} is not one of {', '.join(allowed)}=…")
        if pair[1] in found:
            raise NotationError(f"line {number}: {pair[1]} is given twice")
        found[pair[1]] = pair[2]
    return found


def _read_cards(text: str, number: int) -> tuple[Nation, ...]:
    if text == "-":
        return ()
    try:
        return parse_nations(text)
    except KeyError:
        raise NotationError(f"line {number}: {text!r} is not nation letters (H A P M S)") from None


def _read_levels(text: str, number: int) -> tuple[int, ...]:
    if text == "-":
        return ()
    if not re.fullmatch(r"[1-6]+", text):
        raise NotationError(f"line {number}: {text!r} is not temple levels (1 to 6)")
    return tuple(int(c) for c in text)


def _read_int(text: str, number: int, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]+", text):
        raise NotationError(f"line {number}: {what} {text[:20]!r} is not a whole number")
    try:
        return int(text)
    except ValueError:  # over Python's 4,300 digits
        raise NotationError(f"line {number}: {what} has {len(text):,} digits, too many") from None


def _choice(text: str, number: int, options: dict[str, object]) -> object:
    if text not in options:
        raise NotationError(f"line {number}: {text!r} is not one of {', '.join(options)}")
    return options[text]


class _Reader:
    """The fields read so far; each line sets some, and a field may be set once."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.head: dict[str, object] = {}
        self.sides: list[dict[str, object]] = [{}, {}]
        self.places: dict[tuple[int, Nation], tuple[tuple[Nation, ...], tuple[int, ...]]] = {}

    def line(self, key: str, rest: str, number: int) -> None:
        if key in self.seen:
            raise NotationError(f"line {number}: {key!r} is given twice")
        self.seen.add(key)
        at = _PLAYER_AT.fullmatch(key)
        if at:
            f = _fields(rest, number, ("column", "temple"))
            self.places[int(at[1]), nation(at[2])] = (
                _read_cards(f.get("column", "-"), number),
                _read_levels(f.get("temple", "-"), number),
            )
        elif _PLAYER.fullmatch(key):
            f = _fields(rest, number, ("hand", "pawn", "start", "row"))
            hand = f.get("hand", "-")
            side = self.sides[int(key[-1])]
            side["hand"] = parse_counts(nations_text(_read_cards(hand, number)))
            pawns: dict[str, object] = {"quarry": None, **{n.value: n for n in NATIONS}}
            side["pawn"] = _choice(f.get("pawn", "quarry"), number, pawns)
            side["starting"] = _choice(
                f.get("start", "built"), number, {"held": True, "built": False}
            )
            side["row"] = _read_levels(f.get("row", "-"), number)
        elif key == "turn":
            words = rest.split()
            if not words:
                raise NotationError(f"line {number}: turn: needs a number")
            f = _fields(" ".join(words[1:]), number, ("player", "migrated"))
            self.head["turn"] = _read_int(words[0], number, "turn")
            self.head["active"] = _choice(f.get("player", "0"), number, {"0": 0, "1": 1})
            self.head["migrated"] = _choice(
                f.get("migrated", "no"), number, {"yes": True, "no": False}
            )
        elif key == "pending":
            if rest != "none":
                words = rest.split()
                if not words or words[0] != "halve":
                    raise NotationError(f"line {number}: pending is none or halve …")
                f = _fields(" ".join(words[1:]), number, ("player", "count"))
                if set(f) != {"player", "count"}:
                    raise NotationError(f"line {number}: halve needs player= and count=")
                player = _choice(f["player"], number, {"0": 0, "1": 1})
                assert isinstance(player, int)
                self.head["pending"] = Halving(player, _read_int(f["count"], number, "count"))
        elif key == "end":
            ends: dict[str, object] = {"none": None, **{e.value: e for e in End}}
            self.head["end"] = _choice(rest, number, ends)
        elif key == "seed":
            words = rest.split()
            if not words:
                raise NotationError(f"line {number}: seed: needs a number")
            f = _fields(" ".join(words[1:]), number, ("shuffles",))
            self.head["seed"] = _read_int(words[0], number, "seed")
            self.head["shuffles"] = _read_int(f.get("shuffles", "2"), number, "shuffles")
        elif key in ("people", "discard"):
            self.head[key] = _read_cards(rest, number)
        elif key == "temples":
            self.head["temple_deck"] = _read_levels(rest, number)
        else:
            raise NotationError(f"line {number}: unknown line {key!r}")


def from_text(text: str, *, limits: Limits = DEFAULT_LIMITS) -> BabelState:
    """The state written *text* in position notation (written by :func:`to_text` or by hand),
    which must fit ``limits.max_text_bytes``.

    Raises:
        LimitError: *text* is over ``limits.max_text_bytes``.
        NotationError: *text* is not position notation.
        PositionError: it is, but no game could reach the position (the message lists why).
    """
    limits = check_limits(limits, "babel.from_text")
    if not isinstance(text, str):
        raise NotationError(f"expected position text, not {type(text).__name__}")
    check_text(text, limits, "a Babel position")
    lines = [(i, line.strip()) for i, line in enumerate(text.splitlines(), 1)]
    lines = [(i, line) for i, line in lines if line and not line.startswith("#")]
    if not lines or lines[0][1] != TITLE:
        raise NotationError(f"a Babel position starts with the line {TITLE!r}")
    reader = _Reader()
    for number, line in lines[1:]:
        key, colon, rest = line.partition(":")
        if not colon:
            raise NotationError(f"line {number}: expected 'name: value', not {line!r}")
        reader.line(key.strip(), rest.strip(), number)
    if "turn" not in reader.head:
        raise NotationError("a Babel position needs a 'turn:' line")
    return _build(reader)


def _build(reader: _Reader) -> BabelState:
    sides = []
    for seat in (0, 1):
        columns: list[tuple[Nation, ...]] = [()] * 5
        temples: list[tuple[int, ...]] = [()] * 5
        for (who, where), (column, temple) in reader.places.items():
            if who == seat:
                columns[where.index], temples[where.index] = column, temple
        given = reader.sides[seat]
        sides.append(
            Side(
                hand=given.get("hand", (0, 0, 0, 0, 0)),  # type: ignore[arg-type]
                pawn=given.get("pawn"),  # type: ignore[arg-type]
                starting=given.get("starting", False),  # type: ignore[arg-type]
                row=given.get("row", ()),  # type: ignore[arg-type]
                columns=tuple(columns),
                temples=tuple(temples),
            )
        )
    head = {"shuffles": 2, **reader.head}
    state = BabelState(sides=(sides[0], sides[1]), **head)  # type: ignore[arg-type]
    state = evolve(
        state,
        people=state.people + _rest_of_people(state),
        temple_deck=state.temple_deck + _rest_of_temples(state),
    )
    problems = check_state(state)
    if problems:
        raise PositionError("impossible position: " + "; ".join(problems))
    return state


def _rest_of_people(state: BabelState) -> tuple[Nation, ...]:
    used: Counter[Nation] = Counter(state.people + state.discard)
    for side in state.sides:
        for n in NATIONS:
            used[n] += side.hand[n.index]
        for column in side.columns:
            used.update(column)
    return tuple(n for n in NATIONS for _ in range(max(0, PEOPLE_PER_NATION - used[n])))


def _rest_of_temples(state: BabelState) -> tuple[int, ...]:
    used: Counter[int] = Counter(state.temple_deck)
    for side in state.sides:
        for temple in side.temples:
            used.update(temple)
        used.update(side.row)
        used[1] += side.starting
    return tuple(lv for lv in LEVELS for _ in range(max(0, TEMPLE_COUNTS[lv] - used[lv])))
