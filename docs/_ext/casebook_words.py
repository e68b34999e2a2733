"""The casebook's words: a case's title, its seats' names and its checks as English sentences.

A scenario's ``expect:`` lines are written for the test runner (``points 0 = r0 b0 g3 k0``);
the casebook says each as a sentence ("The lion (seat 0) has 3 green points, none of the other
colours."), naming the seats as the pictures draw them (:mod:`tigeuph.core.dynasties`). A line this
module cannot word is left as it is, in code.
"""

from __future__ import annotations

import re
from typing import Final

import tigeuph
from tigeuph import COLOURS, Colour
from tigeuph.core.dynasties import dynasty
from tigeuph.tigris.model.actions import (
    Action,
    BuildMonument,
    BuildWonder,
    ChooseWar,
    CommitSupport,
    DeclineBuilding,
    DeclineMonument,
    DeclineWonder,
    EndTurn,
    ExchangeTiles,
    PlaceBuilding,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    ScoreWonder,
    TakeTreasure,
    WithdrawLeader,
)
from tigeuph.tigris.model.cells import cell_name

__all__ = ["action_words", "case_title", "expectation", "seat_name"]

_TITLE_ROOM: Final = 80
_ENDS: Final = {
    "none": "The game is not over.",
    "treasures": "The game is over: two treasures or fewer are left on the board.",
    "bag": "The game is over: the bag could not refill a hand.",
}
_ORDINALS: Final = ("first", "second", "third", "fourth")


def seat_name(seat: int) -> str:
    """A seat as the casebook names it: ``the lion (seat 0)``, as the pictures draw it."""
    return dynasty(seat).title(seat)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def case_title(description: str) -> str:
    """A case's page title from its description (the scenario's first ``#`` line): its first
    clause, the next one too when the first is only a topic ("Civilisation buildings"), cut
    at a comma, or else a word, to stay under a line."""
    clauses = re.split(r"(?<=[.;:])\s+", description.strip())
    title = ""
    for clause in clauses:
        title = f"{title} {clause}".strip()
        if len(title.split()) > 3:
            break
    title = title.rstrip(".;:")
    if len(title) <= _TITLE_ROOM:
        return title
    cut = title[:_TITLE_ROOM]
    at = cut.rfind(", ")
    if at > _TITLE_ROOM // 2 and cut[:at].count("(") == cut[:at].count(")"):
        return cut[:at]
    return cut[: cut.rfind(" ")] + "…"


def _colours(counts: list[int], noun: str) -> str:
    """``3 green points``; ``1 red and 2 blue tiles``; ``no tiles``."""
    named = [f"{n} {Colour(i).name.lower()}" for i, n in enumerate(counts) if n]
    if not named:
        return f"no {noun}s"
    plural = noun + ("s" if sum(counts) != 1 else "")
    return f"{_listed(named)} {plural}"


def _counts(text: str) -> list[int]:
    """``r1 b0 g3 k0`` or ``r0,b0,g7,k0`` as four numbers in colour order."""
    found = dict(re.findall(r"([rbgk])(\d+)", text))
    return [int(found.get(c.letter, 0)) for c in COLOURS]


def action_words(action: Action) -> str:
    """*action* in a few words: ``a red tile on E5``, ``the king to F6``."""
    match action:
        case PlaceTile():
            return f"a {action.colour.name.lower()} tile on {cell_name(action.cell)}"
        case PlaceLeader():
            return f"the {action.colour.leader} to {cell_name(action.cell)}"
        case WithdrawLeader():
            return f"withdrawing the {action.colour.leader}"
        case PlaceCatastrophe():
            return f"a catastrophe on {cell_name(action.cell)}"
        case ExchangeTiles():
            return f"exchanging {_colours(list(action.counts), 'tile')}"
        case EndTurn():
            return "ending the turn"
        case CommitSupport():
            return f"committing {action.count} tile{'s' * (action.count != 1)}"
        case ChooseWar():
            return f"the {action.colour.name.lower()} war first"
        case BuildMonument():
            names = "-".join(c.name.lower() for c in action.monument.colours)
            return f"the {names} monument on the square at {cell_name(action.corner)}"
        case DeclineMonument():
            return "declining the monument"
        case TakeTreasure():
            return f"the treasure on {cell_name(action.cell)}"
        case PlaceBuilding():
            return f"the building on {cell_name(action.cell)}"
        case DeclineBuilding():
            return "declining the building"
        case BuildWonder():
            return f"the wonder on the cross at {cell_name(action.centre)}"
        case DeclineWonder():
            return "declining the wonder"
        case ScoreWonder():
            return f"the wonder's point in {action.colour.name.lower()}"
    return str(action)


