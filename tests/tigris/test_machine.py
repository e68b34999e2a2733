"""A Hypothesis state machine over the public API (issue 5): any player count, any combination
of variant switches on either printed board or a small custom one, any seed; legal actions
drawn by index, runs of random legal actions to reach late-game states, and arbitrary actions
of every kind, any cell (or bit index that is no cell) and any count, which ``apply`` must
accept exactly when ``legal_actions`` lists them and otherwise refuse with
``IllegalActionError``, leaving the state unchanged; action values no notation can write
cannot be built (``NotationError``). Every state reached obeys
:func:`tigeuph.testing.invariants.state_problems` and every step
:func:`~tigeuph.testing.invariants.step_problems`.

The number of games comes from the Hypothesis profile (``HYPOTHESIS_PROFILE=soak`` for a long
local run); each game runs up to ``STEPS`` rules.
"""

from __future__ import annotations

import functools
import random
import typing
from collections.abc import Sequence
from typing import Any, Final

import attrs
import pytest
from helpers.paths import EXAMPLE_BOARDS
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)

import tigeuph
from tigeuph import (
    CELLS,
    COLOURS,
    Action,
    Cell,
    Colour,
    GameState,
    IllegalActionError,
    Monument,
    NotationError,
)
from tigeuph.testing.invariants import (
    every_rules,
    round_trip_problems,
    snapshot,
    state_problems,
    step_problems,
)

STEPS: Final = 40
BULK: Final = 30
"""The most random legal actions one ``play_many`` step plays (a game lasts about 200)."""

DELTA: Final = tigeuph.load_board(EXAMPLE_BOARDS / "delta.txt")
"""A 6 x 8 custom board: cells of the 11 x 16 layout off it must be refused (spec R2)."""
RULE_SETS: Final = every_rules(2) + tuple(
    attrs.evolve(rules, board=DELTA) for rules in every_rules(2) if rules.board == tigeuph.STANDARD
)
"""Every board and switch combination, the printed boards' first, then the same switches on
a small custom board; the player count is drawn apart, and both by index, so that a failure
shrinks to two players, the standard board and no switch."""
SEEDS: Final = st.integers(0, 2**32 - 1)
PLAYERS: Final = st.integers(2, 4)
COMBINATIONS: Final = st.integers(0, len(RULE_SETS) - 1)

# --- arbitrary actions of every kind -----------------------------------------------------------

CELL_SET: Final = frozenset(CELLS)
ODD_CELLS: Final = st.integers(-2, 200)
"""Bit indices around the board: mostly cells, also guard bits (16, 33, ...), -2, -1 and
indices past P11, which no action may hold."""
ODD_COUNTS: Final = st.integers(-1, 8)
"""Support counts: 0 to 6 may be legal, 7 and 8 never (a hand holds 6), -1 is no count."""


def _counts(colours: list[Colour]) -> tuple[int, int, int, int]:
    a, b, c, d = (colours.count(colour) for colour in COLOURS)
    return a, b, c, d


def _exchange_counts() -> st.SearchStrategy[tuple[int, int, int, int]]:
    """1 to 6 tiles of any colours (the only exchanges :class:`ExchangeTiles` can hold), or any
    four counts from -1 to 8 (none, negative, or more than six)."""
    return st.one_of(
        st.lists(st.sampled_from(COLOURS), min_size=1, max_size=6).map(_counts),
        st.tuples(ODD_COUNTS, ODD_COUNTS, ODD_COUNTS, ODD_COUNTS),
    )


def _field_values(kind: Any) -> tuple[st.SearchStrategy[Any], Any]:
    """Every value of the field's type an action field of type *kind* might be given (any bit
    index near the board, colour, monument, support count or four counts), real cells and
    counts first, and the simplest."""
    if kind is Cell:
        return st.one_of(st.sampled_from(CELLS), ODD_CELLS), CELLS[0]
    if kind is Colour:
        return st.sampled_from(COLOURS), Colour.RED
    if kind is Monument:
        return st.sampled_from(list(Monument)), Monument.RB
    if kind is int:
        return ODD_COUNTS, 0
    if kind == tuple[int, int, int, int]:
        return _exchange_counts(), (1, 0, 0, 0)
    raise TypeError(f"no strategy for an action field of type {kind!r}: add one here")


def _well_formed(kind: Any, value: Any) -> bool:
    """Whether an action field of type *kind* may hold *value*: a cell, a count of 0 or more,
    1 to 6 tiles to exchange (the constructors refuse anything else with NotationError)."""
    if kind is Cell:
        return value in CELL_SET
    if kind is int:
        return bool(value >= 0)
    if kind == tuple[int, int, int, int]:
        return bool(min(value) >= 0 and 1 <= sum(value) <= 6)
    return True


