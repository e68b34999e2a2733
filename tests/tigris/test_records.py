"""Games and game records: undo and replay, records in text and JSON that reproduce every
state, and illegal actions reported with their move number (issue 6)."""

from __future__ import annotations

import contextlib
import datetime
import json
import random
import re
from functools import cache

import pytest
from helpers.games import TILES_FIRST, every_switch, random_game
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import (
    ADVANCED,
    Game,
    IllegalActionError,
    JsonError,
    NotationError,
    PositionError,
    RecordError,
    Rules,
    apply,
    from_text,
    legal_actions,
    new_game,
    parse_action,
    to_text,
)


def play_out(game: Game, seed: int, limit: int | None = None) -> Game:
    """Random legal actions until the game ends (or *limit* actions), some with comments."""
    rng = random.Random(seed)
    while not game.state.is_over and (limit is None or len(game.actions) < limit):
        comment = f"note {len(game.actions)}" if rng.random() < 0.05 else None
        game.play(rng.choice(legal_actions(game.state)), comment=comment)
    return game


@cache
def finished(players: int, seed: int, board: str = "standard") -> Game:
    rules = Rules(board=ADVANCED) if board == "advanced" else Rules()
    tags = {"Date": "2025.01.31", **{f"Player{p}": f'Bot "{p}"' for p in range(players)}}
    return play_out(Game.new(players, seed=seed, rules=rules, tags=tags), seed)


@pytest.mark.parametrize(("players", "seed", "board"), [(2, 1, "standard"), (4, 2, "advanced")])
def test_records_replay_every_state(players: int, seed: int, board: str) -> None:
    """A finished game's text record replays into the same states, tags and comments, and
    writes the same text again."""
    game = finished(players, seed, board)
    record = game.to_record()
    again = Game.from_record(record)
    assert again.states == game.states
    assert again.actions == game.actions
    assert again.comments == game.comments
    assert again.tags == game.tags and again.seed == game.seed
    assert again.to_record() == record
    assert f'[Seed "{seed}"]' in record and '[Date "2025.01.31"]' in record
    assert '[Player0 "Bot \\"0\\""]' in record
    assert "[Termination " in record


@pytest.mark.parametrize(("players", "seed"), [(3, 3)])
def test_json_records_replay_every_state(players: int, seed: int) -> None:
    """The JSON record replays the same way as the text record."""
    game = finished(players, seed)
    again = Game.from_json(game.to_json())
    assert again.states == game.states and again.comments == game.comments
    assert again.tags == game.tags
    assert again.to_json() == game.to_json()


@cache
def variant_game(players: int, seed: int) -> Game:
    """A finished game with every variant switched on (spec R28-R32), tiles placed beside
    their colour more often so that buildings and the wonder come up."""
    rules = every_switch(players, open_scoring=True)
    game = Game.new(players, seed=seed, rules=rules, tags={"Event": "variants"})
    for i, (_, action, _) in enumerate(random_game(players, seed, rules, prefer_tiles=TILES_FIRST)):
        game.play(action, comment="note" if i % 37 == 0 else None)
    return game


def test_variant_records_replay_every_state() -> None:
    """A game with every variant on writes its switches in the Rules tag and replays from its
    text and JSON records, buildings, wonder and declined crosses included."""
    game = variant_game(3, 19)
    assert game.state.wonder is not None and None not in game.state.buildings
    record = game.to_record()
    assert (
        '[Rules "players=3 board=standard english-reinforcement buildings wonder open-scoring"]'
        in record
    )
    again = Game.from_record(record)
    assert again.states == game.states and again.comments == game.comments
    assert again.to_record() == record
    from_json = Game.from_json(game.to_json())
    assert from_json.states == game.states and from_json.to_json() == game.to_json()


def test_a_variant_record_from_a_position_carries_the_position() -> None:
    """A game that starts from a position holding buildings and the wonder writes it, in
    position notation or as a JSON state, and reads it back."""
    game = variant_game(3, 19)
    start = next(s for s in game.states if s.wonder is not None and s.pending is None)
    later = Game(start, tags={"Event": "study"})
    play_out(later, seed=7, limit=30)
    assert "wonder: " in later.to_record()
    assert Game.from_record(later.to_record(), verify=False).states == later.states
    assert Game.from_json(later.to_json(), verify=False).states == later.states


def test_a_record_from_a_position_carries_the_position() -> None:
    """A game that starts from any position writes it after the tags and reads it back."""
    start = finished(2, 1).states[40]
    game = Game(start, tags={"Event": "study"})
    game.annotate("from a study")
    play_out(game, seed=5, limit=30)
    record = game.to_record()
    assert "\n{from a study}\n1. " in record
    assert "tigeuph position" in record and "Seed" not in record
    again = Game.from_record(record, verify=False)
    assert again.start == start and again.states == game.states
    assert again.comments[0] == "from a study" and again.to_record() == record
    assert Game.from_json(again.to_json(), verify=False).comments == again.comments


