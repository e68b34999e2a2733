"""JSON documents: exact round trips for states, actions, views and records, the shipped JSON
Schema agrees with what is written, and foreign or invalid JSON only ever raises a
``NotationError`` naming the field (issue 6)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any, get_args

import attrs
import jsonschema
import pytest
from helpers import scenario
from helpers.games import TILES_FIRST, every_switch, random_game
from hypothesis import given
from hypothesis import strategies as st

from tigeuph import (
    ACTION_COUNT,
    ADVANCED,
    COLOURS,
    BuildingChoice,
    Decision,
    Game,
    GameState,
    JsonError,
    NotationError,
    PlayerView,
    PositionError,
    Rules,
    WarChoice,
    WonderChoice,
    WonderPoint,
    action_from_json,
    action_to_json,
    apply,
    cell_name,
    from_text,
    id_to_action,
    json_schema,
    legal_actions,
    names,
    new_game,
    parse_action,
    state_from_json,
    state_to_json,
    view,
    view_from_json,
    view_to_json,
)
from tigeuph.tigris.model.boards import board_from_text

GAMES = [
    (2, 0, "standard"),
    (3, 1, "standard"),
    (4, 2, "advanced"),
    (2, 3, "open"),
    (2, 4, "variants"),
    (3, 5, "variants-open"),
    (4, 6, "variants"),
    (3, 8, "custom"),
]


# A custom board (spec R2): 6 x 8, a river crossing itself, two special treasures.
DELTA = board_from_text(
    """
    T..~..S.
    ...~~...
    .T~~~.T.
    ..~~....
    ~~~..S..
    ....T...
    """,
    name="delta",
)


@cache
def states(players: int, seed: int, rules: str = "standard") -> tuple[GameState, ...]:
    """Every state of one random game; "variants" switches every variant on (spec R28-R32)."""
    chosen = {
        "standard": Rules(),
        "advanced": Rules(board=ADVANCED),
        "open": Rules(open_scoring=True),
        "variants": every_switch(players),
        "variants-open": every_switch(players, open_scoring=True),
        "custom": attrs.evolve(every_switch(players), board=DELTA),
    }[rules]
    prefer = 0.0 if rules in ("standard", "advanced", "open") else TILES_FIRST
    steps = list(random_game(players, seed, chosen, prefer_tiles=prefer))
    return (steps[0][0], *(after for _, _, after in steps))


def variant_game(players: int, seed: int) -> Game:
    """A finished game with every variant switched on, played as :func:`states` plays it."""
    game = Game.new(players, seed=seed, rules=every_switch(players), tags={"Event": "variants"})
    for _, action, _ in random_game(players, seed, every_switch(players), prefer_tiles=TILES_FIRST):
        game.play(action)
    return game


@cache
def validator() -> jsonschema.Draft202012Validator:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "rules"), GAMES)
def test_states_round_trip_through_json(players: int, seed: int, rules: str) -> None:
    """Every state of a random game reads back equal from its JSON, compact or indented, with
    every variant switched on too."""
    for i, state in enumerate(states(players, seed, rules)):
        text = state_to_json(state)
        again = state_from_json(text)
        assert again == state and state_to_json(again) == text
        if i % 10 == 0:
            assert state_from_json(text.encode()) == state
            assert state_from_json(state_to_json(state, indent=2)) == state


@cache
def scenario_states() -> tuple[GameState, ...]:
    """Every state the scenario files (tests/scenarios) reach: each rule question's position."""
    out = []
    for path in scenario.all_scenarios():
        found = scenario.read(path)
        state = from_text(found.position)
        out.append(state)
        moves = found.play[:-1] if found.error is not None else found.play
        for text in moves:
            state = apply(state, parse_action(text))
            out.append(state)
    return tuple(out)