ACTION_KINDS: Final[tuple[type[Any], ...]] = typing.get_args(Action)
HINTS: Final = {kind: typing.get_type_hints(kind) for kind in ACTION_KINDS}
_FIELDS: Final = {
    kind: {name: _field_values(t) for name, t in hints.items()} for kind, hints in HINTS.items()
}
FIELDS: Final = {
    kind: {name: values for name, (values, _) in fields.items()} for kind, fields in _FIELDS.items()
}
"""For each action class (read from the ``Action`` union, so new kinds join by themselves),
a strategy for each of its fields."""
EXAMPLES: Final[tuple[Action, ...]] = tuple(
    kind(**{name: simplest for name, (_, simplest) in fields.items()})
    for kind, fields in _FIELDS.items()
)
"""One action of each kind."""


@attrs.frozen
class Draft:
    """An action to build: *kind* called with *fields*, or, with *base*, ``attrs.evolve(base,
    **fields)`` (the two ways a caller builds one); some drafts hold a field no action may."""

    kind: type[Any]
    fields: dict[str, Any]
    base: Action | None = None

    @property
    def well_formed(self) -> bool:
        hints = HINTS[self.kind]
        return all(_well_formed(hints[name], value) for name, value in self.fields.items())

    def build(self) -> Action:
        if self.base is not None:
            evolved: Action = attrs.evolve(self.base, **self.fields)
            return evolved
        built: Action = self.kind(**self.fields)
        return built

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        call = f"{self.kind.__name__}({args})"
        return call if self.base is None else f"attrs.evolve({self.base!r}, {args})"


def _drafts(kind: type[Any], fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Draft]:
    # partial, not a lambda: Hypothesis would print a lambda's source instead of the draft.
    return st.fixed_dictionaries(fields).map(functools.partial(Draft, kind))


ANY_DRAFT: Final[st.SearchStrategy[Draft]] = st.one_of(
    [
        _drafts(kind, fields)
        for kind, fields in sorted(FIELDS.items(), key=lambda item: len(item[1]))
    ]
)
"""An action of any kind with any fields, kinds with fewer fields first (``pass`` is the
simplest), so that a failure shrinks to a simple kind."""


@st.composite
def near_miss(draw: st.DrawFn, legal: Sequence[Action]) -> Draft:
    """A legal action with one field redrawn: the actions most likely to slip through."""
    action = draw(st.sampled_from(legal))
    fields = FIELDS[type(action)]
    if not fields:
        return draw(ANY_DRAFT)
    name = draw(st.sampled_from(sorted(fields)))
    return Draft(type(action), {name: draw(fields[name])}, base=action)


# --- the machine -------------------------------------------------------------------------------


