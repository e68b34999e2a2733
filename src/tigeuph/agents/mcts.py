"""The search player: information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
2012, "single observer" ISMCTS) with truncated rollouts scored by the game's evaluation, in
every game; it reaches the game only through its interface (:class:`~tigeuph.GameInterface`).

Each iteration draws a full state the agent cannot tell from the real one (the game's
``sample_state``), walks down the tree choosing by UCT among the actions legal in that state (a
child's exploration term counts how often it was *available*, not how often its parent was
visited, since hidden tiles and cards change what is legal), adds one node, plays a short
rollout with the game's cheap policy (``rollout_action``; a policy that applied its choice to
weigh it may offer the state it reached as ``next_state(state, action)``, which the search then
steps to instead of applying the action again), and backs up each seat's reward: the
logistic of its evaluation (``evaluate``, over the game's ``search_scale``) at the rollout's
end, or its share of first place (``winners``) when the game ended. Only the actions seen at
the root, the greedy player's best few (``action_values``), are searched there, each starting
from its greedy score as a prior worth :data:`PRIOR_VISITS` rollouts; deeper nodes widen
progressively, new children taken in the rollout policy's order. Where the game asks for it
(``centred_search``: in the main game, with the wonder or the buildings on), rewards are
centred on each seat's evaluation at the root (so a plan's credit still counts in a lopsided
position), and the greedy player's best is played when it scores more than ``MARGIN`` (1
evaluation point) above the most visited action.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..core.errors import ArgumentError, expect
from ..games import AnyGame, game_of
from .greedy import repeating

__all__ = ["BACKUPS", "DEFAULT_BACKUP", "DEFAULT_ITERATIONS", "MCTSAgent"]

DEFAULT_ITERATIONS: Final = 300
"""The budget when neither iterations nor seconds are given."""
PRIOR_VISITS: Final = 25
"""Each root candidate starts as if visited this often with its greedy score as reward
(progressive bias): with no iterations the search plays the greedy player's move, and the
rollouts must outweigh the prior to change it."""


BACKUPS: Final = ("maxn", "paranoid", "best-reply")
"""How a rollout's rewards are backed up the tree with 3 or 4 players (:class:`MCTSAgent`'s
*backup*): each seat for itself, all against the searching player, or only his strongest
rival replying between his moves."""
DEFAULT_BACKUP: Final = "maxn"
"""The backup when none is given: measured no different from the others (docs/agents.rst)."""
_REPLY: Final = -1
"""The seat recorded for a best-reply search's choice of who replies: the rivals together."""

MARGIN: Final = 1.0
"""In a centred search (the main game with the wonder or the buildings on), the most visited
root action is played unless the greedy player's best scores more than this many evaluation
points above it; then that best is played."""


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0  # rewards of the seat that chose the action leading here


