"""Player views: what one player may know of a position (spec R4, R32), and determinisation.

A :class:`PlayerView` is all a game server should send a player, and all a bot playing under
hidden information may look at. What it holds and what it leaves out:

=============================  =================================================================
shown to the viewer            the board (tiles, leaders, monuments, catastrophes, treasures,
                               and with the variants the buildings, the wonder and the crosses
                               declined for it);
                               his own hand and his own exchanged tiles; every player's number
                               of tiles in hand, of exchanged tiles and of catastrophe tiles;
                               the bag's size; tiles removed in the open (destroyed or committed
                               as support); treasures taken; the turn; the pending decision; his
                               own legal actions when he is to move
points                         his own; everyone's under open scoring (``rules.open_scoring``,
                               R32) and once the game is over (the final count is public)
never shown                    the colours of other hands and of other players' exchanged tiles;
                               the bag's order and contents; other players' point totals under
                               hidden scoring while the game goes on (each scoring event is
                               public, in the history)
=============================  =================================================================

:meth:`tigeuph.Game.view` adds the public history: every action in order (another player's
exchange as its size only), the points it scored, since scoring happens in the open (R32): a
player who keeps count knows every total, and what it did, told as events
(:mod:`tigeuph.tigris.events`) as the viewer may know them: his own draws and exchanges with their
colours, another player's with their number only (R4). The history is the record a player may keep;
the game record itself (:meth:`tigeuph.Game.to_record`) fixes the bag and every hand, so it stays on
the server.

:func:`sample_state` goes back the other way for search under hidden information: a full state
drawn at random among those the viewer cannot tell apart, with the hidden points counted from
the public history.

>>> import random, tigeuph
>>> state = tigeuph.new_game(2, seed=3)
>>> mine, theirs = tigeuph.view(state, 0), tigeuph.view(state, 1)
>>> mine.hand == state.hands[0], mine.hand_sizes, mine.bag_size, mine.points[1]
(True, (6, 6), 131, None)
>>> guess = tigeuph.sample_state(mine, random.Random(1))
>>> tigeuph.view(guess, 0) == mine, tigeuph.check_state(guess)
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from attrs import field, frozen

from ..core.errors import ArgumentError, PositionError, as_int, expect
from ..core.events import Event
from .engine.apply import transition
from .engine.legal import legal_actions
from .events import ConflictResolved, MonumentScored, TilePlaced, WonderScored
from .model.actions import Action, ExchangeTiles
from .model.cells import Bitboard, Cell
from .model.cellset import BoardCells
from .model.decisions import Decision
from .model.pieces import COLOURS, Colour
from .model.ruleset import Rules
from .model.state import (
    TILE_COUNTS,
    Counts,
    End,
    GameState,
    MonumentSite,
    WonderSite,
    count_letters,
    tiles_outside_bag,
)

__all__ = [
    "PlayerView",
    "PublicAction",
    "ScoringEvent",
    "history",
    "sample_state",
    "scoring",
    "view",
]


@frozen
class ScoringEvent:
    """Points one player scored in one colour: public even under hidden scoring (spec R32)."""

    player: int
    colour: Colour
    points: int


@frozen
class PublicAction:
    """One action of the public history, as the viewer may know it (spec R4).

    ``action`` is ``None`` for another player's exchange, whose colours are hidden; its size,
    ``exchanged``, is public, as are the points the action scored. ``events`` tell what the
    action did (:mod:`tigeuph.tigris.events`), each as :meth:`Event.seen_by <tigeuph.Event.seen_by>`
    the viewer: the colours of tiles another player drew or exchanged are left out.
    """

    player: int
    action: Action | None
    exchanged: int = 0
    scored: tuple[ScoringEvent, ...] = ()
    events: tuple[Event, ...] = ()
    """What the action did, as the viewer may know it; empty in a document written before
    events were told."""


@frozen
class PlayerView(BoardCells):
    """What ``player`` may know of a position (spec R4, R32): see the module's table.

    The board fields mean what they mean in :class:`~tigeuph.GameState`, and read as cell names
    the same way: ``CellSet(view.treasures)``, or the properties ending in ``_cells``
    (``view.treasure_cells``). Per-player tuples are
    indexed by seat; ``points[seat]`` is ``None`` where the viewer may not see them. ``legal``
    lists the viewer's legal actions when he is to move, else nothing: they depend only on what
    he may see. Two states that differ only in what the viewer may not see give equal views.
    The variants' board fields (``buildings``, ``wonder``, ``declined_crosses``) are keyword-only
    and empty by default, as in a state.
    """

    player: int
    rules: Rules
    tiles: tuple[Bitboard, Bitboard, Bitboard, Bitboard]
    flipped: Bitboard
    catastrophes: Bitboard
    treasures: Bitboard
    leaders: tuple[tuple[Cell | None, ...], ...]
    monuments: tuple[MonumentSite, ...]
    declined: Bitboard
    unification: Cell | None
    buildings: tuple[Cell | None, Cell | None, Cell | None, Cell | None] = field(
        default=(None, None, None, None), kw_only=True
    )
    wonder: WonderSite | None = field(default=None, kw_only=True)
    declined_crosses: Bitboard = field(default=0, kw_only=True)
    treasures_set_aside: int = field(default=0, kw_only=True)
    """Treasures a sketch left off the board, taken by nobody (spec D7); 0 in a game."""
    hand: Counts
    """The viewer's own hand, per colour."""
    hand_sizes: tuple[int, ...]
    catastrophe_tiles: tuple[int, ...]
    points: tuple[Counts | None, ...]
    treasures_taken: tuple[int, ...]
    bag_size: int
    removed: Counts
    discarded: Counts
    """The tiles the viewer himself exchanged, per colour."""
    discard_sizes: tuple[int, ...]
    """How many tiles each player has exchanged; their colours stay hidden."""
    active: int
    actions_left: int
    pending: Decision | None
    ended: End | None
    legal: Sequence[Action]
    history: tuple[PublicAction, ...] = ()

    @property
    def players(self) -> int:
        """How many players."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, as :attr:`~tigeuph.GameState.is_over` says."""
        return self.ended is not None

    @property
    def to_move(self) -> int | None:
        """Who must decide now, as :attr:`~tigeuph.GameState.to_move` says: a client waiting
        for another player needs it, since ``legal`` is empty then."""
        return (
            None if self.is_over else self.active if self.pending is None else self.pending.player
        )

    def _repr_svg_(self) -> str:
        """The picture of what the viewer sees, for notebooks
        (:func:`tigeuph.tigris.pictures.board`)."""
        from .pictures import board  # the pictures sit above the views

        return board(self)


