"""Every figure the pages quote is the one measured: docs/figures.json (written by the
benchmarks, benchmarks/figures.py) holds each figure with the page and words that quote it and
the range its last measurement gave, on the machine it names.

A speed or a size quoted lies in its measured range, give or take the rounding of "about"
(10%); a time a page promises is never less than the last measurement took.
"""

from __future__ import annotations

import json
from typing import Any, Final

import pytest
from helpers.paths import DOCS, ROOT

DATA: Final[dict[str, Any]] = json.loads((DOCS / "figures.json").read_text(encoding="utf-8"))
FIGURES: Final[dict[str, dict[str, Any]]] = DATA["figures"]
ROUNDING: Final = 0.10


def _words(text: str) -> str:
    return " ".join(text.split())


def test_each_figure_names_its_machine_its_date_and_how_it_was_measured() -> None:
    for name, figure in FIGURES.items():
        assert figure["machine"] and figure["date"] and figure["by"], name
        low, high = figure["measured"]
        assert 0 <= low <= high, name
        assert figure["kind"] in {"speed", "size", "time"}, name


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_page_quotes_the_figure_in_its_words(name: str) -> None:
    figure = FIGURES[name]
    page = _words((ROOT / figure["page"]).read_text(encoding="utf-8"))
    assert _words(figure["quoted"]) in page, f"{figure['page']} no longer says {figure['quoted']!r}"
    assert f"{figure['says']:,}" in figure["quoted"], name


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_quoted_figure_is_the_measured_one(name: str) -> None:
    figure = FIGURES[name]
    says, (low, high) = figure["says"], figure["measured"]
    if figure["kind"] == "time":
        assert says >= high, (
            f"{name}: the page promises {says} {figure['unit']}, the last run took {high}"
        )
    else:
        assert low * (1 - ROUNDING) <= says <= high * (1 + ROUNDING), (
            f"{name}: {says} not in {low}-{high}"
        )
