"""Every field of the view document a bot receives is described in the game's JSON schema:
docs/protocol.rst lists them from there (``.. view-fields::``, docs/_ext/viewfields.py)."""

from __future__ import annotations

import json

import pytest

from tigeuph import GAMES

BUILT_IN = ("tigris", "babel")  # not a game a test registers (tests/nim/)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_view_property_has_a_description(name: str) -> None:
    view = GAMES[name].json_schema()["$defs"]["view"]
    missing = [
        field for field, schema in view["properties"].items() if not schema.get("description")
    ]
    assert not missing, f"{name}: view fields without a description: {missing}"


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_described_fields_are_those_a_view_holds(name: str) -> None:
    """The schema's properties are the document's keys: a view written now has no field the
    page would leave out."""
    game = GAMES[name]
    state = game.new_game(game.facts.default_players, seed=1)
    document = game.view_to_json(game.view(state, 0))
    keys = set(json.loads(document))
    assert keys <= set(game.json_schema()["$defs"]["view"]["properties"])
