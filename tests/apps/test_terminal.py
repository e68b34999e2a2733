"""The terminal game (``tigeuph.terminal``): the board drawn cell by cell, what a player types,
and whole games played through the game loop."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers.games import every_switch, random_game
from helpers.terminal import console, printed_by, screen_grid
from rich.text import Text

import tigeuph
from tigeuph import GAMES, casebook
from tigeuph.core.stops import STALL_ROUNDS, Stop
from tigeuph.games import Record
from tigeuph.terminal import TerminalGame, help_text, read_input
from tigeuph.terminal.prompt import Command, Matches, group_actions
from tigeuph.tigris.describe.screen import action_kind, board_markup, players_markup
from tigeuph.tigris.model.cells import cell, cell_col, cell_name, cell_row

TIGRIS = GAMES["tigris"]
HELP = help_text(TIGRIS.presentation.notation_help())


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def notation(state: tigeuph.GameState) -> dict[str, str]:
    """Cell name to token of position notation's board diagram."""
    rows = tigeuph.to_text(state).split("\n\n")[1].splitlines()[1:]
    out = {}
    for line in rows:
        tokens = line.split()
        for col, token in enumerate(tokens[1:]):
            out[f"{'ABCDEFGHIJKLMNOP'[col]}{tokens[0]}"] = token
    return out


def covered(state: tigeuph.GameState) -> dict[str, str]:
    """The monuments' and the wonder's cells, with the token the terminal draws there."""
    out = {}
    for site in state.monuments:
        a, b = site.monument.colours
        r, c = cell_row(site.corner), cell_col(site.corner)
        for dr, dc, colour in ((0, 0, a), (0, 1, b), (1, 0, b), (1, 1, a)):
            out[cell_name(cell(r + dr, c + dc))] = "m" + colour.letter
    if state.wonder is not None:
        r, c = cell_row(state.wonder.centre), cell_col(state.wonder.centre)
        for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            out[cell_name(cell(r + dr, c + dc))] = "W"
    return out


def test_the_board_reads_like_position_notation() -> None:
    """Each cell shows position notation's token; monuments show m and a colour, the wonder W."""
    states = [after for _, _, after in random_game(3, 3, every_switch(3), prefer_tiles=0.6)]
    for state in states[::20]:
        drawn = screen_grid(plain(board_markup(state)))
        expected = notation(state)
        for name, token in covered(state).items():
            shown = drawn[name].rstrip("$")
            assert shown == token, name
            expected[name] = drawn[name]
        assert drawn == expected


def test_players_of_a_view_show_only_what_the_viewer_may_see() -> None:
    """A view's lines show the viewer's hand and points, the others' hand sizes and '?'."""
    state = tigeuph.new_game(3, seed=4)
    text = plain(players_markup(tigeuph.view(state, 1))).splitlines()
    assert "hand" in text[1] and "r?" not in text[1]
    for seat in (0, 2):
        assert "6 tiles in hand" in text[seat] and "r?" in text[seat]


def test_reading_input() -> None:
    """Commands, complete actions, a unique beginning, and unfinished or bad text."""
    legal = tigeuph.legal_actions(tigeuph.new_game(2, seed=7))
    parse = tigeuph.parse_action
    assert read_input("?", legal, parse) == Command("help")
    assert read_input("explain rE5", legal, parse) == Command("explain", "rE5")
    assert read_input("  ", legal, parse) == Command("board")
    assert read_input("pa", legal, parse) == tigeuph.parse_action("pass")
    assert read_input("rE1", legal, parse) == parse("rE1")  # read; legality is later
    found = read_input("rE", legal, parse)
    assert isinstance(found, Matches) and found.actions
    assert all(str(a).startswith("rE") for a in found.actions)
    nothing = read_input("zz", legal, parse)
    assert isinstance(nothing, Matches) and not nothing.actions and "zz" in nothing.reason