def test_scenario_states_round_trip_with_every_pending_decision() -> None:
    """The scenarios' states, every kind of pending decision among them, read back from their
    JSON, and so do every player's views of them."""
    kinds = set()
    for state in scenario_states():
        kinds.add(type(state.pending))
        assert state_from_json(state_to_json(state)) == state
        for player in range(state.players):
            seen = view(state, player)
            assert view_from_json(view_to_json(seen)) == seen
    assert kinds == {type(None), *get_args(Decision)}
    choice = next(s for s in scenario_states() if isinstance(s.pending, WarChoice))
    assert json.loads(state_to_json(choice))["pending"]["kind"] == "war-choice"


def test_variant_games_reach_every_new_field_and_decision() -> None:
    """The variant games that round-trip above place buildings, build and decline the wonder,
    and stop at each of the variants' decisions, so their JSON is exercised (spec R30, R31)."""
    found = [
        s
        for players, seed, rules in GAMES
        if "variants" in rules
        for s in states(players, seed, rules)
    ]
    kinds = {type(s.pending) for s in found}
    assert {BuildingChoice, WonderChoice, WonderPoint} <= kinds
    assert any(s.wonder is not None for s in found)
    assert any(s.declined_crosses for s in found)
    assert any(all(c is not None for c in s.buildings) for s in found)


def written_decision(decision: Decision) -> dict[str, Any]:
    """The JSON a variant decision is written as, spelled out by hand."""
    match decision:
        case BuildingChoice():
            return {
                "kind": "building",
                "player": decision.player,
                "colour": decision.colour.letter,
                "cells": [cell_name(c) for c in decision.cells],
                "placed": cell_name(decision.placed),
            }
        case WonderChoice():
            return {
                "kind": "wonder",
                "player": decision.player,
                "centres": [cell_name(c) for c in decision.centres],
                "placed": cell_name(decision.placed),
            }
        case WonderPoint():
            return {"kind": "wonder-point", "player": decision.player}
    raise AssertionError(decision)


def test_variant_fields_are_written_for_people() -> None:
    """Switches are booleans in the rules, buildings a cell name or null per colour, the wonder
    its centre and colour, declined crosses a list of cell names, and each variant decision a
    kind named as in position notation (spec R28-R32)."""
    seen = set()
    for state in states(3, 5, "variants-open"):
        document = json.loads(state_to_json(state))
        assert document["rules"] == {
            "players": 3,
            "board": "standard",
            "english_reinforcement": True,
            "buildings": True,
            "wonder": True,
            "open_scoring": True,
        }
        assert document["buildings"] == {
            colour.letter: None if at is None else cell_name(at)
            for colour, at in zip(COLOURS, state.buildings, strict=True)
        }
        site = state.wonder
        assert document["wonder"] == (
            None
            if site is None
            else {"centre": cell_name(site.centre), "colour": site.colour.letter}
        )
        assert document["declined_crosses"] == names(state.declined_crosses)
        if isinstance(state.pending, BuildingChoice | WonderChoice | WonderPoint):
            assert document["pending"] == written_decision(state.pending)
            seen.add(type(state.pending))
    assert seen == {BuildingChoice, WonderChoice, WonderPoint}


def test_documents_without_the_variant_fields_still_read() -> None:
    """A state or view written before the variants, without their fields, reads back: a
    missing switch is off, missing buildings are in supply, no wonder, no declined cross."""
    state = states(2, 0)[30]
    document = json.loads(state_to_json(state))
    for name in ("buildings", "wonder", "declined_crosses"):
        del document[name]
    for name in ("english_reinforcement", "buildings", "wonder", "open_scoring"):
        del document["rules"][name]
    assert validator().is_valid(document)
    assert state_from_json(json.dumps(document)) == state
    seen = json.loads(view_to_json(view(state, 1)))
    for name in ("buildings", "wonder", "declined_crosses"):
        del seen[name]
    assert view_from_json(json.dumps(seen)) == view(state, 1)