def _points_shown(state: GameState, viewer: int, seat: int) -> bool:
    return seat == viewer or state.rules.open_scoring or state.ended is not None


def view(state: GameState, player: int) -> PlayerView:
    """What *player* may know of *state* (spec R4, R32), without the history.

    Raises:
        ArgumentTypeError: *state* is not a state or *player* not an int.
        ArgumentError: *player* is not a seat of the game.
    """
    expect(state, GameState, "a GameState", "view: state")
    player = as_int(player, "a seat (an int)", "view: player")
    if not 0 <= player < state.players:
        raise ArgumentError(f"player {player} is not a seat of this {state.players}-player game")
    return PlayerView(
        player=player,
        rules=state.rules,
        tiles=state.tiles,
        flipped=state.flipped,
        catastrophes=state.catastrophes,
        treasures=state.treasures,
        leaders=state.leaders,
        monuments=state.monuments,
        declined=state.declined,
        unification=state.unification,
        buildings=state.buildings,
        wonder=state.wonder,
        declined_crosses=state.declined_crosses,
        treasures_set_aside=state.treasures_set_aside,
        hand=state.hands[player],
        hand_sizes=tuple(sum(hand) for hand in state.hands),
        catastrophe_tiles=state.catastrophe_tiles,
        points=tuple(
            points if _points_shown(state, player, seat) else None
            for seat, points in enumerate(state.points)
        ),
        treasures_taken=state.treasures_taken,
        bag_size=len(state.bag),
        removed=state.removed,
        discarded=state.discarded[player],
        discard_sizes=tuple(sum(d) for d in state.discarded),
        active=state.active,
        actions_left=state.actions_left,
        pending=state.pending,
        ended=state.ended,
        legal=legal_actions(state) if state.to_move == player else (),
    )


