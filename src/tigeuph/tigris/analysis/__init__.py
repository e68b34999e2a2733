"""What the main game's players weigh: the evaluation of a position
(:mod:`~tigeuph.tigris.analysis.heuristic`), the plans it credits
(:mod:`~tigeuph.tigris.analysis.plans`), the decisions settled before a position is judged
(:mod:`~tigeuph.tigris.analysis.settle`), the greedy scores of every legal action at once
(:mod:`~tigeuph.tigris.analysis.candidates`), the search's cheap rollout policy
(:mod:`~tigeuph.tigris.analysis.rollout`) and the moves that would repeat a position
(:mod:`~tigeuph.tigris.analysis.repeats`).

The players themselves (:mod:`tigeuph.agents`) are written once for every game; they reach this
package through the game's interface (:data:`tigeuph.GAMES`), as they reach Babel's
(:mod:`tigeuph.babel.analysis.evaluation`).
"""