def test_every_action_round_trips_through_json() -> None:
    """Each of the ACTION_COUNT actions reads back equal from its JSON document."""
    for i in range(ACTION_COUNT):
        action = id_to_action(i)
        text = action_to_json(action)
        assert action_from_json(text) == action
        assert json.loads(text) == {"format": "tigeuph-action", "version": 1, "action": str(action)}


@pytest.mark.slow
def test_documents_follow_the_shipped_schema() -> None:
    """States, actions, views and records as written all validate against the JSON Schema."""
    check = validator()
    game = Game.new(3, seed=4, tags={"Event": "test"})
    rng = random.Random(4)
    while not game.state.is_over:
        comment = "x" if rng.random() < 0.1 else None
        game.play(rng.choice(legal_actions(game.state)), comment=comment)
    for state in game.states[::25]:
        check.validate(json.loads(state_to_json(state)))
        for player in range(3):
            check.validate(json.loads(view_to_json(view(state, player))))
    check.validate(json.loads(view_to_json(game.view(1))))
    check.validate(json.loads(game.to_json()))
    for i in [*range(0, ACTION_COUNT, 11), *range(3042, ACTION_COUNT)]:
        check.validate(json.loads(action_to_json(id_to_action(i))))
    from_position = Game(game.states[30])
    from_position.play(legal_actions(from_position.state)[0])
    check.validate(json.loads(from_position.to_json()))


@pytest.mark.slow
def test_variant_documents_follow_the_shipped_schema() -> None:
    """With every variant on, states, views and records validate too, and so does a record
    that starts from a position holding buildings and the wonder (spec R30, R31)."""
    check = validator()
    game = variant_game(4, 7)
    for i, state in enumerate(game.states):
        if i % 5 == 0 or state.pending is not None:
            check.validate(json.loads(state_to_json(state)))
            check.validate(json.loads(view_to_json(view(state, i % 4))))
    check.validate(json.loads(view_to_json(game.view(2))))
    check.validate(json.loads(game.to_json()))
    late = next(s for s in game.states if s.wonder is not None and s.buildings[0] is not None)
    from_position = Game(late)
    from_position.play(legal_actions(late)[0])
    check.validate(json.loads(from_position.to_json()))
    assert Game.from_json(from_position.to_json(), verify=False).states == from_position.states


def test_the_schema_refuses_what_the_reader_refuses() -> None:
    """A few documents the reader refuses fail the schema too, so clients can check first."""
    check = validator()
    good = json.loads(state_to_json(new_game(2, seed=5)))
    for change in (
        {"version": 2},
        {"format": "tigeuph-view"},
        {"active": "0"},
        {"bag": "rrx"},
        {"extra": 1},
        {"tiles": {"r": ["Z9"], "b": [], "g": [], "k": []}},
        {"buildings": [None, None, None, None]},
        {"buildings": {"r": "E5", "b": None, "g": None}},
        {"wonder": {"centre": "E5"}},
        {"wonder": {"centre": "E5", "colour": "x"}},
        {"declined_crosses": ["E5", "E5"]},
        {"rules": {"players": 2, "board": "standard", "wonder": 1}},
        {"pending": {"kind": "wonder-point"}},
        {"pending": {"kind": "building", "player": 0, "colour": "k", "cells": [], "placed": 5}},
    ):
        bad = {**good, **change}
        assert not check.is_valid(bad), change
        with pytest.raises(JsonError):
            state_from_json(json.dumps(bad))


def mutate(document: Any, path: list[Any], value: Any) -> Any:
    """A copy of *document* with the value at *path* replaced (or a key removed if ...)."""
    copy = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


