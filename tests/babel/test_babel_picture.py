"""Babel's pictures, through the game interface: well-formed SVG drawing every card, temple
and pawn where the position says, a view's picture showing nothing its player may not see, and
the status, the halving and the last action written out."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from helpers.babel_games import random_game, sample_states
from helpers.svg import SVG, parse

from tigeuph import GAMES, babel
from tigeuph.babel.pictures import picture as babel_picture
from tigeuph.core.errors import TigeuphError

BABEL = GAMES["babel"]
STATES = sample_states(games=6, every=9)


def texts(picture: str) -> list[str]:
    return [node.text or "" for node in parse(picture).iter(f"{SVG}text")]


def line(picture: str, kind: str) -> str:
    """The one text of class *kind*: ``status-line``, ``last-action``."""
    (found,) = (n.text or "" for n in parse(picture).iter(f"{SVG}text") if n.get("class") == kind)
    return found


def cards(picture: str) -> set[tuple[str, str, int, str]]:
    """``(seat, location, index, nation)`` of every people card drawn in a column."""
    out = set()
    for column in parse(picture).iter(f"{SVG}g"):
        if column.get("class") != "column":
            continue
        seat, location = column.get("data-seat", ""), column.get("data-location", "")
        for card in column:
            kind = card.get("class", "").split()
            if kind[:1] == ["card"]:
                out.add((seat, location, int(card.get("data-index", "")), kind[1]))
    return out


def temples(picture: str) -> set[tuple[str, str, int]]:
    """``(seat, location, level)`` of every temple card drawn."""
    out = set()
    for temple in parse(picture).iter(f"{SVG}g"):
        if temple.get("class") == "temple":
            for block in temple:
                if block.get("class") == "temple-block":
                    seat, location = temple.get("data-seat", ""), temple.get("data-location", "")
                    out.add((seat, location, int(block.get("data-level", ""))))
    return out


def pawns(picture: str) -> dict[str, str]:
    return {
        node.get("data-seat", ""): node.get("data-location", "")
        for node in parse(picture).iter(f"{SVG}use")
        if node.get("class", "").startswith("pawn")
    }


def hand_cards(picture: str) -> dict[str, Counter[str]]:
    """Each seat's hand as the picture draws it card by card: nation letter -> count."""
    out: dict[str, Counter[str]] = {}
    for group in parse(picture).iter(f"{SVG}g"):
        kind = group.get("class", "").split()
        if kind[:1] == ["hand-cards"]:
            count = next(n for n in group if n.get("class") == "hand-count-of")
            out.setdefault(group.get("data-seat", ""), Counter())[kind[1]] = int(
                count.get("data-count", "")
            )
    return out


Position = babel.BabelState | babel.BabelView


def sides(position: Position) -> tuple[babel.Side | babel.PublicSide, ...]:
    return position.sides


def expected_cards(position: Position) -> set[tuple[str, str, int, str]]:
    return {
        (str(seat), location.value, i, card.value)
        for seat, side in enumerate(sides(position))
        for location in babel.NATIONS
        for i, card in enumerate(side.columns[location.index])
    }


def expected_temples(position: Position) -> set[tuple[str, str, int]]:
    return {
        (str(seat), location.value, level)
        for seat, side in enumerate(sides(position))
        for location in babel.NATIONS
        for level in side.temples[location.index]
    }


def test_the_sample_covers_what_the_pictures_draw() -> None:
    """The sampled states hold long columns, temples of several levels, pawns away from the
    quarry, a pending halving and finished games."""
    assert any(len(c) >= 5 for s in STATES for side in s.sides for c in side.columns)
    assert any(len(t) >= 3 for s in STATES for side in s.sides for t in side.temples)
    assert any(s.is_over for s in STATES)
    assert any(side.pawn is not None for s in STATES for side in s.sides)


