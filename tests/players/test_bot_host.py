"""A bot cannot cheat, flood or hang its host (issue 37): hostile bots
(tests/helpers/hostile_bot.py) each end in a BotError (an AgentError in play) within their time
and a short grace, the host's memory stays bounded, no process of theirs outlives its host
(grandchildren included), the server's worker kills the bots of a worker it kills, and nothing a
bot is sent depends on what its seat may not see or can be worked out from the deal. Reads
/proc: Linux only."""

from __future__ import annotations

import gc
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest
from helpers import hostile_bot
from helpers.paths import HELPERS

import tigeuph
from tigeuph import AgentError
from tigeuph.agents import BotError, ExternalAgent, RandomAgent, agent_rng, play
from tigeuph.agents.conformance import check_bot
from tigeuph.agents.factory import release_bots
from tigeuph.agents.tournament import tournament
from tigeuph.agents.wire import MAX_BOT_LINE, MAX_LINE

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")

ENGINE: Final = [sys.executable, "-m", "tigeuph", "engine"]
PEAK_BOUND_KB: Final = 200_000
"""The host's peak resident memory allowed, whatever its bot writes: 200 MB."""

HOST: Final = """\
import json, sys, time
import tigeuph
from tigeuph.agents import BotError, ExternalAgent, RandomAgent
command, game, move_time, close, pause = json.loads(sys.argv[1])
outcome = {}
bot = ExternalAgent(command, move_time=move_time)
try:
    bot.start()
    time.sleep(pause)
    tigeuph.play([bot, RandomAgent()], game=game, seed=1)
except (tigeuph.AgentError, BotError) as err:  # a bot may fail its start
    outcome = {"reason": err.reason, "message": str(err)}
if close:
    bot.close()
# VmHWM, not getrusage's ru_maxrss, which keeps the peak of the process before its exec (the
# test runner's, which forked this host)
with open("/proc/self/status", encoding="ascii") as status:
    peak = next(line for line in status if line.startswith("VmHWM:"))
outcome["peak_kb"] = int(peak.split()[1])
print(json.dumps(outcome))
"""
"""A host in a process of its own: starts its bot, waits *pause* seconds (while the bot may
write what it likes), plays it at seat 0, prints how the game ended and its peak memory, and
exits, closing the bot or (without *close*) leaving it to the finaliser."""


def hostile(
    mode: str, *flags: str, pids: Path | None = None, record: Path | None = None
) -> list[str]:
    """The command of tests/helpers/hostile_bot.py in *mode*."""
    command = [sys.executable, str(HELPERS / "hostile_bot.py"), mode, *flags]
    command += ["--pids", str(pids)] if pids is not None else []
    return command + (["--record", str(record)] if record is not None else [])


def host(command: list[str], *, close: bool = True, pause: float = 0.0) -> Any:
    """What the host of HOST says after playing Babel against *command*, one second a move,
    which must end in time."""
    done = subprocess.run(
        [sys.executable, "-c", HOST, json.dumps([command, "babel", 1.0, close, pause])],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout)


def running(pid: int) -> bool:
    """Whether process *pid* runs (a zombie runs nothing)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def group(leader: int) -> list[int]:
    """The running processes of process group *leader*."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == leader and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def started(pids: Path) -> list[int]:
    """The process ids a hostile bot wrote: its own, then its grandchild's."""
    return [int(line) for line in pids.read_text().split()]


def left_running(pids: list[int], within: float = 10.0) -> list[int]:
    """Which of *pids*, or of the group the first leads, still run after *within* seconds (a
    killed process takes a moment to go)."""
    end = time.monotonic() + within
    while True:
        left = sorted({pid for pid in pids if running(pid)} | set(group(pids[0])))
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.05)


@pytest.fixture
def pids(tmp_path: Path) -> Iterator[Path]:
    """Where a hostile bot writes its process ids; whatever is left running in its process
    group is killed after the test, which has failed by then if anything was."""
    path = tmp_path / "pids"
    yield path
    if path.exists():
        for pid in group(started(path)[0]):
            os.kill(pid, signal.SIGKILL)


# --- hostile bots: each loses in time, its host's memory bounded, nothing of it left --------


