"""A small required interface and capabilities with defaults (issue 38): each game states which
capabilities are its own, and a game that writes only the required members gets working
defaults for the rest: records, evaluation, measures, presentation, variants and invariants."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tigeuph import GAMES, GameInterface
from tigeuph.core.errors import ArgumentError, IllegalActionError, JsonError, UndoError
from tigeuph.core.interface.facts import CAPABILITIES, GameFacts
from tigeuph.core.records.history import History
from tigeuph.games import NO_EXTRAS, AnyGame

BABEL = GAMES["babel"]


def test_each_game_says_which_capabilities_are_its_own() -> None:
    """A capability can never fall back to a default unnoticed: both games' own sets."""
    assert GAMES["tigris"].facts.own == frozenset(CAPABILITIES)
    own = {"records", "invariants", "evaluation", "measures", "presentation", "client"}
    assert BABEL.facts.own == own
    assert BABEL.variants.rule_sets(2) == (None,) and BABEL.variants.options == ()
    assert GAMES["tigris"].variants.switches and GAMES["tigris"].variants.options


def test_the_required_members_are_few_and_abstract() -> None:
    assert 15 <= len(GameInterface.__abstractmethods__) <= 20
    assert not set(CAPABILITIES) & GameInterface.__abstractmethods__


def _required_only() -> AnyGame:
    """Babel again, as a game that writes the required members alone (each one Babel's)."""

    def forward(name: str) -> Any:
        return lambda self, *args, **kwargs: getattr(BABEL, name)(*args, **kwargs)

    facts = GameFacts(
        name="plain",
        title="Plain",
        players=range(2, 3),
        default_players=2,
        state_type=BABEL.facts.state_type,
        view_type=BABEL.facts.view_type,
        action_type=BABEL.facts.action_type,
        position_title=BABEL.facts.position_title,
    )
    members = {name: forward(name) for name in GameInterface.__abstractmethods__}
    kind = type("Plain", (GameInterface,), {"facts": facts, **members})
    game: AnyGame = kind()
    return game


PLAIN = _required_only()


def _finished(game: AnyGame, seed: int) -> Any:
    record = game.records.new_record(2, seed=seed)
    rng = random.Random(seed)
    while not record.state.is_over:
        record.play(rng.choice(list(game.legal_actions(record.state))))
    return record


def test_a_game_of_required_members_has_every_capability_by_default() -> None:
    assert PLAIN.facts.own == frozenset()
    assert (
        PLAIN.facts.record_type is History and PLAIN.facts.record_format == "tigeuph-plain-record"
    )
    state = PLAIN.new_game(2, seed=3)
    legal = PLAIN.legal_actions(state)
    assert PLAIN.evaluation.evaluate(state) == [0.5, 0.5]
    assert len(PLAIN.evaluation.action_values(state, legal, 0)) == len(legal)
    assert PLAIN.evaluation.rollout_action(state, legal, random.Random(0)) in legal
    assert PLAIN.evaluation.weighted_action(PLAIN.view(state, 0), random.Random(0)) in legal
    assert PLAIN.invariants.check_state(state) == [] and PLAIN.measures.ending(state) is None
    assert PLAIN.presentation.picture(state).startswith("<svg")
    assert dict(PLAIN.presentation.aids) == {}
    with pytest.raises(ArgumentError, match="Plain draws no aid 'kingdoms' \\(it draws none\\)"):
        PLAIN.presentation.picture(state, aids=["kingdoms"])
    assert PLAIN.presentation.describe(state).startswith(PLAIN.facts.position_title)
    assert "is legal" in PLAIN.presentation.explain(state, legal[0])
    assert PLAIN.presentation.decision_summary(state) is None
    assert PLAIN.client is NO_EXTRAS and PLAIN.records.stall_watch(3) is None
    assert PLAIN.variants.make_rules({}) is None and PLAIN.variants.rules_to_json(None) == {}
    with pytest.raises(ArgumentError, match="Plain has no variants"):
        PLAIN.variants.make_rules({"wonder": True})
    with pytest.raises(JsonError, match="no variants"):
        PLAIN.variants.rules_from_json({"wonder": True}, 2)
    with pytest.raises(ArgumentError):
        PLAIN.variants.rules_for(None, 3)


def test_a_default_record_reads_back_what_it_writes() -> None:
    record = _finished(PLAIN, 5)
    text = record.to_record()
    assert text.startswith('[Game "plain"]')
    assert f'[Result "{",".join(map(str, PLAIN.winners(record.state)))}"]' in text
    again = PLAIN.records.record_from_text(text)
    assert again.actions == record.actions and again.to_record() == text
    assert PLAIN.records.record_from_json(record.to_json()).to_record() == text
    assert again.keeping is PLAIN.records and type(again) is History
    turns, counts = PLAIN.measures.events(record)
    assert turns > 1 and counts == {}
    assert PLAIN.measures.leaders(record.state) == PLAIN.winners(record.state)
    assert PLAIN.presentation.result_text(record.state).startswith("won by seat")
    view = record.view(0)
    assert view == PLAIN.view(record.state, 0)


def test_a_default_record_keeps_to_the_rules() -> None:
    record = PLAIN.records.new_record(2, seed=2)
    with pytest.raises(UndoError):
        record.undo()
    legal = PLAIN.legal_actions(record.state)
    later = PLAIN.legal_actions(PLAIN.apply(record.state, legal[0]))
    with pytest.raises(IllegalActionError):
        record.play(next(action for action in later if action not in legal))
    assert record.actions == ()
