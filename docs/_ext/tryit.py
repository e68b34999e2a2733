"""The live pages: the engine laid out with the site, and their scripts on the pages that use it.

When an HTML build starts, ``tryit_build`` lays out what a browser needs to run the engine
(Pyodide from its npm package, the standard library and the wheels, compiled) from its cache;
when the build ends, those files are copied to ``_static/tryit/runtime/`` beside the scripts of
``docs/_static/tryit/`` (the worker, the casebook's panel, the board), so the built site runs
the engine from its own files, offline, from any static file server. Each casebook page gets
the panel's script and the board page (``play``) the board's; other pages get nothing.

A build that cannot lay the engine out (no npm or node, no network on a first build) warns:
the pages are written, their panels say the engine could not start.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import tryit_build
from sphinx.application import Sphinx
from sphinx.util import logging

log = logging.getLogger(__name__)

RUNTIME = "_static/tryit/runtime"
"""Where the engine's files go in the built site."""
STAGED = tryit_build.CACHE / "runtime"
"""Where the engine is laid out before the build copies it."""


def lay_out(app: Sphinx) -> None:
    """Lay the engine out in the cache (HTML builds only)."""
    app.env.tryit_ready = False  # type: ignore[attr-defined]
    if app.builder.format != "html":
        return
    try:
        files = tryit_build.build(STAGED)
    except tryit_build.BuildError as err:
        log.warning("the live pages' engine could not be laid out: %s", err)
        return
    app.env.tryit_ready = True  # type: ignore[attr-defined]
    size = sum(f.stat().st_size for f in files)
    log.info("tryit: the engine's %d files, %s bytes", len(files), f"{size:,}")


def copy_runtime(app: Sphinx, exception: Exception | None) -> None:
    """Copy the engine into the built site, file by file where it changed."""
    if exception is not None or app.builder.format != "html" or not STAGED.is_dir():
        return
    out = Path(app.outdir) / RUNTIME
    out.mkdir(parents=True, exist_ok=True)
    wanted = {path.name for path in STAGED.iterdir()}
    for stale in out.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    for path in STAGED.iterdir():
        target = out / path.name
        same = target.exists() and target.stat().st_size == path.stat().st_size
        if not same or target.stat().st_mtime < path.stat().st_mtime:
            shutil.copy2(path, target)


def scripts(
    app: Sphinx, docname: str, template: str, context: dict[str, Any], doctree: Any
) -> None:
    """The panel's script on the casebook's pages, the board's on the board's page."""
    if docname.startswith("casebook/"):
        app.add_js_file("tryit/panel.mjs", type="module")
        app.add_css_file("tryit/tryit.css")
    elif docname == "play":
        app.add_js_file("tryit/board.mjs", type="module")
        app.add_css_file("tryit/tryit.css")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", lay_out)
    app.connect("html-page-context", scripts)
    app.connect("build-finished", copy_runtime)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
