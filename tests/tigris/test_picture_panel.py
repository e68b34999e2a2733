"""The main game's panel tells the last action and, at the end, the final scores and how they
were counted (issue 40), as Babel's does."""

from __future__ import annotations

import random

from helpers.svg import SVG, parse

import tigeuph
from tigeuph import ExchangeTiles, Game, legal_actions, svg
from tigeuph.tigris.model.ranking import final_vector


def notes(picture: str, kind: str) -> str:
    """The text of the panel's lines of class *kind*, joined."""
    return " ".join(
        n.text or "" for n in parse(picture).iter(f"{SVG}text") if n.get("class") == kind
    )


def test_the_panel_names_the_last_action_and_who_played_it() -> None:
    state = tigeuph.new_game(2, seed=7)
    action = legal_actions(state)[0]
    after = tigeuph.apply(state, action)
    told = notes(svg.board(after, lastmove=action, before=state), "last-action")
    assert told == f"Last action: seat 0 played {action}"
    assert notes(svg.board(after, lastmove=action), "last-action") == f"Last action: {action}"
    assert notes(svg.board(after), "last-action") == ""


def test_a_view_names_another_seats_exchange_by_its_size_only() -> None:
    """Seat 1's view after seat 0's exchange says how many tiles, not which (spec R4); seat
    0's says which."""
    state = tigeuph.new_game(2, seed=7)
    exchange = next(a for a in legal_actions(state) if isinstance(a, ExchangeTiles))
    after = tigeuph.apply(state, exchange)
    count = sum(exchange.counts)
    theirs = svg.board(tigeuph.view(after, 1), lastmove=exchange, before=state)
    plural = "s" * (count != 1)
    assert notes(theirs, "last-action") == (
        f"Last action: seat 0 played an exchange of {count} tile{plural}"
    )
    assert str(exchange) not in theirs
    mine = svg.board(tigeuph.view(after, 0), lastmove=exchange, before=state)
    assert notes(mine, "last-action") == f"Last action: seat 0 played {exchange}"


def test_the_end_shows_each_seats_final_score_and_how_it_was_counted() -> None:
    """At the end, each seat's score is its weakest colour once its treasures are spread,
    written with the colours it was counted from."""
    game = Game.new(2, seed=3)
    rng = random.Random(3)
    while not game.state.is_over:
        game.play(rng.choice(legal_actions(game.state)))
    state = game.state
    text = notes(svg.board(state, size=None), "final-scores")
    assert text.startswith("Final scores")
    for seat, points in enumerate(state.points):
        vector = final_vector(points, state.treasures_taken[seat])
        assert f"seat {seat} {vector[0]} ({'-'.join(map(str, vector))}" in text
    assert notes(svg.board(tigeuph.new_game(2, seed=3)), "final-scores") == ""
