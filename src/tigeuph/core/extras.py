"""Optional extras: import a third-party module an extra provides, or say which extra to install."""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import TigeuphError

__all__ = ["require"]


def require(module: str, extra: str) -> ModuleType:
    """The module *module*, imported; it comes with the optional extra *extra*.

    >>> require("json", "none").__name__
    'json'

    Raises:
        TigeuphError: *module* is not installed; the message names the extra to install.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise TigeuphError(
            f"{module} is not installed: it comes with tigeuph's {extra!r} extra "
            f"(pip install 'tigeuph[{extra}]')"
        ) from exc
