"""Babel's events (issue 26): what each action did, told by the rules as they do it, in words,
as JSON, and as each seat may know it."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Final

import pytest
from attrs import evolve
from helpers.babel_games import sample_states

from tigeuph import GAMES, ArgumentTypeError, Event, JsonError, babel, play
from tigeuph.agents import make_agent
from tigeuph.babel import events as told
from tigeuph.tigris.events import TurnPassed

# Seat 0 at the Hittites with a run of every nation there; seat 1's temple of four faces his.
BASE: Final = """babel position
turn: 5 player=0
people: SMA
temples: 56
player 0: hand=HAM pawn=H row=3
player 0 at H: column=HHHAAAMMMPPPSSS temple=12
player 0 at M: column=MMMS temple=-
player 1: hand=PPSSM pawn=A row=4
player 1 at H: column=PSSP temple=1234
"""

# Seat 0 builds his 20th point at the Medes; seat 1 has 10.
TWENTY: Final = """babel position
turn: 9 player=0
player 0: pawn=M row=3
player 0 at H: column=- temple=123456
player 0 at A: column=- temple=123456
player 0 at P: column=- temple=12345
player 0 at M: column=MMM temple=12
player 1: pawn=A
player 1 at H: column=- temple=12345
player 1 at S: column=- temple=12345
"""

FIFTEEN: Final = """babel position
turn: 5 player=0
player 0: pawn=P row=4
player 0 at H: column=- temple=123456
player 0 at A: column=- temple=12345
player 0 at P: column=PPPP temple=123
player 1: pawn=A
player 1 at H: column=- temple=1234
player 1 at A: column=- temple=12345
"""


def _last_card(hands: str, ahead: bool = False) -> str:
    """One temple card left; seat 0's hand and seat 1's are *hands* (``HH/A``); scores tie at
    2, unless seat 1 is *ahead* by a point."""
    mine, theirs = hands.split("/")
    row, temple = ("11111112222222", "1") if ahead else ("111111112222222", "-")
    return f"""babel position
turn: 5 player=0
temples: 3
player 0: hand={mine} pawn=H row={row}
player 0 at H: column=H temple=12
player 1: hand={theirs} pawn=A row=3333333444444455555566666
player 1 at H: column=- temple=12
player 1 at P: column=P temple={temple}
"""


RESHUFFLE: Final = """babel position
turn: 5 player=0
discard: PPPPPPPPPPPP
player 0: hand=HHHHHHHHHHHH pawn=H
player 0 at A: column=AAAAAAAAAAAA temple=-
player 0 at M: column=MMMMMMMMMMMM temple=-
player 0 at S: column=SSSSSSSSSSS temple=-
player 1: pawn=A
"""

SHORT: Final = """babel position
turn: 5 player=0
player 0: hand=HHHHHHHHHHHHPPPPPPPPPPPP pawn=H
player 0 at A: column=AAAAAAAAAAAA temple=-
player 0 at M: column=MMMMMMMMMMMM temple=-
player 0 at S: column=SSSSSSSSSSS temple=-
player 1: pawn=A
"""


def _play(position: babel.BabelState | str, *texts: str) -> tuple[Event, ...]:
    """The events of the last of *texts*, played after the others from *position*."""
    state = babel.from_text(position) if isinstance(position, str) else position
    *before, last = [babel.parse_action(text) for text in texts]
    for action in before:
        state = babel.apply(state, action)
    return babel.transition(state, last)[1]


Case = tuple[babel.BabelState | str, tuple[str, ...], list[str]]
"""A position, the actions played from it, and the sentences of the last one's events."""

