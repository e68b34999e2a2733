"""``.. ladder-table::``: the published ladder's ratings and verdicts, from the file itself.

The table is read from :func:`tigeuph.tools.ladder.published` (the summary the simulator
quotes, which ``tests/tools/test_ladder_published.py`` checks against the results file) when the
page is built, so the page cannot show a ladder other than the one published: a rating per
player with its 95% interval, best first (a player placed with ``--place`` marked so), then
each match's verdict with the wall-clock time of its games.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

_VERDICTS = {"H1": "stronger", "H0": "**not** stronger", None: "undecided"}


def _elo(value: float) -> str:
    return f"{value:+.0f}".replace("-", "\N{MINUS SIGN}")


def _cost(match: Any) -> str:
    """What a match's games took: wall-clock seconds a game, and the games that stalled."""
    seconds = match.seconds_per_game
    told = "" if seconds is None else f", {seconds:.{1 if seconds >= 1 else 2}f} s a game"
    return told + (f", {match.stalled} stalled" if match.stalled else "")


class LadderTable(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        from tigeuph.tools.ladder import published

        found = published()  # the main game's ladders first, then Babel's
        ladders = {k: found[k] for k in sorted(found, key=lambda k: (k.startswith("babel"), k))}
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 14 16 10 22 10", ""]
        lines += ["   * - ladder", "     - player", "     - Elo", "     - 95% interval"]
        lines += ["     - games"]
        for key, ladder in ladders.items():
            for r in sorted(ladder.ratings, key=lambda r: -r.elo):
                reference = r.player == ladder.reference
                interval = "(reference)" if reference else f"{_elo(r.low)} to {_elo(r.high)}"
                placed = " (placed)" if r.player in ladder.placed else ""
                lines += [f"   * - {key}", f"     - ``{r.player}``{placed}"]
                lines += [f"     - {'0' if reference else _elo(r.elo)}", f"     - {interval}"]
                lines += [f"     - {r.games}"]
        lines += ["", "The matches' verdicts (SPRT on deal scores):", ""]
        for key, ladder in ladders.items():
            verdicts = [
                f"``{m.high}`` against ``{m.low}``: {_VERDICTS[m.decision.verdict]} after "
                f"{m.deals} deals (score {m.decision.score:.3f}{_cost(m)})"
                for m in ladder.matches
            ]
            lines.append(f"* **{key}**: " + "; ".join(verdicts) + ".")
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("ladder-table", LadderTable)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
