"""Text that fits: how wide a line of the pictures' font is, about, and lines wrapped to a width.

An SVG picture cannot measure its text, and the reader's browser picks the font; the pictures
ask for DejaVu Sans, then Verdana, whose letters have about the same widths. So widths are
estimated from a few classes of characters (measured on DejaVu Sans, rounded up), and lines are
wrapped with a little room to spare, so that a long status line is broken between words
rather than cut at the picture's edge.

>>> round(text_width("Seat 0", 14, bold=True))
53
>>> wrap("Seat 2 commits red tiles as the attacker", 200, 15)
['Seat 2 commits red', 'tiles as the attacker']
"""

from __future__ import annotations

from typing import Final

__all__ = ["FONT", "text_width", "wrap"]

FONT: Final = "DejaVu Sans, Verdana, sans-serif"
"""The pictures' font."""

_NARROW: Final = frozenset("ijlI.,:;'!|")
_SLIM: Final = frozenset("ftrJ()[]-/ ")
_WIDE: Final = frozenset("mwMW@%")
_BOLD: Final = 1.12  # a bold letter is about an eighth wider
_SPARE: Final = 0.94  # wrap within this share of the room: other fonts run a little wider


def _em(ch: str) -> float:
    """The advance of *ch* in ems, about (DejaVu Sans, rounded up)."""
    if ch in _NARROW:
        return 0.32
    if ch in _SLIM:
        return 0.4
    if ch in _WIDE:
        return 0.95
    if ch.isupper():
        return 0.72
    if ch.isdigit():
        return 0.64
    if ch in "+=<>~":
        return 0.84
    return 0.6


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of *text* in the pictures' font at *size* (in the picture's units), about."""
    return sum(_em(ch) for ch in text) * size * (_BOLD if bold else 1.0)


def wrap(text: str, room: float, size: float, *, bold: bool = False) -> list[str]:
    """*text* broken between words into lines that fit in *room* at *size* (a word longer
    than the room stands alone on its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if line and text_width(candidate, size, bold=bold) > room * _SPARE:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line or not lines:
        lines.append(line)
    return lines
