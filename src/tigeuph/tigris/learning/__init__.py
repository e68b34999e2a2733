"""The main game for learning programs: action ids and observation arrays (the research
adapters)."""
