"""The agent protocol, the built-in agents, make_agent and play (issue 12)."""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Iterator

import pytest
from attrs import evolve
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph import Action, Game, GameState, PlayerView, Rules
from tigeuph.agents import (
    AGENT_NAMES,
    Agent,
    AgentError,
    AgentSpecError,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    agent_from_function,
    make_agent,
    play,
)
from tigeuph.tigris.analysis.heuristic import evaluate
from tigeuph.tigris.interface.adapter import TIGRIS
from tigeuph.tigris.model.decisions import (
    BuildingChoice,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)

SPECS = ("random", "random:weighted=true", "greedy", "mcts:iterations=12")
"""The agents every test below plays (the search with a tiny budget, to keep tests fast)."""

KINDS = {
    "revolt": Revolt,
    "war": War,
    "war order": WarChoice,
    "building": BuildingChoice,
    "wonder": WonderChoice,
    "monument": MonumentChoice,
    "treasure": TreasureChoice,
    "wonder point": WonderPoint,
}


def _decisions() -> dict[str, GameState]:
    """A state waiting for each kind of decision, and one between actions, from random games
    under every variant (spec R30, R31 need them), each the first found."""
    found: dict[str, GameState] = {}
    for seed in range(40):
        for before, _, _ in random_game(3, seed, every_switch(3), prefer_tiles=TILES_FIRST):
            pending = before.pending
            kind = next((k for k, cls in KINDS.items() if type(pending) is cls), "action")
            found.setdefault(kind, before)
        if len(found) == len(KINDS) + 1:
            break
    return found


DECISIONS = _decisions()


def _views() -> Iterator[tuple[str, PlayerView]]:
    for kind, state in sorted(DECISIONS.items()):
        seat = state.to_move
        assert seat is not None
        yield kind, tigeuph.view(state, seat)


def test_every_decision_kind_is_found() -> None:
    """The random games reach every kind of decision the agents must answer (spec D1)."""
    assert set(DECISIONS) == {*KINDS, "action"}


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("kind", sorted([*KINDS, "action"]))
def test_agents_answer_every_decision_legally(spec: str, kind: str) -> None:
    """Each agent answers each kind of decision with one of the view's legal actions."""
    state = DECISIONS[kind]
    seat = state.to_move
    assert seat is not None
    view = tigeuph.view(state, seat)
    agent = make_agent(spec)
    assert isinstance(agent, Agent)
    for seed in range(3):
        assert agent.act(view, random.Random(seed)) in view.legal


@pytest.mark.parametrize("spec", SPECS)
def test_agents_are_deterministic_given_the_rng(spec: str) -> None:
    """The same view and the same generator give the same action."""
    for _, view in _views():
        first = make_agent(spec).act(view, random.Random(11))
        assert make_agent(spec).act(view, random.Random(11)) == first


@pytest.mark.parametrize("spec", SPECS)
def test_agents_cannot_see_hidden_information(spec: str) -> None:
    """Two states that differ only in what a player may not see (other hands, exchanged
    tiles, the bag) give that player equal views, so the agent plays the same (spec R4)."""
    game = play([RandomAgent(), RandomAgent()], seed=21)
    for ply in (0, 9, 40):
        state = game.states[ply]
        seat = state.to_move
        assert seat is not None
        real = game.view(seat) if ply == len(game.actions) else _view_at(game, ply, seat)
        other = tigeuph.sample_state(real, random.Random(ply))
        assert other.hands != state.hands or other.bag != state.bag
        twin = evolve(tigeuph.view(other, seat), history=real.history)
        assert twin == real
        agent = make_agent(spec)
        assert agent.act(real, random.Random(5)) == agent.act(twin, random.Random(5))


def _view_at(game: Game, ply: int, seat: int) -> PlayerView:
    """Seat's view after the first *ply* actions, with the public history."""
    again = Game(game.start, seed=game.seed)
    for action in game.actions[:ply]:
        again.play(action)
    return again.view(seat)


# --- play --------------------------------------------------------------------------------------