class Games(RuleBasedStateMachine):
    """One game at a time, through the public API only; when a game ends, the next is dealt
    (the next player count, combination and seed), so every rule can always run."""

    state: GameState

    def _begin(self, players: int, combination: int, seed: int) -> None:
        self.deal = (players, combination, seed)
        rules = attrs.evolve(RULE_SETS[combination], players=players)
        self.state = tigeuph.new_game(players, seed=seed, rules=rules)
        assert round_trip_problems(self.state) == []

    @initialize(players=PLAYERS, combination=COMBINATIONS, seed=SEEDS)
    def new_game(self, players: int, combination: int, seed: int) -> None:
        self._begin(players, combination, seed)

    def _play(self, action: Action, *, round_trip: bool = True) -> None:
        before, taken = self.state, snapshot(self.state)
        after = tigeuph.apply(before, action)
        problems = step_problems(
            before, action, after, before_snapshot=taken, round_trip=round_trip
        )
        assert problems == [], f"{action}: {problems}"
        self.state = after
        if after.pending is not None:
            event(f"decision: {type(after.pending).__name__}")
        if after.is_over:
            self._finish()

    def _finish(self) -> None:
        """A finished game refuses every action (spec R26); then the next game is dealt."""
        assert tigeuph.legal_actions(self.state) == ()
        assert tigeuph.outcome(self.state) is not None
        assert state_problems(self.state) == [] and round_trip_problems(self.state) == []
        for action in EXAMPLES:
            try:
                tigeuph.apply(self.state, action)
            except IllegalActionError as err:
                assert err.clause == "R26", err
            else:
                raise AssertionError(f"{action} was accepted after the end of the game")
        event("a game ended")
        players, combination, seed = self.deal
        self._begin(players % 3 + 2, (combination + 1) % len(RULE_SETS), seed + 1)

    @rule(index=st.integers(0, 1000))
    def play_legal(self, index: int) -> None:
        """Play the legal action at *index* (wrapped round): 0 is the simplest, ``pass``."""
        legal = tigeuph.legal_actions(self.state)
        self._play(legal[index % len(legal)])

    @rule(seed=SEEDS, count=st.integers(1, BULK))
    def play_many(self, seed: int, count: int) -> None:
        """Play *count* random legal actions, to reach the middle and the end of games."""
        rng = random.Random(seed)
        for _ in range(count):
            self._play(rng.choice(tigeuph.legal_actions(self.state)), round_trip=False)
            assert state_problems(self.state) == []
        assert round_trip_problems(self.state) == []

    @rule(data=st.data())
    def try_any(self, data: st.DataObject) -> None:
        """An arbitrary action is accepted exactly when it is listed and is_legal says so; a
        refused one raises the IllegalActionError that refusal gives, naming its clause, and
        leaves the state as it was (spec R5); one with
        a field no action holds (a bit that is no cell, a negative count) cannot be built."""
        legal = tigeuph.legal_actions(self.state)
        draft = data.draw(st.one_of(ANY_DRAFT, near_miss(legal)), label="draft")
        try:
            action = draft.build()
        except NotationError:
            assert not draft.well_formed, f"{draft} is refused, yet well formed"
            event("an action that cannot be built")
            return
        assert draft.well_formed, f"{draft} was built: {action!r}"
        listed = action in legal
        before, taken, text = self.state, snapshot(self.state), tigeuph.to_text(self.state)
        assert tigeuph.is_legal(before, action) == listed
        refused = tigeuph.refusal(before, action)
        try:
            tigeuph.apply(before, action)
        except IllegalActionError as err:
            assert refused is not None and (refused.clause, str(refused)) == (err.clause, str(err))
            assert err.clause and err.reason and str(err)
            assert snapshot(before) == taken and tigeuph.to_text(before) == text
            event(f"refused [{err.clause}]")
            return
        assert listed, f"{action} is not listed, yet accepted"
        self._play(action)

    @invariant()
    def invariants_hold(self) -> None:
        assert state_problems(self.state) == []


Games.TestCase.settings = settings(
    stateful_step_count=STEPS, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestGames = pytest.mark.slow(Games.TestCase)


# --- aimed cases --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_cells_off_a_custom_board_are_refused(players: int) -> None:
    """A tile, leader or catastrophe on a cell of the 11 x 16 layout off a smaller board is
    never listed and is refused naming the board, the state unchanged (spec R2)."""
    state = tigeuph.new_game(players, seed=7, rules=tigeuph.Rules(players=players, board=DELTA))
    taken, text = snapshot(state), tigeuph.to_text(state)
    legal = set(tigeuph.legal_actions(state))
    off = [c for c in CELLS if not DELTA.cells >> c & 1]
    assert len(off) == 176 - DELTA.rows * DELTA.cols
    held = [colour for colour in COLOURS if state.hands[state.active][colour]]
    attempts: list[Action] = [tigeuph.PlaceCatastrophe(c) for c in off]
    for colour in COLOURS:
        attempts += [tigeuph.PlaceLeader(colour, c) for c in off]
        attempts += [tigeuph.PlaceTile(colour, c) for c in off if colour in held]
    for action in attempts:
        assert action not in legal
        with pytest.raises(IllegalActionError, match=r"off the 6x8 board") as refused:
            tigeuph.apply(state, action)
        assert refused.value.clause == "R2", refused.value
    assert snapshot(state) == taken and tigeuph.to_text(state) == text


def test_every_kind_on_every_cell_is_accepted_or_refused() -> None:
    """Every action of every kind on every cell, from a new game on each printed board and the
    custom one, is accepted exactly when listed, or refused with IllegalActionError (spec R5)."""
    every = [tigeuph.id_to_action(i) for i in range(tigeuph.ACTION_COUNT)]
    every += [tigeuph.CommitSupport(n) for n in (7, 8, 99)]
    for board in (tigeuph.STANDARD, tigeuph.ADVANCED, DELTA):
        state = tigeuph.new_game(2, seed=3, rules=tigeuph.Rules(board=board))
        legal, taken = set(tigeuph.legal_actions(state)), snapshot(state)
        for action in every:
            try:
                tigeuph.apply(state, action)
            except IllegalActionError as err:
                assert action not in legal, f"{action} is listed but refused: {err}"
            else:
                assert action in legal, f"{action} is not listed, yet accepted"
        assert snapshot(state) == taken
