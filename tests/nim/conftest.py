"""Nim registered for each test module of this folder, and taken out again after it: the
registry's public API, as a user's game would join (:meth:`tigeuph.GAMES.registered`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tigeuph
from tigeuph.games import AnyGame

from .game import NIM


@pytest.fixture(scope="module", autouse=True)
def nim() -> Iterator[AnyGame]:
    with tigeuph.GAMES.registered(NIM) as game:
        yield game
