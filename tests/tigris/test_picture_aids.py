"""The aids (issue 40): kingdoms tinted under the tiles, each leader's strength on him, the
cells that would join two kingdoms, the squares where a monument could stand; each off by
default, each hiding no piece, each a flag of ``tigeuph render``."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.coverage import worst
from helpers.games import random_game
from helpers.svg import SVG, parse

import tigeuph
from tigeuph import svg
from tigeuph.cli import main
from tigeuph.tigris.model.cells import cells_of
from tigeuph.tigris.model.regions import kingdoms, region


def aid(picture: str, kind: str) -> dict[str, str]:
    """The cells of the aid elements of class *kind*, with their text."""
    return {
        n.get("data-cell", ""): "".join(n.itertext())
        for n in parse(picture).iter()
        if n.get("class") == kind
    }


@pytest.fixture(scope="module")
def crowded() -> tigeuph.GameState:
    """A 3-player position with several kingdoms and squares of one colour."""
    return next(
        after
        for seed in range(40)
        for _, _, after in random_game(3, seed, prefer_tiles=0.8)
        if after.pending is None
        and sum(map(bool, (c for row in after.leaders for c in row))) >= 6
        and any(
            (layer >> c & 1) and (layer >> (c + 1) & 1) for layer in after.tiles for c in range(150)
        )
    )


def test_aids_are_off_by_default_and_hide_no_piece(crowded: tigeuph.GameState) -> None:
    plain = svg.board(crowded)
    assert not any(n.get("class", "").startswith("aid") for n in parse(plain).iter())
    every = svg.board(crowded, kingdoms=True, strengths=True, unions=True, sites=True)
    assert worst(every) <= 0.05


def test_each_leader_shows_his_strength_in_a_war(crowded: tigeuph.GameState) -> None:
    picture = svg.board(crowded, strengths=True)
    occupied = crowded.flipped | sum(crowded.tiles)
    occupied |= sum(1 << c for row in crowded.leaders for c in row if c is not None)
    expected = {
        tigeuph.cell_name(at): str((region(1 << at, occupied) & crowded.tiles[colour]).bit_count())
        for row in crowded.leaders
        for colour, at in enumerate(row)
        if at is not None
    }
    assert aid(picture, "aid strength") == expected


def test_kingdoms_are_tinted_under_the_pieces(crowded: tigeuph.GameState) -> None:
    picture = svg.board(crowded, kingdoms=True)
    occupied = crowded.flipped | sum(crowded.tiles)
    leaders = sum(1 << c for row in crowded.leaders for c in row if c is not None)
    cells = {
        tigeuph.cell_name(c) for k in kingdoms(occupied | leaders, leaders) for c in cells_of(k)
    }
    assert set(aid(picture, "aid kingdom")) == cells
    order = [n.get("class", "") for n in parse(picture).iter(f"{SVG}g")]
    assert order.index("aid kingdoms") < order.index("pieces")


def test_render_draws_the_aids_for_the_main_game_only(
    tmp_path: Path, crowded: tigeuph.GameState
) -> None:
    position = tmp_path / "position.txt"
    position.write_text(tigeuph.to_text(crowded))
    out = tmp_path / "out.svg"
    assert main(["render", str(position), "--strengths", "--kingdoms", "-o", str(out)]) == 0
    drawn = out.read_text()
    assert 'class="aid strength"' in drawn and 'class="aid kingdom"' in drawn
    babel = tmp_path / "babel.txt"
    babel.write_text(tigeuph.GAMES["babel"].to_text(tigeuph.GAMES["babel"].new_game(2, seed=1)))
    assert main(["render", str(babel), "--sites", "-o", str(out)]) != 0
