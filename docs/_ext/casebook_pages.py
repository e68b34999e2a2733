"""A casebook case as a page: the main game's cases drawn cropped and worded
(``casebook_boards``, ``casebook_words``), Babel's drawn whole with their checks in code, and on
every page the "try it" panel, the case's text ready to edit and play in the reader's browser
(``docs/_static/tryit/panel.mjs``, which the ``tryit`` extension serves with Pyodide).

Nothing here needs Sphinx: each function returns reStructuredText lines.
"""

from __future__ import annotations

import html
import re

from casebook_boards import boards, steps
from casebook_words import case_title, expectation, seat_name

import tigeuph
from tigeuph import GAMES, casebook
from tigeuph.casebook import Case
from tigeuph.core.dynasties import dynasty

__all__ = ["babel_page", "escape", "figure", "page_link", "panel", "raw", "tigris_page"]


_CODE = re.compile(r"``(.+?)``|`([^`]+)`")
"""Code in a sentence: the words' ``kJ5``, or a clause title's Markdown `>N`."""


def escape(text: str) -> str:
    """*text* as reStructuredText, its clause names (``R11``) linked (Babel's, ``B12``, have
    no page of their own to link to), and its code (``kJ5`` in the words of a check, `>N` in
    a clause's Markdown title) an inline literal, as it is: never a clause's link, never
    backticks shown."""
    out, at = [], 0
    for code in _CODE.finditer(text):
        out += [_words(text[at : code.start()]), f"``{code.group(1) or code.group(2)}``"]
        at = code.end()
    return "".join([*out, _words(text[at:])])


def _words(text: str) -> str:
    text = re.sub(r"([\\`*_|])", r"\\\1", text)
    return re.sub(r"(?<![\w-])([RD]\d+)\b", r":clause:`\1`", text)


def figure(picture: str, n: int | str, caption: str) -> list[str]:
    """*picture* as a figure of a page, its symbols given names of its own."""
    # Pictures on a page share symbol names: give each its own.
    picture = re.sub(r'(id="|href="#|url\(#)([\w-]+)', rf"\1b{n}-\2", picture)
    # The theme styles code blocks as ``.highlight { width: 100% }``, which an SVG rect obeys.
    picture = picture.replace('class="highlight"', 'class="board-highlight"')
    return [f'<figure class="case-board">{picture}<figcaption>{caption}</figcaption></figure>']


def raw(lines: list[str], indent: str = "") -> list[str]:
    """*lines* of HTML as a raw block of reStructuredText, indented by *indent*."""
    return [f"{indent}.. raw:: html", "", *(f"{indent}   {line}" for line in lines), ""]


def page_link(case: Case) -> str:
    """The page of *case* from the casebook's top: ``wars/x``, ``babel/turn/y``."""
    return case.name


def _checks(checks: list[str], indent: str, worded: bool) -> list[str]:
    """The ``expect:`` lines *checks* as a list, each a sentence with its line in code."""
    out = []
    for check in checks:
        words = expectation(check) if worded else None
        said = f"{escape(words)} (``{check}``)" if words else f"``{check}``"
        out.append(f"{indent}- {said}")
    return [*out, ""]


def _grouped(case: Case) -> list[list[str]]:
    """The case's checks before any action, then after each."""
    checks: list[list[str]] = [[]]
    for kind, text in case.steps:
        if kind == "expect":
            checks[-1].append(text)
        elif kind == "play":
            checks.append([])
    return checks


def _head(case: Case, family_doc: str, family_title: str, pins: str, seats: str) -> list[str]:
    title = escape(case_title(case.title))
    lines = [
        f".. _case-{case.name.replace('/', '-')}:",
        "",
        title,
        "=" * len(title),
        "",
        ".. rst-class:: case-lede",
        "",
        escape(case.title),
        "",
    ]
    lines += [escape(note[:1].upper() + note[1:]) + "\n" for note in case.notes]
    relative = f"src/tigeuph/casebook/scenarios/{case.name}.txt"
    return [
        *lines,
        ".. container:: case-meta",
        "",
        f"   **Pins** {pins}",
        "",
        f"   **Family** :doc:`{family_title} <{family_doc}>` · **File** ``{relative}``",
        "",
        f"   **Seats** {seats}",
        "",
        "What is played and what must follow",
        "-" * 35,
        "",
    ]


def _tail(case: Case) -> list[str]:
    return [
        "Each check is a line of the scenario format (:ref:`scenario-format`), shown in code",
        "after its sentence. The build plays the case as the tests do and fails if the engine",
        "disagrees.",
        "",
        *panel(case),
        "The case file",
        "-" * 13,
        "",
        f".. literalinclude:: /../src/tigeuph/casebook/scenarios/{case.name}.txt",
        "   :language: text",
        "",
    ]


