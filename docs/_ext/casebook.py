"""The rules casebook: a page per case of :mod:`tigeuph.casebook`, written at build time.

Each case (the package's ``casebook/scenarios/``, both games) is read and played here by
:mod:`tigeuph.casebook`, as the tests play it (a case that fails is a build warning, so ``-W``
stops the build). Its page (``casebook_pages``) takes its title from the case's own
description, then shows the position and, under each action (with who plays it, what the
game's ``explain`` says of it and what its events told), the board it leads to: the main
game's boards cropped to the cells the case concerns, the action's cells framed, its conflicts
drawn (``casebook_boards``), and what must follow said in sentences (``casebook_words``);
Babel's boards whole, its checks in code. Then the "try it" panel, where the reader edits the
case and plays it in his browser (the ``tryit`` extension), and the file.

Pages go to ``docs/casebook/`` (not kept in git): ``index`` (the families of both games and a
clause → cases table), one page per family (a folder of the casebook: ``wars``,
``babel/turn``) and one per case. A file is rewritten only when its text changes, so
incremental builds stay incremental.
"""

from __future__ import annotations

import html
from collections import defaultdict
from pathlib import Path
from typing import Any, ClassVar

import spec_trace  # spec/trace.py, loaded by conf.py
from casebook_pages import babel_page, escape, figure, pinned, tigris_page
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import tigeuph
from tigeuph import casebook, svg
from tigeuph.casebook import Case, CaseError, CaseFailed

ROOT = Path(__file__).resolve().parents[2]
OUT = "casebook"

# The families in the order of the spec's sections, with a line of introduction each.
FAMILIES: dict[str, tuple[str, str]] = {
    "turn": ("The turn", "Two actions a turn, decisions first, the same action twice."),
    "leaders": ("Leaders", "Where a leader may stand, and where he may not."),
    "tiles": ("Tiles", "Where tiles go and who scores them."),
    "catastrophes": ("Catastrophes", "What a catastrophe destroys, strands or may not touch."),
    "revolts": ("Revolts", "Internal conflicts: who is asked, in which order, and who wins."),
    "wars": ("Wars", "External conflicts: attackers, order of wars, what the loser keeps."),
    "monuments": ("Monuments", "Squares, declined squares and monument points."),
    "treasures": ("Treasures", "Who takes which treasure, and when."),
    "end": ("End and scoring", "When the game ends and who wins."),
    "variants": (
        "Variants",
        "English reinforcement, civilisation buildings, the wonder and open scoring.",
    ),
    "babel/setup": ("Babel: the start", "The starting card, built on each player's first turn."),
    "babel/turn": ("Babel: the turn", "Drawing people and temple cards, the end of a turn."),
    "babel/actions": ("Babel: actions", "Travel, colonise, build, migrate and the quarry."),
    "babel/abilities": (
        "Babel: abilities",
        "Each nation's ability, paid for by a run of its cards, and halving a hand.",
    ),
    "babel/end": ("Babel: the end", "Scores that win at once, the last temple card, ties."),
}

log = logging.getLogger(__name__)


def family_title(family: str) -> str:
    name = family.rpartition("/")[2]
    return FAMILIES.get(family, (name.replace("-", " ").capitalize(), ""))[0]


def case_page(case: Case, family: str, titles: dict[str, str]) -> list[str]:
    """The reStructuredText of *case*'s page; *titles* gives each clause's title."""
    family_doc = "/" + OUT + "/" + family
    if casebook.game_of_case(case).facts.name == "babel":
        return babel_page(case, family_doc, family_title(family))
    return tigris_page(case, family_doc, family_title(family), titles)


# --- the pages --------------------------------------------------------------------------------


def _titles() -> dict[str, str]:
    """Each clause's title, of both specs."""
    found: dict[str, str] = {}
    for spec in ("rules.md", "babel.md"):
        text = (ROOT / "spec" / spec).read_text("utf-8")
        found.update({c.id: c.title for c in spec_trace.parse_spec(text)})
    return found


def pages(root: Path) -> dict[str, str]:
    """Every casebook page (path under *root*'s ``casebook/`` → text); warns of failing cases."""
    titles = _titles()
    cases: dict[str, list[Case]] = defaultdict(list)
    for case in casebook.all_cases():
        try:
            casebook.run(case)
        except (CaseFailed, CaseError) as err:
            log.warning("%s: the engine disagrees: %s", case.path, err)
        cases[casebook.family_of(case)].append(case)
    order = [f for f in FAMILIES if f in cases] + sorted(set(cases) - set(FAMILIES))
    out: dict[str, str] = {}
    by_clause: dict[str, list[str]] = defaultdict(list)
    for family in order:
        for case in cases[family]:
            out[f"{case.name}.rst"] = "\n".join(case_page(case, family, titles))
            for clause in pinned(case):
                by_clause[clause].append(case.name)
        out[f"{family}.rst"] = "\n".join(_family_page(family, cases[family]))
    out["index.rst"] = "\n".join(_index(order, cases, by_clause, titles))
    return out


