"""A Babel position as an SVG picture (``tigeuph render``, the browser board)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .actions import Action
from .describe import describe
from .state import BabelState
from .views import BabelView, view

__all__ = ["picture"]

_LINE = 18


def picture(
    position: BabelState | BabelView, *, size: float | None = None, last: Action | None = None
) -> str:
    """*position* as an SVG document, *size* pixels wide (``None``: natural size); a state is
    drawn as seat 0 sees it."""
    seen = position if isinstance(position, BabelView) else view(position, 0)
    lines = describe(seen).splitlines()
    width, height = 720, _LINE * (len(lines) + 1)
    scale = "" if size is None else f' width="{size:g}" height="{size * height / width:g}"'
    text = "".join(
        f'<text x="8" y="{_LINE * (i + 1)}">{escape(line)}</text>' for i, line in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"{scale} '
        f'font-family="monospace" font-size="13">{text}</svg>'
    )
