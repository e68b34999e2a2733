"""The records of a game that keeps none of its own (issue 38): :class:`InterfaceRecords`, the
interface's default ``records`` capability, every part of a record answered from the required
members of :class:`~tigeuph.GameInterface`.

Such a game's records are :class:`~tigeuph.core.records.history.History` itself, kept by this
strategy. Its text record names the game and its number of players, and its rules when they
are not the standard ones, as JSON::

    [Game "nim"]
    [Players "2"]
    [Seed "7"]
    [Result "1"]
    [Termination "end"]

    1. take-3 take-1

``Result`` is the winners' seats (``0,2``) or ``*`` while the game goes on, ``Termination``
the game's ending (:meth:`Measures.ending <tigeuph.core.interface.measures.Measures.ending>`);
a record from a position gives it, in the game's notation, after the tags (without its blank
lines). Its JSON record is the text record in an envelope of the game's ``record_format``. It
never stalls.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from ..errors import NotationError
from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits
from ..records.history import History
from ..records.keeping import RecordFormat, Records
from .views import history_view

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["InterfaceRecords"]

S = TypeVar("S")  # the game's state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action

WRITTEN: Final = ("Game", "Players", "Rules", "Seed", "Result", "Termination")
"""The tags a default record writes itself; every other tag is free."""


class InterfaceRecords(Records[Any, A, V, History[Any, A, V]], Generic[S, V, A]):
    """The records of *game* through its interface alone: see the module."""

    record_type: type[History[Any, A, V]] = History

    def __init__(self, game: GameInterface[S, V, A, Any]) -> None:
        self.game = game
        """The game whose records these are."""
        facts = game.facts
        self.state_type = facts.state_type
        self.format = RecordFormat(
            class_name="History",
            title=facts.position_title,
            json_format=facts.record_format,
            written_tags=WRITTEN,
            leading_tags=(("Game", facts.name),),
            noun=f"a {facts.title} record",
            stall_rule=f"a game of {facts.title} never stalls",
        )

    def deal(self, start: S, seed: int) -> S:
        game = self.game
        rules = game.variants.rules_of(start)
        return game.new_game(game.player_count(start), seed=seed, rules=rules)

    def transition(self, before: S, action: A) -> tuple[S, tuple[Event, ...]]:
        return self.game.transition(before, action)

    def parse(self, text: str) -> A:
        return self.game.parse_action(text)

    def position_text(self, state: S) -> str:
        return self.game.to_text(state)

    def rules_tags(self, start: S) -> dict[str, str]:
        game = self.game
        tags = {"Players": str(game.player_count(start))}
        rules = game.variants.rules_to_json(game.variants.rules_of(start))
        if rules:
            tags["Rules"] = json.dumps(rules, sort_keys=True, separators=(",", ":"))
        return tags

    def result_tags(self, state: S) -> dict[str, str]:
        game = self.game
        winners = game.winners(state)
        if not winners:
            return {"Result": "*"}
        ending = game.measures.ending(state)
        return {"Result": ",".join(map(str, winners)), "Termination": ending or "end"}

    def start_of(
        self, tags: dict[str, str], seed: int | None, position: str | None, limits: Limits
    ) -> S:
        game = self.game
        facts = game.facts
        if tags.get("Game", facts.name) != facts.name:
            raise NotationError(f"the Game tag of a {facts.title} record is {facts.name}")
        if position is not None:
            return game.from_text(position, limits=limits)
        if seed is None:
            raise NotationError("a record needs a Seed tag or a position after its tags")
        try:
            players = int(tags.get("Players", facts.default_players))
            rules = None
            if "Rules" in tags:
                rules = game.variants.rules_from_json(json.loads(tags["Rules"]), players)
            return game.new_game(players, seed=seed, rules=rules)
        except (ValueError, TypeError) as err:  # a TigeuphError is a ValueError too
            raise NotationError(f"header: {err}") from None

    def view(
        self,
        states: Sequence[S],
        actions: Sequence[A],
        events: Sequence[tuple[Event, ...]],
        player: int,
    ) -> V:
        return history_view(self.game, states, actions, events, player)

    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> History[Any, A, V]:
        if seed is None:
            seed = secrets.randbits(63)
        start = self.game.new_game(players, seed=seed, rules=rules)
        return History(start, seed=seed, tags=tags, limits=limits, keeping=self)
