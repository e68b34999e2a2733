"""The story of a game told in the terminal (issue 26): every event since a player's last
decision in words, both sides' strengths at a support decision and the conflict's leaders
marked on the board, a hint with what it would do, refusals in a player's words, and replays
that tell each action and stop on the word ``play`` stops on."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers.scenario import SCENARIOS, read
from helpers.terminal import console, printed_by, screen_grid
from rich.text import Text

import tigeuph
from tigeuph import GAMES
from tigeuph.terminal import TerminalGame, help_text, play_in_terminal
from tigeuph.terminal.narration import story
from tigeuph.terminal.replay import REPLAY_HELP, replay_in_terminal
from tigeuph.tigris.describe.conflicts import decision_summary
from tigeuph.tigris.model.decisions import Revolt, War

SEED, LIMIT = 1, 100
"""A game of seat 0 (typed) against the random agent that meets, within LIMIT actions, a
revolt and a war where seat 0 commits support and a catastrophe the agent drops."""
NAMES = ["you", "seat 1"]
"""How the events' sentences call the seats, told to seat 0."""
SLIPS = ["rZ9", "foo", "E5", "explain", "explain r", "explain quit", "legal Z"]
"""What seat 0 types at his first decision before playing."""
AT_SUPPORT = ["hint", "rA1"]
"""What seat 0 types at his first support decision in a revolt and in a war."""


class Played:
    """A game through the terminal: the record, what was printed, and at each prompt the
    state, the line typed and the text printed since the prompt before."""

    def __init__(self) -> None:
        self.game = tigeuph.Game.new(2, seed=SEED)
        self.prompts: list[tuple[tigeuph.GameState, str, str]] = []
        self.out = console(250)
        rng, mark = random.Random(SEED), 0
        slips, helped = list(SLIPS), set[str]()

        def ask(prompt: str) -> str:
            nonlocal mark
            state, text = self.game.state, printed_by(self.out)
            chunk, mark = text[mark:], len(text)
            if len(self.game.actions) >= LIMIT:
                raise EOFError
            kind = type(state.pending).__name__
            if slips:
                line = slips.pop(0)
            elif isinstance(state.pending, Revolt | War) and kind not in helped:
                helped.add(kind)
                slips.extend(AT_SUPPORT[1:])
                line = AT_SUPPORT[0]
            else:
                legal = tigeuph.legal_actions(state)
                placing = [
                    a for a in legal if isinstance(a, tigeuph.PlaceTile | tigeuph.PlaceLeader)
                ]
                line = str(rng.choice(placing if placing and rng.random() < 0.9 else legal))
            self.prompts.append((state, line, chunk))
            return line

        TerminalGame(self.game, ["human", "random"], console=self.out, ask=ask, seed=SEED).run()
        self.text = printed_by(self.out)

    def after(self, typed: str) -> list[tuple[tigeuph.GameState, str]]:
        """The state and what was printed in answer, each time *typed* was typed."""
        return [
            (state, self.prompts[i + 1][2])
            for i, (state, line, _) in enumerate(self.prompts[:-1])
            if line == typed
        ]

    def decisions(self) -> list[tuple[int, tigeuph.GameState, str]]:
        """Each decision of seat 0 as first drawn: the actions played before it, its state and
        the screen."""
        out, seen = [], -1
        for state, _, chunk in self.prompts:
            index = self.game.states.index(state)
            if index != seen:
                out.append((index, state, chunk))
                seen = index
        return out


@pytest.fixture(scope="module")
def played() -> Played:
    return Played()


def last_of(game: tigeuph.Game, seat: int, before: int) -> int:
    """The index of *seat*'s last action before action *before* (0 if none)."""
    return max((i for i in range(before) if game.states[i].to_move == seat), default=0)


def test_the_game_meets_a_revolt_a_war_and_a_catastrophe(played: Played) -> None:
    """The seeded game reaches what the other tests read: seat 0 commits support in a revolt
    and in a war, and the agent drops a catastrophe."""
    pending = {type(state.pending) for _, state, _ in played.decisions()}
    assert {Revolt, War} <= pending
    dropped = [
        i
        for i, events in enumerate(played.game.events)
        if any(e.kind == "catastrophe" for e in events) and played.game.states[i].to_move == 1
    ]
    assert dropped


