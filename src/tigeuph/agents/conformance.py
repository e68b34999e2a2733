"""A conformance check any bot author can run (``tigeuph engine-check COMMAND``): does a bot
speak the protocol of ``docs/protocol.rst``?

:func:`check_bot` runs one bot process through every part of a session, in order, against
tigeuph's random player, and says of each whether it passed:

=============  =================================================================================
``handshake``  the bot answers the host's ``hello`` with its own, in time
``game``       a whole game of each game it plays, once at each of seats 0 and 1, every answer a
               legal action in time
``refusal``    its opponent answers an illegal action: the game ends at once with a ``forfeit``
               (``end``), and the bot plays the next game on
``timeout``    a few decisions with little time (``time_ms`` of *tight_time*), each answered
               within it (a late answer loses the game and the bot is stopped)
``quit``       the bot exits with status 0 after ``quit``
=============  =================================================================================

A check that fails stops the run when the bot can no longer be trusted to be listening (a
failed handshake, a stopped bot).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from attrs import frozen

from ..core.errors import ArgumentError, expect
from ..games import game_named
from .base import AgentError, FunctionAgent
from .external import BotError, ExternalAgent, split_command
from .match import play
from .randomised import RandomAgent

__all__ = ["Check", "check_bot"]

_SEED: Final = 1
_TIGHT_DECISIONS: Final = 12
"""Decisions played with little time in the ``timeout`` check."""


@frozen
class Check:
    """One check of :func:`check_bot`: its name, whether the bot passed, and what was seen."""

    name: str
    passed: bool
    detail: str

    def __str__(self) -> str:
        return f"{'PASS' if self.passed else 'FAIL'} {self.name}: {self.detail}"


def check_bot(
    command: str | Sequence[str],
    *,
    move_time: float = 10.0,
    tight_time: float = 0.5,
    on_check: Callable[[Check], None] | None = None,
) -> list[Check]:
    """Run the checks of the module on the bot *command* starts (as
    :class:`~tigeuph.agents.ExternalAgent` reads it), with *move_time* seconds a decision and
    *tight_time* in the ``timeout`` check; the checks, in order (each also handed to
    *on_check* as it is done). The bot passes when every check passed.

    Raises:
        ArgumentTypeError: an argument is of the wrong type.
        ArgumentError: *command* names no program, or a time is not above 0.
    """
    split_command(command, "check_bot: command")
    for name, value in (("move_time", move_time), ("tight_time", tight_time)):
        expect(value, (int, float), "a number of seconds", f"check_bot: {name}")
        if not value > 0:
            raise ArgumentError(f"check_bot: {name} must be above 0, not {value!r}")
    checks: list[Check] = []

    def note(name: str, passed: bool, detail: str) -> bool:
        checks.append(Check(name, passed, detail))
        if on_check is not None:
            on_check(checks[-1])
        return passed

    agent = ExternalAgent(command, move_time=move_time)
    try:
        try:
            hello = agent.start()
        except BotError as err:
            note("handshake", False, str(err))
            return checks
        note(
            "handshake",
            True,
            f"{hello.name} {hello.version}, protocol 1, plays {', '.join(hello.games)}, "
            f"sees its view as {hello.view}",
        )
        for name in hello.games:
            for seat in (0, 1):
                if not note("game", *_whole_game(agent, name, seat)):
                    return checks
        if not note("refusal", *_refusal(agent, hello.games[0])):
            return checks
        agent.move_time = tight_time
        if not note("timeout", *_tight(agent, hello.games[0], tight_time)):
            return checks
    finally:
        status = agent.close()
    note("quit", status == 0, f"exited with status {status}")
    return checks


def _seats(agent: ExternalAgent, seat: int) -> list[Any]:
    seats: list[Any] = [RandomAgent(), RandomAgent()]
    seats[seat] = agent
    return seats


def _whole_game(agent: ExternalAgent, name: str, seat: int) -> tuple[bool, str]:
    game = game_named(name)
    try:
        played = play(_seats(agent, seat), game=name, seed=_SEED + seat)
    except AgentError as err:
        return False, f"{name} at seat {seat}: {err}"
    decisions = sum(1 for state in played.states[:-1] if state.to_move == seat)
    end = played.stopped.value if played.stopped else game.presentation.result_text(played.state)
    return True, (
        f"{name} at seat {seat}: {decisions} legal answers in {len(played.actions)} actions; {end}"
    )


def _refusal(agent: ExternalAgent, name: str) -> tuple[bool, str]:
    answers = [0]

    def cheat(view: Any, rng: Any) -> Any:
        answers[0] += 1
        return "not-an-action" if answers[0] == 2 else rng.choice(view.legal)

    try:
        play([agent, FunctionAgent(cheat, "cheat")], game=name, seed=_SEED)
    except AgentError as err:
        if err.seat != 1:
            return False, f"the bot failed first: {err}"
        forfeit = len(err.game.actions)
    else:
        return False, "the cheating opponent was never asked twice"  # pragma: no cover
    try:
        played = play([RandomAgent(), agent], game=name, seed=_SEED + 2, max_actions=20)
    except AgentError as err:
        return False, f"after seat 1's forfeit, the next game failed: {err}"
    return True, (
        f"told of seat 1's forfeit (an illegal answer) after {forfeit} actions, then played "
        f"{len(played.actions)} actions of the next game"
    )


def _tight(agent: ExternalAgent, name: str, seconds: float) -> tuple[bool, str]:
    try:
        played = play(
            [agent, RandomAgent()], game=name, seed=_SEED + 3, max_actions=2 * _TIGHT_DECISIONS
        )
    except AgentError as err:
        return False, str(err)
    decisions = sum(1 for state in played.states[:-1] if state.to_move == 0)
    return True, f"answered {decisions} decisions within {seconds:g} s each"