@pytest.mark.parametrize(
    ("path", "value", "where", "says"),
    [
        (["active"], "0", "$.active", "expected an integer, not '0'"),
        (["active"], 1.0, "$.active", "expected an integer, not 1.0"),
        (["active"], True, "$.active", "expected an integer, not true"),
        (["hands", 0, "r"], "3", "$.hands[0].r", "expected an integer"),
        (["hands", 0, "r"], -1, "$.hands[0]", "'r' must be >= 0"),
        (["hands", 0, "r"], ..., "$.hands[0].r", "required field missing"),
        (["hands", 0, "x"], 1, "$.hands[0]", "unknown field x"),
        (["hands", 0], [1, 2, 3, 4], "$.hands[0]", "expected an object of counts"),
        (["bag"], ..., "$.bag", "required field missing"),
        (["bag"], "rrx", "$.bag", "'x' is not a colour letter"),
        (["tiles", "r", 0], "Z9", "$.tiles.r[0]", "'Z9' is not a cell"),
        (["tiles", "r", 0], "k1", "$.tiles.r[0]", "'k1' is not a cell"),
        (["tiles", "k"], ["K1"], "$.tiles", "K1 holds two tiles"),
        (["treasures", 1], "K1", "$.treasures", "K1 is listed twice"),
        (["leaders", 0, "r"], 5, "$.leaders[0].r", "expected a cell"),
        (["leaders", 0], "x", "$.leaders[0]", "expected an object"),
        (["pending"], {"kind": "nope"}, "$.pending", "kind must be one of"),
        (["pending"], {"kind": "war", "colour": "k", "attacker": 1}, "$.pending.defender", ""),
        (["ended"], "won", "$.ended", "'won'"),
        (["rules", "players"], 5, "$.rules", "Rules.players must be 2, 3 or 4"),
        (["rules", "board"], "huge", "$.rules.board", "'huge' is not a board"),
        (["rules", "open_scoring"], 1, "$.rules.open_scoring", "expected true or false"),
        (["rules", "wonder"], "yes", "$.rules.wonder", "expected true or false, not 'yes'"),
        (["rules", "buildings"], 0, "$.rules.buildings", "expected true or false, not 0"),
        (["rules", "english_reinforcement"], None, "$.rules.english_reinforcement", "true or"),
        (["buildings"], ["E5"], "$.buildings", "expected an object of cells"),
        (["buildings", "r"], 5, "$.buildings.r", "expected a cell (A1 to P11), not 5"),
        (["buildings", "g"], "e5", "$.buildings.g", "'e5' is not a cell"),
        (["buildings", "k"], ..., "$.buildings.k", "required field missing"),
        (["buildings", "x"], "E5", "$.buildings", "unknown field x"),
        (["wonder"], "E5", "$.wonder", "expected an object, not 'E5'"),
        (["wonder"], {"centre": "Z9", "colour": "r"}, "$.wonder.centre", "'Z9' is not a cell"),
        (["wonder"], {"centre": "E5"}, "$.wonder.colour", "required field missing"),
        (["wonder"], {"centre": "E5", "colour": "w"}, "$.wonder.colour", "'w' is not a colour"),
        (["declined_crosses"], ["E5", "E5"], "$.declined_crosses", "E5 is listed twice"),
        (["declined_crosses"], "E5", "$.declined_crosses", "expected a list, not 'E5'"),
        (
            ["pending"],
            {"kind": "building", "player": 0, "colour": "k", "cells": ["E5", 3], "placed": "E5"},
            "$.pending.cells[1]",
            "expected a cell",
        ),
        (
            ["pending"],
            {"kind": "building", "player": 0, "colour": "x", "cells": [], "placed": "E5"},
            "$.pending.colour",
            "'x' is not a colour",
        ),
        (
            ["pending"],
            {"kind": "wonder", "player": 0, "centres": "E5", "placed": "E5"},
            "$.pending.centres",
            "expected a list",
        ),
        (["pending"], {"kind": "wonder", "player": 0, "centres": []}, "$.pending.placed", ""),
        (["pending"], {"kind": "wonder-point", "player": "0"}, "$.pending.player", "integer"),
        (["pending"], {"kind": "wonder-point"}, "$.pending.player", "required field missing"),
        (["catastrophe_tiles"], "22", "$.catastrophe_tiles", "expected a list, not '22'"),
        (["monuments"], [{"monument": "kr"}], "$.monuments[0].monument", "'kr' is not a monu"),
        (["extra"], 1, "$", "unknown field extra"),
        (["version"], 2, "$.version", "version 2 is not supported"),
        (["version"], "1", "$.version", "version '1' is not supported"),
        (["format"], "chess", "$.format", "expected \"tigeuph-state\", not 'chess'"),
        (["format"], ..., "$.format", "not nothing"),
    ],
)
def test_wrong_fields_are_named(path: list[Any], value: Any, where: str, says: str) -> None:
    """Each kind of mistake raises JsonError whose path names the field (issue 6)."""
    good = json.loads(state_to_json(new_game(2, seed=6)))
    with pytest.raises(JsonError) as caught:
        state_from_json(json.dumps(mutate(good, path, value)))
    assert caught.value.path == where
    assert says in str(caught.value)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "3", '"state"', b"\xff\xfe", "[" * 20])
