"""The engine behind the site's live pages (:mod:`tigeuph.web`, issue 39), in native Python
through the one JSON entry point the browser's worker calls: a casebook panel plays an edited
case and marks each check, tries an action from its last position; a game against the players
runs to its end, with hint, explain and undo, and leaves a record that ``tigeuph verify``
accepts."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tigeuph import GAMES, casebook, web

WAR = "wars/rulebook-war-second-war-vanishes"
TRAVEL = "babel/actions/travel"


class Page:
    """One page's session, called as the worker calls it."""

    def __init__(self) -> None:
        self.session = web.Session()

    def answer(self, call: str, **args: Any) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(
            self.session.handle(json.dumps({"call": call, "args": args}))
        )
        return answer

    def __call__(self, call: str, **args: Any) -> Any:
        answer = self.answer(call, **args)
        assert answer["ok"], answer
        return answer["result"]


def halves(name: str) -> tuple[str, str]:
    case = casebook.case_named(name)
    assert case.path is not None
    return casebook.halves(case.path.read_text("utf-8"))


@pytest.mark.parametrize("name", [WAR, TRAVEL])
def test_a_case_runs_with_every_state_drawn_and_every_check_marked(name: str) -> None:
    """The panel's run: the position and each state after an action drawn (no inline style),
    each action explained, each check passed, the last position's legal moves listed."""
    page = Page()
    position, lines = halves(name)
    shown = page("run", position=position, lines=lines)
    trial = casebook.run(casebook.case_named(name))
    assert shown["verdict"] == "passed" and shown["failed"] == 0
    assert shown["passed"] == len(trial.checks)
    assert len(shown["states"]) == len(trial.steps) + 1
    assert [s["step"]["action"] for s in shown["states"][1:]] == [s.text for s in trial.steps]
    assert all(
        s["picture"].startswith("<svg") and "<style" not in s["picture"] for s in shown["states"]
    )
    assert all(s["step"]["explain"] for s in shown["states"][1:])
    marked = [c for s in shown["states"] for c in s["checks"]]
    assert len(marked) == len(trial.checks) and all(c["ok"] for c in marked)
    legal = {str(a) for a in trial.game.legal_actions(trial.state)}
    assert {m["action"] for m in shown["board"]["moves"]} == legal


def test_an_edited_expectation_is_marked_failed() -> None:
    """An expectation the reader changes so that it no longer holds is marked failed, with what
    the state has instead; the others still pass."""
    page = Page()
    position, lines = halves(WAR)
    shown = page("run", position=position, lines=lines.replace("g3 k0", "g4 k0", 1))
    assert shown["verdict"] == "failed" and shown["failed"] == 1
    (failed,) = [c for s in shown["states"] for c in s["checks"] if not c["ok"]]
    assert failed["line"] == "points 0 = r0 b0 g4 k0"
    assert "got r0 b0 g3 k0" in failed["failure"]


def test_text_that_is_no_case_is_an_error_not_a_crash() -> None:
    """A position that cannot be read, or an action that is no notation, says so."""
    page = Page()
    position, lines = halves(WAR)
    broken = page("run", position="tigeuph position\nrules: players=9", lines=lines)
    assert broken["verdict"] == "error" and "position" in broken["problem"]
    bad = page("run", position=position, lines="play: zz9")
    assert bad["verdict"] == "error" and "zz9" in bad["problem"]
    assert page.answer("nonsense")["ok"] is False
    assert page.answer("run", position=1)["ok"] is False


def test_an_action_tried_on_the_last_board_is_explained_and_added() -> None:
    """An action picked on the last position is explained there; adding it appends a play
    line, and in a case that expects a refusal it takes the refused action's place."""
    page = Page()
    position, lines = halves(TRAVEL)
    shown = page("run", position=position, lines=lines)
    first = shown["board"]["moves"][0]["action"]
    tried = page("try", action=first)
    assert tried["legal"] and tried["explain"].startswith("Legal")
    extended = page("extend", position=position, lines=lines, action=first)["lines"]
    assert extended.endswith(f"play: {first}") and "expect-error" not in extended
    again = page("run", position=position, lines=extended)
    assert again["verdict"] == "passed"
    assert [s["step"]["action"] for s in again["states"][1:]] == [">A", first]


def test_a_cell_of_the_main_game_lists_its_actions() -> None:
    """The main game's board is clicked on a grid; each move names its cell, or none."""
    page = Page()
    position, lines = halves(WAR)
    shown = page("run", position=position, lines=lines)
    board = shown["board"]
    assert board["grid"]["rows"] == 11 and board["grid"]["columns"].startswith("ABC")
    cells = {m["cell"] for m in board["moves"]}
    assert None in cells and any(cell and re.fullmatch(r"[A-P]\d+", cell) for cell in cells)


def _finish(page: Page, shown: dict[str, Any]) -> dict[str, Any]:
    while shown["waiting"]:
        if shown["waiting"] == "you":
            shown = page("play", action=shown["moves"][-1]["action"])
        else:
            assert shown["thinking"]
            shown = page("step")
    return shown


