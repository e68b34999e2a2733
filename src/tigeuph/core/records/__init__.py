"""What every game's record is: the one history and its text."""
