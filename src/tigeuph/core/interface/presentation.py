"""A game for people (issue 38): the ``presentation`` capability, which the terminal, the
command line and the server ask for words and pictures, and its default, which shows a game
by its notation.

The default is plain but true: a position is its position notation (a view, what ``str``
makes of it), a picture is that text drawn as SVG with no aids, an action's kind is its class's
name in words, the help lists a few actions of a new game, an explanation is the rules' refusal
or "legal", and a result names the winners with the scores.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, cast

from ..errors import ArgumentError, ArgumentTypeError, expect

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["Presentation"]

S = TypeVar("S")  # the game's state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action

_WORD: Final = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MONOSPACE: Final = "DejaVu Sans Mono, Menlo, Consolas, monospace"
_SIZE: Final = 14  # the text's size in the picture's units
_ADVANCE: Final = 0.61  # a monospace letter's width, in ems
_LINE: Final = 1.3  # a line's height, in ems
_MARGIN: Final = 10
_EXAMPLES: Final = 4


class Presentation(Generic[S, V, A]):
    """The ``presentation`` capability; this class is also its default: see the module."""

    kinds_by_use: tuple[str, ...] = ()
    """The kinds of action (:meth:`action_kind`'s words) in the order players use them, the
    commonest first, to list a player's legal actions; a kind not named follows those named,
    in the order its actions come. By default none: the order they come."""

    aids: Mapping[str, str] = MappingProxyType({})
    """The aids :meth:`picture` draws when asked, beside the position itself (issue 40): each
    aid's name and what it shows, in the few words a toggle or ``--help`` gives (the main
    game's ``kingdoms``: ``tint each kingdom under its tiles``), in the order to offer them.
    Each is worked out from what the picture's position shows, so a view's aids tell nothing
    hidden. By default none."""

    def __init__(self, game: GameInterface[S, V, A, Any]) -> None:
        self.game = game
        """The game shown."""

    def result_text(self, state: S) -> str:
        """How a finished game ended, in one line for people; by default its winners and the
        scores (``won by seat 0 (12 - 10)``), or ``the game goes on``."""
        game = self.game
        winners = game.winners(state)
        if not winners:
            return "the game goes on"
        seats = " and ".join(f"seat {seat}" for seat in winners)
        return f"won by {seats} ({' - '.join(map(str, game.scores(state)))})"

    def score_text(self, state: S, seat: int) -> str:
        """*seat*'s final score in words, for a ranking line: by default ``score N``. A game
        whose ties are broken by more than the score says how when the score is shared, so
        that two lines of one score at two ranks explain themselves."""
        return f"score {self.game.scores(state)[seat]}"

    def describe(
        self, position: S | V, *, last: A | None = None, names: Sequence[str] | None = None
    ) -> str:
        """*position* as text for a terminal: what a view's player sees (a state: everything),
        *last* (the action played last) marked where the game can, the seats called by *names*
        where given. Plain text, or text with ``rich`` console markup (``[red]r[/red]``) for
        colour: ``rich.text.Text.from_markup(text).plain`` is then the plain text, and a square
        bracket of the plain text is written ``\\[``. By default a state's position notation,
        a view's ``str``, its square brackets escaped."""
        game = self.game
        if isinstance(position, game.facts.state_type):
            text = game.to_text(cast(S, position))
        else:
            text = str(position)
        return text.replace("[", "\\[")

    def notation_help(self) -> str:
        """The game's action notation for a player's help: one example a line; by default a
        few legal actions of a new game."""
        game = self.game
        state = game.new_game(game.facts.default_players, seed=0)
        return "\n".join(str(action) for action in game.legal_actions(state)[:_EXAMPLES])

    def action_kind(self, action: A) -> str:
        """*action*'s kind in a word or two (``red tile``, ``travel``), to sum up a list of
        legal actions; by default its class's name in words (``EndTurn``: ``end turn``)."""
        return _WORD.sub(" ", type(action).__name__).lower()

    def picture(
        self,
        position: S | V,
        *,
        size: float | None = None,
        last: A | None = None,
        before: S | V | None = None,
        coordinates: bool = True,
        panel: bool = True,
        aids: Iterable[str] = (),
    ) -> str:
        """*position* drawn as an SVG document (*size*: its width in pixels; ``None``, its
        natural size), *last* (the action played last, from *before* when it is known) marked
        where the game can; a state is drawn whole, a view with only what its player may see.
        *coordinates*: write what the action notation counts by (the main game's column
        letters and row numbers, Babel's card indices). *panel*: draw the players' panel and
        the status line where the game draws them apart from its board (the main game); a page
        that shows them itself draws the board alone. *aids*: the names of the :attr:`aids` to
        draw too (checked by :meth:`asked_aids`). By default the text of :meth:`describe`
        (without its markup's escapes), a line of monospace text each.

        Raises:
            ArgumentError: *aids* names an aid the game does not draw.
        """
        self.asked_aids(aids)
        lines = self.describe(position).replace("\\[", "[").split("\n")
        width = 2 * _MARGIN + _ADVANCE * _SIZE * max(map(len, lines), default=0)
        height = 2 * _MARGIN + _LINE * _SIZE * len(lines)
        shown = "" if size is None else f' width="{size:g}" height="{size * height / width:g}"'
        rows = "".join(
            f'<text x="{_MARGIN}" y="{_MARGIN + _LINE * _SIZE * (i + 0.8):g}"'
            f' xml:space="preserve">{escape(line, quote=False)}</text>'
            for i, line in enumerate(lines)
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}"{shown}'
            f' font-family="{_MONOSPACE}" font-size="{_SIZE}">'
            f'<rect width="100%" height="100%" fill="white"/>{rows}</svg>'
        )

    def asked_aids(self, aids: Iterable[str]) -> frozenset[str]:
        """The names *aids*, each one of the game's :attr:`aids`; the games' pictures check
        what they are asked with it.

        Raises:
            ArgumentTypeError: *aids* is a string (one name is ``("kingdoms",)``) or holds
                what is no string.
            ArgumentError: it names an aid the game does not draw.
        """
        if isinstance(aids, str) or not isinstance(aids, Iterable):
            # A string is iterable too, but "sites" is no list of the aids s, i, t, e, s.
            raise ArgumentTypeError(
                f"picture: aids must be names of aids (a list, a tuple...), not {aids!r:.40}"
            )
        names = list(aids)
        for name in names:
            expect(name, str, "an aid's name (a str)", "picture: aids")
        unknown = sorted(set(names) - self.aids.keys())
        if unknown:
            title = self.game.facts.title
            offered = f"its aids: {', '.join(self.aids)}" if self.aids else "it draws none"
            named = ", ".join(repr(name[:40]) for name in unknown[:3])
            named += " ..." if len(unknown) > 3 else ""
            raise ArgumentError(f"picture: {title} draws no aid {named} ({offered})")
        return frozenset(names)

    def explain(self, state: S, action: A) -> str:
        """Why *action* is legal or refused in *state*, citing the rules, and what it does;
        by default the rules' refusal, or that it is legal."""
        refused = self.game.refusal(state, action)
        return f"{action} is legal" if refused is None else f"{action} is refused: {refused}"

    def gains(self, state: S, action: A) -> str:
        """What *action* gains the player to move in *state*, in words he checks on the board,
        as what follows "it" in a sentence (the main game: ``scores you 1 red point (red 3 to
        4)``); a hint gives it as its reason. Empty when the game knows nothing to tell (by
        default: always), or the action gains nothing one can count."""
        return ""

    def decision_summary(
        self, position: S | V, *, names: Sequence[str] | None = None
    ) -> str | None:
        """What the player to decide weighs at the decision *position* waits for, in ``rich``
        markup, the seats called by *names* (a seat named ``you`` is spoken to): a revolt's or
        a war's strengths and what each support count would make; ``None`` when the game has
        nothing to add at this moment (by default: always)."""
        return None
