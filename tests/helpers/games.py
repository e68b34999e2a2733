"""Random legal games and hand-made two-player positions, shared by the test modules."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import tigeuph
from tigeuph import Action, GameState, PlaceTile, Rules
from tigeuph.tigris.model.cells import neighbours

TILES_FIRST = 0.6
"""A ``prefer_tiles`` for :func:`random_game` under :func:`every_switch` rules: runs and crosses
grow, so the buildings' and the wonder's decisions come up in most games, and conflicts still
happen."""


def every_switch(players: int, *, open_scoring: bool = False) -> Rules:
    """Rules with every variant that changes play switched on (spec R28, R30, R31); open
    scoring (R32) only changes what views show, so it is a choice."""
    return Rules(
        players=players,
        english_reinforcement=True,
        buildings=True,
        wonder=True,
        open_scoring=open_scoring,
    )


def random_game(
    players: int, seed: int, rules: Rules | None = None, *, prefer_tiles: float = 0.0
) -> Iterator[tuple[GameState, Action, GameState]]:
    """Every step ``(before, action, after)`` of a game of random legal actions.

    By default the actions are uniformly random under the default rules. *rules* gives other
    rules (its player count must be *players*). With *prefer_tiles* above zero, that share of
    the steps where a tile may be placed places one next to the most tiles of its colour: runs
    and crosses grow, so random games reach the buildings' and the wonder's decisions often.
    """
    rng = random.Random(seed)
    if rules is None:
        state = tigeuph.new_game(players, seed=seed)
    else:
        state = tigeuph.new_game(players, seed=seed, rules=rules)
    while not state.is_over:
        legal = tigeuph.legal_actions(state)
        if prefer_tiles > 0 and rng.random() < prefer_tiles:
            action = _clumping_tile(state, legal, rng) or rng.choice(legal)
        else:
            action = rng.choice(legal)
        after = tigeuph.apply(state, action)
        yield state, action, after
        state = after


def _clumping_tile(
    state: GameState, legal: Sequence[Action], rng: random.Random
) -> PlaceTile | None:
    """A legal tile placement touching the most tiles of its colour, or ``None``."""
    tiles = [action for action in legal if isinstance(action, PlaceTile)]
    if not tiles:
        return None

    def touching(action: PlaceTile) -> int:
        return (neighbours(1 << action.cell) & state.tiles[action.colour]).bit_count()

    most = max(map(touching, tiles))
    return rng.choice([action for action in tiles if touching(action) == most])


def position(rows: str, *lines: str) -> GameState:
    """A two-player position on the standard board: *lines* (hands and such) and board rows 4-8;
    rows 1-3 and 9-11 hold only the starting temples."""
    return tigeuph.from_text(
        "\n".join(
            [
                "tigeuph position",
                "rules: players=2 board=standard",
                *lines,
                " 1   .  .  .  .  ~  ~  ~  ~  ~  .  r$ .  ~  .  .  .",
                " 2   .  r$ .  .  ~  .  .  .  .  .  .  .  ~  .  .  r$",
                " 3   .  .  .  ~  ~  r$ .  .  .  .  .  .  ~  ~  .  .",
                rows.strip("\n"),
                " 9   .  .  .  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r$ .",
                "10   .  .  .  .  .  r$ .  .  .  .  .  .  .  .  .  .",
                "11   .  .  .  .  .  .  .  .  .  .  r$ .  .  .  .  .",
            ]
        )
    )
