"""The words of Babel and its position: cards, the state, actions."""
