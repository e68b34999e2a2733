"""An independent, slow, obviously-correct reference implementation of the rules.

Used by ``tests/test_reference.py`` to cross-check the fast engine on random games.
"""

from .engine import Game, check, ref_apply, ref_legal_actions

__all__ = ["Game", "check", "ref_apply", "ref_legal_actions"]
