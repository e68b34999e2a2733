"""The aids over HTTP (issue 40): ``board.svg?aids=...`` draws the seat's view with the aids
asked, worked out from that view alone; the game's summary names them in its words; a name the
game does not draw is refused in the server's error document."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from helpers.live_server import bearer, create_game

from tigeuph import GAMES

TIGRIS = GAMES["tigris"]
WAR = (2497, "rD9 BB9 BF9 kP1 rJ1 RE9 kN8 bD8 rB5 gP3 RI6 gA3 KJ2 gK2 kA6 gC5 KO8 rG7")
"""Seed and actions after which four kingdoms stand, two of them a tile apart."""


def _played(client: httpx.Client, seed: int, actions: str) -> tuple[str, dict[str, str]]:
    """A game of two people from *seed*, *actions* played by whichever seat is to move."""
    game, tokens = create_game(client, players=2, seats=["human", "human"], seed=seed)
    for version, action in enumerate(actions.split()):
        status = client.get(f"/api/games/{game}/wait", params={"timeout": 0}).json()
        body = {"action": action, "version": version}
        client.post(
            f"/api/games/{game}/actions", headers=bearer(tokens[str(status["to_move"])]), json=body
        ).raise_for_status()
    return game, tokens


def _state(seed: int, actions: str) -> Any:
    state = TIGRIS.new_game(2, seed=seed)
    for action in actions.split():
        state = TIGRIS.apply(state, TIGRIS.parse_action(action))
    return state


@pytest.mark.slow
def test_the_picture_draws_the_aids_asked_from_the_seats_view(live_client: httpx.Client) -> None:
    """``board.svg?aids=kingdoms,strengths`` differs from the plain picture: it is the game's
    picture of the seat's own view with those aids, the board alone, the last action marked;
    no aid is drawn unless asked, and an empty list asks for none."""
    seed, actions = WAR
    game, tokens = _played(live_client, seed, actions)
    url, me = f"/api/games/{game}/board.svg", bearer(tokens["1"])
    plain = live_client.get(url, headers=me)
    aided = live_client.get(url, params={"aids": "kingdoms,strengths"}, headers=me)
    assert plain.status_code == aided.status_code == 200
    assert aided.headers["content-type"].startswith("image/svg+xml")
    assert aided.text != plain.text
    assert 'class="aid kingdom"' in aided.text and 'class="aid strength"' in aided.text
    assert 'class="aid ' not in plain.text
    seen = TIGRIS.view(_state(seed, actions), 1)
    last = TIGRIS.parse_action(actions.split()[-1])
    expected = TIGRIS.presentation.picture(
        seen, last=last, panel=False, aids=["kingdoms", "strengths"]
    )
    assert aided.text == expected
    assert live_client.get(url, params={"aids": ""}, headers=me).text == plain.text


def test_the_summary_names_the_aids_of_the_game(live_client: httpx.Client) -> None:
    """The main game's words carry each aid its pictures draw and what it shows; Babel's,
    which draws none, carry no aids."""
    game, _ = create_game(live_client, players=2, seats=["human", "human"])
    words = live_client.get(f"/api/games/{game}").json()["words"]
    assert words["aids"] == dict(TIGRIS.presentation.aids)
    babel, _ = create_game(live_client, game="babel", players=2, seats=["human", "human"])
    assert "aids" not in live_client.get(f"/api/games/{babel}").json()["words"]


@pytest.mark.parametrize(
    ("game", "query", "says"),
    [
        ("tigris", "aids=kingdoms,towers", "draws no aid 'towers' (its aids: kingdoms,"),
        ("tigris", "aids=kingdoms&aids=sites", "aids is given 2 times"),
        ("babel", "aids=kingdoms", "Babel draws no aid 'kingdoms' (it draws none)"),
    ],
)
def test_an_aid_the_game_does_not_draw_is_malformed(
    live_client: httpx.Client, game: str, query: str, says: str
) -> None:
    """A name the game draws no aid by, or aids given twice, answers 422 ``malformed`` in the
    server's error document, naming what was wrong."""
    made, tokens = create_game(live_client, game=game, players=2, seats=["human", "human"])
    answer = live_client.get(f"/api/games/{made}/board.svg?{query}", headers=bearer(tokens["0"]))
    assert answer.status_code == 422
    body = answer.json()
    assert body["error"] == "malformed" and body["clause"] is None
    assert says in body["message"]
