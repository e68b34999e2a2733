"""Text notations: positions (:mod:`tigeuph.notation.position`)."""

from .position import from_text, to_text

__all__ = ["from_text", "to_text"]
