"""What a player types: actions in the game's notation completed from a prefix, and commands.

:func:`read_input` turns one line into a :class:`Command` or an action (never raising), so the
game loop only dispatches. A line that is not an action but starts one or more legal actions is
completed: one match is played, several are listed. Nothing here knows a game: the legal
actions, the game's reader of its notation and the words for its kinds of action are given.

>>> from tigeuph import GAMES
>>> tigris = GAMES["tigris"]
>>> legal = tigris.legal_actions(tigris.new_game(2, seed=7))
>>> read_input("pa", legal, tigris.parse_action)
parse_action('pass')
>>> read_input("explain rE1", legal, tigris.parse_action)
Command(name='explain', argument='rE1')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from attrs import frozen

from ..core.errors import NotationError

__all__ = [
    "COMMANDS",
    "COMMANDS_HELP",
    "Command",
    "Matches",
    "completer",
    "explain_words",
    "group_actions",
    "help_text",
    "hint_words",
    "read_input",
    "refusal_words",
]

COMMANDS: Final = ("?", "help", "legal", "explain", "undo", "board", "hint", "quit", "q")

COMMANDS_HELP: Final = """\
A beginning is enough when only one legal action starts with it (Tab completes it too); with
several, they are listed.

  legal [all|START] your legal actions by kind (all: every one; START: those beginning so)
  explain ACTION    why ACTION is legal or not, and what it would do
  hint              an action a greedy player would play here, what it gains, what it does
  undo              take back your last action (when every other seat is a computer)
  board             draw the board again, and tell again what happened since your last move
  ? or help         this help
  quit or q         stop; the game so far is saved as a record"""
"""The commands' part of the help, the same in every game."""


def help_text(notation: str) -> str:
    """The help a player gets with ``?``: the game's *notation* (its actions, one example a
    line), then the commands."""
    return f"Type an action in action notation, or a command.\n\n{notation}\n\n{COMMANDS_HELP}"


_SAME: Final = {"?": "help", "q": "quit"}
"""The commands' short names."""

_SHOWN: Final = 6
"""A kind's actions named when the legal actions are summed up; the rest are counted."""

_FEW: Final = 8
"""A refusal lists the legal actions when there are at most this many."""


def refusal_words(action: Any, refusal: Exception | None, legal: Sequence[Any]) -> str:
    """Why the rules refuse *action*, in a player's words: the rule's reason (*refusal*, the
    game's :class:`~tigeuph.IllegalActionError`) and its clause; the *legal* actions too when
    they are few (at a decision: ``+0 +1 +2``).

    >>> from tigeuph import GAMES
    >>> tigris = GAMES["tigris"]
    >>> state = tigris.new_game(2, seed=7)
    >>> rE1 = tigris.parse_action("rE1")
    >>> refusal_words(rE1, tigris.refusal(state, rE1), tigris.legal_actions(state))
    'You cannot play rE1: a red tile never goes on a river (E1). Rule R11.'
    """
    reason = getattr(refusal, "reason", None) or "it is not among your legal actions"
    reason = reason.removeprefix(f"{action}: ")
    clause = getattr(refusal, "clause", None)
    text = f"You cannot play {action}: {reason}." + (f" Rule {clause}." if clause else "")
    if 0 < len(legal) <= _FEW:
        text += f" You may play: {' '.join(str(a) for a in legal)}."
    return text


def hint_words(game: Any, state: Any, view: Any, action: Any) -> str:
    """The hint for *view*'s player: *action* (the greedy player's choice), what it gains him
    in words he checks on the board (*game*'s :meth:`~tigeuph.games.Presentation.gains`),
    then what it would do in *state*, as *game* explains it."""
    legal = view.legal
    gained = game.presentation.gains(state, action)
    if len(legal) == 1:
        why = "your only legal action" + (f": it {gained}" if gained else "")
    elif gained:
        why = f"because it {gained}"
    else:
        why = (
            f"the greedy player's pick of your {len(legal)} legal actions, though it gains "
            "nothing you can count at once"
        )
    return f"hint: {action}, {why}.\n  What it does: {game.presentation.explain(state, action)}"