def test_every_card_temple_and_pawn_is_drawn_where_the_position_says() -> None:
    """Each people card of each column (its index and nation), each temple card (its level)
    and each pawn is drawn at its seat's side of its location, and nothing else is."""
    for state in STATES:
        picture = BABEL.presentation.picture(state)
        assert cards(picture) == expected_cards(state), babel.to_text(state)
        assert temples(picture) == expected_temples(state)
        where = {str(seat): side.pawn.value if side.pawn else "quarry" for seat, side in
                 enumerate(state.sides)}  # fmt: skip
        assert pawns(picture) == where


def test_pictures_are_svg_documents_of_the_asked_width() -> None:
    """A picture is an SVG document, *size* wide, its height in proportion, every element
    with a class a stylesheet can pick; every symbol it uses is defined in it."""
    picture = BABEL.presentation.picture(STATES[-1], size=500)
    root = parse(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("width") == "500"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert float(root.get("height", "")) == pytest.approx(500 * height / width)
    assert all(node.get("class") for node in root.iter())
    symbols = {n.get("id") for n in root.iter(f"{SVG}symbol")}
    uses = {n.get("{http://www.w3.org/1999/xlink}href", "")[1:] for n in root.iter(f"{SVG}use")}
    assert uses <= symbols
    assert parse(BABEL.presentation.picture(STATES[-1])).get("width") is None  # natural size


def test_a_state_shows_both_hands_card_by_card() -> None:
    """A state is drawn whole: each seat's hand, nation by nation."""
    for state in STATES[:20]:
        shown = hand_cards(BABEL.presentation.picture(state))
        for seat, side in enumerate(state.sides):
            wanted = {n.value: k for n, k in zip(babel.NATIONS, side.hand, strict=True) if k}
            assert shown.get(str(seat), Counter()) == Counter(wanted)


def test_a_view_shows_nothing_its_player_may_not_see() -> None:
    """A view's picture shows its player's hand, the opponent's only as a count; two states
    that differ only in what he may not see (the other hand, the decks' order, the seed) give
    the same picture."""
    rng = random.Random(4)
    for state in STATES[:30]:
        for seat in (0, 1):
            seen = BABEL.view(state, seat)
            picture = BABEL.presentation.picture(seen)
            other = 1 - seat
            assert str(other) not in hand_cards(picture)
            count = sum(state.sides[other].hand)
            assert f"{count} card{'s' * (count != 1)}, unseen" in texts(picture)
            twin = BABEL.sample_state(seen, rng)
            assert BABEL.presentation.picture(BABEL.view(twin, seat)) == picture


def test_the_status_says_whose_turn_the_halving_or_the_result() -> None:
    """The top line says whose turn it is, who must discard how many cards while a halving
    waits, or who won."""
    for state in STATES:
        status = line(BABEL.presentation.picture(state), "status-line")
        if state.is_over:
            winners = BABEL.winners(state)
            assert status.startswith("Game over: ")
            assert ("a draw" in status) == (len(winners) == 2)
            assert all(f"seat {w} wins" in status for w in winners if len(winners) == 1)
        elif state.pending is not None:
            halved = state.pending
            assert f"seat {halved.player} must discard {halved.count} card" in status
        else:
            assert f"Turn {state.turn}: seat {state.active} to play" in status
    seen = BABEL.presentation.picture(BABEL.view(STATES[0], 1))
    assert line(seen, "status-line").startswith("Seat 1's view. ")


def halving() -> tuple[babel.BabelState, babel.Action]:
    """A state where a halving waits, and the Halve that led to it."""
    for seed in range(200):
        before = None
        for state in random_game(seed):
            if state.pending is not None and before is not None:
                played = [a for a in babel.legal_actions(before) if babel.apply(before, a) == state]
                return state, played[0]
            before = state
    raise AssertionError("no random game of 200 halves a hand")


def test_a_pending_halving_names_the_halved_player_on_his_hand() -> None:
    """While a halving waits, the halved player's hand says how many cards he must discard,
    and the Halve that asked for it frames his hand."""
    state, action = halving()
    assert state.pending is not None
    picture = BABEL.presentation.picture(state, last=action)
    seat, count = state.pending.player, state.pending.count
    assert any(t.endswith(f": must discard {count}") for t in texts(picture))
    marked = [
        g.get("data-seat")
        for g in parse(picture).iter(f"{SVG}g")
        if g.get("class", "").startswith("panel") and any(n.get("class") == "highlight" for n in g)
    ]
    assert marked == [str(seat)]


def highlighted(picture: str) -> set[tuple[str, str | None, str | None]]:
    """``(kind, seat, location)`` of every group holding a highlight."""
    out = set()
    for group in parse(picture).iter(f"{SVG}g"):
        if any(n.get("class") == "highlight" for n in group):
            kind = group.get("class", "").split()[0]
            out.add((kind, group.get("data-seat"), group.get("data-location")))
    return out


@pytest.mark.slow
def test_the_last_action_is_named_and_what_it_touched_framed() -> None:
    """The last action is named with its notation and the seat that played it; a travel
    frames the location, a build the temple, a colonise the card, an end of turn the row."""
    seen: set[type] = set()
    for seed in range(3):
        states = list(random_game(seed, limit=400))
        for before, after in itertools.pairwise(states):
            played = [a for a in babel.legal_actions(before) if babel.apply(before, a) == after]
            action, seat = played[0], str(before.to_move)
            picture = BABEL.presentation.picture(after, last=action)
            assert babel_picture(after, last=action, before=before) == picture  # same seat
            caption = line(picture, "last-action")
            assert caption.startswith(f"Last action: seat {seat} ")
            assert caption.endswith(f"({action})")
            here = after.sides[int(seat)].pawn
            where = None if here is None else here.value
            marks = highlighted(picture)
            match action:
                case babel.Travel(nation=n):
                    assert ("location", None, n.value) in marks
                case babel.Build():
                    assert ("temple", seat, where) in marks
                case babel.Colonise():
                    assert ("column", seat, where) in marks
                case babel.EndTurn():
                    assert ("panel", seat, None) in marks
                case _:
                    continue
            seen.add(type(action))
    assert seen == {babel.Travel, babel.Build, babel.Colonise, babel.EndTurn}


def test_coordinates_are_the_card_indices() -> None:
    """Each card shows its index in its column, as the notation counts (``A@2``); without
    coordinates it shows none."""
    state = max(STATES, key=lambda s: sum(len(c) for side in s.sides for c in side.columns))
    indices = [n for n in parse(babel_picture(state)).iter() if n.get("class") == "card-index"]
    assert len(indices) == len(expected_cards(state))
    bare = babel_picture(state, coordinates=False)
    assert not [n for n in parse(bare).iter() if n.get("class") == "card-index"]


@pytest.mark.parametrize(
    "call",
    [
        lambda: BABEL.presentation.picture("babel position"),
        lambda: BABEL.presentation.picture(babel.new_game(seed=1), size="wide"),  # type: ignore[arg-type]
        lambda: BABEL.presentation.picture(babel.new_game(seed=1), last="end"),
        lambda: babel_picture(babel.new_game(seed=1), coordinates="no"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_the_library_s_errors(call: object) -> None:
    """A wrong argument is one of the library's errors, naming it."""
    assert callable(call)
    with pytest.raises(TigeuphError, match="picture: "):
        call()


@pytest.mark.slow
def test_no_text_is_smaller_than_9_pixels_at_600_wide() -> None:
    """Every line of text, in states and in both views, whatever it labels, is at least 9
    pixels high when the picture is 600 pixels wide (issue 40: it reads on a phone)."""
    smallest: dict[str, float] = {}
    for state in sample_states(games=3, every=9):
        for position in (state, babel.view(state, 0), babel.view(state, 1)):
            root = parse(babel_picture(position, size=600))
            width = float(root.get("width", "0"))
            scale = width / float(root.get("viewBox", "").split()[2])
            for node in root.iter(f"{SVG}text"):
                size = float(node.get("font-size", "16")) * scale
                kind = node.get("class", "")
                smallest[kind] = min(smallest.get(kind, size), size)
    assert width == 600 and smallest
    assert {kind: round(px, 1) for kind, px in smallest.items() if px < 9} == {}
