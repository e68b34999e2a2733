"""``.. view-fields:: GAME``: every field of the view document a bot receives, from the schema.

The table is read from ``tigeuph.GAMES[GAME].json_schema()["$defs"]["view"]`` when the page is
built, so the protocol page lists exactly the fields a view holds: each with its type (another
definition named by its name, and described below the table), whether
it is always there, and the schema's own description. A view property without a description is
a build warning (tests/project/test_schema_descriptions.py fails on it too).
"""

from __future__ import annotations

import json
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

log = logging.getLogger(__name__)

Schema = dict[str, Any]


def type_text(schema: Schema, refs: list[str]) -> str:
    """A readable type for *schema*, naming the definitions it refers to (added to *refs*)."""
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        if name not in refs:
            refs.append(name)
        return f"``{name}``"
    if "const" in schema:
        return f"``{json.dumps(schema['const'])}``"
    if "enum" in schema:
        return "one of " + ", ".join(f"``{json.dumps(value)}``" for value in schema["enum"])
    if "oneOf" in schema:
        return " or ".join(type_text(choice, refs) for choice in schema["oneOf"])
    kind = schema.get("type")
    if kind == "array":
        size = ""
        if "minItems" in schema or "maxItems" in schema:
            low, high = schema.get("minItems", 0), schema.get("maxItems", "")
            size = f" ({low} to {high})" if low != high else f" ({low})"
        items = type_text(schema.get("items", {}), refs)
        return f"list{size} of {items}"
    if kind in ("integer", "number"):
        low, high = schema.get("minimum"), schema.get("maximum")
        bounds = f" {low} to {high}" if low is not None and high is not None else ""
        bounds = bounds or (f" ≥ {low}" if low is not None else "")
        return f"{kind}{bounds}"
    if kind == "null":
        return "``null``"
    if isinstance(kind, str):
        return kind
    return "any JSON"


def _cell(text: str) -> str:
    return " ".join(text.split())


def _plain(text: str) -> str:
    """*text* as RST that shows it as written (the schema's words hold ``*r`` and ``_``)."""
    for mark in ("\\", "*", "`", "|", "_"):
        text = text.replace(mark, "\\" + mark)
    return _cell(text)


class ViewFields(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        from tigeuph import GAMES

        game = self.arguments[0]
        definitions: dict[str, Schema] = GAMES[game].json_schema()["$defs"]
        view = definitions["view"]
        required = set(view.get("required", ()))
        refs: list[str] = []
        rows = []
        for name, field in view["properties"].items():
            description = field.get("description", "")
            if not description:
                log.warning(
                    "%s view field %s has no description", game, name, location=self.get_location()
                )
            there = "always" if name in required else "may be left out"
            rows.append((f"``{name}``", type_text(field, refs), there, _plain(description)))
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 16 24 10 50", ""]
        lines += ["   * - field", "     - type", "     - present", "     - meaning"]
        for row in rows:
            lines.append(f"   * - {row[0]}")
            lines += [f"     - {_cell(text) or 'none'}" for text in row[1:]]
        lines += ["", "The types the table names:", ""]
        done = 0
        while done < len(refs):  # a definition may name others: describe them all, once
            name = refs[done]
            done += 1
            schema = definitions[name]
            shape = type_text({k: v for k, v in schema.items() if k != "description"}, refs)
            if shape.startswith("any JSON") and schema.get("type") == "object":
                shape = "object"
            said = schema.get("description", "")
            lines += [f"``{name}``", f"   {_cell(shape)}. {_plain(said)}", ""]
        return self.parse_text_to_nodes("\n".join(lines))


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("view-fields", ViewFields)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
