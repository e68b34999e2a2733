"""What each action did, kept and shared safely (issue 26): a player's view and its public
history carry the events as he may know them, and no more; the JSON view, the JSON record and
the text record carry them too, and reading them back checks what it can."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import attrs
import pytest
from helpers.games import TILES_FIRST, every_switch, random_game
from hypothesis import given, settings
from hypothesis import strategies as st

from tigeuph import (
    COLOURS,
    EVENT_TYPES,
    GAMES,
    Event,
    ExchangeTiles,
    Game,
    JsonError,
    PlayerView,
    Rules,
    ScoringEvent,
    legal_actions,
    view_from_json,
    view_to_json,
)
from tigeuph.tigris.events import TilesDrawn, TilesExchanged
from tigeuph.tigris.serialise.events import event_to_json
from tigeuph.tigris.views import history, scoring

HIDDEN_KINDS = (TilesDrawn, TilesExchanged)
"""The events whose tiles only their player may see."""


def exchanging(players: int, seed: int, steps: int | None = None) -> Game:
    """A game of random legal actions in which a quarter of the actions that may be exchanges
    are, so that every player exchanges and draws."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    while not game.state.is_over and (steps is None or len(game.actions) < steps):
        legal = legal_actions(game.state)
        swaps = [action for action in legal if isinstance(action, ExchangeTiles)]
        game.play(rng.choice(swaps if swaps and rng.random() < 1 / 4 else legal))
    return game


def other_colours(event: Event, rng: random.Random) -> Event:
    """*event* with its hidden tiles dealt again: as many tiles, in other colours."""
    if not isinstance(event, HIDDEN_KINDS) or event.tiles is None:
        return event
    letters = [rng.randrange(4) for _ in range(sum(event.tiles))]
    r, b, g, k = (letters.count(colour) for colour in range(4))
    return attrs.evolve(event, tiles=(r, b, g, k))


def hidden_events(game: Game, seat: int) -> list[tuple[int, Event]]:
    """Every event of *game* whose hidden tiles belong to a player other than *seat*, with
    the index of its action."""
    return [
        (i, event)
        for i, told in enumerate(game.events)
        for event in told
        if isinstance(event, HIDDEN_KINDS) and event.player != seat and event.count
    ]


