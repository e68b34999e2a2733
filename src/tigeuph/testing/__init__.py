"""Tools for testing the games and what is built on them, kept out of the runtime namespace,
written once for every game of :data:`tigeuph.GAMES`: :mod:`tigeuph.testing.invariants` (what
every state and every step of legal play obeys) and :mod:`tigeuph.tools.soak`
(``python -m tigeuph.tools.soak [--game babel]``: random games checked at every step); what
only one game's rules state it answers itself (:meth:`~tigeuph.GameInterface.step_problems`).
Nothing in :mod:`tigeuph` imports this
package but the command line (issues 16 and 25)."""
