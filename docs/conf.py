"""Sphinx configuration (the documentation issue fills the pages in)."""

project = "tigeuph"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.doctest"]
autodoc_type_aliases = {"Cell": "tigeuph.Cell", "Bitboard": "tigeuph.Bitboard"}
autodoc_member_order = "bysource"
nitpicky = True
# numpy's array type in tigeuph.observation's signature (numpy is an optional extra, so not
# cross-referenced).
nitpick_ignore = [("py:class", "NDArray")]
