"""The main game behind the one game interface: its adapter and what it gives clients."""

from .adapter import TIGRIS

__all__ = ["TIGRIS"]
