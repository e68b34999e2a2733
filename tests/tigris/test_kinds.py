"""The records of the kinds of action and of decision (issue 25): one per class, and the one
table JSON's ``kind``, the position notation's ``pending:`` line, the client's words, the
engine's refusals and explain read (spec R6)."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph.tigris.interface.client import describe
from tigeuph.tigris.model.cells import cell_name
from tigeuph.tigris.model.decisions import Decision
from tigeuph.tigris.model.kinds import (
    ACTION_KINDS,
    DECISION_CLASSES,
    DECISION_KINDS,
    DECISION_TYPES,
    DECISIONS,
    action_kind,
    decision_kind,
)
from tigeuph.tigris.notation.pending import pending_text, read_pending


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


def test_every_action_class_and_decision_class_has_one_record() -> None:
    """The records list each class of the Action and Decision unions exactly once, and each
    decision's answers are the action kinds that say they answer it."""
    actions = [k.action for k in ACTION_KINDS]
    assert sorted(map(str, actions)) == sorted(map(str, set(get_args(tigeuph.Action))))
    decisions = [k.decision for k in DECISIONS]
    assert sorted(map(str, decisions)) == sorted(map(str, set(get_args(Decision))))
    assert tuple(decisions) == DECISION_TYPES
    for kind in DECISIONS:
        assert kind.answers, kind
        assert all(kind.decision in action_kind(a).answers for a in kind.answers)
    answered = {d for k in ACTION_KINDS for d in k.answers}
    assert answered == {None, *decisions}


def test_each_record_writes_its_own_kind_of_action() -> None:
    """The notation a record shows is read back as an action of its class."""
    for kind in ACTION_KINDS:
        action = tigeuph.parse_action(kind.notation)
        assert type(action) is kind.action
        assert str(action) == kind.notation


def test_a_client_is_shown_each_kind_of_action_under_its_word() -> None:
    """The words the browser board matches the described moves on (``withdraw``, ``exchange``,
    ``pass``, ``support``...) are the records' own, one per kind of action."""
    shown = {
        kind.notation: describe(tigeuph.parse_action(kind.notation))["kind"]
        for kind in ACTION_KINDS
    }
    assert shown == {
        "rE5": "tile",
        "KE5": "leader",
        "-K": "withdraw",
        "xE5": "catastrophe",
        "~rrg": "exchange",
        "pass": "pass",
        "+2": "support",
        "!k": "war",
        "mrkE5": "monument",
        "m-": "decline-monument",
        "$E5": "treasure",
        "@E5": "building",
        "@-": "decline-building",
        "wE5": "wonder",
        "w-": "decline-wonder",
        "*r": "score-wonder",
    }


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_records_drive_the_engine_over_random_games(seed: int) -> None:
    """Over random games with every variant: every legal action is of a kind that answers what
    the state waits for, shown to a client under its record's word and explained by clauses of
    its record; a decision that arises is explained by its record's clauses; and an action of a
    kind that does not answer the pending decision is refused with the record's words."""
    seen_actions: set[type] = set()
    seen_decisions: set[type] = set()
    for before, action, after in random_game(3, seed, every_switch(3), prefer_tiles=TILES_FIRST):
        waits = type(before.pending) if before.pending is not None else None
        for legal in tigeuph.legal_actions(before):
            kind = action_kind(type(legal))
            assert waits in kind.answers, (legal, waits)
            assert describe(legal)["kind"] == kind.client_kind
        seen_actions.add(type(action))
        explanation = tigeuph.explain(before, action)
        assert explanation.clauses[0] in action_kind(type(action)).clauses
        if waits is not None:
            seen_decisions.add(waits)
            stray = next(k for k in ACTION_KINDS if waits not in k.answers)
            refused = tigeuph.refusal(before, tigeuph.parse_action(stray.notation))
            assert refused is not None and refused.clause == "R6"
            assert decision_kind(waits).waits_for in str(refused)
        arisen = after.pending
        if arisen is not None and getattr(arisen, "attacker_support", None) is None:
            assert set(decision_kind(type(arisen)).clauses) <= set(explanation.clauses)
    assert len(seen_actions) >= 8 and len(seen_decisions) >= 4, (seen_actions, seen_decisions)


