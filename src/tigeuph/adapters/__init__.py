"""Adapters to the frameworks AI researchers use: OpenSpiel, PettingZoo and Gymnasium.

Each lives in its own module and needs its own extra; none is imported by ``import tigeuph``:

==================================  ===============  ============================================
module                              extra            what it gives
==================================  ===============  ============================================
:mod:`tigeuph.adapters.openspiel`   ``openspiel``    the game ``"tigeuph"`` for ``pyspiel``, bag
                                                     draws as chance nodes
:mod:`tigeuph.adapters.pettingzoo`  ``pettingzoo``   an AEC environment: ``env()``, ``raw_env``
:mod:`tigeuph.adapters.gymnasium`   ``gymnasium``    ``tigeuph/TigrisEuphrates-v0``: one seat
                                                     against built-in agents
==================================  ===============  ============================================

All three use the action ids of :mod:`tigeuph.tigris.learning.encoding` and the observation array of
:mod:`tigeuph.tigris.learning.tensors`; ``docs/adapters.rst`` has the layout and the measured
speeds.
"""
