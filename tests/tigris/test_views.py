"""Player views and determinisation: a view shows a player what he may know and nothing else
(spec R4, R32), and ``sample_state`` builds full states he cannot tell apart (issue 6)."""

from __future__ import annotations

import itertools
import json
import random
from functools import cache
from typing import Any

import attrs
import pytest
from helpers.games import TILES_FIRST, every_switch, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tigeuph
from tigeuph import (
    COLOURS,
    BuildingChoice,
    ExchangeTiles,
    Game,
    GameState,
    JsonError,
    PlayerView,
    PositionError,
    Rules,
    WonderChoice,
    WonderPoint,
    apply,
    check_state,
    legal_actions,
    new_game,
    sample_state,
    view,
    view_from_json,
    view_to_json,
)
from tigeuph.tigris.views import history

Counts = tuple[int, int, int, int]


def letters(counts: Counts) -> list[str]:
    return [colour.letter for colour in COLOURS for _ in range(counts[colour])]


def counts(tiles: list[str]) -> Counts:
    r, b, g, k = (tiles.count(colour.letter) for colour in COLOURS)
    return r, b, g, k


def reach(
    players: int, seed: int, steps: int, open_scoring: bool = False, variants: bool = False
) -> GameState:
    """The state after up to *steps* random legal actions from a seeded deal; with *variants*,
    every variant switched on."""
    if not variants:
        rng = random.Random(seed)
        state = new_game(players, seed=seed, rules=Rules(open_scoring=open_scoring))
        for _ in range(steps):
            if state.is_over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        return state
    rules = every_switch(players, open_scoring=open_scoring)
    state = new_game(players, seed=seed, rules=rules)
    game = random_game(players, seed, rules, prefer_tiles=TILES_FIRST)
    for _, _, after in itertools.islice(game, steps):
        state = after
    return state


def shuffle_hidden(state: GameState, player: int, rng: random.Random) -> GameState:
    """*state* with everything *player* may not see dealt again: the other hands' colours, the
    other players' exchanged tiles, the bag's order and contents, and, under hidden scoring
    while the game goes on, the other players' points. Sizes stay as they are."""
    others = [seat for seat in range(state.players) if seat != player]
    pool = list(state.bag)
    for seat in others:
        pool += letters(state.hands[seat]) + letters(state.discarded[seat])
    rng.shuffle(pool)
    hands, discarded, points = list(state.hands), list(state.discarded), list(state.points)
    for seat in others:
        n, m = sum(state.hands[seat]), sum(state.discarded[seat])
        hands[seat], discarded[seat] = counts(pool[:n]), counts(pool[n : n + m])
        pool = pool[n + m :]
        if not state.rules.open_scoring and not state.is_over:
            r, b, g, k = (rng.randrange(30) for _ in COLOURS)
            points[seat] = (r, b, g, k)
    return attrs.evolve(
        state,
        hands=tuple(hands),
        discarded=tuple(discarded),
        points=tuple(points),
        bag="".join(pool),
    )


@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
    open_scoring=st.booleans(),
    variants=st.booleans(),
    viewer=st.integers(0, 3),
    shuffle=st.integers(0, 2**32),
)
def test_what_a_player_may_not_see_never_changes_his_view(
    players: int,
    seed: int,
    steps: int,
    open_scoring: bool,
    variants: bool,
    viewer: int,
    shuffle: int,
) -> None:
    """Two states that differ only in what a player may not see give him equal views, legal
    actions included: nothing hidden leaks into a view (R4, R32), with every variant switched
    on too (English reinforcement's support counts, buildings, the wonder: R28, R30, R31)."""
    state = reach(players, seed, steps, open_scoring, variants)
    player = viewer % players
    other = shuffle_hidden(state, player, random.Random(shuffle))
    assert check_state(other) == []
    assert view(other, player) == view(state, player)


@cache
def states(
    players: int, seed: int, open_scoring: bool = False, variants: bool = False
) -> tuple[GameState, ...]:
    """Every state of a random game; with *variants*, every variant switched on."""
    if variants:
        rules = every_switch(players, open_scoring=open_scoring)
        steps = list(random_game(players, seed, rules, prefer_tiles=TILES_FIRST))
        return (steps[0][0], *(after for _, _, after in steps))
    rules = Rules(open_scoring=open_scoring)
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    out = [state]
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        out.append(state)
    return tuple(out)