def test_text_that_is_not_a_json_object_is_refused(text: str | bytes) -> None:
    """Text that is not a JSON object is refused at the root."""
    with pytest.raises(JsonError) as caught:
        state_from_json(text)
    assert caught.value.path == "$"


def test_impossible_states_raise_position_errors() -> None:
    """JSON that reads but describes an impossible state fails check_state (PositionError)."""
    good = json.loads(state_to_json(new_game(2, seed=7)))
    for path, value in (
        (["hands"], [{"r": 0, "b": 0, "g": 0, "k": 0}]),
        (["bag"], "r"),
        (["active"], 7),
        (["catastrophes"], ["A1"]),
    ):
        with pytest.raises(PositionError, match="impossible position"):
            state_from_json(json.dumps(mutate(good, path, value)))


def test_a_custom_board_is_written_as_its_layout() -> None:
    """A custom board is written as its size and cell lists, in the shape of boards.json, and
    reads back equal (spec R2); a named board equal to it by layout would be written by name."""
    state = states(3, 8, "custom")[40]
    document = json.loads(state_to_json(state))
    assert document["rules"]["board"] == {
        "rows": 6,
        "cols": 8,
        "river": ["D1", "D2", "E2", "C3", "D3", "E3", "C4", "D4", "A5", "B5", "C5"],
        "temples": ["A1", "G1", "B3", "G3", "F5", "E6"],
        "special_treasures": ["G1", "F5"],
    }
    assert state_from_json(json.dumps(document)) == state
    assert validator().is_valid(document)
    assert json.loads(state_to_json(new_game(2, seed=1)))["rules"]["board"] == "standard"


@pytest.mark.parametrize(
    ("change", "where", "says"),
    [
        ({"rows": "6"}, "$.rules.board.rows", "expected an integer"),
        ({"rows": 12}, "$.rules.board", "out of range"),
        ({"cols": ...}, "$.rules.board.cols", "required field missing"),
        ({"river": ["Z9"]}, "$.rules.board.river[0]", "'Z9' is not a cell"),
        ({"river": ["A1"]}, "$.rules.board", "temples on a river: A1"),
        ({"temples": ["H6", "H6"]}, "$.rules.board.temples", "H6 is listed twice"),
        ({"special_treasures": ["H6"]}, "$.rules.board", "not on a starting temple: H6"),
        ({"note": "x"}, "$.rules.board", "unknown field note"),
    ],
)
def test_bad_custom_boards_are_named(change: dict[str, Any], where: str, says: str) -> None:
    """A custom board that cannot be read or played is refused at $.rules.board (spec R2)."""
    document = json.loads(state_to_json(states(3, 8, "custom")[0]))
    for key, value in change.items():
        document = mutate(document, ["rules", "board", key], value)
    with pytest.raises(JsonError) as caught:
        state_from_json(json.dumps(document))
    assert caught.value.path == where
    assert says in str(caught.value)
    if where != "$.rules.board":  # a malformed layout fails the schema too; an unplayable one
        assert not validator().is_valid(document)  # needs the Board checks


