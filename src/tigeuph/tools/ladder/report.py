"""What a ladder says: its table, its picture (matplotlib, the ``plot`` extra) and, for the
simulator's report, one sentence on a rung from the published ladder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...core.extras import require
from .results import Ladder, ladder_key, published
from .sprt import H0, H1

__all__ = ["plot", "rung_note", "table"]

_VERDICTS = {H1: "stronger", H0: "not stronger", None: "undecided"}


def table(ladder: Ladder) -> str:
    """The ladder as text: each player's rating with its 95% interval, best first, then each
    match's verdict, and the games that did not end, counted apart."""
    t = ladder.test
    lines = [
        f"{ladder.game}, {ladder.players} players: Bradley-Terry ratings in Elo points from "
        f"{ladder.reference} (95% interval), every game that ended rated together",
    ]
    width = max([12, *(len(r.player) for r in ladder.ratings)])
    lines.append(f"  {'player':<{width}} {'Elo':>7} {'95% interval':>17} {'games':>6}")
    for r in sorted(ladder.ratings, key=lambda r: -r.elo):
        interval = f"{r.low:+.0f} to {r.high:+.0f}"
        lines.append(f"  {r.player:<{width}} {r.elo:>+7.0f} {interval:>17} {r.games:>6}")
    lines.append(
        f"Matches (SPRT, alpha {t.alpha:g}, beta {t.beta:g}, elo0 {t.elo0:g}, elo1 {t.elo1:g}; "
        f"at most {ladder.limit} deals):"
    )
    for m in ladder.matches:
        d = m.decision
        seconds = m.seconds_per_game
        timing = "" if seconds is None else f", {seconds:.1f} s a game"
        stalled = f", {m.stalled} stalled" if m.stalled else ""
        lines.append(
            f"  {m.high} vs {m.low}: {_VERDICTS[d.verdict]} after {m.deals} deals "
            f"(score {d.score:.3f}, LLR {d.llr:+.2f}){timing}{stalled}"
        )
    if ladder.stalled:
        lines.append(
            f"{ladder.stalled} games did not end (stalled, spec D8, or at the action bound): "
            "kept in the results, not rated"
        )
    return "\n".join(lines)


def plot(ladders: Sequence[Ladder], path: str | Path) -> None:
    """Draw *ladders* into the image file *path* (PNG, SVG or PDF): a panel per ladder, two
    to a row, each player's rating with its 95% interval, best at the top, a placed player in
    red; a long agent specification is written over several lines at its commas.

    Raises:
        TigeuphError: matplotlib is not installed (the ``plot`` extra).
    """
    require("matplotlib", "plot").use("Agg")
    plt: Any = require("matplotlib.pyplot", "plot")
    figure: Any
    columns = min(2, len(ladders))
    rows = -(-len(ladders) // columns)
    figure, axes = plt.subplots(
        rows, columns, figsize=(6 * columns, 3.6 * rows), squeeze=False, layout="constrained"
    )
    panels = [ax for row in axes for ax in row]
    for ax in panels[len(ladders) :]:
        ax.set_visible(False)
    for ax, ladder in zip(panels, ladders, strict=False):
        rated = sorted(ladder.ratings, key=lambda r: r.elo)
        ys = range(len(rated))
        for y, r in zip(ys, rated, strict=True):
            colour = "#b00020" if r.player in ladder.placed else "#1f4e79"
            xerr = [[r.elo - r.low], [r.high - r.elo]]
            ax.errorbar([r.elo], [y], xerr=xerr, fmt="o", color=colour, capsize=3)
        ax.set_yticks(list(ys), [_label(r.player) for r in rated])
        ax.axvline(0, color="grey", linewidth=0.8, linestyle="--")
        ax.set_xlabel("Elo points (95% interval)")
        placed = " (in red: placed)" if ladder.placed else ""
        ax.set_title(f"{ladder.game}, {ladder.players} players{placed}")
        ax.grid(axis="x", alpha=0.3)
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _label(name: str, width: int = 18) -> str:
    """*name* over several lines, broken after its commas, when longer than *width*."""
    if len(name) <= width:
        return name
    return ",\n".join(name.split(","))


def rung_note(
    name: str, game: str, players: int, ladders: Mapping[str, Ladder] | None = None
) -> str:
    """What the ladder says of the rung *name* in *game* for *players*, in a sentence
    (*ladders*: by default the published one, :func:`~.results.published`).

    >>> from tigeuph.tools.ladder import Ladder, SPRT
    >>> rung_note("search-300", "tigris", 3, {})
    'search-300: not on the published ladder for tigris at 3 players yet'
    """
    ladders = published() if ladders is None else ladders
    ladder = ladders.get(ladder_key(game, players))
    rating = None if ladder is None else ladder.rating(name)
    if ladder is None or rating is None:
        return f"{name}: not on the published ladder for {game} at {players} players yet"
    reference = ladder.reference
    if rating.player == reference:
        return f"{name}: the ladder's reference (0) for {game} at {players} players"
    side = "above" if rating.elo >= 0 else "below"
    return (
        f"{name}: about {abs(rating.elo):.0f} rating points {side} {reference} at {players} "
        f"players (95% interval {rating.low:+.0f} to {rating.high:+.0f}; {game} ladder)"
    )
