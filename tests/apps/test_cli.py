"""The ``tigeuph`` command line: each subcommand through ``tigeuph.cli.main``, bad input as one
line on standard error."""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers.cli import one_error_line

import tigeuph
import tigeuph.core.stops
from tigeuph.cli import main, parser


@pytest.fixture(scope="module")
def game() -> tigeuph.Game:
    g = tigeuph.Game.new(3, seed=5, tags={"Date": "2025-01-31"})
    rng = random.Random(2)
    for _ in range(60):
        g.play(rng.choice(tigeuph.legal_actions(g.state)))
    return g


@pytest.fixture
def files(tmp_path: Path, game: tigeuph.Game) -> dict[str, Path]:
    out = {
        "record": tmp_path / "game.txt",
        "json-record": tmp_path / "game.json",
        "position": tmp_path / "position.txt",
        "state": tmp_path / "state.json",
        "view": tmp_path / "view.json",
    }
    out["record"].write_text(game.to_record())
    out["json-record"].write_text(game.to_json())
    out["position"].write_text(tigeuph.to_text(game.state))
    out["state"].write_text(tigeuph.state_to_json(game.state))
    out["view"].write_text(tigeuph.view_to_json(tigeuph.view(game.state, 1)))
    return out


def classes(svg_file: Path) -> list[tuple[str, str | None]]:
    root = ET.parse(svg_file).getroot()
    return [(n.get("class", ""), n.get("data-cell")) for n in root.iter()]


@pytest.mark.parametrize("kind", ["record", "json-record", "position", "state", "view"])
def test_render_reads_every_kind_of_file(
    kind: str, files: dict[str, Path], tmp_path: Path, game: tigeuph.Game
) -> None:
    """render draws positions, views and records, text or JSON, as SVG."""
    out = tmp_path / "out.svg"
    assert main(["render", str(files[kind]), "-o", str(out)]) == 0
    tiles = {cell for kind_, cell in classes(out) if kind_.startswith(("tile ", "building "))}
    assert tiles == set(tigeuph.names(game.state.face_up))


def test_render_a_move_of_a_record_marks_its_last_action(
    files: dict[str, Path], tmp_path: Path, game: tigeuph.Game
) -> None:
    """render --move N draws the position after N actions with the Nth action's cells marked."""
    out = tmp_path / "out.svg"
    for move in range(1, 30):
        assert main(["render", str(files["record"]), "--move", str(move), "-o", str(out)]) == 0
        marked = {cell for kind, cell in classes(out) if kind == "highlight"}
        expected = set(tigeuph.names(tigeuph.svg.action_cells(game.actions[move - 1])))
        assert marked == expected