def _grouped(lines: list[str]) -> dict[str, tuple[int, list[str], int]]:
    """Each line of :func:`group_actions` read back: its kind, count, actions named and how
    many more (``pass`` alone is its own kind)."""
    out = {}
    for line in lines:
        if ":" not in line:
            out[line] = (1, [line], 0)
            continue
        head, named = line.split(": ")
        label, count = head.rsplit(maxsplit=1)
        words = named.split()
        more = int(words[-2]) if words[-1] == "more" else 0
        out[label] = (int(count), words[:-3] if more else words, more)
    return out


def test_legal_actions_are_grouped_by_kind_the_commonest_first() -> None:
    """A line per kind in words, the kinds players use most first (tiles, leaders, then
    catastrophes, exchanges and pass), each with its count and six actions named and how many
    more, or every one when asked; within a kind, those the terminal puts first lead."""
    shown = TIGRIS.presentation
    state = tigeuph.new_game(2, seed=7)
    legal = tigeuph.legal_actions(state)
    lines = group_actions(legal, shown.action_kind, shown.kinds_by_use)
    groups = _grouped(lines)
    assert list(groups) == sorted(groups, key=shown.kinds_by_use.index)
    assert list(groups)[:3] == ["green tile", "black tile", "red tile"]
    assert list(groups)[-3:] == ["catastrophe", "exchange", "pass"]
    named = [str(a) for a in legal]
    for label, (count, actions, more) in groups.items():
        of_kind = [str(a) for a in legal if action_kind(a) == label]
        assert count == len(of_kind) == len(actions) + more
        assert actions == of_kind[: len(actions)] and len(actions) <= 7
    assert groups["red tile"][1][:2] == ["rA1", "rB1"] and groups["red tile"][2] == 119
    every = _grouped(group_actions(legal, action_kind, shown.kinds_by_use, every=True))
    assert sorted(a for _, actions, _ in every.values() for a in actions) == sorted(named)
    scoring = group_actions(legal, action_kind, first=lambda a: str(a) in ("rF4", "kF4"))
    assert _grouped(scoring)["red tile"][1][0] == "rF4"
    babel = GAMES["babel"]
    start = babel.apply(babel.new_game(2, seed=2), babel.parse_action(">H"))
    kinds = list(
        _grouped(
            group_actions(
                babel.legal_actions(start),
                babel.presentation.action_kind,
                babel.presentation.kinds_by_use,
            )
        )
    )
    assert kinds.index("colonise") < kinds.index("travel")


def _scoring_turn() -> Record:
    """A game of random moves played until seat 0 is to move and a tile of his would score."""
    record: Record = TIGRIS.records.new_record(2, seed=3)
    rng = random.Random(3)

    def scores(state: tigeuph.GameState) -> bool:
        tiles = [a for a in TIGRIS.legal_actions(state) if isinstance(a, tigeuph.PlaceTile)]
        return any("scores you" in TIGRIS.presentation.gains(state, a) for a in tiles)

    while record.state.to_move != 0 or not scores(record.state):
        record.play(rng.choice(TIGRIS.legal_actions(record.state)))
    return record


