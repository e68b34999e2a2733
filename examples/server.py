"""A minimal game server loop, in one process: JSON in a store, a view for each player.

The server never keeps a game in memory between requests: each request loads the state from
the store (a dict standing in for a database), and each accepted action stores the new state
and appends the action. A player only ever receives his own view, with the public history
(``Game.view``, from the game rebuilt from the stored seed and actions), so a client cannot see
other hands or the bag, and answers with an action as JSON. The players here are random bots
that pick among the legal actions their view lists. At the end the server writes the game
record, replays it and checks that it gives the stored state back. The record (like the seed)
fixes the bag and every hand: it stays on the server.

    python examples/server.py                 # 3 players, seed 1
    python examples/server.py --players 2 --seed 7
    python examples/server.py --variants buildings,wonder,open_scoring
"""

from __future__ import annotations

import argparse
import json
import random

import tigeuph

REQUEST_LIMITS = tigeuph.Limits(max_json_bytes=1_000)
"""A player's request is one action document, under a hundred bytes: refuse more at once."""


class Server:
    """Games kept as JSON documents in *store*: one state and one list of actions per game."""

    def __init__(self, store: dict[str, str]) -> None:
        self.store = store

    def create(self, game: str, players: int, seed: int, switches: tuple[str, ...] = ()) -> None:
        """Deal a new game, with the variants named in *switches* (``tigeuph.SWITCHES``) on,
        and store it."""
        header = {"players": players, "seed": seed, "switches": list(switches)}
        self.store[f"{game}/seed"] = json.dumps(header)
        start = tigeuph.new_game(players, seed=seed, rules=_rules(players, switches))
        self.store[f"{game}/state"] = tigeuph.state_to_json(start)
        self.store[f"{game}/actions"] = "[]"

    def state(self, game: str) -> tigeuph.GameState:
        """The stored state: read strictly, so a damaged store fails loudly."""
        return tigeuph.state_from_json(self.store[f"{game}/state"])

    def to_move(self, game: str) -> int | None:
        """Who the server waits for, or ``None`` once the game is over."""
        return self.state(game).to_move

    def game(self, game: str) -> tigeuph.Game:
        """The game rebuilt from the stored seed and actions: every state, for the history."""
        header = json.loads(self.store[f"{game}/seed"])
        rules = _rules(header["players"], tuple(header["switches"]))
        played = tigeuph.Game.new(header["players"], seed=header["seed"], rules=rules)
        for action in json.loads(self.store[f"{game}/actions"]):
            played.play(action)
        return played

    def view(self, game: str, player: int) -> str:
        """What *player* may see, with the public history, as the JSON sent to him."""
        return tigeuph.view_to_json(self.game(game).view(player))

    def act(self, game: str, player: int, request: str) -> str:
        """Apply *player*'s action (an action JSON document); the answer to send back."""
        state = self.state(game)
        if state.is_over:
            return json.dumps({"error": "the game is over"})
        if player != state.to_move:
            return json.dumps({"error": f"it is not player {player}'s turn"})
        try:
            action = tigeuph.action_from_json(request, limits=REQUEST_LIMITS)
            state = tigeuph.apply(state, action)
        except tigeuph.TigeuphError as err:  # whatever the request, only the family comes out
            return json.dumps({"error": str(err)})
        self.store[f"{game}/state"] = tigeuph.state_to_json(state)
        actions = json.loads(self.store[f"{game}/actions"])
        self.store[f"{game}/actions"] = json.dumps([*actions, str(action)])
        return json.dumps({"ok": True})

    def record(self, game: str) -> str:
        """The game record: full information, for the server side only."""
        return self.game(game).to_record()


def _rules(players: int, switches: tuple[str, ...]) -> tigeuph.Rules:
    """The rules for *players* with the variants named in *switches* on."""
    return tigeuph.Rules(
        players=players,
        english_reinforcement="english_reinforcement" in switches,
        buildings="buildings" in switches,
        wonder="wonder" in switches,
        open_scoring="open_scoring" in switches,
    )


def bot(view_json: str, rng: random.Random) -> str:
    """A random player: it reads its view and picks one of its legal actions."""
    seen = tigeuph.view_from_json(view_json)
    return tigeuph.action_to_json(rng.choice(seen.legal))


def main(argv: list[str] | None = None) -> int:
    """Serve one game to random bots; print what happened."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variants",
        default="",
        help=f"variants to switch on, comma-separated: {', '.join(tigeuph.SWITCHES)}",
    )
    args = parser.parse_args(argv)
    switches = tuple(name for name in args.variants.split(",") if name)
    unknown = set(switches) - set(tigeuph.SWITCHES)
    if unknown:
        parser.error(f"unknown variant {', '.join(sorted(unknown))}")

    store: dict[str, str] = {}
    server = Server(store)
    server.create("g1", args.players, args.seed, switches)
    rngs = [random.Random(args.seed * 10 + seat) for seat in range(args.players)]
    requests = 0
    while (player := server.to_move("g1")) is not None:
        answer = json.loads(server.act("g1", player, bot(server.view("g1", player), rngs[player])))
        assert answer == {"ok": True}, answer
        requests += 1
    refused = json.loads(server.act("g1", 0, tigeuph.action_to_json(tigeuph.EndTurn())))

    record = server.record("g1")
    replayed = tigeuph.Game.from_record(record)
    assert replayed.state == server.state("g1"), "the record does not replay the stored game"
    result = tigeuph.outcome(replayed.state)
    assert result is not None
    print(f"{requests} actions served to {args.players} players; after the end: {refused}")
    print(f"store: {len(store)} documents, {sum(map(len, store.values()))} characters of JSON")
    print("\n".join(line for line in record.splitlines() if line.startswith("[")))
    for r in result.results:
        print(f"player {r.player}: rank {r.rank}, points {r.points}, treasures {r.treasures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
