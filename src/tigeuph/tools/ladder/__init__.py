"""The strength ladder: ``tigeuph ladder`` (or ``python -m tigeuph.tools.ladder``), issue 41.

Fixed rungs (:data:`RUNGS`: random, greedy, the search at 100 to 3,000 iterations, and the
cheating search at 300 that sees every hand) play the deal book's deals (:func:`deal_book`),
each deal in every rotation of the seats (:func:`seatings`); adjacent rungs are matched by a
sequential probability ratio test on deals (:class:`SPRT`) and every game is rated together by
Bradley-Terry with 95% intervals (:func:`bradley_terry`). :func:`run_ladder` runs a ladder,
:func:`place` places a new player on one already run, :func:`write_results` keeps them in a
file whose games are records ``tigeuph verify`` checks. ``docs/agents.rst`` gives the
published ladder and how to extend it on a cluster::

    tigeuph ladder --game tigris --players 2 --rungs random,greedy,search-100 --jobs 2
    tigeuph ladder --place external:"python3 mybot.py" --results ladder.json
"""

from .book import BOOK_GAMES, BOOK_SALT, BOOK_SIZE, book_seed, commitment, deal_book, seatings
from .build import DEFAULT_DEALS, place, run_ladder
from .cheat import CheatingSearch
from .cli import main
from .ratings import Outcome, Rating, bradley_terry, pairwise
from .report import plot, rung_note, table
from .results import Ladder, ladder_key, published, read_results, write_results
from .rungs import LADDER, RUNGS, Rung, matches, rung, spec_of
from .runner import LOCAL, DealTask, LadderGame, MatchResult, Player, deal_score, play_deal, player
from .sprt import H0, H1, SPRT, Decision, expected_score

__all__ = [
    "BOOK_GAMES",
    "BOOK_SALT",
    "BOOK_SIZE",
    "DEFAULT_DEALS",
    "H0",
    "H1",
    "LADDER",
    "LOCAL",
    "RUNGS",
    "SPRT",
    "CheatingSearch",
    "DealTask",
    "Decision",
    "Ladder",
    "LadderGame",
    "MatchResult",
    "Outcome",
    "Player",
    "Rating",
    "Rung",
    "book_seed",
    "bradley_terry",
    "commitment",
    "deal_book",
    "deal_score",
    "expected_score",
    "ladder_key",
    "main",
    "matches",
    "pairwise",
    "place",
    "play_deal",
    "player",
    "plot",
    "published",
    "read_results",
    "run_ladder",
    "rung",
    "rung_note",
    "seatings",
    "spec_of",
    "table",
    "write_results",
]
