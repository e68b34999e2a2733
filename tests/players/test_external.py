"""Bots in any language (issue 29): ExternalAgent plays a program over the bot protocol, each
failure loses the game with an AgentError naming the seat, one process serves many games, the
child is always reaped; ``tigeuph engine`` serves tigeuph's players; ``engine-check`` checks a
bot. The Node bot's tests are in test_node_bot.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Final

import pytest
from helpers.paths import EXAMPLES, HELPERS

import tigeuph
from tigeuph import AgentError
from tigeuph.agents import (
    AgentSpecError,
    BotError,
    ExternalAgent,
    GameEnd,
    RandomAgent,
    make_agent,
    parse_spec,
    play,
)
from tigeuph.agents.conformance import check_bot
from tigeuph.agents.factory import agents_for_seats, release_bots
from tigeuph.agents.tournament import tournament
from tigeuph.cli import main

EXAMPLE: Final = [sys.executable, str(EXAMPLES / "bots" / "bot.py")]
ENGINE: Final = [sys.executable, "-m", "tigeuph", "engine"]


def misbehaving(mode: str, log: Path | None = None) -> list[str]:
    """The command of tests/helpers/misbehaving_bot.py in *mode*."""
    command = [sys.executable, str(HELPERS / "misbehaving_bot.py"), mode]
    return command + (["--log", str(log)] if log is not None else [])


def reaped(pid: int) -> bool:
    """Whether no process *pid* is left, not even a zombie awaiting its parent."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True  # not our child any more: reaped
    return False


# --- playing -------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["tigris", "babel"])
def test_an_external_bot_plays_whole_games_in_one_process(game: str) -> None:
    """The example bot plays game after game against random, every answer legal, in one
    process that close() reaps."""
    with ExternalAgent(EXAMPLE) as agent:
        first = play([agent, RandomAgent()], game=game, seed=1)
        pid = agent.pid
        second = play([RandomAgent(), agent], game=game, seed=2)
        assert agent.pid == pid is not None
        assert agent.hello is not None and agent.hello.name == "example-bot"
    assert first.state.is_over or first.stopped is not None
    assert second.state.is_over or second.stopped is not None
    assert first.tags["Player0"] == f"ExternalAgent({agent.command!r})"
    assert agent.pid is None and reaped(pid)


def test_a_bot_that_asks_for_notation_plays_from_position_notation(tmp_path: Path) -> None:
    """A bot whose hello asks for notation gets a position it can read back, never the JSON
    view, and plays a whole game."""
    with ExternalAgent([*EXAMPLE, "--view", "notation"]) as agent:
        played = play([agent, RandomAgent()], seed=4)
        assert agent.hello is not None and agent.hello.view == "notation"
    assert played.state.is_over or played.stopped is not None


def test_the_same_seed_replays_the_same_game_against_a_bot() -> None:
    """A bot seeded per game plays the same game from the same seed."""
    with ExternalAgent(EXAMPLE) as agent:
        first = play([agent, RandomAgent()], game="babel", seed=5)
        again = play([agent, RandomAgent()], game="babel", seed=5)
    assert first.actions == again.actions


def test_agents_listening_are_told_the_end() -> None:
    """play() tells every agent with end_game how the game ended, the same end to each."""
    ends: list[GameEnd] = []

    class Listener(RandomAgent):
        def end_game(self, end: GameEnd) -> None:
            ends.append(end)

    played = play([Listener(), Listener()], game="babel", seed=3)
    assert len(ends) == 2 and ends[0] == ends[1]
    assert ends[0].result == "finished" and ends[0].game == "babel"
    assert ends[0].ranks == tigeuph.GAMES["babel"].ranks(played.state)
    assert ends[0].winners == tigeuph.GAMES["babel"].winners(played.state)


# --- failures ------------------------------------------------------------------------------------


def test_an_illegal_answer_loses_the_game_and_the_bot_is_told_its_forfeit(tmp_path: Path) -> None:
    """An illegal action loses the game (AgentError naming the seat); the bot keeps its
    process, hears its forfeit in an end message, and plays the next game."""
    log = tmp_path / "log"
    with ExternalAgent(misbehaving("illegal", log)) as agent:
        with pytest.raises(AgentError, match="seat 1") as caught:
            play([RandomAgent(), agent], seed=1)
        assert caught.value.reason == "illegal" and caught.value.seat == 1
        assert (
            caught.value.action is not None
            and caught.value.action not in caught.value.game.view(1).legal
        )
        pid = agent.pid
        with pytest.raises(AgentError):
            play([RandomAgent(), agent], seed=1)
        assert agent.pid == pid
    lines = log.read_text().splitlines()
    assert lines[:4] == ["hello", "new_game", "decide", "decide"]
    assert lines[4] == 'end forfeit {"seat": 1, "reason": "illegal"}'
    assert lines[5:7] == ["new_game", "decide"] and lines[-1] == "quit"


