"""A seat's animation and pictures show nothing he may not know (spec R4, issue 40): another
seat's exchange, dealt again in other colours, changes no frame, no caption and no picture of
his view; ``tigeuph render --animate --player`` writes no other seat's exchanged colours."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tigeuph import GAMES, ExchangeTiles, Game, legal_actions, svg, view
from tigeuph.cli import main
from tigeuph.cli.animation import frames

TIGRIS = GAMES["tigris"]


def exchanging(players: int, seed: int, steps: int) -> Game:
    """A game of random legal actions in which a quarter of the actions that may be exchanges
    are, so that every seat exchanges."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over and len(game.actions) < steps:
        legal = legal_actions(game.state)
        swaps = [action for action in legal if isinstance(action, ExchangeTiles)]
        game.play(rng.choice(swaps if swaps and rng.random() < 1 / 4 else legal))
    return game


def dealt_again(action: ExchangeTiles, rng: random.Random) -> ExchangeTiles:
    """An exchange of as many tiles as *action*, in other colours."""
    count = sum(action.counts)
    while True:
        letters = [rng.randrange(4) for _ in range(count)]
        counts = tuple(letters.count(colour) for colour in range(4))
        if counts != action.counts:
            return ExchangeTiles(counts)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 8)])
def test_no_frame_of_a_seats_animation_tells_another_seats_exchange(
    players: int, seed: int
) -> None:
    """For each seat, every frame of his animation of a game where all seats exchange: the
    caption of another seat's exchange names no colour, and its picture, and the pictures of
    his view drawn with the state before, are the same had the exchange been of other
    colours."""
    game = exchanging(players, seed, 90)
    record = game
    rng = random.Random(seed)
    for seat in range(players):
        shown = frames(TIGRIS, record, size=300, player=seat)
        hidden = 0
        for index, action in enumerate(record.actions, 1):
            before, after = record.states[index - 1], record.states[index]
            if not isinstance(action, ExchangeTiles) or before.to_move == seat:
                continue
            hidden += 1
            frame = shown[index]
            assert str(action) not in frame.title and "hidden" in frame.title
            assert not any(str(action) in line for line in frame.told)
            other = dealt_again(action, rng)
            again = TIGRIS.presentation.picture(
                TIGRIS.view(after, seat), size=300, last=other, before=before
            )
            assert again == frame.picture
            assert svg.board(view(after, seat), lastmove=other, before=before) == svg.board(
                view(after, seat), lastmove=action, before=before
            )
        assert hidden, "the others exchanged"


def test_render_animate_for_a_player_hides_the_others_exchanges(tmp_path: Path) -> None:
    """The command line's page for seat 0 names seat 1's exchanges by their kind only."""
    game = exchanging(2, 5, 60)
    theirs = [
        str(action)
        for before, action in zip(game.states, game.actions, strict=False)
        if isinstance(action, ExchangeTiles) and before.to_move == 1
    ]
    ours = {
        str(action)
        for before, action in zip(game.states, game.actions, strict=False)
        if isinstance(action, ExchangeTiles) and before.to_move == 0
    }
    assert theirs
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    out = tmp_path / "game.html"
    assert main(["render", str(path), "--animate", "--player", "0", "-o", str(out)]) == 0
    page = out.read_text()
    assert "seat 1&#x27;s exchange, hidden from seat 0" in page or (
        "seat 1's exchange, hidden from seat 0" in page
    )
    for text in set(theirs) - ours:
        assert f": {text}" not in page
