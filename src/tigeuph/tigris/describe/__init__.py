"""The main game in words: a position for a terminal, what a conflict weighs for a player
deciding his support."""