class MCTSAgent:
    """Information-set MCTS (see the module docstring), in any game, within a budget of
    *iterations*, of *seconds* of wall clock, or both (whichever runs out first; 300
    iterations when neither is given). An iterations budget alone replays exactly; a time
    budget depends on the machine's speed and load.

    *exploration* is the UCT constant; *rollout* the number of actions each rollout plays
    before the evaluation; *candidates* how many of the greedy player's best actions are
    searched at the root; *widening* how fast deeper nodes add children (a node visited *n*
    times may have ``1 + widening·√n``). A single legal action is played without search.

    *backup* (one of ``BACKUPS``) says whom each decision of the tree serves. ``"maxn"``
    (max^n, the default): every seat chooses for its own reward. ``"paranoid"``: the other
    seats all choose against the searching player (one minus his reward). ``"best-reply"``
    (best-reply search, BRS+, adapted to MCTS): between two of the searching player's decisions
    only one rival's decisions are searched, the rival a node of their own chooses as the one
    whose reply hurts him most; the other rivals play the rollout policy's move, as BRS+ plays
    an ordering's move instead of passing, so every state stays one the rules reach. With two
    players the three differ only in how the rival's reward is counted.

    Strength and speed, in both games: ``docs/agents.rst``.
    """

    __slots__ = (
        "backup",
        "candidates",
        "exploration",
        "iterations",
        "rollout",
        "seconds",
        "widening",
    )

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = 0.5,
        rollout: int = 4,
        candidates: int = 8,
        widening: float = 1.0,
        backup: str = DEFAULT_BACKUP,
    ) -> None:
        for name, value in (("iterations", iterations), ("seconds", seconds)):
            if value is not None:
                expect(value, (int, float), "a number or None", f"MCTSAgent: {name}")
        for name, value in (
            ("exploration", exploration),
            ("rollout", rollout),
            ("candidates", candidates),
            ("widening", widening),
        ):
            expect(value, (int, float), "a number", f"MCTSAgent: {name}")
        if iterations is not None and iterations < 1:
            raise ArgumentError(f"MCTSAgent: iterations must be 1 or more, not {iterations}")
        if seconds is not None and not seconds > 0:
            raise ArgumentError(f"MCTSAgent: seconds must be more than 0, not {seconds}")
        if rollout < 0 or candidates < 1 or exploration < 0 or widening <= 0:
            raise ArgumentError(
                "MCTSAgent: rollout >= 0, candidates >= 1, exploration >= 0, widening > 0"
            )
        if backup not in BACKUPS:
            raise ArgumentError(
                f"MCTSAgent: backup must be one of {', '.join(BACKUPS)}, not {backup!r}"
            )
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.candidates = candidates
        self.widening = widening
        self.backup = backup

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds:g}")
        if self.backup != DEFAULT_BACKUP:
            budget.append(f"backup={self.backup!r}")
        return f"MCTSAgent({', '.join(budget)})"

    def act(self, view: Any, rng: random.Random) -> Any:
        """The root action visited most within the budget."""
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        me = view.player
        game = game_of(view)
        guess = self._sample(game, view, rng)
        ranked = game.evaluation.action_values(guess, legal, me)  # the greedy player's
        scored = sorted(((score, i) for i, score in enumerate(ranked)), reverse=True)[
            : self.candidates
        ]
        roots = [legal[i] for _, i in scored]
        # No leader back where a turn of ours began (spec D8): the next best instead.
        avoid = repeating(game, view)
        by_greedy = [
            legal[i] for _, i in sorted(((s, i) for i, s in enumerate(ranked)), reverse=True)
        ]
        if len(roots) == 1:
            return _first_not_in(by_greedy, avoid)
        # Centred (the main game's variants), rewards are measured from each seat's evaluation
        # now: far from 0 the logistic is flat, and a plan's point or two (a cross grown) would
        # move a reward less than the exploration term. Not in the main game's standard rules,
        # where 2-player games against greedy measured no stronger with it (12 wins in 16, 14
        # without; issue 23).
        centred = game.evaluation.centred_search(guess)
        base = (
            list(game.evaluation.evaluate(guess)) if centred else [0.0] * game.player_count(guess)
        )
        scale = game.evaluation.search_scale
        root = _Node()
        for score, i in scored:  # the greedy score as a prior worth PRIOR_VISITS rollouts
            child = root.children[legal[i]] = _Node()
            child.visits = child.available = PRIOR_VISITS
            child.total = PRIOR_VISITS / (1 + math.exp((base[me] - score) / scale))
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(game, root, roots, self._sample(game, view, rng), base, me, rng)
            done += 1
        order = {a: n for n, a in enumerate(roots)}
        chosen = max(root.children.items(), key=lambda kv: (kv[1].visits, -order[kv[0]]))[0]
        # Centred, the rollouts overrule the one-ply evaluation on small differences only: a
        # clear gain it sees (a cross grown or completed, a building placed) is not lost to
        # their noise. Not in the main game's standard rules: the search measured no weaker
        # there without it (docs/agents.rst).
        if centred and ranked[legal.index(chosen)] < scored[0][0] - MARGIN:
            chosen = roots[0]
        if chosen in avoid:  # the most visited of the others, else the greedy player's best
            visited = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, order[kv[0]]))
            chosen = _first_not_in([a for a, _ in visited] + by_greedy, avoid)
        return chosen

    def _sample(self, game: AnyGame, view: Any, rng: random.Random) -> Any:
        """A full state this player cannot tell from the real one: the game's ``sample_state``.
        (The ladder's cheating rung, and only it, overrides this with the true state.)"""
        return game.sample_state(view, rng)

    def _iterate(
        self,
        game: AnyGame,
        root: _Node,
        roots: list[Any],
        state: Any,
        base: list[float],
        me: int,
        rng: random.Random,
    ) -> None:
        path: list[tuple[_Node, int]] = []  # (node, seat that chose the action leading there)
        node = root
        advance = _advance(game)
        best_reply = self.backup == "best-reply"
        replier: int | None = None  # in a best-reply search, the rival searched until our turn
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if best_reply:
                if seat == me:
                    replier = None
                else:
                    if replier is None:  # our decisions are over for now: who replies?
                        replier, node = self._replier(node, me, game.player_count(state))
                        path.append((node, _REPLY))
                    if seat != replier:  # another rival plays the cheap policy's move (BRS+)
                        options = game.legal_actions(state)
                        state = advance(state, game.evaluation.rollout_action(state, options, rng))
                        continue
            children = node.children
            if node is root:
                # Every root candidate is a child already, in the candidates' order: all are
                # present, and none is added.
                present = list(children.items())
                for child in children.values():
                    child.available += 1
                action, node = self._select(present, roots)
            else:
                options = game.legal_actions(state)
                # A node has few children, a state hundreds of legal actions: ask the options
                # about each child rather than the children about each option.
                present = [(a, child) for a, child in children.items() if a in options]
                for _, child in present:
                    child.available += 1
                limit = 1 + self.widening * math.sqrt(node.visits)
                if len(present) < min(limit, len(options)):
                    action = _fresh(game, options, present, state, rng)
                    child = _Node()
                    child.available = 1
                    children[action] = child
                    state = advance(state, action)
                    path.append((child, seat))
                    node = child
                    break
                action, node = self._select(present, options)
            state = advance(state, action)
            path.append((node, seat))
        rewards = self._rollout(game, state, base, rng)
        root.visits += 1
        if self.backup == "maxn":
            for child, seat in path:
                child.visits += 1
                child.total += rewards[seat]
            return
        mine = rewards[me]  # paranoid, best-reply: every rival chooses against us
        for child, seat in path:
            child.visits += 1
            child.total += mine if seat == me else 1 - mine

    def _replier(self, node: _Node, me: int, players: int) -> tuple[int, _Node]:
        """In a best-reply search, the rival whose decisions are searched until our next one,
        chosen by UCT among the rivals (a child of *node* for each, keyed by ``(_REPLY, seat)``),
        and that child."""
        keys = [(_REPLY, seat) for seat in range(players) if seat != me]
        children = node.children
        for key in keys:
            if key not in children:
                children[key] = _Node()
            children[key].available += 1
        key, child = self._select([(key, children[key]) for key in keys], keys)
        return key[1], child

    def _ucb(self, child: _Node) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.total / child.visits
        return mean + self.exploration * math.sqrt(math.log(child.available) / child.visits)

    def _select(
        self, present: list[tuple[Any, _Node]], options: Sequence[Any]
    ) -> tuple[Any, _Node]:
        """The child of *present* with the highest UCB value; of several, the first in the
        order of *options* (*present* may follow another order: a node's children are listed
        in the order they were added)."""
        explore, log, sqrt = self.exploration, math.log, math.sqrt
        best = present[0]
        top = -math.inf
        tied = False
        for pair in present:  # _ucb, inlined: this runs for every node of every iteration
            child = pair[1]
            visits = child.visits
            if visits == 0:
                value = math.inf
            else:
                value = child.total / visits + explore * sqrt(log(child.available) / visits)
            if value > top:
                best, top, tied = pair, value, False
            elif value == top:
                tied = True
        if not tied:
            return best
        ucb = self._ucb
        level = [pair for pair in present if ucb(pair[1]) == top]
        return min(level, key=lambda pair: options.index(pair[0]))

    def _rollout(
        self, game: AnyGame, state: Any, base: Sequence[float], rng: random.Random
    ) -> list[float]:
        """Each seat's reward after a rollout from *state* of *game*: its share of first place
        when the game ends, else the logistic of its evaluation less its *base*."""
        advance = _advance(game)
        for _ in range(self.rollout):
            if state.is_over:
                break
            state = advance(
                state, game.evaluation.rollout_action(state, game.legal_actions(state), rng)
            )
        players = game.player_count(state)
        if state.is_over:
            winners = game.winners(state)
            return [1 / len(winners) if s in winners else 0.0 for s in range(players)]
        scale = game.evaluation.search_scale
        return [
            1 / (1 + math.exp((b - e) / scale))
            for e, b in zip(game.evaluation.evaluate(state), base, strict=True)
        ]


