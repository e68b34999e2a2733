"""The story of a game (issue 26): :func:`tigeuph.transition` tells what each action did, as
events that agree with the states it returns, word for word in the scenarios and number for
number in whole seeded games."""

from __future__ import annotations

import pickle
from collections import Counter
from pathlib import Path

import pytest
from helpers import scenario
from helpers.games import TILES_FIRST, every_switch, random_game

import tigeuph
from tigeuph import COLOURS, EVENT_TYPES, Colour, Event, GameState
from tigeuph.tigris.events import (
    ConflictResolved,
    GameEnded,
    LeaderMoved,
    LeaderPlaced,
    LeaderReturned,
    LeaderWithdrawn,
    MonumentScored,
    TilePlaced,
    TilesDrawn,
    TilesExchanged,
    TreasureTaken,
    WonderScored,
)
from tigeuph.tigris.serialise.events import event_from_json, event_to_json


def _told_in_scenarios() -> dict[str, set[str]]:
    """For each kind of event, the scenario files whose ``told`` lines check one of its
    sentences."""
    found: dict[str, set[str]] = {}
    for path in scenario.all_scenarios():
        case = scenario.read(path)
        sentences = {text for kind, text in case.steps if kind == "told"}
        if not sentences or case.error is not None:
            continue
        state = tigeuph.from_text(case.position)
        for text in case.play:
            state, events = tigeuph.transition(state, tigeuph.parse_action(text))
            for event in events:
                if str(event) in sentences:
                    found.setdefault(event.kind, set()).add(path.name)
    return found


def test_every_kind_of_event_is_told_word_for_word_by_a_scenario() -> None:
    """Each kind is reached by a scenario that checks its sentence (spec D9; the scenario
    runner checks the words, this checks that no kind is left out)."""
    told = _told_in_scenarios()
    assert sorted(set(EVENT_TYPES) - set(told)) == []


def _step_agrees(before: GameState, action: tigeuph.Action, after: GameState) -> None:
    """The events of one step account for every change of points, treasures, leaders, hands
    drawn and the end."""
    state, events = tigeuph.transition(before, action)
    assert state == after
    points = [[0] * 4 for _ in range(before.players)]
    leaders_moved: Counter[tuple[int, Colour]] = Counter()
    drawn = [0] * before.players
    taken = [0] * before.players
    for e in events:
        match e:
            case TilePlaced(scorer=int(who), colour=colour, points=n):
                points[who][colour] += n
            case ConflictResolved(winner=who, points=n, loser=loser, colour=colour):
                points[who][e.point_colour] += n
                leaders_moved[loser, colour] += 1
            case (
                MonumentScored(player=who, colour=colour) | WonderScored(player=who, colour=colour)
            ):
                points[who][colour] += 1
            case TreasureTaken(player=who):
                taken[who] += 1
            case TilesDrawn(player=who, count=n):
                drawn[who] += n
            case LeaderPlaced() | LeaderMoved() | LeaderWithdrawn() | LeaderReturned():
                leaders_moved[e.player, e.colour] += 1
    for seat in range(before.players):
        gained = [after.points[seat][c] - before.points[seat][c] for c in COLOURS]
        assert gained == points[seat], f"{action}: points of seat {seat}"
        assert after.treasures_taken[seat] - before.treasures_taken[seat] == taken[seat]
        for colour in COLOURS:
            changed = before.leaders[seat][colour] != after.leaders[seat][colour]
            assert changed == bool(leaders_moved[seat, colour]), f"{action}: leader {colour}"
    assert len(before.bag) - len(after.bag) == sum(drawn)
    ended = [e for e in events if isinstance(e, GameEnded)]
    assert (after.ended is not None) == bool(ended)
    if ended:
        assert ended[0].reason is after.ended
        assert ended[0].winners == tigeuph.outcome(after).winners  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("switches", [False, True])
def test_a_seeded_games_events_agree_with_apply_at_every_step(players: int, switches: bool) -> None:
    """``transition`` gives ``apply``'s state, and its events account for what changed
    (spec D9)."""
    rules = every_switch(players) if switches else None
    prefer = TILES_FIRST if switches else 0.0
    kinds: set[str] = set()
    for seed in range(2):
        for before, action, after in random_game(players, seed, rules, prefer_tiles=prefer):
            _step_agrees(before, action, after)
            kinds.update(e.kind for e in tigeuph.transition(before, action)[1])
    assert {"tile-placed", "conflict-resolved", "tiles-drawn", "game-ended"} <= kinds