@pytest.mark.parametrize(
    ("game", "seats", "settings"),
    [
        ("tigris", ["greedy", "human", "random"], {"buildings": True}),
        ("babel", ["human", "greedy"], {}),
    ],
)
def test_a_whole_game_against_the_players_leaves_a_record_verify_accepts(
    tmp_path: Path, game: str, seats: list[str], settings: dict[str, Any]
) -> None:
    """A game dealt with a commitment, played to its end (or its stop) against the players,
    whose record ``tigeuph verify`` accepts with the commitment shown at the start."""
    page = Page()
    shown = page("start", game=game, seats=seats, settings=settings)
    commitment = shown["commitment"]
    assert re.fullmatch(r"[0-9a-f]{64}", commitment)
    assert shown["human"] == seats.index("human")
    assert shown["picture"].startswith("<svg")
    shown = _finish(page, shown)
    assert shown["over"] or shown["stopped"]
    record = page("record")
    if shown["over"]:  # each seat's score told as the game tells it, the tie-break named
        state = GAMES[game].records.record_from_text(record["text"]).state
        told = {row["seat"]: row["score_text"] for row in shown["ranking"]}
        assert told == {n: GAMES[game].presentation.score_text(state, n) for n in told}
        assert sorted(told) == list(range(len(seats)))
    path = tmp_path / record["name"]
    path.write_text(record["text"], "utf-8")
    verified = subprocess.run(
        [sys.executable, "-m", "tigeuph", "verify", str(path), "--commitment", commitment],
        capture_output=True,
        text=True,
        check=False,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert GAMES[game].records.record_from_text(record["text"]).actions


def test_hint_explain_and_undo_answer_as_at_the_terminal() -> None:
    """A hint names an action and what it does; explain words a legal and an illegal action;
    undo takes back the person's action and the players' answers."""
    page = Page()
    shown = page("start", game="tigris", seats=["human", "greedy"], seed=7)
    hint = page("hint")
    assert hint["hint"].startswith(f"hint: {hint['action']},")
    assert page("explain", action=hint["action"])["explain"].startswith("Legal")
    assert "rE1" in page("explain", action="rE1")["explain"]
    refused = page("play", action="rE1")
    assert refused["refused"].startswith("You cannot play rE1")
    shown = page("play", action=hint["action"])
    while shown["waiting"] == "you":
        shown = page("play", action=page("hint")["action"])
    mine = shown["actions"]
    while shown["waiting"] == "player":
        shown = page("step")
    assert shown["actions"] > mine and shown["can_undo"]
    undone = page("undo")
    assert undone["actions"] == mine - 1 and undone["note"].startswith("Took back")
    while undone["can_undo"]:
        undone = page("undo")
    assert undone["actions"] == 0 and page.answer("undo")["ok"] is False


def test_the_pictures_are_drawn_with_the_aids_chosen() -> None:
    """Each game lists the aids its pictures draw; a game dealt with some draws them, the call
    ``aids`` changes them for the pictures to come, and a name the game does not draw is an
    error, the aids left as they were."""
    page = Page()
    listed = {game["name"]: game["aids"] for game in page("games")}
    assert listed == {name: dict(GAMES[name].presentation.aids) for name in GAMES}
    shown = page("start", game="tigris", seats=["human", "greedy"], seed=7, aids=["kingdoms"])
    assert shown["aids"] == ["kingdoms"] and 'class="aid kingdoms"' in shown["picture"]
    shown = page("aids", aids=["sites", "strengths"])
    assert shown["aids"] == ["strengths", "sites"]  # in the order the game offers them
    assert 'class="aid kingdoms"' not in shown["picture"]
    assert 'class="aid strengths"' in shown["picture"]
    refused = page.answer("aids", aids=["kingdoms", "towers"])
    assert refused["ok"] is False and "draws no aid 'towers'" in refused["error"]
    assert page("shown")["aids"] == ["strengths", "sites"]
    assert (
        page.answer("start", game="babel", seats=["human", "random"], aids=["sites"])["ok"] is False
    )


def test_a_page_seats_only_its_own_players() -> None:
    """One person, and the random, greedy or search players: no bot program, no second
    person, no seat count the game does not take."""
    page = Page()
    for seats in (["human", "external:node bot.js"], ["human", "human"], ["human"]):
        answer = page.answer("start", game="tigris", seats=seats)
        assert answer["ok"] is False
    assert page.answer("start", game="babel", seats=["human", "mcts:iterations=20"])["ok"]


def test_warm_runs_what_a_first_click_waits_for() -> None:
    """``warm`` plays a little of every game: it raises nothing."""
    web.warm()


def test_the_site_server_sends_the_engines_types(tmp_path: Path) -> None:
    """``tigeuph docs --serve`` serves a built site with the types a browser insists on for the
    engine's files: ``.mjs`` as JavaScript, ``.wasm`` as WebAssembly."""
    import threading
    import urllib.request

    from tigeuph.cli.docs import serve_site

    for name in ("index.html", "worker.mjs", "pyodide.asm.wasm", "tigeuph.whl"):
        (tmp_path / name).write_bytes(b"x")
    server = serve_site(tmp_path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        types = {}
        for name in ("worker.mjs", "pyodide.asm.wasm", "tigeuph.whl"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{name}", timeout=30) as answer:
                types[name] = answer.headers["Content-Type"]
        assert types == {
            "worker.mjs": "text/javascript",
            "pyodide.asm.wasm": "application/wasm",
            "tigeuph.whl": "application/zip",
        }
    finally:
        server.shutdown()
        server.server_close()


def test_the_docs_command_needs_a_checkout_or_a_built_site(tmp_path: Path) -> None:
    """Outside a checkout, ``tigeuph docs`` says what it needs, in one line (exit 2)."""
    for args in (["--source", str(tmp_path)], ["--serve", "--no-build", "--source", str(tmp_path)]):
        done = subprocess.run(
            [sys.executable, "-m", "tigeuph", "docs", *args],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2
        assert done.stderr.startswith("tigeuph: error: ") and "tigeuph docs" in done.stderr
