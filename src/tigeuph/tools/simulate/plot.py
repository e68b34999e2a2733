"""The comparison as a picture: for each player count, how long games last and what the winner
scores under each rule set, and each seat's share of the wins with its 95% interval.
Needs matplotlib (the ``plot`` extra)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core.extras import require
from .report import Report, RuleSetResult

__all__ = ["plot"]


def plot(report: Report, path: str | Path) -> None:
    """Draw *report* into the image file *path* (PNG, SVG or PDF, by its suffix): a row per
    player count with the distributions of game length (actions) and of the winner's score per
    rule set, each seat's share of wins with its Wilson 95% interval and the fair share, with
    mixed agents each agent's share too, and the report's warnings written below (a variant
    that hardly came into play, games that did not end).

    Raises:
        TigeuphError: matplotlib is not installed (the ``plot`` extra).
    """
    require("matplotlib", "plot").use("Agg")  # draw to files, never to a screen
    plt: Any = require("matplotlib.pyplot", "plot")
    counts = report.player_counts
    mixed = any(len(r.agents) > 1 for r in report.results)
    columns = 4 if mixed else 3
    cautions = [w for r in report.results for w in r.warnings()]
    figure: Any
    figure, axes = plt.subplots(
        len(counts),
        columns,
        figsize=(5 * columns, 4.2 * len(counts) + 0.3 * len(cautions)),
        squeeze=False,
        layout="constrained",
    )
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for row, players in zip(axes, counts, strict=True):
        group = report.group(players)
        labels = [r.label for r in group]
        for ax, metric, title in (
            (row[0], "actions", "game length (actions)"),
            (row[1], "winner_score", "winner's score"),
        ):
            parts = ax.violinplot(
                [r.values(metric) for r in group], showmedians=True, showextrema=False
            )
            for body, colour in zip(parts["bodies"], colours, strict=False):
                body.set_facecolor(colour)
                body.set_alpha(0.6)
            means = [r.mean(metric) for r in group]
            ax.scatter(range(1, len(group) + 1), means, color="black", marker="D", s=18, zorder=3)
            ax.set_xticks(range(1, len(group) + 1), labels, rotation=15)
            ax.set_title(f"{players} players: {title}")
            ax.grid(axis="y", alpha=0.3)
        ax = row[2]
        width = 0.8 / len(group)
        for k, r in enumerate(group):
            shares = [r.interval(f"wins_seat_{seat}") for seat in range(players)]
            xs = [seat + (k - (len(group) - 1) / 2) * width for seat in range(players)]
            ys = [100 * i.estimate for i in shares]
            errors = [
                [max(0.0, 100 * (i.estimate - i.low)) for i in shares],
                [max(0.0, 100 * (i.high - i.estimate)) for i in shares],
            ]
            ax.bar(xs, ys, width, yerr=errors, capsize=3, label=r.label, color=colours[k % 10])
        ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
        ax.set_xticks(range(players), [f"seat {seat}" for seat in range(players)])
        ax.set_ylabel("wins (%)")
        ax.set_title(f"{players} players: wins by seat, 95% interval")
        ax.legend(fontsize="small")
        ax.grid(axis="y", alpha=0.3)
        if mixed:
            _agents(row[3], group, players, colours)
    if cautions:
        figure.supxlabel("\n".join(cautions), color="#b00020", fontsize="medium", ha="center")
    games = len(report.results[0].games)
    agents = ", ".join(report.agents)
    seated = ", seats rotated" if mixed else ""
    figure.suptitle(
        f"{games} games per rule set, seeds from {report.seed}, agents: {agents}{seated}"
    )
    figure.savefig(path, dpi=110)
    plt.close(figure)


def _agents(ax: Any, group: Sequence[RuleSetResult], players: int, colours: list[str]) -> None:
    """Each agent's share of wins over the seats it filled, per rule set, with its interval."""
    agents = list(dict.fromkeys(a for r in group for a in r.agents))
    width = 0.8 / len(group)
    for k, r in enumerate(group):
        wins = r.agent_wins()
        shares = [wins.get(a) for a in agents]
        xs = [n + (k - (len(group) - 1) / 2) * width for n in range(len(agents))]
        ys = [0.0 if i is None else 100 * i.estimate for i in shares]
        errors = [
            [0.0 if i is None else max(0.0, 100 * (i.estimate - i.low)) for i in shares],
            [0.0 if i is None else max(0.0, 100 * (i.high - i.estimate)) for i in shares],
        ]
        ax.bar(xs, ys, width, yerr=errors, capsize=3, label=r.label, color=colours[k % 10])
    ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(len(agents)), agents)
    ax.set_ylabel("wins (% of the seats it filled)")
    ax.set_title(f"{players} players: wins by agent, 95% interval")
    ax.legend(fontsize="small")
    ax.grid(axis="y", alpha=0.3)
