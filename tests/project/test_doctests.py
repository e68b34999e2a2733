"""Every example in the installed package's docstrings runs as written.

The examples are read from the tigeuph that ``import tigeuph`` finds, not from ``src/``: run
against a wheel installed in a fresh environment (as CI does), the test checks the wheel,
data files included. pytest's own ``--doctest-modules`` would import ``src/`` instead.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tigeuph

FLAGS = doctest.ELLIPSIS


def _modules_with_examples() -> list[str]:
    names = [tigeuph.__name__]
    for info in pkgutil.walk_packages(tigeuph.__path__, prefix=f"{tigeuph.__name__}."):
        if info.name.rpartition(".")[2] != "__main__":  # running it is its whole effect
            names.append(info.name)
    finder = doctest.DocTestFinder()
    return [
        name
        for name in names
        if any(test.examples for test in finder.find(importlib.import_module(name), name))
    ]


MODULES = _modules_with_examples()


def test_the_examples_come_from_the_installed_package() -> None:
    """The walk found the package's examples where users' Python will find them."""
    assert "tigeuph.core.deals" in MODULES
    assert len(MODULES) >= 50
    assert all(importlib.import_module(name).__file__ for name in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
