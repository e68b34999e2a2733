"""The board names none of a game's own things: the server sends each game's words (its
colours, leaders, decisions and variant switches) in the game's summary, each history entry's
action in words, and a start page that offers the server's own games, switches and seats."""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from helpers.live_server import TESTING, bearer
from starlette.exceptions import StarletteDeprecationWarning

import tigeuph
from tigeuph import GAMES
from tigeuph.agents import AGENT_NAMES
from tigeuph.server import create_app
from tigeuph.tigris.model.kinds import DECISIONS

with warnings.catch_warnings():  # it would rather have httpx2, but works on httpx
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

BOT = "./bot --key s3cret"


@pytest.fixture
def client(tmp_path: Path) -> Any:
    limits = evolve(TESTING, external_agents=(BOT,))
    return TestClient(create_app(str(tmp_path / "games.sqlite"), limits=limits))


def _create(client: Any, **body: Any) -> tuple[str, dict[str, str]]:
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["tokens"]


def test_the_summary_names_every_decision_and_switch_of_the_main_game(client: Any) -> None:
    """Every kind of decision a view may wait on has its dialog's words; every switch sets a
    rule the game has, to a value its reader takes; the colours and leaders cover the hand."""
    game, tokens = _create(client, players=2, seats=["human", "human"])
    summary = client.get(f"/api/games/{game}").json()
    hand = client.get(f"/api/games/{game}/view", headers=bearer(tokens["0"])).json()["view"]["hand"]
    words = summary["words"]
    assert set(words["decisions"]) == {kind.name for kind in DECISIONS}
    assert all(said["title"] and said["text"] for said in words["decisions"].values())
    assert set(words["colours"]) == set(hand)
    assert {letter.lower() for letter in words["leaders"]} == set(words["colours"])
    tigris = GAMES["tigris"]
    for switch in words["switches"]:
        assert switch["rule"] in summary["rules"]
        rules = tigris.variants.rules_from_json({switch["rule"]: switch["value"]}, 2)
        setting = tigris.variants.rules_to_json(rules)[switch["rule"]]
        assert setting == switch["value"] != summary["rules"][switch["rule"]]


def test_a_switch_of_the_start_page_makes_the_game_it_says(client: Any) -> None:
    """Each checkbox of the start page sends its rule's value, and the game made has it."""
    page = client.get("/").text
    boxes = re.findall(r'<input type="checkbox" ([^>]*)>', page)
    assert boxes
    for box in boxes:
        fields = dict(re.findall(r'([a-z-]+)="([^"]*)"', box))
        rule, value = fields["data-rule"], json.loads(html.unescape(fields["data-value"]))
        name = fields["name"].partition(".")[0]
        game, _ = _create(
            client, game=name, players=2, seats=["human", "human"], rules={rule: value}
        )
        assert client.get(f"/api/games/{game}").json()["rules"][rule] == value


def test_a_game_without_words_is_played_by_its_notation(client: Any) -> None:
    """Babel's summary has no words, and the start page no switch for it."""
    game, _ = _create(client, game="babel", players=2, seats=["human", "human"])
    assert client.get(f"/api/games/{game}").json()["words"] == {}
    assert 'data-game="babel"' not in client.get("/").text


def test_the_start_page_offers_the_seats_this_server_takes(client: Any) -> None:
    """The seats offered are the server's: a person, the library's agents, and the operator's
    bot by its public name, never its command line."""
    page = client.get("/").text
    seats = re.search(r'data-seats="([^"]*)"', page)
    assert seats is not None
    offered = html.unescape(seats[1]).split(",")
    assert offered == ["human", *AGENT_NAMES, "external:1"]
    assert BOT not in page and "s3cret" not in page


def test_each_history_entry_tells_its_action_in_words(client: Any) -> None:
    """An entry's label is the game's label of its action, for a seat who may see it, and
    ``null`` with the action for the others (an exchange's colours, spec R4)."""
    game, tokens = _create(client, players=2, seats=["human", "human"], seed=3)
    me = bearer(tokens["0"])
    moves = client.get(f"/api/games/{game}/view", headers=me).json()["moves"]
    tile = next(m for m in moves if m["kind"] == "tile")
    client.post(
        f"/api/games/{game}/actions", headers=me, json={"action": tile["action"], "version": 0}
    )
    entry = client.get(f"/api/games/{game}/history").json()["history"][0]
    assert (
        entry["label"]
        == tile["label"]
        == GAMES["tigris"].client.label(tigeuph.parse_action(tile["action"]))
    )
    babel, seats = _create(client, game="babel", players=2, seats=["human", "human"], seed=3)
    first = client.get(f"/api/games/{babel}/view", headers=bearer(seats["0"])).json()["moves"][0]
    body = {"action": first["action"], "version": 0}
    client.post(f"/api/games/{babel}/actions", headers=bearer(seats["0"]), json=body)
    told = client.get(f"/api/games/{babel}/history").json()["history"][0]
    assert told["label"] == first["label"] == "Travel to the Hittites (discard a Hittite card)"


def test_the_rules_page_explains_babels_notation(client: Any) -> None:
    """Every form of Babel's notation the terminal's help shows is written out on the rules
    page, in its Babel section."""
    page = html.unescape(client.get("/static/rules.html").text)
    babel = page[page.index('<section id="babel">') :]
    written = re.findall(r"^  (\S+(?: #\S+)*)", GAMES["babel"].presentation.notation_help(), re.M)
    forms = [form for line in written for form in line.split()]
    assert len(forms) >= 13
    assert [form for form in forms if f"<code>{form}</code>" not in babel] == []
