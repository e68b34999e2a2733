"""How the pictures make their elements: :func:`el`, which gives every element a class."""

from __future__ import annotations

from xml.etree.ElementTree import Element, SubElement

__all__ = ["el"]


def el(parent: Element, tag: str, attrs: dict[str, str] | None = None, **more: str) -> Element:
    """A new child *tag* of *parent*; ``class_`` in *more* becomes ``class``, and an element
    given no class is named for its parent's and its tag (``tile-r-rect``), so that every
    element of a picture has a class a stylesheet can pick."""
    items = dict(attrs or {})
    for key, value in more.items():
        items[key.rstrip("_").replace("_", "-")] = value
    if "class" not in items:
        items["class"] = f"{parent.get('class', 'tigeuph').split()[0]}-{tag}"
    return SubElement(parent, tag, items)
