"""Everything a server bounds, in one value: :class:`ServerLimits`.

A server on the open internet must bound what a stranger can make it do: the bytes he sends,
the games he creates and how long they are kept, the agent moves he asks for and the
connections he holds open. Each field's ``help`` is what ``tigeuph serve --help`` prints for
its option (``--agent-seconds`` for ``agent_seconds``), so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from attrs import Attribute, field, fields, frozen

from ..core.errors import ArgumentError, ArgumentTypeError

__all__ = ["ServerLimits", "limit_fields"]

_DAY: Final = 86_400.0


def _above_zero(instance: object, attribute: Attribute[Any], value: object) -> None:
    if isinstance(value, bool):
        return
    if not isinstance(value, int | float) or not value > 0:
        raise ArgumentError(f"ServerLimits.{attribute.name} must be above 0, not {value!r:.20}")


def _commands(value: Iterable[str]) -> tuple[str, ...]:
    """The commands of external bots a server allows, each checked to be text."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ArgumentTypeError(
            f"ServerLimits.external_agents must be a list of commands, not {value!r:.40}"
        )
    commands = tuple(value)
    for command in commands:
        if not isinstance(command, str) or not command.strip():
            raise ArgumentTypeError(
                f"ServerLimits.external_agents: a command is text, not {command!r:.40}"
            )
    return tuple(command.strip() for command in commands)


def _limit(default: Any, help: str) -> Any:
    return field(default=default, validator=_above_zero, metadata={"help": help})


@frozen(kw_only=True)
class ServerLimits:
    """The server's limits. The defaults suit a small public server on two cores; every one
    is an option of ``tigeuph serve`` (see ``docs/server.rst``, "Limits")."""

    body: int = _limit(16_384, "bytes in a request body (413 beyond)")
    json_depth: int = _limit(16, "levels of nesting in a request body's JSON (422 beyond)")
    actions: int = _limit(2_000, "actions in a game: a game that reaches it is stopped")
    record: int = _limit(200_000, "characters in a game's record")
    agent_workers: int = _limit(
        1, "agent moves computed at once, each in a process of its own, apart from the requests"
    )
    agent_queue: int = _limit(
        64, "games waiting for an agent's move; a game with agents is refused beyond (503)"
    )
    agent_seconds: float = _limit(
        2.0, "seconds an agent may think over one move; a search is cut to it"
    )
    agent_games: bool = _limit(False, "allow games with no person in them (agents only)")
    client_seeds: bool = _limit(
        False, "let clients choose a game's seed, and so its deal (tests, tournaments)"
    )
    creations: int = _limit(20, "games one client address may create per minute (429 beyond)")
    advice: int = _limit(
        240, "explanations and hints one client address may ask for per minute (429 beyond)"
    )
    live_games: int = _limit(500, "games not yet over, at most (503 beyond)")
    stored_games: int = _limit(
        20_000, "games kept in the database; the oldest finished ones are deleted beyond"
    )
    abandon_after: float = _limit(
        _DAY, "seconds without an action after which an unfinished game is deleted"
    )
    keep_finished: float = _limit(30 * _DAY, "seconds a finished game is kept, then deleted")
    streams: int = _limit(2_000, "event streams and long polls open at once (503 beyond)")
    streams_per_game: int = _limit(32, "event streams and long polls open on one game (503 beyond)")
    external_agents: tuple[str, ...] = field(
        default=(),
        converter=_commands,
        metadata={
            "help": "a bot program seats may name as external:COMMAND (docs/protocol.rst); "
            "repeat for each; none by default"
        },
    )


def limit_fields() -> tuple[Attribute[Any], ...]:
    """:class:`ServerLimits`' fields, each with its default and its ``help``."""
    return tuple(fields(ServerLimits))
