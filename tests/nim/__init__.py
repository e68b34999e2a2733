"""Nim, the third game of the tests: :mod:`nim.game` (issue 38)."""
