"""The deal book: fixed, published deal seeds for each game and player count, the ladder's
analogue of a chess opening book, and the seatings every deal is played in.

Every ladder run, every placement of a new player and the regression guard play the same deals
in the same order, so that two runs differ only by their players. The seeds are in
``deals.json`` beside this module. Nobody chose them: deal *i* of *game* for *players* is the
first 63 bits of the SHA-256 of the text ``tigeuph-deal-book:GAME:PLAYERS:I``, so anyone can
check the file (``python -m tigeuph.tools.ladder.book --check``) and nobody can have picked
deals that suit a player. The book is public, so a bot could learn it by heart: the ladder
measures players that do not, as an opening book does.

A deal is played in every distinct rotation of a balanced seating of the two players matched
(:func:`seatings`), so that each sits in every seat of every deal equally often and the deal's
luck and the seat's advantage cancel out within the deal.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from functools import cache
from importlib import resources
from typing import Final

from ...core.deals import deal_commitment
from ...core.errors import ArgumentError

__all__ = [
    "BOOK_FILE",
    "BOOK_GAMES",
    "BOOK_SALT",
    "BOOK_SIZE",
    "book_seed",
    "commitment",
    "deal_book",
    "seatings",
]

BOOK_FILE: Final = "deals.json"
"""The book's file, inside this package."""
BOOK_GAMES: Final[dict[str, tuple[int, ...]]] = {"tigris": (2, 3, 4), "babel": (2,)}
"""The games and player counts the book holds deals for."""
BOOK_SIZE: Final = 400
"""Deals per game and player count: more than a sequential test between two rungs needs."""
BOOK_SALT: Final = "tigeuph-ladder-book-1"
"""The ``DealSalt`` of every ladder game: with the seed it gives the record's
``DealCommitment``, so ``tigeuph verify`` replays and checks a ladder game as it does a
server's (:func:`commitment`)."""
_PREFIX: Final = "tigeuph-deal-book"


def book_seed(game: str, players: int, index: int) -> int:
    """Deal *index* of the book of *game* for *players*: the first 63 bits of the SHA-256 of
    ``tigeuph-deal-book:GAME:PLAYERS:INDEX``.

    >>> book_seed("tigris", 2, 0) == deal_book("tigris", 2)[0]
    True
    """
    digest = hashlib.sha256(f"{_PREFIX}:{game}:{players}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def commitment(seed: int) -> str:
    """The deal commitment a ladder game of *seed* carries (:func:`~tigeuph.deal_commitment`
    of the seed and :data:`BOOK_SALT`)."""
    return deal_commitment(seed, BOOK_SALT)


@cache
def _book() -> dict[str, tuple[int, ...]]:
    text = resources.files(__package__).joinpath(BOOK_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return {key: tuple(int(s) for s in seeds) for key, seeds in data["deals"].items()}


def deal_book(game: str, players: int) -> tuple[int, ...]:
    """The published deal seeds of *game* for *players*, in the order every ladder plays them.

    >>> len(deal_book("babel", 2))
    400

    Raises:
        ArgumentError: the book has no deals for that game and player count.
    """
    if players not in BOOK_GAMES.get(game, ()):
        held = "; ".join(f"{g} {', '.join(map(str, n))}" for g, n in BOOK_GAMES.items())
        raise ArgumentError(f"the deal book has no {game} deals for {players} players ({held})")
    return _book()[f"{game}-{players}"]


def seatings(players: int) -> tuple[tuple[int, ...], ...]:
    """The seatings one deal is played in between two players, 0 and 1: every distinct
    rotation of the seats of a balanced seating (each fills half the seats; for an odd count
    both ``0 0 1`` and ``1 1 0`` are rotated, so that neither is always the one filling more).

    >>> seatings(2)
    ((0, 1), (1, 0))
    >>> seatings(3)
    ((0, 0, 1), (0, 1, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1), (0, 1, 1))
    >>> seatings(4)
    ((0, 0, 1, 1), (0, 1, 1, 0), (1, 1, 0, 0), (1, 0, 0, 1))
    """
    if players < 2:
        raise ArgumentError(f"seatings: two players need 2 seats or more, not {players}")
    first = [0] * (players - players // 2) + [1] * (players // 2)
    bases = [first] if players % 2 == 0 else [first, [1 - x for x in first]]
    found: list[tuple[int, ...]] = []
    for base in bases:
        for turn in range(players):
            seating = tuple(base[(seat + turn) % players] for seat in range(players))
            if seating not in found:
                found.append(seating)
    return tuple(found)


def _generate() -> str:
    deals = {
        f"{game}-{players}": [book_seed(game, players, i) for i in range(BOOK_SIZE)]
        for game, counts in BOOK_GAMES.items()
        for players in counts
    }
    document = {
        "format": "tigeuph-deal-book",
        "version": 1,
        "derivation": f"seed i = first 63 bits of sha256('{_PREFIX}:GAME:PLAYERS:i')",
        "salt": BOOK_SALT,
        "deals": deals,
    }
    return json.dumps(document, indent=1) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the book (``--write``, once: it is committed) or check the committed one."""
    parser = argparse.ArgumentParser(
        prog="python -m tigeuph.tools.ladder.book", description=main.__doc__
    )
    parser.add_argument("--write", action="store_true", help="write deals.json here")
    parser.add_argument("--check", action="store_true", help="check deals.json (the default)")
    args = parser.parse_args(argv)
    target = resources.files(__package__).joinpath(BOOK_FILE)
    if args.write:
        with resources.as_file(target) as path:
            path.write_text(_generate(), encoding="utf-8")
        print(f"wrote {target}")
        return 0
    same = target.read_text(encoding="utf-8") == _generate()
    print(f"{target}: {'as derived' if same else 'DIFFERS from its derivation'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
