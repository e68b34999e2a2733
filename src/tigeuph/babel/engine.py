"""Babel's engine: :func:`legal_actions`, :func:`apply` and :func:`outcome` (spec B7-B32).

>>> from tigeuph import babel
>>> state = babel.new_game(seed=2)
>>> [str(a) for a in babel.legal_actions(state)][:3]
['>H', '>A', '>P']
>>> state = babel.apply(state, babel.parse_action(">H"))
>>> state.sides[0].pawn
<Nation.HITTITES: 'H'>
>>> babel.apply(state, babel.parse_action("end"))
Traceback (most recent call last):
tigeuph.errors.IllegalActionError: end: the starting card must be built during one's first turn [B8]
"""

from __future__ import annotations

from itertools import product

from attrs import evolve, frozen

from ..errors import IllegalActionError
from .actions import (
    BUILD,
    COLONISE,
    END_TURN,
    TRAVEL,
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
from .cards import NATIONS, Counts, Nation
from .rules import can_still_build_start, problem, runs
from .state import DRAW, TEMPLE_DRAW, BabelState, End, Halving, add, draw_people

__all__ = ["Outcome", "apply", "legal_actions", "outcome", "winner_by_score"]


def _candidates(state: BabelState) -> list[Action]:
    """Every action that might be legal in *state*: a superset of the legal ones, simplest
    first (so that Hypothesis shrinks towards short games)."""
    if state.pending is not None:
        hand = state.sides[state.pending.player].hand
        return [Discard(c) for c in _subsets(hand, state.pending.count)]
    me = state.sides[state.active]
    found: list[Action] = [END_TURN]
    found += [BUILD[row] for row in (None, 0, 1)]
    found += [COLONISE[n] for n in NATIONS if me.hand[n.index]]
    found += [TRAVEL[n] for n in NATIONS if me.hand[n.index]]
    if not state.migrated:
        found += [Migrate(a, b) for a in NATIONS for b in NATIONS if len(me.column(a)) >= 3]
    if me.pawn is not None:
        for run in runs(me.column(me.pawn)):
            found.append(Halve(run.nation, run.start))
            match run.nation:
                case Nation.ASSYRIANS:
                    found.append(Destroy(run.start))
                case Nation.HITTITES:
                    found.append(Steal(run.start))
                case Nation.MEDES:
                    found += [Expel(run.start, named) for named in NATIONS]
                case Nation.SUMERIANS:
                    found.append(Switch(run.start))
                case Nation.PERSIANS:
                    found += [SkipBuild(run.start, row) for row in (0, 1)]
    return found


def _subsets(hand: Counts, size: int) -> list[Counts]:
    """Every way to choose *size* cards from *hand* (as counts per nation)."""
    ranges = [range(k + 1) for k in hand]
    return [(c[0], c[1], c[2], c[3], c[4]) for c in product(*ranges) if sum(c) == size]


def legal_actions(state: BabelState) -> tuple[Action, ...]:
    """The actions the player to move may take in *state*; none once the game is over.

    The halved player may only discard (spec B48); the active player may travel, colonise,
    build, migrate, use an ability or end his turn (spec B7), never so as to lose the chance of
    building his starting card during his first turn (spec B8).
    """
    if state.end is not None:
        return ()
    legal = []
    for action in _candidates(state):
        if problem(state, action) is None and _keeps_start(state, action):
            legal.append(action)
    return tuple(legal)


def _keeps_start(state: BabelState, action: Action) -> bool:
    """B8: after *action* the active player can still build his starting card this turn."""
    if not state.sides[state.active].starting or isinstance(action, Discard):
        return True
    return can_still_build_start(_effect(state, action))


def apply(state: BabelState, action: Action) -> BabelState:
    """The state after *action*, played by the player to move; *state* is left as it was.

    After the action the win of spec B30 is checked (B50).

    Raises:
        IllegalActionError: the rules forbid *action* here; ``clause`` names the rule.
    """
    found = problem(state, action)
    if found is not None:
        clause, reason = found
        raise IllegalActionError(clause, f"{action}: {reason}")
    after = _effect(state, action)
    starting = state.sides[state.active].starting
    if starting and not isinstance(action, Discard) and not can_still_build_start(after):
        raise IllegalActionError(
            "B8", f"{action}: the starting card could no longer be built this turn"
        )
    return _check_win(after)


def _discard(state: BabelState, cards: tuple[Nation, ...]) -> tuple[Nation, ...]:
    return state.discard + cards


def _pay(state: BabelState, run: int) -> BabelState:
    """The active player pays an ability: the card at *run* leaves his column here (spec B19)."""
    me = state.sides[state.active]
    assert me.pawn is not None
    column = me.column(me.pawn)
    paid = column[run]
    state = _set_column(state, state.active, me.pawn, column[:run] + column[run + 1 :])
    return evolve(state, discard=_discard(state, (paid,)))


def _set_column(
    state: BabelState, seat: int, location: Nation, column: tuple[Nation, ...]
) -> BabelState:
    side = state.sides[seat]
    columns = list(side.columns)
    columns[location.index] = column
    return state.replace_side(seat, evolve(side, columns=tuple(columns)))


def _set_temple(
    state: BabelState, seat: int, location: Nation, temple: tuple[int, ...]
) -> BabelState:
    side = state.sides[seat]
    temples = list(side.temples)
    temples[location.index] = temple
    return state.replace_side(seat, evolve(side, temples=tuple(temples)))


def _take_from_row(state: BabelState, row: int) -> tuple[BabelState, int]:
    owner = state.sides[row]
    level = owner.row[-1]
    return state.replace_side(row, evolve(owner, row=owner.row[:-1])), level


def _build(state: BabelState, row: int | None) -> BabelState:
    me = state.sides[state.active]
    assert me.pawn is not None
    if row is None:
        state = state.replace_side(state.active, evolve(me, starting=False))
        level = 1
    else:
        state, level = _take_from_row(state, row)
    temple = state.sides[state.active].temples[me.pawn.index]
    return _set_temple(state, state.active, me.pawn, (*temple, level))


def _effect(state: BabelState, action: Action) -> BabelState:
    """*action*'s effect on *state*, which it does not check."""
    seat = state.active
    me = state.sides[seat]
    other = 1 - seat
    match action:
        case Travel(nation=n):
            moved = evolve(me, hand=add(me.hand, n, -1), pawn=n)
            return evolve(state.replace_side(seat, moved), discard=_discard(state, (n,)))
        case Colonise(nation=n):
            assert me.pawn is not None
            state = state.replace_side(seat, evolve(me, hand=add(me.hand, n, -1)))
            return _set_column(state, seat, me.pawn, (*me.column(me.pawn), n))
        case Build(row=row):
            return _build(state, row)
        case Migrate(origin=origin, target=target):
            moving = me.column(origin)[-3:]
            state = _set_column(state, seat, origin, me.column(origin)[:-3])
            state = _set_column(state, seat, target, me.column(target) + moving)
            return evolve(state, migrated=True)
        case Destroy(run=run):
            assert me.pawn is not None
            temple = state.sides[other].temples[me.pawn.index]
            state = _set_temple(_pay(state, run), other, me.pawn, ())
            # B21: highest level first onto the deck, so the lowest ends on top.
            return evolve(state, temple_deck=temple + state.temple_deck)
        case Steal(run=run):
            assert me.pawn is not None
            theirs = state.sides[other].temples[me.pawn.index]
            state = _set_temple(_pay(state, run), other, me.pawn, theirs[:-1])
            return _set_temple(state, seat, me.pawn, (*me.temples[me.pawn.index], theirs[-1]))
        case Expel(run=run, named=named):
            assert me.pawn is not None
            state = _pay(state, run)
            column = state.sides[other].column(me.pawn)
            kept = tuple(card for card in column if card is not named)
            gone = tuple(card for card in column if card is named)
            state = _set_column(state, other, me.pawn, kept)
            return evolve(state, discard=_discard(state, gone))
        case Switch(run=run):
            assert me.pawn is not None
            state = _pay(state, run)
            column = state.sides[other].column(me.pawn)
            tail = column[-1]
            kept = tuple(card for card in column if card is not tail)
            moving = tuple(card for card in column if card is tail)
            state = _set_column(state, other, me.pawn, kept)
            mine = state.sides[seat].column(me.pawn)
            return _set_column(state, seat, me.pawn, mine + moving)
        case SkipBuild(run=run, row=row):
            return _build(_pay(state, run), row)
        case Halve(run=run):
            count = sum(state.sides[other].hand) // 2
            return evolve(_pay(state, run), pending=Halving(other, count))
        case Discard(counts=counts):
            assert state.pending is not None
            who = state.pending.player
            side = state.sides[who]
            hand = tuple(h - k for h, k in zip(side.hand, counts, strict=True))
            state = state.replace_side(who, evolve(side, hand=(*hand,)))  # type: ignore[arg-type]
            cards = tuple(n for n in NATIONS for _ in range(counts[n.index]))
            return evolve(state, pending=None, discard=_discard(state, cards))
        case EndTurn():
            return _end_turn(state)


def _end_turn(state: BabelState) -> BabelState:
    """B9, B31: the active player draws temple cards onto his row, higher level first; the
    game ends if that was the last; else the next player's turn begins with his draw (B7)."""
    seat = state.active
    drawn = state.temple_deck[:TEMPLE_DRAW]
    me = state.sides[seat]
    row = me.row + tuple(sorted(drawn, reverse=True))
    state = evolve(
        state.replace_side(seat, evolve(me, row=row)), temple_deck=state.temple_deck[TEMPLE_DRAW:]
    )
    if not state.temple_deck:
        return evolve(state, end=End.DECK)
    state = evolve(state, active=1 - seat, turn=state.turn + 1, migrated=False)
    return draw_people(state, 1 - seat, DRAW)


def winner_by_score(scores: tuple[int, int], active: int) -> int | None:
    """The seat that has won by spec B30 with these scores: 20 or more, or 15 or more against
    9 or less; the active player is looked at first. None if neither.

    >>> winner_by_score((15, 9), 1), winner_by_score((15, 10), 0), winner_by_score((19, 20), 0)
    (0, None, 1)
    """
    for seat in (active, 1 - active):
        mine, theirs = scores[seat], scores[1 - seat]
        if mine >= 20 or (mine >= 15 and theirs <= 9):
            return seat
    return None


def _check_win(state: BabelState) -> BabelState:
    if state.end is None and winner_by_score(state.scores, state.active) is not None:
        return evolve(state, end=End.SCORE, pending=None)
    return state


@frozen
class Outcome:
    """How a finished game ended: the winner (``None`` for a draw), the scores and why."""

    winner: int | None
    scores: tuple[int, int]
    reason: End
    hands: tuple[int, int]
    """Each player's number of people cards in hand (the tie-break, spec B31)."""


def outcome(state: BabelState) -> Outcome | None:
    """The result of *state*'s game, or ``None`` while it goes on (spec B30, B31, B51).

    At deck exhaustion the higher score wins, then the larger hand; a full tie is a draw.
    """
    if state.end is None:
        return None
    scores = state.scores
    hands = (sum(state.sides[0].hand), sum(state.sides[1].hand))
    if state.end is End.SCORE:
        winner = winner_by_score(scores, state.active)
    elif scores[0] != scores[1]:
        winner = 0 if scores[0] > scores[1] else 1
    elif hands[0] != hands[1]:
        winner = 0 if hands[0] > hands[1] else 1
    else:
        winner = None
    return Outcome(winner, scores, state.end, hands)