def test_undo_takes_back_actions() -> None:
    """Undo returns the last action and restores the state, move number and comments."""
    game = play_out(Game.new(2, seed=6), seed=6, limit=40)
    states, actions, comments = game.states, game.actions, game.comments
    taken = [game.undo() for _ in range(15)]
    assert taken == list(reversed(actions[-15:]))
    assert game.states == states[:-15] and game.actions == actions[:-15]
    assert game.comments == comments[:-15]
    game.play(taken[-1])
    assert game.state == states[-15] == apply(states[-16], taken[-1])
    while game.actions:
        game.undo()
    assert game.state == game.start and game.move == 1 and game.comments == (None,)
    with pytest.raises(IndexError):
        game.undo()


def moves_of(record: str) -> list[tuple[int, list[str]]]:
    """``(move number, actions)`` of each move line of a record, comments left out."""
    out = []
    for line in re.sub(r"\{[^}]*\}", "", record).split("\n"):
        if line[:1].isdigit() and ". " in line:
            number, _, actions = line.partition(". ")
            out.append((int(number), actions.split()))
    return out


def test_move_numbers_count_turns() -> None:
    """Move lines are numbered from 1 and each holds one turn: every action on it is played
    while the same player is active, decisions of other players included."""
    game = Game.new(3, seed=3)
    rng = random.Random(3)
    while not game.state.is_over:
        game.play(rng.choice(legal_actions(game.state)))
    moves = moves_of(game.to_record())
    assert [number for number, _ in moves] == list(range(1, len(moves) + 1))
    assert game.move in (len(moves), len(moves) + 1)
    ply = 0
    for _, actions in moves:
        active = game.states[ply].active
        for token in actions:
            assert str(game.actions[ply]) == token
            assert game.states[ply].active == active
            ply += 1
        assert game.states[ply].active != active or game.states[ply].is_over
    assert ply == len(game.actions)


def test_illegal_actions_are_reported_with_their_move_number() -> None:
    """An action the rules refuse stops the replay with RecordError naming move and action."""
    record = finished(2, 1).to_record()
    lines = record.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[at] = "5. rE3" + lines[at][len("5. ") + len(lines[at].split()[1]) :]
    with pytest.raises(RecordError) as caught:
        Game.from_record("\n".join(lines))
    assert caught.value.move == 5
    assert "rE3" in str(caught.value) and "move 5" in str(caught.value)
    assert "[R11]" in str(caught.value) or "[R5]" in str(caught.value)
    assert caught.value.ply == 1 + sum(len(actions) for n, actions in moves_of(record) if n < 5)


@pytest.mark.parametrize(
    ("moves", "move", "says"),
    [
        ("1. pass\n2. zz", 2, "'zz' is not an action"),
        ("1. pass\n3. pass", 2, "3. where move 2 begins"),
        ("1. pass {a} {b}", 2, "two comments in a row"),
        ("1. pass {open", 2, "a lone '{'"),
        ("1. pass }", 2, "a lone '}'"),
        ("1. +1", 1, "+1"),
    ],
)
def test_bad_moves_are_reported_with_their_move_number(moves: str, move: int, says: str) -> None:
    """Unreadable tokens, wrong move numbers and broken comments are RecordErrors too."""
    header = '[Rules "players=2 board=standard"]\n[Seed "1"]\n\n'
    with pytest.raises(RecordError) as caught:
        Game.from_record(header + moves + "\n")
    assert caught.value.move == move
    assert says in str(caught.value)


@pytest.mark.parametrize(
    ("record", "says"),
    [
        ("1. pass\n", "needs a Seed and a Rules tag"),
        ('[Seed "1"]\n\n1. pass\n', "needs a Seed and a Rules tag"),
        ('[Rules "players=2 board=standard"]\n[Seed "x"]\n', "Seed must be a whole number"),
        ('[Rules "players=9 board=standard"]\n[Seed "1"]\n', "players must be 2, 3 or 4"),
        ('[Rules "players=2 board=standard"]\n[Seed "1"]\n[Seed "2"]\n', "a second Seed tag"),
        ('[Rules "players=2 board=standard"]\n[Seed 1]\n', "expected a tag"),
        ('[Rules "players=2 board=standard"]\n[Seed "1"]\n[Result "0"]\n', "Result tag says"),
        ('[Rules "players=2 board=standard"]\n[Seed "1"]\n[Termination "bag"]\n', "Termination"),
    ],
)
def test_bad_headers_are_notation_errors(record: str, says: str) -> None:
    """A header that cannot give the first state, or that the game contradicts, is refused."""
    with pytest.raises(NotationError, match=says):
        Game.from_record(record)