# A whole game per example: a few examples, more under the ci and soak profiles.
FEW = settings(max_examples=max(5, settings().max_examples // 6), deadline=None)


@FEW
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    steps=st.integers(100, 400),
    shuffle=st.integers(0, 2**32),
)
@pytest.mark.slow
def test_no_view_tells_the_colours_another_player_drew_or_exchanged(
    players: int, seed: int, steps: int, shuffle: int
) -> None:
    """Each seat's view, as an object and as JSON, and the seat views a match keeps, carry the
    game's events as that seat may know them: his own draws and exchanges with their colours,
    the others' with their number only. Dealing the others' hidden tiles again changes
    nothing he sees."""
    game = exchanging(players, seed, steps)
    kept = GAMES["tigris"].seat_views(players)
    for before, action, after in zip(game.states, game.actions, game.states[1:], strict=False):
        kept.saw(before, action, after)
    rng = random.Random(shuffle)
    for seat in range(players):
        kinds = {type(event) for _, event in hidden_events(game, seat)}
        assert kinds == {TilesDrawn, TilesExchanged}, "others drew and exchanged tiles"
        seen = game.view(seat)
        assert kept.view(game.state, seat) == seen
        for entry, told in zip(seen.history, game.events, strict=True):
            assert entry.events == tuple(event.seen_by(seat) for event in told)
            for shown, event in zip(entry.events, told, strict=True):
                if event.players[:1] == (seat,):
                    assert shown == event  # his own, hidden colours and all
                else:
                    assert shown.is_public and shown == event.public()
        redealt = [
            tuple(e if e.players[:1] == (seat,) else other_colours(e, rng) for e in told)
            for told in game.events
        ]
        assert redealt != list(game.events)
        again = history(game.states, game.actions, seat, redealt)
        assert again == seen.history
        text = view_to_json(seen)
        assert view_to_json(attrs.evolve(seen, history=again)) == text
        assert view_from_json(text) == seen
        for i, event in hidden_events(game, seat):
            written = json.loads(text)["history"][i]["events"]
            hidden = [e for e in written if e["kind"] == event.kind and e["player"] != seat]
            assert hidden and all(e["tiles"] is None for e in hidden)


def test_a_players_own_draws_and_exchanges_keep_their_colours() -> None:
    """The viewer's own draws and exchanges show their colours, in the object and the JSON,
    and add up to the tiles that came into and went out of his hand."""
    game = exchanging(3, 21)
    for seat in range(3):
        document = json.loads(view_to_json(game.view(seat)))
        drawn = exchanged = 0
        for entry, told in zip(document["history"], game.events, strict=True):
            for written, event in zip(entry["events"], told, strict=True):
                assert written == event_to_json(event.seen_by(seat))
                if isinstance(event, HIDDEN_KINDS) and event.players[0] == seat:
                    assert event.tiles is not None
                    assert written["tiles"] == dict(zip("rbgk", event.tiles, strict=True))
                    drawn += isinstance(event, TilesDrawn) and event.count > 0
                    exchanged += isinstance(event, TilesExchanged)
        assert drawn and exchanged


@pytest.mark.parametrize(("players", "seed", "variants"), [(2, 3, False), (4, 5, True)])
def test_scored_points_are_the_events_points(players: int, seed: int, variants: bool) -> None:
    """Each history entry scores what its events score, which is what the action added to
    the players' points: tiles, conflicts, monuments, and with the variants buildings' double
    points and the wonder's."""
    rules = every_switch(players) if variants else Rules(players=players)
    game = Game.new(players, seed=seed, rules=rules)
    for _, action, _ in random_game(players, seed, rules, prefer_tiles=TILES_FIRST):
        game.play(action)
    scored_entries = 0
    for i, entry in enumerate(game.view(0).history):
        before, after = game.states[i], game.states[i + 1]
        gained = tuple(
            ScoringEvent(seat, colour, new[colour] - old[colour])
            for seat, (old, new) in enumerate(zip(before.points, after.points, strict=True))
            for colour in COLOURS
            if new[colour] != old[colour]
        )
        assert entry.scored == gained == scoring(game.events[i])
        scored_entries += bool(gained)
    assert scored_entries > 10


# --- reading views back -----------------------------------------------------------------------


@cache
def written_view(seat: int) -> str:
    return view_to_json(exchanging(2, 22).view(seat))


def first(document: dict[str, Any], kind: str, *, mine: bool | None = None) -> tuple[int, int]:
    """Where the first event of *kind* in the view *document* stands: by the viewer when
    *mine*, by another player when not, by anyone when ``None``."""
    for i, entry in enumerate(document["history"]):
        for j, event in enumerate(entry["events"]):
            by_viewer = event.get("player") == document["player"]
            drew = kind != "tiles-drawn" or event.get("count", 0) > 0
            if event["kind"] == kind and mine in (None, by_viewer) and drew:
                return i, j
    raise AssertionError(f"no {kind} event")


@pytest.mark.parametrize(
    ("kind", "mine", "key", "value", "says"),
    [
        ("tiles-drawn", False, "tiles", {"r": 1, "b": 0, "g": 0, "k": 0}, "colours are hidden"),
        ("tiles-exchanged", False, "tiles", {"r": 0, "b": 1, "g": 0, "k": 0}, "hidden"),
        ("tiles-drawn", True, "tiles", {"r": 9, "b": 0, "g": 0, "k": 0}, "9 tiles for"),
        ("tile-placed", None, "cell", "Z9", "is not a cell"),
        ("tile-placed", None, "colour", "x", "is not a colour"),
        ("tile-placed", None, "player", 2, "2 is not a seat"),
        ("tile-placed", None, "player", "0", "expected an integer"),
        ("tile-placed", None, "surprise", 1, "unknown field"),
        ("conflict-begun", None, "attacker_strength", -1, "below zero"),
        ("tiles-drawn", None, "count", None, "expected an integer"),
    ],
)
def test_damaged_events_in_a_view_are_refused(
    kind: str, mine: bool | None, key: str, value: object, says: str
) -> None:
    """An event that cannot be in the viewer's view is refused, the field named: the colours
    of another player's tiles shown, a bad cell, colour, seat or count."""
    document = json.loads(written_view(0))
    i, j = first(document, kind, mine=mine)
    document["history"][i]["events"][j][key] = value
    with pytest.raises(JsonError, match=says) as caught:
        view_from_json(json.dumps(document))
    named = "" if says == "unknown field" else f".{key}"  # an unknown field names its object
    assert caught.value.path == f"$.history[{i}].events[{j}]{named}"


def test_a_view_may_know_its_own_tiles_as_everyone_does() -> None:
    """The viewer's own drawn tiles without their colours read back (a history kept for
    everyone, as a server keeps it, knows less than he does): the event reads as public."""
    document = json.loads(written_view(0))
    i, j = first(document, "tiles-drawn", mine=True)
    document["history"][i]["events"][j]["tiles"] = None
    read = view_from_json(json.dumps(document))
    assert read.history[i].events[j].is_public


def test_an_event_of_no_known_kind_is_refused() -> None:
    """An event whose kind is not one of EVENT_TYPES is refused, the event named."""
    document = json.loads(written_view(1))
    document["history"][2]["events"][0]["kind"] = "tile-dropped"
    with pytest.raises(JsonError, match="kind must be an event kind") as caught:
        view_from_json(json.dumps(document))
    assert caught.value.path == "$.history[2].events[0]"


def test_scored_points_must_agree_with_the_events() -> None:
    """An entry whose scored points are not what its events score is refused."""
    document = json.loads(written_view(0))
    at = next(i for i, entry in enumerate(document["history"]) if entry["scored"])
    document["history"][at]["scored"] = []
    with pytest.raises(JsonError, match="do not score nothing") as caught:
        view_from_json(json.dumps(document))
    assert caught.value.path == f"$.history[{at}].scored"


def test_a_view_written_before_events_still_reads() -> None:
    """A view document whose history entries have no events reads, with no events."""
    document = json.loads(written_view(1))
    for entry in document["history"]:
        del entry["events"]
    found = view_from_json(json.dumps(document))
    assert isinstance(found, PlayerView) and found.history
    assert all(entry.events == () for entry in found.history)
    assert [e.scored for e in found.history] == [
        e.scored for e in view_from_json(written_view(1)).history
    ]


# --- the JSON record ---------------------------------------------------------------------------


@cache
def record() -> Game:
    return exchanging(3, 23)


def test_the_json_record_keeps_every_event_and_reads_them_back() -> None:
    """The record document holds every action's events, hidden colours included, without
    their words; reading it back replays the same events."""
    game = record()
    document = json.loads(game.to_json())
    for move, told in zip(document["moves"], game.events, strict=True):
        assert move["events"] == [event_to_json(event, words=False) for event in told]
        assert all("text" not in event for event in move["events"])
    assert any(
        e["tiles"] is not None and sum(e["tiles"].values())
        for move in document["moves"]
        for e in move["events"]
        if e["kind"] in ("tiles-drawn", "tiles-exchanged")
    )
    again = Game.from_json(game.to_json())
    assert again.events == game.events and again.to_json() == game.to_json()


def change_draw(document: dict[str, Any]) -> int:
    """Give the first draw of tiles in the record *document* other colours; its move."""
    for i, move in enumerate(document["moves"]):
        for event in move["events"]:
            if event["kind"] == "tiles-drawn" and event["count"]:
                r, b, g, k = (event["tiles"][letter] for letter in "rbgk")
                event["tiles"] = {"r": b, "b": g, "g": k, "k": r}
                if (r, b, g, k) != (b, g, k, r):
                    return i
    raise AssertionError("no draw")


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        ("other", "the replay tells"),
        ("more", "the replay tells no more events"),
        ("fewer", "events short"),
        ("kind", "kind must be an event kind"),
    ],
)
def test_a_record_whose_events_disagree_with_its_replay_is_refused(damage: str, says: str) -> None:
    """Events that are not what the replay did, one too many, one too few or of no kind, are
    refused with the move named."""
    document = json.loads(record().to_json())
    moves = document["moves"]
    if damage == "other":
        at = 7
        moves[at]["events"][0]["cell"] = "A1" if moves[at]["events"][0]["cell"] != "A1" else "A2"
    elif damage == "more":
        at = 5
        moves[at]["events"].append({"kind": "turn-began", "player": 0})
    elif damage == "fewer":
        at = 5
        moves[at]["events"].pop()
    else:
        at = 3
        moves[at]["events"][0]["kind"] = "nothing"
    with pytest.raises(JsonError, match=says) as caught:
        Game.from_json(json.dumps(document))
    assert caught.value.path.startswith(f"$.moves[{at}].events")


