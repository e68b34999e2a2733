"""The one interface every game of the library implements (issue 25).

A game is a stateless object: it deals a position, lists and applies actions, says who is to
move and who won, hides what a player may not see and guesses it back, reads and writes its
positions, actions and records, and gives its players an evaluation. Everything written once
(the play loop, the random, greedy and search players, the soak, the simulator, the arena, the
command line, the server and the browser board) asks :data:`tigeuph.GAMES` for the game by
name and talks to it only through :class:`GameInterface`, as OpenSpiel's algorithms talk to any
``pyspiel.Game`` and python-chess's code to any variant's ``Board``.

The positions, views and records themselves carry the few attributes every caller reads
directly: :mod:`tigeuph.core.interface.holders`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from ..events import Event
from ..limits import DEFAULT_LIMITS, Limits
from .client import ClientExtras
from .holders import SeatViews

if TYPE_CHECKING:
    from ..measures import Feature

__all__ = ["AnyGame", "GameInterface"]

S = TypeVar("S")  # the full state
V = TypeVar("V")  # one player's view
A = TypeVar("A")  # an action
G = TypeVar("G")  # a game record


@runtime_checkable
class GameInterface(Protocol[S, V, A, G]):
    """A game of the library: see the module. ``S`` is its state, ``V`` a player's view, ``A``
    an action and ``G`` its record; every method is pure but the record's.

    The registry, :data:`tigeuph.GAMES`, maps each game's :attr:`name` to its interface.
    """

    name: str
    """Its name in the registry, the command line and records: ``tigris``, ``babel``."""
    title: str
    """Its name for people: ``Tigris & Euphrates``, ``Babel``."""
    players: range
    """The numbers of players it takes."""
    default_players: int
    """The number of players when none is asked for."""
    state_type: type[S]
    view_type: type[V]
    record_type: type[G]
    record_format: str
    """The ``format`` of its JSON records (``tigeuph-record``, ``tigeuph-babel-record``)."""
    position_title: str
    """The first line of its position notation (``tigeuph position``, ``babel position``)."""
    """The ``format`` of its JSON records (``tigeuph-record``, ``tigeuph-babel-record``)."""
    client_extras: ClientExtras
    """What a client (the server, the browser board) gets beyond this interface:
    :data:`~tigeuph.games.NO_EXTRAS` for a game played by its moves' notation alone."""
    search_scale: float
    """Evaluation points that turn a search's reward of 1/2 into about 3/4 (the logistic's
    scale): :meth:`evaluate` differences of about this size matter to the game."""

    # The rules.

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> S:
        """A new game for *players* dealt from *seed*; *rules* are the game's variants
        (``None``: its standard rules).

        Raises:
            ArgumentError: the game takes no such number of players or such rules.
        """
        ...

    def rules_of(self, state: S) -> Any:
        """The variants *state* is played under (``None`` for a game without any)."""
        ...

    def rules_from_json(self, value: object, players: int) -> Any:
        """The variants a JSON object asks for, for *players* (``{}``: the standard rules,
        which is ``None`` for a game without variants), as :meth:`rules_to_json` writes them.

        Raises:
            JsonError: *value* is not an object of the game's switches (the message names
                the bad key and lists the good ones).
        """
        ...

    def rules_to_json(self, rules: Any) -> dict[str, Any]:
        """*rules* as a JSON object (``{}`` for a game without variants)."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the player to move may play; empty once the game is over."""
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after *action*; *state* is never changed.

        Raises:
            IllegalActionError: the rules refuse *action* here.
        """
        ...

    def transition(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The state after *action*, equal to :meth:`apply`'s, and the events it caused, in
        order; the events tell everything, and :meth:`Event.seen_by
        <tigeuph.Event.seen_by>` is what one seat may know of each.

        Raises:
            IllegalActionError: the rules refuse *action* here.
        """
        ...

    def refusal(self, state: S, action: A) -> Exception | None:
        """Why the rules refuse *action* in *state* (the error :meth:`apply` would raise), or
        ``None`` when it is legal."""
        ...

    def player_count(self, position: S | V) -> int:
        """How many players the game of *position* seats."""
        ...

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats ranked first (every seat on a full tie); empty while the game goes on."""
        ...

    def ranks(self, state: S) -> tuple[int, ...]:
        """Each seat's rank (1 is first; equal results share a rank) as the game ranks them
        at its end, tie-breaks included, or as it stands for a game stopped before its end."""
        ...

    def scores(self, state: S) -> tuple[int, ...]:
        """Each seat's score as the game counts it for people (the final score's measure)."""
        ...

    def result_text(self, state: S) -> str:
        """How a finished game ended, in one line for people."""
        ...

    # What a player may see.

    def view(self, state: S, player: int) -> V:
        """What *player* may know of *state* (no public history)."""
        ...

    def seat_views(self, players: int) -> SeatViews[S, V, A]:
        """Each seat's view kept up as a game of *players* goes on
        (:class:`~tigeuph.games.SeatViews`)."""
        ...

    def sample_state(self, view: V, rng: random.Random) -> S:
        """A full state that *view*'s player cannot tell from the real one, drawn from *rng*."""
        ...

    # Notation and JSON.

    def parse_action(self, text: str) -> A:
        """An action from its notation (``str(action)`` writes it).

        Raises:
            NotationError: *text* is no action of this game.
        """
        ...

    def to_text(self, state: S) -> str:
        """*state* in position notation."""
        ...

    def from_text(self, text: str, *, limits: Limits = DEFAULT_LIMITS) -> S:
        """The state written in position notation by :meth:`to_text`."""
        ...

    def state_to_json(self, state: S, *, indent: int | None = None) -> str:
        """*state* as the game's JSON state document."""
        ...

    def state_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> S:
        """The state of a JSON state document, within *limits* (``JsonError`` naming the bad
        field)."""
        ...

    def view_to_json(self, view: V, *, indent: int | None = None) -> str:
        """*view* as the game's JSON view document."""
        ...

    def view_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> V:
        """The view of a JSON view document, within *limits*."""
        ...

    def action_to_json(self, action: A) -> str:
        """*action* as the game's JSON action document."""
        ...

    def action_from_json(self, text: str | bytes, *, limits: Limits = DEFAULT_LIMITS) -> A:
        """The action of a JSON action document, within *limits*."""
        ...

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the game's documents."""
        ...

    def event_to_json(self, event: Event) -> dict[str, Any]:
        """*event* as a JSON object: its ``kind``, ``clause``, ``text``, the ``players`` and
        ``cells`` it concerns (cell names; none in a game without cells) and its own fields,
        written as the game's documents write them."""
        ...

    # Records.

    def new_record(
        self,
        players: int,
        *,
        seed: int | None = None,
        rules: Any = None,
        tags: Mapping[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> G:
        """A new game's record (a seed is drawn and kept when none is given)."""
        ...

    def record_from_text(
        self, text: str, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> G:
        """The game a text record holds, replayed (``verify``: only from a seed)."""
        ...

    def record_from_json(
        self, text: str | bytes, *, verify: bool = True, limits: Limits = DEFAULT_LIMITS
    ) -> G:
        """The game a JSON record holds, replayed (``verify``: only from a seed)."""
        ...

    def check_state(self, state: S) -> list[str]:
        """Every problem of *state*, each saying what is wrong; empty when it holds together."""
        ...

    def stall_watch(self, rounds: int) -> Callable[[S], bool] | None:
        """A watch that answers, state after state, whether play has stalled for *rounds*
        rounds (spec D8); ``None`` for a game that always ends by itself."""
        ...

    # What the players weigh.

    def evaluate(self, state: S) -> Sequence[float]:
        """Each seat's evaluation of *state* (higher is better; a win is worth most)."""
        ...

    def action_values(self, state: S, legal: Sequence[A], seat: int) -> list[float]:
        """*seat*'s evaluation after each of *legal* in *state*, in order: the greedy player's
        scores, and the search player's prior."""
        ...

    def rollout_action(self, state: S, legal: Sequence[A], rng: random.Random) -> A:
        """The search player's cheap policy: an action of *legal* drawn from *rng*."""
        ...

    def weighted_action(self, view: V, rng: random.Random) -> A:
        """Random play that still builds (``random:weighted=true``): a legal action of *view*
        drawn from *rng*."""
        ...

    def centred_search(self, state: S) -> bool:
        """Whether the search player centres its rewards on the evaluation at its root, and
        lets the greedy best overrule small differences (the main game's variants)."""
        ...

    # What the tools that exercise and measure every game ask of it (the soak, the simulator).

    play_styles: tuple[tuple[str, ...], ...]
    """Ways of playing that together reach every rule of the game, each a player per seat
    repeated in turn: ``uniform`` (every legal action alike), ``weighted``
    (:meth:`weighted_action`) or an agent specification (``greedy``)."""
    endings: Mapping[str, str]
    """Each way a game ends, by the word :meth:`ending` says, and how people say it (``bag``:
    ``by the bag``)."""
    event_headings: Mapping[str, str]
    """The events :meth:`events` counts, in report order, and their headings."""
    features: tuple[Feature, ...]
    """The rule switches whose feature a game may never meet (the main game's wonder), each
    with the event that counts it (:class:`~tigeuph.core.measures.Feature`)."""

    def variants(self, players: int) -> tuple[Any, ...]:
        """Every rule set the game may be played under by *players*, its standard rules first
        (``(None,)`` for a game without variants)."""
        ...

    def make_rules(self, settings: Mapping[str, Any]) -> Any:
        """The rules with *settings* (a switch's name, as :meth:`rules_to_json` writes it, on
        or off; the main game's ``board`` a :class:`~tigeuph.Board`), the rest standard, for
        no particular player count: :meth:`rules_for` fits them to one.

        Raises:
            ArgumentError: a name that is no setting of the game's rules, or a bad value.
        """
        ...

    def rules_for(self, rules: Any, players: int) -> Any:
        """*rules* for a game of *players*: a rule set that names no player count (as
        :meth:`make_rules` makes them) or the same one.

        Raises:
            ArgumentError: *rules* name another player count.
        """
        ...

    def ending(self, state: S) -> str | None:
        """How the game of *state* ended in a word (a key of :attr:`endings`: ``bag``,
        ``treasures``, ``score``, ``deck``); ``None`` while it goes on."""
        ...

    def leaders(self, state: S) -> tuple[int, ...]:
        """The seats ranked first were the game scored as it stands: its winners once it is
        over, and the leaders of a game stopped before its end (spec D8)."""
        ...

    def events(self, record: G) -> tuple[int, dict[str, int]]:
        """The turns begun in the game of *record* (finished or stopped) and how often each
        event of :attr:`event_headings` happened in it."""
        ...

    def state_problems(self, state: S) -> list[str]:
        """What a well-formed *state* reached by legal play breaks of the promises only this
        game's rules make and :meth:`check_state` cannot see (the main game's R0 and R30),
        each citing its clause; empty when none."""
        ...

    def step_problems(self, before: S, action: A, after: S) -> list[str]:
        """What the step ``after = apply(before, action)`` breaks of this game's own rules of
        a step (what only grows, whose turn it is), each citing its clause; empty when none."""
        ...

    # For people.

    def describe(
        self, position: S | V, *, last: A | None = None, names: Sequence[str] | None = None
    ) -> str:
        """*position* as text for a terminal: what a view's player sees (a state: everything),
        *last* (the action played last) marked where the game can, the seats called by *names*
        where given. Plain text, or text with ``rich`` console markup (``[red]r[/red]``) for
        colour: ``rich.text.Text.from_markup(text).plain`` is then the plain text, and a square
        bracket of the plain text is written ``\\[``."""
        ...

    def notation_help(self) -> str:
        """The game's action notation for a player's help: one example a line."""
        ...

    def action_kind(self, action: A) -> str:
        """*action*'s kind in a word or two (``red tile``, ``travel``), to sum up a list of
        legal actions."""
        ...

    def picture(
        self,
        position: S | V,
        *,
        size: float | None = None,
        last: A | None = None,
        before: S | V | None = None,
        coordinates: bool = True,
        panel: bool = True,
    ) -> str:
        """*position* drawn as an SVG document (*size*: its width in pixels; ``None``, its
        natural size), *last* (the action played last, from *before* when it is known) marked
        where the game can; a state is drawn whole, a view with only what its player may see.
        *coordinates*: write what the action notation counts by (the main game's column
        letters and row numbers, Babel's card indices). *panel*: draw the players' panel and
        the status line where the game draws them apart from its board (the main game); a page
        that shows them itself draws the board alone."""
        ...

    def explain(self, state: S, action: A) -> str:
        """Why *action* is legal or refused in *state*, citing the rules, and what it does."""
        ...

    def decision_summary(
        self, position: S | V, *, names: Sequence[str] | None = None
    ) -> str | None:
        """What the player to decide weighs at the decision *position* waits for, in ``rich``
        markup, the seats called by *names* (a seat named ``you`` is spoken to): a revolt's or
        a war's strengths and what each support count would make; ``None`` when the game has
        nothing to add at this moment."""
        ...


AnyGame = GameInterface[Any, Any, Any, Any]
"""Any game's interface, whatever its state, view, action and record types."""