FORMS = {
    "revolt colour=r attacker=1 defender=0 support=2": tigeuph.Revolt(tigeuph.Colour.RED, 1, 0, 2),
    "war colour=k attacker=1 defender=0 support=0": tigeuph.War(tigeuph.Colour.BLACK, 1, 0, 0),
    "war colour=k attacker=1 defender=0": tigeuph.War(tigeuph.Colour.BLACK, 1, 0),
    "war-choice player=0 colours=r,k": tigeuph.WarChoice(
        0, (tigeuph.Colour.RED, tigeuph.Colour.BLACK)
    ),
    "monument player=0 corners=E5,F5": tigeuph.MonumentChoice(
        0, (tigeuph.parse_cell("E5"), tigeuph.parse_cell("F5"))
    ),
    "treasure player=1 trader=F6": tigeuph.TreasureChoice(1, tigeuph.parse_cell("F6")),
    "building player=0 colour=k cells=E5,F5,G5 placed=G5": tigeuph.BuildingChoice(
        0,
        tigeuph.Colour.BLACK,
        tuple(map(tigeuph.parse_cell, ("E5", "F5", "G5"))),
        tigeuph.parse_cell("G5"),
    ),
    "wonder player=0 centres=F6 placed=F5": tigeuph.WonderChoice(
        0, (tigeuph.parse_cell("F6"),), tigeuph.parse_cell("F5")
    ),
    "wonder-point player=0": tigeuph.WonderPoint(0),
}
"""The ``pending:`` forms of the position notation's documentation, one per kind at least."""


def test_the_documented_pending_forms_are_written_and_read_from_the_fields() -> None:
    """Each documented ``pending:`` form reads as its decision and is written back word for
    word: the words derived from the decisions' fields are those the notation always had (R6)."""
    assert {type(d) for d in FORMS.values()} == set(DECISION_TYPES)
    for text, decision in FORMS.items():
        assert read_pending(text) == decision
        assert pending_text(decision) == text


def _hand_written(pending: Decision) -> str:
    """The ``pending:`` words as the notation wrote them by hand, kind by kind, before they
    were derived from the fields: the reference the derived writer must agree with."""
    cells = ",".join
    match pending:
        case tigeuph.Revolt() | tigeuph.War():
            text = (
                f"colour={pending.colour.letter} "
                f"attacker={pending.attacker} defender={pending.defender}"
            )
            if pending.attacker_support is not None:
                text += f" support={pending.attacker_support}"
        case tigeuph.WarChoice():
            text = f"player={pending.player} colours={cells(c.letter for c in pending.colours)}"
        case tigeuph.MonumentChoice():
            text = f"player={pending.player} corners={cells(map(cell_name, pending.corners))}"
        case tigeuph.TreasureChoice():
            text = f"player={pending.player} trader={cell_name(pending.trader)}"
        case tigeuph.BuildingChoice():
            text = (
                f"player={pending.player} colour={pending.colour.letter} "
                f"cells={cells(map(cell_name, pending.cells))} placed={cell_name(pending.placed)}"
            )
        case tigeuph.WonderChoice():
            text = (
                f"player={pending.player} centres={cells(map(cell_name, pending.centres))} "
                f"placed={cell_name(pending.placed)}"
            )
        case tigeuph.WonderPoint():
            text = f"player={pending.player}"
    return f"{DECISION_KINDS[type(pending)]} {text}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_pending_line_of_random_games_is_the_hand_written_one(players: int) -> None:
    """Over random games with every variant, each pending decision's line is the one the
    hand-written notation gave, and reads back as the decision (R6)."""
    seen = set()
    for seed in range(4):
        for _, _, after in random_game(
            players, seed, every_switch(players), prefer_tiles=TILES_FIRST
        ):
            if after.pending is not None:
                seen.add(type(after.pending))
                assert pending_text(after.pending) == _hand_written(after.pending)
                assert read_pending(pending_text(after.pending)) == after.pending
    assert len(seen) >= 5, seen