def test_an_events_own_player_sees_its_hidden_colours_and_the_others_its_size() -> None:
    """An exchange's colours and the tiles drawn are the player's secret (spec R4, D9)."""
    game = tigeuph.Game.new(3, seed=11)
    game.play(
        next(a for a in tigeuph.legal_actions(game.state) if isinstance(a, tigeuph.ExchangeTiles))
    )
    exchanged, drawn = game.events[-1][:2]
    assert isinstance(exchanged, TilesExchanged) and isinstance(drawn, TilesDrawn)
    for event in (exchanged, drawn):
        assert event.tiles is not None and sum(event.tiles) == event.count
        assert not event.is_public
        assert event.seen_by(0) == event
        for other in (1, 2, None):
            hidden = event.seen_by(other)
            assert hidden.is_public and hidden.tiles is None  # type: ignore[attr-defined]
            assert hidden.count == event.count  # type: ignore[attr-defined]
            assert "(" not in str(hidden)
    assert str(exchanged).startswith(f"Seat 0 exchanges {exchanged.count} tile")


def test_events_say_you_to_the_player_at_the_keyboard() -> None:
    """With names, the seat called "you" reads "you place ... your"."""
    state = tigeuph.new_game(2, seed=3)
    action = next(a for a in tigeuph.legal_actions(state) if str(a).startswith("K"))
    _, (placed, *_) = tigeuph.transition(state, action)
    assert placed.text(["you", "Bea"]) == f"You place your king on {str(action)[1:]}."
    assert placed.text(["Ann", "you"]) == f"Ann places their king on {str(action)[1:]}."
    assert str(placed) == f"Seat 0 places their king on {str(action)[1:]}."


def test_events_are_values_that_name_what_they_concern() -> None:
    """Events compare, hash and pickle by value; their players, cells, colours and numbers
    come from their fields, and their JSON object reads back."""
    seen: list[Event] = []
    for before, action, _ in random_game(2, 5):
        seen += tigeuph.transition(before, action)[1]
    for event in seen:
        assert pickle.loads(pickle.dumps(event)) == event
        assert hash(event) == hash(pickle.loads(pickle.dumps(event)))
        assert event_from_json(event_to_json(event)) == event
        assert type(event) is EVENT_TYPES[event.kind]
        assert event.clause.startswith("R") and str(event).endswith(".")
    placed = next(e for e in seen if isinstance(e, TilePlaced) and e.scorer is not None)
    assert placed.players[0] == placed.player and placed.scorer in placed.players
    assert placed.cells == (placed.cell,) and placed.colours == (placed.colour,)
    assert placed.numbers == {"points": placed.points}


def test_transition_refuses_what_apply_refuses() -> None:
    """The same errors as ``apply``: a bad argument, an illegal action."""
    state = tigeuph.new_game(2, seed=1)
    with pytest.raises(tigeuph.ArgumentTypeError):
        tigeuph.transition(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(tigeuph.IllegalActionError) as refused:
        tigeuph.transition(state, tigeuph.parse_action("+1"))
    assert refused.value.clause == "R5"


def test_the_scenario_runner_refuses_a_sentence_not_told(tmp_path: Path) -> None:
    """A ``told`` line whose words no event said fails the scenario (the check can fail)."""
    source = scenario.SCENARIOS / "leaders" / "leader-placed-beside-a-temple.txt"
    text = source.read_text("utf-8").replace("places their king", "places their priest")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(text, "utf-8")
    with pytest.raises(AssertionError, match="not told"):
        scenario.run(scenario.read(wrong))


def test_apply_tells_nothing_and_transition_everything() -> None:
    """``apply`` keeps no story (it pays nothing for it); a game record keeps every action's
    events, undo takes the last ones back."""
    game = tigeuph.Game.new(2, seed=8)
    for _ in range(6):
        game.play(tigeuph.legal_actions(game.state)[0])
    assert len(game.events) == len(game.actions) == 6
    for before, action, events in zip(game.states, game.actions, game.events, strict=False):
        assert tigeuph.transition(before, action)[1] == events
    game.undo()
    assert len(game.events) == 5


def test_the_game_ends_at_the_draw_the_bag_cannot_meet() -> None:
    """The refill that cannot be met ends the game at once (spec R7, R26): the seats after the
    drawer draw nothing and are told nothing of the bag; the end is told last."""
    case = scenario.read(scenario.SCENARIOS / "end" / "short-refill-ends-the-game-at-that-draw.txt")
    state = tigeuph.from_text(case.position)
    after, events = tigeuph.transition(state, tigeuph.parse_action("pass"))
    drawn = [event for event in events if isinstance(event, TilesDrawn)]
    assert [(event.player, event.count, event.short) for event in drawn] == [(0, 1, True)]
    assert isinstance(events[-1], GameEnded) and after.is_over
    assert after.hands[1] == state.hands[1]
