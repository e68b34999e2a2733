"""The game in a terminal: the board drawn in colour, and a table of people and agents.

Needs ``rich``, of the ``cli`` extra (``pip install 'tigeuph[cli]'``); ``tigeuph play`` and
``tigeuph replay`` are the commands that use it.
"""

from .board import board_text, players_text
from .game import HUMAN, TerminalGame, play_in_terminal
from .prompt import HELP, read_input

__all__ = [
    "HELP",
    "HUMAN",
    "TerminalGame",
    "board_text",
    "play_in_terminal",
    "players_text",
    "read_input",
]
