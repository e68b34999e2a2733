"""Everything a server bounds, in one value: :class:`ServerLimits`.

A server on the open internet must bound what a stranger can make it do: the bytes he sends,
the games he creates and how long they are kept, the agent moves he asks for and the
connections he holds open. Each of these is bounded per client first (``*_per_client``, a
client being an address, or an IPv6 /64: :mod:`tigeuph.server.clients`), so that one client,
or a few, cannot take what everyone shares; the bound over all clients stays as a last
resort. Each field's ``help`` is what ``tigeuph serve --help`` prints for its option
(``--agent-seconds`` for ``agent_seconds``), so the two never disagree; a list's option is
given once an item (``--external-agent``, its ``option``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from ipaddress import ip_network
from typing import Any, Final
from urllib.parse import urlsplit

from attrs import Attribute, field, fields, frozen

from ..core.errors import ArgumentError, ArgumentTypeError

__all__ = ["ServerLimits", "limit_fields"]

_DAY: Final = 86_400.0
_MINUTE: Final = 60.0


def _above_zero(instance: object, attribute: Attribute[Any], value: object) -> None:
    if isinstance(value, bool):
        return
    if not isinstance(value, int | float) or not value > 0:
        raise ArgumentError(f"ServerLimits.{attribute.name} must be above 0, not {value!r:.20}")


def _texts(name: str, what: str) -> Callable[[Iterable[str]], tuple[str, ...]]:
    """A converter of the list field *name* to a tuple of stripped texts (each *what*)."""

    def convert(value: Iterable[str]) -> tuple[str, ...]:
        if isinstance(value, str) or not isinstance(value, Iterable):
            raise ArgumentTypeError(
                f"ServerLimits.{name} must be a list of {what}s, not {value!r:.40}"
            )
        items = tuple(value)
        for item in items:
            if not isinstance(item, str) or not item.strip():
                raise ArgumentTypeError(f"ServerLimits.{name}: a {what} is text, not {item!r:.40}")
        return tuple(item.strip() for item in items)

    return convert


def _commands(value: Iterable[str]) -> tuple[str, ...]:
    """The commands of external bots a server allows, each checked to be text."""
    return _texts("external_agents", "command")(value)


def _origins(value: Iterable[str]) -> tuple[str, ...]:
    """The origins a server lets browsers change state from, each ``scheme://host[:port]``."""
    origins = _texts("allow_origins", "origin")(value)
    for origin in origins:
        parts = urlsplit(origin)
        if (
            parts.scheme not in ("http", "https")
            or not parts.netloc
            or origin != (f"{parts.scheme}://{parts.netloc}")
        ):
            raise ArgumentError(
                f"ServerLimits.allow_origins: {origin!r:.60} is no origin: scheme://host[:port]"
            )
    return tuple(origin.lower() for origin in origins)


def _networks(value: Iterable[str]) -> tuple[str, ...]:
    """The proxies a server trusts, each an address or a network (``10.0.0.0/8``)."""
    proxies = _texts("trusted_proxies", "proxy")(value)
    for proxy in proxies:
        try:
            ip_network(proxy, strict=False)
        except ValueError:
            raise ArgumentError(
                f"ServerLimits.trusted_proxies: {proxy!r:.60} is no address nor network"
            ) from None
    return proxies


def _limit(default: Any, help: str) -> Any:
    return field(default=default, validator=_above_zero, metadata={"help": help})


def _listed(option: str, metavar: str, help: str) -> dict[str, str]:
    """A list field's metadata: its option is given once an item, ``--option METAVAR``."""
    return {"help": help, "option": option, "metavar": metavar}


@frozen(kw_only=True)
class ServerLimits:
    """The server's limits. The defaults suit a small public server on two cores; every one
    is an option of ``tigeuph serve`` (see ``docs/server.rst``, "Limits")."""

    body: int = _limit(16_384, "bytes in a request body (413 beyond)")
    json_depth: int = _limit(16, "levels of nesting in a request body's JSON (422 beyond)")
    actions: int = _limit(2_000, "actions in a game: a game that reaches it is stopped")
    record: int = _limit(
        200_000, "characters in a game's record: a game whose record would pass it is stopped"
    )
    agent_workers: int = _limit(
        1, "agent moves computed at once, each in a process of its own, apart from the requests"
    )
    agent_queue: int = _limit(
        256, "games waiting for an agent's move; a game with agents is refused beyond (503)"
    )
    agent_queue_per_client: int = _limit(
        4,
        "games of one client waiting for an agent's move; its next game with agents is "
        "refused beyond (429), and its moves are thought in turn with other clients'",
    )
    agent_seconds: float = _limit(
        2.0, "seconds an agent may think over one move; a search is cut to it"
    )
    agent_games: bool = _limit(False, "allow games with no person in them (agents only)")
    client_seeds: bool = _limit(
        False, "let clients choose a game's seed, and so its deal (tests, tournaments)"
    )
    creations: int = _limit(20, "games one client may create per minute (429 beyond)")
    advice: int = _limit(
        240, "explanations and hints one client may ask for per minute (429 beyond)"
    )
    live_games: int = _limit(500, "games not yet over, at most, of all clients (503 beyond)")
    live_games_per_client: int = _limit(
        10, "games not yet over that one client has created, at most (429 beyond)"
    )
    stored_games: int = _limit(
        20_000, "games kept in the database; the oldest finished ones are deleted beyond"
    )
    unplayed_after: float = _limit(
        10 * _MINUTE,
        "seconds after which a game in which no person has played is deleted (agents' "
        "moves do not count; a game of agents alone is never unplayed)",
    )
    abandon_after: float = _limit(
        _DAY, "seconds without an action after which an unfinished game is deleted"
    )
    keep_finished: float = _limit(30 * _DAY, "seconds a finished game is kept, then deleted")
    streams: int = _limit(
        2_000, "event streams and long polls open at once, of all clients (503 beyond)"
    )
    streams_per_game: int = _limit(32, "event streams and long polls open on one game (503 beyond)")
    streams_per_client: int = _limit(
        32, "event streams and long polls one client holds open at once (429 beyond)"
    )
    # Each converter is named here, so that mypy's attrs plugin takes a list as a tuple.
    external_agents: tuple[str, ...] = field(
        default=(),
        converter=_commands,
        metadata=_listed(
            "--external-agent",
            "COMMAND",
            "a bot program seats may name as external:COMMAND, or external:N for the N-th one "
            "listed, the name the API shows (docs/protocol.rst); repeat for each; none by default",
        ),
    )
    allow_origins: tuple[str, ...] = field(
        default=(),
        converter=_origins,
        metadata=_listed(
            "--allow-origin",
            "ORIGIN",
            "an origin (https://example.org) whose pages may use the API from their visitors' "
            "browsers (CORS) and change state; repeat for each; none by default: a browser's "
            "request that changes state from another page than the server's own is refused (403)",
        ),
    )
    trusted_proxies: tuple[str, ...] = field(
        default=(),
        converter=_networks,
        metadata=_listed(
            "--trust-proxy",
            "ADDRESS",
            "the address (or network) of a reverse proxy whose X-Forwarded-For names the client; "
            "repeat for each; none by default: the header is ignored",
        ),
    )


def limit_fields() -> tuple[Attribute[Any], ...]:
    """:class:`ServerLimits`' fields, each with its default and its ``help``."""
    return tuple(fields(ServerLimits))
