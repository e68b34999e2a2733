"""``tigeuph docs [--serve]``: build the documentation site from a checkout, and serve it.

The site is static: its live pages (the casebook's "try it" panels, the board that needs no
server) run the engine in the reader's browser, from the site's own files. Any static file
server serves it; this one is Python's, with the types a browser insists on for the engine's
files (``.mjs`` as JavaScript, ``.wasm`` as WebAssembly), on this machine only by default.
"""

from __future__ import annotations

import argparse
import functools
import subprocess
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ..core.errors import TigeuphError

__all__ = ["SiteHandler", "add", "run", "serve_site"]

DESCRIPTION = """\
Build the documentation site from a checkout of tigeuph (its docs/ folder; the docs extra:
pip install -e '.[docs]'), into docs/_build/html; with --serve, then serve it at
http://HOST:PORT/ until interrupted. The first build fetches Pyodide (6.5 MB) from the npm
registry for the live pages, which needs npm and node; later builds use the cache. The built
site works offline from any static file server; it does not work opened as files."""


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``docs`` subcommand."""
    parser = commands.add_parser(
        "docs", help="build the documentation site, and serve it", description=DESCRIPTION
    )
    parser.add_argument("--serve", action="store_true", help="serve the site once built")
    parser.add_argument(
        "--no-build", action="store_true", help="serve the site as last built, without building"
    )
    parser.add_argument(
        "--source", type=Path, default=Path(), help="the checkout (default: this folder)"
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.set_defaults(run=run)


class SiteHandler(SimpleHTTPRequestHandler):
    """Python's static file handler, with the engine's types, revalidating every file."""

    extensions_map = {  # noqa: RUF012 - the handler's own table, extended
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        return


def serve_site(site: Path, host: str = "127.0.0.1", port: int = 8000) -> ThreadingHTTPServer:
    """A server of the static *site* at *host*:*port* (port 0: any free one), not yet serving.

    Raises:
        TigeuphError: *site* holds no built site.
    """
    if not (site / "index.html").is_file():
        raise TigeuphError(f"{site} holds no built site: build it with tigeuph docs")
    handler = functools.partial(SiteHandler, directory=str(site))
    return ThreadingHTTPServer((host, port), handler)


def _build(source: Path, out: Path) -> None:
    if not (source / "docs" / "conf.py").is_file():
        raise TigeuphError(
            f"{source.resolve()} is no checkout of tigeuph (no docs/conf.py): run tigeuph docs "
            "in one, or give --source; an installed tigeuph has no documentation sources"
        )
    try:
        import sphinx  # noqa: F401
    except ImportError:
        raise TigeuphError(
            "building the documentation needs sphinx: pip install -e '.[docs]'"
        ) from None
    print("building the documentation into docs/_build/html (a minute or two)...", flush=True)
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html"]
    command += ["-d", str(source / "docs/_build/doctrees"), str(source / "docs"), str(out)]
    if subprocess.run(command, check=False).returncode != 0:
        raise TigeuphError("the documentation did not build (its messages are above)")


def run(args: argparse.Namespace) -> int:
    """Build the site (unless ``--no-build``), then serve it with ``--serve``."""
    site = args.source / "docs" / "_build" / "html"
    if not args.no_build:
        _build(args.source, site)
        print(f"built: {site}")
    if not args.serve:
        return 0
    server = serve_site(site, args.host, args.port)
    print(f"serving {site} at http://{args.host}:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
    return 0
