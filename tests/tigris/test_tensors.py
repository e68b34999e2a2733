"""Observation arrays and returns for learning (issue 18): a fixed layout per board size, pieces
where the view shows them, nothing hidden, and zero-sum results with shared wins (spec R27)."""

from __future__ import annotations

import random
import re
import sys

import numpy as np
import pytest
from attrs import evolve
from helpers.games import TILES_FIRST, every_switch, random_game
from helpers.paths import DOCS

import tigeuph
from tigeuph import Rules, TigeuphError, board_from_text, names
from tigeuph.tigris.learning.encoding import observation, returns
from tigeuph.tigris.learning.tensors import (
    DECISION_ORDER,
    PLANES,
    VECTOR,
    observation_size,
    split_observation,
)
from tigeuph.tigris.model.decisions import (
    BuildingChoice,
    Conflict,
    MonumentChoice,
    Revolt,
    TreasureChoice,
    War,
    WarChoice,
    WonderChoice,
    WonderPoint,
)
from tigeuph.tigris.rules.monuments import square
from tigeuph.tigris.rules.wonder import cross


def _views(players: int, seed: int, rules: Rules | None = None) -> list[tigeuph.PlayerView]:
    """Every player's view of every state of a random game (clumping tiles under variants)."""
    prefer = TILES_FIRST if rules is not None else 0.0
    out = []
    for before, _, after in random_game(players, seed, rules, prefer_tiles=prefer):
        out += [tigeuph.view(before, p) for p in range(players)]
        if after.is_over:
            out += [tigeuph.view(after, p) for p in range(players)]
    return out


def test_shape_and_dtype_depend_only_on_the_board() -> None:
    """Every view of games of 2, 3 and 4 players, with or without variants, gives the same
    float32 shape on one board."""
    size = observation_size(tigeuph.STANDARD)
    assert size == len(PLANES) * 11 * 16 + sum(n for _, n in VECTOR)
    cases = [(2, None), (3, every_switch(3)), (4, every_switch(4, open_scoring=True))]
    for players, rules in cases:
        for v in _views(players, players, rules)[::7]:
            obs = observation(v)
            assert obs.shape == (size,)
            assert obs.dtype == np.float32


def test_a_smaller_board_gives_a_smaller_array() -> None:
    """A custom 3x4 board's planes are 3x4 (spec R2)."""
    board = board_from_text(".~T.\n.~.T\nS~..", name="tiny")
    view = tigeuph.view(tigeuph.new_game(2, seed=1, rules=Rules(board=board)), 0)
    obs = observation(view)
    assert obs.shape == (len(PLANES) * 12 + sum(n for _, n in VECTOR),)
    planes, _ = split_observation(obs, board)
    assert planes["river"].tolist() == [[0, 1, 0, 0]] * 3
    assert planes["treasure"].sum() == 3


def test_planes_show_the_board_as_the_view_holds_it() -> None:
    """Tiles, leaders (relative to the viewer), treasures, catastrophes and monuments stand on
    the cells the view names."""
    seen_monument = seen_catastrophe = False
    for v in _views(3, 11, every_switch(3))[::5]:
        planes, vector = split_observation(observation(v), v.rules.board)
        for colour, layer in zip("rbgk", v.tiles, strict=True):
            assert _cells(planes[f"tile {colour}"]) == sorted(names(layer))
        assert _cells(planes["treasure"]) == sorted(names(v.treasures))
        assert _cells(planes["catastrophe"]) == sorted(names(v.catastrophes))
        seen_catastrophe |= bool(v.catastrophes)
        for seat, row in enumerate(v.leaders):
            slot = (seat - v.player) % v.players
            for colour, at in zip("rbgk", row, strict=True):
                expected = [] if at is None else names(1 << at)
                assert _cells(planes[f"leader {slot} {colour}"]) == expected
        for site in v.monuments:
            assert planes[f"monument {site.monument.code}"].sum() == 4
            seen_monument = True
        assert vector["hand"].tolist() == list(v.hand)
        assert vector["seats"].tolist() == [1, 1, 1, 0]
        assert vector["to move"].sum() == (0 if v.is_over else 1)
        assert vector["bag size"][0] == v.bag_size
    assert seen_monument and seen_catastrophe


def test_hidden_information_never_shows() -> None:
    """Two states the viewer cannot tell apart give equal arrays (spec R4): a state sampled
    from his view."""
    rng = random.Random(3)
    for v in _views(4, 5)[::37]:
        guess = tigeuph.sample_state(v, rng)
        assert np.array_equal(observation(tigeuph.view(guess, v.player)), observation(v))


