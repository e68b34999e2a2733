"""Why a Babel action is legal or refused, and what it does (``explain``, issue 25).

A refused action is told with the clause of ``spec/babel.md`` the engine cites and that
clause's title; a legal one with its own clause and every change it makes, read off the
positions before and after: cards leaving a hand, columns, temple levels built or lost, temple
rows, the pawn, the discard pile, the scores, a halving set off or settled, the turn ending and
the game ending. Nothing hidden from the player to move is told: the cards drawn from the
decks and the other hand are counted, never named.

>>> from tigeuph import babel
>>> state = babel.new_game(seed=2)
>>> explain(state, babel.parse_action("end")).split(": ")[0]
'Illegal (B8, the starting card on the first turn)'
>>> for sentence in explain(state, babel.parse_action(">H")).split(". "):
...     print(sentence)
Legal (B12, travel)
Seat 0 discards H
Seat 0's pawn goes from the quarry to the Hittites
The discard pile takes H
Seat 0 plays on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..core.errors import IllegalActionError
from .engine import apply, outcome
from .model.actions import (
    Action,
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
)
from .model.cards import NATIONS, Counts, Nation, counts_text, nations_text
from .model.state import BabelState, End

__all__ = ["CLAUSES", "explain", "gains"]

CLAUSES: Final = {
    "B7": "the turn",
    "B8": "the starting card on the first turn",
    "B9": "temple rows",
    "B10": "the people deck",
    "B11": "hands and the discard pile",
    "B12": "travel",
    "B13": "the quarry",
    "B14": "colonise",
    "B15": "columns keep their order",
    "B16": "build",
    "B17": "temples stand",
    "B18": "migrate",
    "B19": "using an ability",
    "B20": "repeated uses",
    "B21": "the Assyrians destroy",
    "B22": "the Hittites steal a level",
    "B23": "the Medes expel",
    "B24": "the Sumerians switch sides",
    "B25": "the Persians skip a level",
    "B26": "temple cards move only so",
    "B27": "halve the hand",
    "B30": "winning by score",
    "B31": "the last temple card",
    "B42": "no-op actions are illegal",
    "B43": "n-2 uses",
    "B44": "the Hittites count before paying",
    "B45": "the Medes act at the pawn's location only",
    "B46": "the Sumerians' cards keep their order",
    "B47": "one level per Persian use",
    "B48": "halving is the opponent's decision",
    "B53": "after the end",
}
"""The titles of the clauses of ``spec/babel.md`` an explanation cites."""

_CLAUSE_OF: Final[dict[type, str]] = {
    Travel: "B12",
    Colonise: "B14",
    Build: "B16",
    Migrate: "B18",
    Destroy: "B21",
    Steal: "B22",
    Expel: "B23",
    Switch: "B24",
    SkipBuild: "B25",
    Halve: "B27",
    Discard: "B48",
    EndTurn: "B9",
}
"""The clause that allows each kind of action."""


def _cite(clause: str) -> str:
    title = CLAUSES.get(clause)
    return clause if title is None else f"{clause}, {title}"


def explain(state: BabelState, action: Action) -> str:
    """*action* in *state*: ``Illegal``, with the clause the engine cites, or ``Legal``, with
    what it does (see the module)."""
    try:
        after = apply(state, action)
    except IllegalActionError as err:
        return f"Illegal ({_cite(err.clause)}): {err.reason}."
    told = " ".join(f"{sentence}." for sentence in _changes(state, action, after))
    return f"Legal ({_cite(_CLAUSE_OF[type(action)])}). {told}"


def gains(state: BabelState, action: Action) -> str:
    """What *action*, legal in *state*, gains the player to move, in words he checks on the
    table, as what follows "it" in a sentence: the scores, the temple levels built or taken,
    his columns and pawn, the cards he draws (counted) or makes the other discard; empty when
    the action is illegal. The other hand and the decks stay hidden, as in :func:`explain`.

    >>> from tigeuph import babel
    >>> gains(babel.new_game(seed=2), babel.parse_action(">H"))
    'takes your pawn from the quarry to the Hittites'
    """
    mover = state.to_move
    if mover is None:
        return ""
    try:
        after = apply(state, action)
    except IllegalActionError:
        return ""
    found = [*_own_gains(state, after, mover), *_their_losses(state, after, 1 - mover)]
    if isinstance(action, Migrate):  # one column moved, not one grown
        column = nations_text(after.sides[mover].columns[action.target.index])
        found = [
            f"moves three cards of your column at {_place(action.origin)} to "
            f"{_place(action.target)}, where it reads {column}",
            *(f for f in found if not f.startswith("grows your column")),
        ]
    if after.scores != state.scores:
        old, new = state.scores[mover], after.scores[mover]
        if new != old:
            found.append(f"{'raises' if new > old else 'lowers'} your score from {old} to {new}")
        old, new = state.scores[1 - mover], after.scores[1 - mover]
        if new < old:
            found.append(f"lowers seat {1 - mover}'s score from {old} to {new}")
    if after.pending is not None and state.pending is None and after.pending.player != mover:
        n = after.pending.count
        found.append(f"makes seat {1 - mover} discard half his hand, {n} card{'s' * (n != 1)}")
    result = outcome(after)
    if result is not None:
        found.append("ends the game" + (" with you winning" if result.winner == mover else ""))
    elif after.active != state.active and isinstance(action, EndTurn):
        found.append("ends your turn")
    return ", ".join(found[:-1]) + f" and {found[-1]}" if len(found) > 1 else "".join(found)


def _own_gains(state: BabelState, after: BabelState, mover: int) -> Iterator[str]:
    old, new = state.sides[mover], after.sides[mover]
    if old.pawn != new.pawn:
        yield f"takes your pawn from {_place(old.pawn)} to {_place(new.pawn)}"
    if old.starting and not new.starting:
        yield "builds your starting card"
    for nation in NATIONS:
        i = nation.index
        if len(new.temples[i]) > len(old.temples[i]):
            levels = ", ".join(map(str, new.temples[i][len(old.temples[i]) :]))
            yield f"builds level {levels} on your temple at {_place(nation)}"
        was, now = old.columns[i], new.columns[i]
        if len(now) > len(was):
            yield (
                f"grows your column at {_place(nation)} to {nations_text(now)} "
                f"({len(now)} card{'s' * (len(now) != 1)})"
            )
    drawn = sum(new.hand) - sum(old.hand) + sum(_lost(old.hand, new.hand))
    if drawn > 0:
        yield f"draws you {drawn} card{'s' * (drawn != 1)}"


def _their_losses(state: BabelState, after: BabelState, other: int) -> Iterator[str]:
    old, new = state.sides[other], after.sides[other]
    for nation in NATIONS:
        i = nation.index
        if len(new.temples[i]) < len(old.temples[i]):
            levels = ", ".join(map(str, old.temples[i][len(new.temples[i]) :]))
            yield f"takes level {levels} off seat {other}'s temple at {_place(nation)}"
        was, now = old.columns[i], new.columns[i]
        if len(now) < len(was):
            gone = len(was) - len(now)
            yield (
                f"takes {gone} card{'s' * (gone != 1)} from seat {other}'s column at "
                f"{_place(nation)} ({nations_text(was)} to {nations_text(now) or 'none'})"
            )


def _place(location: Nation | None) -> str:
    return "the quarry" if location is None else f"the {location.name.title()}"


def _lost(before: Counts, after: Counts) -> Counts:
    gone = [max(0, b - a) for b, a in zip(before, after, strict=True)]
    return gone[0], gone[1], gone[2], gone[3], gone[4]


def _changes(state: BabelState, action: Action, after: BabelState) -> Iterator[str]:
    """What *action* changed from *state* to *after*, a sentence at a time."""
    mover = state.to_move
    assert mover is not None
    yield from _hands(state, after, mover)
    for seat in (0, 1):
        yield from _side(state, after, seat)
    yield from _piles(state, after)
    if after.scores != state.scores:
        old, new = state.scores, after.scores
        yield f"The scores go from {old[0]} - {old[1]} to {new[0]} - {new[1]}"
    yield _what_next(state, after)


def _hands(state: BabelState, after: BabelState, mover: int) -> Iterator[str]:
    for seat in (0, 1):
        before, now = state.sides[seat].hand, after.sides[seat].hand
        if before == now:
            continue
        if seat != mover:  # his hand is hidden from the mover: counted, never named
            yield f"Seat {seat}'s hand goes from {sum(before)} to {sum(now)} cards"
            continue
        gone = _lost(before, now)
        if sum(gone):
            verb = "discards" if _discarded(state, after, gone) else "plays"
            yield f"Seat {seat} {verb} {counts_text(gone)}"
        gained = sum(now) - sum(before) + sum(gone)
        if gained > 0:
            yield f"Seat {seat} draws {gained} card{'s' * (gained != 1)}"


def _discarded(state: BabelState, after: BabelState, gone: Counts) -> bool:
    """Whether the cards *gone* from a hand went to the discard pile (else to a column)."""
    added = after.discard[len(state.discard) :] if len(after.discard) >= len(state.discard) else ()
    return sum(gone) <= len(added)


def _side(state: BabelState, after: BabelState, seat: int) -> Iterator[str]:
    old, new = state.sides[seat], after.sides[seat]
    if old.pawn != new.pawn:
        yield f"Seat {seat}'s pawn goes from {_place(old.pawn)} to {_place(new.pawn)}"
    if old.starting and not new.starting:
        yield f"Seat {seat} builds his starting card"
    for nation in NATIONS:
        i = nation.index
        if old.columns[i] != new.columns[i]:
            was, now_ = nations_text(old.columns[i]) or "none", nations_text(new.columns[i])
            yield f"Seat {seat}'s column at {_place(nation)} goes from {was} to {now_ or 'none'}"
        before, now = old.temples[i], new.temples[i]
        if len(now) > len(before):
            levels = ", ".join(map(str, now[len(before) :]))
            yield f"Seat {seat} builds level {levels} on his temple at {_place(nation)}"
        elif len(now) < len(before):
            levels = ", ".join(map(str, before[len(now) :]))
            yield f"Seat {seat}'s temple at {_place(nation)} loses level {levels}"
    if len(new.row) > len(old.row) and new.row[: len(old.row)] == old.row:
        drawn = len(new.row) - len(old.row)
        yield f"Seat {seat} draws {drawn} temple card{'s' * (drawn != 1)} onto his row"
    elif new.row != old.row:
        taken = old.row[len(new.row) :] if old.row[: len(new.row)] == new.row else old.row
        yield f"Level {', '.join(map(str, taken))} leaves the top of seat {seat}'s row"


def _piles(state: BabelState, after: BabelState) -> Iterator[str]:
    if after.shuffles > state.shuffles:
        yield "The discard pile is shuffled into a new people deck (B10)"
    elif len(after.discard) > len(state.discard):
        yield f"The discard pile takes {nations_text(after.discard[len(state.discard) :])}"


def _what_next(state: BabelState, after: BabelState) -> str:
    result = outcome(after)
    if result is not None:
        scores = f"{result.scores[0]} - {result.scores[1]}"
        if result.reason is End.SCORE:
            return f"The game ends: seat {result.winner} wins by score, {scores} (B30)"
        who = "a draw" if result.winner is None else f"seat {result.winner} wins"
        return f"The game ends at the last temple card: {who}, {scores} (B31)"
    if after.pending is not None and state.pending is None:
        halved = after.pending
        return (
            f"Seat {halved.player} must first discard half his hand, {halved.count} "
            f"card{'s' * (halved.count != 1)} of his choice (B27)"
        )
    if after.active != state.active:
        return (
            f"The turn ends: seat {after.active} draws his people cards and plays turn "
            f"{after.turn} (B7)"
        )
    return f"Seat {after.active} plays on"