def history(
    states: Sequence[GameState],
    actions: Sequence[Action],
    player: int,
    events: Sequence[Sequence[Event]] | None = None,
) -> tuple[PublicAction, ...]:
    """The public history of a game as *player* may know it: ``actions[i]`` led from
    ``states[i]`` to ``states[i + 1]`` and did ``events[i]`` (:attr:`tigeuph.Game.events`);
    without *events*, :func:`~tigeuph.transition` tells them again.

    Raises:
        ValueError: there is not one state more than actions, nor one list of events per
            action, or an action follows the end.
    """
    if len(states) != len(actions) + 1:
        raise ValueError(f"{len(states)} states for {len(actions)} actions: expected one more")
    if events is not None and len(events) != len(actions):
        raise ValueError(f"{len(events)} lists of events for {len(actions)} actions")
    out = []
    for i, (before, action) in enumerate(zip(states[:-1], actions, strict=True)):
        mover = before.to_move
        if mover is None:
            raise ValueError(f"{action} follows the end of the game")
        told = transition(before, action)[1] if events is None else events[i]
        out.append(public_action(mover, action, told, scoring(told), player))
    return tuple(out)


def public_action(
    mover: int,
    action: Action,
    told: Sequence[Event],
    scored: tuple[ScoringEvent, ...],
    player: int,
) -> PublicAction:
    """*mover*'s *action*, which did *told* and *scored*, as *player* may know it: another
    player's exchange by its size only (R4), every event as :meth:`~tigeuph.Event.seen_by`
    him."""
    seen = tuple(event.seen_by(player) for event in told)
    if isinstance(action, ExchangeTiles):
        shown = action if mover == player else None
        return PublicAction(mover, shown, sum(action.counts), scored, seen)
    return PublicAction(mover, action, 0, scored, seen)


def scoring(events: Sequence[Event]) -> tuple[ScoringEvent, ...]:
    """The points *events* scored, summed by player and colour, in seat then colour order:
    a tile placed (R13, doubled by a building, R30), a conflict won (R15, R20), a monument's
    or the wonder's point at the end of a turn (R24, R31)."""
    points: dict[tuple[int, Colour], int] = {}
    for event in events:
        match event:
            case TilePlaced(scorer=int() as who):
                gained = (who, event.colour, event.points)
            case ConflictResolved():
                gained = (event.winner, event.point_colour, event.points)
            case MonumentScored() | WonderScored():
                gained = (event.player, event.colour, 1)
            case _:
                continue
        who, colour, n = gained
        points[who, colour] = points.get((who, colour), 0) + n
    return tuple(ScoringEvent(who, colour, n) for (who, colour), n in sorted(points.items()) if n)


