"""The tools: programs built on the library, kept out of its runtime namespace (issue 16).

======================================  ====================================================
:mod:`tigeuph.tools.simulate`           compare variants over many seeded games of either
                                        game (``tigeuph simulate [--game babel]``)
:mod:`tigeuph.tools.arena`              a tournament between agents (``tigeuph arena``)
:mod:`tigeuph.tools.bench`              the engine's speed (``tigeuph bench``)
:mod:`tigeuph.tools.callgrind`          CPU instructions per action (``bench --instructions``)
:mod:`tigeuph.tools.perft`              the sequences of legal actions from a seeded start,
                                        counted (``tigeuph perft``)
:mod:`tigeuph.tools.warm`               build the engine's tables before worker processes fork
:mod:`tigeuph.tools.soak`               random games of either game, every step checked
                                        (``tigeuph soak [--game babel]``), with
                                        :mod:`tigeuph.tools.rules_words`, its rules in words
======================================  ====================================================

A tool may import any part of the library; no library module imports a tool
(``tests/project/test_layers.py`` checks it). Importing this package imports none of the tools.
"""
