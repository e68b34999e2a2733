"""How a game ended, as every seat is told it: :class:`GameEnd`.

Most agents forget a game once it is over; an agent that keeps something across games (an
external bot's process, a learner) is told the outcome through its optional
``end_game(end)`` method, which :func:`~tigeuph.play` calls for every seat, whether the game
finished, was stopped, or was lost by a seat's forfeit.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ..games import AnyGame

__all__ = ["GameEnd", "game_end"]


@frozen
class GameEnd:
    """The end of a game, as every seat may know it (nothing hidden: the deal's seed stays
    the host's)."""

    game: str
    """The game's name in :data:`tigeuph.GAMES`."""
    result: str
    """``"finished"`` (the rules ended it), ``"stopped"`` (it stalled or reached its bound of
    actions, spec D8) or ``"forfeit"`` (a seat misbehaved: :class:`~tigeuph.AgentError`)."""
    winners: tuple[int, ...]
    """The seats ranked first."""
    ranks: tuple[int, ...]
    """Each seat's rank (1 is first). A forfeiting seat is last, every other seat first."""
    scores: tuple[int, ...]
    """Each seat's score as the game counts it, as the game stood."""
    text: str
    """The end in one line for people."""
    forfeit: int | None = None
    """The seat that forfeited, or ``None``."""
    reason: str | None = None
    """Why it forfeited: :attr:`AgentError.reason <tigeuph.AgentError>`, or ``None``."""


def game_end(game: AnyGame, state: Any, stopped: str | None, forfeit: Any = None) -> GameEnd:
    """The :class:`GameEnd` of *game* in *state*: stopped for *stopped* (a
    :class:`~tigeuph.core.stops.Stop` value, or ``None``), or lost by *forfeit* (an
    :class:`~tigeuph.AgentError`, or ``None``)."""
    scores = tuple(game.scores(state))
    if forfeit is not None:
        seat: int = forfeit.seat
        players = len(scores)
        ranks = tuple(players if s == seat else 1 for s in range(players))
        return GameEnd(
            game=game.facts.name,
            result="forfeit",
            winners=tuple(s for s in range(players) if s != seat),
            ranks=ranks,
            scores=scores,
            text=f"seat {seat} forfeited ({forfeit.reason})",
            forfeit=seat,
            reason=str(forfeit.reason),
        )
    ranks = tuple(game.ranks(state))
    return GameEnd(
        game=game.facts.name,
        result="finished" if stopped is None else "stopped",
        winners=tuple(s for s, rank in enumerate(ranks) if rank == 1),
        ranks=ranks,
        scores=scores,
        text=game.presentation.result_text(state) if stopped is None else f"stopped: {stopped}",
    )
