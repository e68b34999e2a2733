"""Nim, a third game for the tests (issue 38): the proof that a game is the required
:class:`~tigeuph.GameInterface` and one ``GAMES.register``.

Two to four players sit around one more heap than there are players, each heap dealt 1 to 7
objects by the seed (rule N1). A player takes 1 to 3 objects from one heap (N2); whoever takes
the last object wins, and a player's score is the objects he took (N3). Everything is public.

It implements the required members only, with its :class:`~tigeuph.core.interface.facts.
GameFacts`: every capability (records, evaluation, measures, presentation, variants,
invariants, client) is the interface's default.

Actions are written ``b2`` (take 2 from heap b); a position as::

    nim position
    heaps: 3 0 5
    taken: 2 4
    turn: 1
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any, Final

from attrs import field, frozen
from attrs.validators import deep_iterable, ge, instance_of, le

from tigeuph import GameInterface
from tigeuph.core.errors import (
    ArgumentError,
    IllegalActionError,
    NotationError,
    PositionError,
    expect,
)
from tigeuph.core.events import NUMBER, PLAYER, Event, does
from tigeuph.core.interface.facts import GameFacts
from tigeuph.core.limits import DEFAULT_LIMITS, Limits, check_text
from tigeuph.core.records.history import History
from tigeuph.core.serialise.documents import dump_document, load_document

__all__ = ["NIM", "Nim", "NimState", "NimView", "Take", "Took"]

TITLE: Final = "nim position"
MOST_TAKEN: Final = 3
"""The most objects one action takes (N2)."""
LARGEST: Final = 7
"""The largest heap a deal gives (N1)."""
HEAP_NAMES: Final = "abcdefghij"
"""The heaps' letters; a position has at most this many heaps."""
_ACTION: Final = re.compile(rf"([{HEAP_NAMES}])([1-{MOST_TAKEN}])")


def _counts(most: int) -> Any:
    members = [instance_of(int), ge(0), le(most)]
    return deep_iterable(member_validator=members, iterable_validator=instance_of(tuple))


def _seats(_: object, attribute: Any, value: tuple[int, ...]) -> None:
    if not 2 <= len(value) <= 4:
        raise ValueError(f"{attribute.name}: one count per seat, 2 to 4 seats")


def _heaps(_: object, attribute: Any, value: tuple[int, ...]) -> None:
    if not 1 <= len(value) <= len(HEAP_NAMES):
        raise ValueError(f"{attribute.name}: 1 to {len(HEAP_NAMES)} heaps")


@frozen
class Take:
    """Take *count* objects from heap *heap* (0 is ``a``) (N2)."""

    heap: int = field(validator=[instance_of(int), ge(0), le(len(HEAP_NAMES) - 1)])
    count: int = field(validator=[instance_of(int), ge(1), le(MOST_TAKEN)])

    def __str__(self) -> str:
        return f"{HEAP_NAMES[self.heap]}{self.count}"


TAKE: Final = {(h, c): Take(h, c) for h in range(len(HEAP_NAMES)) for c in range(1, 4)}
"""Every action, made once."""


@frozen
class NimState:
    """A game of Nim: the heaps, what each seat took, and whose turn it is."""

    heaps: tuple[int, ...] = field(validator=[_counts(99), _heaps])
    taken: tuple[int, ...] = field(validator=[_counts(999), _seats])
    turn: int = field(validator=[instance_of(int), ge(0)])

    def __attrs_post_init__(self) -> None:
        if self.turn >= len(self.taken):
            raise ValueError(f"turn: seat {self.turn} of {len(self.taken)}")

    @property
    def is_over(self) -> bool:
        return not any(self.heaps)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn


@frozen
class NimView:
    """What a seat knows of a game of Nim: all of it (the game hides nothing)."""

    player: int
    heaps: tuple[int, ...]
    taken: tuple[int, ...]
    turn: int

    @property
    def is_over(self) -> bool:
        return not any(self.heaps)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def legal(self) -> tuple[Take, ...]:
        return _legal(self.heaps) if self.to_move == self.player else ()

    def __str__(self) -> str:
        return f"{_text(self.heaps, self.taken, self.turn)}\nyou are seat {self.player}"


