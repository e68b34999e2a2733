"""Pictures (``tigeuph.svg``): well-formed SVG showing every piece where the position says, and a
view's picture showing nothing its player may not see."""

from __future__ import annotations

import sys
import types
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from helpers import scenario
from helpers.games import every_switch, random_game
from helpers.paths import DOCS
from helpers.svg import parse

import tigeuph
import tigeuph.tigris.events
from tigeuph import svg
from tigeuph.core.dynasties import dynasty
from tigeuph.core.svg.symbols import INK
from tigeuph.tigris.model.cells import cell_name, cells_of

NS = {"svg": "http://www.w3.org/2000/svg"}
COLOUR = ("red", "blue", "green", "black")


def drawn(picture: str) -> set[tuple[str, str]]:
    """``(class, cell)`` of every element of the picture that stands on a cell."""
    out = set()
    for node in parse(picture).iter():
        c = node.get("data-cell")
        kind = node.get("class", "")
        marks = kind in ("highlight", "arrow", "river") or kind.startswith("conflict")
        if c is not None and not marks:  # a conflict's marks stand beside its pieces
            out.add((kind, c))
    return out


def expected(pos: tigeuph.GameState | tigeuph.PlayerView) -> set[tuple[str, str]]:
    """What the position says stands on each cell, in the picture's class names."""
    out = set()
    for colour, layer in enumerate(pos.tiles):
        for c in cells_of(layer):
            kind = "building" if pos.buildings[colour] == c else "tile"
            out.add((f"{kind} {COLOUR[colour]}", cell_name(c)))
    out |= {("face-down", cell_name(c)) for c in cells_of(pos.flipped)}
    out |= {("catastrophe", cell_name(c)) for c in cells_of(pos.catastrophes)}
    special = pos.rules.board.special
    for c in cells_of(pos.treasures):
        out.add(("treasure special" if special >> c & 1 else "treasure", cell_name(c)))
    for seat, row in enumerate(pos.leaders):
        for colour, at in enumerate(row):
            if at is not None:
                out.add((f"leader {COLOUR[colour]} seat-{seat}", cell_name(at)))
    for site in pos.monuments:
        out.add((f"monument {site.monument.code}", cell_name(site.corner)))
    if pos.wonder is not None:
        out.add((f"wonder {COLOUR[pos.wonder.colour]}", cell_name(pos.wonder.centre)))
    if pos.unification is not None:
        out.add(("unification", cell_name(pos.unification)))
    return out


def sampled_states() -> list[tigeuph.GameState]:
    """States from random games under the default rules and every variant, every 15 steps,
    with the unification marker, monuments, buildings and the wonder among them."""
    out = []
    for players, seed, rules in (
        (2, 1, None),
        (3, 3, every_switch(3)),
        (4, 4, tigeuph.Rules(players=4, board=tigeuph.ADVANCED, buildings=True, wonder=True)),
    ):
        for i, (_, _, after) in enumerate(random_game(players, seed, rules, prefer_tiles=0.6)):
            if i % 15 == 0 or after.unification is not None or after.is_over:
                out.append(after)
    return out


STATES = sampled_states()


def test_the_sample_covers_every_piece() -> None:
    """The sampled states hold every kind of piece the pictures draw."""
    kinds = {kind.split()[0] for s in STATES for kind, _ in expected(s)}
    assert kinds == {
        "tile",
        "building",
        "face-down",
        "catastrophe",
        "treasure",
        "leader",
        "monument",
        "wonder",
        "unification",
    }
    assert any(kind == "treasure special" for s in STATES for kind, _ in expected(s))


def test_every_piece_is_drawn_where_the_position_says() -> None:
    """Each tile, leader, catastrophe, treasure, monument, building, the wonder and the
    unification marker is drawn on its cell, and nothing else is (spec R0)."""
    for state in STATES:
        picture = svg.board(state)
        assert drawn(picture) == expected(state), tigeuph.to_text(state)