def test_play_returns_the_whole_game() -> None:
    """play plays to the end and returns the game, whose record replays it; each seat was
    shown the public history Game.view gives."""
    seen: list[PlayerView] = []

    def spy(view: PlayerView, rng: random.Random) -> Action:
        seen.append(view)
        return rng.choice(view.legal)

    game = play([agent_from_function(spy), RandomAgent(weighted=True), RandomAgent()], seed=4)
    replay = Game(game.start, seed=game.seed)
    asked = iter(seen)
    for action in game.actions:
        if replay.state.to_move == 0:
            assert next(asked) == replay.view(0)
        replay.play(action)
    assert next(asked, None) is None
    assert game.state.is_over and game.seed == 4 and game.start.players == 3
    assert len(game.states) == len(game.actions) + 1
    again = Game.from_record(game.to_record())
    assert again.states == game.states
    assert game.tags["Player1"] == "RandomAgent(weighted=True)"


def test_play_replays_from_its_seed() -> None:
    """The same agents and seed play the same game; another seed another game."""
    agents = [RandomAgent(), RandomAgent()]
    assert play(agents, seed=8).actions == play(agents, seed=8).actions
    assert play(agents, seed=8).actions != play(agents, seed=9).actions


def test_play_takes_the_rules() -> None:
    """The rules given are the game's; the number of agents is the player count."""
    rules = Rules(buildings=True, wonder=True)
    game = play([RandomAgent()] * 2, rules=rules, seed=2)
    assert game.start.rules == evolve(rules, players=2)


def test_play_asks_each_seat_with_its_own_view() -> None:
    """Each agent is asked only when its seat is to move, with that seat's view."""
    seen: list[tuple[int, int]] = []

    def spy(view: PlayerView, rng: random.Random) -> Action:
        seen.append((view.player, view.to_move if view.to_move is not None else -1))
        return rng.choice(view.legal)

    game = play([agent_from_function(spy)] * 2, seed=3)
    assert len(seen) == len(game.actions)
    assert all(player == to_move for player, to_move in seen)


def _after(n: int, bad: Action | Exception | float) -> Agent:
    """An agent that plays at random, but misbehaves on its (n+1)th decision."""
    calls = [0]

    def act(view: PlayerView, rng: random.Random) -> Action:
        calls[0] += 1
        if calls[0] != n + 1:
            return rng.choice(view.legal)
        if isinstance(bad, Exception):
            raise bad
        if isinstance(bad, float):
            time.sleep(bad)
            return rng.choice(view.legal)
        return bad

    return agent_from_function(act)


def test_an_illegal_action_stops_the_game_keeping_what_was_played() -> None:
    """An illegal action raises AgentError naming the seat and the action; the game so far is
    kept, the illegal action not played."""
    illegal = tigeuph.ChooseWar(tigeuph.Colour.BLUE)  # no war to choose here
    with pytest.raises(AgentError) as info:
        play([RandomAgent(), _after(3, illegal)], seed=5)
    err = info.value
    assert isinstance(err, tigeuph.TigeuphError)
    assert err.seat == 1 and err.action == illegal and err.reason == "illegal"
    assert "seat 1" in str(err) and "!b" in str(err) and "\n" not in str(err)
    assert err.game.state.to_move == 1 and not err.game.state.is_over
    assert sum(1 for s in err.game.states[:-1] if s.to_move == 1) == 3
    assert Game.from_record(err.game.to_record()).states == err.game.states


def test_something_not_an_action_is_illegal() -> None:
    """A return value that is no action is refused like an illegal action."""
    bad = agent_from_function(lambda view, rng: "pass")
    with pytest.raises(AgentError) as info:
        play([bad, RandomAgent()], seed=1)
    assert info.value.seat == 0 and info.value.reason == "illegal" and info.value.action is None
    assert "'pass'" in str(info.value) and info.value.game.actions == ()


def test_an_exception_stops_the_game_with_its_cause() -> None:
    """An exception in act raises AgentError, the exception as its cause, the game kept."""
    boom = RuntimeError("boom")
    with pytest.raises(AgentError) as info:
        play([_after(2, boom), RandomAgent()], seed=6)
    err = info.value
    assert err.seat == 0 and err.reason == "exception" and err.action is None
    assert err.__cause__ is boom and "boom" in str(err)
    assert err.game.state.to_move == 0 and len(err.game.actions) >= 2
    again = pickle.loads(pickle.dumps(err))  # it crosses process boundaries whole
    assert (again.seat, again.reason, str(again)) == (0, "exception", str(err))
    assert again.game.actions == err.game.actions


