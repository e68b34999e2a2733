"""``tigeuph render`` for every game: each kind of file of each game is found by what it says
and drawn by its game's ``picture``; ``--move`` and ``--player`` work the same in both."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers.svg import SVG

import tigeuph
from tigeuph import GAMES
from tigeuph.cli import main
from tigeuph.games import AnyGame, Record

BABEL = GAMES["babel"]


def played(game: AnyGame, seed: int, actions: int) -> Record:
    record: Record = game.records.new_record(2, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions(record.state)
        if not legal:
            break
        record.play(rng.choice(legal))
    return record


@pytest.fixture(scope="module")
def babel_game() -> Record:
    return played(BABEL, 11, 60)


@pytest.fixture
def files(tmp_path: Path, babel_game: Record) -> dict[str, Path]:
    state = babel_game.state
    written = {
        "record": babel_game.to_record(),
        "json-record": babel_game.to_json(),
        "position": BABEL.to_text(state),
        "state": BABEL.state_to_json(state),
        "view": BABEL.view_to_json(BABEL.view(state, 1)),
    }
    out = {}
    for kind, text in written.items():
        out[kind] = tmp_path / f"{kind}.{'json' if text.startswith('{') else 'txt'}"
        out[kind].write_text(text)
    return out


def render(tmp_path: Path, *argv: str) -> ET.Element:
    out = tmp_path / "out.svg"
    assert main(["render", *argv, "-o", str(out)]) == 0
    return ET.parse(out).getroot()


def cards(root: ET.Element) -> set[tuple[str, str, str]]:
    """``(seat, location, nation letters of the column)`` of every column drawn."""
    out = set()
    for column in root.iter(f"{SVG}g"):
        if column.get("class") == "column":
            letters = "".join(
                c.get("class", "").split()[1]
                for c in column
                if c.get("class", "").startswith("card ")
            )
            out.add((column.get("data-seat", ""), column.get("data-location", ""), letters))
    return out


def columns(position: object) -> set[tuple[str, str, str]]:
    sides = getattr(position, "sides", ())
    return {
        (str(seat), location, "".join(card.value for card in side.columns[i]))
        for seat, side in enumerate(sides)
        for i, location in enumerate("HAPMS")
    }


def text_of(root: ET.Element, kind: str) -> list[str]:
    return [n.text or "" for n in root.iter(f"{SVG}text") if n.get("class") == kind]


@pytest.mark.parametrize("kind", ["record", "json-record", "position", "state", "view"])
def test_render_reads_every_kind_of_babel_file(
    kind: str, files: dict[str, Path], tmp_path: Path, babel_game: Record
) -> None:
    """A Babel record, text or JSON, a position, a state or a view is drawn as Babel: every
    column of the position, card by card."""
    root = render(tmp_path, str(files[kind]))
    assert root.get("class") == "tigeuph-babel"
    assert cards(root) == columns(babel_game.state)


def test_render_a_move_of_a_babel_record_names_its_last_action(
    files: dict[str, Path], tmp_path: Path, babel_game: Record
) -> None:
    """--move N draws the position after N actions, the Nth action named; --move 0 names
    none."""
    for move in (1, 7, 30, len(babel_game.actions)):
        root = render(tmp_path, str(files["record"]), "--move", str(move))
        assert cards(root) == columns(babel_game.states[move])
        (caption,) = text_of(root, "last-action")
        assert caption.endswith(f"({babel_game.actions[move - 1]})")
    assert text_of(render(tmp_path, str(files["json-record"]), "--move", "0"), "last-action") == []


def test_render_for_a_babel_player_hides_the_other_hand(
    files: dict[str, Path], tmp_path: Path, babel_game: Record
) -> None:
    """--player N draws only what seat N may see: his own hand card by card, the other's as
    a count; without it, a state's picture shows both hands."""
    root = render(tmp_path, str(files["position"]), "--player", "0")
    seats = {n.get("data-seat") for n in root.iter() if n.get("class", "").startswith("hand-cards")}
    assert seats <= {"0"}
    other = sum(babel_game.state.sides[1].hand)
    assert text_of(root, "hand-count") == [f"{other} card{'s' * (other != 1)}, unseen"]
    assert text_of(root, "status-line")[0].startswith("Seat 0's view. ")
    whole = render(tmp_path, str(files["position"]))
    assert text_of(whole, "hand-count") == []


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["{position}", "--move", "3"], "--move needs a game record"),
        (["{record}", "--move", "999"], "--move 999: the game has moves 0 to"),
        (["{position}", "--player", "2"], "--player 2: the game has seats 0 to 1"),
        (["{view}", "--player", "0"], "the file already is a player's view"),
    ],
)
def test_bad_babel_input_is_one_line_and_status_2(
    argv: list[str],
    says: str,
    files: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A wrong option for the file is one line on standard error and status 2."""
    args = [a.format(**{k: str(v) for k, v in files.items()}) for a in argv]
    assert main(["render", *args, "-o", str(tmp_path / "x.svg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_a_record_naming_an_unknown_game_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose Game tag names no game of the library is one line of error."""
    path = tmp_path / "chess.txt"
    path.write_text('[Game "chess"]\n\n1. e4\n')
    assert main(["render", str(path), "-o", str(tmp_path / "x.svg")]) == 2
    assert "chess" in capsys.readouterr().err


def test_no_coordinates_leaves_out_the_board_s_letters_and_babel_s_indices(
    files: dict[str, Path], tmp_path: Path
) -> None:
    """--no-coordinates leaves out what the notation counts by: the main game's column letters
    and row numbers, Babel's card indices."""
    tigris = tmp_path / "tigris.txt"
    tigris.write_text(GAMES["tigris"].to_text(GAMES["tigris"].new_game(2, seed=3)))
    for path, kind in ((tigris, "coordinates"), (files["position"], "card-index")):
        drawn = [n for n in render(tmp_path, str(path)).iter() if n.get("class") == kind]
        bare = render(tmp_path, str(path), "--no-coordinates")
        assert drawn and not [n for n in bare.iter() if n.get("class") == kind]


def test_a_leader_moved_on_the_board_gets_an_arrow(tmp_path: Path) -> None:
    """At a move of a main-game record where a leader moved from cell to cell, the picture
    draws the move as an arrow, as before the games shared the command."""
    tigris = GAMES["tigris"]
    record = played(tigris, 5, 80)
    path = tmp_path / "game.txt"
    path.write_text(record.to_record())
    moves = [
        i + 1
        for i, (before, action) in enumerate(zip(record.states, record.actions, strict=False))
        if tigeuph.svg.leader_arrows(before, action)
    ]
    assert moves, "no leader moved across the board in 80 actions"
    for move in (moves[0], moves[0] - 1):
        arrows = [
            n
            for n in render(tmp_path, str(path), "--move", str(move)).iter()
            if n.get("class") == "arrow"
        ]
        assert bool(arrows) == (move in moves)


# --- --animate ---------------------------------------------------------------------------------


def _captions(page: str) -> list[list[Any]]:
    found = re.search(r'<script id="captions" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    captions: list[list[Any]] = json.loads(found.group(1).replace("<\\/", "</"))
    return captions


def _frames(page: str) -> list[ET.Element]:
    """The pictures of an animation page, in order."""
    found = re.findall(r'<template id="f(\d+)">(.*?)</template>', page, re.S)
    assert [int(n) for n, _ in found] == list(range(len(found)))
    return [ET.fromstring(picture) for _, picture in found]


@pytest.mark.parametrize("name", ["tigris", "babel"])
def test_animate_steps_through_every_move_with_its_events(name: str, tmp_path: Path) -> None:
    """--animate to .html writes a page with a frame per point of the game, from its start,
    each captioned with its move, its action and what the action did as an onlooker knows it,
    the action's cells marked (the main game's, by the action's notation)."""
    game = GAMES[name]
    record = played(game, 7, 40)
    path = tmp_path / "game.txt"
    path.write_text(record.to_record())
    out = tmp_path / "game.html"
    assert main(["render", str(path), "--animate", "-o", str(out)]) == 0
    page = out.read_text()
    captions, frames = _captions(page), _frames(page)
    actions = record.actions
    assert len(captions) == len(frames) == len(actions) + 1
    events = getattr(record, "events", ())
    for move, action in enumerate(actions, 1):
        title, told = captions[move]
        assert title == f"Move {move} of {len(actions)}: {action}"
        assert told == [e.public().text() for e in events[move - 1]]
    if name == "tigris":
        for move, action in enumerate(actions, 1):
            cells = set(tigeuph.names(tigeuph.svg.action_cells(action)))
            marked = {
                n.get("data-cell") for n in frames[move].iter() if n.get("class") == "highlight"
            }
            assert cells <= marked, (move, action)


def test_animate_for_a_player_tells_him_his_own_draws(tmp_path: Path) -> None:
    """--animate --player N captions each move as that seat knows it: his own draws by colour,
    the others' as counts."""
    record = played(GAMES["tigris"], 9, 30)
    path = tmp_path / "game.txt"
    path.write_text(record.to_record())
    out = tmp_path / "seat1.html"
    assert main(["render", str(path), "--animate", "--player", "1", "-o", str(out)]) == 0
    captions = _captions(out.read_text())
    assert isinstance(record, tigeuph.Game)
    for move, events in enumerate(record.events, 1):
        assert captions[move][1] == [e.seen_by(1).text() for e in events]
    public = [[e.public().text() for e in events] for events in record.events]
    assert [told for _, told in captions[1:]] != public  # his draws tell him more


def test_animate_to_svg_shows_each_frame_in_its_turn(tmp_path: Path) -> None:
    """--animate to .svg writes one SVG whose frames each appear --delay seconds after the
    one before, with their captions, the first shown before any animation runs."""
    record = played(GAMES["tigris"], 7, 12)
    path = tmp_path / "game.txt"
    path.write_text(record.to_record())
    out = tmp_path / "game.svg"
    assert main(["render", str(path), "--animate", "--delay", "0.5", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    frames = [n for n in root if n.get("class") == "frame"]
    assert len(frames) == len(record.actions) + 1
    assert [f.get("display") for f in frames] == ["inline"] + ["none"] * len(record.actions)
    starts = [
        float(s.get("begin", "").rstrip("s")) for f in frames[1:] for s in f if s.tag == f"{SVG}set"
    ]
    assert starts == [0.5 * move for move in range(1, len(frames))]
    for move, frame in enumerate(frames[1:], 1):
        caption = "".join(
            n.text or "" for n in frame.iter(f"{SVG}text") if n.get("class") == "caption-line"
        )
        assert f"Move {move} of" in caption


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["{position}", "--animate"], "--animate needs a game record"),
        (["{record}", "--animate", "--move", "3"], "leave out --move"),
        (["{record}", "--animate", "--delay", "0"], "--delay 0"),
        (["{record}", "--animate", "--player", "5"], "--player 5"),
    ],
)
def test_bad_animate_input_is_one_line_and_status_2(
    argv: list[str],
    says: str,
    files: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--animate refuses a position, --move, a delay of nothing and a seat the game lacks,
    and writes only .html or .svg."""
    args = [a.format(**{k: str(v) for k, v in files.items()}) for a in argv]
    assert main(["render", *args, "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err
    assert main(["render", str(files["record"]), "--animate", "-o", str(tmp_path / "x.png")]) == 2
    assert ".html or .svg" in capsys.readouterr().err


def test_animate_for_a_player_never_shows_anothers_exchange(tmp_path: Path) -> None:
    """An exchange's colours are its player's secret (spec R4): --animate --player 1 names seat
    0's exchange in no caption and no frame, and draws each frame as the frame of a game whose
    exchange had other colours; seat 0's own animation names his colours."""

    def animated(exchange: str, player: int) -> tuple[list[list[Any]], list[str]]:
        game = tigeuph.Game.new(2, seed=9)
        for text in (exchange, "pass", "pass"):
            game.play(tigeuph.parse_action(text))
        path = tmp_path / f"{exchange}-{player}.txt"
        path.write_text(game.to_record())
        out = tmp_path / f"{exchange}-{player}.html"
        assert (
            main(["render", str(path), "--animate", "--player", str(player), "-o", str(out)]) == 0
        )
        page = out.read_text()
        templates = re.findall(r'<template id="f\d+">(.*?)</template>', page, re.S)
        return _captions(page), templates

    hand = tigeuph.new_game(2, seed=9).hands[0]
    letters = "".join(c.letter * n for c, n in zip(tigeuph.Colour, hand, strict=True))
    mine, other = f"~{letters[:2]}", f"~{letters[-2:]}"
    assert mine != other
    captions, frames = animated(mine, 1)
    assert captions[1][0] == "Move 1 of 3: seat 0's exchange, hidden from seat 1"
    assert not any(
        mine in json.dumps(caption) or mine in frame
        for caption, frame in zip(captions, frames, strict=True)
    )
    assert (captions, frames) == animated(other, 1)
    assert animated(mine, 0)[0][1][0] == f"Move 1 of 3: {mine}"
