"""``.. command-help::``: the ``tigeuph`` command's own ``--help``, for it and each subcommand.

The help is asked of ``tigeuph.cli.main`` when the page is built, so the reference never
drifts from the program. A subcommand the arena or another extra needs but cannot load is a
build warning.
"""

from __future__ import annotations

import contextlib
import io
import os
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

log = logging.getLogger(__name__)


def help_text(argv: list[str]) -> str:
    """What ``tigeuph *argv* --help`` prints, 88 columns wide."""
    from tigeuph.cli import main

    out = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            main([*argv, "--help"])
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return out.getvalue().rstrip()


def commands() -> list[str]:
    """The subcommands, in the order ``tigeuph --help`` lists them."""
    from tigeuph.cli import parser
    from tigeuph.cli.tools import TOOLS

    top = parser()
    names: list[str] = []
    for action in top._subparsers._group_actions if top._subparsers else ():
        names += [name for name in getattr(action, "choices", {}) if name not in names]
    return names + [name for name in TOOLS if name not in names]


class CommandHelp(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for argv in [[], *([name] for name in commands())]:
            title = " ".join(["tigeuph", *argv])
            try:
                text = help_text(argv)
            except Exception as err:  # a subcommand that cannot load is the page's problem
                log.warning("%s --help failed: %r", title, err, location=self.get_location())
                continue
            if not text:
                log.warning("%s --help printed nothing", title, location=self.get_location())
            section = nodes.section(ids=[nodes.make_id(f"command {title}")])
            section += nodes.title(title, title)
            section += nodes.literal_block(text, text, language="text")
            out.append(section)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("command-help", CommandHelp)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
