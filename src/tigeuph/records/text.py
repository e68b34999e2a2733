"""Reading a text record: its header tags, its first position when it has one, and the game
it starts from; the moves are replayed by :meth:`tigeuph.Game.from_record`."""

from __future__ import annotations

from ..errors import LimitError, NotationError
from ..limits import Limits
from ..notation.fields import TITLE, parse_rules
from ..notation.position import from_text
from ..notation.record import SEED, SPACE, WRITTEN, check_tag, move_tokens, tag_line
from ..state import GameState, new_game

__all__ = ["check_written", "first_state", "split_record"]


def split_record(
    text: str, *, verify: bool, limits: Limits
) -> tuple[dict[str, str], str | None, list[str]]:
    """The tags of the record *text*, its first position (``None`` when it starts from a seed)
    and the tokens of its moves.

    Raises:
        LimitError: a tag, a comment or the moves are over *limits*.
        NotationError: a tag cannot be read or is given twice, or *verify* is on and the record
            starts from a position.
    """
    lines = text.split("\n")
    tags: dict[str, str] = {}
    n = 0
    while n < len(lines) and (lines[n].strip(SPACE)[:1] == "[" or not lines[n].strip(SPACE)):
        line = lines[n].strip(SPACE)
        n += 1
        if line:
            name, value = tag_line(line, n, limits)
            if name in tags:
                raise NotationError(f"line {n}: a second {name} tag")
            tags[name] = value
    position: list[str] = []
    if n < len(lines) and lines[n].strip(SPACE) == TITLE:
        if verify:
            raise NotationError(
                f"line {n + 1}: the record starts from a position, which proves nothing "
                "about how it was reached; read it with verify=False to accept it"
            )
        while n < len(lines) and lines[n].strip(SPACE):
            position.append(lines[n])
            n += 1
    tokens = move_tokens("\n".join(lines[n:]), limits)
    return tags, "\n".join(position) if position else None, tokens


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
            check_tag(name, value, limits)
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


def check_written(tags: dict[str, str], written: dict[str, str]) -> None:
    """Refuse a record whose Result or Termination tag disagrees with its game's *written* tags.

    Raises:
        NotationError: the two disagree.
    """
    for name in ("Result", "Termination"):
        if name in tags and tags[name] != written.get(name):
            found = written.get(name, "no such tag")
            raise NotationError(f"the {name} tag says {tags[name]!r}, the game {found!r}")