def test_a_slow_decision_stops_the_game_when_timed() -> None:
    """With a time limit, a decision over it raises AgentError naming the late action, which
    is not played; without one, slowness is allowed."""
    with pytest.raises(AgentError) as info:
        play([RandomAgent(), _after(1, 0.05)], seed=7, time_limit=0.02)
    err = info.value
    assert err.seat == 1 and err.reason == "time" and err.action is not None
    assert str(err.action) in str(err) and err.game.state.to_move == 1
    assert err.action in err.game.view(1).legal
    finished = play([RandomAgent(), _after(1, 0.05)], seed=7)
    assert finished.state.is_over


@pytest.mark.parametrize("agents", [1, 5])
def test_play_wants_two_to_four_agents(agents: int) -> None:
    """Fewer than 2 or more than 4 agents is a ValueError."""
    with pytest.raises(ValueError, match="2 to 4 agents"):
        play([RandomAgent()] * agents)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"game": "chess"}, tigeuph.ArgumentError, "unknown game 'chess'"),
        ({"game": 3}, tigeuph.ArgumentTypeError, "play: game"),
        ({"max_actions": 0}, tigeuph.ArgumentError, "max_actions must be 1 or more"),
        ({"stall_rounds": 0}, tigeuph.ArgumentError, "stall_rounds must be 1 or more"),
        ({"time_limit": "1"}, tigeuph.ArgumentTypeError, "play: time_limit"),
        ({"tags": ["a"]}, tigeuph.ArgumentTypeError, "play: tags"),
        ({"rules": Rules(players=3)}, tigeuph.ArgumentError, "3"),
    ],
)
def test_play_refuses_bad_arguments_in_one_line(
    kwargs: dict[str, object], error: type[Exception], words: str
) -> None:
    """A bad game, bound, time limit, tags or rules is an argument error, before any move."""
    with pytest.raises(error, match=words) as info:
        play([RandomAgent(), RandomAgent()], seed=1, **kwargs)  # type: ignore[call-overload]
    assert "\n" not in str(info.value)


def test_play_refuses_what_is_no_agent() -> None:
    """Agents that are no list, or hold something without act, are a type error."""
    with pytest.raises(tigeuph.ArgumentTypeError, match="list or tuple of agents"):
        play(RandomAgent(), seed=1)  # type: ignore[call-overload]
    with pytest.raises(tigeuph.ArgumentTypeError, match=r"agents\[1\] must be an agent"):
        play([RandomAgent(), "random"], seed=1)  # type: ignore[list-item]


def test_function_agents_follow_the_protocol() -> None:
    """A plain function becomes an Agent."""
    agent = agent_from_function(lambda view, rng: rng.choice(view.legal))
    assert isinstance(agent, Agent)
    assert play([agent, agent], seed=2).state.is_over


# --- make_agent --------------------------------------------------------------------------------


def test_built_in_names_make_agents() -> None:
    """Every built-in name makes an agent."""
    assert "random" in AGENT_NAMES
    for name in AGENT_NAMES:
        assert isinstance(make_agent(name), Agent)
    assert make_agent("random:weighted=true").weighted  # type: ignore[attr-defined]
    assert not make_agent("random:weighted=false").weighted  # type: ignore[attr-defined]


def test_a_users_factory_is_called_with_the_arguments() -> None:
    """module:factory imports the factory and calls it with the keyword arguments."""
    agent = make_agent("helpers.agent_examples:make:nth=2")
    assert agent.nth == 2  # type: ignore[attr-defined]
    assert play([agent, make_agent("helpers.agent_examples:FirstAgent")], seed=1).state.is_over


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("", "empty"),
        ("alphago", "unknown agent"),
        ("random:weighted", "name=value"),
        ("random:weighted=yes", "true or false"),
        ("random:depth=3", "takes no 'depth'"),
        ("random:weighted=true,weighted=false", "given twice"),
        ("no_such_module_xyz:make", "cannot import"),
        ("helpers.agent_examples:missing", "has no missing"),
        ("helpers.agent_examples:make:colour=3", "unexpected keyword"),
        ("helpers.agent_examples:not_an_agent", "no act method"),
        ("helpers.agent_examples:3x", "not a factory"),
    ],
)
def test_bad_specifications_raise_one_line(spec: str, words: str) -> None:
    """A bad specification raises AgentSpecError, a TigeuphError, in one line saying why."""
    with pytest.raises(AgentSpecError) as info:
        make_agent(spec)
    assert isinstance(info.value, tigeuph.TigeuphError)
    assert words in str(info.value) and "\n" not in str(info.value)