def test_actions_refuse_bad_documents() -> None:
    """A bad action document names the field."""
    for document, where in (
        ({"format": "tigeuph-action", "version": 1, "action": "zz"}, "$.action"),
        ({"format": "tigeuph-action", "version": 1, "action": 5}, "$.action"),
        ({"format": "tigeuph-action", "version": 1}, "$.action"),
        ({"format": "tigeuph-state", "version": 1, "action": "pass"}, "$.format"),
    ):
        with pytest.raises(JsonError) as caught:
            action_from_json(json.dumps(document))
        assert caught.value.path == where


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def paths(document: Any, prefix: list[Any]) -> list[list[Any]]:
    """Every path to a value inside *document*."""
    out = [prefix] if prefix else []
    if isinstance(document, dict):
        for key, value in document.items():
            out += paths(value, [*prefix, key])
    elif isinstance(document, list):
        for i, value in enumerate(document):
            out += paths(value, [*prefix, i])
    return out


# Each kind of document and its reader.
READERS: dict[str, Callable[[str], object]] = {
    "tigeuph-state": state_from_json,
    "tigeuph-view": view_from_json,
    "tigeuph-record": Game.from_json,
    "tigeuph-action": action_from_json,
}


def write(found: object) -> str:
    if isinstance(found, GameState):
        return state_to_json(found)
    if isinstance(found, PlayerView):
        return view_to_json(found)
    assert isinstance(found, Game)
    return found.to_json()


@cache
def sample_documents() -> tuple[Any, ...]:
    """States, views with their history and a short record of one game, as parsed JSON."""
    found = states(3, 1)
    game = Game.new(3, seed=1, tags={"Event": "fuzz"})
    rng = random.Random(1)
    for i in range(40):
        game.play(rng.choice(legal_actions(game.state)), comment="x" if i % 9 == 0 else None)
    texts = [state_to_json(s) for s in found[:: max(1, len(found) // 8)]]
    texts += [view_to_json(game.view(player)) for player in range(3)]
    texts.append(game.to_json())
    # With every variant on: states holding buildings, the wonder and each variant decision.
    variants = states(3, 5, "variants-open")
    texts += [state_to_json(s) for s in variants[:: max(1, len(variants) // 6)]]
    for kind in (BuildingChoice, WonderChoice, WonderPoint):
        at = next(i for i, s in enumerate(variants) if isinstance(s.pending, kind))
        texts += [state_to_json(variants[at]), view_to_json(view(variants[at], 0))]
    return tuple(json.loads(text) for text in texts)


@given(data=st.data(), value=JSON)
def test_damaged_documents_only_raise_notation_errors(data: st.DataObject, value: Any) -> None:
    """Any one value of a good state, view or record document replaced by any JSON reads back
    or raises a NotationError (JsonError, PositionError, RecordError), never anything else."""
    document = data.draw(st.sampled_from(sample_documents()))
    path = data.draw(st.sampled_from(paths(document, [])))
    damaged = mutate(document, path, value)
    read = READERS[document["format"]]
    try:
        found = read(json.dumps(damaged))
    except NotationError:
        return
    assert write(read(write(found))) == write(found)


@given(value=JSON, kind=st.sampled_from(sorted(READERS)))
def test_any_json_only_raises_notation_errors(value: Any, kind: str) -> None:
    """Arbitrary JSON, alone or as the body of a document of the right format and version, is
    refused with a NotationError, never another exception."""
    bodies = [value]
    if isinstance(value, dict):
        bodies.append({**value, "format": kind, "version": 1})
    for body in bodies:
        with pytest.raises(NotationError):
            READERS[kind](json.dumps(body))
