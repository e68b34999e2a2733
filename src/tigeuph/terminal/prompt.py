"""What a player types: actions in action notation completed from a prefix, and commands.

:func:`read_input` turns one line into a :class:`Command` or an action (never raising), so the
game loop only dispatches. A line that is not an action but starts one or more legal actions is
completed: one match is played, several are listed.

>>> import tigeuph
>>> legal = tigeuph.legal_actions(tigeuph.new_game(2, seed=7))
>>> read_input("pa", legal)
parse_action('pass')
>>> read_input("explain rE1", legal)
Command(name='explain', argument='rE1')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from attrs import frozen

from ..action_text import parse_action
from ..actions import Action, ExchangeTiles
from ..errors import NotationError

__all__ = ["COMMANDS", "HELP", "Command", "Matches", "completer", "group_actions", "read_input"]

COMMANDS: Final = ("?", "help", "legal", "explain", "undo", "board", "hint", "quit")

HELP: Final = """\
Type an action in action notation, or a command.

  rE5      put a red tile on E5 (r red, b blue, g green, k black)
  KE5      put your king on E5, or move him there (K king, R priest, B farmer, G trader)
  -K       withdraw your king
  xE5      put a catastrophe on E5
  ~rrg     exchange these tiles from your hand for new ones
  pass     end your turn
  +2       commit two tiles to a revolt or war (+0 for none)
  !k       fight the black war next
  mrkE5    build the red-black monument on the square from E5 (m- declines)
  $B2      take the treasure on B2
  @E5 @-   put your building on E5, or decline (variant)
  wE5 w-   build the wonder on the cross at E5, or decline (variant)
  *r       score the wonder's point in red (variant)

A beginning is enough when only one legal action starts with it (Tab completes it too); with
several, they are listed.

  legal [START]     list your legal actions (those that begin with START)
  explain ACTION    why ACTION is legal or not, and what it would do
  hint              what a greedy player would play here
  undo              take back your last action (when every other seat is a computer)
  board             draw the board again
  ? or help         this help
  quit              stop; the game so far is saved as a record"""


@frozen
class Command:
    """A command (``legal``, ``explain``, ``undo``...) and what follows it on the line."""

    name: str
    argument: str = ""


@frozen
class Matches:
    """A line that is no complete action: the legal actions that begin with it (maybe none),
    and why it does not read as an action."""

    text: str
    actions: tuple[Action, ...]
    reason: str


def read_input(line: str, legal: Sequence[Action]) -> Action | Command | Matches:
    """What *line* asks for, given the *legal* actions: a command, an action (read, or the one
    legal action the line begins), or the matches of an unfinished line."""
    text = line.strip()
    word, _, rest = text.partition(" ")
    if word.lower() in COMMANDS:
        name = "help" if word == "?" else word.lower()
        return Command(name, rest.strip())
    if not text:
        return Command("board")
    try:
        return parse_action(text)
    except NotationError as err:
        reason = str(err)
    started = _starting(text, legal)
    if len(started) == 1:
        return started[0]
    return Matches(text, started, reason)


def _starting(text: str, legal: Sequence[Action]) -> tuple[Action, ...]:
    """The legal actions beginning with *text*; the first letter's case matters (``r`` a red
    tile, ``R`` the priest), a cell's letter may be typed in lower case (``re`` for ``rE``)."""
    for start in (text, text[:1] + text[1:].upper()):
        found = tuple(a for a in legal if str(a).startswith(start))
        if found:
            return found
    return ()


def group_actions(legal: Sequence[Action], limit: int = 10) -> list[str]:
    """*legal* summed up in lines: each kind of action (``r`` tiles, ``K`` moves, ``x``...)
    listed in full when it has at most *limit* actions, else counted with a few examples."""
    groups: dict[str, list[str]] = {}
    for action in legal:
        text = str(action)
        key = "~" if isinstance(action, ExchangeTiles) else text if text == "pass" else text[0]
        groups.setdefault(key, []).append(text)
    lines = []
    for key, texts in groups.items():
        if len(texts) <= limit:
            lines.append(" ".join(texts))
        else:
            label = _KINDS.get(key, key)
            lines.append(f"{label:<13} {len(texts):>3}: {' '.join(texts[:5])} ...")
    return lines


_KINDS: Final = {
    "r": "red tile",
    "b": "blue tile",
    "g": "green tile",
    "k": "black tile",
    "R": "priest",
    "B": "farmer",
    "G": "trader",
    "K": "king",
    "x": "catastrophe",
    "~": "exchange",
    "m": "monument",
    "@": "building",
    "$": "treasure",
    "w": "wonder",
}


def completer(legal: Callable[[], Sequence[str]]) -> Callable[[str, int], str | None]:
    """A ``readline`` completer offering the commands and the legal actions that begin with
    the text typed; *legal* gives the actions' notation when asked."""
    matches: list[str] = []

    def complete(text: str, n: int) -> str | None:
        if n == 0:
            words = [*COMMANDS, *legal()]
            matches[:] = [w for w in words if w.startswith(text)]
        return matches[n] if n < len(matches) else None

    return complete
