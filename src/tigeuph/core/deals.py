"""Deals a server commits to before the first move, and the check any player can make after.

Whoever draws the seed knows the bag: every tile to come. A server must draw it, so that no
player chooses his deal, but then the players must trust the server not to have chosen it for
someone. A commitment removes the trust. When the game is made the server publishes
:func:`deal_commitment`: the SHA-256 (hex) of the UTF-8 text ``tigeuph-deal:SEED:SALT``,
where ``SALT`` is random, so the commitment gives nothing of the seed away. When the game is
over its record carries the ``Seed`` and ``DealSalt`` tags, and :func:`verify_deal` (or
``tigeuph verify RECORD``) checks that they give the commitment the players saw at the start,
and that the record replays from that seed's deal: the bag was fixed before the first move.

>>> import tigeuph
>>> salt = "5f0c3a"
>>> commitment = deal_commitment(7, salt)
>>> commitment[:16]
'693f388082396d77'
>>> game = tigeuph.Game.new(2, seed=7, tags={SALT_TAG: salt})
>>> verify_deal(game, commitment) == commitment
True
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Final

from .errors import ArgumentTypeError, DealError, expect

if TYPE_CHECKING:
    from .interface.holders import Record

__all__ = [
    "COMMITMENT_TAG",
    "PREFIX",
    "SALT_TAG",
    "deal_commitment",
    "new_salt",
    "new_seed",
    "verify_deal",
]

PREFIX: Final = "tigeuph-deal"
"""The text's first field, so that a commitment to a deal is never one to anything else."""
SALT_TAG: Final = "DealSalt"
"""The record tag holding the salt, written once the game is over."""
COMMITMENT_TAG: Final = "DealCommitment"
"""The record tag repeating the commitment published when the game was made."""


def deal_commitment(seed: int, salt: str) -> str:
    """The SHA-256, in hex, of the UTF-8 text ``tigeuph-deal:SEED:SALT``."""
    expect(seed, int, "an int", "deal_commitment: seed")
    expect(salt, str, "a str", "deal_commitment: salt")
    return hashlib.sha256(f"{PREFIX}:{seed}:{salt}".encode()).hexdigest()


def new_seed() -> int:
    """A deal seed nobody can guess: 63 bits from the system's secure source.

    A small seed (a game number, 0, 1, 2...) can be found by a player who tries seeds until
    one deals his own tiles, and then he knows the bag; so every command and function that
    deals without being given a seed draws one here.

    >>> 0 <= new_seed() < 2**63
    True
    """
    return secrets.randbits(63)


def new_salt() -> str:
    """A fresh salt: 128 bits from the system's secure source, in hex."""
    return secrets.token_hex(16)


def verify_deal(game: Record, commitment: str | None = None) -> str:
    """The commitment *game*'s ``Seed`` and ``DealSalt`` give, once checked against
    *commitment* (what the players were shown when the game was made) and against the record's
    own ``DealCommitment`` tag, when either is there. *game* is a record of any game of
    :data:`tigeuph.GAMES` (a :class:`tigeuph.Game`, a :class:`tigeuph.babel.BabelGame`).

    *game* must have been read from its record with ``verify=True`` (the default), which
    proves that it starts as its seed deals and that every action was legal.

    Raises:
        ArgumentTypeError: *game* is no game record (it has no ``seed`` and ``tags``).
        DealError: the record has no seed or no salt, or a commitment does not match.
    """
    if not isinstance(getattr(game, "tags", None), dict) or not hasattr(game, "seed"):
        raise ArgumentTypeError(
            f"verify_deal: game must be a game record, not {type(game).__name__}"
        )
    expect(commitment, (str, type(None)), "a str or None", "verify_deal: commitment")
    if game.seed is None:
        raise DealError("the record gives no Seed: its deal cannot be checked")
    salt = game.tags.get(SALT_TAG)
    if salt is None:
        raise DealError(f"the record has no {SALT_TAG} tag: its deal cannot be checked")
    computed = deal_commitment(game.seed, salt)
    claims = [
        ("the record's DealCommitment tag", game.tags.get(COMMITMENT_TAG)),
        ("the commitment given", commitment),
    ]
    for where, claimed in claims:
        if claimed is not None and claimed.strip().lower() != computed:
            raise DealError(
                f"{where} is {claimed.strip()[:64]}, but Seed and {SALT_TAG} give {computed}:"
                " this is not the deal that was promised"
            )
    return computed
