"""Pictures read back in the tests: SVG parsed with the standard library."""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
"""The SVG namespace as ElementTree spells it in a tag: ``f"{SVG}text"``."""


def parse(picture: str) -> ET.Element:
    """The root element of *picture*, which must be well-formed XML."""
    return ET.fromstring(picture)
