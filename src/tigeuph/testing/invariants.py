"""Every game's invariants, as lists of problems: what every state reached by legal play
obeys, and what every step of ``apply`` obeys (issues 5 and 25), written once against
:class:`~tigeuph.GameInterface` for both games.

:func:`state_problems` checks one state: the game's own ``check_state``, whose move it is, then
what a state cannot say about itself but the game's engine promises (for the main game the
kingdom analysis it inherited, R0, and the runs a building decision offers, R30).
:func:`step_problems` checks one step ``before -> action -> after``: the action was listed, the
input untouched, value semantics, round trips, and the game's own rules of a step.
:func:`round_trip_problems` checks that a state, each seat's view and each legal action read
back from their notation and JSON, and that a view hides what it should (a state sampled from
it shows the same view). :func:`checked_apply` applies an action and checks the step and the
new state. Each problem names the clause it breaks, so a report says which rule is at stake:

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=1)
>>> after, problems = checked_apply(state, tigeuph.legal_actions(state)[0])
>>> problems, after.to_move
([], 1)
>>> babel = tigeuph.GAMES["babel"]
>>> state = babel.new_game(2, seed=1)
>>> checked_apply(state, babel.legal_actions(state)[0])[1]
[]

The rules themselves are stated once in the engines and a second time, independently, by the
reference engine of the tests (``tests/helpers/reference/``) for the main game. The invariants
do not state them a third time, but for the building offers: the comparison plays too few games
to reach a building whose own run was cut (issue 10), and the soak does.

The tests (``tests/tigris/test_machine.py``, ``tests/babel/test_babel_machine.py``,
``tests/tigris/test_games.py``, ``tests/tigris/test_fuzz.py``) and the soak command
(``python -m tigeuph.tools.soak``) share these functions. What only one game's rules state is
that game's own: its
:meth:`~tigeuph.games.Invariants.state_problems` and :meth:`~tigeuph.games.Invariants.step_problems`
(the main game's in :mod:`tigeuph.tigris.invariants`, Babel's in ``tigeuph.babel.invariants``), and
its rule sets, :meth:`~tigeuph.games.Variants.rule_sets`: every variant switch of the main game is a
boolean field of :class:`~tigeuph.Rules`, so a new switch is played and checked without touching
this module.
"""

from __future__ import annotations

from typing import Any

from ..games import DEFAULT_GAME, game_named, game_of
from .steps import round_trip_problems, snapshot, step_problems, to_move_problems

__all__ = [
    "Snapshot",
    "checked_apply",
    "every_rules",
    "round_trip_problems",
    "snapshot",
    "state_problems",
    "step_problems",
    "switches",
]

Snapshot = tuple[object, ...]
"""The compared fields of a state, taken before ``apply`` (see :func:`snapshot`)."""


def switches(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The names of *game*'s variant switches: the settings that are on or off in its rules as
    JSON (:meth:`~tigeuph.games.Variants.rules_to_json`), for the main game every boolean
    field of :class:`~tigeuph.Rules`; none for a game without variants.

    >>> "open_scoring" in switches(), switches("babel")
    (True, ())
    """
    played = game_named(game, "switches: game")
    standard = played.variants.rules_to_json(played.variants.make_rules({}))
    return tuple(name for name, value in standard.items() if isinstance(value, bool))


def every_rules(players: int, game: str = DEFAULT_GAME) -> tuple[Any, ...]:
    """Every rule set the soak plays for *players* in *game*
    (:meth:`~tigeuph.games.Variants.rule_sets`): for the main game every combination of the
    switches on every board of :data:`~tigeuph.tigris.measures.BOARDS`,
    ``2 ** len(switches()) * len(BOARDS)`` rules, all switches off first; for a game without
    variants its one rule set, ``None``.

    >>> from tigeuph import Rules
    >>> every_rules(3)[0] == Rules(players=3)
    True
    >>> every_rules(2, "babel")
    (None,)
    """
    return game_named(game, "every_rules: game").variants.rule_sets(players)


def checked_apply(state: Any, action: Any, *, round_trip: bool = True) -> tuple[Any, list[str]]:
    """The state after *action* and every problem of the step and of the new state.

    Raises:
        IllegalActionError: the rules forbid *action* (as ``apply``).
    """
    taken = snapshot(state)
    after = game_of(state).apply(state, action)
    problems = step_problems(state, action, after, before_snapshot=taken, round_trip=round_trip)
    return after, problems + state_problems(after)


def state_problems(state: Any, *, with_check_state: bool = True) -> list[str]:
    """Every invariant *state* breaks, each problem citing its clause; empty when none.

    The problems of the game's ``check_state`` come first (prefixed ``check_state:``); when
    there are any, the state is malformed and nothing more is checked. Then whose move it is:
    a player to move has a legal action, a finished game none and its winners. Then what the
    state cannot check of itself (the main game's R0 and R30).

    With *with_check_state* false only these last run (the tests use it to show that each
    can fail); they assume a well-formed state.
    """
    game = game_of(state)
    out: list[str] = []
    if with_check_state:
        found = game.invariants.check_state(state)
        if found:
            return [f"check_state: {problem}" for problem in found]
        out = to_move_problems(game, state)
    return out + game.invariants.state_problems(state)
