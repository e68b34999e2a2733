"""The main game's engine: the turn, each kind of play, the legal actions and apply."""
