"""Tools for testing the engine and what is built on it, kept out of the runtime namespace:
:mod:`tigeuph.testing.invariants` (what every state and every step of legal play obeys) and
:mod:`tigeuph.testing.soak` (``python -m tigeuph.testing.soak``: random games checked at every
step). Nothing in :mod:`tigeuph` imports this package but the command line (issue 16)."""