def test_every_event_since_a_decision_is_told_before_it(played: Played) -> None:
    """Each decision's screen tells, as seat 0 may know them, the events of every action since
    his last decision, his own included: the agent's moves between his turns are all told."""
    game = played.game
    kinds = set()
    for index, _, screen in played.decisions():
        start = last_of(game, 0, index)
        for events in game.events[start:index]:
            for event in events:
                assert event.seen_by(0).text(NAMES) in screen, (index, event)
                kinds.add(event.kind)
    assert {
        "tile-placed",
        "leader-placed",
        "conflict-begun",
        "support-committed",
        "conflict-resolved",
        "kingdoms-united",
        "catastrophe",
        "tiles-drawn",
        "turn-began",
    } <= kinds


def test_the_others_hidden_tiles_are_never_told(played: Played) -> None:
    """The agent's draws are told by their number, never their colours."""
    hidden = [
        event
        for events in played.game.events
        for event in events
        if event.kind in ("tiles-drawn", "tiles-exchanged")
        and event.players == (1,)
        and not event.is_public
        and event.numbers["count"]
    ]
    assert hidden
    for event in hidden:
        assert event.text(NAMES) not in played.text
        assert event.public().text(NAMES) in played.text


def test_a_support_decision_shows_both_strengths_and_what_each_count_makes(
    played: Played,
) -> None:
    """At each support decision the screen gives both sides' board strengths, what the
    attacker committed, and for each legal count the totals and the winner, as
    tigeuph.explain counts them."""
    met = 0
    for _, state, screen in played.decisions():
        if not isinstance(state.pending, Revolt | War):
            continue
        met += 1
        for action in tigeuph.legal_actions(state):
            assert isinstance(action, tigeuph.CommitSupport)
            info = tigeuph.explain(state, action).conflict
            assert info is not None
            attack, defence = info.attacker_strength, info.defender_strength
            assert re.search(rf"attacks? with the \w+ on [A-P]\d+: {attack} \w", screen)
            assert re.search(rf"defends? with the \w+ on [A-P]\d+: {defence} \w", screen)
            n = action.count
            if info.defender == 0:
                committed = info.attacker_support
                assert committed is not None
                assert f"+ {committed} committed = {attack + committed}" in screen
                winner = "you win" if info.winner == 0 else "seat 1 wins"
                line = f"+{n} → {defence + n} against {attack + committed}: {winner}"
            else:
                line = f"+{n} → {attack + n} against {defence}, before seat 1's support"
            assert line in screen
    assert met >= 2


def test_the_leaders_in_a_conflict_are_marked_on_the_board(played: Played) -> None:
    """At a support decision both leaders of the conflict, and only they, are drawn with a
    ``!`` (on magenta, in colour)."""
    for _, state, screen in played.decisions():
        conflict = state.pending
        marked = {
            name for name, token in screen_grid(screen, rows=11).items() if token.endswith("!")
        }
        if not isinstance(conflict, Revolt | War):
            assert not marked
            continue
        seats = (conflict.attacker, conflict.defender)
        cells = {state.leaders[seat][conflict.colour] for seat in seats}
        assert marked == {tigeuph.cell_name(c) for c in cells if c is not None}
        assert len(marked) == 2


def test_hint_says_what_its_action_gains_and_would_do(played: Played) -> None:
    """hint names an action, what it gains in words a player checks (the game's ``gains``,
    never "the evaluation rates it best") and what it would do: the game's explanation."""
    answers = played.after("hint")
    assert len(answers) == 2
    gains = tigeuph.GAMES["tigris"].presentation.gains
    for state, answer in answers:
        found = re.search(r"hint: (\S+), ", answer)
        assert found is not None
        action = tigeuph.parse_action(found.group(1))
        assert action in tigeuph.legal_actions(state)
        said = " ".join(answer.split())  # wrapped at the console's width
        gained = gains(state, action)
        assert gained and f"hint: {action}, because it {gained}." in said
        assert "evaluation" not in said
        assert f"What it does: {tigeuph.explain(state, action)}" in said


