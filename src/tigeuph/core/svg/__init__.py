"""The SVG every game's pictures are drawn with: elements, text, the dynasties' emblems."""