def sample_state(view: PlayerView, rng: random.Random) -> GameState:
    """A full state that *view*'s player cannot tell from the real one, drawn with *rng*.

    The tiles the viewer cannot see (the box less the board, the tiles removed in the open, his
    hand and his exchanged tiles) are shuffled and dealt to the other hands, the other players'
    exchanged tiles and the bag, in the sizes the view gives: every deal consistent with the
    view is equally likely, whatever the other players' past choices might suggest.

    Points the view hides are the sums of that player's scoring events in the view's public
    history (scoring is public, R32): a view from :meth:`tigeuph.Game.view` of a game dealt from
    a seed gives every player's true points. The history counts only from the game's first
    state, so for a game that started from a later position they are the points scored since;
    a view without a history (:func:`view`) gives zero. ``view(sample_state(v, rng), v.player)``
    equals ``v`` without its history.

    Raises:
        ArgumentTypeError: *view* is not a :class:`PlayerView` or *rng* not a
            ``random.Random``.
        PositionError: the view's counts do not add up (a view read from foreign data).
    """
    expect(view, PlayerView, "a PlayerView", "sample_state: view")
    expect(rng, random.Random, "a random.Random", "sample_state: rng")
    last = _last_deal
    if last is not None and last[0] is view:
        deal = last[1]
    else:
        deal = _Deal(view)
        _remember(view, deal)
    pool = list(deal.pool)
    rng.shuffle(pool)
    dealt = "".join(pool)
    hands, discarded = list(deal.hands), list(deal.discarded)
    at = 0
    for seat, n, m in deal.seats:
        hands[seat] = count_letters(dealt[at : at + n])
        discarded[seat] = count_letters(dealt[at + n : at + n + m])
        at += n + m
    return GameState(
        rules=view.rules,
        tiles=view.tiles,
        flipped=view.flipped,
        catastrophes=view.catastrophes,
        treasures=view.treasures,
        leaders=view.leaders,
        monuments=view.monuments,
        declined=view.declined,
        unification=view.unification,
        hands=tuple(hands),
        catastrophe_tiles=view.catastrophe_tiles,
        points=deal.points,
        treasures_taken=view.treasures_taken,
        bag=dealt[at:],
        removed=view.removed,
        discarded=tuple(discarded),
        active=view.active,
        actions_left=view.actions_left,
        pending=view.pending,
        ended=view.ended,
        buildings=view.buildings,
        wonder=view.wonder,
        declined_crosses=view.declined_crosses,
        treasures_set_aside=view.treasures_set_aside,
    )


class _Deal:
    """What :func:`sample_state` deals from a view, worked out once: a search draws hundreds of
    states from one view."""

    __slots__ = ("discarded", "hands", "points", "pool", "seats")

    def __init__(self, view: PlayerView) -> None:
        seen = tiles_outside_bag(
            view.tiles, view.monuments, [view.hand], view.removed, [view.discarded], view.wonder
        )
        unseen = [total - n for total, n in zip(TILE_COUNTS, seen, strict=True)]
        others = [seat for seat in range(view.players) if seat != view.player]
        wanted = (
            sum(view.hand_sizes[seat] + view.discard_sizes[seat] for seat in others) + view.bag_size
        )
        for colour in COLOURS:
            if unseen[colour] < 0:
                raise PositionError(
                    f"the view does not add up: it shows {seen[colour]} {colour.name.lower()} "
                    f"tiles, but the box holds {TILE_COUNTS[colour]}"
                )
        if sum(unseen) != wanted:
            raise PositionError(
                f"the view does not add up: {sum(unseen)} unseen tiles for {wanted} places in "
                "other hands, exchanges and the bag"
            )
        # Shuffled, then dealt to the other seats in turn (hand, then exchanged tiles), the rest
        # to the bag.
        self.pool = tuple(colour.letter for colour in COLOURS for _ in range(unseen[colour]))
        self.seats = tuple(
            (seat, view.hand_sizes[seat], view.discard_sizes[seat]) for seat in others
        )
        self.hands = (view.hand,) * view.players
        self.discarded = (view.discarded,) * view.players
        scored = [[0, 0, 0, 0] for _ in range(view.players)]
        for entry in view.history:
            for event in entry.scored:
                scored[event.player][event.colour] += event.points
        self.points = tuple(
            shown if shown is not None else _counts(scored[seat])
            for seat, shown in enumerate(view.points)
        )


# The last view dealt from, with its deal: one tuple, replaced whole, so that a thread reads
# either the old or the new; the identity test is sound since the tuple keeps the view alive.
_last_deal: tuple[PlayerView, _Deal] | None = None


def _remember(view: PlayerView, deal: _Deal) -> None:
    global _last_deal
    _last_deal = (view, deal)


def _counts(four: list[int]) -> Counts:
    r, b, g, k = four
    return r, b, g, k