def test_hidden_points_are_zero_and_flagged() -> None:
    """Under hidden scoring only the viewer's points show; under open scoring all do (R32)."""
    for rules, shown in [(Rules(players=2), [1, 0, 0, 0]), (Rules(open_scoring=True), [1] * 4)]:
        views = _views(rules.players, 2, rules)
        v = views[len(views) // 2]
        _, vector = split_observation(observation(v), v.rules.board)
        assert vector["points shown"].tolist() == shown
        if shown[1] == 0:
            assert vector["points"][4:].sum() == 0


def test_split_refuses_a_wrong_length() -> None:
    """split_observation names the length a board needs."""
    with pytest.raises(ValueError, match="7142"):
        split_observation(np.zeros(5, dtype=np.float32), tigeuph.STANDARD)


def test_missing_numpy_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without numpy, observation raises one TigeuphError naming the tensors extra."""
    monkeypatch.setitem(sys.modules, "numpy", None)
    view = tigeuph.view(tigeuph.new_game(2, seed=1), 0)
    with pytest.raises(TigeuphError, match=r"tigeuph\[tensors\]"):
        observation(view)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returns_are_zero_sum_and_reward_the_winners(players: int) -> None:
    """Finished games: winners (rank 1, spec R27) get the most, results sum to zero, a sole
    winner gets +1; an unfinished game gives zeros."""
    for seed in range(3):
        steps = list(random_game(players, seed))
        first, _, _ = steps[0]
        assert returns(first) == (0.0,) * players
        final = steps[-1][2]
        result = returns(final)
        winners = tigeuph.outcome(final).winners  # type: ignore[union-attr]
        assert sum(result) == pytest.approx(0.0)
        assert {result[w] for w in winners} == {max(result)}
        if len(winners) == 1:
            assert max(result) == 1.0
            assert min(result) == pytest.approx(-1 / (players - 1))


def test_a_full_tie_returns_zeros() -> None:
    """Every player ranked first (equal vectors, R27) gets 0: a game ended before anyone
    scored."""
    state = tigeuph.new_game(2, seed=1)
    assert returns(evolve(state, ended=tigeuph.End.TREASURES)) == (0.0, 0.0)


def _cells(plane: np.typing.NDArray[np.float32]) -> list[str]:
    """The names of the cells where *plane* is set, sorted."""
    rows, cols = np.nonzero(plane)
    pairs = zip(rows.tolist(), cols.tolist(), strict=True)
    return sorted(tigeuph.cell_name(tigeuph.cell(r, c)) for r, c in pairs)


def test_the_documented_layout_is_the_layout() -> None:
    """docs/adapters.rst lists every plane at its index and every vector field at its offset
    and size."""
    doc = (DOCS / "adapters.rst").read_text()
    for i, name in enumerate(PLANES):
        if " " in name and name.split()[0] in ("leader", "monument", "building"):
            continue  # grouped rows, checked below
        assert re.search(rf"^{i}\s+``{name}``", doc, re.M), name
    for first, group, count in [
        (8, "leader S C", 16),
        (24, "monument XY", 6),
        (30, "building C", 4),
    ]:
        assert PLANES[first].split()[0] == group.split()[0]
        assert re.search(rf"^{first}-{first + count - 1}\s+``{group}``", doc, re.M), group
    offset = 0
    for name, size in VECTOR:
        assert re.search(rf"^{offset}\s+{size}\s+``{name}``", doc, re.M), name
        offset += size


def _reference(view: tigeuph.PlayerView) -> np.typing.NDArray[np.float32]:
    """The array as the documented layout describes it, filled one cell and one entry at a
    time: what the fast encoder must give, byte for byte."""
    board = view.rules.board
    players, viewer = view.players, view.player
    planes = {name: np.zeros((board.rows, board.cols), np.float32) for name in PLANES}

    def mark(name: str, cells: tigeuph.Bitboard) -> None:
        for row in range(board.rows):
            for col in range(board.cols):
                if cells >> tigeuph.cell(row, col) & 1:
                    planes[name][row, col] = 1.0

    def slot(seat: int) -> int:
        return (seat - viewer) % players

    for letter, layer in zip("rbgk", view.tiles, strict=True):
        mark(f"tile {letter}", layer)
    mark("face-down", view.flipped)
    mark("treasure", view.treasures)
    mark("special treasure", view.treasures & board.special)
    mark("catastrophe", view.catastrophes)
    for seat, leaders in enumerate(view.leaders):
        for letter, at in zip("rbgk", leaders, strict=True):
            if at is not None:
                mark(f"leader {slot(seat)} {letter}", 1 << at)
    for site in view.monuments:
        mark(f"monument {site.monument.code}", square(site.corner))
    for letter, at in zip("rbgk", view.buildings, strict=True):
        if at is not None:
            mark(f"building {letter}", 1 << at)
    if view.wonder is not None:
        mark("wonder", cross(view.wonder.centre))
    if view.unification is not None:
        mark("unification", 1 << view.unification)
    mark("river", board.river)
    mark("declined square", view.declined)
    mark("declined cross", view.declined_crosses)
    pending = view.pending
    about: list[int] = []
    if isinstance(pending, Conflict):
        found = [view.leaders[p][pending.colour] for p in (pending.attacker, pending.defender)]
        about = [c for c in found if c is not None]
    elif isinstance(pending, MonumentChoice):
        about = list(pending.corners)
    elif isinstance(pending, BuildingChoice):
        about = list(pending.cells)
    elif isinstance(pending, WonderChoice):
        about = list(pending.centres)
    elif isinstance(pending, TreasureChoice):
        about = [pending.trader]
    for c in about:
        mark("decision", 1 << c)

    fields = {name: np.zeros(size, np.float32) for name, size in VECTOR}
    fields["hand"][:] = view.hand
    fields["discarded"][:] = view.discarded
    for seat in range(players):
        fields["seats"][slot(seat)] = 1
        fields["hand sizes"][slot(seat)] = view.hand_sizes[seat]
        fields["discard sizes"][slot(seat)] = view.discard_sizes[seat]
        fields["catastrophes left"][slot(seat)] = view.catastrophe_tiles[seat]
        fields["treasures taken"][slot(seat)] = view.treasures_taken[seat]
        points = view.points[seat]
        if points is not None:
            fields["points shown"][slot(seat)] = 1
            fields["points"][slot(seat) * 4 : slot(seat) * 4 + 4] = points
    fields["active"][slot(view.active)] = 1
    if view.to_move is not None:
        fields["to move"][slot(view.to_move)] = 1
    fields["actions left"][0] = view.actions_left
    fields["bag size"][0] = view.bag_size
    fields["removed"][:] = view.removed
    kind = "none" if pending is None else _KIND_NAMES[type(pending)]
    fields["decision"][DECISION_ORDER.index(kind)] = 1
    if isinstance(pending, Conflict):
        fields["conflict colour"][pending.colour] = 1
        fields["attacker"][slot(pending.attacker)] = 1
        fields["defender"][slot(pending.defender)] = 1
        if pending.attacker_support is not None:
            fields["attacker support"][0] = pending.attacker_support
            fields["attacker committed"][0] = 1
    elif isinstance(pending, WarChoice):
        for colour in pending.colours:
            fields["wars to choose"][colour] = 1
    elif isinstance(pending, BuildingChoice):
        fields["building colour"][pending.colour] = 1
    if view.wonder is not None:
        fields["wonder colour"][view.wonder.colour] = 1
    fields["game over"][0] = view.is_over
    fields["switches"][:] = [getattr(view.rules, name) for name in tigeuph.SWITCHES]
    parts = [planes[name].reshape(-1) for name in PLANES] + [fields[n] for n, _ in VECTOR]
    return np.concatenate(parts)


_KIND_NAMES = {
    Revolt: "revolt",
    War: "war",
    WarChoice: "war-choice",
    BuildingChoice: "building",
    WonderChoice: "wonder",
    MonumentChoice: "monument",
    TreasureChoice: "treasure",
    WonderPoint: "wonder-point",
}


def test_the_decision_one_hot_keeps_its_documented_order() -> None:
    """The ``decision`` field's order, derived from the one list of decision kinds, is the one
    docs/adapters.rst documents: reordering that list would silently change the layout."""
    assert DECISION_ORDER == (
        "none",
        "revolt",
        "war",
        "war-choice",
        "building",
        "wonder",
        "monument",
        "treasure",
        "wonder-point",
    )


@pytest.mark.slow
def test_the_array_is_the_layout_filled_cell_by_cell() -> None:
    """Every view of every state of random games of 2 to 4 players, on both boards, with and
    without the variants, gives exactly the bytes of a plain cell-by-cell filling of the
    documented layout; the views met every kind of decision."""
    cases = [
        (2, 21, None),
        (3, 22, None),
        (4, 23, None),
        (2, 24, every_switch(2, open_scoring=True)),
        (3, 25, Rules(players=3, board=tigeuph.ADVANCED, buildings=True, wonder=True)),
        (4, 26, every_switch(4)),
    ]
    kinds = set()
    for players, seed, rules in cases:
        for v in _views(players, seed, rules):
            assert observation(v).tobytes() == _reference(v).tobytes()
            kinds.add("none" if v.pending is None else _KIND_NAMES[type(v.pending)])
    assert kinds == set(DECISION_ORDER)


def test_a_smaller_board_is_filled_cell_by_cell() -> None:
    """On a board smaller than the printed one, the cells beyond it stay out of every plane."""
    board = board_from_text(".~T..\n.~.T.\nS~...\n..T..", name="small")
    rules = Rules(players=2, board=board)
    state = tigeuph.new_game(2, seed=4, rules=rules)
    rng = random.Random(4)
    for _ in range(40):
        if state.is_over:
            break
        for p in range(2):
            v = tigeuph.view(state, p)
            assert observation(v).tobytes() == _reference(v).tobytes()
        state = tigeuph.apply(state, rng.choice(tigeuph.legal_actions(state)))
