"""The project's folders, found from this file: the tests read the docs, the examples and their
own data through these, not through paths of their own."""

from __future__ import annotations

from pathlib import Path
from typing import Final

HELPERS: Final = Path(__file__).resolve().parent
"""tests/helpers/: the bots the tests run as programs live here."""
TESTS: Final = HELPERS.parent
TEST_DATA: Final = TESTS / "data"
ROOT: Final = TESTS.parent
DOCS: Final = ROOT / "docs"
EXAMPLES: Final = ROOT / "examples"
EXAMPLE_BOARDS: Final = EXAMPLES / "boards"
BENCHMARKS: Final = ROOT / "benchmarks"