def _first_not_in(preferred: Sequence[Any], avoid: Sequence[Any]) -> Any:
    """The first of *preferred* not in *avoid* (which never holds them all)."""
    return next(action for action in preferred if action not in avoid)


def _advance(game: AnyGame) -> Callable[[Any, Any], Any]:
    """How the search steps from a state by an action: through the rollout policy's
    ``next_state`` when it offers one (the state its last choice reached, kept by the policy,
    or the game's ``apply``), else through the game's ``apply``."""
    step: Callable[[Any, Any], Any] = getattr(
        game.evaluation.rollout_action, "next_state", game.apply
    )
    return step


def _fresh(
    game: AnyGame,
    options: Sequence[Any],
    present: list[tuple[Any, _Node]],
    state: Any,
    rng: random.Random,
) -> Any:
    """An action of *options* (not the root's) not yet among the node's children, *present*
    those of them in *options*: one the rollout policy picks."""
    unseen: Sequence[Any] = options
    if present:
        # Most children are the very objects the options hold (the main game builds its
        # actions once): leave those out by identity, far cheaper than hashing every option,
        # and by equality only when some child was not found that way.
        if len(present) == 1:  # the commonest case, and an identity test costs less than id()
            only = present[0][0]
            unseen = tuple([a for a in options if a is not only])
        else:
            known = {id(a) for a, _ in present}
            unseen = tuple([a for a in options if id(a) not in known])
        if len(unseen) != len(options) - len(present):
            seen = dict(present)
            unseen = tuple([a for a in options if a not in seen])
    return game.evaluation.rollout_action(state, unseen, rng)