CASES: Final[list[Case]] = [
    (
        babel.new_game(seed=2),
        (">H",),
        ["Seat 0 discards a Hittite and travels from the quarry to the Hittites."],
    ),
    (
        BASE,
        (">A",),
        ["Seat 0 discards an Assyrian and travels from the Hittites to the Assyrians."],
    ),
    (
        BASE,
        ("+M",),
        ["Seat 0 colonises a Mede at the Hittites, where their column holds 16 cards."],
    ),
    (
        BASE,
        ("~MH",),
        [
            "Seat 0 migrates their last three cards at the Medes (Mede, Mede and Sumerian) to "
            "the Hittites."
        ],
    ),
    (
        babel.new_game(seed=2),
        (">H", "+A", "#s"),
        ["Seat 0 builds their starting card, level 1, at the Hittites, scoring 1 point (score 1)."],
    ),
    (
        BASE,
        ("#0",),
        ["Seat 0 builds level 3 from their own row at the Hittites, scoring 1 point (score 3)."],
    ),
    (
        BASE,
        ("P@9#1",),
        [
            "Seat 0 pays a Persian to skip a level and builds level 4 from seat 1's row at the "
            "Hittites, scoring 2 points (score 4)."
        ],
    ),
    (
        BASE,
        ("A@3",),
        [
            "Seat 0 pays an Assyrian to destroy seat 1's temple at the Hittites (levels 1, 2, 3 "
            "and 4, back onto the temple deck): seat 1 loses 4 points (score 0)."
        ],
    ),
    (
        BASE,
        ("H@0",),
        [
            "Seat 0 pays a Hittite to take level 4 from seat 1's temple at the Hittites: seat 0 "
            "scores 2 points (score 4) and seat 1 loses 1 point (score 3)."
        ],
    ),
    (
        BASE,
        ("M@6:S",),
        [
            "Seat 0 pays a Mede to expel 2 Sumerians from seat 1's column at the Hittites to "
            "the discard pile."
        ],
    ),
    (
        BASE,
        ("S@12",),
        [
            "Seat 0 pays a Sumerian to bring 2 Persians over from seat 1's column at the Hittites "
            "to the tail of their own."
        ],
    ),
    (
        BASE,
        ("%H@0",),
        [
            "Seat 0 pays a Hittite at the Hittites to halve seat 1's hand: seat 1 must "
            "discard 2 of their 5 cards."
        ],
    ),
    (BASE, ("%H@0", "-SS"), ["Seat 1 discards 2 Sumerians, half of their hand."]),
    (
        BASE,
        ("end",),
        [
            "Seat 0 ends their turn and draws temple cards 6 and 5 onto their row (35 left in "
            "the deck).",
            "Turn 6: seat 1's turn.",
            "Seat 1 draws 3 people cards (an Assyrian, a Mede and a Sumerian).",
        ],
    ),
    (
        RESHUFFLE,
        ("end",),
        [
            "Seat 0 ends their turn and draws temple cards 1 and 1 onto their row (43 left in "
            "the deck).",
            "Turn 6: seat 1's turn.",
            "The people deck is empty: the discard pile's 12 cards are shuffled into a new deck.",
            "Seat 1 draws 3 people cards (2 Persians and a Sumerian).",
        ],
    ),
    (
        SHORT,
        ("end",),
        [
            "Seat 0 ends their turn and draws temple cards 1 and 1 onto their row (43 left in "
            "the deck).",
            "Turn 6: seat 1's turn.",
            "Seat 1 draws 1 people card (a Sumerian): the deck and the discard pile are empty.",
        ],
    ),
    (
        TWENTY,
        ("#0",),
        [
            "Seat 0 builds level 3 from their own row at the Medes, scoring 1 point (score 20).",
            "The game ends: seat 0 reaches 20 points and wins.",
        ],
    ),
    (
        FIFTEEN,
        ("#0",),
        [
            "Seat 0 builds level 4 from their own row at the Persians, scoring 1 point (score 15).",
            "The game ends: seat 0 has 15 points against 9 and wins.",
        ],
    ),
    (
        _last_card("HHHH/A", ahead=True),
        ("end",),
        [
            "Seat 0 ends their turn and draws temple card 3 onto their row (none is left).",
            "The game ends with the last temple card: seat 1 wins, 3 to 2.",
        ],
    ),
    (
        _last_card("HH/A"),
        ("end",),
        [
            "Seat 0 ends their turn and draws temple card 3 onto their row (none is left).",
            "The game ends with the last temple card: seat 0 wins, 2 to 2, on more cards in "
            "hand (2 to 1).",
        ],
    ),
    (
        _last_card("HA/SM"),
        ("end",),
        [
            "Seat 0 ends their turn and draws temple card 3 onto their row (none is left).",
            "The game ends with the last temple card: a draw, 2 to 2 with 2 cards in hand each.",
        ],
    ),
]


