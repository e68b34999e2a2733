"""What an action gains the player who takes it, in words he checks on the board: the points
it scores (colour and number), the conflict it starts or wins with both strengths, the leader
it places beside temples or into a kingdom, the tiles and leaders a catastrophe takes from a
rival, the treasure, monument, building or wonder it brings, and what it costs him.

A hint gives these as its reason (:func:`gains`): "the evaluation rates it best" tells a
player nothing he can check. They are read off the events of :func:`tigeuph.transition` and
the positions before and after, so they are the engine's own numbers. Nothing hidden is told:
the tiles drawn at the end of the turn are never named.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> gains(state, tigeuph.parse_action("KF4"))
'places your king on F4, beside 1 temple (its strength in a revolt), in a kingdom of 2 pieces'
>>> gains(state, tigeuph.parse_action("pass"))
'keeps your tiles in hand'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...core.errors import IllegalActionError
from ...core.events import Event, plural
from ..engine.apply import transition
from ..events import (
    BuildingPlaced,
    CatastropheFell,
    ConflictBegun,
    ConflictResolved,
    GameEnded,
    KingdomsUnited,
    LeaderReturned,
    MonumentBuilt,
    MonumentScored,
    SupportCommitted,
    TilesExchanged,
    TreasureTaken,
    WonderBuilt,
    WonderScored,
)
from ..events.base import cells_text, colour_name
from ..model.actions import Action, EndTurn, PlaceLeader, PlaceTile, WithdrawLeader
from ..model.cells import Cell, cell_name, cells_of
from ..model.decisions import MonumentChoice, Revolt, War
from ..model.pieces import COLOURS, Colour
from ..model.state import GameState
from ..rules.conflicts import board_strengths, temple_count

__all__ = ["gains"]


def gains(state: GameState, action: Action) -> str:
    """What *action*, legal in *state*, gains the player to move, as what follows "it" in a
    sentence (``scores you 1 red point (red 3 to 4)``); its costs follow ``though``. Empty when
    it changes nothing a player counts (an illegal action gains nothing either)."""
    mover = state.to_move
    if mover is None:
        return ""
    try:
        after, events = transition(state, action)
    except IllegalActionError:  # it gains nothing: explain says why
        return ""
    good = [
        *_conflicts(events, after, mover),
        *_catastrophe(state, events, mover),
        *_leader(state, action, after, mover),
        *_temples(state, action, after, mover),
        *_works(events, after, mover),
        *_points(state, after, events, mover),
        *_plain(action, events, mover),
    ]
    costs = list(_costs(state, after, events, mover))
    text = _joined(good)
    if costs:
        text = f"{text or 'gains you nothing at once'}, though {_joined(costs)}"
    return text


def _joined(phrases: Sequence[str]) -> str:
    if len(phrases) <= 1:
        return "".join(phrases)
    return f"{', '.join(phrases[:-1])} and {phrases[-1]}"


def _seat(player: int, mover: int) -> str:
    return "you" if player == mover else f"seat {player}"


def _whose(player: int, mover: int) -> str:
    return "your" if player == mover else f"seat {player}'s"


def _strength(kind: str, colour: Colour, n: int) -> str:
    return plural(n, "temple") if kind == "revolt" else plural(n, f"{colour_name(colour)} tile")


def _standing(after: GameState) -> str:
    """How the conflict waiting for the defender's support stands (``""`` if none)."""
    conflict = after.pending
    if not isinstance(conflict, Revolt | War) or conflict.attacker_support is None:
        return ""
    attack, defence = board_strengths(after, conflict)
    return (
        f": {attack + conflict.attacker_support} against seat {conflict.defender}'s {defence} "
        "on the board, before his support"
    )


