"""The aids (issue 40): kingdoms tinted under the tiles, each leader's strength on him, the
cells that would join two kingdoms, the squares where a monument could stand; each off by
default, each hiding no piece, each an aid of the main game's ``presentation`` (drawn by its
``picture``, refused by name when unknown) and so a flag of ``tigeuph render``."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.coverage import worst
from helpers.games import random_game
from helpers.svg import SVG, parse

import tigeuph
from tigeuph import GAMES, svg
from tigeuph.cli import main
from tigeuph.core.errors import ArgumentError, ArgumentTypeError
from tigeuph.tigris.model.cells import cells_of
from tigeuph.tigris.model.decisions import MonumentChoice
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


TIGRIS = GAMES["tigris"]
EVERY = ("kingdoms", "strengths", "unions", "sites")


def test_the_presentation_draws_each_aid_it_names(crowded: tigeuph.GameState) -> None:
    """The main game's presentation offers the four aids, each described; its picture draws
    the ones asked, as the board's keywords do, and none unless asked."""
    shown = TIGRIS.presentation
    assert tuple(shown.aids) == EVERY and all(shown.aids.values())
    plain = svg.board(crowded, size=None)
    assert shown.picture(crowded, aids=()) == shown.picture(crowded) == plain
    for name in EVERY:
        drawn = shown.picture(crowded, size=500, aids=[name])
        assert drawn == svg.board(crowded, size=500, **{name: True})  # type: ignore[arg-type]
        assert f'class="aid {name}"' in drawn
        others = {f'class="aid {other}"' for other in EVERY if other != name}
        assert not any(group in drawn for group in others)
    every = shown.picture(crowded, aids=EVERY)
    assert every == svg.board(
        crowded, size=None, kingdoms=True, strengths=True, unions=True, sites=True
    )


def test_an_aid_a_game_does_not_draw_is_refused() -> None:
    """A name no aid has is refused with the game's own aids named; a string is no list of
    names; Babel draws no aid at all, and says so."""
    state = TIGRIS.new_game(2, seed=1)
    with pytest.raises(ArgumentError, match=r"draws no aid 'kingdom' \(its aids: kingdoms, "):
        TIGRIS.presentation.picture(state, aids=["kingdom"])
    with pytest.raises(ArgumentTypeError, match="not 'sites'"):
        TIGRIS.presentation.picture(state, aids="sites")
    with pytest.raises(ArgumentTypeError, match="not int 3"):
        TIGRIS.presentation.picture(state, aids=[3])  # type: ignore[list-item]
    babel = GAMES["babel"]
    assert dict(babel.presentation.aids) == {}
    with pytest.raises(ArgumentError, match="Babel draws no aid 'sites' \\(it draws none\\)"):
        babel.presentation.picture(babel.new_game(2, seed=1), aids=["sites"])


@pytest.fixture(scope="module")
def monument_offered() -> tigeuph.GameState:
    """A 3-player position waiting for a monument's decision (its square a site), where a
    tile would join two kingdoms."""
    return next(
        after
        for _, _, after in random_game(3, 9, prefer_tiles=0.8)
        if isinstance(after.pending, MonumentChoice)
        and 'class="aid union"' in TIGRIS.presentation.picture(after, aids=["unions"])
    )


def test_a_views_aids_are_the_whole_states(monument_offered: tigeuph.GameState) -> None:
    """The aids are worked out from the board, which every seat sees whole: each seat's view
    draws them as the state does, so they tell nothing a view hides (spec R4)."""
    crowded = monument_offered
    whole = TIGRIS.presentation.picture(crowded, aids=EVERY, panel=False)
    marks = {kind: aid(whole, f"aid {kind}") for kind in ("kingdom", "strength", "union", "site")}
    assert all(marks.values())  # the position shows every aid
    for seat in range(crowded.players):
        seen = TIGRIS.presentation.picture(TIGRIS.view(crowded, seat), aids=EVERY, panel=False)
        assert {kind: aid(seen, f"aid {kind}") for kind in marks} == marks


def test_render_draws_the_games_aids_by_its_presentation(
    tmp_path: Path, crowded: tigeuph.GameState, capsys: pytest.CaptureFixture[str]
) -> None:
    """``render --strengths --kingdoms`` writes the game's picture with those aids, the
    flags' help says what each shows, and a game without that aid refuses the flag in one
    line naming the game."""
    position = tmp_path / "position.txt"
    position.write_text(tigeuph.to_text(crowded))
    out = tmp_path / "out.svg"
    assert main(["render", str(position), "--strengths", "--kingdoms", "-o", str(out)]) == 0
    drawn = TIGRIS.presentation.picture(crowded, size=600, aids=["kingdoms", "strengths"])
    assert out.read_text() == drawn + "\n"
    assert 'class="aid strength"' in drawn and 'class="aid kingdom"' in drawn
    assert main(["render", "--help"]) == 0
    told = " ".join(capsys.readouterr().out.split())
    for name, words in TIGRIS.presentation.aids.items():
        assert f"--{name} {words} (Tigris & Euphrates)" in told
    babel = tmp_path / "babel.txt"
    babel.write_text(GAMES["babel"].to_text(GAMES["babel"].new_game(2, seed=1)))
    assert main(["render", str(babel), "--sites", "-o", str(out)]) == 2
    refused = capsys.readouterr().err.strip()
    assert refused.endswith("--sites: Babel draws no such aid (it draws none)")


def test_an_animation_draws_the_aids_on_every_frame(tmp_path: Path) -> None:
    """``render --animate --strengths`` draws every move's picture with the strengths, a badge
    on each leader standing then; without the flag no frame has an aid."""
    game = tigeuph.Game.new(2, seed=3)
    for _, action, _ in random_game(2, 3):
        game.play(action)
        if len(game.actions) == 24:
            break
    record, out = tmp_path / "game.txt", tmp_path / "game.html"
    record.write_text(game.to_record())
    assert main(["render", str(record), "--animate", "--strengths", "-o", str(out)]) == 0
    page = out.read_text()
    standing = sum(c is not None for state in game.states for row in state.leaders for c in row)
    assert standing and page.count('class="aid strength"') == standing
    assert page.count('class="aid strengths"') == len(game.states)
    plain = tmp_path / "plain.html"
    assert main(["render", str(record), "--animate", "-o", str(plain)]) == 0
    assert 'class="aid ' not in plain.read_text()
