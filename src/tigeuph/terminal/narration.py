"""The story of a game in words, for the terminal: what each action did, told from the events
its record keeps (issue 26), as one seat may know them.

:func:`narrate` tells a stretch of a record's actions, one line an event, grouped by the seat
that acted: the action's notation, then its events' sentences (:meth:`tigeuph.Event.text`), the
seat at the keyboard spoken to as ``you``. An action the game tells no events for is told by its
notation alone. Nothing here knows one game from another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.dynasties import dynasty
from ..core.events import names_for
from ..core.interface.views import seen_notations
from ..games import AnyGame, Record, game_of

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

__all__ = [
    "last_decision",
    "narrate",
    "seat_labels",
    "show_summary",
    "story",
    "tell",
]


def last_decision(record: Record, seat: int) -> int:
    """The index of *seat*'s last action in *record* (0 when he has not acted): the story he
    has not been told yet starts there, with what his own action did."""
    states = record.states
    for index in range(len(record.actions) - 1, -1, -1):
        if states[index].to_move == seat:
            return index
    return 0


def story(
    record: Record, start: int, stop: int, viewer: int | None, labels: Sequence[str]
) -> list[tuple[int, list[tuple[str, str, bool]]]]:
    """Actions *start* to *stop* of *record* in groups by the seat that acted: each group its
    seat and, per line, the action's notation (on an action's first line only), the sentence
    and whether it concerns *viewer* though another seat acted. Events and actions are as
    *viewer* may know them (:meth:`~tigeuph.Event.seen_by`; another seat's exchange by its kind
    alone; ``None``: everything, as a full state shows it)."""
    states, events = record.states, record.events
    names = names_for(len(labels), viewer)
    notations = _notations(record, start, stop, viewer)
    groups: list[tuple[int, list[tuple[str, str, bool]]]] = []
    for index, notation in zip(range(start, stop), notations, strict=True):
        mover = states[index].to_move
        assert mover is not None
        if not groups or groups[-1][0] != mover:
            groups.append((mover, []))
        lines = groups[-1][1]
        told = [e if viewer is None else e.seen_by(viewer) for e in events[index]]
        if not told:
            lines.append((notation, f"{_played(names, mover)} {notation}.", False))
        for n, event in enumerate(told):
            concerns = viewer is not None and viewer != mover and viewer in event.players
            lines.append((notation if n == 0 else "", event.text(names), concerns))
    return groups


def _notations(record: Record, start: int, stop: int, viewer: int | None) -> list[str]:
    """Actions *start* to *stop* of *record* as *viewer* may write them: an action his view
    hides (another seat's exchange, spec R4) by its kind in brackets, ``(exchange)``."""
    actions = record.actions
    if viewer is None:
        return [str(action) for action in actions[start:stop]]
    game = game_of(record)
    seen = seen_notations(
        game, record.states[: stop + 1], actions[:stop], record.events, viewer, start
    )
    return [
        f"({game.presentation.action_kind(action)})" if notation is None else notation
        for action, notation in zip(actions[start:stop], seen, strict=True)
    ]


def _played(names: Sequence[str], mover: int) -> str:
    name = names[mover]
    return f"{name[:1].upper()}{name[1:]} {'play' if name == 'you' else 'plays'}"


def narrate(
    record: Record,
    start: int,
    stop: int,
    viewer: int | None,
    labels: Sequence[str],
    *,
    headings: bool = True,
) -> RenderableType | None:
    """What :func:`story` tells, laid out for a ``rich`` console: a heading per group (the
    seat's label, in its colour; none without *headings*), then its lines in two columns, the
    action and the sentences; the lines that concern *viewer* in bold. ``None`` when there is
    nothing to tell."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    parts: list[Any] = []
    for seat, lines in story(record, start, stop, viewer, labels):
        if headings:  # the seat's dynasty and its colour, as on the board and the score rows
            crest = dynasty(seat)
            parts.append(
                Text.assemble(
                    (f" {crest.name} ", f"bold black on {crest.colour}"),
                    " ",
                    (labels[seat], "bold underline" if seat == viewer else "underline"),
                )
            )
        table = Table.grid(padding=(0, 2))
        table.add_column(style="dim", no_wrap=True)
        table.add_column()
        for action, sentence, concerns in lines:
            table.add_row(f"  {action}", Text(sentence, style="bold" if concerns else ""))
        parts.append(table)
    return Group(*parts) if parts else None


def seat_labels(seats: Sequence[str], viewer: int | None) -> list[str]:
    """Each seat's heading in the story: ``you (seat 0)``, ``seat 1 (greedy)``."""
    return [
        f"you (seat {s})" if s == viewer else f"seat {s} ({name})" for s, name in enumerate(seats)
    ]


def tell(
    console: Console, record: Record, start: int, viewer: int | None, seats: Sequence[str]
) -> None:
    """Tell *record*'s actions from *start* on, as *viewer* may know them (``None``: all), the
    seats played by *seats*."""
    told = narrate(record, start, len(record.actions), viewer, seat_labels(seats, viewer))
    if told is not None:
        if viewer is not None:
            console.print("since your last decision:", style="dim")
        console.print(told)


def show_summary(
    console: Console, game: AnyGame, position: Any, viewer: int | None, players: int
) -> None:
    """What the decision *position* waits for weighs, as *game* tells it (a revolt's or a
    war's strengths), to *viewer*."""
    summary = game.presentation.decision_summary(position, names=names_for(players, viewer))
    if summary:
        from rich.text import Text

        console.print(Text.from_markup(summary))