def _clause_key(clause: str) -> tuple[int, int]:
    return "RDB".index(clause[0]), int(clause[1:])  # R, then D, then Babel's B, by number


def _clause(clause: str) -> str:
    """*clause* linked to its heading in the rules (Babel's have none: plain)."""
    return f":clause:`{clause}`" if clause[0] in "RD" else clause


def _family_page(family: str, cases: list[Case]) -> list[str]:
    title, intro = FAMILIES.get(family, (family_title(family), ""))
    named = sorted({c for case in cases for c in pinned(case)}, key=_clause_key)
    label = family.replace("/", "-")
    lines = [f".. _casebook-{label}:", "", title, "=" * len(title), "", intro, ""]
    lines += ["Clauses pinned here: " + ", ".join(_clause(c) for c in named) + ".", ""]
    for case in cases:
        clauses = ", ".join(_clause(c) for c in pinned(case))
        lines += [f"- :doc:`/{OUT}/{case.name}` ({clauses}): {escape(case.title)}"]
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   /{OUT}/{case.name}" for case in cases]
    return [*lines, ""]


def _index(
    order: list[str],
    cases: dict[str, list[Case]],
    by_clause: dict[str, list[str]],
    titles: dict[str, str],
) -> list[str]:
    main = [f for f in order if not f.startswith("babel/")]
    babel = [f for f in order if f.startswith("babel/")]
    counted = {
        name: sum(len(cases[f]) for f in families)
        for name, families in (("main", main), ("babel", babel))
    }
    lines = [
        ".. _casebook:",
        "",
        "The rules casebook",
        "==================",
        "",
        f"Every rule question the tests settle: {counted['main']} cases of Tigris & Euphrates",
        f"in {len(main)} families and {counted['babel']} of Babel in {len(babel)}. Each case is a",
        "file of the package (``tigeuph/casebook/scenarios/``, read and played by",
        ":mod:`tigeuph.casebook`), a position with the actions played from it and what must",
        "follow. Its page draws the position, says what the engine makes of each action (the",
        "game's ``explain``) and links to the clauses of :doc:`the rules </spec>` it pins. The",
        "pages are written when the documentation is built, and the build plays every case: a",
        "page here is a case the engine passes. Every page can play its case again in your",
        "browser, as you edit it (:doc:`/live`); ``tigeuph casebook`` plays them all on any",
        "installed copy.",
        "",
    ]
    for family in main:
        lines.append(_family_line(family, cases))
    lines += ["", "Babel", "-----", ""]
    for family in babel:
        lines.append(_family_line(family, cases))
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   {family}" for family in order]
    lines += ["", "By clause", "---------", ""]
    lines += [".. list-table::", "   :header-rows: 1", "   :widths: 30 70", ""]
    lines += ["   * - Clause", "     - Cases"]
    for clause in sorted(by_clause, key=_clause_key):
        links = ", ".join(f":doc:`/{OUT}/{name}`" for name in by_clause[clause])
        lines += [
            f"   * - {_clause(clause)} {escape(titles.get(clause, ''))}",
            f"     - {links}",
        ]
    return [*lines, ""]


def _family_line(family: str, cases: dict[str, list[Case]]) -> str:
    count = len(cases[family])
    intro = FAMILIES.get(family, ("", ""))[1]
    return f"- :doc:`{family}` ({count} case{'s' * (count != 1)}): {intro}"


def write_pages(app: Sphinx) -> None:
    """Write the casebook under the source directory, leaving unchanged files alone."""
    root = Path(app.srcdir) / OUT
    wanted = pages(root)
    for name, text in wanted.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")
    for path in root.rglob("*.rst"):
        if path.relative_to(root).as_posix() not in wanted:
            path.unlink()


class BoardDirective(SphinxDirective):
    """``.. board:: wars/some-case`` (a case of the casebook), or a position as the content:
    the position drawn.

    ``:play: gH5 +3 +0`` plays actions first (the case's own, with ``:play: all``) and marks
    the last; ``:player: 1`` draws that seat's view; ``:caption:`` writes under the picture.
    """

    optional_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "play": directives.unchanged,
        "player": directives.nonnegative_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        if self.arguments:
            case = casebook.case_named(self.arguments[0])
            assert case.path is not None
            self.env.note_dependency(str(case.path))
            position, own = case.position, list(case.play)
        else:
            position, own = "\n".join(self.content), []
        state = tigeuph.from_text(position)
        moves = self.options.get("play", "").split()
        last, before = None, None
        for text in own if moves == ["all"] else moves:
            last, before = tigeuph.parse_action(text), state
            state = tigeuph.apply(state, last)
        shown = (
            state if "player" not in self.options else tigeuph.view(state, self.options["player"])
        )
        picture = svg.board(shown, size=None, lastmove=last, before=before)
        caption = html.escape(self.options.get("caption", ""))
        drawn = "".join(figure(picture, f"d{self.env.new_serialno('board')}", caption))
        return [nodes.raw("", f'<div class="case-boards single">{drawn}</div>', format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("board", BoardDirective)
    app.add_css_file("casebook.css")
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
