"""The ``rich`` console the terminal's game and replay print to, and the printing of a game's
description written in console markup. ``rich`` is imported here when first needed, so that
without the ``cli`` extra the error names what to install.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import TigeuphError

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["rich_console", "show_markup"]


def rich_console() -> Console:
    """A rich console, or the error naming the extra to install. Written to a file or a pipe
    it wraps no line (a terminal's width means nothing there, and a program reading the output
    wants each line whole)."""
    try:
        from rich.console import Console
    except ImportError:
        raise TigeuphError("the terminal game needs rich: pip install 'tigeuph[cli]'") from None
    console = Console(highlight=False)
    if not console.is_terminal:
        console.soft_wrap = True
    return console


def show_markup(console: Console, markup: str) -> None:
    """Print a game's description, written in ``rich`` console markup."""
    from rich.text import Text

    console.print(Text.from_markup(markup))