@frozen
class Took(Event):
    """A player took objects from a heap (N2)."""

    kind = "took"
    rule = "N2"

    player: int = field(metadata=PLAYER)
    heap: int
    count: int = field(metadata=NUMBER)
    left: int = field(metadata=NUMBER)

    def text(self, names: Sequence[str] | None = None) -> str:
        heap = HEAP_NAMES[self.heap]
        taken = does(names, self.player, "takes", "take")
        return f"{taken} {self.count} from heap {heap} ({self.left} left)"


def _legal(heaps: tuple[int, ...]) -> tuple[Take, ...]:
    return tuple(
        TAKE[heap, count]
        for heap, size in enumerate(heaps)
        for count in range(1, min(size, MOST_TAKEN) + 1)
    )


def _text(heaps: tuple[int, ...], taken: tuple[int, ...], turn: int) -> str:
    return "\n".join(
        [
            TITLE,
            "heaps: " + " ".join(map(str, heaps)),
            "taken: " + " ".join(map(str, taken)),
            f"turn: {turn}",
        ]
    )


@frozen
class _ActionDocument:
    action: str


def _schema(fields: dict[str, Any], kind: str) -> dict[str, Any]:
    counts = {"type": "array", "items": {"type": "integer", "minimum": 0}}
    properties = {
        "format": {"const": f"tigeuph-nim-{kind}"},
        "version": {"const": 1},
        "heaps": counts,
        "taken": counts,
        "turn": {"type": "integer", "minimum": 0},
        **fields,
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


class Nim(GameInterface[NimState, NimView, Take, History[Any, Take, NimView]]):
    """Nim through the required members of :class:`~tigeuph.GameInterface`: see the module."""

    facts = GameFacts(
        name="nim",
        title="Nim",
        players=range(2, 5),
        default_players=2,
        state_type=NimState,
        view_type=NimView,
        action_type=Take,
        position_title=TITLE,
    )

    def __repr__(self) -> str:
        return "GAMES['nim']"

    # --- the rules ---------------------------------------------------------------------------

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> NimState:
        expect(seed, int, "an int", "new_game: seed")
        if players not in self.facts.players:
            raise ArgumentError(f"new_game: Nim takes 2 to 4 players (N1), not {players!r}")
        if rules is not None:
            raise ArgumentError(f"new_game: Nim has no variants: rules are None, not {rules!r}")
        rng = random.Random(seed)
        heaps = tuple(rng.randint(1, LARGEST) for _ in range(players + 1))
        return NimState(heaps, (0,) * players, 0)

    def legal_actions(self, state: NimState) -> Sequence[Take]:
        return _legal(state.heaps)

    def apply(self, state: NimState, action: Take) -> NimState:
        return self.transition(state, action)[0]

    def transition(self, state: NimState, action: Take) -> tuple[NimState, tuple[Event, ...]]:
        if not isinstance(action, Take):
            raise IllegalActionError("N2", f"{action!r:.40} is no action of Nim")
        if state.is_over:
            raise IllegalActionError("N3", f"{action}: the game is over")
        name = HEAP_NAMES[action.heap]
        if action.heap >= len(state.heaps):
            raise IllegalActionError("N1", f"{action}: this game has no heap {name}")
        if state.heaps[action.heap] < action.count:
            left = state.heaps[action.heap]
            raise IllegalActionError("N2", f"{action}: heap {name} holds {left}")
        heaps = list(state.heaps)
        heaps[action.heap] -= action.count
        taken = list(state.taken)
        taken[state.turn] += action.count
        after = NimState(tuple(heaps), tuple(taken), (state.turn + 1) % len(taken))
        return after, (Took(state.turn, action.heap, action.count, heaps[action.heap]),)

    def player_count(self, position: NimState | NimView) -> int:
        return len(position.taken)

    def winners(self, state: NimState) -> tuple[int, ...]:
        # Whoever took the last object: the seat before the one whose turn it would be.
        return ((state.turn - 1) % len(state.taken),) if state.is_over else ()

    def scores(self, state: NimState) -> tuple[int, ...]:
        return state.taken

    # --- what a player may see ---------------------------------------------------------------

    def view(self, state: NimState, player: int) -> NimView:
        if player not in range(len(state.taken)):
            raise ArgumentError(f"view: no seat {player!r} in a game of {len(state.taken)}")
        return NimView(player, state.heaps, state.taken, state.turn)

    def sample_state(self, view: NimView, rng: random.Random) -> NimState:
        return NimState(view.heaps, view.taken, view.turn)

    # --- notation and JSON -------------------------------------------------------------------

    def parse_action(self, text: str) -> Take:
        expect(text, str, "an action's notation", "parse_action: text")
        found = _ACTION.fullmatch(text.strip().lower())
        if found is None:
            raise NotationError(f"{text!r:.40} is no Nim action: a heap and 1 to 3, as b2")
        return TAKE[HEAP_NAMES.index(found[1]), int(found[2])]

    def to_text(self, state: NimState) -> str:
        return _text(state.heaps, state.taken, state.turn)

    def from_text(self, text: str, *, limits: Limits = DEFAULT_LIMITS) -> NimState:
        lines = [line.strip() for line in check_text(text, limits, "a Nim position").splitlines()]
        lines = [line for line in lines if line]
        if lines[:1] != [TITLE] or len(lines) != 4:
            raise PositionError(f"a Nim position is {TITLE!r} and three lines")
        try:
            found = dict(line.split(":", 1) for line in lines[1:])
            heaps, taken = (tuple(map(int, found[key].split())) for key in ("heaps", "taken"))
            return NimState(heaps, taken, int(found["turn"]))
        except (KeyError, ValueError) as err:
            raise PositionError(f"a Nim position: {err}") from None

    def state_to_json(self, state: NimState, *, indent: int | None = None) -> str:
        return dump_document("tigeuph-nim-state", state, NimState, indent)

    def state_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> NimState:
        return load_document("tigeuph-nim-state", text, NimState, limits)

    def view_to_json(self, view: NimView, *, indent: int | None = None) -> str:
        return dump_document("tigeuph-nim-view", view, NimView, indent)

    def view_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> NimView:
        return load_document("tigeuph-nim-view", text, NimView, limits)

    def action_to_json(self, action: Take) -> str:
        return dump_document("tigeuph-nim-action", _ActionDocument(str(action)), _ActionDocument)

    def action_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> Take:
        document = load_document("tigeuph-nim-action", text, _ActionDocument, limits)
        return self.parse_action(document.action)

    def json_schema(self) -> dict[str, Any]:
        action = {"type": "string", "pattern": f"^[{HEAP_NAMES}][1-{MOST_TAKEN}]$"}
        document = {"format": {"const": "tigeuph-nim-action"}, "version": {"const": 1}}
        event = {"kind": {"const": "took"}, "player": {"type": "integer"}}
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "tigeuph Nim JSON documents, version 1",
            "$defs": {
                "state": _schema({}, "state"),
                "view": _schema({"player": {"type": "integer", "minimum": 0}}, "view"),
                "action": action,
                "action_document": {
                    "type": "object",
                    "properties": {**document, "action": {"$ref": "#/$defs/action"}},
                    "required": ["format", "version", "action"],
                    "additionalProperties": False,
                },
                "event": {"type": "object", "properties": event, "required": ["kind"]},
            },
        }

    def event_to_json(self, event: Event) -> dict[str, Any]:
        if not isinstance(event, Took):
            raise ArgumentError(f"event_to_json: {event!r:.40} is no event of Nim")
        return {
            "kind": event.kind,
            "clause": event.clause,
            "text": event.text(),
            "players": [event.player],
            "cells": [],
            "heap": HEAP_NAMES[event.heap],
            "count": event.count,
            "left": event.left,
        }


NIM: Final = Nim()
"""The game, for ``tigeuph.GAMES.register(NIM)``."""
