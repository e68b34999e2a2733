"""A game joins the library with one ``GAMES.register`` (issue 38): the registry refuses what is
no game or a name taken, in one line, and finds Nim's states, views, records and positions."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import tigeuph
from tigeuph.core.interface.facts import CAPABILITIES
from tigeuph.games import AnyGame, game_of, game_of_position, game_of_record

from .game import NIM, TITLE, Nim


def test_nim_is_registered_and_implements_no_capability_of_its_own(nim: AnyGame) -> None:
    """Nim is the required interface alone: every capability is the interface's default."""
    assert tigeuph.GAMES["nim"] is nim is NIM
    assert list(tigeuph.GAMES)[-1] == "nim"
    assert nim.facts.own == frozenset()
    assert all(name not in vars(Nim) for name in CAPABILITIES)


def test_a_game_is_found_by_its_states_views_records_and_positions(nim: AnyGame) -> None:
    state = nim.new_game(3, seed=2)
    record = nim.records.new_record(3, seed=2)
    assert game_of(state) is game_of(nim.view(state, 1)) is game_of(record) is nim
    assert game_of_record(record.to_record()) is game_of_record(record.to_json()) is nim
    assert game_of_position(nim.to_text(state)) is nim


def test_what_is_no_game_or_a_taken_name_is_refused_in_one_line(nim: AnyGame) -> None:
    with pytest.raises(tigeuph.ArgumentTypeError, match=r"^register: int is no game"):
        tigeuph.GAMES.register(3)
    with pytest.raises(tigeuph.ArgumentError, match=r"^register: a game named 'nim' is already"):
        tigeuph.GAMES.register(Nim())
    babel = tigeuph.GAMES["babel"]
    with pytest.raises(tigeuph.ArgumentError, match=r"^register: a game named 'babel'"):
        tigeuph.GAMES.register(babel)


def _renamed(
    name: str, position_title: str = TITLE, record_format: str = "tigeuph-nim-record"
) -> Nim:
    class Renamed(Nim):
        pass

    facts = Nim.facts
    Renamed.facts = attrs.evolve(
        facts, name=name, position_title=position_title, record_format=record_format
    )
    return Renamed()


@pytest.mark.parametrize(
    ("game", "refusal"),
    [
        (_renamed("Nim2"), "a game's name is 1 to 32 a-z, not 'Nim2'"),
        (_renamed("nimble"), "nimble's position_title 'nim position' is nim's already"),
        (
            _renamed("misere", position_title="misere position"),
            "misere's record_format 'tigeuph-nim-record' is nim's already",
        ),
    ],
)
def test_a_game_that_would_make_lookups_ambiguous_is_refused(game: Nim, refusal: str) -> None:
    with pytest.raises(tigeuph.ArgumentError, match=f"^register: {re.escape(refusal)}$"):
        tigeuph.GAMES.register(game)
    assert set(tigeuph.GAMES) == {"tigris", "babel", "nim"}


def test_a_game_registered_for_a_block_leaves_after_it() -> None:
    other = _renamed(
        "misere", position_title="misere position", record_format="tigeuph-misere-record"
    )
    with tigeuph.GAMES.registered(other) as game:
        assert tigeuph.GAMES["misere"] is game is other
        assert game.facts.record_format == "tigeuph-misere-record"
    assert "misere" not in tigeuph.GAMES
    with pytest.raises(tigeuph.ArgumentError, match=r"^unregister: unknown game 'misere'"):
        tigeuph.GAMES.unregister("misere")
    with pytest.raises(tigeuph.ArgumentError, match=r"^unregister: tigris is the default game"):
        tigeuph.GAMES.unregister("tigris")


def test_the_architecture_page_gives_nims_size() -> None:
    """``docs/architecture.rst`` says how large the worked example of a game is: within a tenth
    of ``tests/nim/game.py``'s lines."""
    here = Path(__file__).parent
    page = (here.parent.parent / "docs" / "architecture.rst").read_text(encoding="utf-8")
    stated = re.search(r"is the worked example: about ([0-9,]+) lines", page)
    assert stated is not None
    lines = len((here / "game.py").read_text(encoding="utf-8").splitlines())
    assert abs(int(stated[1].replace(",", "")) - lines) <= lines / 10
