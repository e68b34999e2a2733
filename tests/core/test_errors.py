"""One error family (issue 11): every public function, constructor and method, given an argument
of the wrong type or an impossible value, either works or raises a :class:`tigeuph.TigeuphError`
whose message is in the project's voice, never a bare built-in error or attrs' internals."""

from __future__ import annotations

import enum
import inspect
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

import pytest
from helpers import odd
from helpers.paths import EXAMPLE_BOARDS

import tigeuph
from tigeuph import (
    STANDARD,
    ArgumentError,
    ArgumentTypeError,
    Cell,
    Colour,
    Game,
    IllegalActionError,
    Limits,
    Monument,
    NotationError,
    Rules,
    TigeuphError,
    UndoError,
    board_from_text,
    board_to_json,
    new_game,
    parse_action,
    state_to_json,
    to_text,
    view,
    view_to_json,
)

STATE: Final = new_game(2, seed=1)
GAME: Final = Game.new(2, seed=1, tags={"Date": "2025-01-31"})
WRONG: Final[tuple[object, ...]] = (
    None,
    True,
    1.5,
    "x",
    "E5",
    b"x",
    42,
    -1,
    10**30,
    [],
    {},
    {"E5": None},
    (1, 2),
    object(),
)
"""Wrong values: wrong types, and values of the right type that no function takes."""

# A working value for each parameter, by the callable's name and the parameter's, else by the
# parameter's name alone; anything else gets 0 (the value classes take whatever they are given).
VALID_FOR: Final[dict[tuple[str, str], object]] = {
    ("parse_action", "text"): "pass",
    ("parse_cell", "text"): "E5",
    ("from_text", "text"): to_text(STATE),
    ("state_from_json", "text"): state_to_json(STATE),
    ("action_from_json", "text"): tigeuph.action_to_json(parse_action("pass")),
    ("view_from_json", "text"): view_to_json(view(STATE, 0)),
    ("board_from_text", "text"): "T.T\n.T.",
    ("from_record", "text"): GAME.to_record(),
    ("from_json", "text"): GAME.to_json(),
    ("board_from_json", "name"): "tiny",
    ("board_from_text", "name"): "tiny",
    ("Board", "name"): "tiny",
    ("load_board", "name"): None,
    ("Game", "seed"): None,
    ("Game", "tags"): None,
}
VALID: Final[dict[str, object]] = {
    "state": STATE,
    "start": STATE,
    "action": parse_action("pass"),
    "player": 0,
    "players": 2,
    "seed": 1,
    "rules": Rules(),
    "limits": Limits(),
    "data": board_to_json(board_from_text("T.T\n.T.")),
    "path": EXAMPLE_BOARDS / "delta.txt",
    "board": STANDARD,
    "row": 0,
    "col": 0,
    "c": Cell(0),
    "bits": 3,
    "cell_names": "A1",
    "action_id": 0,
    "position": STATE,
    "view": view(STATE, 0),
    "player_view": view(STATE, 0),
    "rng": random.Random(0),
    "indent": None,
    "colour": Colour.RED,
    "cell": Cell(0),
    "corner": Cell(0),
    "centre": Cell(0),
    "monument": Monument.RB,
    "count": 1,
    "counts": (1, 0, 0, 0),
    "river": STANDARD.river,
    "temples": STANDARD.temples,
    "special": STANDARD.special,
    "rows": 11,
    "cols": 16,
    "verify": True,
    "comment": None,
    "tags": None,
    "value": 0,
}


def _valid(owner: str, name: str) -> object:
    if (owner, name) in VALID_FOR:
        return VALID_FOR[owner, name]
    if owner == "Limits":
        return 10
    if owner == "Rules":
        return {"players": 2, "board": STANDARD}.get(name, False)
    return VALID.get(name, 0)


