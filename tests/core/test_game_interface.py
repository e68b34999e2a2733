"""The one game interface (issue 25): every game of :data:`tigeuph.GAMES` keeps the same
promises, checked here through the interface alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tigeuph
from tigeuph import GAMES, GameInterface
from tigeuph.core.errors import ArgumentError, ArgumentTypeError, IllegalActionError, JsonError
from tigeuph.games import AnyGame, game_named, game_of, game_of_position, game_of_record

ALL = pytest.mark.parametrize("name", sorted(GAMES))


def _played(game: AnyGame, seed: int, actions: int = 60) -> list[Any]:
    state = game.new_game(game.facts.default_players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(actions):
        if state.is_over:
            break
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        states.append(state)
    return states


def test_the_registry_is_the_list_of_games() -> None:
    assert list(GAMES) == ["tigris", "babel"]
    assert all(isinstance(game, GameInterface) for game in GAMES.values())
    assert [game.facts.name for game in GAMES.values()] == list(GAMES)
    with pytest.raises(TypeError):
        GAMES["chess"] = GAMES["babel"]  # type: ignore[index]


def test_a_game_is_found_by_name_and_an_unknown_name_lists_the_games() -> None:
    assert game_named("babel") is GAMES["babel"]
    with pytest.raises(ArgumentError, match="choose from tigris, babel"):
        game_named("chess")
    with pytest.raises(ArgumentTypeError):
        game_named(3)


@ALL
def test_a_game_replays_from_its_seed_and_never_changes_a_state(name: str) -> None:
    game = GAMES[name]
    first, again = _played(game, 5), _played(game, 5)
    assert first == again
    assert first[0] == game.new_game(game.facts.default_players, seed=5)
    assert all(game.invariants.check_state(state) == [] for state in first)


@ALL
def test_legal_actions_are_what_apply_accepts(name: str) -> None:
    game = GAMES[name]
    for state in _played(game, 11, 30):
        for action in list(game.legal_actions(state))[:40]:
            assert game.refusal(state, action) is None
            game.apply(state, action)
    state = game.new_game(game.facts.default_players, seed=11)
    other = _played(game, 12, 3)[-1]
    stranger = next(
        a for a in game.legal_actions(other) if a not in list(game.legal_actions(state))
    )
    assert isinstance(game.refusal(state, stranger), IllegalActionError)
    with pytest.raises(IllegalActionError):
        game.apply(state, stranger)


@ALL
def test_views_hide_and_samples_agree_with_the_view(name: str) -> None:
    game = GAMES[name]
    state = _played(game, 3, 20)[-1]
    seat = state.to_move
    seen = game.view(state, seat)
    assert seen.player == seat and list(seen.legal) == list(game.legal_actions(state))
    guess = game.sample_state(seen, random.Random(0))
    assert game.view(guess, seat) == seen
    assert game_of(state) is game is game_of(seen)


@ALL
def test_notation_and_json_read_back_what_they_write(name: str) -> None:
    game = GAMES[name]
    state = _played(game, 8, 25)[-1]
    assert game.from_text(game.to_text(state)) == state
    assert game.state_from_json(game.state_to_json(state)) == state
    seen = game.view(state, 1)
    assert game.view_from_json(game.view_to_json(seen)) == seen
    for action in list(game.legal_actions(state))[:20]:
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(game.action_to_json(action)) == action
    assert game.json_schema()["$schema"].startswith("https://json-schema.org/")


@ALL
def test_a_record_is_found_and_read_back_by_the_registry(name: str) -> None:
    game = GAMES[name]
    record = game.records.new_record(game.facts.default_players, seed=9, tags={"Event": "test"})
    rng = random.Random(1)
    for _ in range(15):
        record.play(rng.choice(list(game.legal_actions(record.state))))
    text, document = record.to_record(), record.to_json()
    assert game_of_record(text) is game is game_of_record(document)
    assert game_of_record(document.encode()) is game
    again = game.records.record_from_text(text)
    assert again.states == record.states and again.tags["Event"] == "test"
    assert game.records.record_from_json(document).actions == record.actions
    assert game_of(record) is game


def test_a_record_naming_an_unknown_game_is_refused() -> None:
    with pytest.raises(ArgumentError, match="unknown game 'chess'"):
        game_of_record('[Game "chess"]\n[Seed "1"]\n\n')


@ALL
def test_a_finished_game_has_winners_scores_and_a_result(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(game.facts.default_players, seed=2)
    rng = random.Random(2)
    assert game.winners(state) == () and game.presentation.result_text(state) == "the game goes on"
    while not state.is_over:
        seen = game.view(state, state.to_move)
        state = game.apply(state, game.evaluation.weighted_action(seen, rng))
    winners = game.winners(state)
    assert winners and set(winners) <= set(range(game.player_count(state)))
    ranks = game.ranks(state)
    assert [seat for seat, rank in enumerate(ranks) if rank == 1] == list(winners)
    assert all(rank > 1 for seat, rank in enumerate(ranks) if seat not in winners)
    best = max(game.scores(state))
    assert all(game.scores(state)[seat] == best for seat in winners)
    assert "seat" in game.presentation.result_text(
        state
    ) or "draw" in game.presentation.result_text(state)


@ALL
def test_the_players_evaluation_rates_every_seat_and_every_action(name: str) -> None:
    game = GAMES[name]
    state = _played(game, 6, 10)[-1]
    seat = state.to_move
    legal = list(game.legal_actions(state))
    values = game.evaluation.action_values(state, legal, seat)
    assert len(values) == len(legal)
    best = legal[values.index(max(values))]
    after = game.apply(state, best)
    assert len(game.evaluation.evaluate(after)) == game.player_count(state)
    assert game.evaluation.rollout_action(state, legal, random.Random(0)) in legal


@ALL
def test_people_get_text_pictures_and_explanations(name: str) -> None:
    game = GAMES[name]
    state = _played(game, 4, 6)[-1]
    seen = game.view(state, state.to_move)
    assert f"seat {seen.player}" in game.presentation.describe(seen).lower()
    picture = game.presentation.picture(seen)
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    action = next(iter(game.legal_actions(state)))
    assert game.presentation.explain(state, action).startswith("Legal")
    assert game.presentation.describe(state) != game.presentation.describe(
        seen
    )  # a state shows every hand
    assert all(game.presentation.action_kind(a) for a in game.legal_actions(state))
    assert len(game.presentation.notation_help().splitlines()) >= 3


def test_the_main_game_takes_its_variants_and_babel_none() -> None:
    rules = tigeuph.Rules(players=3, wonder=True)
    assert GAMES["tigris"].new_game(3, seed=1, rules=rules).rules == rules
    with pytest.raises(ArgumentError):
        GAMES["tigris"].new_game(2, seed=1, rules=rules)
    with pytest.raises(ArgumentError):
        GAMES["babel"].new_game(3, seed=1)
    with pytest.raises(ArgumentError):
        GAMES["babel"].new_game(2, seed=1, rules=rules)


@ALL
def test_a_position_names_its_game_by_its_title(name: str) -> None:
    game = GAMES[name]
    text = game.to_text(game.new_game(game.facts.default_players, seed=1))
    assert text.splitlines()[0] == game.facts.position_title
    assert game_of_position("\n" + text) is game


def test_a_position_without_a_known_title_is_refused() -> None:
    with pytest.raises(ArgumentError, match="'chess position' is none of"):
        game_of_position("chess position\nturn: 1")


@ALL
def test_rules_read_back_from_the_json_they_write(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(game.facts.default_players, seed=1)
    rules = game.variants.rules_of(state)
    written = game.variants.rules_to_json(rules)
    assert game.variants.rules_from_json(written, game.facts.default_players) == rules
    assert game.variants.rules_from_json({}, game.facts.default_players) == rules
    with pytest.raises(JsonError, match=r"\$\.rules"):
        game.variants.rules_from_json({"chess": True}, game.facts.default_players)


def test_the_main_game_reads_its_variants_from_json() -> None:
    rules = GAMES["tigris"].variants.rules_from_json({"board": "advanced", "wonder": True}, 3)
    assert rules == tigeuph.Rules(players=3, board=tigeuph.ADVANCED, wonder=True)
    with pytest.raises(JsonError, match="board"):
        GAMES["tigris"].variants.rules_from_json({"board": "moon"}, 3)


@ALL
def test_variants_start_with_the_standard_rules_and_fit_every_player_count(name: str) -> None:
    game = GAMES[name]
    standard = game.variants.make_rules({})
    switches = [k for k, v in game.variants.rules_to_json(standard).items() if isinstance(v, bool)]
    for players in game.facts.players:
        variants = game.variants.rule_sets(players)
        assert len(set(variants)) == len(variants) >= 1
        assert variants[0] == game.variants.rules_of(game.new_game(players, seed=1))
        assert game.variants.rules_for(standard, players) == variants[0]
        for switch in switches:
            assert (
                game.variants.rules_for(game.variants.make_rules({switch: True}), players)
                in variants
            )
        for rules in (variants[0], variants[-1]):
            assert game.variants.rules_of(game.new_game(players, seed=2, rules=rules)) == rules
    with pytest.raises(ArgumentError):
        game.variants.make_rules({"no_such_rule": True})


def test_the_main_game_refuses_rules_for_another_count_and_babel_any_rules() -> None:
    tigris, babel = GAMES["tigris"], GAMES["babel"]
    assert tigris.variants.rules_for(tigeuph.Rules(players=3), 3) == tigeuph.Rules(players=3)
    with pytest.raises(ArgumentError, match="disagrees"):
        tigris.variants.rules_for(tigeuph.Rules(players=3), 2)
    with pytest.raises(ArgumentError):
        babel.variants.rules_for(tigeuph.Rules(), 2)
    assert babel.variants.rule_sets(2) == (None,) and babel.variants.make_rules({}) is None


@ALL
def test_a_finished_game_says_how_it_ended_and_counts_its_events(name: str) -> None:
    game = GAMES[name]
    record = game.records.new_record(game.facts.default_players, seed=4)
    assert game.measures.ending(record.state) is None
    rng = random.Random(4)
    while not record.state.is_over:
        record.play(rng.choice(list(game.legal_actions(record.state))))
    state = record.state
    assert game.measures.ending(state) in game.measures.endings
    assert game.measures.leaders(state) == game.winners(state)
    turns, counts = game.measures.events(record)
    assert list(counts) == list(game.measures.event_headings)
    assert 1 <= turns <= len(record.actions) and all(n >= 0 for n in counts.values())
    assert sum(counts.values()) > 0


@ALL
def test_a_game_stopped_before_its_end_has_leaders(name: str) -> None:
    game = GAMES[name]
    state = _played(game, seed=5, actions=40)[-1]
    leaders = game.measures.leaders(state)
    scores = game.scores(state)
    assert leaders and all(0 <= seat < len(scores) for seat in leaders)
    assert max(scores) == scores[leaders[0]]


@ALL
def test_features_and_play_styles_name_what_their_game_has(name: str) -> None:
    game = GAMES[name]
    switches = game.variants.rules_to_json(game.variants.make_rules({}))
    for feature in game.measures.features:
        assert switches[feature.switch] is False and feature.counter in game.measures.event_headings
    assert game.measures.play_styles
    for style in game.measures.play_styles:
        for player in style:
            if player not in ("uniform", "weighted"):
                tigeuph.agents.make_agent(player, game=name)


@ALL
def test_legal_play_keeps_the_games_own_invariants_and_running_back_breaks_them(
    name: str,
) -> None:
    game = GAMES[name]
    states = _played(game, seed=6)
    legal = [game.legal_actions(state) for state in states]
    for before, after, actions in zip(states, states[1:], legal, strict=False):
        assert game.invariants.state_problems(after) == []
        action = next(a for a in actions if game.apply(before, a) == after)
        assert game.invariants.step_problems(before, action, after) == []
    backwards = game.invariants.step_problems(states[-1], legal[-2][0], states[0])
    assert backwards  # the bag grows back, or the turn runs backwards


def test_a_page_may_draw_the_main_games_board_without_its_panel() -> None:
    """The browser board shows the players itself: the main game's picture leaves out its
    panel when asked; Babel's table has its panels as part of it."""
    for name, apart in (("tigris", True), ("babel", False)):
        game = GAMES[name]
        seen = game.view(game.new_game(2, seed=1), 0)
        whole, board = game.presentation.picture(seen), game.presentation.picture(seen, panel=False)
        assert (len(board) < len(whole)) is apart
        assert (("Seat 0 to play" in whole) and ("Seat 0 to play" not in board)) is apart


def test_the_main_games_result_says_when_the_next_colours_decided() -> None:
    """Two players on the same score: the result says the winner won on the next colours up
    (R27), and says nothing of it when the scores alone decided."""
    game = GAMES["tigris"]
    said = []
    for seed in range(1, 6):
        state, rng = game.new_game(2, seed=seed), random.Random(seed)
        while not state.is_over:
            state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        tied = len(set(game.scores(state))) == 1 and len(game.winners(state)) == 1
        said.append(tied)
        assert ("on the next colours up" in game.presentation.result_text(state)) is tied
    assert True in said and False in said
