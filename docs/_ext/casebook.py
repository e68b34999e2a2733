"""The rules casebook: a page per scenario of ``tests/scenarios/``, written at build time.

Each scenario file is read by ``tests/scenario.py``, the reader the tests use, and played here
as there (``scenario.run``: a case that fails is a build warning, so ``-W`` stops the build).
Its page takes its title from the case's own description, then shows the position and, under
each action (with who plays it, what ``tigeuph.explain`` says of it and what its events told),
the board it leads to: every board cropped to the cells the case concerns, the action's cells
framed, its conflicts drawn (``casebook_boards``). What must follow is said in sentences, each
check after its own (``casebook_words``), naming the seats by their dynasties as the pictures
draw them; then the clauses it pins (each a link to the spec, whose clauses link back) and the
file.

Pages go to ``docs/casebook/`` (not kept in git): ``index`` (the families and a clause → cases
table), one page per family (a directory of ``tests/scenarios/``) and one per case. A file is
rewritten only when its text changes, so incremental builds stay incremental.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any, ClassVar

import scenario  # tests/scenario.py, on sys.path from conf.py
import spec_trace  # spec/trace.py, loaded by conf.py
from casebook_boards import boards, steps
from casebook_words import case_title, expectation, seat_name
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import tigeuph
from tigeuph import svg
from tigeuph.core.dynasties import dynasty

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
}

log = logging.getLogger(__name__)


def family_title(family: str) -> str:
    return FAMILIES.get(family, (family.replace("-", " ").capitalize(), ""))[0]


def pinned(case: scenario.Scenario) -> tuple[str, ...]:
    """The clauses *case* pins: its ``clauses:`` line, and the clause its refusal names (as
    ``spec/trace.py`` counts them, so that the spec's cases and the case's clauses agree)."""
    refused = case.error.split()[:1] if case.error else []
    return case.clauses + tuple(c for c in refused if c not in case.clauses)


def _escape(text: str) -> str:
    """*text* as reStructuredText, its clause names (``R11``) linked."""
    text = re.sub(r"([\\`*_|])", r"\\\1", text)
    return re.sub(r"(?<![\w-])([RD]\d+)\b", r":clause:`\1`", text)


def _figure(picture: str, n: int | str, caption: str) -> list[str]:
    # Pictures on a page share symbol names: give each its own.
    picture = re.sub(r'(id="|href="#|url\(#)([\w-]+)', rf"\1b{n}-\2", picture)
    # The theme styles code blocks as ``.highlight { width: 100% }``, which an SVG rect obeys.
    picture = picture.replace('class="highlight"', 'class="board-highlight"')
    return [f'<figure class="case-board">{picture}<figcaption>{caption}</figcaption></figure>']


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _raw(figure: list[str], indent: str = "") -> list[str]:
    """*figure* as a raw HTML block of reStructuredText, indented by *indent*."""
    return [f"{indent}.. raw:: html", "", *(f"{indent}   {line}" for line in figure), ""]


def _checks(checks: list[str], indent: str) -> list[str]:
    """The ``expect:`` lines *checks* as a list of sentences, each with its line in code."""
    out = []
    for check in checks:
        words = expectation(check)
        said = f"{_escape(words)} (``{check}``)" if words else f"``{check}``"
        out.append(f"{indent}- {said}")
    return [*out, ""]


# --- one case ---------------------------------------------------------------------------------


def case_page(case: scenario.Scenario, family: str, titles: dict[str, str]) -> list[str]:
    """The reStructuredText of *case*'s page; *titles* gives each clause's title."""
    relative = case.path.relative_to(ROOT).as_posix()
    notes = [
        line.strip().lstrip("# ").strip()
        for line in case.position.splitlines()
        if line.strip().startswith("#")
    ][1:]
    title = _escape(case_title(case.title))
    played = steps(case)
    pictures = boards(case)
    players = tigeuph.from_text(case.position).players
    names = [seat_name(seat) for seat in range(players)]
    checks: list[list[str]] = [[]]  # the checks before any action, then after each
    for kind, text in case.steps:
        if kind == "expect":
            checks[-1].append(text)
        elif kind == "play":
            checks.append([])
    pins = ", ".join(f":clause:`{c}` ({_escape(titles.get(c, '?'))})" for c in pinned(case))
    seats = ", ".join(
        f"seat {seat} {dynasty(seat).name} ({dynasty(seat).colour_name})" for seat in range(players)
    )
    lines = [
        f".. _case-{family}-{case.path.stem}:",
        "",
        title,
        "=" * len(title),
        "",
        ".. rst-class:: case-lede",
        "",
        _escape(case.title),
        "",
    ]
    lines += [_escape(note[:1].upper() + note[1:]) + "\n" for note in notes]
    lines += [
        ".. container:: case-meta",
        "",
        f"   **Pins** {pins}",
        "",
        f"   **Family** :doc:`{family_title(family)} <../{family}>` · **File** ``{relative}``",
        "",
        f"   **Seats** {seats}: each leader carries its dynasty's symbol and its seat colour",
        "",
    ]
    lines += ["What is played and what must follow", "-" * 35, ""]
    serial = 0
    if not (played and played[0].refused):
        first = pictures.pop(0)
        lines += _raw(_figure(first.picture, serial, _html(first.caption)))
        serial += 1
    if checks[0]:
        lines += ["Before any action:", "", *_checks(checks[0], "")]
    state = tigeuph.from_text(case.position)
    for number, step in enumerate(played, 1):
        who = "nobody" if step.seat is None else names[step.seat]
        why = _escape(str(tigeuph.explain(state, step.action)))
        lines += [f"{number}. ``{step.action}``, by {_escape(who)}: {why}", ""]
        if step.refused and case.error is not None:
            clause, _, words = case.error.partition(" ")
            lines += [
                f"   **Must be refused** under :clause:`{clause}`, saying"
                f' "{_escape(words)}"; the position stays as it was.',
                "",
            ]
        elif step.events:
            told = " ".join(_escape(e.text(names)) for e in step.events)
            lines += [f"   *What happened:* {told}", ""]
        picture = pictures[number - 1]
        lines += _raw(_figure(picture.picture, serial, _html(picture.caption)), "   ")
        serial += 1
        if number < len(checks) and checks[number]:
            lines += ["   Then:", "", *_checks(checks[number], "   ")]
        state = step.after
    lines += [
        "Each check is a line of the scenario format (:ref:`scenario-format`), shown in code",
        "after its sentence. The build plays the case as the tests do and fails if the engine",
        "disagrees.",
        "",
        "The scenario file",
        "-" * 17,
        "",
        f".. literalinclude:: /../{relative}",
        "   :language: text",
        "",
    ]
    return lines


# --- the pages --------------------------------------------------------------------------------


def pages(root: Path) -> dict[str, str]:
    """Every casebook page (path under *root*'s ``casebook/`` → text); warns of failing cases."""
    titles = {c.id: c.title for c in spec_trace.parse_spec((ROOT / "spec/rules.md").read_text())}
    cases: dict[str, list[scenario.Scenario]] = defaultdict(list)
    for path in scenario.all_scenarios():
        case = scenario.read(path)
        try:
            scenario.run(case)
        except AssertionError as err:
            log.warning("%s: the engine disagrees: %s", path.relative_to(ROOT), err)
        cases[path.parent.name].append(case)
    order = [f for f in FAMILIES if f in cases] + sorted(set(cases) - set(FAMILIES))
    out: dict[str, str] = {}
    by_clause: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for family in order:
        for case in cases[family]:
            out[f"{family}/{case.path.stem}.rst"] = "\n".join(case_page(case, family, titles))
            for clause in pinned(case):
                by_clause[clause].append((family, case.path.stem))
        out[f"{family}.rst"] = "\n".join(_family_page(family, cases[family]))
    out["index.rst"] = "\n".join(_index(order, cases, by_clause, titles))
    return out


def _clause_key(clause: str) -> tuple[str, int]:
    return clause[0] != "R", int(clause[1:])  # R before D, then by number


def _family_page(family: str, cases: Iterable[scenario.Scenario]) -> list[str]:
    title, intro = FAMILIES.get(family, (family_title(family), ""))
    cases = list(cases)
    named = sorted({c for case in cases for c in pinned(case)}, key=_clause_key)
    lines = [f".. _casebook-{family}:", "", title, "=" * len(title), "", intro, ""]
    lines += ["Clauses pinned here: " + ", ".join(f":clause:`{c}`" for c in named) + ".", ""]
    for case in cases:
        clauses = ", ".join(f":clause:`{c}`" for c in pinned(case))
        lines += [
            f"- :doc:`{family}/{case.path.stem}` ({clauses}): {_escape(case.title)}",
        ]
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   {family}/{case.path.stem}" for case in cases]
    return [*lines, ""]


def _index(
    order: list[str],
    cases: dict[str, list[scenario.Scenario]],
    by_clause: dict[str, list[tuple[str, str]]],
    titles: dict[str, str],
) -> list[str]:
    total = sum(len(v) for v in cases.values())
    lines = [
        ".. _casebook:",
        "",
        "The rules casebook",
        "==================",
        "",
        f"Every rule question the tests settle, {total} cases in {len(order)} families: each",
        "case is a file of ``tests/scenarios/``, a position with the actions played from it and",
        "what must follow. Its page draws the position, says what the engine makes of each",
        "action (:func:`tigeuph.explain`) and links to the clauses of :doc:`the rules </spec>`",
        "it pins. The pages are written when the documentation is built, and the build plays",
        "every case: a page here is a case the engine passes.",
        "",
    ]
    for family in order:
        count = len(cases[family])
        intro = FAMILIES.get(family, ("", ""))[1]
        lines.append(f"- :doc:`{family}` ({count} case{'s' * (count != 1)}): {intro}")
    lines += ["", ".. toctree::", "   :hidden:", ""]
    lines += [f"   {family}" for family in order]
    lines += ["", "By clause", "---------", ""]
    lines += [".. list-table::", "   :header-rows: 1", "   :widths: 30 70", ""]
    lines += ["   * - Clause", "     - Cases"]
    for clause in sorted(by_clause, key=_clause_key):
        links = ", ".join(f":doc:`{f}/{s}`" for f, s in by_clause[clause])
        lines += [
            f"   * - :clause:`{clause}` {_escape(titles.get(clause, ''))}",
            f"     - {links}",
        ]
    return [*lines, ""]


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
    """``.. board:: tests/scenarios/x.txt``, or a position as the content: the position drawn.

    ``:play: gH5 +3 +0`` plays actions first (a scenario's own, with ``:play: all``) and marks
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
            path = ROOT / self.arguments[0]
            self.env.note_dependency(str(path))
            case = scenario.read(path)
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
        caption = _html(self.options.get("caption", ""))
        figure = "".join(_figure(picture, f"d{self.env.new_serialno('board')}", caption))
        return [nodes.raw("", f'<div class="case-boards single">{figure}</div>', format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("board", BoardDirective)
    app.add_css_file("casebook.css")
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