def _callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every public callable: the functions and classes of ``tigeuph.__all__`` (errors and
    type aliases aside) and the methods of :class:`Game`."""
    for name in tigeuph.__all__:
        found = getattr(tigeuph, name)
        if isinstance(found, type) and issubclass(found, BaseException):
            continue
        if getattr(found, "_is_protocol", False):
            continue  # a Protocol (Agent) is a type to implement, never called
        if callable(found) and name not in ("Cell", "Bitboard"):
            yield name, found
    yield "Game.new", Game.new
    yield "from_record", Game.from_record
    yield "from_json", Game.from_json
    for method in ("play", "annotate", "view", "to_json"):
        yield f"Game.{method}", getattr(Game.new(2, seed=1), method)


def _calls() -> Iterator[tuple[str, Callable[..., Any], list[object], dict[str, object]]]:
    """Each callable with one argument made wrong, every way in turn."""
    for name, function in _callables():
        owner = name.split(".")[-1] if name.startswith("Game.") else name
        signature = inspect.signature(function)
        params = [p for p in signature.parameters.values() if p.name != "self"]
        if isinstance(function, enum.EnumMeta):
            params = params[:1]  # Colour(value): the enum's other parameters make new enums
        for wrong_at, param in enumerate(params):
            for wrong in WRONG:
                args: list[object] = []
                kwargs: dict[str, object] = {}
                for i, p in enumerate(params):
                    value = wrong if i == wrong_at else _valid(owner, p.name)
                    if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL):
                        args.append(value)
                    elif p.kind is p.KEYWORD_ONLY:
                        kwargs[p.name] = value
                yield f"{name}: {param.name}={wrong!r:.30}", function, args, kwargs


CALLS: Final = list(_calls())


def test_the_walk_covers_the_public_api() -> None:
    """Every function and constructor of tigeuph.__all__ is walked, with every wrong value."""
    walked = {label.split(":")[0] for label, *_ in CALLS}
    for name in ("apply", "new_game", "Rules", "PlaceTile", "parse_cell", "id_to_action"):
        assert name in walked
    assert "Game.play" in walked and "from_record" in walked
    assert len(CALLS) > 1000


def test_wrong_arguments_raise_only_the_family() -> None:
    """A public function given a wrong argument works or raises a TigeuphError, never a bare
    ValueError, TypeError, AttributeError, IndexError or RecursionError, and the message never
    shows attrs' internals or a tuple of arguments (issue 11)."""
    strays: list[str] = []
    for label, function, args, kwargs in CALLS:
        try:
            function(*args, **kwargs)
        except TigeuphError as err:
            message = str(err)
            if "Attribute(" in message or message.startswith("(") or not message:
                strays.append(f"{label}: {type(err).__name__}: {message[:100]}")
        except Exception as err:
            strays.append(f"{label}: {type(err).__name__}: {str(err)[:100]}")
    assert not strays, "\n".join(strays[:40]) + f"\n({len(strays)} in all)"


@pytest.mark.parametrize(
    ("call", "error", "says"),
    [
        (lambda: new_game(5), ArgumentError, "players must be 2, 3 or 4, not 5"),
        (lambda: Rules(wonder=odd("yes")), ArgumentTypeError, "Rules.wonder must be True or False"),
        (lambda: Rules(board=odd("advanced")), ArgumentTypeError, "Rules.board must be a Board"),
        (lambda: tigeuph.PlaceTile(odd("r"), odd("E5")), ArgumentTypeError, "PlaceTile.colour"),
        (lambda: tigeuph.parse_cell(odd(None)), ArgumentTypeError, "parse_cell: text must be"),
        (lambda: board_from_text(odd(None)), ArgumentTypeError, "board_from_text: text must be"),
        (lambda: tigeuph.id_to_action(odd("5")), ArgumentTypeError, "an action id"),
        (lambda: tigeuph.id_to_action(True), ArgumentTypeError, "not bool True"),
        (lambda: view(STATE, True), ArgumentTypeError, "view: player must be a seat"),
        (lambda: Game.new(2, seed=1).undo(), UndoError, "no action to undo"),
        (lambda: tigeuph.apply(STATE, odd("rE5")), ArgumentTypeError, "not str 'rE5'"),
        (lambda: tigeuph.apply(STATE, odd(None)), ArgumentTypeError, "not NoneType None"),
        (lambda: tigeuph.apply(STATE, odd(42)), ArgumentTypeError, "not int 42"),
        (lambda: tigeuph.explain(STATE, odd("rE3")), ArgumentTypeError, "explain: action must be"),
    ],
)
def test_each_case_of_the_issue_raises_its_family_error(
    call: Callable[[], object], error: type[TigeuphError], says: str
) -> None:
    """The calls issue 11 found raising bare errors, accepting nonsense or diagnosing a type
    error as a rules violation (R5) now raise the family's error, saying what is wrong."""
    with pytest.raises(error, match=says.replace("(", r"\(")) as caught:
        call()
    assert not isinstance(caught.value, IllegalActionError)


def test_undo_error_is_an_index_error_and_type_errors_are_type_errors() -> None:
    """Each family error is also the matching built-in, so older except clauses still work."""
    assert issubclass(UndoError, IndexError) and issubclass(ArgumentTypeError, TypeError)
    assert issubclass(ArgumentError, ValueError) and issubclass(tigeuph.LimitError, NotationError)
    with pytest.raises(ValueError, match="not a cell"):
        tigeuph.parse_cell("Z9")


def test_explain_of_an_illegal_action_still_explains() -> None:
    """explain answers for a real action the rules forbid, citing the clause (spec R11)."""
    explained = tigeuph.explain(STATE, parse_action("rE3"))
    assert not explained.legal and explained.clauses == ("R11",)


class Index:
    """An integer type of another library (numpy's int64, say): it has ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_integer_types_of_other_libraries_are_ints_but_bool_is_not() -> None:
    """An action id or a seat may be any integer type (a learning agent's numpy ints), never a
    bool or a float."""
    assert tigeuph.id_to_action(odd(Index(1797))) == parse_action("pass")
    assert view(STATE, odd(Index(1))).player == 1
    for wrong in (True, 1.0, "1"):
        with pytest.raises(ArgumentTypeError):
            tigeuph.id_to_action(odd(wrong))