def test_pictures_are_svg_documents() -> None:
    """A picture is an SVG document of the asked width whose every element has a class."""
    picture = svg.board(STATES[-1], size=600)
    root = parse(picture)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("width") == "600"
    symbols = {n.get("id") for n in root.iter("{http://www.w3.org/2000/svg}symbol")}
    uses = {
        n.get("{http://www.w3.org/1999/xlink}href", "")[1:]
        for n in root.iter("{http://www.w3.org/2000/svg}use")
    }
    assert uses <= symbols  # every piece is drawn from a symbol of the picture's defs
    assert all(n.get("class") for n in root.iter())  # so that a stylesheet can pick it


def test_no_attribute_is_written_with_a_python_name() -> None:
    """Every attribute of every gallery picture (which the gallery's test keeps as the engine
    draws them: monuments, the wonder, conflicts, what happened) is an SVG or data attribute
    (``data-cell``, never ``data_cell``: a page finds cells by it)."""
    pictures = sorted((DOCS / "pictures").glob("*.svg"))
    assert pictures
    for path in pictures:
        names = {a.split("}")[-1] for n in parse(path.read_text("utf-8")).iter() for a in n.attrib}
        assert not [name for name in names if "_" in name], (path.name, sorted(names))


def test_every_colour_has_a_shape_as_well() -> None:
    """Tiles and leaders carry their colour's glyph, so no piece is told by colour alone."""
    root = parse(svg.board(STATES[-1]))
    for symbol in root.iter("{http://www.w3.org/2000/svg}symbol"):
        name = symbol.get("id", "")
        if name.startswith(("tile-", "leader-", "building-")):
            letter = name[-1]
            colour = COLOUR["rbgk".index(letter)]
            glyphs = [g.get("class") for g in symbol.iter() if g.get("class")]
            assert f"glyph {colour}" in glyphs, name


def panel(picture: str, kind: str) -> dict[int, list[str]]:
    """The panel items of *kind* per seat: their text, or their class for icons."""
    out: dict[int, list[str]] = {}
    for node in parse(picture).iter():
        cls = node.get("class", "")
        if cls.split()[0:1] == [kind] and node.get("data-seat") is not None:
            out.setdefault(int(node.get("data-seat", "")), []).append(node.text or cls)
    return out


def test_a_state_shows_every_hand_and_points() -> None:
    """A state's picture shows each hand tile by tile and every seat's points."""
    state = STATES[5]
    picture = svg.board(state)
    tiles = panel(picture, "hand-tile")
    for seat, hand in enumerate(state.hands):
        shown = Counter(kind.split()[1] for kind in tiles.get(seat, []))
        assert shown == Counter({COLOUR[c]: n for c, n in enumerate(hand) if n})
    points = panel(picture, "points")
    assert points == {s: [str(n) for n in state.points[s]] for s in range(state.players)}


def test_a_view_shows_only_what_its_player_may_see() -> None:
    """A view's picture shows the viewer's hand tile by tile, the others' hands as counts and
    their hidden points as '?' (spec R4, R32)."""
    state = STATES[8]
    for seat in range(state.players):
        picture = svg.board(tigeuph.view(state, seat))
        tiles = panel(picture, "hand-tile")
        assert set(tiles) == ({seat} if sum(state.hands[seat]) else set())
        counts = panel(picture, "hand-count")
        for other in range(state.players):
            if other != seat:
                assert counts[other] == [f"{sum(state.hands[other])} tiles in hand"]
        points = panel(picture, "points")
        for other in range(state.players):
            assert points[other] == (
                [str(n) for n in state.points[other]] if other == seat else ["?"] * 4
            )


