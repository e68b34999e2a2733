"""What the simulator says of any game's rules, written once from their JSON form
(:meth:`~tigeuph.games.Variants.rules_to_json`): a setting that is on or off is a switch, any
other (the main game's ``board``) a setting named by its value. A game without variants writes
``{}``: its one rule set is ``standard``, with nothing to compare (issue 25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.errors import TigeuphError
from ...games import AnyGame
from ..options import accepted, rule_settings

__all__ = ["default_players", "label", "rule_sets", "switch_on", "switches"]


def switches(game: AnyGame) -> tuple[str, ...]:
    """The names of *game*'s switches, in the order its rules write them."""
    standard = game.variants.rules_to_json(game.variants.make_rules({}))
    return tuple(name for name, value in standard.items() if isinstance(value, bool))


def switch_on(game: AnyGame, rules: Any, switch: str) -> bool:
    """Whether *switch* is on in *rules* of *game*."""
    return game.variants.rules_to_json(rules).get(switch) is True


def label(game: AnyGame, rules: Any, baseline: Any = None) -> str:
    """A short label for *rules* of *game*: its settings and the switches on (``standard``
    for a game without any), or what differs from *baseline*."""
    now = game.variants.rules_to_json(rules)
    if baseline is None:
        settings = [str(value) for value in now.values() if not isinstance(value, bool)]
        return "+".join([*settings, *(name for name, on in now.items() if on is True)]) or (
            "standard"
        )
    base = game.variants.rules_to_json(baseline)
    parts = [str(v) for k, v in now.items() if not isinstance(v, bool) and v != base.get(k)]
    parts += [
        f"{'+' if on else '-'}{name}"
        for name, on in now.items()
        if isinstance(on, bool) and on != base.get(name)
    ]
    return "".join(parts) or label(game, rules)


def default_players(game: AnyGame) -> int:
    """The player count a run plays unless told: the middle of the counts *game* takes (three
    for the main game, two for Babel)."""
    return game.facts.players[len(game.facts.players) // 2]


def rule_sets(game: AnyGame, error: Callable[[str], Any], args: Any) -> dict[str, Any]:
    """The baseline (the game's rule options such as ``--board``, and ``--base``) and each
    compared rule set (``--variant``, or each switch alone with ``--every-switch`` or without
    ``--variant``) of *game*, by label; *error* reports a bad command line, such as a setting
    the game does not have."""
    asked = [name for chosen in (*args.base, *args.variant) for name in chosen]
    try:
        settings = rule_settings(game, args, asked)  # the game refuses what it has not
    except TigeuphError as err:
        error(str(err))
        return {}  # error does not return
    names = switches(game)
    if not names:
        if args.every_switch:
            error(f"--every-switch: {accepted(game)}")
        standard = game.variants.make_rules(settings)
        return {label(game, standard): standard}
    board = {key: value for key, value in settings.items() if key not in names}
    base = {name for chosen in args.base for name in chosen}

    def make(on: set[str]) -> Any:
        try:
            return game.variants.make_rules({**board, **{name: name in on for name in names}})
        except TigeuphError as err:
            return error(str(err))

    baseline = make(base)
    compared: list[tuple[str, ...]] = list(args.variant)
    if args.every_switch or not compared:
        compared += [(name,) for name in names if name not in base]
    out = {label(game, baseline): baseline}
    for chosen in compared:
        rules = make(base | set(chosen))
        if rules == baseline:
            error(f"--variant {','.join(chosen)}: already on in the baseline (--base)")
        out.setdefault(label(game, rules, baseline), rules)
    if len(out) == 1:
        error("nothing to compare: every switch is on in the baseline")
    return out
