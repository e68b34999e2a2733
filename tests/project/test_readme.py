"""The README's Python examples run as written, and Babel's prints a player's table: the
scores, both sides and his own hand, never the decks' secret order."""

from __future__ import annotations

import contextlib
import io
import re

from helpers.paths import ROOT

from tigeuph import babel

README = ROOT / "README.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def _blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def _run(code: str, names: dict[str, object] | None = None) -> str:
    """What *code* prints, run in *names* (a fresh namespace by default)."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(README), "exec"), names or {"__name__": "readme"})
    return printed.getvalue()


def test_every_python_example_of_the_readme_runs() -> None:
    """In order, in one namespace, as a reader pasting them one after the other."""
    blocks, names = _blocks(), dict[str, object](__name__="readme")
    assert len(blocks) >= 4
    for code in blocks:
        _run(code, names)


def test_the_babel_example_prints_seat_0s_table_and_no_deck_order() -> None:
    """The example's state, dealt again here, has decks whose order it must not print: its
    output is seat 0's table (turn, scores, both sides, his hand), no more."""
    (code,) = [block for block in _blocks() if "babel" in block]
    said = " ".join(_run(code).split())  # wrapped at the console's width
    state = babel.new_game(seed=7)
    for _ in range(4):
        state = babel.apply(state, babel.legal_actions(state)[0])
    assert said.startswith("turn 2, seat 1 to play; scores 1 - 0;")
    assert "people deck 44" in said and "your hand (seat 0): PMSSSS" in said
    people = "".join(card.value for card in state.people)
    assert people[:8] not in said.replace(" ", "")
    assert "temple deck 41" in said and "seed" not in said