@pytest.mark.parametrize(("position", "texts", "sentences"), CASES)
def test_each_action_tells_what_it_did(
    position: babel.BabelState | str, texts: tuple[str, ...], sentences: list[str]
) -> None:
    """Every kind of action tells its events, in order, each in its sentence."""
    assert [str(event) for event in _play(position, *texts)] == sentences


def test_every_kind_of_event_is_reached_by_a_case() -> None:
    """The cases above reach every kind in BABEL_EVENT_TYPES, and every kind's name and class
    agree."""
    reached = {event.kind for position, texts, _ in CASES for event in _play(position, *texts)}
    assert reached == set(babel.BABEL_EVENT_TYPES)
    for kind, cls in babel.BABEL_EVENT_TYPES.items():
        assert cls.kind == kind and issubclass(cls, Event)


def test_clauses_name_the_rule_that_decided() -> None:
    """Each event cites the clause of Babel's spec that decided it."""
    clauses = {
        texts[-1]: [event.clause for event in _play(position, *texts)]
        for position, texts, _ in CASES[1:]
    }
    assert clauses["P@9#1"] == ["B25"] and clauses["A@3"] == ["B21"]
    assert clauses["H@0"] == ["B22"] and clauses["M@6:S"] == ["B23"]
    assert clauses["S@12"] == ["B24"] and clauses["-SS"] == ["B48"]
    assert [e.clause for e in _play(RESHUFFLE, "end")] == ["B9", "B7", "B10", "B7"]
    assert [e.clause for e in _play(SHORT, "end")][-1] == "B10"
    assert [e.clause for e in _play(TWENTY, "#0")] == ["B16", "B30"]
    assert [e.clause for e in _play(_last_card("HA/SM"), "end")] == ["B9", "B51"]
    assert [e.clause for e in _play(babel.new_game(seed=2), ">H", "+A", "#s")] == ["B8"]


def test_a_player_named_you_is_told_in_the_second_person() -> None:
    """With names, the events call each seat by his name, and a seat named "you" is "you"."""
    names = ["Ada", "you"]
    assert [e.text(names) for e in _play(BASE, "H@0")] == [
        "Ada pays a Hittite to take level 4 from your temple at the Hittites: Ada scores 2 "
        "points (score 4) and you lose 1 point (score 3)."
    ]
    assert [e.text(names) for e in _play(BASE, "%H@0")] == [
        "Ada pays a Hittite at the Hittites to halve your hand: you must discard 2 of your 5 cards."
    ]
    assert [e.text(names) for e in _play(BASE, "end")][1:] == [
        "Turn 6: your turn.",
        "You draw 3 people cards (an Assyrian, a Mede and a Sumerian).",
    ]
    assert [e.text(["you", "Bo"]) for e in _play(BASE, "#0")] == [
        "You build level 3 from your own row at the Hittites, scoring 1 point (score 3)."
    ]


def test_the_cards_drawn_are_the_drawers_secret() -> None:
    """The cards a player draws are his alone: the other seat and onlookers learn their
    number only; every other event is public."""
    *_, drawn = _play(BASE, "end")
    assert isinstance(drawn, told.PeopleDrawn) and not drawn.is_public
    assert drawn.seen_by(1) == drawn
    for seat in (0, None):
        hidden = drawn.seen_by(seat)
        assert isinstance(hidden, told.PeopleDrawn)
        assert hidden.cards is None and hidden.count == 3 and hidden.is_public
        assert str(hidden) == "Seat 1 draws 3 people cards."
    for position, texts, _ in CASES:
        for event in _play(position, *texts):
            if not isinstance(event, told.PeopleDrawn):
                assert event.is_public and event.public() is event