def test_render_for_a_player_hides_the_other_hands(
    files: dict[str, Path], tmp_path: Path, game: tigeuph.Game
) -> None:
    """render --player N draws only what seat N may see: his hand, the others' counts."""
    out = tmp_path / "out.svg"
    assert main(["render", str(files["position"]), "--player", "2", "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    seats = {n.get("data-seat") for n in root.iter() if n.get("class", "").startswith("hand-tile")}
    assert seats == {"2"}
    counts = [n.text for n in root.iter() if n.get("class") == "hand-count"]
    assert counts == [f"{sum(game.state.hands[s])} tiles in hand" for s in (0, 1)]


def test_render_png_without_the_extra_is_one_clear_line(
    files: dict[str, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """render -o x.png without cairosvg exits 2 with one line naming the png extra."""
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    assert main(["render", str(files["position"]), "-o", str(tmp_path / "x.png")]) == 2
    assert "tigeuph[png]" in one_error_line(capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["render", "{position}", "-o", "{tmp}/x.gif"],
        ["render", "{tmp}/missing.txt", "-o", "{tmp}/x.svg"],
        ["render", "{position}", "--move", "3", "-o", "{tmp}/x.svg"],
        ["render", "{record}", "--move", "999", "-o", "{tmp}/x.svg"],
        ["render", "{position}", "--player", "7", "-o", "{tmp}/x.svg"],
        ["explain", "{position}", "qq"],
        ["explain", "{view}", "pass"],
        ["replay", "{position}"],
        ["play", "--seats", "human", "--no-record"],
        ["play", "--players", "2", "--seats", "human,human,human", "--no-record"],
        ["play", "--board", "{tmp}/nope.json", "--seats", "human,human", "--no-record"],
        ["play", "--seats", "human,nobody", "--no-record"],
        ["play", "--variant", "bogus"],
        ["play", "--players", "5"],
        ["play", "--seats", "random,random", "--max-actions", "0", "--no-record"],
        ["play", "--game", "babel", "--players", "3", "--no-record"],
        ["play", "--game", "babel", "--variant", "wonder", "--seats", "random,random"],
        ["render", "{position}"],
        ["frobnicate"],
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad files, options and actions give one line on standard error and exit status 2."""
    filled = [a.format(tmp=tmp_path, position=files["position"], record=files["record"],
                       view=files["view"]) for a in argv]  # fmt: skip
    assert main(filled) == 2
    one_error_line(capsys)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "babel", "--board", "advanced", "--seats", "random,random"],
        ["play", "--game", "babel", "--variant", "wonder", "--seats", "random,random"],
        ["arena", "--game", "babel", "--agents", "random", "--board", "advanced"],
        ["arena", "--game", "babel", "--agents", "random", "--variant", "wonder"],
        ["simulate", "--game", "babel", "--board", "advanced", "--quiet"],
    ],
)
def test_a_rule_option_the_game_lacks_is_refused_naming_what_it_takes(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The rules options come from the games: the main game's --board and --variant given to
    Babel are one line saying that Babel has no variants and what it is played with."""
    assert main([*argv, "--no-record"] if argv[0] == "play" else argv) == 2
    err = one_error_line(capsys)
    assert "Babel has no variants: it is played by its own rules alone, for 2 players" in err
    assert "rules must be None" not in err


def test_the_main_games_rule_options_make_its_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--board and --variant make the main game's rules, as its record's Rules tag says."""
    record = tmp_path / "game.txt"
    argv = ["play", "--seats", "random,random", "--seed", "3", "--max-actions", "2"]
    argv += ["--board", "advanced", "--variant", "wonder,open-scoring", "--record", str(record)]
    assert main([*argv, "--delay", "0"]) == 0
    assert '[Rules "players=2 board=advanced wonder open-scoring"]' in record.read_text(
        encoding="utf-8"
    )
    assert main(["play", "--variant", "towers"]) == 2
    assert (
        "unknown switch 'towers' (the switches are english-reinforcement" in capsys.readouterr().err
    )


def test_play_stops_a_stalled_game_and_saves_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Agents that always pass stall a watched game (spec D8): play says so in one line, stops,
    saves the record with its Termination tag and exits 0."""
    record = tmp_path / "stalled.txt"
    passer = "helpers.agent_examples:passer"
    argv = ["play", "--seats", f"{passer},{passer},{passer}", "--seed", "4", "--delay", "0"]
    assert main([*argv, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert (
        "The game has stalled: for 3 whole rounds nothing but points changed, or a turn began "
        "for the 4th time in the same position (spec D8). It stops here; the record keeps it."
        in " ".join(out.split())
    )
    assert f"record saved to {record}" in out
    game = tigeuph.Game.from_record(record.read_text())
    assert game.stopped is tigeuph.core.stops.Stop.STALLED and len(game.actions) == 9


def test_play_without_a_seed_deals_from_63_secure_bits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No --seed: each game is dealt from a secure 63-bit seed (a seed below a million could be
    found by a player trying seeds against his own tiles), kept in its record."""
    seeds = []
    for run in range(2):
        record = tmp_path / f"game{run}.txt"
        argv = ["play", "--seats", "random,random", "--delay", "0", "--max-actions", "3"]
        assert main([*argv, "--record", str(record)]) == 0
        seeds.append(tigeuph.Game.from_record(record.read_text()).seed)
    capsys.readouterr()
    assert seeds[0] != seeds[1]
    assert all(seed is not None and 10**6 <= seed < 2**63 for seed in seeds)


@pytest.mark.slow
def test_play_into_a_pipe_wraps_no_line() -> None:
    """``tigeuph play > file`` keeps each line whole: a seat's line with its hand is one line
    however long, not cut at 80 columns mid-field."""
    tigeuph_script = str(Path(sys.executable).with_name("tigeuph"))
    argv = [tigeuph_script, "play", "--seats", "greedy,greedy,greedy", "--seed", "11"]
    done = subprocess.run(
        [*argv, "--delay", "0", "--no-record", "--max-actions", "40"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
        env={**os.environ, "COLUMNS": "80", "TERM": "xterm"},
    )
    seats = [line for line in done.stdout.splitlines() if re.match(r"[* ] seat \d ", line)]
    assert seats and all(re.search(r"hand [a-zKLX ]+$", line.rstrip()) for line in seats)
    assert max(map(len, done.stdout.splitlines())) > 80


def test_play_stops_at_max_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--max-actions stops a watched game there, its record kept (action-limit)."""
    record = tmp_path / "bounded.txt"
    argv = ["play", "--seats", "random,random", "--seed", "3", "--delay", "0", "--max-actions"]
    assert main([*argv, "12", "--record", str(record)]) == 0
    assert "reached its bound of 12 actions" in capsys.readouterr().out
    game = tigeuph.Game.from_record(record.read_text())
    assert game.stopped is tigeuph.core.stops.Stop.ACTION_LIMIT and len(game.actions) == 12


def test_explain_says_why(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    """explain prints explain() in words; exit 0 when legal, 1 when illegal."""
    assert main(["explain", str(files["position"]), "rE1"]) == 1
    assert capsys.readouterr().out.startswith(
        "Illegal (R11): rE1: a red tile never goes on a river"
    )
    assert main(["explain", str(files["position"]), "pass"]) == 0
    assert capsys.readouterr().out.startswith("Legal (R5, R7).")


def test_replay_prints_every_move(
    files: dict[str, Path], game: tigeuph.Game, capsys: pytest.CaptureFixture[str]
) -> None:
    """replay --all shows every position of the record from --move to its end."""
    assert main(["replay", str(files["record"]), "--all", "--move", "50"]) == 0
    out = capsys.readouterr().out
    for move in range(51, 61):
        assert f"move {move}: seat" in out and str(game.actions[move - 1]) in out
    assert out.count("     A  B  C") == 11


def test_tools_run_as_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    """soak, bench, simulate and arena run as subcommands with their own options."""
    assert main(["soak", "--games", "2"]) == 0
    assert "violations: 0" in capsys.readouterr().out
    assert main(["bench", "--games", "1", "--players", "2"]) == 0
    assert "actions/s" in capsys.readouterr().out
    assert main(["simulate", "--games", "2", "--players", "2", "--variant", "wonder"]) == 0
    assert "wonder" in capsys.readouterr().out
    assert main(["arena", "--agents", "random,random", "--games", "2"]) == 0
    assert "random" in capsys.readouterr().out


def test_python_dash_m_runs_the_command() -> None:
    """python -m tigeuph is the tigeuph command."""
    done = subprocess.run(
        [sys.executable, "-m", "tigeuph", "--help"], capture_output=True, text=True, check=True
    )
    commands = ("play", "render", "explain", "replay", "verify", "simulate", "arena", "soak")
    for command in (*commands, "bench"):
        assert f"    {command} " in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("tool", ["simulate", "bench", "arena"])
def test_the_tools_run_as_modules(tool: str) -> None:
    """python -m tigeuph.tools.<tool> runs the tool, naming itself in its usage."""
    done = subprocess.run(
        [sys.executable, "-m", f"tigeuph.tools.{tool}", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.startswith(f"usage: python -m tigeuph.tools.{tool}")


def test_help_is_written_for_people() -> None:
    """Every subcommand's help is plain words: no markup, no issue numbers."""
    top = parser()
    texts = [top.format_help()]
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [sub.format_help() for sub in action.choices.values()]
    for text in texts:
        assert "``" not in text and "issue" not in text.lower() and ":class:" not in text