def test_a_view_shows_what_the_player_may_know() -> None:
    """The board, his own hand and exchanges, everyone's sizes and the bag's size (R4)."""
    for state in states(3, 4)[::7]:
        for player in range(3):
            seen = view(state, player)
            assert seen.player == player and seen.rules == state.rules
            assert seen.tiles == state.tiles and seen.leaders == state.leaders
            assert seen.hand == state.hands[player]
            assert seen.discarded == state.discarded[player]
            assert seen.hand_sizes == tuple(sum(h) for h in state.hands)
            assert seen.discard_sizes == tuple(sum(d) for d in state.discarded)
            assert seen.bag_size == len(state.bag)
            assert seen.removed == state.removed
            assert seen.pending == state.pending and seen.to_move == state.to_move
            assert seen.legal == (legal_actions(state) if state.to_move == player else ())
            shown = [p for p in seen.points if p is not None]
            assert seen.points[player] == state.points[player]
            assert len(shown) == (3 if state.is_over else 1)


def test_open_scoring_shows_every_players_points() -> None:
    """Under open scoring every view shows all points (R32)."""
    for state in states(2, 5, open_scoring=True)[::11]:
        assert view(state, 1).points == state.points


def test_the_end_of_the_game_shows_every_players_points() -> None:
    """The final count is public, so a finished game's views show all points."""
    final = states(4, 6)[-1]
    assert final.is_over
    assert all(view(final, p).points == final.points for p in range(4))


def test_a_view_needs_a_seat() -> None:
    """Asking for a seat the game does not have is an error."""
    with pytest.raises(ValueError, match="not a seat"):
        view(new_game(2, seed=1), 2)


def test_a_view_shows_the_variants_board_and_decisions() -> None:
    """Buildings, the wonder and the crosses declined for it are public, and so is each of the
    variants' pending decisions; only the player deciding has legal actions (R30, R31)."""
    found = set()
    games = [(3, 19), (4, 16), (2, 17)]
    for state in (s for players, seed in games for s in states(players, seed, variants=True)):
        for player in range(state.players):
            seen = view(state, player)
            assert seen.buildings == state.buildings and seen.wonder == state.wonder
            assert seen.declined_crosses == state.declined_crosses
            assert seen.pending == state.pending
            if isinstance(state.pending, BuildingChoice | WonderChoice | WonderPoint):
                found.add(type(state.pending))
                mine = state.pending.player == player
                assert seen.legal == (legal_actions(state) if mine else ())
                assert view_from_json(view_to_json(seen)) == seen
    assert found == {BuildingChoice, WonderChoice, WonderPoint}
    finals = [states(players, seed, variants=True)[-1] for players, seed in games]
    assert any(s.wonder is not None for s in finals) and any(s.declined_crosses for s in finals)
    assert any(None not in s.buildings for s in finals)


@pytest.mark.parametrize(
    ("players", "seed", "variants"),
    [(2, 7, False), (3, 8, False), (4, 9, False), (2, 17, True), (3, 19, True), (4, 16, True)],
)
def test_sampled_states_are_legal_positions_with_the_same_view(
    players: int, seed: int, variants: bool
) -> None:
    """A state drawn from a view passes check_state, keeps every public field (buildings, the
    wonder and declined crosses among them) and shows the same view; the viewer's legal actions
    are unchanged."""
    rng = random.Random(seed)
    for state in states(players, seed, variants=variants)[:: 3 if variants else 5]:
        for player in range(players):
            seen = view(state, player)
            guess = sample_state(seen, rng)
            assert check_state(guess) == []
            assert view(guess, player) == seen
            hidden = {"hands", "discarded", "points", "bag"}
            for name in attrs.fields_dict(GameState):
                if name not in hidden and not name.startswith("_"):
                    assert getattr(guess, name) == getattr(state, name), name
            assert guess.hands[player] == state.hands[player]
            if state.to_move == player:
                assert legal_actions(guess) == legal_actions(state)