def test_an_answer_that_is_no_action_loses_the_game() -> None:
    """An answer that is no action of the game is illegal too, and says what was answered."""
    agent = ExternalAgent(misbehaving("nonsense"))
    with agent, pytest.raises(AgentError, match="'no-such-action'") as caught:
        play([agent, RandomAgent()], game="babel", seed=1)
    assert caught.value.reason == "illegal" and caught.value.seat == 0
    assert caught.value.action is None
    assert isinstance(caught.value.__cause__, BotError)


@pytest.mark.parametrize(
    ("mode", "reason", "says"),
    [
        ("late", "time", "no answer within 0.3 s"),
        ("garbage", "protocol", "not a JSON line: 'I think, therefore I am'"),
        ("crash", "crash", "its output ended \\(exit status 3\\)"),
    ],
)
@pytest.mark.slow
def test_a_late_garbled_or_crashed_bot_loses_and_is_stopped(
    mode: str, reason: str, says: str
) -> None:
    """A bot that answers late, writes garbage or exits loses the game with an AgentError
    naming its seat and the reason; its process is reaped and the next game starts a new
    one."""
    with ExternalAgent(misbehaving(mode), move_time=0.3) as agent:
        with pytest.raises(AgentError, match=says) as caught:
            play([RandomAgent(), agent], game="babel", seed=1)
        assert agent.pid is None  # stopped
        assert str(caught.value).startswith("seat 1: ExternalAgent(")
        assert caught.value.reason == reason and caught.value.seat == 1
        assert len(caught.value.game.actions) > 0
        with pytest.raises(AgentError):
            play([RandomAgent(), agent], game="babel", seed=1)  # started afresh, fails again


def test_a_crashed_bot_s_last_words_are_kept() -> None:
    """What a crashing bot wrote to its standard error is on the error, and in its message."""
    agent = ExternalAgent(misbehaving("crash"))
    with agent, pytest.raises(AgentError) as caught:
        play([agent, RandomAgent()], seed=1)
    assert "boom: out of cheese" in caught.value.stderr
    assert "its stderr ends: boom: out of cheese" in str(caught.value)


@pytest.mark.parametrize(
    ("mode", "says"),
    [
        ("bad-hello", "a bad handshake: the bot speaks protocol 99, tigeuph speaks 1"),
        ("silent", "no answer within 0.5 s for its hello"),
    ],
)
@pytest.mark.slow
def test_a_bad_handshake_loses_the_game(mode: str, says: str) -> None:
    """A bot whose hello is wrong or missing loses its first game, before any action."""
    agent = ExternalAgent(misbehaving(mode), start_time=0.5)
    with agent, pytest.raises(AgentError, match=says) as caught:
        play([agent, RandomAgent()], game="babel", seed=1)
    assert caught.value.reason == ("protocol" if mode == "bad-hello" else "time")
    assert caught.value.seat == 0 and caught.value.game.actions == ()


def test_a_bot_is_not_asked_to_play_a_game_it_does_not_play() -> None:
    """A bot that plays only the main game loses a Babel game at once, saying so."""
    agent = ExternalAgent(misbehaving("tigris-only"))
    with agent, pytest.raises(AgentError, match="it plays tigris, not babel"):
        play([agent, RandomAgent()], game="babel", seed=1)


def test_a_program_that_does_not_exist_loses_with_the_reason() -> None:
    """A command that cannot start is a crash, saying why."""
    agent = ExternalAgent("/nonexistent/bot --fast")
    with pytest.raises(AgentError, match="cannot start") as caught:
        play([agent, RandomAgent()], seed=1)
    assert caught.value.reason == "crash"


@pytest.mark.slow
def test_a_bot_that_ignores_quit_is_killed_and_reaped() -> None:
    """close() reaps a bot that ignores quit and the end of its input: it is killed."""
    agent = ExternalAgent(misbehaving("deaf"))
    agent.start()
    pid = agent.pid
    assert pid is not None
    status = agent.close()
    assert status is not None and status < 0 and reaped(pid)


def test_a_forgotten_agent_s_bot_is_reaped_when_collected() -> None:
    """An agent dropped without close() still reaps its bot (the finaliser)."""
    agent = ExternalAgent(EXAMPLE)
    agent.start()
    pid = agent.pid
    assert pid is not None
    del agent
    import gc

    gc.collect()
    assert reaped(pid)


