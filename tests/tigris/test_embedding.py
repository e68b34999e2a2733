"""What a server may rely on (issue 11, docs/embedding.rst): check_state reads any state without
failing and says what it checks, a record proves its result only when dealt from its seed, and
a game without a seed is dealt from the system's secure source."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import tigeuph
from tigeuph import Game, PositionError, check_state, new_game, state_from_json, state_to_json
from tigeuph.tigris.checks.shapes import MAX_COUNT

STATE = new_game(2, seed=1)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"active": "0"}, "active is not a seat"),
        ({"bag": None}, "bag is not a str"),
        ({"points": ((0, 0, 0, "9"), (0, 0, 0, 0))}, "points is not"),
        ({"points": ((0, 0, 0, 10**4000), (0, 0, 0, 0))}, "points is not"),
        ({"hands": [(1, 1, 1, 1), (1, 1, 1, 1)]}, "hands is not"),
        ({"tiles": (0, 0, 0)}, "tiles is not four masks"),
        ({"leaders": ((None,) * 4, (None, None, None, "E5"))}, "leaders is not"),
        ({"pending": "revolt"}, "pending is not a decision"),
        ({"pending": tigeuph.WonderPoint(True)}, "pending WonderPoint.player"),
        ({"ended": "bag"}, "ended is not an End"),
        ({"monuments": (tigeuph.MonumentSite(0, 0, 0),)}, "MonumentSite.monument"),  # type: ignore[arg-type]
        ({"rules": None}, "rules is not a Rules"),
    ],
)  # fmt: skip
def test_check_state_names_fields_of_the_wrong_shape(changes: dict[str, Any], says: str) -> None:
    """A state built by hand with a field of the wrong type or a number beyond MAX_COUNT is
    reported in words, never with a crash, and the other checks do not run on it."""
    problems = check_state(attrs.evolve(STATE, **changes))
    assert any(says in problem for problem in problems), problems


def test_huge_points_in_json_are_an_impossible_position() -> None:
    """4,000-digit points read from JSON are refused as an impossible position (beyond
    MAX_COUNT), not kept to break whatever prints them later."""
    document = json.loads(state_to_json(STATE))
    document["points"][0]["r"] = 10**3999
    with pytest.raises(PositionError, match="points is not"):
        state_from_json(json.dumps(document))
    document["points"][0]["r"] = MAX_COUNT
    assert state_from_json(json.dumps(document)).points[0][0] == MAX_COUNT


def test_a_position_proves_consistency_not_history() -> None:
    """As check_state documents, points on a board where nothing was played pass (a revolt can
    score them, and its leaders can go back to supply): a position proves only that it is
    consistent, which is why records verify from their seed."""
    scored = attrs.evolve(STATE, points=((3, 0, 0, 0), (0, 0, 0, 0)))
    assert check_state(scored) == []
    game = Game(scored)
    with pytest.raises(tigeuph.NotationError, match="verify=False"):
        Game.from_record(game.to_record())


def test_a_verified_record_replays_from_its_seed() -> None:
    """A record read with verify=True starts from new_game with its Seed and Rules tags."""
    game = Game.new(3, seed=11, tags={"Date": "2025-01-31"})
    for _ in range(20):
        game.play(tigeuph.legal_actions(game.state)[-1])
    again = Game.from_record(game.to_record())
    assert again.start == new_game(3, seed=11) and again.states == game.states
    assert Game.from_json(game.to_json()).states == game.states


def test_new_game_without_a_seed_draws_from_the_secure_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """new_game and Game.new without a seed draw 63 bits from random.SystemRandom, and the seed
    drawn deals the game (spec R1), so a server need not pick seeds."""
    drawn: list[int] = []
    real = random.SystemRandom.randrange

    def spy(self: random.SystemRandom, stop: int) -> int:
        value = real(self, stop)
        drawn.append(stop)
        return value

    monkeypatch.setattr(random.SystemRandom, "randrange", spy)
    new_game(2)
    game = Game.new(2)
    assert drawn == [2**63, 2**63]
    assert game.seed is not None and game.start == new_game(2, seed=game.seed)