def test_legal_lists_by_kind_or_every_one_and_the_turn_names_gainful_actions_first() -> None:
    """At the terminal the turn's list and ``legal`` sum the legal actions up by kind, ``legal
    all`` names every one, ``legal K`` those beginning K; the actions named first in each
    kind gain something (a tile that scores or joins a leader, never rA1 by default)."""
    record = _scoring_turn()
    state, legal = record.state, TIGRIS.legal_actions(record.state)
    typed, screen = ["legal", "legal all", "legal K", "quit"], console(width=2000)

    def ask(prompt: str) -> str:
        screen.print("<asked>")
        return typed.pop(0)

    TerminalGame(record, ["human", "greedy"], console=screen, ask=ask).run()
    text = printed_by(screen)
    turn, summary, every, kings, _ = text.split("<asked>\n")
    listed = turn.split("your legal actions (? for help, legal all for every one):\n")[1]
    assert listed.splitlines() == summary.splitlines()
    groups = _grouped([line.strip() for line in summary.splitlines()])
    assert sum(count for count, _, _ in groups.values()) == len(legal)
    gainful = [str(a) for a in legal if TIGRIS.presentation.gains(state, a)]
    for label, (_, named, _) in groups.items():
        of_kind = [a for a in gainful if action_kind(tigeuph.parse_action(a)) == label]
        assert named[: len(of_kind)] == of_kind[: len(named)], label
    assert any(
        gains.startswith("scores you")
        for gains in map(
            lambda a: TIGRIS.presentation.gains(state, tigeuph.parse_action(a)),
            [a for _, named, _ in groups.values() for a in named],
        )
    )
    all_named = _grouped([line.strip() for line in every.splitlines()])
    assert not any(more for _, _, more in all_named.values())
    assert sorted(a for _, actions, _ in all_named.values() for a in actions) == sorted(
        str(a) for a in legal
    )
    assert kings.split() == [str(a) for a in legal if str(a).startswith("K")]


def scripted(
    table: list[TerminalGame], rng: random.Random, typed: list[str]
) -> Callable[[str], str]:
    """An ask() that first tries commands and slips, then plays random legal actions."""
    extras = ["?", "legal K", "explain rE1", "explain", "zz", "rE1", "undo", "board", "r", "hint"]

    def ask(prompt: str) -> str:
        game = table[0].game
        if not prompt.startswith("seat "):
            line = ""  # "take the seat and press Enter"
        elif extras:
            line = extras.pop(0)
        else:
            line = str(rng.choice(tigeuph.legal_actions(game.state)))
        typed.append(line)
        return line

    return ask


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_people_play_a_whole_game(players: int) -> None:
    """People at one screen play a whole game through the loop, slips and commands included."""
    rng, typed = random.Random(players), list[str]()
    game = tigeuph.Game.new(players, seed=players)
    out = console()
    table: list[TerminalGame] = []
    table.append(
        TerminalGame(game, ["human"] * players, console=out, ask=scripted(table, rng, typed))
    )
    finished = table[0].run()
    assert finished.state.is_over and finished is game
    text = printed_by(out)
    assert "take the seat" not in text  # asked through ask(), never printed by the loop
    assert HELP.splitlines()[0] in text
    assert "undo works only when every other seat is a computer" in text
    assert "Illegal (R11)" in text and "'zz' is not an action" in text
    assert "legal actions begin 'r': rA1" in text
    assert "a greedy player would play " in text
    assert "rank 1: seat" in text
    again = tigeuph.Game.from_record(finished.to_record())
    assert again.states == finished.states