@pytest.mark.parametrize(
    ("mode", "flags", "reason", "says"),
    [
        ("flood", ["--grandchild"], "protocol", "(not asked for|another line after its answer)"),
        ("endless", ["--grandchild"], "protocol", f"a line over {MAX_BOT_LINE} bytes"),
        ("drip", ["--grandchild"], "time", "no answer within 1 s for its action"),
        ("close-stdout", [], "crash", "it closed its output and runs on, awaiting its action"),
        ("exit", [], "crash", r"its output ended \(exit status 0\)"),
        ("exit", ["--grandchild"], "crash", r"it exited \(exit status 0\)"),
        ("silent", ["--grandchild"], "time", "no answer within 1 s for its action"),
        ("overrun", ["--grandchild"], "time", "no answer within 1 s for its action"),
    ],
)
@pytest.mark.slow
def test_a_hostile_bot_loses_in_time_and_leaves_nothing(
    mode: str, flags: list[str], reason: str, says: str, pids: Path
) -> None:
    """A bot that floods (three seconds before its first decision), writes an endless line or
    a line a byte at a time, closes its output and runs on, exits (its grandchild holding its
    output open or not), stays silent or overruns loses with the reason, its host's peak
    memory under 200 MB, and neither it nor its grandchild outlives the game."""
    outcome = host(hostile(mode, *flags, pids=pids), pause=3.0 if mode == "flood" else 0.0)
    assert outcome["reason"] == reason
    assert re.search(says, outcome["message"]), outcome["message"]
    assert outcome["peak_kb"] < PEAK_BOUND_KB
    assert left_running(started(pids)) == []


@pytest.mark.slow
def test_a_bot_that_stops_reading_cannot_block_its_host(pids: Path) -> None:
    """A decision bigger than the pipe sent to a bot that reads no more: the host, which
    writes without blocking, gives up at the move's time."""
    seen = play([RandomAgent(), RandomAgent()], seed=2).view(0)  # the whole game's history
    assert len(tigeuph.GAMES["tigris"].view_to_json(seen)) > 1 << 16  # over a pipe's size
    agent = ExternalAgent(hostile("deaf", pids=pids), move_time=1.0)
    with agent, pytest.raises(BotError, match="did not read its input in time") as caught:
        agent.act(seen, random.Random(0))
    assert caught.value.reason == "time"
    assert left_running(started(pids)) == []


@pytest.mark.slow
@pytest.mark.parametrize("close", [True, False])
def test_no_grandchild_outlives_its_host(close: bool, pids: Path) -> None:
    """A bot that ignores quit and its input's end, with a grandchild that ignores every
    signal that ends a program, is killed with its grandchild when its host closes it, or
    when the host's interpreter exits without closing it."""
    outcome = host(hostile("well", "--grandchild", "--ignore-quit", pids=pids), close=close)
    assert "reason" not in outcome
    assert left_running(started(pids)) == []


def test_close_and_the_finaliser_kill_the_bot_s_whole_group(pids: Path) -> None:
    """close() kills what a well-behaved bot left running; so does the finaliser of an agent
    dropped without close()."""
    agent = ExternalAgent(hostile("well", "--grandchild", pids=pids))
    play([agent, RandomAgent()], game="babel", seed=1, max_actions=6)
    bot, grandchild = started(pids)
    assert agent.pid == bot and group(bot) == sorted([bot, grandchild])
    assert agent.close() == 0
    assert left_running([bot, grandchild]) == []
    pids.unlink()
    forgotten = ExternalAgent(hostile("well", "--grandchild", pids=pids))
    forgotten.start()
    del forgotten
    gc.collect()
    assert left_running(started(pids)) == []


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_engine_check_arena_and_simulate_end_when_a_bot_closes_its_output() -> None:
    """engine-check fails, and the arena and the simulator end with the bot's forfeit, when
    the bot closes its output and runs on (they once waited for it for ever)."""
    from tigeuph.tools.simulate import simulate

    checks = check_bot(hostile("close-stdout"), move_time=1.0)
    assert [c.name for c in checks if not c.passed] == ["game"]
    assert "closed its output and runs on" in checks[-1].detail
    spec = "external:" + " ".join(hostile("close-stdout"))
    try:
        with pytest.raises(AgentError, match="closed its output") as caught:
            tournament([spec, "random"], games=2, game="babel")
        assert caught.value.reason == "crash"
        with pytest.raises(AgentError, match="closed its output") as caught:
            simulate([None], games=1, players=2, agents=[spec], game="babel")
        assert caught.value.reason == "crash"
    finally:
        release_bots()


# --- tigeuph engine reads bounded lines --------------------------------------------------------


