"""Any game's SVG picture as PNG, with the ``png`` extra (``pip install 'tigeuph[png]'``)."""

from __future__ import annotations

import importlib
from typing import Any

from ..errors import TigeuphError

__all__ = ["to_png"]


def to_png(picture: str, *, width: int | None = None) -> bytes:
    """The SVG *picture* as PNG bytes, *width* pixels wide if given (the ``png`` extra).

    Raises:
        TigeuphError: cairosvg, of the ``png`` extra, is not installed.
    """
    try:
        cairosvg: Any = importlib.import_module("cairosvg")
    except ImportError:
        raise TigeuphError(
            "PNG output needs cairosvg: pip install 'tigeuph[png]' (or write .svg)"
        ) from None
    except OSError as err:  # cairosvg found, but not the cairo library it loads
        raise TigeuphError(f"PNG output needs the cairo library: {err}") from None
    out = cairosvg.svg2png(bytestring=picture.encode(), output_width=width)
    assert isinstance(out, bytes)
    return out