def _conflicts(events: Sequence[Event], after: GameState, mover: int) -> Iterator[str]:
    for e in events:
        if isinstance(e, ConflictBegun) and mover in (e.attacker, e.defender):
            name = f"{colour_name(e.colour)} {e.conflict}"
            mine, theirs = e.attacker_strength, e.defender_strength
            rival = e.defender
            if mover == e.defender:
                mine, theirs, rival = theirs, mine, e.attacker
            verb = "starts" if mover == e.attacker else "then faces"
            yield (
                f"{verb} a {name} against seat {rival}'s {e.colour.leader}: "
                f"{_strength(e.conflict, e.colour, mine)} against {theirs} on the board"
            )
        elif isinstance(e, SupportCommitted) and e.player == mover and e.side == "attacker":
            tiles = plural(e.count, f"{colour_name(e.tiles)} tile") if e.count else "no tiles"
            yield f"commits {tiles} to your attack{_standing(after)}"
        elif isinstance(e, ConflictResolved) and mover in (e.winner, e.loser):
            name = f"{colour_name(e.colour)} {e.conflict}"
            if e.winner == mover:
                lost = f"seat {e.loser}'s {e.colour.leader} leaves {cell_name(e.cell)}"
                if e.removed:
                    lost += f" with {plural(len(e.removed), 'tile')} ({cells_text(e.removed)})"
                yield f"wins the {name} {e.winner_strength} to {e.loser_strength}: {lost}"
            else:
                kept = (
                    f", keeping your {colour_name(e.point_colour)} tiles in hand"
                    if not any(isinstance(c, SupportCommitted) and c.count for c in events)
                    else ""
                )
                yield f"concedes the {name} {e.loser_strength} to {e.winner_strength}{kept}"


def _owners(state: GameState, cell: Cell) -> list[int]:
    """The players with a leader in the kingdom holding *cell* in *state*."""
    kingdom = state.analysis().kingdom_at(cell)
    return sorted(
        {
            p
            for p in range(state.players)
            for at in state.leaders[p]
            if at is not None and kingdom >> at & 1
        }
    )


def _catastrophe(state: GameState, events: Sequence[Event], mover: int) -> Iterator[str]:
    for e in events:
        if isinstance(e, CatastropheFell) and e.destroyed is not None:
            owners = _owners(state, e.cell)
            rivals = " and ".join(f"seat {p}" for p in owners if p != mover)
            if rivals:  # else it gains nothing: a tile of his own kingdom is a cost
                shared = " (yours too)" if mover in owners else ""
                yield (
                    f"destroys the {colour_name(e.destroyed)} tile on {cell_name(e.cell)} "
                    f"from the kingdom of {rivals}{shared}"
                )
        elif isinstance(e, LeaderReturned) and e.player != mover:
            yield (
                f"sends seat {e.player}'s {e.colour.leader} home from {cell_name(e.cell)} "
                "(no temple beside it)"
            )


def _kingdom_words(state: GameState, cell: Cell, colour: Colour) -> str:
    kingdom = state.analysis().kingdom_at(cell)
    size = (kingdom & state.occupied).bit_count()
    own = (kingdom & state.tiles[colour] & ~state.flipped).bit_count()
    text = f"in a kingdom of {plural(size, 'piece')}"
    if own and colour is not Colour.RED:
        text += f" ({own} {colour_name(colour)})"
    return text


def _leader(state: GameState, action: Action, after: GameState, mover: int) -> Iterator[str]:
    if not isinstance(action, PlaceLeader):
        return
    colour, cell = action.colour, action.cell
    if after.leaders[mover][colour] != cell:
        return  # it lost the revolt it started at once: the conflict says so
    temples = plural(temple_count(cell, after.tiles[Colour.RED] & ~after.flipped), "temple")
    origin = state.leaders[mover][colour]
    if origin is None:
        where = f"places your {colour.leader} on {cell_name(cell)}"
        strength = f"{temples} (its strength in a revolt)"
    else:
        where = f"moves your {colour.leader} from {cell_name(origin)} to {cell_name(cell)}"
        was = temple_count(origin, state.tiles[Colour.RED] & ~state.flipped)
        strength = f"{temples} (its strength in a revolt; {was} before)"
    yield f"{where}, beside {strength}, {_kingdom_words(after, cell, colour)}"


def _temples(state: GameState, action: Action, after: GameState, mover: int) -> Iterator[str]:
    """A temple placed beside the mover's leaders: their strength in a revolt grows."""
    if not (isinstance(action, PlaceTile) and action.colour is Colour.RED):
        return
    for colour in COLOURS:
        at = after.leaders[mover][colour]
        if at is None or state.leaders[mover][colour] != at:
            continue
        was = temple_count(at, state.tiles[Colour.RED] & ~state.flipped)
        now = temple_count(at, after.tiles[Colour.RED] & ~after.flipped)
        if now > was:
            yield f"puts a temple beside your {colour.leader} ({was} to {now})"