def test_end_of_input_quits_and_keeps_the_game() -> None:
    """When input ends, the game stops where it was, every action kept."""
    lines = iter(["rA1", "pass"])
    game = tigeuph.Game.new(2, seed=9)

    def ask(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    TerminalGame(game, ["human", "human"], console=console(), ask=ask).run()
    assert not game.state.is_over and [str(a) for a in game.actions][-1:] == ["pass"]


def test_a_person_who_passes_with_a_passing_agent_stalls_the_game() -> None:
    """A person and an agent passing for three whole rounds stall the game (spec D8), counted
    again after an undo: the loop stops it and says so."""
    lines = iter(["pass", "pass", "undo", "pass", "pass", "pass"])
    game = tigeuph.Game.new(2, seed=9)
    out = console()

    def ask(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    TerminalGame(game, ["human", "helpers.agent_examples:passer"], console=out, ask=ask).run()
    assert game.stopped is Stop.STALLED
    assert len(game.actions) == 2 * STALL_ROUNDS and next(lines) == "pass"  # one left unread
    assert "The game has stalled: for 3 whole rounds" in printed_by(out)


def test_a_watched_game_is_the_game_agents_play() -> None:
    """With no person seated the terminal plays the game tigeuph.play plays from the seed, and
    prints each action."""
    from tigeuph.agents import make_agent
    from tigeuph.terminal import play_in_terminal

    out = console()
    watched = play_in_terminal(["random", "random"], seed=3, console=out)
    played = tigeuph.play([make_agent("random"), make_agent("random")], seed=3)
    assert watched.actions == played.actions and watched.state.is_over
    assert printed_by(out).count("seat 0 (random): ") == sum(
        s.to_move == 0 for s in watched.states[:-1]
    )


def test_replay_steps_as_the_keys_say() -> None:
    """replay shows the positions the keys ask for: next, back, a move number, the end."""
    from tigeuph.terminal.replay import REPLAY_HELP, replay_in_terminal

    game = tigeuph.Game.new(2, seed=6)
    rng = random.Random(6)
    for _ in range(12):
        game.play(rng.choice(tigeuph.legal_actions(game.state)))
    keys = iter(["", "n", "b", "7", "e", "?", "s", "q"])
    out = console()
    replay_in_terminal(game, console=out, ask=lambda prompt: next(keys))
    shown = [
        line.split(":")[0] for line in printed_by(out).splitlines() if line.startswith("move ")
    ]
    assert shown == [
        "move 0",
        "move 1",
        "move 2",
        "move 1",
        "move 7",
        "move 12",
        "move 12",
        "move 0",
    ]
    assert REPLAY_HELP in printed_by(out)


# --- Babel, through the same terminal game -------------------------------------------------

BABEL = GAMES["babel"]


def test_a_person_plays_babel_with_help_explain_hint_and_undo() -> None:
    """The one terminal game plays Babel: its notation in the help, an explanation citing the
    rule, a slip, a refused action, a hint, an undo, then a whole game to its ranking."""
    record = BABEL.records.new_record(2, seed=0)
    rng, out = random.Random(5), console()
    first = ["?", "explain end", ">Q", "end", "hint", ">h"]
    played = 0

    def ask(prompt: str) -> str:
        nonlocal played
        if first:
            return first.pop(0)
        played += 1
        if played == 12:
            return "undo"
        return str(rng.choice(BABEL.legal_actions(record.state)))

    finished = TerminalGame(record, ["human", "greedy"], console=out, ask=ask).run()
    assert finished is record and record.state.is_over
    text = printed_by(out)
    assert help_text(BABEL.presentation.notation_help()) in text
    assert "Illegal (B8, the starting card on the first turn): end:" in text
    assert "'>Q' is not a Babel action" in text
    assert "a greedy player would play " in text
    assert str(record.actions[0]) == ">H"  # read in either case
    assert "took back " in text and "rank 1: seat" in text
    assert "your hand (seat 0)" in text and "your hand (seat 1)" not in text
    again = BABEL.records.record_from_text(record.to_record())
    assert again.states == record.states


def test_a_watched_babel_game_is_the_game_agents_play() -> None:
    """With no person seated the terminal plays the Babel game tigeuph.play plays."""
    from tigeuph.agents import make_agent
    from tigeuph.terminal import play_in_terminal

    out = console()
    watched = play_in_terminal(["random", "greedy"], game="babel", seed=3, console=out)
    agents = [make_agent("random", game="babel"), make_agent("greedy", game="babel")]
    played = tigeuph.play(agents, game="babel", seed=3)
    assert watched.actions == played.actions and watched.state.is_over
    assert printed_by(out).count("seat 1 (greedy): ") == sum(
        s.to_move == 1 for s in watched.states[:-1]
    )


def test_a_babel_game_stops_at_its_bound_on_actions() -> None:
    """max_actions stops any game, its record kept and the stop said."""
    from tigeuph.terminal import play_in_terminal

    out = console()
    game = play_in_terminal(["random", "random"], game="babel", seed=1, console=out, max_actions=7)
    assert len(game.actions) == 7 and not game.state.is_over
    assert "reached its bound of 7 actions" in printed_by(out)


def test_a_table_must_fit_the_game() -> None:
    """Babel seats two; the error says what the game takes."""
    from tigeuph.terminal import play_in_terminal

    with pytest.raises(tigeuph.TigeuphError, match="2 players, not 3"):
        play_in_terminal(["random"] * 3, game="babel", console=console())


def test_replay_steps_through_a_babel_record() -> None:
    """replay shows a Babel record's positions, as a seat saw them with --player."""
    from tigeuph.terminal.replay import replay_in_terminal

    record = BABEL.records.new_record(2, seed=6)
    rng = random.Random(6)
    for _ in range(10):
        record.play(rng.choice(BABEL.legal_actions(record.state)))
    keys = iter(["", "5", "e", "q"])
    out = console()
    replay_in_terminal(record, player=1, console=out, ask=lambda prompt: next(keys))
    text = printed_by(out)
    moves = [line.split(":")[0] for line in text.splitlines() if line.startswith("move ")]
    assert moves == ["move 0", "move 1", "move 5", "move 10"]
    mover = record.states[9].to_move
    who = f"seat {mover} (you)" if mover == 1 else f"seat {mover}"
    assert f"move 10: {who} played {record.actions[9]}" in text
    assert "your hand (seat 1)" in text and "your hand (seat 0)" not in text
    names = ["seat 0", "you"]
    told = [e.seen_by(1).text(names) for e in record.events[9]]
    for sentence in told or [
        f"{'You play' if mover == 1 else 'Seat 0 plays'} {record.actions[9]}."
    ]:
        assert sentence in text


@pytest.mark.parametrize("name", list(GAMES))
def test_each_game_describes_a_view_in_markup_marking_the_last_action(name: str) -> None:
    """A game's description is rich markup whose plain text names the viewer's seat; the last
    action changes what is drawn (its cells or its name marked)."""
    game = GAMES[name]
    record = game.records.new_record(game.facts.default_players, seed=2)
    rng = random.Random(2)
    for _ in range(6):
        record.play(rng.choice(game.legal_actions(record.state)))
    while str(record.actions[-1]) == "pass":  # marks no cell in the main game
        record.play(rng.choice(game.legal_actions(record.state)))
    seen = game.view(record.state, 1)
    last = record.actions[-1]
    marked, unmarked = game.presentation.describe(seen, last=last), game.presentation.describe(seen)
    assert f"seat {seen.player}" in plain(marked)
    assert marked != unmarked


def test_the_final_ranking_says_how_a_shared_score_was_broken() -> None:
    """The rule book's final count (spec R27): seats 1 and 2 both score 10 and are ranked by
    their next colours up, which their lines show; the winner's line says it plainly. With the
    winner's own score shared, the result line names the tie-break too."""
    case = casebook.case_named("end/rulebook-final-ranking")
    for winners_tied in (False, True):
        text = case.position
        if winners_tied:  # seat 3 now has 11 in its weakest colour, as seat 0
            text = text.replace("points=r4,b9,g9,k22", "points=r11,b11,g11,k11")
        game = tigeuph.Game(tigeuph.from_text(text))
        game.play(tigeuph.parse_action("pass"))
        out = console(200)
        TerminalGame(game, ["greedy"] * 4, console=out).run()
        lines = printed_by(out).splitlines()
        ranked = [line.strip() for line in lines if line.strip().startswith("rank ")]
        tie = "after treasures (ties: next colour up, R27)"
        if not winners_tied:
            assert ranked == [
                "rank 1: seat 0 (greedy), score 11",
                f"rank 2: seat 1 (greedy), score 10, colours 10 10 12 13 {tie}",
                f"rank 3: seat 2 (greedy), score 10, colours 10 10 11 15 {tie}",
                "rank 4: seat 3 (greedy), score 4",
            ]
            assert any(line.endswith("Won by seat 0.") for line in lines)
        else:
            assert ranked[0] == f"rank 1: seat 0 (greedy), score 11, colours 11 12 13 14 {tie}"
            assert any(
                line.endswith("Won by seat 0 on the next colours up (R27).") for line in lines
            )