def explain_words(game: Any, state: Any, legal: Sequence[Any], text: str) -> str:
    """What ``explain TEXT`` answers: *game*'s explanation of the action *text* names in
    *state* (a unique beginning of a *legal* action is enough), or what is wrong with *text*."""
    if not text:
        example = str(legal[-1]) if legal else "ACTION"
        return f"explain what? Name an action, e.g. explain {example}"
    found = read_input(text, legal, game.parse_action)
    if isinstance(found, Command):
        return f"explain takes an action, not the command {text.split()[0]!r}"
    if isinstance(found, Matches):
        if found.actions:
            shown = " ".join(str(a) for a in found.actions[:12])
            more = " ..." if len(found.actions) > 12 else ""
            return f"which one? {len(found.actions)} legal actions begin {text!r}: {shown}{more}"
        return found.reason
    return str(game.presentation.explain(state, found))


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
    actions: tuple[Any, ...]
    reason: str


def read_input(line: str, legal: Sequence[Any], parse: Callable[[str], Any]) -> Any:
    """What *line* asks for, given the *legal* actions and the game's reader of its notation
    (*parse*, which raises :class:`~tigeuph.NotationError` on bad text): a :class:`Command`,
    an action (read, or the one legal action the line begins), or the :class:`Matches` of an
    unfinished line."""
    text = line.strip()
    word, _, rest = text.partition(" ")
    if word.lower() in COMMANDS:
        name = _SAME.get(word.lower(), word.lower())
        return Command(name, rest.strip())
    if not text:
        return Command("board")
    try:
        return parse(text)
    except NotationError as err:
        reason = str(err)
    started = _starting(text, legal)
    if len(started) == 1:
        return started[0]
    return Matches(text, started, reason)


def _starting(text: str, legal: Sequence[Any]) -> tuple[Any, ...]:
    """The legal actions beginning with *text*; the first character's case matters (``r`` a
    red tile, ``R`` the priest), the rest may be typed in lower case (``re`` for ``rE``)."""
    for start in (text, text[:1] + text[1:].upper()):
        found = tuple(a for a in legal if str(a).startswith(start))
        if found:
            return found
    return ()


def group_actions(
    legal: Sequence[Any],
    kind: Callable[[Any], str],
    common: Sequence[str] = (),
    *,
    every: bool = False,
    first: Callable[[Any], bool] | None = None,
) -> list[str]:
    """*legal* summed up a line per kind (the game's word for each action's kind, ``red
    tile``, ``king``...), the kinds players use most first (*common*, the game's
    ``kinds_by_use``; the others follow as they come): each kind with its count and its first
    few actions, and how many more (*every*: all of them). Within a kind the actions *first*
    holds for come first (the terminal's: those that gain something, so that the few named
    are worth reading), the others in the order they come.

    >>> from tigeuph import GAMES
    >>> tigris = GAMES["tigris"]
    >>> legal = tigris.legal_actions(tigris.new_game(2, seed=7))
    >>> lines = group_actions(legal, tigris.presentation.action_kind, ("green tile", "pass"))
    >>> lines[0], lines[1]
    ('green tile   125: gA1 gB1 gC1 gD1 gJ1 gL1 and 119 more', 'pass')
    """
    groups: dict[str, list[str]] = {}
    later: dict[str, list[str]] = {}
    for action in legal:
        label = kind(action)
        groups.setdefault(label, [])
        chosen = first is None or first(action)
        (groups if chosen else later).setdefault(label, []).append(str(action))
    for label, texts in later.items():
        groups[label] += texts
    rank = {label: i for i, label in enumerate(common)}
    ordered = sorted(groups.items(), key=lambda item: rank.get(item[0], len(rank)))
    lines = []
    for label, texts in ordered:
        if texts == [label]:  # pass: its kind is its notation
            lines.append(label)
            continue
        shown = texts if every or len(texts) <= _SHOWN + 1 else texts[:_SHOWN]
        more = f" and {len(texts) - len(shown)} more" if len(shown) < len(texts) else ""
        lines.append(f"{label:<12} {len(texts):>3}: {' '.join(shown)}{more}")
    return lines


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