def test_highlights_last_action_and_arrows() -> None:
    """Highlighted cells, the last action's cells and arrows are drawn where asked."""
    state = tigeuph.new_game(2, seed=7)
    picture = svg.board(
        state,
        highlight=[tigeuph.parse_cell("A1")],
        lastmove=tigeuph.parse_action("mrkE5"),
        arrows=[(tigeuph.parse_cell("B2"), tigeuph.parse_cell("D4"))],
    )
    marks = {n.get("data-cell") for n in parse(picture).iter() if n.get("class") == "highlight"}
    assert marks == {"A1", "E5", "F5", "E6", "F6"}
    arrows = [n for n in parse(picture).iter() if n.get("class") == "arrow"]
    assert [(a.get("data-from"), a.get("data-cell")) for a in arrows] == [("B2", "D4")]


def test_leader_arrows_follow_a_move_on_the_board() -> None:
    """A leader moved across the board gets an arrow from his old cell; one from supply none."""
    for before, action, _ in random_game(2, 5):
        if isinstance(action, tigeuph.PlaceLeader):
            start = before.leaders[before.to_move or 0][action.colour]
            arrows = svg.leader_arrows(before, action)
            assert arrows == (() if start is None else ((start, action.cell),))


def test_custom_board_and_terrain() -> None:
    """A custom board is drawn at its own size, one river cell per river square."""
    board = tigeuph.board_from_text("T.~.\n..~T\nS.~.", name="tiny")
    state = tigeuph.new_game(2, seed=1, rules=tigeuph.Rules(board=board))
    root = parse(svg.board(state, size=None))
    rivers = [n.get("data-cell") for n in root.iter() if n.get("class") == "river"]
    assert rivers == ["C1", "C2", "C3"]
    assert root.get("viewBox", "").split()[2] == str(4 * svg.SQUARE + 2 * svg.MARGIN)


def test_notebooks_and_print_show_the_board() -> None:
    """States and views show themselves as pictures in notebooks; str(state) is the board
    diagram with a legend."""
    state = STATES[3]
    assert state._repr_svg_() == svg.board(state)
    assert tigeuph.view(state, 0)._repr_svg_() == svg.board(tigeuph.view(state, 0))
    text = str(state)
    assert tigeuph.to_text(state).split("\n\n")[1] in text
    assert text.splitlines()[-1].startswith("tiles r b g k")


def test_png_needs_the_png_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without cairosvg, PNG output is one clear error naming the extra to install."""
    monkeypatch.setitem(sys.modules, "cairosvg", None)
    with pytest.raises(tigeuph.TigeuphError, match=r"tigeuph\[png\]"):
        svg.to_png(svg.board(STATES[0]))


def test_png_hands_the_picture_to_cairosvg(monkeypatch: pytest.MonkeyPatch) -> None:
    """With cairosvg, to_png converts the picture's bytes at the asked width."""
    calls = []

    def svg2png(*, bytestring: bytes, output_width: int | None) -> bytes:
        calls.append((bytestring, output_width))
        return b"\x89PNG"

    monkeypatch.setitem(sys.modules, "cairosvg", types.SimpleNamespace(svg2png=svg2png))
    picture = svg.board(STATES[0])
    assert svg.to_png(picture, width=300) == b"\x89PNG"
    assert calls == [(picture.encode(), 300)]


# --- conflicts, dynasties, the wonder, crops --------------------------------------------------

SCENARIOS = scenario.SCENARIOS


Step = tuple[tigeuph.GameState, tigeuph.Action, tigeuph.GameState, tuple[tigeuph.Event, ...]]


def played(name: str) -> list[Step]:
    """The steps ``(before, action, after, events)`` of the scenario file *name*."""
    case = scenario.read(SCENARIOS / name)
    state = tigeuph.from_text(case.position)
    out = []
    for text in case.play:
        action = tigeuph.parse_action(text)
        after, events = tigeuph.transition(state, action)
        out.append((state, action, after, events))
        state = after
    return out


def conflict_marks(picture: str) -> dict[str, list[ET.Element]]:
    """The picture's conflict elements by their second class (``frame``, ``strength``...)."""
    out: dict[str, list[ET.Element]] = {}
    for node in parse(picture).iter():
        kind = node.get("class", "").split()
        if kind[:1] == ["conflict"] and len(kind) > 1:
            out.setdefault(kind[1], []).append(node)
    return out


