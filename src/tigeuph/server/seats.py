"""A game's seats: each one a person (``"human"``), a built-in agent with bounded budgets or a
bot program its operator allows, and each person's secret token.

An operator's bot is named ``external:COMMAND``, its command as the operator gave it (however
long), or ``external:N``, its place among the operator's commands; the API shows it by the
latter alone (:func:`public_seat`), since a command line may tell paths, arguments or secrets
that are the operator's business.

A token is returned once, when the game is made; the store keeps only its SHA-256, and
:func:`seat_of` compares digests in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Final

from ..agents import AGENT_NAMES, make_agent
from ..agents.factory import EXTERNAL, parse_spec
from ..games import DEFAULT_GAME
from .errors import NotYourSeat, ServerLimitError

__all__ = [
    "HUMAN",
    "MAX_SEAT",
    "check_seats",
    "new_tokens",
    "public_seat",
    "seat_choices",
    "seat_of",
]

HUMAN: Final = "human"
"""The seat kind of a person, who plays with the seat's token."""

MAX_SEAT: Final = 100
"""Characters in a seat that is a person's or a built-in agent's (an operator's bot is named by
its command, however long)."""
_AGENT_CAPS: Final = {"iterations": 5000, "seconds": 10.0, "rollout": 400, "candidates": 200}


def check_seats(
    seats: Sequence[object],
    players: int,
    game: str = DEFAULT_GAME,
    *,
    external: Sequence[str] = (),
) -> tuple[str, ...]:
    """*seats* checked: one per player, each ``"human"``, the specification of a built-in
    agent of *game* (a name of :data:`tigeuph.GAMES`) with bounded arguments (a server never
    imports a module a client names), or an operator's bot among *external*
    (``ServerLimits.external_agents``), ``external:COMMAND`` or ``external:N``, stored as
    ``external:COMMAND``.

    Raises:
        ServerLimitError: a seat is not that (the message lists what this server plays), or
            an agent asks for more than the caps allow.
        AgentSpecError: the specification's arguments do not fit the agent.
    """
    if len(seats) != players:
        raise ServerLimitError(f"{len(seats)} seats for {players} players")
    out = []
    for seat in seats:
        if not isinstance(seat, str):
            raise ServerLimitError(f"a seat is a name, not {seat!r:.40}: {_choices(external)}")
        if seat.partition(":")[0] == EXTERNAL:
            out.append(_external(seat, external))
            continue
        if len(seat) > MAX_SEAT:
            raise ServerLimitError(f"seat {seat!r:.40}... is too long: {_choices(external)}")
        if seat != HUMAN:
            if seat.partition(":")[0].strip() not in AGENT_NAMES:
                raise ServerLimitError(f"seat {seat!r}: {_choices(external)}")
            _, kwargs = parse_spec(seat)
            for key, cap in _AGENT_CAPS.items():
                value = kwargs.get(key)
                if isinstance(value, int | float) and value > cap:
                    raise ServerLimitError(f"seat {seat!r}: {key} is at most {cap} here")
            make_agent(seat, game=game)  # checks the arguments' names and types
        out.append(seat)
    return tuple(out)


def seat_choices(external: Sequence[str]) -> list[str]:
    """What a seat may be on a server that plays the operator's bots *external*: a person, an
    agent of the library (with its arguments, ``mcts:iterations=400``), or one of the bots by
    its public name.

    >>> seat_choices(["./mybot"])
    ['human', 'random', 'greedy', 'mcts', 'external:1']
    """
    return [HUMAN, *AGENT_NAMES, *_bots(external)]


def _choices(external: Sequence[str]) -> str:
    """What a seat may be on a server that plays the bots *external*, in words."""
    return f"choose {_either(seat_choices(external))}"


def _bots(external: Sequence[str]) -> list[str]:
    """The public names of the bots *external*."""
    return [f"{EXTERNAL}:{n}" for n in range(1, len(external) + 1)]


def _either(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _external(seat: str, external: Sequence[str]) -> str:
    """The operator's bot *seat* names, as stored: ``external:COMMAND``."""
    command = seat.partition(":")[2].strip()
    if command.isascii() and command.isdigit() and 1 <= int(command) <= len(external):
        command = external[int(command) - 1]
    if command not in external:
        plays = f" (it plays {_either(_bots(external))})" if external else ""
        raise ServerLimitError(f"seat {seat!r:.60}: this server plays no such external bot{plays}")
    return f"{EXTERNAL}:{command}"


def public_seat(seat: str, external: Sequence[str]) -> str:
    """*seat* (as stored) as the API shows it: an operator's bot as ``external:N``, its place
    among the operator's commands *external*, or ``external`` alone once it is not among them;
    any other seat as it is.

    >>> public_seat("external:node bot.js --key s3", ["./other", "node bot.js --key s3"])
    'external:2'
    >>> public_seat("mcts:iterations=400", [])
    'mcts:iterations=400'
    """
    head, _, command = seat.partition(":")
    if head != EXTERNAL:
        return seat
    command = command.strip()
    return f"{EXTERNAL}:{external.index(command) + 1}" if command in external else EXTERNAL


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_tokens(seats: Sequence[str]) -> tuple[dict[int, str], list[str | None]]:
    """A fresh token for each human seat, and the list of what is stored: each seat's token
    hash (``None`` for an agent's seat)."""
    tokens = {seat: secrets.token_urlsafe(24) for seat, kind in enumerate(seats) if kind == HUMAN}
    return tokens, [_hash(tokens[s]) if s in tokens else None for s in range(len(seats))]


def seat_of(hashes: Sequence[str | None], token: str | None) -> int:
    """The seat whose stored hash, among *hashes*, is *token*'s.

    Raises:
        NotYourSeat: no seat's.
    """
    if token:
        digest = _hash(token)
        for seat, stored in enumerate(hashes):
            if stored is not None and hmac.compare_digest(stored, digest):
                return seat
    raise NotYourSeat("this game needs a seat's token: Authorization: Bearer TOKEN")
