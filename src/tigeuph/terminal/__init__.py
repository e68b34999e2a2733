"""A game in the terminal, any game of :data:`tigeuph.GAMES`: each position as the game
describes it (the main game's board in colour), and a table of people and agents.

Needs ``rich``, of the ``cli`` extra (``pip install 'tigeuph[cli]'``); ``tigeuph play`` and
``tigeuph replay`` are the commands that use it.
"""

from .game import HUMAN, TerminalGame, play_in_terminal
from .prompt import help_text, read_input

__all__ = ["HUMAN", "TerminalGame", "help_text", "play_in_terminal", "read_input"]