def panel(case: Case) -> list[str]:
    """The "try it" section of *case*'s page: its text in two boxes, the position and the
    case's own lines, for the panel's script to play (the text is there without it too)."""
    assert case.path is not None
    position, own = casebook.halves(case.path.read_text("utf-8"))
    high, low = (min(max(text.count("\n") + 1, 3), 22) for text in (position, own))
    box = 'spellcheck="false" autocomplete="off" wrap="off"'
    game = casebook.game_of_case(case).facts.name
    block = [
        f'<section class="tryit" data-case="{case.name}" data-game="{game}">',
        '<div class="tryit-edit">',
        f'<label class="tryit-field">Position<textarea class="tryit-position" rows="{high}" {box}>',
        *html.escape(position, quote=False).splitlines(),
        "</textarea></label>",
        '<label class="tryit-field">Actions and checks'
        f'<textarea class="tryit-lines" rows="{low}" {box}>',
        *html.escape(own, quote=False).splitlines(),
        "</textarea></label>",
        "</div>",
        '<p class="tryit-status" role="status">Edit the case and run it in this page: the'
        " engine (Pyodide, about 7 MB) starts when this panel comes into view.</p>",
        "</section>",
    ]
    return [
        "Try it",
        "------",
        "",
        "Change the position or the actions and checks, then **Run**: the engine plays them",
        "in your browser, draws every state, says what each action does and marks each check",
        "passed or failed. Click a cell of the last board (or pick from the list) to try any",
        "legal action there with its explanation. The page's address then carries your",
        "version, to link to (:doc:`/live`).",
        "",
        *raw(block),
    ]


def tigris_page(
    case: Case, family_doc: str, family_title: str, titles: dict[str, str]
) -> list[str]:
    """The page of *case*, of the main game; *titles* gives each clause's title."""
    played = steps(case)
    pictures = boards(case)
    players = tigeuph.from_text(case.position).players
    names = [seat_name(seat) for seat in range(players)]
    checks = _grouped(case)
    pins = ", ".join(f":clause:`{c}` ({escape(titles.get(c, '?'))})" for c in pinned(case))
    seats = ", ".join(
        f"seat {seat} {dynasty(seat).name} ({dynasty(seat).colour_name})" for seat in range(players)
    )
    seats += ": each leader carries its dynasty's symbol and its seat colour"
    lines = _head(case, family_doc, family_title, pins, seats)
    serial = 0
    if not (played and played[0].refused):
        first = pictures.pop(0)
        lines += raw(figure(first.picture, serial, html.escape(first.caption)))
        serial += 1
    if checks[0]:
        lines += ["Before any action:", "", *_checks(checks[0], "", True)]
    state = tigeuph.from_text(case.position)
    for number, step in enumerate(played, 1):
        who = "nobody" if step.seat is None else names[step.seat]
        why = escape(str(tigeuph.explain(state, step.action)))
        lines += [f"{number}. ``{step.action}``, by {escape(who)}: {why}", ""]
        if step.refused and case.error is not None:
            lines += _refusal(case.error)
        elif step.events:
            told = " ".join(escape(e.text(names)) for e in step.events)
            lines += [f"   *What happened:* {told}", ""]
        picture = pictures[number - 1]
        lines += raw(figure(picture.picture, serial, html.escape(picture.caption)), "   ")
        serial += 1
        if number < len(checks) and checks[number]:
            lines += ["   Then:", "", *_checks(checks[number], "   ", True)]
        state = step.after
    return [*lines, *_tail(case)]


def _refusal(error: str) -> list[str]:
    clause, _, words = error.partition(" ")
    return [
        f"   **Must be refused** under {escape(clause)}, saying"
        f' "{escape(words)}"; the position stays as it was.',
        "",
    ]


def babel_page(case: Case, family_doc: str, family_title: str) -> list[str]:
    """The page of *case*, of Babel: every state drawn whole, the checks in code."""
    game = GAMES["babel"]
    trial = casebook.play(case)
    names = [seat_name(seat) for seat in range(game.player_count(trial.start))]
    checks = _grouped(case)
    pins = ", ".join(pinned(case)) + " of :doc:`Babel's rules </babel>` (``spec/babel.md``)"
    seats = ", ".join(f"seat {s} {dynasty(s).name} ({dynasty(s).colour_name})" for s in range(2))
    lines = _head(case, family_doc, family_title, pins, seats)
    serial = 0
    if not (trial.steps and trial.steps[0].refused):
        lines += raw(
            figure(game.presentation.picture(trial.start, size=None), serial, "The position")
        )
        serial += 1
    if checks[0]:
        lines += ["Before any action:", "", *_checks(checks[0], "", False)]
    for step in trial.steps:
        who = "nobody" if step.seat is None else names[step.seat]
        why = escape(game.presentation.explain(step.before, step.action))
        lines += [f"{step.number}. ``{step.text}``, by {escape(who)}: {why}", ""]
        if step.refused and case.error is not None:
            lines += _refusal(case.error)
            caption = f"{step.number}. {step.text} is refused: the position stays as it is"
            drawn = game.presentation.picture(step.before, size=None)
        else:
            if step.events:
                told = " ".join(escape(e.text(names)) for e in step.events)
                lines += [f"   *What happened:* {told}", ""]
            caption = f"After {step.number}. {step.text}, by {who}"
            drawn = game.presentation.picture(
                step.after, size=None, last=step.action, before=step.before
            )
        lines += raw(figure(drawn, serial, html.escape(caption)), "   ")
        serial += 1
        if step.number < len(checks) and checks[step.number]:
            lines += ["   Then:", "", *_checks(checks[step.number], "   ", False)]
    return [*lines, *_tail(case)]


def pinned(case: Case) -> tuple[str, ...]:
    """The clauses *case* pins: its ``clauses:`` line, and the clause its refusal names (as
    ``spec/trace.py`` counts them, so that the spec's cases and the case's clauses agree)."""
    refused = case.error.split()[:1] if case.error else []
    return case.clauses + tuple(c for c in refused if c not in case.clauses)