def test_a_record_gives_a_seed_or_a_position_not_both() -> None:
    """Seed and first position together are refused, as are Rules that contradict it (read
    without verifying: a record from a position proves nothing, issue 11)."""
    start = to_text(new_game(2, seed=1))
    text = "\n".join(line for line in start.split("\n") if line)
    with pytest.raises(NotationError, match="not both"):
        Game.from_record(f'[Seed "1"]\n\n{text}\n\n', verify=False)
    with pytest.raises(NotationError, match="disagrees"):
        Game.from_record(f'[Rules "players=3 board=standard"]\n\n{text}\n\n', verify=False)
    assert Game.from_record(f"{text}\n\n1. pass\n", verify=False).actions == (parse_action("pass"),)


def test_games_check_their_inputs() -> None:
    """A seed that did not deal the start, a reserved or multi-line tag, a comment with a
    brace and an illegal action are refused; the game is unchanged after each."""
    with pytest.raises(ValueError, match="does not deal"):
        Game(new_game(2, seed=1), seed=2)
    with pytest.raises(ValueError, match="not a free tag"):
        Game.new(2, seed=1, tags={"Seed": "1"})
    with pytest.raises(ValueError, match="one line"):
        Game.new(2, seed=1, tags={"Event": "a\nb"})
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="comment"):
        game.play("pass", comment="a } b")
    with pytest.raises(IllegalActionError):
        game.play("+1")
    with pytest.raises(NotationError):
        game.play("zz")
    assert game.actions == () and game.states == (game.start,)
    assert Game.new(2).seed is not None  # a drawn seed is kept for the record


def test_new_games_are_dated_today() -> None:
    """``Game.new`` writes today's date in ISO format unless given one; a record read back
    keeps the tags it has and gains no date."""
    today = datetime.date.today().isoformat()
    game = Game.new(2, seed=1, tags={"Event": "e"})
    assert game.tags == {"Date": today, "Event": "e"}
    assert f'[Date "{today}"]\n[Event "e"]\n' in game.to_record()
    assert Game.new(2, seed=1, tags={"Date": "1990-01-01"}).tags == {"Date": "1990-01-01"}
    undated = '[Rules "players=2 board=standard"]\n[Seed "1"]\n[Result "*"]\n\n1. pass\n'
    assert Game.from_record(undated).to_record() == undated
    assert "Date" not in Game.from_json(Game.from_record(undated).to_json()).tags


def test_json_records_report_problems() -> None:
    """JSON records name the field, or the move of an illegal action."""
    document = json.loads(finished(2, 1).to_json())
    bad = json.loads(json.dumps(document))
    bad["moves"][3]["action"] = "rE3"
    with pytest.raises(RecordError) as caught:
        Game.from_json(json.dumps(bad))
    assert caught.value.ply == 4
    numbers = [n for n, actions in moves_of(finished(2, 1).to_record()) for _ in actions]
    assert caught.value.move == numbers[3]
    for change, where in (
        ({"winners": [1, 0]}, "$.winners"),
        ({"end": None}, "$.end"),
        ({"seed": None}, "$.seed"),
        ({"start": json.loads(json.dumps(document))}, "$.start"),
        ({"tags": {"Seed": "1"}}, "$.tags['Seed']"),
        ({"comment": "a}"}, "$.comment"),
        ({"moves": [{"action": "pass", "comment": "}"}]}, "$.moves[0].comment"),
        ({"tags": {"Event": "a\nb"}}, "$.tags['Event']"),
        ({"moves": "pass"}, "$.moves"),
    ):
        with pytest.raises(JsonError) as error:
            Game.from_json(json.dumps({**document, **change}))
        assert error.value.path.startswith(where), change
    position = json.loads(Game(new_game(2, seed=1)).to_json())
    position["start"]["bag"] = "r"
    with pytest.raises(PositionError):
        Game.from_json(json.dumps(position), verify=False)


@given(st.text(max_size=200))
def test_any_text_only_raises_notation_errors(text: str) -> None:
    """Arbitrary text is a record or a NotationError (RecordError included), nothing else."""
    with contextlib.suppress(NotationError):
        Game.from_record(text)


@given(st.data())
def test_damaged_records_only_raise_notation_errors(data: st.DataObject) -> None:
    """A real record with a few characters changed reads or raises a NotationError."""
    record = finished(2, 1).to_record()[:600]
    chars = list(record)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(chars) - 1))
        chars[at] = data.draw(st.sampled_from(list('[]"{}.1 \nrkE5+~$mx-')))
    with contextlib.suppress(NotationError):
        Game.from_record("".join(chars))


def test_from_text_positions_still_round_trip() -> None:
    """The first position of a record is plain position notation."""
    state = finished(2, 1).states[10]
    assert from_text(to_text(state)) == state