def engine(
    given: bytes | None = None, *, zeros: bool = False
) -> subprocess.CompletedProcess[bytes]:
    """``tigeuph engine`` run on *given* as its input, or on /dev/zero."""
    if zeros:
        with open("/dev/zero", "rb") as source:
            return subprocess.run(ENGINE, stdin=source, capture_output=True, timeout=120)
    return subprocess.run(ENGINE, input=given, capture_output=True, timeout=120)


@pytest.mark.parametrize(
    "given", [None, b"x" * (MAX_LINE + 10) + b"\n"], ids=["dev-zero", "overlong"]
)
@pytest.mark.slow
def test_tigeuph_engine_ends_in_one_line_on_an_endless_or_overlong_line(
    given: bytes | None,
) -> None:
    """tigeuph engine reads at most MAX_LINE bytes of a line: /dev/zero and a line longer than
    that end it with exit status 1 and one line saying so, no traceback."""
    done = engine(given, zeros=given is None)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines() == [f"tigeuph greedy: a line over {MAX_LINE} bytes"]
    assert done.stdout == b""


def test_tigeuph_engine_reads_a_line_of_the_longest_length() -> None:
    """A hello padded to exactly MAX_LINE bytes, its newline included, is read and answered."""
    hello = b'{"type":"hello","protocol":1,"host":"test"}'
    padded = hello + b" " * (MAX_LINE - len(hello) - 1) + b"\n"
    assert len(padded) == MAX_LINE
    done = engine(padded + b'{"type":"quit"}\n')
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "tigeuph greedy"


# --- nothing to learn -------------------------------------------------------------------------


def sent(record: Path, offset: int) -> tuple[list[dict[str, Any]], int]:
    """The messages a recording bot was sent after *offset* bytes of its record, and the
    record's length."""
    text = record.read_text()
    return [json.loads(line) for line in text[offset:].splitlines()], len(text)


def new_game_seeds(agent: ExternalAgent, record: Path, deal: int) -> list[int]:
    """The new_game seeds *agent*'s bot is sent at each seat of the Babel game dealt from
    *deal*."""
    seeds = []
    for seat in (0, 1):
        seats: list[Any] = [RandomAgent(), RandomAgent()]
        seats[seat] = agent
        offset = len(record.read_text()) if record.exists() else 0
        play(seats, game="babel", seed=deal, max_actions=4)
        seeds += [m["seed"] for m in sent(record, offset)[0] if m["type"] == "new_game"]
    return seeds


def test_a_bot_s_seed_is_drawn_through_the_host_s_secret(tmp_path: Path) -> None:
    """The same agent sends the same seeds for the same deal (a game replays), and so do two
    agents given the same key; two agents with keys of their own send others, and none is
    the seat generator's draw, a public function of the deal."""
    seeds = {}
    for name, key in (("a", None), ("b", None), ("c", b"shared"), ("d", b"shared")):
        record = tmp_path / name
        with ExternalAgent(hostile("well", record=record), key=key) as agent:
            seeds[name] = new_game_seeds(agent, record, deal=5)
            assert new_game_seeds(agent, record, deal=5) == seeds[name]
    assert seeds["a"] != seeds["b"] and seeds["c"] == seeds["d"] != seeds["a"]
    public = [agent_rng(5, seat).randrange(2**31) for seat in (0, 1)]
    assert all(seed not in public for seed in seeds["a"] + seeds["b"] + seeds["c"])
    assert all(0 <= seed < 2**31 for seed in seeds["a"])


def states_to_decide(name: str) -> list[Any]:
    """States of random games of *name* with a seat to move: every fifth, both games' and,
    for the main game, three players with every variant."""
    found = []
    runs: list[tuple[int, Any]] = [(2, None)]
    if name == "tigris":
        runs.append((3, tigeuph.Rules(players=3, buildings=True, wonder=True)))
    for players, rules in runs:
        record = play([RandomAgent() for _ in range(players)], game=name, seed=players, rules=rules)
        found += [s for s in record.states[::5] if s.to_move is not None]
    return found