def test_one_view_is_shown_by_many_hidden_deals() -> None:
    """Twenty states sampled from one view have twenty different bags and more than one hand
    for another player, and every one of them shows that same view (R4)."""
    state = states(3, 10)[40]
    seen = view(state, 0)
    guesses = {sample_state(seen, random.Random(i)) for i in range(20)}
    assert len({g.bag for g in guesses}) == 20
    assert len({g.hands[1] for g in guesses}) > 1
    assert all(view(g, 0) == seen for g in guesses)


def test_sampling_keeps_hidden_points_at_zero() -> None:
    """A view without a public history (``view`` of a bare state) samples the points it hides
    as zero: the board does not tell them (R32)."""
    state = next(s for s in states(2, 11) if any(s.points[1]))
    guess = sample_state(view(state, 0), random.Random(0))
    assert guess.points == (state.points[0], (0, 0, 0, 0))


def test_sampling_from_a_game_view_gives_the_true_points() -> None:
    """A state sampled from ``Game.view`` of a game dealt from a seed has every player's true
    points, hidden ones included: they are the sums of the public scoring events (R32)."""
    game = Game.new(3, seed=11)
    rng = random.Random(11)
    hidden_and_scored = 0
    while not game.state.is_over:
        if len(game.actions) % 10 == 0:
            for player in range(3):
                seen = game.view(player)
                assert sample_state(seen, rng).points == game.state.points
                hidden_and_scored += sum(
                    1
                    for p, true in zip(seen.points, game.state.points, strict=True)
                    if p is None and any(true)
                )
        game.play(rng.choice(legal_actions(game.state)))
    assert hidden_and_scored > 0


def test_views_round_trip_through_json() -> None:
    """Every view of a game, history included, reads back equal from its JSON."""
    game = Game.new(3, seed=12)
    rng = random.Random(12)
    while not game.state.is_over:
        if len(game.actions) % 17 == 0:
            for player in range(3):
                seen = game.view(player)
                assert view_from_json(view_to_json(seen)) == seen
        game.play(rng.choice(legal_actions(game.state)))
    final = game.view(2)
    assert view_from_json(view_to_json(final, indent=2)) == final


def test_variant_views_round_trip_through_json() -> None:
    """With every variant on, views with their history read back equal from their JSON, and a
    state sampled from one has the true points (R30-R32)."""
    rules = every_switch(4)
    game = Game.new(4, seed=16, rules=rules)
    for i, (_, action, _) in enumerate(random_game(4, 16, rules, prefer_tiles=TILES_FIRST)):
        if i % 13 == 0 or (game.state.pending is not None and i % 3 == 0):
            seen = game.view(i % 4)
            assert view_from_json(view_to_json(seen)) == seen
            assert sample_state(seen, random.Random(i)).points == game.state.points
        game.play(action)
    assert game.state.wonder is not None
    final = game.view(1)
    assert view_from_json(view_to_json(final, indent=2)) == final


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"player": 3}, JsonError),
        ({"bag_size": 5}, PositionError),
        ({"hand": {"r": 6, "b": 0, "g": 0, "k": 0}}, PositionError),
        ({"legal": ["pass"]}, PositionError),
        ({"points": [None, None]}, PositionError),
        ({"hand_sizes": [6, 6, 6]}, JsonError),
        ({"history": [{"player": 0, "action": "zz"}]}, JsonError),
    ],
)
def test_impossible_views_are_refused(change: dict[str, object], error: type[Exception]) -> None:
    """A view no position shows is refused when read, with the field named where it can be."""
    document = json.loads(view_to_json(view(new_game(2, seed=13), 0)))
    document.update(change)
    with pytest.raises(error):
        view_from_json(json.dumps(document))


