"""What the last action of a Babel picture touched (:mod:`tigeuph.babel.pictures`), to frame it,
and its caption in words."""

from __future__ import annotations

from attrs import frozen

from ..model.actions import (
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
from ..model.cards import Nation
from ..model.state import End
from .style import Position

__all__ = ["Marks"]


@frozen
class Marks:
    """What the last action touched, to frame it, and who played it."""

    seat: int | None = None
    """The seat that played it."""
    caption: str = ""
    locations: frozenset[Nation] = frozenset()
    temples: frozenset[tuple[int, Nation]] = frozenset()
    columns: frozenset[tuple[int, Nation]] = frozenset()
    cards: frozenset[tuple[int, Nation, int]] = frozenset()
    hands: frozenset[int] = frozenset()
    rows: frozenset[int] = frozenset()
    discard: bool = False

    @staticmethod
    def of(position: Position, last: Action | None, seat: int | None = None) -> Marks:
        """The marks of *last*, the action that led to *position*, played by *seat* (``None``:
        found from *position*)."""
        if last is None:
            return Marks()
        # Who played it: the active player, but for the halved player's discard and the
        # EndTurn that passed the turn on (spec B7, B48).
        passed = isinstance(last, EndTurn) and position.end is not End.DECK
        if seat is None:
            seat = 1 - position.active if passed or isinstance(last, Discard) else position.active
        caption = f"seat {seat} {_did(last, seat)} ({last})"
        match last:
            case EndTurn():
                return Marks(seat, caption, rows=frozenset({seat}))
            case Discard():
                return Marks(seat, caption, hands=frozenset({seat}), discard=True)
            case Travel(nation=n):
                return Marks(seat, caption, locations=frozenset({n}), discard=True)
            case Migrate(origin=origin, target=target):
                column = len(position.sides[seat].columns[target.index])
                moved = frozenset((seat, target, i) for i in range(column - 3, column))
                return Marks(seat, caption, columns=frozenset({(seat, origin)}), cards=moved)
        here, other = position.sides[seat].pawn, 1 - seat
        if here is None:  # the other actions need the pawn on a location (spec B13)
            return Marks(seat, caption)
        match last:
            case Colonise():
                column = len(position.sides[seat].columns[here.index])
                return Marks(seat, caption, cards=frozenset({(seat, here, column - 1)}))
            case Build() | SkipBuild():
                paid = isinstance(last, SkipBuild)
                return Marks(seat, caption, temples=frozenset({(seat, here)}), discard=paid)
            case Destroy():
                return Marks(seat, caption, temples=frozenset({(other, here)}), discard=True)
            case Steal():
                sites = frozenset({(seat, here), (other, here)})
                return Marks(seat, caption, temples=sites, discard=True)
            case Expel():
                return Marks(seat, caption, columns=frozenset({(other, here)}), discard=True)
            case Switch():
                sites = frozenset({(seat, here), (other, here)})
                return Marks(seat, caption, columns=sites, discard=True)
        return Marks(seat, caption, hands=frozenset({other}), discard=True)  # Halve


def _people(nation: Nation) -> str:
    return f"the {nation.name.title()}"


def _did(action: Action, seat: int) -> str:
    """What *action*, played by *seat*, did, in words."""
    match action:
        case Travel(nation=n):
            return f"travelled to {_people(n)}"
        case Colonise(nation=n):
            return f"colonised with one of {_people(n)}"
        case Build(row=None):
            return "built his starting card"
        case Build(row=r):
            return f"built from seat {r}'s row"
        case Migrate(origin=o, target=t):
            return f"migrated three cards from {_people(o)} to {_people(t)}"
        case Destroy():
            return f"destroyed seat {1 - seat}'s temple with the Assyrians"
        case Steal():
            return f"stole seat {1 - seat}'s top level with the Hittites"
        case Expel(named=n):
            return f"expelled {_people(n)} with the Medes"
        case Switch():
            return "brought cards over with the Sumerians"
        case SkipBuild(row=r):
            return f"built two levels up from seat {r}'s row with the Persians"
        case Halve(nation=n):
            return f"halved seat {1 - seat}'s hand with a run of {_people(n)}"
        case Discard():
            return "discarded half his hand"
    return "ended his turn"
