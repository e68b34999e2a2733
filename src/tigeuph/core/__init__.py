"""What names no game, for every game: the errors, the readers' limits, the game interface and
the lookups of a list of games, the event every game's events are, the record history and its
text, the JSON envelope, SVG primitives, why a game stopped, deals, the dynasties, statistics.
Nothing here imports either game (``tests/project/test_layers.py``)."""
