"""The JSON every game writes: a strict converter and the document envelope."""
