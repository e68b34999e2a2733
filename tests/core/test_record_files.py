"""Records written before issue 38 gave both games one history by composition read back and
write back byte for byte: a finished and a stopped game of each game, as text, narrated text
and JSON (tests/data/records/, written by the record classes of before the change)."""

from __future__ import annotations

import pytest
from helpers.paths import TEST_DATA

from tigeuph import GAMES
from tigeuph.core.stops import Stop

RECORDS = TEST_DATA / "records"
NAMES = ("tigris-finished", "tigris-stopped", "babel-finished", "babel-stopped")


def _text(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_a_text_record_of_before_writes_back_unchanged(name: str) -> None:
    """Read (from a seed or a first position), then written: the same text, byte for byte;
    its JSON record is the JSON file's."""
    text = _text(f"{name}.txt")
    game = GAMES[name.partition("-")[0]]
    record = game.records.record_from_text(text, verify=False)
    assert record.to_record() == text
    assert record.state.is_over == name.endswith("finished")
    assert record.stopped is (None if name.endswith("finished") else Stop.ACTION_LIMIT)
    document = _text(f"{name}.json")
    indent = 2 if document.startswith("{\n") else None
    assert record.to_json(indent=indent) + "\n" == document


@pytest.mark.parametrize("name", NAMES)
def test_a_json_record_of_before_writes_back_unchanged(name: str) -> None:
    """Read, then written: the same JSON document, byte for byte, and the same text record."""
    document = _text(f"{name}.json")
    game = GAMES[name.partition("-")[0]]
    record = game.records.record_from_json(document, verify=False)
    indent = 2 if document.startswith("{\n") else None
    assert record.to_json(indent=indent) + "\n" == document
    assert record.to_record() == _text(f"{name}.txt")


@pytest.mark.parametrize("name", ["tigris-finished", "babel-finished"])
def test_a_narrated_record_of_before_is_told_the_same(name: str) -> None:
    """Narrating a record tells what it told before; the narration reads back as a record
    whose actions carry the sentences as comments, and narrates to itself."""
    game = GAMES[name.partition("-")[0]]
    narrated = _text(f"{name}-narrated.txt")
    assert game.records.record_from_text(_text(f"{name}.txt")).to_record(narrate=True) == narrated
    again = game.records.record_from_text(narrated)
    assert again.to_record(narrate=True) == narrated
