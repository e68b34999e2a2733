"""The gallery cannot go stale (issue 40): the pictures committed under ``docs/pictures/`` are
the ones ``docs/gallery.py`` draws from the engine now, each file byte for byte."""

from __future__ import annotations

import pytest
from helpers.paths import DOCS
from helpers.pictures import gallery


@pytest.mark.slow
def test_the_committed_gallery_is_what_the_engine_draws() -> None:
    """Every picture of the gallery, main game's and Babel's, matches its committed file, and
    no committed file is left over; after a change to the pictures, ``python docs/gallery.py``
    writes them again."""
    drawn = gallery()
    committed = {path.stem: path for path in (DOCS / "pictures").glob("*.svg")}
    assert set(committed) == set(drawn)
    stale = [
        name for name, picture in drawn.items() if committed[name].read_text() != picture + "\n"
    ]
    assert stale == [], "run python docs/gallery.py"