def _works(events: Sequence[Event], after: GameState, mover: int) -> Iterator[str]:
    for e in events:
        if isinstance(e, KingdomsUnited) and e.player == mover:
            wars = " and ".join(colour_name(c) for c in e.wars)
            yield "unites two kingdoms" + (f" (a war in {wars})" if wars else " (no war)")
        elif isinstance(e, TreasureTaken) and e.player == mover:
            total = after.treasures_taken[mover]
            yield f"takes the treasure on {cell_name(e.cell)} (you hold {total})"
        elif isinstance(e, MonumentBuilt) and e.player == mover:
            a, b = e.monument.colours
            yield (
                f"builds the {colour_name(a)}-{colour_name(b)} monument at {cell_name(e.corner)}"
            )
        elif isinstance(e, BuildingPlaced) and e.player == mover:
            yield f"puts the {e.colour.building} on {cell_name(e.cell)}"
        elif isinstance(e, WonderBuilt) and e.player == mover:
            yield f"builds the wonder at {cell_name(e.centre)}"
        elif isinstance(e, GameEnded):
            yield "ends the game"  # who wins stays unsaid: the others' points are hidden
    if isinstance(after.pending, MonumentChoice) and after.pending.player == mover:
        yield "completes a square of four: you may build a monument on it"


def _points(
    state: GameState, after: GameState, events: Sequence[Event], mover: int
) -> Iterator[str]:
    """The points scored at once, then those from monuments and the wonder at the end of the
    turn (spec R24, R31), each colour with the count before and after."""
    later = [0] * len(COLOURS)
    for e in events:
        if isinstance(e, MonumentScored | WonderScored) and e.player == mover:
            later[e.colour] += 1
    now = [after.points[mover][c] - state.points[mover][c] - later[c] for c in COLOURS]
    start = list(state.points[mover])
    for part, when in ((now, ""), (later, " at the end of the turn, from monuments")):
        each = [
            f"{plural(part[c], f'{colour_name(c)} point')} "
            f"({colour_name(c)} {start[c]} to {start[c] + part[c]})"
            for c in COLOURS
            if part[c] > 0
        ]
        if each:
            yield f"scores you {_joined(each)}{when}"
        start = [start[c] + part[c] for c in COLOURS]


def _plain(action: Action, events: Sequence[Event], mover: int) -> Iterator[str]:
    """What an action that changes nothing on the board is good for."""
    for e in events:
        if isinstance(e, TilesExchanged) and e.player == mover:
            yield f"swaps {plural(e.count, 'tile')} of your hand for as many from the bag"
    if isinstance(action, EndTurn):
        yield "keeps your tiles in hand"
    elif isinstance(action, WithdrawLeader):
        yield f"takes your {action.colour.leader} back to your supply, to place it again"


def _costs(
    state: GameState, after: GameState, events: Sequence[Event], mover: int
) -> Iterator[str]:
    for p in range(state.players):
        if p == mover:
            continue
        got = [
            plural(after.points[p][c] - state.points[p][c], f"{colour_name(c)} point")
            for c in COLOURS
            if after.points[p][c] > state.points[p][c]
        ]
        if got:
            yield f"it gives seat {p} {_joined(got)}"
    for e in events:
        if isinstance(e, LeaderReturned) and e.player == mover:
            yield f"your {e.colour.leader} on {cell_name(e.cell)} goes home"
    won = any(isinstance(e, ConflictResolved) and e.winner == mover for e in events)
    lost = [
        cell
        for colour in COLOURS
        for cell in cells_of(state.tiles[colour] & ~after.tiles[colour] & ~after.flipped)
        if not won and _owners(state, cell) == [mover]  # shared with a rival: a blow to him
    ]
    if lost:
        go = "leaves" if len(lost) == 1 else "leave"
        yield f"{plural(len(lost), 'tile')} of your kingdoms {go} the board ({cells_text(lost)})"
