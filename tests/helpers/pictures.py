"""The pictures the documentation shows, drawn as the documentation draws them: the gallery
(``docs/gallery.py``) and the casebook's boards (``docs/_ext/casebook_boards.py``)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from helpers import scenario
from helpers.paths import ROOT

__all__ = ["casebook", "gallery", "gallery_module"]


def _module(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def gallery_module() -> Any:
    """``docs/gallery.py``, loaded as a module."""
    return _module("gallery", ROOT / "docs" / "gallery.py")


def gallery() -> dict[str, str]:
    """The gallery's pictures by file stem."""
    pictures: dict[str, str] = gallery_module().pictures()
    return pictures


def casebook() -> dict[str, str]:
    """Every board of the main game's casebook pages, named by case and caption."""
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        boards = importlib.import_module("casebook_boards")
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    out = {}
    for path in scenario.all_scenarios():
        for board in boards.boards(scenario.read(path)):
            out[f"{path.stem}: {board.caption}"] = board.picture
    return out
