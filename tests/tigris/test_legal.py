"""The legal actions as a lazy sequence, is_legal and refusal, and the one way to read a
position (issue 16)."""

from __future__ import annotations

import copy
import pickle
import random
import re
from pathlib import Path

import attrs
import pytest
from helpers.games import every_switch, random_game

import tigeuph
from tigeuph import GameState, LegalActions, parse_action
from tigeuph.tigris.model.reads import Position
from tigeuph.tigris.model.work import TellingWork, Work


def states(count: int = 6) -> list[GameState]:
    """States of random games under the base rules and every switch, decisions included."""
    out: list[GameState] = []
    for seed in range(count):
        rules = every_switch(2 + seed % 3) if seed % 2 else None
        for i, (before, _, _) in enumerate(random_game(2 + seed % 3, seed, rules)):
            if i % 7 == 0 or before.pending is not None:
                out.append(before)
    return out


@pytest.fixture(scope="module")
def sample() -> list[GameState]:
    return states()


def test_the_sequence_behaves_as_the_tuple_of_its_actions(sample: list[GameState]) -> None:
    """len, indexing from either end, slicing, iteration, reversal, index and count agree with
    the tuple the sequence stands for (spec R5)."""
    for state in sample:
        legal = tigeuph.legal_actions(state)
        assert isinstance(legal, LegalActions)
        items = tuple(legal)
        assert len(legal) == len(items) > 0
        assert [legal[i] for i in range(len(items))] == list(items)
        assert [legal[-i] for i in range(1, len(items) + 1)] == [
            items[-i] for i in range(1, len(items) + 1)
        ]
        assert legal[1:7] == items[1:7] and legal[::-5] == items[::-5]
        assert list(reversed(legal)) == list(reversed(items))
        last = items[-1]
        assert legal.index(last) == items.index(last) and legal.count(last) == 1
        with pytest.raises(IndexError):
            legal[len(items)]
        with pytest.raises(IndexError):
            legal[-len(items) - 1]


@pytest.mark.slow
def test_membership_is_exact(sample: list[GameState]) -> None:
    """``in`` finds every listed action and nothing else, even an equal action built anew."""
    every = {a for s in sample for a in tigeuph.legal_actions(s)}
    for state in sample:
        legal = tigeuph.legal_actions(state)
        listed = set(legal)
        for action in every:
            assert (action in legal) == (action in listed)
            assert (parse_action(str(action)) in legal) == (action in listed)
        strangers: list[object] = ["pass", None, []]
        assert not any(x in legal for x in strangers)


def test_the_sequence_equals_and_hashes_as_its_tuple(sample: list[GameState]) -> None:
    """Equal to the tuple of its actions (and to an equal sequence), hashed alike; immutable."""
    state = sample[0]
    legal = tigeuph.legal_actions(state)
    again = tigeuph.legal_actions(attrs.evolve(state))
    assert legal is not again and legal == again and legal == tuple(legal) == tuple(again)
    assert hash(legal) == hash(tuple(legal)) == hash(again)
    assert legal != list(legal) and legal != tuple(legal)[1:]
    with pytest.raises((AttributeError, TypeError)):
        legal._len = 0
    assert pickle.loads(pickle.dumps(legal)) == legal and copy.deepcopy(legal) == legal
    ended = next(after for _, _, after in random_game(2, 3) if after.is_over)
    assert tigeuph.legal_actions(ended) == () and len(tigeuph.legal_actions(ended)) == 0


def test_a_seeded_choice_is_the_tuples_choice(sample: list[GameState]) -> None:
    """``rng.choice`` picks the same action from the sequence as from its tuple, so seeded
    games stay the same games."""
    for seed, state in enumerate(sample):
        legal = tigeuph.legal_actions(state)
        assert random.Random(seed).choice(legal) == random.Random(seed).choice(tuple(legal))


@pytest.mark.slow
def test_is_legal_and_refusal_agree_with_the_list(sample: list[GameState]) -> None:
    """is_legal accepts exactly the listed actions; refusal gives None for them and, for any
    other, the error apply raises (spec R5, R6)."""
    every = {a for s in sample for a in tigeuph.legal_actions(s)}
    for state in sample[:40]:
        listed = set(tigeuph.legal_actions(state))
        for action in every:
            assert tigeuph.is_legal(state, action) == (action in listed)
            refused = tigeuph.refusal(state, action)
            if action in listed:
                assert refused is None
                continue
            assert refused is not None
            with pytest.raises(tigeuph.IllegalActionError) as raised:
                tigeuph.apply(state, action)
            assert (raised.value.clause, str(raised.value)) == (refused.clause, str(refused))


