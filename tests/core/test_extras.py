"""Optional extras (issue 18): a module whose extra is missing raises one TigeuphError naming
the extra to install."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from tigeuph import TigeuphError
from tigeuph.core.extras import require


@pytest.mark.parametrize(
    ("module", "needs", "extra"),
    [
        ("tigeuph.adapters.openspiel", "pyspiel", "openspiel"),
        ("tigeuph.adapters.openspiel", "numpy", "openspiel"),
        ("tigeuph.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
        ("tigeuph.adapters.gymnasium", "gymnasium", "gymnasium"),
    ],
)
def test_an_adapter_without_its_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, module: str, needs: str, extra: str
) -> None:
    """Importing an adapter whose framework is missing raises a TigeuphError naming the extra."""
    monkeypatch.setitem(sys.modules, needs, None)  # None in sys.modules: the import fails
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(TigeuphError, match=rf"pip install 'tigeuph\[{extra}\]'"):
        importlib.import_module(module)


def test_require_imports_what_is_there() -> None:
    """require returns the module when it is installed."""
    assert require("json", "none") is sys.modules["json"]


def test_import_tigeuph_needs_no_extra() -> None:
    """The core imports without numpy or any framework: a fresh interpreter shows it."""
    frameworks = "('numpy', 'pyspiel', 'gymnasium', 'pettingzoo')"
    code = f"import sys, tigeuph; print(sorted(m for m in {frameworks} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