def _hidden_changed(state: babel.BabelState, seat: int, rng: random.Random) -> babel.BabelState:
    """*state* with what *seat* may not see dealt afresh: the opponent's hand (its size kept),
    the people deck's order, the seed."""
    other = 1 - seat
    hand = state.sides[other].hand
    pool = [n for n in babel.NATIONS for _ in range(hand[n.index])] + list(state.people)
    for _ in range(100):  # during his first turn, his hand must still let him build (B8)
        rng.shuffle(pool)
        k = sum(hand)
        c = [pool[:k].count(n) for n in babel.NATIONS]
        side = evolve(state.sides[other], hand=(c[0], c[1], c[2], c[3], c[4]))
        changed = evolve(
            state.replace_side(other, side), people=tuple(pool[k:]), seed=rng.getrandbits(63)
        )
        if not babel.check_state(changed):
            return changed
    return state  # pragma: no cover - a hundred tries always find one


def test_what_a_seat_may_not_see_never_changes_the_events_it_sees() -> None:
    """Dealing afresh what the player to move may not see (the other hand, the people deck,
    the seed) changes none of the events he is told, drawn cards of the other included."""
    rng = random.Random(26)
    compared = drawn = 0
    for state in sample_states():
        seat = state.to_move
        if seat is None:
            continue
        other = _hidden_changed(state, seat, rng)
        assert babel.view(other, seat) == babel.view(state, seat)
        for action in babel.legal_actions(state):
            mine = [e.seen_by(seat) for e in babel.transition(state, action)[1]]
            theirs = [e.seen_by(seat) for e in babel.transition(other, action)[1]]
            assert mine == theirs, f"{action} in\n{babel.to_text(state)}"
            compared += 1
            drawn += sum(isinstance(e, told.PeopleDrawn) and e.count > 0 for e in mine)
    assert compared > 500 and drawn > 20


# --- a whole seeded game ---------------------------------------------------------------------


def _games(seeds: range) -> Iterator[list[tuple[babel.BabelState, babel.Action]]]:
    """Seeded games of the greedy player against himself, who destroys, steals, expels and
    halves when it pays, as the (state, action) pairs played."""
    for seed in seeds:
        agents = [make_agent("greedy", game="babel") for _ in range(2)]
        game = play(agents, game="babel", seed=seed)
        yield list(zip(game.states, game.actions, strict=False))


FIRST: Final[dict[type, str]] = {
    babel.Travel: "pawn-travelled",
    babel.Colonise: "card-colonised",
    babel.Migrate: "cards-migrated",
    babel.Build: "temple-built",
    babel.SkipBuild: "temple-built",
    babel.Destroy: "temple-destroyed",
    babel.Steal: "level-stolen",
    babel.Expel: "cards-expelled",
    babel.Switch: "cards-switched",
    babel.Halve: "hand-halved",
    babel.Discard: "cards-discarded",
    babel.EndTurn: "turn-ended",
}
"""The event each kind of action tells first."""


