"""The tags a record of the main game writes itself; the record is cut into its parts, and its
moves replayed, by the functions both games share (``tigeuph.record_text``) and the history
both games' records are (``tigeuph.records.history``)."""

from __future__ import annotations

from typing import Final

__all__ = ["WRITTEN"]

WRITTEN: Final = ("Rules", "Seed", "Result", "Termination")
"""The tags the game writes itself; every other tag is free."""
