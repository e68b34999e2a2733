"""Babel for a client (:mod:`tigeuph.babel.client`): each move in words, and the element of
its picture a travel or a colonise is clicked on."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from helpers.babel_games import sample_states
from helpers.svg import parse

from tigeuph import GAMES, babel

BABEL = GAMES["babel"]
_PART = re.compile(r"([\w-]*)((?:\.[\w-]+)*)((?:\[[\w-]+='[^']*'\])*)")


def _matches(element: ET.Element, part: str) -> bool:
    """Whether *element* matches one compound selector (``g.a.b[data-x='y']``)."""
    found = _PART.fullmatch(part)
    assert found, part
    tag, classes, attributes = found.groups()
    if tag and element.tag.rpartition("}")[2] != tag:
        return False
    if not set(classes.split(".")[1:]) <= set(element.get("class", "").split()):
        return False
    pairs = re.findall(r"\[([\w-]+)='([^']*)'\]", attributes)
    return all(element.get(key) == value for key, value in pairs)


def _select(root: ET.Element, selector: str) -> list[ET.Element]:
    """The elements under *root* a selector of descendant compounds matches."""
    found = [root]
    for part in selector.split():
        found = [
            e for parent in found for e in parent.iter() if e is not parent and _matches(e, part)
        ]
    return found


def test_every_move_is_told_in_words() -> None:
    """Each legal move of many states has a label in words (no notation in it), and the moves
    of one state never share a label."""
    kinds = set()
    for state in sample_states():
        legal = babel.legal_actions(state)
        labels = [BABEL.client.label(action) for action in legal]
        assert len(set(labels)) == len(labels)
        for action, label in zip(legal, labels, strict=True):
            assert label[0].isupper() and str(action) not in label
            assert not set("@#>~%") & set(label), label
            kinds.add(type(action).__name__)
    assert {"Travel", "Colonise", "Build", "Migrate", "EndTurn"} <= kinds


@pytest.mark.parametrize(
    ("text", "label"),
    [
        (">H", "Travel to the Hittites (discard a Hittite card)"),
        ("+A", "Colonise: an Assyrian card to your column here"),
        ("+S", "Colonise: a Sumerian card to your column here"),
        ("#s", "Build your temple here a level up, from your starting card"),
        ("#1", "Build your temple here a level up, from the top of seat 1's row"),
        ("~PM", "Migrate the last 3 cards of your Persian column to the Medes"),
        (
            "M@3:P",
            "Medes: the opponent discards his Persians here (a Mede of the run from card 3 pays)",
        ),
        ("%A@2", "The opponent discards half his hand (an Assyrian of the run from card 2 pays)"),
        ("-HHA", "Discard 2 Hittite, 1 Assyrian"),
    ],
)
def test_a_move_in_words(text: str, label: str) -> None:
    assert BABEL.client.label(babel.parse_action(text)) == label


@pytest.mark.slow
def test_each_target_is_an_element_of_the_movers_picture() -> None:
    """A travel is clicked on its location in the band, a colonise on its card in the mover's
    hand: each target of the mover's legal moves is one element of the picture of his view."""
    targeted = 0
    for state in sample_states()[::4]:
        seat = state.to_move
        if seat is None:
            continue
        root = parse(BABEL.presentation.picture(babel.view(state, seat)))
        for action in babel.legal_actions(state):
            target = BABEL.client.move(action).get("target")
            if target is not None:
                assert len(_select(root, target)) == 1, (str(action), target)
                targeted += 1
            else:
                assert not isinstance(action, (babel.Travel, babel.Colonise))
    assert targeted > 50
