"""Tools for testing the games and what is built on them, kept out of the runtime namespace,
written once for every game of :data:`tigeuph.GAMES`: :mod:`tigeuph.testing.invariants` (what
every state and every step of legal play obeys) and :mod:`tigeuph.testing.soak`
(``python -m tigeuph.testing.soak [--game babel]``: random games checked at every step); each
game's own checks in ``tigeuph.testing.<game>_checks``. Nothing in :mod:`tigeuph` imports this
package but the command line (issues 16 and 25)."""
