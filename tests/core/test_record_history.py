"""Both games' records are one history (issue 25): play, undo, move numbers, stopping a game
and the Termination tag behave alike, checked through each game's public record class."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tigeuph import GAMES, JsonError, LimitError, Limits, NotationError, TigeuphError, babel
from tigeuph.core.errors import ArgumentError
from tigeuph.core.stops import Stop
from tigeuph.games import AnyGame, Record

ALL = pytest.mark.parametrize("name", sorted(GAMES))


def _record(game: AnyGame, seed: int, actions: int) -> Any:
    """A record of *game* dealt from *seed* with up to *actions* random actions played."""
    record = game.records.new_record(game.facts.default_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if record.state.is_over:
            break
        record.play(rng.choice(list(game.legal_actions(record.state))))
    return record


@ALL
def test_both_games_records_are_records_of_the_interface(name: str) -> None:
    """What the play loop, the server and the commands use of a record, each game has."""
    record = _record(GAMES[name], 1, 3)
    assert isinstance(record, Record)
    assert isinstance(record, GAMES[name].facts.record_type)


@ALL
def test_undo_walks_back_every_state_and_move_number(name: str) -> None:
    """Undoing every action gives back each state, each action and each move number on the
    way, down to the first state; then there is nothing left to undo."""
    record = _record(GAMES[name], 3, 40)
    states, actions = record.states, record.actions
    moves = []
    again = GAMES[name].records.new_record(GAMES[name].facts.default_players, seed=3)
    for action in actions:
        moves.append(again.move)
        again.play(action)
    assert again.states == states and len(actions) > 0
    for i in reversed(range(len(actions))):
        assert record.undo() == actions[i]
        assert record.state == states[i] and record.move == moves[i]
        assert record.actions == actions[:i]
    with pytest.raises(TigeuphError):
        record.undo()
    assert record.states == states[:1]


@ALL
def test_a_stopped_game_says_so_in_its_record_and_reads_back_stopped(name: str) -> None:
    """A game its runner stops at its bound on actions writes Termination "action-limit" in
    its text and JSON records, reads back stopped, refuses actions, and goes on after undo."""
    game = GAMES[name]
    record = _record(game, 2, 12)
    assert not record.state.is_over
    record.stop(Stop.ACTION_LIMIT)
    assert record.stopped is Stop.ACTION_LIMIT
    text = record.to_record()
    assert '[Termination "action-limit"]' in text and '[Result "*"]' in text
    for again in (
        game.records.record_from_text(text),
        game.records.record_from_json(record.to_json()),
    ):
        assert again.stopped is Stop.ACTION_LIMIT and again.states == record.states
        with pytest.raises(ArgumentError, match="stopped"):
            again.play(game.legal_actions(again.state)[0])
    last = record.actions[-1]
    assert record.undo() == last and record.stopped is None
    record.play(last)
    assert "Termination" not in record.to_record()


def test_a_game_of_babel_never_stalls() -> None:
    """Babel's decks run out, so no game of it is stalled: stopping one as stalled, or a
    record saying it stalled, is refused."""
    game = babel.BabelGame.new(4)
    game.play(babel.legal_actions(game.state)[0])
    with pytest.raises(ArgumentError, match="never stalls"):
        game.stop(Stop.STALLED)
    assert game.stopped is None
    stalled = game.to_record().replace('[Result "*"]', '[Result "*"]\n[Termination "stalled"]')
    with pytest.raises(NotationError, match="never stalls"):
        babel.BabelGame.from_record(stalled)
    document = json.loads(game.to_json())
    document["record"] = stalled
    with pytest.raises(JsonError, match="never stalls"):
        babel.BabelGame.from_json(json.dumps(document))


def test_a_babel_record_names_only_the_stops_a_game_has() -> None:
    """A Termination tag on a game that goes on names a stop; any other is refused."""
    record = babel.BabelGame.new(4).to_record()
    odd = record.replace('[Result "*"]', '[Result "*"]\n[Termination "bored"]')
    with pytest.raises(NotationError, match="action-limit"):
        babel.BabelGame.from_record(odd)


@ALL
def test_a_finished_game_cannot_be_stopped(name: str) -> None:
    """Only a game that goes on can be stopped; a finished one keeps its own Termination."""
    record = _record(GAMES[name], 6, 100_000)
    assert record.state.is_over
    ended = record.to_record()
    with pytest.raises(ArgumentError, match="over"):
        record.stop(Stop.ACTION_LIMIT)
    assert record.to_record() == ended


def test_a_babel_game_keeps_to_max_record_actions() -> None:
    """A Babel game refuses an action beyond max_record_actions, as the main game does, so
    that its record reads back under its own limits."""
    game = babel.BabelGame.new(2, limits=Limits(max_record_actions=3))
    for _ in range(3):
        game.play(babel.legal_actions(game.state)[0])
    with pytest.raises(LimitError) as caught:
        game.play(babel.legal_actions(game.state)[0])
    assert caught.value.limit == "max_record_actions" and len(game.actions) == 3
    assert babel.BabelGame.from_record(game.to_record(), limits=game.limits).states == (game.states)


@ALL
def test_json_records_take_an_indent(name: str) -> None:
    """Both games write their JSON record indented on request, and read it back."""
    game = GAMES[name]
    record = _record(game, 8, 5)
    indented = record.to_json(indent=2)
    assert "\n  " in indented and "\n" not in record.to_json()
    assert game.records.record_from_json(indented).states == record.states


@ALL
def test_a_game_keeps_its_first_state(name: str) -> None:
    """``start`` is the first state, in both games, whatever has been played since."""
    record = _record(GAMES[name], 9, 0)
    first = record.state
    record.play(GAMES[name].legal_actions(first)[0])
    assert record.start == first == record.states[0] != record.state


@ALL
def test_every_games_record_keeps_comments(name: str) -> None:
    """A comment played with an action, or set after the last one, is written in the text and
    JSON records of both games and reads back where it was; a ``}`` is refused."""
    game = GAMES[name]
    record = _record(game, 10, 0)
    record.annotate("before anything")
    record.play(game.legal_actions(record.state)[0], "the first action")
    record.play(game.legal_actions(record.state)[0])
    record.annotate("after the second")
    assert record.comments == ("before anything", "the first action", "after the second")
    text = record.to_record()
    assert "{the first action}" in text
    for again in (
        game.records.record_from_text(text),
        game.records.record_from_json(record.to_json()),
    ):
        assert again.comments == record.comments and again.to_record() == text
    with pytest.raises(ArgumentError, match="}"):
        record.annotate("a } too many")
