"""``tigeuph serve --db games.sqlite``: the game server and the browser board."""

from __future__ import annotations

import argparse
from typing import Any

from ..server.limits import ServerLimits, limit_fields

__all__ = ["add", "limits_from", "run"]

DESCRIPTION = """\
Serve games over HTTP and the browser board at http://HOST:PORT/ : people play in the browser
(each seat with its own secret link), agents play their seats on the server, in processes of
their own. Games are kept in the SQLite file given by --db. Listens on 127.0.0.1 (this machine
only) unless --host says otherwise. Every limit below bounds what a stranger can make the
server do; the defaults suit a small public server. Needs the server extra
(pip install 'tigeuph[server]')."""


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


def _shown(default: Any) -> str:
    return f"{default:,g}" if default != int(default) else f"{int(default):,}"


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand."""
    parser = commands.add_parser(
        "serve", help="serve games and the browser board over HTTP", description=DESCRIPTION
    )
    parser.add_argument(
        "--db",
        default="games.sqlite",
        help="the SQLite file holding the games (default games.sqlite)",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    limits = parser.add_argument_group("limits (tigeuph.server.ServerLimits)")
    for limit in limit_fields():
        text = limit.metadata["help"]
        if isinstance(limit.default, bool):
            limits.add_argument(_option(limit.name), action="store_true", help=text)
        elif isinstance(limit.default, tuple):  # --external-agent COMMAND, once an item
            limits.add_argument(
                limit.metadata["option"],
                dest=limit.name,
                action="append",
                default=[],
                metavar=limit.metadata["metavar"],
                help=text,
            )
        else:
            kind = type(limit.default)
            limits.add_argument(
                _option(limit.name),
                type=kind,
                default=limit.default,
                metavar="SECONDS" if kind is float else "N",
                help=f"{text} (default {_shown(limit.default)})",
            )
    parser.set_defaults(run=run)


def limits_from(args: argparse.Namespace) -> ServerLimits:
    """The :class:`ServerLimits` the options ask for."""
    return ServerLimits(**{limit.name: getattr(args, limit.name) for limit in limit_fields()})


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from ..server import serve

    serve(args.db, host=args.host, port=args.port, limits=limits_from(args))
    return 0
