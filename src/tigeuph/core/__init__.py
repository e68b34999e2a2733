"""What names no game: errors, limits, the game interface, the event base, records, the JSON
envelope, SVG primitives."""
