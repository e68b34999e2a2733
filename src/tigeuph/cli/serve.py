"""``tigeuph serve --db games.sqlite``: the game server and the browser board."""

from __future__ import annotations

import argparse

__all__ = ["add", "run"]

DESCRIPTION = """\
Serve games over HTTP and the browser board at http://HOST:PORT/ : people play in the browser
(each seat with its own secret link), agents play their seats on the server. Games are kept in
the SQLite file given by --db. Listens on 127.0.0.1 (this machine only) unless --host says
otherwise. Needs the server extra (pip install 'tigeuph[server]')."""


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
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from ..server import serve

    serve(args.db, host=args.host, port=args.port)
    return 0
