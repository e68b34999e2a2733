"""What every game's step ``after = apply(before, action)`` and every game's state obey,
through :class:`~tigeuph.GameInterface` alone (issues 5 and 25): the action was listed, the
input untouched, value semantics, whose move it is, and the round trips of states, views and
actions through their notation and JSON."""

from __future__ import annotations

import random
from typing import Any

import attrs

from ..core.errors import TigeuphError
from ..games import AnyGame, game_of

__all__ = ["round_trip_problems", "snapshot", "step_problems", "to_move_problems"]


def snapshot(state: Any) -> tuple[object, ...]:
    """The fields of *state* that equality compares (its caches left out): take one before
    :func:`~tigeuph.apply` and pass it to :func:`step_problems` to check that the input was
    left alone."""
    return tuple(getattr(state, f.name) for f in attrs.fields(type(state)) if f.eq)


def step_problems(
    before: Any,
    action: Any,
    after: Any,
    *,
    before_snapshot: tuple[object, ...] | None = None,
    round_trip: bool = True,
) -> list[str]:
    """Every invariant the step ``after = apply(before, action)`` breaks, citing its clause.

    What every game keeps: *action* was listed by ``legal_actions`` (the main game's R5);
    *before* was left alone (when *before_snapshot*, taken by :func:`snapshot` before the
    call, is given); ``==`` and ``hash`` agree; when *round_trip* is true (the costly part),
    the new state reads back from its text and JSON (:func:`round_trip_problems`); the action
    reads back from its notation and JSON. Then the game's own rules of a step
    (:meth:`~tigeuph.games.Invariants.step_problems`): for the main game what only grows,
    the treasures and the turn's actions (R1-R25); for Babel the scores, the temples and the
    turn (B7, B18, B26, B27, B50).
    """
    game = game_of(before)
    out: list[str] = []
    legal = game.legal_actions(before)
    # The main game shares action values, so identity finds a listed action at once.
    if not any(a is action for a in legal) and action not in legal:
        out.append(f"R5: apply accepted {action}, which legal_actions does not list")
    if before_snapshot is not None and snapshot(before) != before_snapshot:
        out.append(f"apply({action}) changed its input state")
    out += game.invariants.step_problems(before, action, after)
    twin = attrs.evolve(after)  # the same fields, no caches
    if twin != after or hash(twin) != hash(after):
        out.append("equal states differ in == or hash")
    if round_trip:
        out += round_trip_problems(after)
    out += _action_round_trip(game, action)
    return out


def to_move_problems(game: AnyGame, state: Any) -> list[str]:
    """A player to move has a legal action, a finished game none and its winners (the main
    game's R5 and R26, Babel's B53)."""
    legal = game.legal_actions(state)
    if state.is_over:
        if legal or not game.winners(state) or state.to_move is not None:
            return ["R26: a finished game still has moves or no outcome"]
        return []
    seat = state.to_move
    if not legal or seat is None or not 0 <= seat < game.player_count(state):
        return [f"R5: player {seat} is to move but has no legal action"]
    return []


def round_trip_problems(state: Any) -> list[str]:
    """Whether *state* reads back, equal and with the same hash, from its position notation and
    its JSON (a position is the whole game); whether each seat's view reads back from its JSON
    and hides what it should (a state sampled from the view shows the same view); and whether
    each legal action reads back from its notation and its JSON."""
    game = game_of(state)
    out: list[str] = []
    for what, write, read in (
        ("to_text/from_text", game.to_text, game.from_text),
        ("state_to_json/state_from_json", game.state_to_json, game.state_from_json),
    ):
        try:
            again = read(write(state))
        except TigeuphError as err:
            out.append(f"{what}: the state does not read back: {err}")
            continue
        if again != state or hash(again) != hash(state):
            out.append(f"{what}: the state reads back different")
    for seat in range(game.player_count(state)):
        seen = game.view(state, seat)
        try:
            if game.view_from_json(game.view_to_json(seen)) != seen:
                out.append(f"view_to_json/view_from_json: seat {seat}'s view reads back different")
            if game.view(game.sample_state(seen, random.Random(seat)), seat) != seen:
                out.append(f"sample_state: a state sampled from seat {seat}'s view shows another")
        except TigeuphError as err:
            out.append(f"seat {seat}'s view does not read back: {err}")
    for action in game.legal_actions(state):
        out += _action_round_trip(game, action)
    return out


_ROUND_TRIPPED: dict[str, set[Any]] = {}
"""Each game's actions whose notation and JSON were found to read back: a pure function of
the action, checked once per process (actions are finite)."""


def _action_round_trip(game: AnyGame, action: Any) -> list[str]:
    done = _ROUND_TRIPPED.setdefault(game.facts.name, set())
    if action in done:
        return []
    try:
        if (
            game.parse_action(str(action)) != action
            or game.action_from_json(game.action_to_json(action)) != action
        ):
            return [f"action notation: {action} reads back different"]
    except TigeuphError as err:
        return [f"action notation: {action} does not read back: {err}"]
    done.add(action)
    return []
