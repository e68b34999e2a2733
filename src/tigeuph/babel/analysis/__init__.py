"""What Babel's players weigh: its evaluation and cheap policies."""
