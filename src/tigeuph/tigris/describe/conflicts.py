"""What a player of the main game weighs at a revolt or a war, for a terminal: both sides'
strengths and what each support count would make (issue 26).

A support decision shows the conflict's colour, both leaders and their board strengths (the
temples beside each leader in a revolt, spec R15; the colour's tiles on each side of a war,
R19), what the attacker committed, and for each count the decider may commit the totals it
makes and who wins (the defender wins ties). A choice of wars (R17) shows each war's board
strengths. The numbers are the engine's own (``rules.conflicts``), so they are the ones the
conflict is settled with. The text is ``rich`` console markup, as the terminal prints it.

>>> import tigeuph
>>> state = tigeuph.new_game(2, seed=7)
>>> decision_summary(state) is None  # no conflict waits for support
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...core.events import does, possessive
from ..engine.legal import legal_actions
from ..events.conflicts import strength_words
from ..model.actions import CommitSupport
from ..model.cells import cell_name
from ..model.decisions import Revolt, War, WarChoice
from ..model.pieces import Colour
from ..model.state import GameState
from ..rules.conflicts import conflict_begun, start_war
from ..views import PlayerView, sample_state

__all__ = ["decision_summary"]

_INK: Final = ("bold #e04030", "bold #4f8fe0", "bold #30a050", "bold")
"""Each colour's name as it is written: readable on a dark or a light terminal."""


def decision_summary(
    position: GameState | PlayerView, *, names: Sequence[str] | None = None
) -> str | None:
    """What the player to decide weighs at the decision *position* waits for, in ``rich``
    console markup, the seats called by *names* (a seat named ``you`` is spoken to): a
    revolt's or a war's strengths and what each support count would make, or the wars a
    player chooses among; ``None`` at any other moment."""
    match position.pending:
        case Revolt() | War() as conflict:
            return _support(position, conflict, names)
        case WarChoice() as choice:
            return _wars(_board(position), choice, names)
    return None


def _board(position: GameState | PlayerView) -> GameState:
    """A state with *position*'s board: itself, or one drawn from a view, whose board is whole
    (only hands and the bag are hidden), so that the strengths are the real ones."""
    if isinstance(position, GameState):
        return position
    return sample_state(position, random.Random(0))


def _colour(colour: Colour, text: str | None = None) -> str:
    return f"[{_INK[colour]}]{text or colour.name.lower()}[/]"


def _support(
    pos: GameState | PlayerView, conflict: Revolt | War, names: Sequence[str] | None
) -> str:
    begun = conflict_begun(_board(pos), conflict)
    kind, support = conflict.kind, conflict.support
    leader, colour = conflict.colour.leader, _colour(conflict.colour)
    attack, defence, committed = begun.attacker_strength, begun.defender_strength, None
    attacker, defender = conflict.attacker, conflict.defender
    basis = (
        "the temples beside each leader" if kind == "revolt" else f"the {colour} tiles on each side"
    )
    lines = [
        f"{_colour(conflict.colour, conflict.colour.name.capitalize())} [bold]{kind}[/]: "
        f"{basis} count, then the {_colour(support)} tiles each side commits; the defender "
        "wins ties."
    ]
    at = f"{leader} on {cell_name(begun.attacker_cell)}"
    attacking = (
        f"  {does(names, attacker, 'attacks', 'attack')} with the {at}: "
        f"{strength_words(kind, conflict.colour, attack)}"
    )
    if conflict.attacker_support is not None:
        committed = conflict.attacker_support
        attacking += f" + {committed} committed = [bold]{attack + committed}[/]"
    at = f"{leader} on {cell_name(begun.defender_cell)}"
    defending = (
        f"  {does(names, defender, 'defends', 'defend')} with the {at}: "
        f"{strength_words(kind, conflict.colour, defence)}"
    )
    lines += [attacking, defending]
    decider = conflict.player
    counts = _counts(pos, decider)
    if counts:
        lines.append(
            f"  {does(names, decider, 'may commit', 'may commit')} {_colour(support)} tiles:"
        )
    for n in counts:
        if committed is None:
            lines.append(
                f"    +{n} → [bold]{attack + n}[/] against {defence}, before "
                f"{possessive(names, defender)} support"
            )
            continue
        total, against = defence + n, attack + committed
        winner, loser = (defender, attacker) if total >= against else (attacker, defender)
        lost = begun.defender_cell if loser == defender else begun.attacker_cell
        lines.append(
            f"    +{n} → [bold]{total}[/] against {against}: {does(names, winner, 'wins', 'win')}; "
            f"{possessive(names, loser)} {leader} leaves {cell_name(lost)}"
        )
    if not counts:
        decides = does(names, decider, "decides", "decide")
        lines.append(f"  {decides} how many {_colour(support)} tiles to commit")
    return "\n".join(lines)


def _counts(pos: GameState | PlayerView, decider: int) -> tuple[int, ...]:
    """The support counts *decider* may commit, as far as *pos* tells them: a state's legal
    actions, or the view of the decider; nothing for anyone else's view."""
    if isinstance(pos, GameState):
        legal: Sequence[object] = legal_actions(pos)
    elif pos.player == decider:
        legal = pos.legal
    else:
        return ()
    return tuple(a.count for a in legal if isinstance(a, CommitSupport))


def _wars(pos: GameState, choice: WarChoice, names: Sequence[str] | None) -> str:
    chooses = does(names, choice.player, "chooses", "choose")
    lines = [f"{chooses[:1].upper()}{chooses[1:]} which war to fight first (board strengths):"]
    for colour in choice.colours:
        war = start_war(pos, colour)
        begun = conflict_begun(pos, war)
        lines.append(
            f"  !{colour.letter}  {_colour(colour)} war: {possessive(names, war.attacker)} "
            f"{colour.leader} on {cell_name(begun.attacker_cell)}, "
            f"{strength_words(war.kind, war.colour, begun.attacker_strength)}, against "
            f"{possessive(names, war.defender)} "
            f"{colour.leader} on {cell_name(begun.defender_cell)}, "
            f"{strength_words(war.kind, war.colour, begun.defender_strength)}"
        )
    return "\n".join(lines)
