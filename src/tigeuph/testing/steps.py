"""The invariants of one step ``after = apply(before, action)``: what apply promises whatever
the rules (the action was listed, the input untouched, value semantics, round trips), what
only grows, and the turn's flow (issue 5)."""

from __future__ import annotations

import attrs

from ..action_text import parse_action
from ..actions import Action, TakeTreasure
from ..cells import Bitboard, names
from ..decisions import TreasureChoice
from ..engine import outcome
from ..errors import TigeuphError
from ..legal import legal_actions
from ..notation import from_text, to_text
from ..serialise import action_from_json, action_to_json, state_from_json, state_to_json
from ..state import GameState

__all__ = ["round_trip_problems", "snapshot", "step_problems"]


def snapshot(state: GameState) -> tuple[object, ...]:
    """The fields of *state* that equality compares (its caches left out): take one before
    :func:`~tigeuph.apply` and pass it to :func:`step_problems` to check that the input was
    left alone."""
    return tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.eq)


def step_problems(
    before: GameState,
    action: Action,
    after: GameState,
    *,
    before_snapshot: tuple[object, ...] | None = None,
    round_trip: bool = True,
) -> list[str]:
    """Every invariant the step ``after = apply(before, action)`` breaks, citing its clause.

    Checks that *action* was listed by :func:`~tigeuph.legal_actions` (R5); that *before* was
    left alone (when *before_snapshot*, taken by :func:`snapshot` before the call, is given);
    that points, taken treasures, removed and discarded tiles, catastrophes, monuments and
    declined squares never decrease, the bag only loses its front, and treasures leave the
    board only one at a time, to the player taking it (R1, R13-R25); that a player to move has
    an action, a finished game none, and actions left never rise within a turn (R5, R26); that
    ``==`` and ``hash`` agree; and, when *round_trip* is true (the costly part), that the new
    state reads back from its text and JSON and the action from its notation and JSON
    (:func:`round_trip_problems`).

    Which treasures a trader may take, who moves next and the refills are the rules' own
    answers: the reference engine in ``tests/reference/`` states them independently and the
    tests compare the two at every step of their games, so they are not stated here again.
    """
    out: list[str] = []
    legal = legal_actions(before)
    # The engine shares action values, so identity finds a listed action at once.
    if not any(a is action for a in legal) and action not in legal:
        out.append(f"R5: apply accepted {action}, which legal_actions does not list")
    if before_snapshot is not None and snapshot(before) != before_snapshot:
        out.append(f"apply({action}) changed its input state")
    out += _monotone(before, after)
    out += _treasures(before, action, after)
    out += _turn(before, after)
    twin = attrs.evolve(after)  # the same fields, no caches
    if twin != after or hash(twin) != hash(after):
        out.append("equal states differ in == or hash")
    if round_trip:
        out += round_trip_problems(after)
    out += _action_round_trip(action)
    return out


def _lost(before: Bitboard, after: Bitboard) -> bool:
    """Whether cells of *before* are missing from *after*."""
    return before & ~after != 0


def _monotone(before: GameState, after: GameState) -> list[str]:
    """What only grows: points, pieces out of the game, catastrophes, monuments (R1, R13-R24)."""
    out: list[str] = []
    for seat, (old, new) in enumerate(zip(before.points, after.points, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R13-R24: seat {seat}'s points fell from {old} to {new}")
    if any(n < o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)):
        out.append(
            f"R25: taken treasures fell: {before.treasures_taken} to {after.treasures_taken}"
        )
    if any(n < o for o, n in zip(before.removed, after.removed, strict=True)):
        out.append(f"R1: removed tiles fell: {before.removed} to {after.removed}")
    for seat, (old, new) in enumerate(zip(before.discarded, after.discarded, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            out.append(f"R5: seat {seat}'s discards fell from {old} to {new}")
    if not before.bag.endswith(after.bag):
        out.append("R4: the bag changed other than by draws from its front")
    if _lost(before.catastrophes, after.catastrophes) or any(
        n > o for o, n in zip(before.catastrophe_tiles, after.catastrophe_tiles, strict=True)
    ):
        out.append("R14: a catastrophe left the board or came back to a hand")
    if after.monuments[: len(before.monuments)] != before.monuments:
        out.append("R22: a built monument moved or vanished")
    for what, was, now in (
        ("face-down tiles", before.flipped, after.flipped),
        ("declined squares", before.declined, after.declined),
        ("declined crosses", before.declined_crosses, after.declined_crosses),
    ):
        if _lost(was, now):
            out.append(f"R22, R31: {what} vanished at {names(was & ~now)}")
    if before.wonder is not None and after.wonder != before.wonder:
        out.append("R31: the wonder moved or vanished")
    return out


def _treasures(before: GameState, action: Action, after: GameState) -> list[str]:
    """Treasures never appear, and leave the board only one at a time, the one a
    :class:`~tigeuph.TakeTreasure` names, counted to the player the treasure decision asks
    (spec R25)."""
    out: list[str] = []
    gone = before.treasures & ~after.treasures
    if after.treasures & ~before.treasures:
        out.append(f"R25: treasures appeared at {names(after.treasures & ~before.treasures)}")
    gained = [n - o for o, n in zip(before.treasures_taken, after.treasures_taken, strict=True)]
    if not isinstance(action, TakeTreasure):
        if gone or any(gained):
            out.append(f"R25: {action} moved treasures (from {names(gone)})")
        return out
    expected = [0] * before.players
    if isinstance(before.pending, TreasureChoice):
        expected[before.pending.player] = 1
    if gone != 1 << action.cell or gained != expected:
        out.append(f"R25: {action} took {names(gone)}, counts {gained} (expected {expected})")
    return out


def _turn(before: GameState, after: GameState) -> list[str]:
    """A player to move has an action, a finished game none, and actions left never rise
    within a turn (spec R5, R26)."""
    out: list[str] = []
    legal = legal_actions(after)
    if after.is_over:
        if legal or outcome(after) is None or after.to_move is not None:
            out.append("R26: a finished game still has moves or no outcome")
        return out
    if not legal or after.to_move is None or not 0 <= after.to_move < after.players:
        out.append(f"R5: player {after.to_move} is to move but has no legal action")
    if after.active == before.active and after.actions_left > before.actions_left:
        out.append(f"R5: actions left rose from {before.actions_left} to {after.actions_left}")
    return out


def round_trip_problems(state: GameState) -> list[str]:
    """Whether *state* reads back, equal and with the same hash, from its position notation and
    its JSON (spec R4: a position is the whole game)."""
    out: list[str] = []
    for what, write, read in (
        ("to_text/from_text", to_text, from_text),
        ("state_to_json/state_from_json", state_to_json, state_from_json),
    ):
        try:
            again = read(write(state))
        except TigeuphError as err:
            out.append(f"{what}: the state does not read back: {err}")
            continue
        if again != state or hash(again) != hash(state):
            out.append(f"{what}: the state reads back different")
    return out


_ROUND_TRIPPED: set[Action] = set()
"""Actions whose notation and JSON were found to read back: a pure function of the action,
checked once per process (actions are finite)."""


def _action_round_trip(action: Action) -> list[str]:
    if action in _ROUND_TRIPPED:
        return []
    try:
        if (
            parse_action(str(action)) != action
            or action_from_json(action_to_json(action)) != action
        ):
            return [f"action notation: {action} reads back different"]
    except TigeuphError as err:
        return [f"action notation: {action} does not read back: {err}"]
    _ROUND_TRIPPED.add(action)
    return []
