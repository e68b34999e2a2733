"""A game's variants (issue 38): the ``variants`` capability, which the command line, the
server, the simulator and the soak ask for rule sets, and its default, a game without any.

A game's rules are whatever object it takes in ``new_game(players, seed=..., rules=...)``
(``None``: its standard rules). The capability reads and writes them as JSON, lists every rule
set a tool should play, makes them from named settings, and declares what the command line
offers to set: ``switches`` (on or off, ``--variant NAME[,NAME...]``) and ``options``, one
option each taking a value (the main game's ``--board``). A game without variants takes only
``None``, and the command line refuses its options in one line naming the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from attrs import frozen

from ..errors import ArgumentError, JsonError

if TYPE_CHECKING:
    from .protocol import GameInterface

__all__ = ["RuleOption", "Variants"]

S = TypeVar("S")  # the game's state

FileReader = Callable[[str], str]
"""How a command reads the text of a file an option names (its limits, standard input)."""


@frozen
class RuleOption:
    """A rule setting the command line sets by value: ``--NAME VALUE`` (``--board advanced``)."""

    name: str
    """The setting's name, as :meth:`Variants.make_rules` takes it and the option is called
    (``board``: ``--board``)."""
    help: str
    """What the value may be, for the option's help (``standard, advanced, or a board
    file``)."""
    metavar: str
    """The value's name in the usage line (``BOARD``)."""
    read: Callable[[str, FileReader | None], Any]
    """The setting a value given on the command line names, reading any file it names with
    the command's reader (``None``: the game's own reading).

    Raises:
        TigeuphError: the value names no setting, or its file cannot be read (the message
            names the value).
    """


class Variants(Generic[S]):
    """The ``variants`` capability; this class is also its default, a game without variants:
    one rule set, ``None``, and nothing for the command line to set."""

    switches: tuple[str, ...] = ()
    """The names of the rules' switches, each on or off, as :meth:`rules_to_json` writes them
    (``wonder``); the command line writes them with hyphens (``open-scoring``)."""
    options: tuple[RuleOption, ...] = ()
    """The rule settings the command line sets by value (:class:`RuleOption`)."""

    def __init__(self, game: GameInterface[S, Any, Any, Any]) -> None:
        self.game = game
        """The game whose variants these are."""

    def rules_of(self, state: S) -> Any:
        """The rules *state* is played under; by default ``None``."""
        return None

    def rules_from_json(self, value: object, players: int) -> Any:
        """The rules a JSON object asks for, for *players* (``{}``: the standard rules), as
        :meth:`rules_to_json` writes them; by default only ``{}``, read as ``None``.

        Raises:
            JsonError: *value* is not an object of the game's settings (the message names the
                bad key and lists the good ones).
        """
        if value != {}:
            raise JsonError("$.rules", f"{self.game.facts.title} has no variants: expected {{}}")
        return None

    def rules_to_json(self, rules: Any) -> dict[str, Any]:
        """*rules* as a JSON object; by default ``{}``."""
        return {}

    def rule_sets(self, players: int) -> tuple[Any, ...]:
        """Every rule set the game may be played under by *players*, its standard rules first
        (what the soak plays); by default ``(None,)``."""
        return (None,)

    def make_rules(self, settings: Mapping[str, Any]) -> Any:
        """The rules with *settings* (a switch's name on or off, an option's name and the
        setting :attr:`RuleOption.read` gives), the rest standard, for no particular player
        count: :meth:`rules_for` fits them to one. By default only ``{}``, which makes
        ``None``.

        Raises:
            ArgumentError: a name that is no setting of the game's rules, or a bad value.
        """
        if settings:
            facts = self.game.facts
            first = sorted(settings)[0]
            raise ArgumentError(
                f"{facts.name}: no such rule {first!r}: {facts.title} has no variants"
            )
        return None

    def rules_for(self, rules: Any, players: int) -> Any:
        """*rules* for a game of *players*: a rule set that names no player count (as
        :meth:`make_rules` makes them) or the same one. By default ``None`` for a number of
        players the game takes.

        Raises:
            ArgumentError: *rules* name another player count, or the game takes no such number.
        """
        facts = self.game.facts
        if rules is not None or players not in facts.players:
            counts = ", ".join(map(str, facts.players))
            raise ArgumentError(
                f"{facts.name}: one rule set, None, for {counts} players, not {rules!r}, {players}"
            )
        return None
