"""Babel's JSON documents (spec B56)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest
from helpers.babel_games import sample_states
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import JsonError, NotationError, PositionError, babel


def test_documents_round_trip() -> None:
    """States, actions and both views read back exactly; the text is stable (spec B56)."""
    for state in sample_states():
        text = babel.state_to_json(state)
        assert babel.state_from_json(text) == state
        assert babel.state_to_json(babel.state_from_json(text)) == text
        assert babel.state_from_json(babel.state_to_json(state, indent=2).encode()) == state
        for seat in (0, 1):
            seen = babel.view(state, seat)
            assert babel.view_from_json(babel.view_to_json(seen)) == seen
        for action in babel.legal_actions(state):
            assert babel.action_from_json(babel.action_to_json(action)) == action


def _state_doc() -> dict[str, object]:
    loaded: dict[str, object] = json.loads(babel.state_to_json(babel.new_game(seed=2)))
    return loaded


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(format="tigeuph-state"), "$.format", "tigeuph-babel-state"),
        (lambda d: d.update(version=2), "$.version", "not supported"),
        (lambda d: d.update(active="0"), "$.active", "expected an integer"),
        (lambda d: d.update(active=2), "$.active", "not a seat"),
        (
            lambda d: d.update(pending={"kind": "halve", "player": 7, "count": 1}),
            "$.pending.player",
            "not a seat",
        ),
        (lambda d: d.update(extra=1), "$", "unknown field extra"),
        (lambda d: d.pop("sides"), "$.sides", "required field missing"),
        (lambda d: d.update(people="HX"), "$.people", "not a string of nation letters"),
        (lambda d: d["sides"][0].update(hand={"H": 1}), "$.sides[0].hand", "keys must be"),
        (lambda d: d["sides"][1].update(row=[7]), "$.sides[1].row", "not a temple level"),
        (lambda d: d["sides"][0].update(pawn="Q"), "$.sides[0].pawn", "not a nation letter"),
        (lambda d: d.update(sides=[]), "$.sides", "list of two"),
        (lambda d: d.update(end="later"), "$.end", '"score" or "deck"'),
        (lambda d: d.update(pending={"kind": "war"}), "$.pending", "halve"),
        (lambda d: d.update(migrated=1), "$.migrated", "true or false"),
    ],
)
def test_bad_documents_name_the_field(change: object, path: str, words: str) -> None:
    """A wrong field raises JsonError whose path names it (spec B56)."""
    document = _state_doc()
    change(document)  # type: ignore[operator]
    with pytest.raises(JsonError) as err:
        babel.state_from_json(json.dumps(document))
    assert err.value.path == path, str(err.value)
    assert words in str(err.value)


def test_a_state_that_reads_but_cannot_happen_is_refused() -> None:
    """Conservation and the other checks apply to JSON as to text (spec B56, B1)."""
    document = _state_doc()
    document["people"] = "H" + str(document["people"])
    with pytest.raises(PositionError, match="13 Hittites"):
        babel.state_from_json(json.dumps(document))


def test_an_impossible_view_is_refused() -> None:
    """A view no position shows is refused (spec B56, B57)."""
    document = json.loads(babel.view_to_json(babel.view(babel.new_game(seed=2), 0)))
    document["hand_sizes"] = [8, 50]
    with pytest.raises(PositionError):
        babel.view_from_json(json.dumps(document))
    document["player"] = 3
    with pytest.raises(JsonError, match=r"\$\.player"):
        babel.view_from_json(json.dumps(document))


def test_a_view_whose_active_player_is_no_seat_is_a_json_error() -> None:
    """A view with ``"active": 2`` (an IndexError before) names the field."""
    document = json.loads(babel.view_to_json(babel.view(babel.new_game(seed=2), 0)))
    document["active"] = 2
    with pytest.raises(JsonError, match=r"\$\.active"):
        babel.view_from_json(json.dumps(document))


def test_numbers_over_4300_digits_are_notation_or_json_errors() -> None:
    """A number of 5,000 digits (a bare ValueError before, past Python's 4,300) is refused as
    notation in a position, and as JSON in a record's position or a document."""
    start = babel.new_game(seed=2)
    text = babel.to_text(start).replace("turn: 1", "turn: " + "9" * 5_000)
    with pytest.raises(NotationError, match="digits"):
        babel.from_text(text)
    game = babel.BabelGame(start)
    document = game.to_json().replace("turn: 1", "turn: " + "9" * 5_000)
    with pytest.raises(JsonError, match="digits"):
        babel.BabelGame.from_json(document, verify=False)
    with pytest.raises(JsonError):
        babel.state_from_json(
            babel.state_to_json(start).replace('"turn":1', '"turn":' + "9" * 5_000)
        )


@given(st.text(max_size=80) | st.binary(max_size=40))
def test_any_text_is_a_document_or_a_json_error(text: str | bytes) -> None:
    """Reading never fails but with JsonError or PositionError (spec B56)."""
    for read in (babel.state_from_json, babel.view_from_json, babel.action_from_json):
        with contextlib.suppress(JsonError, PositionError):
            read(text)


def _validator() -> jsonschema.Draft202012Validator:
    schema = babel.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.slow
def test_documents_follow_the_shipped_schema() -> None:
    """Every document written validates against data/babel-schema.json (spec B56)."""
    check = _validator()
    for state in sample_states()[::3]:
        check.validate(json.loads(babel.state_to_json(state)))
        for seat in (0, 1):
            check.validate(json.loads(babel.view_to_json(babel.view(state, seat))))
        for action in babel.legal_actions(state):
            check.validate(json.loads(babel.action_to_json(action)))
    game = babel.BabelGame.new(0)
    game.play(babel.legal_actions(game.state)[0])
    check.validate(json.loads(game.to_json()))


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    """A few documents the reader refuses fail the schema too, so clients can check first."""
    check = _validator()
    changes: tuple[Callable[[Any], object], ...] = (
        lambda d: d.update(people="HX"),
        lambda d: d["sides"][0].update(row=[7]),
        lambda d: d.update(extra=1),
        lambda d: d.update(end="later"),
        lambda d: d["sides"][0]["columns"].pop("H"),
    )
    for change in changes:
        document = _state_doc()
        change(document)
        assert not check.is_valid(document)
        with pytest.raises(JsonError):
            babel.state_from_json(json.dumps(document))
    assert not check.is_valid({"format": "tigeuph-babel-action", "version": 1, "action": "x"})
