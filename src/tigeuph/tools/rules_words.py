"""A game's player count and rules in one line of words, for the soak's report and replay
lines: ``players=3 board=standard buildings``, as the main game's position notation writes its
``rules:`` line; ``players=2`` for a game without variants. Written from the game's rules as
JSON (:meth:`~tigeuph.games.Variants.rules_to_json`): a text setting is ``key=value``, a switch
that is on is its name with hyphens."""

from __future__ import annotations

from typing import Any

from ..core.errors import ArgumentError
from ..games import AnyGame

__all__ = ["parse_rules", "rules_text"]


def rules_text(game: AnyGame, players: int, rules: Any) -> str:
    """*players* and *rules* of *game* in words."""
    words = [f"players={players}"]
    for key, value in game.variants.rules_to_json(rules).items():
        if isinstance(value, bool):
            words += [key.replace("_", "-")] if value else []
        else:
            words.append(f"{key}={value}")
    return " ".join(words)


def parse_rules(game: AnyGame, text: str) -> tuple[int, Any]:
    """The player count and rules of *game* that :func:`rules_text` wrote as *text*.

    Raises:
        ArgumentError: no ``players=N``, or a player count the game does not take.
        JsonError: a word names no rule of the game.
    """
    players: int | None = None
    value: dict[str, object] = {}
    for word in text.split():
        key, equals, setting = word.partition("=")
        if key == "players" and setting.isdigit():
            players = int(setting)
        else:
            value[key.replace("-", "_")] = setting if equals else True
    if players is None or players not in game.facts.players:
        counts = ", ".join(map(str, game.facts.players))
        raise ArgumentError(f"{game.facts.name}: expected players=N with N one of {counts}")
    return players, game.variants.rules_from_json(value, players)
