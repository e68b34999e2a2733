"""What every state and every step of legal play obeys, in every game of
:data:`tigeuph.GAMES`, kept out of the runtime namespace: :mod:`tigeuph.testing.invariants`
(the tests' and the soak's checks) and :mod:`tigeuph.testing.steps`; what only one game's rules
state it answers itself (:meth:`~tigeuph.games.Invariants.step_problems`). The soak, which plays
random games checked at every step, is a tool (:mod:`tigeuph.tools.soak`, issue 38). Nothing in
:mod:`tigeuph` imports this package but the tools and the command line (issues 16 and 25)."""