def _listed(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + f" {last} " + words[-1]


def _actions(texts: list[str]) -> list[str]:
    return [f"{action_words(tigeuph.parse_action(t))} (``{t}``)" for t in texts]


def _token(token: str) -> str:
    """A cell's token of position notation in words."""
    if token in (".", "~"):
        return "is empty" + (" river" if token == "~" else "")
    if token == "x":
        return "holds a catastrophe"
    if token.startswith("#"):
        return "holds a face-down tile" + (" with its treasure" if "$" in token else "")
    colour = Colour.from_letter(token[0]).name.lower()
    words = f"holds a {colour} tile"
    if "$" in token:
        words += " with a treasure"
    if "*" in token:
        words += " under the unification marker"
    if "@" in token:
        words += f" carrying the {Colour.from_letter(token[0]).building}"
    return words


def _cells(text: str, last: str = "or") -> str:
    return _listed(text.split(","), last)


def _pending(want: str) -> str:
    if want == "none":
        return "No decision is pending."
    kind, *pairs = want.split()
    fields = dict(p.split("=", 1) for p in pairs if "=" in p)
    who = _cap(seat_name(int(fields["player"]))) if "player" in fields else "A seat"
    if kind in ("revolt", "war"):
        colour = Colour.from_letter(fields.get("colour", "r")).name.lower()
        text = f"A {colour} {kind} waits for support"
        if "attacker" in fields and "defender" in fields:
            attacker, defender = (
                seat_name(int(fields["attacker"])),
                seat_name(int(fields["defender"])),
            )
            text += f", {attacker} attacking {defender}"
        if "support" in fields:
            n = fields["support"]
            text += f"; the attacker has committed {n} tile{'s' * (n != '1')}"
        return text + "."
    match kind:
        case "war-choice" if "colours" in fields:
            colours = [Colour.from_letter(c).name.lower() for c in fields["colours"].split(",")]
            return f"{who} chooses which war is fought first: {_listed(colours, 'or')}."
        case "monument" if "corners" in fields:
            return f"{who} decides on a monument on the square at {_cells(fields['corners'])}."
        case "treasure" if "trader" in fields:
            return f"{who} takes a treasure from the kingdom of the trader on {fields['trader']}."
        case "building" if "colour" in fields:
            building = Colour.from_letter(fields["colour"]).building
            where = f", on {_cells(fields['cells'])}" if "cells" in fields else ""
            return f"{who} decides whether the {building} goes on the run{where}."
        case "wonder" if "centres" in fields:
            return f"{who} decides on the wonder, on the cross at {_cells(fields['centres'])}."
        case "wonder-point":
            return f"{who} chooses the colour of the wonder's point."
    return f"The pending decision is ``{want}``."


def _expect_legal(words: list[str], want: str) -> str:
    if len(words) > 1 and words[1] in ("has", "lacks"):
        named = _actions(words[2:])
        verb = "are" if len(named) > 1 else "is"
        neg = "" if words[1] == "has" else " not"
        return f"{_cap(_listed(named))} {verb}{neg} legal."
    if not want:
        return "No action is legal."
    return f"The legal actions are exactly {_listed(_actions(want.split()))}."


def _place(what: str, want: str) -> str:
    return f"{what} {'is in supply' if want == 'supply' else f'stands on {want}'}."


def _monuments(want: str) -> str:
    if want == "none":
        return "No monument stands on the board."
    sites = []
    for site in want.split(","):
        code, _, rest = site.partition("@")
        names = "-".join(Colour.from_letter(c).name.lower() for c in code)
        sites.append(f"the {names} monument on {rest.partition('/')[0]}")
    return f"{_cap(_listed(sites))} stand{'s' * (len(sites) == 1)} on the board."


def _declined(what: str, want: str) -> str:
    kind = "square" if what == "declined" else "cross"
    if want == "none":
        return f"No {kind} is marked as declined."
    many = "," in want
    cells = want.replace(",", ", ")
    return f"The {kind}{'es' * many} at {cells} {'are' if many else 'is'} marked as declined."


def _turn(want: str) -> str | None:
    fields = dict(p.split("=", 1) for p in want.split() if "=" in p)
    if "player" not in fields or "actions" not in fields:
        return None
    n = fields["actions"]
    left = f"{n} action{'s' * (n != '1')} left"
    return f"It is the turn of {seat_name(int(fields['player']))}, with {left}."


def _sentence(what: str, words: list[str], want: str) -> str | None:
    """The sentence for one ``expect:`` line, split into its subject *what*, its *words* and
    the value it wants."""
    seat = _cap(seat_name(int(words[1]))) if len(words) > 1 and words[1].isdigit() else ""
    match what:
        case "points":
            counts = _counts(want)
            others = " and no others" if 0 < counts.count(0) < len(counts) else ""
            return f"{seat} has {_colours(counts, 'point')}{others}."
        case "discarded":
            return f"{seat} has discarded {_colours(_counts(want), 'tile')}."
        case "treasures":
            return f"{seat} has taken {want} treasure{'s' * (want != '1')}."
        case "hand":
            return f"{seat} holds {_colours([want.count(c.letter) for c in COLOURS], 'tile')}."
        case "leader":
            leader = Colour.from_letter(words[2].lower()).leader
            return f"The {leader} of " + _place(seat_name(int(words[1])), want)
        case "building":
            return "The " + _place(Colour.from_letter(words[1]).building, want)
        case "cell":
            return f"{words[1]} {_token(want)}."
        case "pending":
            return _pending(want)
        case "to-move":
            if want == "none":
                return "Nobody decides: the game is over."
            return f"{_cap(seat_name(int(want)))} decides next."
        case "turn":
            return _turn(want)
        case "end":
            return _ENDS.get(want)
        case "removed":
            counts = _counts(want)
            if not sum(counts):
                return "No tile has left the game."
            verb = "has" if sum(counts) == 1 else "have"
            return f"{_cap(_colours(counts, 'tile'))} {verb} left the game."
        case "unification":
            if want == "none":
                return "No unification marker is on the board."
            return f"The unification marker is on {want}."
        case "monuments":
            return _monuments(want)
        case "wonder":
            if want == "none":
                return "The wonder is not built."
            centre, _, under = want.partition("/")
            colour = Colour.from_letter(under).name.lower()
            return f"The wonder stands on the cross at {centre}, over {colour} tiles."
        case "declined" | "declined-crosses":
            return _declined(what, want)
        case "rank":
            place = _ORDINALS[int(want) - 1] if 0 < int(want) <= len(_ORDINALS) else want
            return f"{seat} ranks {place}."
        case "score":
            return f"The final score of {seat_name(int(words[1]))} is {want}."
        case "visible":
            shown = _listed([seat_name(int(s)) for s in want.split()]) if want else "nobody"
            return f"The view of {seat_name(int(words[1]))} shows the points of {shown}."
        case "legal":
            return _expect_legal(words, want)
    return None


def expectation(line: str) -> str | None:
    """The ``expect:`` *line* as an English sentence, or ``None`` when it has no wording here."""
    lhs, _, rhs = line.partition("=")
    words = lhs.split()
    try:
        return _sentence(words[0] if words else "", words, rhs.strip())
    except (ValueError, KeyError, IndexError, tigeuph.TigeuphError):
        return None