def test_every_refusal_is_in_a_players_words(played: Played) -> None:
    """Squares off the board, bad notation, a square alone, explain without an action and an
    action the rules refuse are each answered in a sentence, pointing to help where the
    notation is at fault; no Python in sight."""
    (_, off_board), (_, bad), (_, square) = (played.after(x)[0] for x in SLIPS[:3])
    assert "Z9 is not a square: columns A-P, rows 1-11" in off_board
    assert "'foo' is not an action: actions look like rE5 (red tile on E5), KE5" in bad
    assert "help lists every kind of action" in bad
    assert "'E5' is a square, not an action: name a piece too, as in rE5" in square
    assert "explain what? Name an action, e.g. explain " in played.after("explain")[0][1]
    assert re.search(
        r"which one\? \d+ legal actions begin 'r': rA1 ", played.after("explain r")[0][1]
    )
    assert "explain takes an action, not the command 'quit'" in played.after("explain quit")[0][1]
    assert "none of your legal actions begins 'Z'" in played.after("legal Z")[0][1]
    refused = played.after("rA1")
    assert len(refused) == 2
    for state, answer in refused:
        error = tigeuph.refusal(state, tigeuph.parse_action("rA1"))
        assert isinstance(error, tigeuph.IllegalActionError)
        reason = error.reason.removeprefix("rA1: ")
        legal = " ".join(str(a) for a in tigeuph.legal_actions(state))
        assert (
            f"You cannot play rA1: {reason}. Rule {error.clause}. You may play: {legal}." in answer
        )
    for python in ("tigeuph.", "Traceback", "Error", "None"):
        assert python not in played.text


def test_q_quits_as_quit_does_and_help_says_so() -> None:
    """q stops the game as quit does, the record kept; the help lists both."""
    game = tigeuph.Game.new(2, seed=4)
    lines = iter(["pass", "q"])
    seats = ["human", "helpers.agent_examples:passer"]
    TerminalGame(game, seats, console=console(250), ask=lambda _: next(lines)).run()
    assert [str(a) for a in game.actions] == ["pass", "pass"] and not game.state.is_over
    assert "quit or q" in help_text(GAMES["tigris"].presentation.notation_help())


@pytest.mark.parametrize("word", ["q", "quit"])
def test_replay_tells_each_action_and_stops_on_the_word_play_stops_on(
    played: Played, word: str
) -> None:
    """replay tells what the action before each position did, as --player saw it, and stops
    on q or quit, the words play stops on; its keys name them."""
    game = played.game
    dropped = next(
        i for i, events in enumerate(game.events) if any(e.kind == "catastrophe" for e in events)
    )
    keys = [str(dropped + 1), "", word]
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return keys[len(asked) - 1]

    out = console(250)
    replay_in_terminal(game, player=0, console=out, ask=ask)
    text = printed_by(out)
    assert len(asked) == 3  # stopped on the word
    for events in game.events[dropped : dropped + 2]:
        for event in events:
            assert event.seen_by(0).text(NAMES) in text
    assert "q or quit" in REPLAY_HELP