# --- specifications ------------------------------------------------------------------------------


def test_external_specifications_name_a_command() -> None:
    """external:COMMAND is parsed as one command line, which make_agent does not start."""
    assert parse_spec('external:node "my bots/bot.js"') == (
        "external",
        {"command": 'node "my bots/bot.js"'},
    )
    agent = make_agent("external:node bot.js", game="babel")
    assert isinstance(agent, ExternalAgent) and agent.pid is None
    assert agent.argv == ("node", "bot.js")
    for bad in ("external:", "external:  ", "external:node 'bot.js"):
        with pytest.raises(AgentSpecError, match="external:COMMAND"):
            make_agent(bad)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"command": 42}, tigeuph.ArgumentTypeError),
        ({"command": []}, tigeuph.ArgumentError),
        ({"command": ["python", 3]}, tigeuph.ArgumentTypeError),
        ({"command": "bot", "move_time": 0}, tigeuph.ArgumentError),
        ({"command": "bot", "move_time": "1"}, tigeuph.ArgumentTypeError),
        ({"command": "bot", "start_time": None}, tigeuph.ArgumentTypeError),
    ],
)
def test_bad_arguments_are_the_family_s_errors(kwargs: dict[str, object], error: type) -> None:
    """ExternalAgent checks its arguments as every public function does (issue 11)."""
    with pytest.raises(error):
        ExternalAgent(**kwargs)  # type: ignore[arg-type]


def test_runners_keep_one_bot_process_per_seat_from_game_to_game() -> None:
    """agents_for_seats gives each seat with an external spec its own kept bot, the same one
    game after game, until release_bots reaps them."""
    spec = "external:" + " ".join(EXAMPLE)
    first = agents_for_seats([spec, spec], game="babel")
    assert first[0] is not first[1]
    play(first, game="babel", seed=1)
    pids = [agent.pid for agent in first]  # type: ignore[attr-defined]
    again = agents_for_seats([spec, "random", spec], game="tigris")
    assert again[0] is first[0] and again[2] is first[1]
    release_bots()
    assert all(pid is not None and reaped(pid) for pid in pids)
    assert agents_for_seats([spec], game="babel")[0] is not first[0]
    release_bots()


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_tournament_seats_a_bot_in_every_game(jobs: int) -> None:
    """The arena plays an external bot against random, in this process or in workers that
    each start their own bot."""
    spec = "external:" + " ".join(EXAMPLE)
    results = tournament([spec, "random"], games=4, game="babel", jobs=jobs)
    assert len(results) == 4 and all(sum(r.decisions) > 0 for r in results)
    assert sorted(r.seats for r in results) == [(0, 1), (0, 1), (1, 0), (1, 0)]


def test_the_simulator_seats_a_bot() -> None:
    """tigeuph simulate's agents may be external bots too."""
    from tigeuph.tools.simulate import simulate

    report = simulate(
        [None], games=2, players=2, agents=["external:" + " ".join(EXAMPLE)], game="babel"
    )
    assert len(report.results[0].games) == 2
    assert report.results[0].games[0].agents[0].startswith("external:")


def test_the_terminal_game_tells_a_bot_the_end_and_closes_it(tmp_path: Path) -> None:
    """A watched terminal game with a bot at a seat tells it the end, then quits it."""
    import io

    from rich.console import Console

    from tigeuph.terminal import play_in_terminal

    log = tmp_path / "log"
    spec = "external:" + " ".join(misbehaving("well", log))
    out = Console(file=io.StringIO(), width=120, color_system=None)
    played = play_in_terminal([spec, "random"], game="babel", seed=3, console=out)
    assert played.state.is_over
    lines = log.read_text().splitlines()
    assert lines[:2] == ["hello", "new_game"] and lines[-2:] == ["end finished null", "quit"]


# --- tigeuph engine and engine-check -------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "game"), [("greedy", "tigris"), ("random", "babel"), ("mcts:iterations=8", "babel")]
)
@pytest.mark.slow
def test_tigeuph_engine_plays_tigeuph_over_the_protocol(spec: str, game: str) -> None:
    """tigeuph engine serves its own players: driven by ExternalAgent, tigeuph plays itself."""
    with ExternalAgent([*ENGINE, "--agent", spec]) as agent:
        played = play([agent, RandomAgent()], game=game, seed=2)
        assert agent.hello is not None and agent.hello.name == f"tigeuph {spec}"
        assert agent.hello.games == tuple(tigeuph.GAMES)
    assert played.state.is_over or played.stopped is not None