def test_a_record_with_other_draws_is_refused() -> None:
    """A record whose events claim other colours for a draw than its seed dealt is refused."""
    document = json.loads(record().to_json())
    at = change_draw(document)
    with pytest.raises(JsonError, match="the replay tells") as caught:
        Game.from_json(json.dumps(document))
    assert caught.value.path.startswith(f"$.moves[{at}].events")


def test_a_record_written_before_events_still_reads() -> None:
    """A record document whose moves carry no events reads, and the game keeps the events of
    its replay."""
    game = record()
    document = json.loads(game.to_json())
    for move in document["moves"]:
        del move["events"]
    assert Game.from_json(json.dumps(document)).events == game.events


# --- the text record ---------------------------------------------------------------------------


def test_a_narrated_record_tells_the_public_events_and_reads_back() -> None:
    """``to_record(narrate=True)`` puts each action on a line of its own with a comment telling
    its public events after the player's own comment; the default record is unchanged, and
    the narrated one reads back to the same game, its sentences kept as comments."""
    game = Game.new(3, seed=24, tags={"Date": "2025-01-31"})
    rng = random.Random(24)
    for n in range(60):
        game.play(rng.choice(legal_actions(game.state)), comment="well played" if n == 9 else None)
    plain = game.to_record()
    told = game.to_record(narrate=True)
    assert Game.from_record(plain).to_record() == plain
    assert len(told.split("\n\n")[1].splitlines()) == len(game.actions)
    again = Game.from_record(told)
    assert again.states == game.states and again.events == game.events
    for i, comment in enumerate(again.comments[1:]):
        sentences = " ".join(event.public().text() for event in game.events[i])
        assert comment == (f"well played. {sentences}" if i == 9 else sentences)
        assert f"{game.actions[i]} {{{comment}}}" in told
    assert again.to_record(narrate=True) == told  # narrating twice tells it once
    drawn = [e for told_ in game.events for e in told_ if isinstance(e, TilesDrawn) and e.count]
    assert drawn and all(e.text() not in told for e in drawn)  # the colours are left out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_narrates_a_record_that_reads_back(name: str) -> None:
    """A narrated record of each game reads back to the same states."""
    game = GAMES[name]
    played = game.records.new_record(2, seed=25)
    rng = random.Random(25)
    for _ in range(30):
        if played.state.is_over:
            break
        played.play(rng.choice(list(game.legal_actions(played.state))))
    text = played.to_record(narrate=True)
    assert game.records.record_from_text(text).states == played.states


# --- the schema ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_schema_describes_every_kind_of_event_strictly() -> None:
    """The JSON Schema has a definition for each kind, and refuses an event with a field its
    kind does not have or a kind no event has."""
    import jsonschema

    from tigeuph import json_schema

    schema = json_schema()
    checker = jsonschema.Draft202012Validator({"$ref": "#/$defs/event", "$defs": schema["$defs"]})
    for kind, cls in EVENT_TYPES.items():
        assert schema["$defs"]["event_" + kind.replace("-", "_")]["properties"]["kind"] == {
            "const": cls.kind
        }
    for told in record().events:
        for event in told:
            checker.validate(event_to_json(event))
            checker.validate(event_to_json(event.public(), words=False))
    placed = event_to_json(record().events[0][0])
    assert not checker.is_valid({**placed, "surprise": 1})
    assert not checker.is_valid({**placed, "kind": "tile-dropped"})
