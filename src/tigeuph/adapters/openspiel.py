"""Tigris & Euphrates as an OpenSpiel game: importing this module registers ``"tigeuph"``.

A sequential game of imperfect information with explicit chance: every tile drawn from the
bag (the opening deal and every refill, spec R3, R7) is a chance node whose outcomes are the
colours still in the bag, each with its share of the tiles left, so OpenSpiel's own algorithms
(MCTS, IS-MCTS, chance-sampling and exact-chance methods) see the true odds. Player actions are
the ids of :mod:`tigeuph.tigris.learning.encoding` (3400 of them); chance outcomes are colour
indices (r 0, b 1, g 2, k 3).

>>> import pyspiel
>>> import tigeuph.adapters.openspiel
>>> game = pyspiel.load_game("tigeuph", {"players": 3, "buildings": True})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4)
>>> while state.is_chance_node():
...     state.apply_action(max(state.chance_outcomes(), key=lambda o: o[1])[0])
>>> state.current_player(), state.action_to_string(0, 1797)
(0, 'pass')

Parameters (``pyspiel.load_game("tigeuph", {...})``): ``players`` (2 to 4, default 2, the
usual setting of OpenSpiel's algorithms), ``board`` (``"standard"``, ``"advanced"`` or a board
file's path, spec R2), one boolean per rules switch (``english_reinforcement``,
``buildings``, ``wonder``, ``open_scoring``; spec R28-R32), and ``max_moves`` (default
1000): a game is cut off as a draw (every return 0) after that many player actions, since the
rules allow endless passing and OpenSpiel needs a bound on the length. Random games last about
200 actions.

How draws work. The engine's :func:`~tigeuph.apply` draws from the front of ``state.bag``.
Between draws this adapter keeps the bag in a fixed order (red, blue, green, black), which
carries no information. A player action that ends a turn is first applied to learn how many
tiles the refill draws; if any, that many chance nodes follow, and once their colours are
chosen the action is applied again to the state whose bag starts with the chosen colours. When
the action ends the game the refill is skipped: the draws cannot change the result. The engine
is not changed.

Information: :meth:`~pyspiel.State.information_state_string` is perfect recall: the public
actions (another player's exchange shown as its size only, spec R4) and the player's own hand
after each deal. The observation string is the player's :func:`~tigeuph.view` as JSON, and the
observation tensor is :func:`tigeuph.observation` (``docs/adapters.rst``), also given as
``"planes"`` and ``"vector"`` in the observer's ``dict``. There is no information-state tensor:
a perfect-recall record of a game of hundreds of actions has no useful fixed size.
:meth:`TigeuphState.resample_from_infostate` draws the hidden tiles with
:func:`~tigeuph.sample_state`, for IS-MCTS.
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final, TypeAlias

from attrs import evolve, fields

from ..core.extras import require
from ..tigris.engine.apply import apply
from ..tigris.engine.legal import legal_actions
from ..tigris.learning.encoding import ACTION_COUNT, action_to_id, id_to_action
from ..tigris.learning.tensors import PLANES, observation, observation_size, returns
from ..tigris.model.actions import Action, ExchangeTiles
from ..tigris.model.pieces import COLOURS
from ..tigris.model.ruleset import SWITCHES, Rules
from ..tigris.model.state import TILE_COUNTS, Counts, GameState, count_letters, new_game
from ..tigris.notation import to_text
from ..tigris.serialise import view_to_json
from ..tigris.views import sample_state, view
from .common import make_rules

require("numpy", "openspiel")  # a missing extra raises one TigeuphError naming it
require("pyspiel", "openspiel")
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

__all__ = ["GAME_TYPE", "TigeuphGame", "TigeuphObserver", "TigeuphState"]

DEFAULTS: Final[dict[str, Any]] = {
    "players": 2,
    "board": "standard",
    **{name: False for name in SWITCHES},
    "max_moves": 1000,
}

GAME_TYPE: Final = pyspiel.GameType(
    short_name="tigeuph",
    long_name="Tigris & Euphrates (tigeuph)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)

_LETTERS: Final = "".join(colour.letter for colour in COLOURS)


class _Engine:
    """The engine's state, shared by copies and pickled without its caches.

    OpenSpiel clones a Python state (MCTS does so at every step) by copying or pickling its
    attributes; the engine's state is immutable, so a copy may share it, and its cached
    analysis would cost more to pickle than the rest. The legal action ids are kept here once
    computed, so that clones share them too."""

    __slots__ = ("_ids", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._ids: list[int] | None = None

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions, sorted (computed once: OpenSpiel asks often)."""
        if self._ids is None:
            self._ids = sorted(map(action_to_id, legal_actions(self.state)))
        return self._ids

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return _thaw, ({name: getattr(self.state, name) for name in _FIELDS},)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return self  # the state is immutable: a copy may share it