def test_replay_all_tells_every_action(
    played: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tigeuph replay --all --player 0 tells every action as seat 0 saw it."""
    from tigeuph.cli import main

    path = tmp_path / "game.txt"
    path.write_text(played.game.to_record(), encoding="utf-8")
    assert main(["replay", str(path), "--all", "--player", "0"]) == 0
    text = " ".join(capsys.readouterr().out.split())  # the width of a pipe wraps lines
    for events in played.game.events:
        for event in events:
            assert event.seen_by(0).text(NAMES) in text


def test_a_watched_game_tells_every_action() -> None:
    """With no person seated, each action is printed and what it did told, everything shown
    (a watcher sees every hand)."""
    out = console(250)
    game = play_in_terminal(["random", "random"], seed=3, console=out, max_actions=80)
    assert isinstance(game, tigeuph.Game)
    text = printed_by(out)
    for events in game.events:
        for event in events:
            assert f"    {event.text()}\n" in text


def test_a_person_at_babel_is_told_each_action() -> None:
    """The same story in Babel: each of the agent's actions since the person's last decision
    is told, by its events or, when the game tells none, by its notation."""
    record = GAMES["babel"].records.new_record(2, seed=5)
    rng, out = random.Random(5), console(250)
    screens: list[tuple[int, str]] = []

    def ask(prompt: str) -> str:
        screens.append((len(record.actions), printed_by(out)))
        if len(record.actions) >= 40:
            raise EOFError
        return str(rng.choice(GAMES["babel"].legal_actions(record.state)))

    TerminalGame(record, ["human", "greedy"], console=out, ask=ask).run()
    told = 0
    for index, screen in screens:
        start = last_of(record, 0, index)
        for i in range(start, index):
            mover = record.states[i].to_move
            sentences = [e.seen_by(0).text(NAMES) for e in record.events[i]]
            plays = "You play" if mover == 0 else "Seat 1 plays"
            for sentence in sentences or [f"{plays} {record.actions[i]}."]:
                assert sentence in screen
                told += mover == 1
    assert told


# --- the main game's summary of a decision -------------------------------------------------


def support_states(played: Played) -> list[Any]:
    return [s for _, s, _ in played.decisions() if isinstance(s.pending, Revolt | War)]


def test_another_seats_view_shows_the_strengths_but_not_the_choices(played: Played) -> None:
    """A view of the seat not deciding shows both strengths and who decides, never the
    counts (they hang on a hand he may not see); the full state lists them all."""
    state = support_states(played)[0]
    other = tigeuph.view(state, 1)
    mine = decision_summary(other, names=["seat 0", "you"])
    assert mine is not None and "may commit" not in mine and "decides how many" in mine
    whole = decision_summary(state)
    assert whole is not None
    for action in tigeuph.legal_actions(state):
        assert f"{action} → " in whole


def test_a_choice_of_wars_shows_each_wars_strengths() -> None:
    """When a unification sets off two wars, each is shown with its board strengths, as
    tigeuph.explain counts them."""
    path = SCENARIOS / "wars/unification-with-two-wars-asks-the-order.txt"
    scenario = read(path)
    state = tigeuph.from_text(scenario.position)
    for text in scenario.play:
        state = tigeuph.apply(state, tigeuph.parse_action(text))
    markup = decision_summary(tigeuph.view(state, 0), names=NAMES)
    assert markup is not None
    summary = Text.from_markup(markup).plain
    assert summary.startswith("You choose which war to fight first")
    for action in tigeuph.legal_actions(state):
        info = tigeuph.explain(state, action).conflict
        assert info is not None
        a, d = info.attacker_strength, info.defender_strength
        side = r"\w+ on [A-P]\d+"
        shape = (
            rf"^\s*{re.escape(str(action))}  \w+ war: .*{side}, {a} \w.*, against .*{side}, {d} \w"
        )
        assert any(re.search(shape, line) for line in summary.splitlines()), shape
    fought = tigeuph.apply(state, tigeuph.legal_actions(state)[0])
    assert isinstance(fought.pending, War) and decision_summary(fought) is not None
    assert decision_summary(tigeuph.new_game(2, seed=1)) is None


def _exchanged(colours: slice) -> tigeuph.Game:
    """Seed 9's game after seat 0 exchanged two of his tiles (*colours* of his hand's letters)
    and both seats passed."""
    game = tigeuph.Game.new(2, seed=9)
    hand = game.state.hands[0]
    letters = "".join(c.letter * n for c, n in zip(tigeuph.Colour, hand, strict=True))
    for text in (f"~{letters[colours]}", "pass", "pass"):
        game.play(tigeuph.parse_action(text))
    return game


def test_another_seats_exchange_is_told_by_its_kind_alone() -> None:
    """Told to seat 1, seat 0's exchange is "(exchange)" and its count, never its colours
    (spec R4): the story is the same whichever colours he gave back; seat 0 is told his own."""
    mine, other = _exchanged(slice(2)), _exchanged(slice(-2, None))
    secret = str(mine.actions[0])
    assert secret != str(other.actions[0])
    labels = ["seat 0", "seat 1"]
    told = story(mine, 0, 3, 1, labels)
    assert told == story(other, 0, 3, 1, labels)
    assert told[0][1][0][0] == "(exchange)" and "exchanges 2 tiles" in told[0][1][0][1]
    assert story(mine, 0, 3, 0, labels)[0][1][0][0] == secret


def test_replay_for_a_seat_names_anothers_exchange_by_its_kind(tmp_path: Path) -> None:
    """``replay --player 1`` at seat 0's exchange prints the same screen whichever colours
    seat 0 gave back; for seat 0 it prints them."""

    def shown(game: tigeuph.Game, player: int) -> str:
        out = console(120)
        replay_in_terminal(game, start=1, player=player, console=out, ask=_quit)
        return printed_by(out)

    mine, other = _exchanged(slice(2)), _exchanged(slice(-2, None))
    assert shown(mine, 1) == shown(other, 1)
    assert "played (exchange, hidden from you)" in shown(mine, 1)
    assert f"played {mine.actions[0]}" in shown(mine, 0)


def _quit(prompt: str) -> str:
    return "q"
