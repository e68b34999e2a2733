"""Text notations: positions (:mod:`tigeuph.tigris.notation.position`) and the sketches a referee
draws by hand (``tigeuph.tigris.notation.sketch``)."""

from .position import from_text, read_sketch, to_text
from .sketch import Sketch

__all__ = ["Sketch", "from_text", "read_sketch", "to_text"]
