"""Games and game records: the history of a game, undo and replay, as text or JSON.

:class:`~tigeuph.core.records.history.History` is the history both games' records share
(:class:`Game` here, :class:`tigeuph.babel.BabelGame` for Babel).

:class:`Game` keeps every state of a game. States are immutable, so keeping them all costs
only what changed; undo drops the last one. A game record stores what is needed to replay it:
a header, the first position (a seed, or a position when the game did not start from one), and
the actions. Reading a record replays it through the engine, so every state comes back, and an
action the rules refuse is reported with its move number
(:class:`~tigeuph.core.errors.RecordError`).

A record is full information: its Seed, or its first position, fixes the bag's order and every
hand, so whoever reads it knows every tile to come. Keep records on the server side. What a
player may see of the game is :meth:`Game.view`, whose ``history`` is the public record: every
action as he may know it, the points it scored and what it did.

The text format follows chess's PGN: tag pairs, then the moves, one numbered line per turn (a
turn runs from the active player's first action to the next player's turn, so other players'
support and treasure decisions belong to it), each action in action notation, each followed by
an optional ``{comment}``::

    [Date "2025-01-31"]
    [Player0 "Ann"]
    [Player1 "Bob"]
    [Rules "players=2 board=standard"]
    [Seed "7"]
    [Result "*"]

    1. rH6 KH5 {Ann founds a kingdom}
    2. pass

Tags are free (``Event``, ``Site``, ``Date``, ``Player0`` to ``Player3`` are the usual ones;
:meth:`Game.new` writes today's ``Date`` unless given one),
except four that the game writes itself: ``Rules`` (as in position notation), ``Seed``,
``Result`` (``*`` while the game goes on, else the winners' seats, as in ``0`` or ``0,2``) and
``Termination`` (why it ended: ``treasures`` or ``bag``); reading checks them. A game that did
not start from a seed has no ``Seed`` tag: its first position follows the tags instead, in
position notation without blank lines, ending at the first blank line. Move numbers may be left
out; a number given must be the turn's.

``to_record(narrate=True)`` tells the story too: each action on a line of its own, followed by
a comment saying what it did (its public events, :mod:`tigeuph.tigris.events`), after the player's
own comment. It reads back as any record, the sentences as the actions' comments. The JSON record
(:meth:`Game.to_json`) keeps every event of each move, hidden colours included, and reading it
checks them against the replay.

Reading a record proves what it says only when it starts from a seed:
``Game.from_record(text)`` (``verify=True``, the default) accepts only records whose game
starts as :func:`~tigeuph.new_game` deals it from the header's ``Seed`` and ``Rules``, so a
record can never claim a result it did not play. A record from a first position, which anyone
can write, reads only with ``verify=False``. Records are read within
:class:`~tigeuph.Limits`: their size, tag and comment lengths and ``max_record_actions``.

>>> import tigeuph
>>> tags = {"Date": "2025-01-31", "Player0": "Ann", "Player1": "Bob"}
>>> game = tigeuph.Game.new(2, seed=7, tags=tags)
>>> _ = game.play("rH6"), game.play("KH5", comment="Ann founds a kingdom"), game.play("pass")
>>> print(game.to_record(), end="")
[Date "2025-01-31"]
[Player0 "Ann"]
[Player1 "Bob"]
[Rules "players=2 board=standard"]
[Seed "7"]
[Result "*"]
<BLANKLINE>
1. rH6 KH5 {Ann founds a kingdom}
2. pass
>>> again = tigeuph.Game.from_record(game.to_record())
>>> again.states == game.states, again.move
(True, 3)
"""

from .game import Game

__all__ = ["Game"]