def _changes(events: tuple[Event, ...]) -> tuple[list[int], list[list[int]], int]:
    """What *events* say happened to the scores and the hands (per seat and nation), and how
    many cards they say went onto the discard pile."""
    scores = [0, 0]
    hands = [[0] * 5 for _ in range(2)]
    discarded = 0
    for event in events:
        match event:
            case told.PawnTravelled(player=p, nation=n):
                hands[p][n.index] -= 1
                discarded += 1
            case told.CardColonised(player=p, nation=n):
                hands[p][n.index] -= 1
            case told.TempleBuilt(player=p, points=points, skipped=skipped):
                scores[p] += points
                discarded += skipped  # the Persian paid
            case told.TempleDestroyed(victim=v, points=points):
                scores[v] -= points
                discarded += 1
            case told.LevelStolen(player=p, victim=v, points=points, lost=lost):
                scores[p] += points
                scores[v] -= lost
                discarded += 1
            case told.CardsExpelled(count=count):
                discarded += 1 + count
            case told.CardsSwitched() | told.HandHalved():
                discarded += 1
            case told.CardsDiscarded(player=p, cards=cards):
                hands[p] = [h - k for h, k in zip(hands[p], cards, strict=True)]
                discarded += sum(cards)
            case told.PeopleDrawn(player=p, cards=cards):
                assert cards is not None
                hands[p] = [h + k for h, k in zip(hands[p], cards, strict=True)]
    return scores, hands, discarded


def test_a_seeded_games_events_agree_with_apply_at_every_step() -> None:
    """In seeded games, transition's state equals apply's at every step, and the events agree
    with what changed: scores, hands card by card, the discard pile, the rows, the turn, the
    end; each action's first event is its own kind."""
    reached: set[str] = set()
    for steps in _games(range(6)):
        for before, action in steps:
            after, events = babel.transition(before, action)
            assert after == babel.apply(before, action)
            reached |= {event.kind for event in events}
            assert events[0].kind == FIRST[type(action)]
            scores, hands, discarded = _changes(events)
            for seat in (0, 1):
                assert after.scores[seat] - before.scores[seat] == scores[seat]
                change = [
                    a - b
                    for a, b in zip(after.sides[seat].hand, before.sides[seat].hand, strict=True)
                ]
                assert change == hands[seat], f"{action}: {events}"
            shuffled = [e.count for e in events if isinstance(e, told.DeckReshuffled)]
            if shuffled:
                assert shuffled == [len(before.discard)] and after.discard == ()
            else:
                assert len(after.discard) - len(before.discard) == discarded
            for event in events:
                if isinstance(event, told.TurnEnded):
                    row = after.sides[event.player].row
                    assert row == before.sides[event.player].row + event.levels
                    assert event.left == len(after.temple_deck)
                if isinstance(event, told.TurnBegan):
                    assert (event.player, event.turn) == (after.active, after.turn)
                if isinstance(event, told.TempleBuilt | told.LevelStolen):
                    assert event.score == after.scores[event.player]
            ended = [e for e in events if isinstance(e, told.GameEnded)]
            result = babel.outcome(after)
            if result is None:
                assert not ended
            else:
                assert ended == [events[-1]] and ended[0].winner == result.winner
                assert ended[0].scores == after.scores and ended[0].reason is after.end
    assert reached == set(babel.BABEL_EVENT_TYPES)


def test_a_record_keeps_each_actions_events() -> None:
    """A BabelGame keeps, for each action, the events transition tells, through the game
    interface too."""
    game = GAMES["babel"].records.new_record(2, seed=4)
    rng = random.Random(4)
    while not game.state.is_over and len(game.actions) < 120:
        game.play(
            GAMES["babel"].evaluation.rollout_action(
                game.state, babel.legal_actions(game.state), rng
            )
        )
    for i, action in enumerate(game.actions):
        after, events = GAMES["babel"].transition(game.states[i], action)
        assert after == game.states[i + 1] and game.events[i] == events
    assert sum(len(events) for events in game.events) > len(game.actions)


# --- JSON --------------------------------------------------------------------------------------


def _every_event() -> list[Event]:
    found = [event for position, texts, _ in CASES for event in _play(position, *texts)]
    for steps in _games(range(3)):
        found += [e for before, action in steps for e in babel.transition(before, action)[1]]
    return found


