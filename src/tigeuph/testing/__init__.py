"""Tools for testing the engine and what is built on it, kept out of the runtime namespace:
:mod:`tigeuph.testing.invariants` (what every state and every step of legal play obeys) and
:mod:`tigeuph.testing.soak` (``python -m tigeuph.testing.soak``: random games checked at every
step), and Babel's own: :mod:`tigeuph.testing.babel_invariants` and
:mod:`tigeuph.testing.babel_soak` (``python -m tigeuph.testing.babel_soak``). Nothing in
:mod:`tigeuph` imports this package but the command line (issues 16 and 25)."""
