"""The ladder (stub)."""