def labels(marks: dict[str, list[ET.Element]]) -> dict[str, str]:
    """Each strength label's text by the cell of its leader."""
    return {badge.get("data-cell", ""): "".join(badge.itertext()) for badge in marks["strength"]}


def test_a_pending_revolt_frames_both_leaders_with_their_strengths() -> None:
    """A revolt waiting for support frames the two leaders, writes each one's temples beside
    him (the attacker's support once committed) and outlines their kingdom."""
    steps = played("revolts/rulebook-revolt-tie-goes-to-the-defender.txt")
    _, _, after, events = steps[0]
    begun = next(e for e in events if isinstance(e, tigeuph.tigris.events.ConflictBegun))
    marks = conflict_marks(svg.board(after))
    attacker, defender = cell_name(begun.attacker_cell), cell_name(begun.defender_cell)
    assert {n.get("data-cell") for n in marks["frame"]} == {attacker, defender}
    assert labels(marks) == {
        attacker: f"attack {begun.attacker_strength}",
        defender: f"defend {begun.defender_strength}",
    }
    assert len(marks["kingdom"]) == 1
    _, support, committed, _ = steps[1]
    assert isinstance(support, tigeuph.CommitSupport)
    assert labels(conflict_marks(svg.board(committed)))[attacker] == (
        f"attack {begun.attacker_strength}+{support.count}"
    )


def test_a_pending_war_outlines_each_side_in_its_seat_colour() -> None:
    """A war waiting for support outlines the two sides of the unification tile, each in its
    seat's colour, and frames the two leaders."""
    _, _, after, events = played("variants/building-and-treasure-tiles-survive-a-lost-war.txt")[0]
    begun = next(e for e in events if isinstance(e, tigeuph.tigris.events.ConflictBegun))
    marks = conflict_marks(svg.board(after))
    sides = {n.get("data-seat"): n.get("stroke") for n in marks["kingdom"]}
    assert sides == {
        str(begun.attacker): dynasty(begun.attacker).colour,
        str(begun.defender): dynasty(begun.defender).colour,
    }
    assert labels(marks)[cell_name(begun.attacker_cell)] == f"attack {begun.attacker_strength}"


def test_a_settled_war_shows_winner_loser_and_the_tiles_removed() -> None:
    """The picture of the action that settled a war, given the state before it or its events,
    frames the winner with his total, draws the loser's leader as a ghost on the cell he left
    with his, and crosses out the tiles removed; without them it draws no conflict."""
    before, action, after, events = played(
        "variants/building-and-treasure-tiles-survive-a-lost-war.txt"
    )[-1]
    resolved = next(e for e in events if isinstance(e, tigeuph.tigris.events.ConflictResolved))
    winner_at = after.leaders[resolved.winner][resolved.colour]
    assert winner_at is not None
    for picture in (
        svg.board(after, lastmove=action, before=before),
        svg.board(after, lastmove=action, events=events),
    ):
        marks = conflict_marks(picture)
        assert labels(marks) == {
            cell_name(winner_at): f"won {resolved.winner_strength}",
            cell_name(resolved.cell): f"lost {resolved.loser_strength}",
        }
        assert [n.get("data-cell") for n in marks["fallen"]] == [cell_name(resolved.cell)]
        assert {n.get("data-cell") for n in marks["removed"]} == {
            cell_name(c) for c in resolved.removed
        }
    assert conflict_marks(svg.board(after, lastmove=action)) == {}


def test_no_conflict_no_conflict_marks() -> None:
    """A position with no conflict pending has nothing of class conflict."""
    for state in STATES:
        if not isinstance(state.pending, tigeuph.Revolt | tigeuph.War):
            assert conflict_marks(svg.board(state)) == {}