def test_events_read_back_from_their_json() -> None:
    """Every event, whole and as the public knows it, writes a JSON object that reads back
    equal, with its kind, clause, sentence and players, cards as Babel's documents write
    them."""
    for event in _every_event():
        for shown in (event, event.public()):
            written = json.loads(json.dumps(babel.event_to_json(shown)))
            assert babel.event_from_json(written) == shown
            assert written["kind"] == shown.kind and written["clause"] == shown.clause
            assert written["text"] == str(shown) and written["players"] == list(shown.players)
            assert written["cells"] == []
            assert GAMES["babel"].event_to_json(shown) == babel.event_to_json(shown)
            bare = babel.event_to_json(shown, words=False)
            assert babel.event_from_json(bare) == shown and "text" not in bare


def test_json_writes_cards_as_babels_documents_do() -> None:
    """Nations by letter, cards in order as letters, counts keyed by nation, levels as lists,
    a hidden field null."""
    migrated = babel.event_to_json(_play(BASE, "~MH")[0])
    assert (migrated["origin"], migrated["target"], migrated["cards"]) == ("M", "H", "MMS")
    destroyed = babel.event_to_json(_play(BASE, "A@3")[0])
    assert destroyed["levels"] == [1, 2, 3, 4] and destroyed["location"] == "H"
    drawn = _play(BASE, "end")[-1]
    assert babel.event_to_json(drawn)["cards"] == {"H": 0, "A": 1, "P": 0, "M": 1, "S": 1}
    assert babel.event_to_json(drawn.public())["cards"] is None
    travelled = babel.event_to_json(_play(babel.new_game(seed=2), ">H")[0])
    assert travelled["origin"] is None and travelled["nation"] == "H"
    ended = babel.event_to_json(_play(TWENTY, "#0")[-1])
    assert (ended["reason"], ended["winner"], ended["scores"]) == ("score", 0, [20, 10])


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda j: [j], "$: expected an event object"),
        (lambda j: {**j, "kind": "tile-placed"}, "$.kind"),
        (lambda j: {**j, "kind": None}, "$.kind"),
        (lambda j: {**j, "secret": 1}, "unknown field secret"),
        (lambda j: {k: v for k, v in j.items() if k != "level"}, "$.level"),
        (lambda j: {**j, "level": True}, "$.level: expected an integer"),
        (lambda j: {**j, "location": "X"}, "$.location"),
        (lambda j: {**j, "row": "0"}, "$.row"),
    ],
)
def test_reading_an_event_is_strict(change: object, says: str) -> None:
    """A wrong kind, field, type or nation is refused with a JsonError naming the field."""
    written = babel.event_to_json(_play(BASE, "#0")[0])
    assert callable(change)
    with pytest.raises(JsonError, match=says.replace("$", r"\$")):
        babel.event_from_json(change(written))


@pytest.mark.parametrize(
    ("kind", "field", "value", "says"),
    [
        ("turn-ended", "levels", [7], "not a temple level"),
        ("cards-migrated", "cards", "HXA", "not a string of nation letters"),
        ("people-drawn", "cards", {"H": 1}, "the keys must be"),
        ("game-ended", "reason", "bored", 'expected null, "score" or "deck"'),
        ("game-ended", "scores", [1, 2, 3], "a list of two"),
    ],
)
@pytest.mark.slow
def test_reading_cards_levels_and_ends_is_strict(
    kind: str, field: str, value: object, says: str
) -> None:
    """Cards, counts, levels, the end's reason and the scores are read as strictly as in
    Babel's other documents."""
    event = next(e for e in _every_event() if e.kind == kind)
    written = {**babel.event_to_json(event), field: value}
    with pytest.raises(JsonError, match=says):
        babel.event_from_json(written)


def test_only_babels_events_are_written_as_babels() -> None:
    """event_to_json refuses an event of the main game, or anything else, and words that are
    not a bool."""
    for wrong in (TurnPassed(0, 1), "turn-ended", None):
        with pytest.raises(ArgumentTypeError, match="not one of Babel's events"):
            babel.event_to_json(wrong)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="words"):
        babel.event_to_json(_play(BASE, "#0")[0], words=1)  # type: ignore[arg-type]