_Entry: TypeAlias = tuple[int | None, str, str | None]


class _Record:
    """The players' record, shared by clones: it only ever grows into a new tuple."""

    __slots__ = ("entries",)

    def __init__(self, entries: tuple[_Entry, ...]) -> None:
        self.entries = entries

    def __reduce__(self) -> tuple[Any, tuple[tuple[_Entry, ...]]]:
        return _Record, (self.entries,)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Record:
        return self


_FIELDS: Final = tuple(a.name for a in fields(GameState) if a.init)


def _thaw(values: dict[str, Any]) -> _Engine:
    return _Engine(GameState(**values))


@functools.cache
def _start(rules: Rules) -> GameState:
    """The board before the deal under *rules*: every tile not on the board in the bag."""
    dealt = new_game(rules.players, seed=0, rules=rules)
    in_box = list(count_letters(dealt.bag))
    for hand in dealt.hands:
        in_box = [a + b for a, b in zip(in_box, hand, strict=True)]
    r, b, g, k = in_box
    return evolve(dealt, hands=((0, 0, 0, 0),) * dealt.players, bag=_ordered((r, b, g, k)))


def _ordered(counts: Counts) -> str:
    """A bag holding *counts*, in the fixed order: red, blue, green, black."""
    return "".join(letter * n for letter, n in zip(_LETTERS, counts, strict=True))


class TigeuphGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: its parameters give the rules (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        chosen = {**DEFAULTS, **(params or {})}
        self.rules = make_rules(
            chosen["players"], chosen["board"], **{name: bool(chosen[name]) for name in SWITCHES}
        )
        self.max_moves = int(chosen["max_moves"])
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=len(COLOURS),
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # Player actions, then at most one chance node per tile in the box.
            max_game_length=self.max_moves + sum(TILE_COUNTS),
        )
        super().__init__(GAME_TYPE, info, chosen)

    def new_initial_state(self) -> TigeuphState:
        """The start: an empty board, every tile in the bag, the deal to come."""
        return TigeuphState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TigeuphObserver:
        """The observer OpenSpiel asks for strings and tensors."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return TigeuphObserver(self, perfect_recall)


class TigeuphState(pyspiel.State):  # type: ignore[misc]
    """A position: the engine's state, the draws under way, each player's record."""

    def __init__(self, game: TigeuphGame) -> None:
        super().__init__(game)
        self._max_moves = game.max_moves
        self._engine = _Engine(_start(game.rules))
        self._moves = 0
        self._waiting: Action | None = None  # the action whose refill is being drawn
        self._draws = 6 * game.rules.players  # chance nodes still due: the deal first
        self._drawn = ""
        # The record: (who sees the first text or None for everyone, that text, other's text),
        # a tuple so that a clone shares it.
        self._shared_record = _Record(())

    @property
    def _record(self) -> tuple[_Entry, ...]:
        return self._shared_record.entries

    @_record.setter
    def _record(self, entries: tuple[_Entry, ...]) -> None:
        self._shared_record = _Record(entries)

    @property
    def engine(self) -> GameState:
        """The engine's state; its bag is in the fixed order between draws."""
        return self._engine.state

    @engine.setter
    def engine(self, state: GameState) -> None:
        self._engine = _Engine(state)

    # --- OpenSpiel's State API ---------------------------------------------------------------

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` while tiles are drawn, or ``TERMINAL``."""
        if self._draws:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        mover = self.engine.to_move
        assert mover is not None
        return mover

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut off after ``max_moves`` player actions."""
        return not self._draws and (self.engine.is_over or self._moves >= self._max_moves)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._engine.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The colours left in the bag, each with its share of the tiles left."""
        left = self._bag_counts()
        total = sum(left)
        return [(i, n / total) for i, n in enumerate(left) if n]

    def _bag_counts(self) -> Counts:
        r, b, g, k = (
            n - self._drawn.count(letter)
            for n, letter in zip(count_letters(self.engine.bag), _LETTERS, strict=True)
        )
        return r, b, g, k

    def _apply_action(self, action_id: int) -> None:
        if self._draws:
            self._drawn += _LETTERS[action_id]
            self._draws -= 1
            if not self._draws:
                self._finish_draws()
            return
        action = id_to_action(action_id)
        mover = self.current_player()
        after = apply(self.engine, action)
        self._moves += 1
        self._note(mover, action)
        drawn = len(self.engine.bag) - len(after.bag)
        if drawn == 0 or after.is_over:
            self.engine = after
        else:
            self._waiting, self._draws = action, drawn

    def _finish_draws(self) -> None:
        """Every draw of the deal or of a refill is chosen: deal or apply with that bag."""
        left = self._bag_counts()
        drawn, self._drawn = self._drawn, ""
        if self._waiting is None:  # the opening deal, six tiles a player in seat order
            hands = tuple(
                count_letters(drawn[6 * p : 6 * p + 6]) for p in range(self.num_players())
            )
            self.engine = evolve(self.engine, hands=hands, bag=_ordered(left))
        else:
            rigged = evolve(self.engine, bag=drawn + _ordered(left))
            self.engine = apply(rigged, self._waiting)
            self._waiting = None
        for player, hand in enumerate(self.engine.hands):
            self._record += ((player, f"{player}:hand {_ordered(hand)}", None),)

    def _note(self, mover: int, action: Action) -> None:
        text = f"{mover}:{action}"
        if isinstance(action, ExchangeTiles):  # its colours are the mover's secret (spec R4)
            self._record += ((mover, text, f"{mover}:~{sum(action.counts)}"),)
        else:
            self._record += ((None, text, text),)

    def _action_to_string(self, player: int, action_id: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {_LETTERS[action_id]}"
        return str(id_to_action(action_id))

    def returns(self) -> list[float]:
        """Each player's result (:func:`tigeuph.returns`): 0 until the end, and on a cut-off."""
        return list(returns(self.engine))

    def information(self, player: int) -> str:
        """What *player* has seen so far, in order: the information-state string."""
        header = f"tigeuph {self.engine.rules.players}p {'+'.join(self.engine.rules.switches)}"
        parts = [header, f"seat {player}"]
        for seen_by, own, others in self._record:
            text = own if seen_by in (None, player) else others
            if text is not None:
                parts.append(text)
        return " ".join(parts)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TigeuphState:
        """A state *player_id* cannot tell from this one: the hidden tiles dealt anew
        (:func:`~tigeuph.sample_state`) with a seed from *probability_sampler*.

        Points stay as they are: scoring is public (spec R32). The other players' records
        keep only what is public, and end with their new hands.
        """
        if self._draws:
            raise ValueError("resample_from_infostate is not supported at a chance node")
        rng = random.Random(int(probability_sampler() * 2**53))
        guess = sample_state(view(self.engine, player_id), rng)
        out: TigeuphState = self.clone()
        out.engine = evolve(
            guess, points=self.engine.points, bag=_ordered(count_letters(guess.bag))
        )
        kept: list[_Entry] = []
        for seen_by, own, others in self._record:
            if seen_by in (None, player_id):
                kept.append((seen_by, own, others))
            elif others is not None:  # another player's exchange: its size only
                kept.append((None, others, others))
        out._record = tuple(kept)
        for seat, hand in enumerate(out.engine.hands):
            if seat != player_id:
                out._record += ((seat, f"{seat}:hand {_ordered(hand)}", None),)
        return out

    def __str__(self) -> str:
        """The position in the engine's text format, and the draws under way."""
        text = to_text(self.engine)
        if self._draws:
            text += f"\n# drawing: {self._draws} to come, drawn so far {self._drawn!r}"
        return text


class TigeuphObserver:
    """OpenSpiel's observer: the view as JSON and as :func:`tigeuph.observation`, or the
    perfect-recall record (no tensor)."""

    def __init__(self, game: TigeuphGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        board = game.rules.board
        size = 0 if perfect_recall else observation_size(board)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        if not perfect_recall:
            area = len(PLANES) * board.rows * board.cols
            self.dict["planes"] = self.tensor[:area].reshape(len(PLANES), board.rows, board.cols)
            self.dict["vector"] = self.tensor[area:]

    def set_from(self, state: TigeuphState, player: int) -> None:
        """Fill :attr:`tensor` with *player*'s observation of *state*."""
        if not self.perfect_recall:
            self.tensor[:] = observation(view(state.engine, player))

    def string_from(self, state: TigeuphState, player: int) -> str:
        """*player*'s record (perfect recall) or view of *state*, as text."""
        if self.perfect_recall:
            return state.information(player)
        return view_to_json(view(state.engine, player))


pyspiel.register_game(GAME_TYPE, TigeuphGame)
