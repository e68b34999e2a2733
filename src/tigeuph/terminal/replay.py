"""Stepping through a game record, of any game, in the terminal (the ``cli`` extra, for
``rich``): each position as the game describes it, and what the action that led to it did, in
words (:mod:`tigeuph.terminal.narration`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ..core.events import names_for
from ..core.interface.views import seen_notations
from ..games import Record, game_of
from .console import rich_console, show_markup
from .narration import narrate

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["QUIT", "REPLAY_HELP", "replay_in_terminal"]

QUIT: Final = ("q", "quit")
"""The words that stop a replay: those that stop ``tigeuph play``."""

REPLAY_HELP = (
    "Enter or n: next   b: back   a number N: move N   s: start   e: end   q or quit: stop"
)
"""The keys of a replay, printed for ``?`` (or any other key)."""


def replay_in_terminal(
    game: Record,
    *,
    start: int = 0,
    player: int | None = None,
    every: bool = False,
    console: Console | None = None,
    ask: Callable[[str], str] | None = None,
) -> None:
    """Show the record *game* from the position after *start* actions, stepping as the keys
    ask (:data:`REPLAY_HELP`), each action told in words; with *player*, as that seat saw it
    (his hand only; the others' hidden tiles and exchanged colours left out, spec R4). With
    *every*, show every position from *start* to the end without asking.

    Raises:
        TigeuphError: rich is missing (the ``cli`` extra).
    """
    console = console or rich_console()
    ask = ask or console.input
    last = len(game.actions)
    at = max(0, min(start, last))
    while True:
        _show(console, game, at, player)
        if every:
            if at == last:
                return
            at += 1
            continue
        try:
            key = ask(f"move {at} of {last} (? for help)> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if key in ("", "n"):
            at = min(at + 1, last)
        elif key in ("b", "p"):
            at = max(at - 1, 0)
        elif key == "s":
            at = 0
        elif key == "e":
            at = last
        elif key in QUIT:
            return
        elif key.isdigit():
            at = min(int(key), last)
        else:
            console.print(REPLAY_HELP)


def _show(console: Console, game: Record, at: int, player: int | None) -> None:
    interface = game_of(game)
    state = game.states[at]
    position = state if player is None else interface.view(state, player)
    played = game.actions[at - 1] if at > 0 else None
    if console.is_terminal:
        console.clear()
    show_markup(console, interface.presentation.describe(position, last=played))
    players = interface.player_count(state)
    if played is not None:
        mover = game.states[at - 1].to_move
        name = "you" if mover == player else game.tags.get(f"Player{mover}")
        who = f"seat {mover}" + (f" ({name})" if name else "")
        console.print(f"move {at}: {who} played {_notation(game, at, player)}", markup=False)
        labels = [f"seat {s}" for s in range(players)]
        told = narrate(game, at - 1, at, player, labels, headings=False)
        if told is not None:
            console.print(told)
    else:
        console.print("move 0: the game's first position")
    summary = interface.presentation.decision_summary(position, names=names_for(players, player))
    if summary:
        show_markup(console, summary)


def _notation(game: Record, at: int, player: int | None) -> str:
    """Action *at* as *player* may write it: another seat's exchange, whose colours are
    secret (spec R4), by its kind alone."""
    played = game.actions[at - 1]
    if player is None:
        return str(played)
    interface = game_of(game)
    seen = seen_notations(
        interface, game.states[: at + 1], game.actions[:at], game.events, player, at - 1
    )[0]
    kind = interface.presentation.action_kind(played)
    return f"({kind}, hidden from you)" if seen is None else seen