def test_leaders_carry_their_dynasty_and_stand_inside_their_cells() -> None:
    """Each leader carries its seat's dynasty symbol and seat colour, is drawn inside his
    cell (no larger than a tile, hiding none of the pieces around him: issue 40), and each
    seat's row of the panel shows the same symbol and colour and names it."""
    state = next(s for s in STATES if s.players == 4 and all(any(row) for row in s.leaders))
    root = parse(svg.board(state))
    symbols = {n.get("id"): n for n in root.iter(f"{{{NS['svg']}}}symbol")}
    sizes: dict[str, set[float]] = {}
    checked = set()
    for use in root.iter(f"{{{NS['svg']}}}use"):
        kind = use.get("class", "").split()
        sizes.setdefault(kind[0], set()).add(float(use.get("width", 0)))
        if kind[0] in ("leader", "dynasty"):
            seat = (
                int(kind[-1][len("seat-") :])
                if kind[0] == "leader"
                else int(use.get("data-seat", ""))
            )
            symbol = symbols[use.get("{http://www.w3.org/1999/xlink}href", "")[1:]]
            classes = {n.get("class") for n in symbol.iter()}
            fills = {n.get("fill") for n in symbol.iter()}
            assert f"emblem {dynasty(seat).name}" in classes
            assert dynasty(seat).colour in fills
            checked.add((kind[0], seat))
    assert checked == {(kind, seat) for kind in ("leader", "dynasty") for seat in range(4)}
    assert sizes["leader"] == {svg.SQUARE} == sizes["tile"]
    rows = [n for n in root.iter() if n.get("class", "").startswith("seat seat-")]
    for row in rows:
        seat = int(row.get("data-seat", ""))
        note = next(n.text for n in row.iter() if n.get("class") == "seat-note")
        assert note is not None and note.startswith(dynasty(seat).name)


def test_the_unification_marker_reaches_beyond_its_tile() -> None:
    """The unification marker is drawn over a larger square than its tile, so it shows."""
    state = next(s for s in STATES if s.unification is not None)
    root = parse(svg.board(state))
    marker = next(
        n for n in root.iter("{http://www.w3.org/2000/svg}use") if n.get("class") == "unification"
    )
    assert float(marker.get("width", 0)) > svg.SQUARE


def test_the_wonder_stands_out_of_the_land() -> None:
    """The wonder's cross is filled in a colour far from the land's and edged in ink."""
    state = next(s for s in STATES if s.wonder is not None)
    root = parse(svg.board(state))
    wonder = next(
        n for n in root.iter() if n.get("class", "").startswith("wonder ") and n.get("data-cell")
    )
    cross = next(n for n in wonder.iter() if n.tag.endswith("polygon"))

    def grey(colour: str) -> float:
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.299 * r + 0.587 * g + 0.114 * b

    land = next(n for n in root.iter() if n.get("class") == "land").get("fill", "")
    assert abs(grey(cross.get("fill", "")) - grey(land)) > 30
    assert cross.get("stroke") == INK


def test_a_crop_draws_the_rectangle_of_its_cells_with_their_coordinates() -> None:
    """A picture cropped to some cells shows their rectangle and a cell more around it, at
    least wide enough for the panel, and names its columns and rows."""
    state = STATES[4]
    for corners, columns, rows in (
        (("C5", "K8"), "BCDEFGHIJKL", range(4, 10)),
        (("A1", "A2"), "ABCDEFGHI", range(1, 6)),
        (("P11",), "HIJKLMNOP", range(7, 12)),
    ):
        crop = [tigeuph.parse_cell(c) for c in corners]
        root = parse(svg.board(state, crop=crop))
        width = len(columns) * svg.SQUARE + 2 * svg.MARGIN
        assert root.get("viewBox", "").split()[2] == str(width)
        coordinates = next(n for n in root.iter() if n.get("class") == "coordinates")
        assert [n.text for n in coordinates] == [*columns, *map(str, rows)]
