"""The error family: every error tigeuph raises derives from :class:`TigeuphError`."""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "BoardError",
    "DealError",
    "IllegalActionError",
    "JsonError",
    "LimitError",
    "NotationError",
    "PositionError",
    "RecordError",
    "TigeuphError",
    "UndoError",
    "as_int",
    "expect",
]


class TigeuphError(Exception):
    """Base of every error tigeuph raises: a public function or constructor raises only
    :class:`TigeuphError` subclasses (each also inherits the matching built-in: ``ValueError``,
    ``TypeError``, ``IndexError``), so ``except tigeuph.TigeuphError`` catches whatever bad
    input can cause. Reading a board file may also raise ``OSError`` (the file cannot be read).
    """


class ArgumentTypeError(TigeuphError, TypeError):
    """An argument of the wrong type: ``None`` for a cell, a string where an action belongs,
    ``True`` for a seat.

    >>> import tigeuph
    >>> tigeuph.apply(tigeuph.new_game(2, seed=1), "rE5")
    Traceback (most recent call last):
    ...
    tigeuph.core.errors.ArgumentTypeError: apply: action must be an action (see ...), not str 'rE5'
    """


class ArgumentError(TigeuphError, ValueError):
    """An argument of the right type that the function cannot take: a player count of 5, a
    seat the game does not have, an action id beyond ``ACTION_COUNT``."""


class UndoError(TigeuphError, IndexError):
    """:meth:`tigeuph.Game.undo` with no action to take back."""


class NotationError(TigeuphError, ValueError):
    """Text that is not valid action or position notation, or an action value that no
    notation writes (a bit index that is no cell, a negative support count)."""


class PositionError(NotationError):
    """Well-formed position text that describes an impossible position."""


class JsonError(NotationError):
    """JSON that is not a tigeuph document of the expected kind; ``path`` names the first bad
    field the way JSONPath does, so that a client can point at it.

    >>> str(JsonError("$.hands[0].r", "expected an integer, not '3'"))
    "$.hands[0].r: expected an integer, not '3'"
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class RecordError(NotationError):
    """A game record whose action cannot be read or played: ``move`` is the move number written
    in the record (one per turn) and ``ply`` the action's index from 1, so the spot is easy to find.
    """

    def __init__(self, move: int, ply: int, reason: str) -> None:
        super().__init__(f"move {move} (action {ply}): {reason}")
        self.move = move
        self.ply = ply
        self.reason = reason


class LimitError(NotationError):
    """Input over one of the :class:`tigeuph.Limits`, refused before it is read; ``limit``
    names the field of ``Limits`` to raise, ``size`` the input's size and ``allowed`` the limit.

    >>> print(LimitError("max_text_bytes", 2_000_000, 1_000_000, "a record"))
    a record: 2,000,000 bytes, over the limit of 1,000,000 (pass limits=tigeuph.Limits(...
    """

    def __init__(self, limit: str, size: int, allowed: int, what: str) -> None:
        unit = _UNITS.get(limit, "")
        super().__init__(
            f"{what}: {size:,}{unit}, over the limit of {allowed:,} "
            f"(pass limits=tigeuph.Limits({limit}=...) to allow more)"
        )
        self.limit = limit
        self.size = size
        self.allowed = allowed


_UNITS = {
    "max_text_bytes": " bytes",
    "max_json_bytes": " bytes",
    "max_json_depth": " levels of nesting",
    "max_json_items": " items in one list or object",
    "max_record_actions": " actions",
    "max_tag_chars": " characters",
    "max_comment_chars": " characters",
}


class DealError(TigeuphError, ValueError):
    """A game record whose deal cannot be checked against its commitment, or does not match
    it (:func:`tigeuph.verify_deal`)."""


class BoardError(TigeuphError, ValueError):
    """A board layout that cannot be played (a temple on a river, a cell off the board...)."""


class IllegalActionError(TigeuphError, ValueError):
    """A well-formed action the rules forbid in this state; ``clause`` names the rule.

    >>> err = IllegalActionError("R11", "rE1: a red tile never goes on a river")
    >>> str(err), err.clause
    ('rE1: a red tile never goes on a river [R11]', 'R11')
    """

    def __init__(self, clause: str, reason: str) -> None:
        super().__init__(f"{reason} [{clause}]")
        self.clause = clause
        self.reason = reason


def _shown(value: object) -> str:
    """*value* for a message: its type, and its repr when short."""
    text = repr(value)
    name = type(value).__name__
    return f"{name} {text}" if len(text) <= 30 else name


def expect(value: object, kind: type | tuple[type, ...], what: str, where: str) -> None:
    """Raise :class:`ArgumentTypeError` unless *value* is a *kind* (``bool`` is never an
    ``int`` here: ``True`` is no seat); *what* names the expected thing in words.

    >>> expect(True, int, "a seat (an int)", "view: player")
    Traceback (most recent call last):
    ...
    tigeuph.core.errors.ArgumentTypeError: view: player must be a seat (an int), not bool True
    """
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _kinds(kind)):
        raise ArgumentTypeError(f"{where} must be {what}, not {_shown(value)}")


def as_int(value: object, what: str, where: str) -> int:
    """*value* as an ``int``: an ``int`` or any integer type (``numpy.int64``, through
    ``__index__``), never a ``bool``; else :class:`ArgumentTypeError`.

    >>> as_int(3, "a seat", "view: player")
    3
    """
    if type(value) is int:
        return value
    index = getattr(type(value), "__index__", None)
    if index is None or isinstance(value, bool):
        raise ArgumentTypeError(f"{where} must be {what}, not {_shown(value)}")
    found = index(value)
    assert isinstance(found, int)
    return int(found)


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)
