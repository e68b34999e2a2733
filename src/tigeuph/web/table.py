"""The board that needs no server: one person against the random, greedy or search players,
in his browser (issue 39).

A :class:`Table` deals a game of any game of :data:`tigeuph.GAMES`, for any player count and
variant, seats the person and the players, and answers the page with what the person's seat
may see (:meth:`Table.shown`): the picture of his view (with the aids he chose, issue 40), his
legal moves, the story since his last decision in words (as the terminal game tells it), what
a decision weighs. The page
asks the players' moves one at a time (:meth:`Table.step`), so it can draw each and show who is
thinking. ``explain``, ``hint`` and ``undo`` answer as the terminal game's commands do,
and the record (:meth:`Table.record_text`) is the game's text record.

The deal is committed to as a server commits to it: a fresh seed and salt, the commitment
shown when the game is dealt and written in the record with the salt
(:func:`tigeuph.deal_commitment`), so ``tigeuph verify`` accepts the record. It proves that the
record's deal is the one shown at the start, not that nobody looked: the seed is in the
person's own browser.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..agents import AgentSpecError, agent_rng, make_agent
from ..agents.factory import parse_spec
from ..core.deals import COMMITMENT_TAG, SALT_TAG, deal_commitment, new_salt, new_seed
from ..core.errors import ArgumentError, TigeuphError
from ..core.events import names_for
from ..core.stops import STALL_ROUNDS, Stop
from ..games import GAMES, AnyGame, Record, game_named, player_counts
from ..terminal.narration import last_decision, seat_labels, story
from ..terminal.prompt import explain_words, hint_words, refusal_words
from .shown import grid, moves, picture, plain, seat_names

__all__ = ["HUMAN", "PLAYERS", "Table", "games"]

HUMAN: Final = "human"
"""The seat of the person at the page."""
PLAYERS: Final = ("random", "greedy", "mcts")
"""The players a page may seat (with their options: ``mcts:iterations=100``)."""


def games() -> list[dict[str, Any]]:
    """Each game a page may deal: its ``name``, ``title``, player counts, default count, its
    rules' ``settings`` with the values each may take (from the game's variants), and the
    ``aids`` its pictures draw when asked (each name: what it shows)."""
    found = []
    for name in GAMES:
        game = GAMES[name]
        settings: dict[str, list[Any]] = {}
        for rules in game.variants.rule_sets(game.facts.default_players):
            for key, value in game.variants.rules_to_json(rules).items():
                if value not in settings.setdefault(key, []):
                    settings[key].append(value)
        found.append(
            {
                "name": name,
                "title": game.facts.title,
                "players": list(game.facts.players),
                "default_players": game.facts.default_players,
                "settings": settings,
                "aids": dict(game.presentation.aids),
            }
        )
    return found


def _check_seats(seats: Sequence[str], game: AnyGame) -> None:
    if len(seats) not in game.facts.players:
        raise ArgumentError(
            f"{game.facts.title} seats {player_counts(game)} players, not {len(seats)}"
        )
    if list(seats).count(HUMAN) != 1:
        raise ArgumentError("one seat is the person's ('human'), the others players'")
    for spec in seats:
        if spec != HUMAN and parse_spec(spec)[0] not in PLAYERS:
            raise AgentSpecError(f"{spec!r}: a page seats only {', '.join(PLAYERS)}")


class Table:
    """One game at the page: its record, its seats and its players."""

    def __init__(self) -> None:
        self.record: Record | None = None
        self.game: AnyGame = GAMES[GAMES.default]
        self.seats: list[str] = []
        self.human = 0
        self.agents: list[Any] = []
        self.rngs: list[random.Random] = []
        self.commitment = ""
        self.note = ""
        self.aids: tuple[str, ...] = ()
        self._watch: Callable[[Any], bool] | None = None
        self._stalled = False

    def start(
        self,
        game: str,
        seats: Sequence[str],
        settings: Mapping[str, Any] | None = None,
        seed: int | None = None,
        aids: Sequence[str] = (),
    ) -> dict[str, Any]:
        """Deal a game of *game* to *seats* (``human`` once, players for the others) under the
        rules *settings* ask for (as the game's ``rules_to_json`` writes them; none: standard),
        its pictures drawn with *aids*.

        Raises:
            ArgumentError: no such game, a count of seats it does not take, no person or two,
                an aid the game does not draw.
            AgentSpecError: a seat names no player a page seats.
            JsonError: *settings* are no settings of the game.
        """
        played = game_named(game)
        _check_seats(seats, played)
        chosen = _in_order(played, aids)
        rules = played.variants.rules_from_json(dict(settings or {}), len(seats))
        seed = new_seed() if seed is None else seed
        salt = new_salt()
        tags = {f"Player{n}": spec for n, spec in enumerate(seats)}
        record = played.records.new_record(len(seats), seed=seed, rules=rules, tags=tags)
        self.commitment = deal_commitment(seed, salt)
        record.tags.update({COMMITMENT_TAG: self.commitment, SALT_TAG: salt})
        self.record, self.game, self.seats = record, played, list(seats)
        self.aids = chosen
        self.human = self.seats.index(HUMAN)
        self.agents = [None if s == HUMAN else make_agent(s, game=played.facts.name) for s in seats]
        self.rngs = [agent_rng(seed, n) for n in range(len(seats))]
        self.note = ""
        self._restart_watch()
        return self.shown()

    def _playing(self) -> Record:
        if self.record is None:
            raise TigeuphError("no game has been dealt yet")
        return self.record

    def _restart_watch(self) -> None:
        record = self._playing()
        watch = self.game.records.stall_watch(STALL_ROUNDS)
        self._watch = watch
        self._stalled = False
        if watch is not None:
            for state in record.states:
                self._stalled = watch(state)

    def _after_move(self) -> None:
        record = self._playing()
        if self._watch is not None and not record.state.is_over:
            self._stalled = self._watch(record.state)
        if record.stopped is None and not record.state.is_over:
            if self._stalled:
                record.stop(Stop.STALLED)
            elif len(record.actions) >= record.limits.max_record_actions:
                record.stop(Stop.ACTION_LIMIT)

    def _waiting(self) -> str | None:
        record = self._playing()
        if record.state.is_over or record.stopped is not None:
            return None
        return "you" if record.state.to_move == self.human else "player"

    def step(self) -> dict[str, Any]:
        """Play the move of the player to move, and show the game after it.

        Raises:
            TigeuphError: no game, the game is over, or the person is to move.
        """
        record = self._playing()
        if self._waiting() != "player":
            raise TigeuphError("no player is to move: the game is over or it is your turn")
        seat = record.state.to_move
        action = self.agents[seat].act(record.view(seat), self.rngs[seat])
        if action not in self.game.legal_actions(record.state):
            raise TigeuphError(f"seat {seat} ({self.seats[seat]}) played {action}: illegal")
        record.play(action)
        self._after_move()
        return self.shown()

    def play(self, action: str) -> dict[str, Any]:
        """Play the person's *action*; a refusal in words (``refused``) when the rules say no."""
        record = self._playing()
        if self._waiting() != "you":
            raise TigeuphError("it is not your turn")
        chosen = self.game.parse_action(action)
        legal = self.game.legal_actions(record.state)
        if chosen not in legal:
            refusal = self.game.refusal(record.state, chosen)
            return {"refused": refusal_words(chosen, refusal, legal)}
        record.play(chosen)
        self.note = ""
        self._after_move()
        return self.shown()

    def explain(self, action: str) -> dict[str, str]:
        """What ``explain ACTION`` answers at the terminal, for the position now."""
        record = self._playing()
        legal = self.game.legal_actions(record.state)
        return {"explain": explain_words(self.game, record.state, legal, action)}

    def hint(self) -> dict[str, str]:
        """The greedy player's choice for the person, and what it would do."""
        record = self._playing()
        if self._waiting() != "you":
            raise TigeuphError("a hint is for your turn")
        view = record.view(self.human)
        adviser = make_agent("greedy", game=self.game.facts.name)
        action = adviser.act(view, random.Random(0))
        return {"hint": hint_words(self.game, record.state, view, action), "action": str(action)}

    def undo(self) -> dict[str, Any]:
        """Take back the person's last action and the players' answers to it."""
        record = self._playing()
        if self.human not in [s.to_move for s in record.states[:-1]]:
            raise TigeuphError("nothing of yours to undo")
        after = 0
        while True:
            mover = record.states[-2].to_move
            undone = record.undo()
            if mover == self.human:
                break
            after += 1
        later = f" and the {after} action{'s' * (after != 1)} after it" if after else ""
        self.note = f"Took back {undone}{later}."
        self._restart_watch()
        return self.shown()

    def show_aids(self, aids: Sequence[str]) -> dict[str, Any]:
        """Draw the game's pictures with *aids* from now on, and show the game.

        Raises:
            TigeuphError: no game; *aids* names an aid the game does not draw.
        """
        self._playing()
        self.aids = _in_order(self.game, aids)
        return self.shown()

    def record_text(self) -> dict[str, str]:
        """The game's text record (``tigeuph replay`` and ``tigeuph verify`` read it) and a
        file name for it."""
        record = self._playing()
        name = f"tigeuph-{self.game.facts.name}-{record.seed}.txt"
        return {"text": record.to_record(), "name": name, "commitment": self.commitment}

    def shown(self) -> dict[str, Any]:
        """What the person's seat may see, and what the page needs to go on."""
        record = self._playing()
        game, state, seat = self.game, record.state, self.human
        players = len(self.seats)
        waiting = self._waiting()
        finished = waiting is None
        position = state if finished else record.view(seat)
        last = record.actions[-1] if record.actions else None
        labels = seat_labels(self.seats, seat)
        start = last_decision(record, seat) if not finished else max(len(record.actions) - 12, 0)
        told = story(record, start, len(record.actions), seat, labels)
        names = names_for(players, seat)
        summary = None if finished else game.presentation.decision_summary(position, names=names)
        mover = state.to_move
        return {
            "game": game.facts.name,
            "title": game.facts.title,
            "seats": [
                {"name": name, "player": "you" if n == seat else self.seats[n]}
                for n, name in enumerate(seat_names(players))
            ],
            "human": seat,
            "commitment": self.commitment,
            "to_move": mover,
            "waiting": waiting,
            "thinking": None if waiting != "player" else f"seat {mover} ({self.seats[mover]})",
            "over": state.is_over,
            "stopped": None if record.stopped is None else record.stopped.value,
            "result": game.presentation.result_text(state) if state.is_over else None,
            "ranking": _ranking(game, state) if state.is_over else [],
            "picture": picture(game, position, last=last, aids=self.aids),
            "aids": list(self.aids),
            "grid": grid(game, state),
            "moves": moves(game, game.legal_actions(state)) if waiting == "you" else [],
            "story": [
                {"seat": who, "heading": labels[who], "lines": [list(line) for line in lines]}
                for who, lines in told
            ],
            "summary": plain(summary),
            "actions": len(record.actions),
            "can_undo": seat in [s.to_move for s in record.states[:-1]],
            "note": self.note,
        }


def _in_order(game: AnyGame, aids: Sequence[str]) -> tuple[str, ...]:
    """*aids*, checked, in the order the game offers them."""
    asked = game.presentation.asked_aids(aids)
    return tuple(name for name in game.presentation.aids if name in asked)


def _ranking(game: AnyGame, state: Any) -> list[dict[str, Any]]:
    """Each seat's rank and score, best first; ``score_text`` names the tie-break where a
    score is shared, as the terminal's ranking does."""
    ranks, scores = game.ranks(state), game.scores(state)
    rows = (
        {
            "rank": ranks[n],
            "seat": n,
            "score": scores[n],
            "score_text": game.presentation.score_text(state, n),
        }
        for n in range(len(scores))
    )
    return sorted(rows, key=lambda row: (row["rank"], row["seat"]))