@pytest.mark.slow
def test_tigeuph_engine_replays_a_game_from_its_seed() -> None:
    """The engine draws from the seed each new game brings: the same seed, the same game."""
    with ExternalAgent([*ENGINE, "--agent", "random:weighted=true"]) as agent:
        first = play([agent, RandomAgent()], seed=6, max_actions=60)
        again = play([agent, RandomAgent()], seed=6, max_actions=60)
    assert first.actions == again.actions


def test_tigeuph_engine_refuses_an_external_agent(capsys: pytest.CaptureFixture[str]) -> None:
    """tigeuph engine serves tigeuph's players, not another bot."""
    assert main(["engine", "--agent", "external:node bot.js"]) == 2
    assert "tigeuph's own players" in capsys.readouterr().err


def test_engine_check_passes_a_conforming_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """engine-check runs every check on the example bot, each PASS, and exits 0."""
    assert main(["engine-check", " ".join(EXAMPLE)]) == 0
    out = capsys.readouterr().out.splitlines()
    names = [line.split(":")[0] for line in out[:-1]]
    assert names == ["PASS handshake"] + ["PASS game"] * 4 + [
        "PASS refusal",
        "PASS timeout",
        "PASS quit",
    ]
    assert "told of seat 1's forfeit" in out[5] and out[-1].endswith(": conforms")


@pytest.mark.parametrize(
    ("mode", "failed"),
    [
        ("illegal", "game"),
        ("bad-hello", "handshake"),
        ("slow-when-tight", "timeout"),
        ("deaf", "quit"),
    ],
)
@pytest.mark.slow
def test_engine_check_fails_a_misbehaving_bot(mode: str, failed: str) -> None:
    """engine-check names the check a bot fails, and the bot does not pass."""
    checks = check_bot(misbehaving(mode), move_time=5, tight_time=0.5)
    assert [c.name for c in checks if not c.passed] == [failed]
    assert str(checks[-1]).startswith(f"FAIL {failed}: ")


def test_engine_check_exits_1_when_a_check_fails(capsys: pytest.CaptureFixture[str]) -> None:
    """engine-check's exit status is 1 when a check failed, with a FAIL line."""
    assert main(["engine-check", " ".join(misbehaving("crash"))]) == 1
    out = capsys.readouterr().out
    assert "FAIL game: tigris at seat 0" in out and "does not conform" in out


# --- the server ----------------------------------------------------------------------------------


def test_the_server_seats_only_the_bots_its_operator_lists() -> None:
    """A seat external:COMMAND is refused unless the operator listed COMMAND (none by
    default), as any agent the server does not play is refused."""
    from tigeuph.server import ServerLimits
    from tigeuph.server.errors import ServerLimitError
    from tigeuph.server.seats import check_seats

    command = " ".join(EXAMPLE)
    assert ServerLimits().external_agents == ()
    with pytest.raises(ServerLimitError, match="this server plays no such external bot"):
        check_seats(["human", f"external:{command}"], 2)
    allowed = ServerLimits(external_agents=[command]).external_agents
    assert check_seats(["human", f"external:{command}"], 2, external=allowed)[1] == (
        f"external:{command}"
    )
    with pytest.raises(ServerLimitError, match="it plays external:1"):  # not its command
        check_seats(["human", "external:node other.js"], 2, external=allowed)


def test_a_server_worker_asks_a_kept_bot_each_move_as_a_game_of_its_own(tmp_path: Path) -> None:
    """The server's worker keeps one bot process and sends it each move as a new game: a
    legal move every time, the same process."""
    from tigeuph.server.agents import Task, think

    log = tmp_path / "log"
    spec = "external:" + " ".join(misbehaving("well", log))
    game = tigeuph.GAMES["babel"]
    state = game.new_game(2, seed=1)
    try:
        for _ in range(3):
            seat = state.to_move
            move = think(Task(spec, game.view(state, seat), seat, "7", "babel"))
            state = game.apply(state, game.parse_action(move))
    finally:
        release_bots()
    assert log.read_text().split() == ["hello"] + ["new_game", "decide"] * 3 + ["quit"]


def test_tigeuph_serve_lists_the_bots_it_allows_one_option_each() -> None:
    """--external-agent, repeated, lists the commands; without it the server allows none."""
    from tigeuph.cli import parser
    from tigeuph.cli.serve import limits_from

    line = ["serve", "--external-agent", "node bot.js", "--external-agent", "./bot --fast"]
    assert limits_from(parser().parse_args(line)).external_agents == ("node bot.js", "./bot --fast")
    assert limits_from(parser().parse_args(["serve"])).external_agents == ()