def test_is_legal_refuses_what_is_not_a_state_or_an_action() -> None:
    state = tigeuph.new_game(2, seed=1)
    with pytest.raises(tigeuph.ArgumentTypeError):
        tigeuph.is_legal(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(tigeuph.ArgumentTypeError):
        tigeuph.refusal(None, parse_action("pass"))  # type: ignore[arg-type]


def test_the_scratch_copy_has_exactly_the_states_fields() -> None:
    """Work has exactly the slots of GameState (it becomes the next state), and a copy that
    tells its events has one more; both freeze into a state equal to the one they copied,
    in the fields' order: a new field cannot be forgotten."""
    fields = [f.name for f in attrs.fields(GameState) if f.init]
    assert Work.__slots__ == GameState.__slots__ and TellingWork.__slots__ == ("events",)
    assert set(GameState.__slots__) - {"_cache", "_legal", "_masks"} == set(fields)
    state = next(s for s in states(2) if s.pending is not None)
    for work in (Work(state), TellingWork(state, [])):
        frozen = work.freeze()
        assert frozen == state and all(getattr(frozen, f) == getattr(state, f) for f in fields)
        # Built without attrs' __init__, it is a GameState like any other: frozen, hashed and
        # pickled as the same value.
        assert type(frozen) is GameState and hash(frozen) == hash(state)
        assert pickle.loads(pickle.dumps(frozen)) == state
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            frozen.active = 1  # type: ignore[misc]


def test_only_the_state_module_writes_a_states_derived_slots() -> None:
    """The kept analysis, masks and legal actions of a frozen state have one owner,
    model/state.py: no other module reaches past the frozen class's guard to write them."""
    package = Path(tigeuph.__file__).parent
    writes = re.compile(r'vars\(GameState\)|object\.__setattr__\(\w+, "_(cache|legal|masks)"')
    writers = [
        path.relative_to(package).as_posix()
        for path in sorted(package.rglob("*.py"))
        if writes.search(path.read_text(encoding="utf-8"))
    ]
    assert writers == ["tigris/model/state.py"]


def test_state_and_scratch_copy_read_alike(sample: list[GameState]) -> None:
    """Every read of the Position protocol gives the same answer on a state and on its
    scratch copy (the rule modules read both)."""
    reads = [name for name in dir(Position) if not name.startswith("_")]
    for state in sample[::5]:
        w: Position = Work(state)
        s: Position = state
        for name in reads:
            mine, theirs = getattr(w, name), getattr(s, name)
            if callable(mine):
                if name == "analysis":
                    assert mine().kingdoms == theirs().kingdoms
                elif name == "leaders_in":
                    assert mine(state.face_up | state.leader_mask) == theirs(state.leader_mask)
                elif name == "tile_at":
                    assert [mine(c) for c in tigeuph.CELLS] == [theirs(c) for c in tigeuph.CELLS]
                else:
                    assert mine() == theirs()
            else:
                assert list(mine) == list(theirs) if isinstance(mine, list) else mine == theirs


def test_a_games_history_keeps_states_not_their_lists() -> None:
    """A Game drops the legal actions of the states it keeps; asked again, they are the same."""
    game = tigeuph.Game.new(2, seed=5)
    rng = random.Random(5)
    listed = []
    for _ in range(30):
        legal = tigeuph.legal_actions(game.state)
        listed.append(tuple(legal))
        game.play(rng.choice(legal))
    for state, before in zip(game.states, listed, strict=False):
        assert state._legal is None  # released: the history keeps 1.4 KB an action, not 4 KB
        assert tigeuph.legal_actions(state) == before


def test_tile_count_says_how_many_tiles_follow_ending_the_turn() -> None:
    """The tile placements are the run right after ending the turn, tile_count() long, in
    a listing and in one rebuilt from a pickle; a decision's answers place none."""
    seen_decision = seen_tiles = False
    for state in states(3)[::3]:
        legal = tigeuph.legal_actions(state)
        tiles = [a for a in legal if type(a) is tigeuph.PlaceTile]
        for listing in (legal, pickle.loads(pickle.dumps(legal))):
            n = listing.tile_count()
            assert n == len(tiles) and list(listing[1 : 1 + n]) == tiles
        seen_decision |= state.pending is not None
        seen_tiles |= bool(tiles)
    assert seen_decision and seen_tiles
