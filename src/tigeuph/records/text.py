"""Reading a text record of the main game: the tags it writes itself and the game a record
starts from; the record is cut into its parts, and its moves replayed, by the functions both
games share (``tigeuph.record_text``)."""

from __future__ import annotations

from typing import Final

from ..errors import LimitError, NotationError
from ..limits import Limits
from ..notation.fields import parse_rules
from ..notation.position import from_text
from ..record_text import SEED, check_tag
from ..state import GameState, new_game

__all__ = ["WRITTEN", "first_state"]

WRITTEN: Final = ("Rules", "Seed", "Result", "Termination")
"""The tags the game writes itself; every other tag is free."""


def first_state(
    tags: dict[str, str], position: str | None, limits: Limits
) -> tuple[GameState, int | None, dict[str, str]]:
    """The state a record starts from, from the Seed and Rules tags or from *position*, with
    its seed (``None`` from a position) and the record's free tags.

    Raises:
        LimitError: a free tag is over *limits*.
        NotationError: the tags or the position do not give one first state.
    """
    free = {name: value for name, value in tags.items() if name not in WRITTEN}
    try:
        rules = parse_rules(tags["Rules"]) if "Rules" in tags else None
        seed = None
        if "Seed" in tags:
            if not SEED.match(tags["Seed"]):
                raise ValueError(f"Seed must be a whole number, not {tags['Seed'][:20]!r}")
            seed = int(tags["Seed"])
        for name, value in free.items():
            check_tag(name, value, WRITTEN, limits)
    except LimitError:
        raise
    except ValueError as err:
        raise NotationError(f"header: {err}") from None
    if position is not None:
        if seed is not None:
            raise NotationError("a record gives a Seed or a first position, not both")
        start = from_text(position, limits=limits)
        if rules is not None and rules != start.rules:
            raise NotationError("the Rules tag disagrees with the first position")
        return start, None, free
    if seed is None or rules is None:
        raise NotationError("a record needs a Seed and a Rules tag, or a first position")
    return new_game(rules.players, seed=seed, rules=rules), seed, free