# A whole game per example: a few examples, more under the ci and soak profiles.
FEW = settings(max_examples=max(5, settings().max_examples // 6))


@FEW
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_the_public_history_hides_other_players_exchanges(
    players: int, seed: int, steps: int
) -> None:
    """The history shows every action, another player's exchange as its size only, and every
    scoring event; the events add up to the points, so a sampled state has them all (R4, R32)."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over and len(game.actions) < steps:
        game.play(rng.choice(legal_actions(game.state)))
    for player in range(players):
        seen = game.view(player)
        public = seen.history
        assert len(public) == len(game.actions)
        for entry, action, before in zip(public, game.actions, game.states[:-1], strict=True):
            assert entry.player == before.to_move
            if isinstance(action, ExchangeTiles):
                assert entry.exchanged == sum(action.counts)
                assert entry.action == (action if entry.player == player else None)
            else:
                assert entry.action == action and entry.exchanged == 0
        totals = [[0, 0, 0, 0] for _ in range(players)]
        for entry in public:
            for score in entry.scored:
                assert score.points > 0
                totals[score.player][score.colour] += score.points
        assert [tuple(t) for t in totals] == list(game.state.points)
        assert sample_state(seen, rng).points == game.state.points
        assert view_from_json(view_to_json(seen)) == seen


@cache
def exchanging_game() -> Game:
    """A two-player game with exchanges by both players and some points scored."""
    game = Game.new(2, seed=14)
    rng = random.Random(14)
    while not game.state.is_over:
        game.play(rng.choice(legal_actions(game.state)))
    return game


def entry_at(document: dict[str, Any], player: int, kind: str) -> int:
    """The index of the first history entry by *player* of *kind*: exchange, scoring, other."""
    for i, entry in enumerate(document["history"]):
        exchange = entry["exchanged"] > 0
        found = {"exchange": exchange, "scoring": bool(entry["scored"]), "other": not exchange}
        if entry["player"] == player and found[kind]:
            return i
    raise AssertionError(f"no {kind} by player {player}")


@pytest.mark.parametrize(
    ("player", "kind", "field", "value", "says"),
    [
        (0, "other", "player", 2, "2 is not a seat"),
        (0, "other", "player", -1, "-1 is not a seat"),
        (0, "other", "exchanged", 1, "exchanges 0 tiles"),
        (0, "exchange", "exchanged", 7, "exchanges"),
        (1, "exchange", "exchanged", 0, "1 to 6 tiles"),
        (1, "exchange", "exchanged", 7, "1 to 6 tiles"),
        (1, "exchange", "action", "~r", "another player's exchange shows its colours"),
        (0, "exchange", "action", None, "own exchange must show its colours"),
        (0, "scoring", "scored", [{"player": 2, "colour": "r", "points": 1}], "not a seat"),
        (0, "scoring", "scored", [{"player": 0, "colour": "r", "points": -1}], "below zero"),
    ],
)
def test_damaged_histories_are_refused(
    player: int, kind: str, field: str, value: object, says: str
) -> None:
    """A history entry that cannot be in the viewer's view is refused, the field named (R4)."""
    document = json.loads(view_to_json(exchanging_game().view(0)))
    at = entry_at(document, player, kind)
    document["history"][at][field] = value
    with pytest.raises(JsonError, match=says) as caught:
        view_from_json(json.dumps(document))
    assert caught.value.path.startswith(f"$.history[{at}].{field}")


def test_history_needs_one_state_more_than_actions() -> None:
    """``history`` refuses states, actions and events that do not pair up."""
    game = exchanging_game()
    with pytest.raises(ValueError, match="expected one more"):
        history(game.states, game.actions[:-1], 0)
    with pytest.raises(ValueError, match="follows the end"):
        history([*game.states, game.state], [*game.actions, game.actions[-1]], 0)
    with pytest.raises(ValueError, match="lists of events"):
        history(game.states, game.actions, 0, game.events[:-1])


def test_a_view_of_a_game_without_history_has_none() -> None:
    """``view`` on a bare state gives an empty history; ``Game.view`` fills it."""
    game = Game.new(2, seed=15)
    game.play("pass")
    assert view(game.state, 0).history == ()
    assert len(game.view(0).history) == 1
    assert isinstance(game.view(0), PlayerView)


def test_open_scoring_round_trips_in_position_notation() -> None:
    """The position notation writes the variant as a word and reads it back (R32)."""
    state = new_game(3, seed=16, rules=Rules(open_scoring=True))
    text = tigeuph.to_text(state)
    assert "rules: players=3 board=standard open-scoring\n" in text
    assert tigeuph.from_text(text) == state
    for bad in ("open-scoring open-scoring", "closed-scoring"):
        with pytest.raises(tigeuph.NotationError):
            tigeuph.from_text(text.replace("open-scoring", bad))
