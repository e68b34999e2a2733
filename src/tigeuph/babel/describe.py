"""A Babel position as text for the terminal, as a player sees it: the turn and what it waits
for, the scores and decks, both sides location by location, his own hand; the nations' cards
in their colours (``rich`` console markup, written here as plain strings), the last action
named. Also the game's action notation for a player's help, and the kinds of its actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .engine import Outcome
from .model.actions import (
    Action,
    Build,
    Colonise,
    Destroy,
    Discard,
    EndTurn,
    Expel,
    Halve,
    Migrate,
    SkipBuild,
    Steal,
    Switch,
    Travel,
)
from .model.cards import NATIONS, Counts, Nation, counts_text, nations_text
from .model.state import BabelState, End, Side
from .views import BabelView, PublicSide

__all__ = [
    "KINDS_BY_USE",
    "NOTATION_HELP",
    "action_kind",
    "describe",
    "notation_help",
    "result_text",
]

_INK: Final = {
    Nation.HITTITES: "bold #b08800",
    Nation.ASSYRIANS: "bold #1f4fa0",
    Nation.PERSIANS: "bold #707070",
    Nation.MEDES: "bold #1a7030",
    Nation.SUMERIANS: "bold #b02015",
}
"""Each nation's cards in its location's colour (spec B1)."""
_MARK: Final = "bold black on #ffd84a"


def _cards(letters: str) -> str:
    """Cards written as nation letters, each in its colour; ``-`` for none."""
    if not letters:
        return "-"
    return "".join(f"[{_INK[Nation(letter)]}]{letter}[/]" for letter in letters)


def _escape(text: str) -> str:
    """*text* with its square brackets kept from reading as markup."""
    return text.replace("[", r"\[")


def _levels(levels: tuple[int, ...]) -> str:
    return "".join(map(str, levels)) or "-"


def _waiting(seen: BabelState | BabelView) -> str:
    if seen.end is not None:
        how = "by score" if seen.end is End.SCORE else "at the last temple card"
        return f"game over {how}"
    if seen.pending is not None:
        return f"seat {seen.pending.player} must discard {seen.pending.count} cards"
    return f"seat {seen.active} to play"


def result_text(result: Outcome) -> str:
    """How a game of Babel ended, in one line: the winner or a draw, how (by score, B30, or at
    the last temple card, B31), the scores with the winner's first, and the hands' tie-break
    when it decided (B31)."""
    who = "a draw" if result.winner is None else f"seat {result.winner} wins"
    how = "by score" if result.reason is End.SCORE else "at the last temple card"
    first = 0 if result.winner is None else result.winner
    line = f"{who} {how}, {result.scores[first]} to {result.scores[1 - first]}"
    if result.winner is not None and result.scores[0] == result.scores[1]:
        line += ", on more cards in hand"
    return line


def describe(
    seen: BabelState | BabelView,
    *,
    last: Action | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """*seen* for the terminal in ``rich`` console markup: the turn and what it waits for,
    scores and decks, both sides location by location (a view shows its player's hand, a full
    state every hand), and *last*, the action played last, named and marked. *names* follow the
    seats' numbers (``seat 1 (greedy)``)."""
    if isinstance(seen, BabelState):
        people, temples = len(seen.people), len(seen.temple_deck)
        hands: tuple[Counts | None, Counts | None] = (seen.sides[0].hand, seen.sides[1].hand)
        sizes = (sum(seen.sides[0].hand), sum(seen.sides[1].hand))
    else:
        people, temples, sizes = seen.people_size, seen.temple_size, seen.hand_sizes
        hands = (None, None)
    scores, shown = seen.scores, seen.discard[-8:]
    lines = [
        f"turn {seen.turn}, {_waiting(seen)}; scores {scores[0]} - {scores[1]}; "
        f"people deck {people}, temple deck {temples}, "
        f"discard pile {_cards(nations_text(shown))}"
        f"{' (last 8)' if len(seen.discard) > 8 else ''}",
    ]
    sides: tuple[Side | PublicSide, ...] = seen.sides
    for seat, side in enumerate(sides):
        pawn = "quarry" if side.pawn is None else side.pawn.name.title()
        start = "starting card held" if side.starting else "starting card built"
        arrow = ">" if seat == seen.to_move else " "
        name = f" {_escape(names[seat])}" if names and names[seat] else ""
        lines.append(
            f"{arrow} seat {seat}{name}: {sizes[seat]} cards in hand, pawn at {pawn}, {start}, "
            f"row {_levels(side.row)} (top last)"
        )
        for n in NATIONS:
            column, temple = side.columns[n.index], side.temples[n.index]
            if column or temple:
                lines.append(
                    f"   {n.name.title():<10} temple {_levels(temple):<7} "
                    f"column {_cards(nations_text(column))}"
                )
        hand = hands[seat]
        if hand is not None:
            lines.append(f"   hand {_cards(counts_text(hand))}")
    if isinstance(seen, BabelView):
        lines.append(f"your hand (seat {seen.player}): {_cards(counts_text(seen.hand))}")
    if last is not None:
        lines.append(f"last action: [{_MARK}]{last}[/] ({action_kind(last)})")
    return "\n".join(lines)


# --- what a player types ---------------------------------------------------------------------

NOTATION_HELP: Final = """\
  >H       travel to the Hittites (discard a Hittite card)
  +A       colonise: an Assyrian card from hand to your column here
  #0 #1    build from the top of row 0 or row 1; #s builds your starting card
  ~HA      migrate the last 3 cards of your Hittite column to the Assyrians
  A@2      Assyrians (the run from card 2 pays): destroy the opponent's top temple level
  H@0      Hittites: steal the opponent's top temple card here
  M@0:S    Medes: the opponent discards his Sumerians here
  S@0      Sumerians: his cards of his tail's nation come to you
  P@0#1    Persians: build one level higher, from row 1's top card
  %A@2     any run (here Assyrians at 2): the opponent halves his hand
  -HHA     (when halved) discard these cards
  end      draw two temple cards onto your row; the turn passes
Cards: H Hittites, A Assyrians, P Persians, M Medes, S Sumerians."""
"""Babel's action notation, one example a line, for a player's help."""

_KINDS: Final[dict[type, str]] = {
    Colonise: "colonise",
    Build: "build",
    EndTurn: "end turn",
    Travel: "travel",
    Migrate: "migrate",
    Destroy: "destroy",
    Steal: "steal",
    Expel: "expel",
    Switch: "switch",
    SkipBuild: "skip a level",
    Halve: "halve",
    Discard: "discard",
}
"""The kinds of action, the kinds players use most first (the greedy player's own moves over
six games)."""

KINDS_BY_USE: Final = tuple(_KINDS.values())
"""Every kind :func:`action_kind` names, the commonest first."""


def notation_help() -> str:
    """Babel's action notation for a player's help (:data:`NOTATION_HELP`)."""
    return NOTATION_HELP


def action_kind(action: Action) -> str:
    """*action*'s kind in a word or two (``travel``, ``build``, ``halve``...), to sum up a
    list of legal actions."""
    return _KINDS[type(action)]
