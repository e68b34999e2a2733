"""Nim's records, kept by the interface's default (issue 38): a record written as text,
narrated text or JSON reads back to the same game, through the registry's game."""

from __future__ import annotations

import json
import random

import pytest

import tigeuph
from tigeuph.core.stops import Stop
from tigeuph.games import AnyGame, game_of_record


def _played(nim: AnyGame, players: int, seed: int, actions: int | None = None) -> object:
    record = nim.records.new_record(players, seed=seed, tags={"Event": "test"})
    rng = random.Random(seed)
    while not record.state.is_over and (actions is None or len(record.actions) < actions):
        record.play(rng.choice(nim.legal_actions(record.state)))
    return record


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finished_record_reads_back_from_text_narrated_text_and_json(
    nim: AnyGame, players: int
) -> None:
    record: tigeuph.games.Record = _played(nim, players, seed=players)  # type: ignore[assignment]
    text = record.to_record()
    assert text.startswith('[Game "nim"]\n')
    assert f'[Players "{players}"]' in text and f'[Seed "{players}"]' in text
    (winner,) = nim.winners(record.state)
    assert f'[Result "{winner}"]' in text and '[Termination "end"]' in text
    narrated = record.to_record(narrate=True)
    assert "takes" in narrated
    document = record.to_json(indent=2)
    assert json.loads(document)["format"] == "tigeuph-nim-record"
    for written, read in (
        (text, nim.records.record_from_text),
        (narrated, nim.records.record_from_text),  # the narration read back as comments
        (document, nim.records.record_from_json),
    ):
        again = read(written)
        assert game_of_record(written) is nim
        assert again.actions == record.actions and again.states == record.states
        assert again.tags["Event"] == "test"
        writes = again.to_json(indent=2) if written is document else again.to_record()
        assert writes == written


def test_a_game_stopped_midway_keeps_its_stop_and_its_leaders(nim: AnyGame) -> None:
    record: tigeuph.games.Record = _played(nim, 3, seed=9, actions=3)  # type: ignore[assignment]
    record.stop(Stop.ACTION_LIMIT)
    text = record.to_record()
    assert '[Result "*"]' in text
    again = nim.records.record_from_text(text)
    assert again.stopped is Stop.ACTION_LIMIT and len(again.actions) == 3
    assert again.to_record() == text


def test_a_record_from_a_position_reads_back_unverified(nim: AnyGame) -> None:
    start = nim.from_text("nim position\nheaps: 0 2 1\ntaken: 4 5\nturn: 1")
    text = f'[Game "nim"]\n\n{nim.to_text(start)}\n\n1. b2 c1\n'
    with pytest.raises(tigeuph.NotationError):
        nim.records.record_from_text(text)  # verify: only a record dealt from a seed
    record = nim.records.record_from_text(text, verify=False)
    assert record.states[0] == start and record.state.is_over
    assert nim.winners(record.state) == (0,) and nim.scores(record.state) == (5, 7)
    assert nim.records.record_from_text(record.to_record(), verify=False).states == record.states


def test_an_illegal_action_in_a_record_is_refused_with_its_rule(nim: AnyGame) -> None:
    with pytest.raises(tigeuph.RecordError, match=r"N2"):
        nim.records.record_from_text('[Game "nim"]\n[Players "2"]\n[Seed "1"]\n\n1. a3 a3 a3\n')