@pytest.mark.slow
@pytest.mark.parametrize("seen_as", ["json", "notation"])
@pytest.mark.parametrize("name", ["tigris", "babel"])
def test_what_a_bot_is_sent_never_depends_on_what_its_seat_may_not_see(
    name: str, seen_as: str, tmp_path: Path
) -> None:
    """Over many states of both games, a bot is sent the same messages (new_game, decide, a
    notation bot's sampled position included) for a state and for the state with everything
    its seat may not see dealt again, given equal generators; another key draws another
    seed, and another sampled position."""
    game = tigeuph.GAMES[name]
    record, other_record = tmp_path / "record", tmp_path / "other"
    flags = ["--notation"] if seen_as == "notation" else []
    agent = ExternalAgent(hostile("well", *flags, record=record), key=b"one")
    other = ExternalAgent(hostile("well", *flags, record=other_record), key=b"two")
    states = states_to_decide(name)
    redealt = elsewhere_differs = 0
    with agent, other:
        agent.start(), other.start()
        offset, other_offset = sent(record, 0)[1], sent(other_record, 0)[1]  # past the hellos
        for n, state in enumerate(states):
            seat = state.to_move
            seen = game.view(state, seat)
            dealt_again = game.sample_state(seen, random.Random(n))
            assert game.view(dealt_again, seat) == seen
            redealt += dealt_again != state
            messages = []
            for view in (seen, game.view(dealt_again, seat)):
                agent.forget_game()
                agent.act(view, random.Random(n))
                told, offset = sent(record, offset)
                messages.append(told)
            assert messages[0] == messages[1]
            assert [m["type"] for m in messages[0]] == ["new_game", "decide"]
            other.forget_game()
            other.act(seen, random.Random(n))
            elsewhere, other_offset = sent(other_record, other_offset)
            assert elsewhere[0]["seed"] != messages[0][0]["seed"]
            elsewhere_differs += elsewhere[1] != messages[0][1]
    assert redealt > len(states) // 2
    if seen_as == "notation":
        assert elsewhere_differs > len(states) // 2


# --- the server's workers ---------------------------------------------------------------------


def task(command: list[str], seed: str = "7") -> Any:
    """A server's agent task: the first move of a Babel game, for the bot *command* starts."""
    from tigeuph.server.agents import Task

    game = tigeuph.GAMES["babel"]
    state = game.new_game(2, seed=1)
    spec = "external:" + " ".join(command)
    return Task(spec, game.view(state, state.to_move), state.to_move, seed, "babel")


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A server's worker process whose think hangs on a task seeded ``hang``; stopped after."""
    from tigeuph.server import agents

    monkeypatch.setattr(agents, "think", hostile_bot.think_unless_told_to_hang)
    made = agents._Worker()
    yield made
    made.stop()


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_server_worker_tells_a_bot_the_budget_it_holds_it_to(
    worker: Any, tmp_path: Path, pids: Path
) -> None:
    """The worker tells its bot the server's budget as its time, and the bot that does not
    answer within it loses the move at once (not at the worker's deadline); its process
    group is reported started, then stopped."""
    record = tmp_path / "record"
    with pytest.raises(RuntimeError, match=r"no answer within 1\.5 s for its action"):
        worker.ask(task(hostile("silent", pids=pids, record=record)), 60, seconds=1.5)
    decide = [m for m in sent(record, 0)[0] if m["type"] == "decide"]
    assert [m["time_ms"] for m in decide] == [1500]
    assert worker.groups == set()
    assert left_running(started(pids)) == []


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("how", ["overrun", "death", "shutdown", "terminated"])
def test_a_server_worker_s_bots_die_with_it(how: str, worker: Any, pids: Path) -> None:
    """The bot of a worker that overruns and is killed, of a worker that dies, of a worker
    stopped at the server's shutdown, and of a worker terminated (as multiprocessing does to
    a daemonic process at its parent's exit), is killed with its grandchild, even when it
    ignores quit: the worker told its parent of the bot's process group, or stopped it."""
    bot = hostile("well", "--grandchild", "--ignore-quit", pids=pids)
    assert worker.ask(task(bot), 60, seconds=2.0) is not None
    leader, grandchild = started(pids)
    assert worker.groups == {leader}
    if how == "overrun":
        assert worker.ask(task(bot, seed="hang"), 1.0, seconds=2.0) is None
        worker.stop()
    elif how == "death":
        os.kill(worker.process.pid, signal.SIGKILL)
        worker.process.join(30)
        worker.stop()
    elif how == "shutdown":
        worker.stop(grace=10.0)
    else:
        worker.process.terminate()
        worker.process.join(30)
        assert worker.process.exitcode == 0  # it stopped its bots itself
    assert left_running([leader, grandchild]) == []
