"""What the main game's players weigh: the evaluation of a position
(:mod:`~tigeuph.evaluation.heuristic`), the plans it credits (:mod:`~tigeuph.evaluation.plans`),
the decisions settled before a position is judged (:mod:`~tigeuph.evaluation.settle`), the
greedy scores of every legal action at once (:mod:`~tigeuph.evaluation.candidates`) and the
search's cheap rollout policy (:mod:`~tigeuph.evaluation.rollout`).

The players themselves (:mod:`tigeuph.agents`) are written once for every game; they reach this
package through the game's interface (:data:`tigeuph.GAMES`), as they reach Babel's
(:mod:`tigeuph.babel.evaluation`).
"""
