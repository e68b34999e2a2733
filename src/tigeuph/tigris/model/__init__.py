"""The words of the main game and its position: cells, pieces, boards, rules, actions,
decisions, kingdoms, the state."""