# --- the players -------------------------------------------------------------------------------


def test_greedy_beats_random_on_paired_deals() -> None:
    """GreedyAgent wins from both seats of a deal against RandomAgent (the benchmark measures
    its rate over many games: docs/agents.rst)."""
    for seed in (0,):
        for greedy_seat in (0, 1):
            agents: list[Agent] = [RandomAgent(), RandomAgent()]
            agents[greedy_seat] = GreedyAgent()
            result = tigeuph.outcome(play(agents, seed=seed).state)
            assert result is not None and result.winners == (greedy_seat,)


def test_mcts_replays_with_an_iterations_budget() -> None:
    """With an iterations budget, the same view and generator give the same action."""
    game = play([RandomAgent(), RandomAgent()], seed=3)
    view = _view_at(game, 12, game.states[12].to_move or 0)
    agent = MCTSAgent(iterations=30)
    assert agent.act(view, random.Random(2)) == agent.act(view, random.Random(2))


def test_mcts_rewards_are_centred_on_the_root() -> None:
    """A rollout ending where it began rewards every seat 1/2, however far from 0 the
    evaluation is there: a point or two then moves a reward as much late in a lopsided game as
    at its start (issue 23)."""
    game = play([GreedyAgent(), RandomAgent()], seed=3)
    state = next(s for s in reversed(game.states) if s.ended is None)
    base = evaluate(state)
    assert max(abs(e) for e in base) > 12  # the uncentred logistic is flat here
    rewards = MCTSAgent(rollout=0)._rollout(TIGRIS, state, base, random.Random(0))
    assert rewards == pytest.approx([0.5, 0.5])
    nudged = MCTSAgent(rollout=0)._rollout(TIGRIS, state, [b - 1 for b in base], random.Random(0))
    assert all(r > 0.54 for r in nudged)


def test_mcts_stops_at_its_time_budget() -> None:
    """A seconds budget stops the search: a tiny budget answers quickly, and legally."""
    view = tigeuph.Game.new(2, seed=4).view(0)
    start = time.perf_counter()
    action = MCTSAgent(seconds=0.01).act(view, random.Random(1))
    assert action in view.legal and time.perf_counter() - start < 2.0


def test_a_single_legal_action_is_played_without_search() -> None:
    """When only one action is legal, every agent plays it."""
    state = next(
        before
        for before, _, _ in random_game(2, 5)
        if before.to_move is not None and len(tigeuph.legal_actions(before)) == 1
    )
    view = tigeuph.view(state, state.to_move or 0)
    for spec in SPECS:
        assert make_agent(spec).act(view, random.Random(0)) == view.legal[0]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=0", "iterations must be 1 or more"),
        ("mcts:seconds=-1", "seconds must be more than 0"),
        ("mcts:iterations=1.5", "a whole number"),
        ("greedy:depth=2", "takes no 'depth'"),
    ],
)
def test_bad_search_budgets_raise_one_line(spec: str, words: str) -> None:
    """Bad budgets are AgentSpecErrors too."""
    with pytest.raises(AgentSpecError, match=words):
        make_agent(spec)


def test_mcts_takes_both_budgets() -> None:
    """make_agent reads iterations and seconds together, as numbers of their kind."""
    agent = make_agent("mcts:seconds=1.5,iterations=1000")
    assert isinstance(agent, MCTSAgent)
    assert (agent.iterations, agent.seconds) == (1000, 1.5)
    assert make_agent("mcts:seconds=2").seconds == 2.0  # type: ignore[attr-defined]
