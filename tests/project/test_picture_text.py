"""Text that fits: every line of text of every picture the documentation shows (the gallery,
the casebook's boards) and of Babel's pictures, through the game interface, lies within the
picture's width, measured with an approximate width per character."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.games import random_game
from helpers.pictures import casebook, gallery
from helpers.svg import SVG

import tigeuph
from tigeuph import GAMES, svg

_NARROW = set("ijlI.,:;'!|")
_SLIM = set("ftr()[]-/ ")
_WIDE = set("mwMW")


def _em(ch: str) -> float:
    """A character's width in ems, about, as DejaVu Sans and Verdana draw it."""
    if ch in _NARROW:
        return 0.3
    if ch in _SLIM:
        return 0.38
    if ch in _WIDE:
        return 0.9
    if ch.isupper():
        return 0.7
    return 0.6


def _width(text: str, size: float, bold: bool) -> float:
    return sum(_em(ch) for ch in text) * size * (1.1 if bold else 1.0)


def _lines(picture: str) -> Iterator[tuple[str, float, float]]:
    """Each line of text of *picture* outside its symbols: its text, and the left and right
    ends it reaches, in the picture's units."""
    root = ET.fromstring(picture)

    def walk(
        node: ET.Element, style: dict[str, str], dx: float
    ) -> Iterator[tuple[str, float, float]]:
        if node.tag in (f"{SVG}symbol", f"{SVG}defs", f"{SVG}template"):
            return
        style = {
            **style,
            **{k: v for k, v in node.attrib.items() if k.startswith(("font", "text-anchor"))},
        }
        transform = node.get("transform", "")
        if transform.startswith("translate(") and "scale" not in transform:
            dx += float(transform[len("translate(") :].split()[0].rstrip(")"))
        if node.tag == f"{SVG}text" and node.text:
            size = float(style.get("font-size", "16"))
            # textLength is not counted: not every renderer honours it (cairosvg does not).
            wide = _width(node.text, size, style.get("font-weight") == "bold")
            x = float(node.get("x", 0)) + dx
            anchor = style.get("text-anchor", "start")
            left = x - wide / 2 if anchor == "middle" else x - wide if anchor == "end" else x
            yield node.text, left, left + wide
        for child in node:
            yield from walk(child, style, dx)

    yield from walk(root, {}, 0.0)


def overflowing(picture: str) -> list[str]:
    """The lines of *picture* that run past its left or right edge."""
    root = ET.fromstring(picture)
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    return [
        f"{text!r} reaches {left:.0f} to {right:.0f} of {width:.0f}"
        for text, left, right in _lines(picture)
        if left < -1 or right > width + 1
    ]


def babel() -> dict[str, str]:
    """Babel's pictures, through the interface, along a seeded game: states and both views."""
    game, rng = GAMES["babel"], random.Random(3)
    state = game.new_game(2, seed=3)
    out = {}
    for step in range(400):
        if game.winners(state) or not game.legal_actions(state):
            break
        action = rng.choice(list(game.legal_actions(state)))
        before, state = state, game.apply(state, action)
        if step % 20 == 0:
            out[f"babel {step}"] = game.presentation.picture(
                state, size=600, last=action, before=before
            )
            for seat in (0, 1):
                view = game.view(state, seat)
                out[f"babel {step} seat {seat}"] = game.presentation.picture(view, last=action)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("source", [gallery, casebook, babel])
def test_every_line_of_text_fits_in_its_picture(source: Any) -> None:
    """No line of text runs past the edge of its picture (wrapped, or scaled, to fit)."""
    found = {name: overflowing(picture) for name, picture in source().items()}
    assert found, "no pictures"
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_a_long_status_wraps_rather_than_runs_off() -> None:
    """The status line of a pending war, too long for one line, is wrapped into several, at
    the default size and on a narrow crop alike."""
    war = next(
        after
        for seed in range(40)
        for _, _, after in random_game(3, seed, prefer_tiles=0.6)
        if isinstance(after.pending, tigeuph.War)
    )
    picture = svg.board(war)
    status = [text for text, _, _ in _lines(picture) if "commits" in text or "against" in text]
    assert len(status) >= 2, status
    assert overflowing(picture) == []
    crop = svg.board(war, crop=[tigeuph.parse_cell("A1"), tigeuph.parse_cell("I5")])
    assert overflowing(crop) == []


def test_the_measure_catches_a_line_too_long() -> None:
    """The measure is not blind: a line longer than its picture is reported."""
    picture = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20">'
        '<text x="5" y="15" font-size="15">a line far too long for the picture</text></svg>'
    )
    assert len(overflowing(picture)) == 1
