"""The one table of decision kinds: JSON's ``kind`` and the position notation's ``pending:``
line name every pending decision alike (spec R6)."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph.decisions import Decision
from tigeuph.kinds import DECISION_CLASSES, DECISION_KINDS


def test_every_decision_class_has_one_kind() -> None:
    """Each class of the Decision union has a name in the table, and each name one class (R6)."""
    assert set(DECISION_KINDS) == set(get_args(Decision))
    assert {DECISION_KINDS[cls]: cls for cls in DECISION_KINDS} == dict(DECISION_CLASSES)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_json_and_position_notation_write_the_same_kind(seed: int) -> None:
    """Over random games with every variant, each pending decision is written under its kind
    of the table, in JSON and on the ``pending:`` line alike, and reads back (R6)."""
    seen = set()
    for _, _, after in random_game(3, seed, every_switch(3), prefer_tiles=TILES_FIRST):
        if after.pending is None:
            continue
        kind = DECISION_KINDS[type(after.pending)]
        seen.add(kind)
        document = json.loads(tigeuph.state_to_json(after))
        assert document["pending"]["kind"] == kind
        line = next(s for s in tigeuph.to_text(after).splitlines() if s.startswith("pending:"))
        assert line.split()[1] == kind
        assert tigeuph.from_text(tigeuph.to_text(after)).pending == after.pending
    assert len(seen) >= 4, seen  # conflicts, monuments, treasures and the variants' choices


def test_an_unknown_kind_is_refused_naming_every_kind() -> None:
    """A ``pending:`` line of no kind is refused, listing the kinds of the table (R6)."""
    state = tigeuph.new_game(2, seed=1)
    text = tigeuph.to_text(state).replace("pending: none", "pending: duel player=0")
    with pytest.raises(tigeuph.NotationError) as err:
        tigeuph.from_text(text)
    assert ", ".join(DECISION_KINDS.values()).rsplit(", ", 1)[0] in str(err.value)
    assert "'duel'" in str(err.value)
