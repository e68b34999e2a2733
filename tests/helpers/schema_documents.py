"""Hypothesis strategies for JSON documents that follow the shipped JSON Schema.

``hypothesis-jsonschema`` would do this, but its 0.23 release fails on the Hypothesis versions
of 2025 on (its object strategy calls an internal that is gone), so this small generator covers
the keywords ``data/schema.json`` uses: ``$ref``, ``oneOf``, ``enum``, ``const``, ``type``
(``pattern``, ``minimum``, ``maximum``, ``items``, ``minItems``, ``maxItems``, ``properties``,
``required``, ``additionalProperties``, ``propertyNames``). Documents that follow the schema
may still describe impossible games: the readers must refuse those with their documented
errors, which is what the fuzz tests check.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import strategies as st

import tigeuph

SCHEMA: dict[str, Any] = tigeuph.json_schema()
_MAX_ITEMS = 8


def _ref(ref: str) -> dict[str, Any]:
    name = ref.removeprefix("#/$defs/")
    found: dict[str, Any] = SCHEMA["$defs"][name]
    return found


@cache
def document(kind: str) -> st.SearchStrategy[Any]:
    """Documents of the schema's definition *kind* (``state``, ``view``, ``record``...)."""
    return st.deferred(lambda: _strategy(_ref(f"#/$defs/{kind}")))


def _strategy(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return document(name)
    if "oneOf" in schema:
        return st.one_of([_strategy(option) for option in schema["oneOf"]])
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([_strategy({**schema, "type": one}) for one in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        return st.integers(schema.get("minimum", -(2**63)), schema.get("maximum", 2**63 - 1))
    if kind == "string":
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True)
        return st.text(max_size=20)
    if kind == "array":
        items = _strategy(schema.get("items", {"type": "integer"}))
        low = schema.get("minItems", 0)
        return st.lists(items, min_size=low, max_size=schema.get("maxItems", low + _MAX_ITEMS))
    if kind == "object":
        return _object(schema)
    return st.none()  # an empty schema: any value; null will do


def _object(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", ()))
    fixed = {name: _strategy(sub) for name, sub in properties.items() if name in required}
    optional = {name: _strategy(sub) for name, sub in properties.items() if name not in required}
    out = st.fixed_dictionaries(fixed, optional=optional)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):  # a free mapping such as the record's tags
        names = _strategy({"type": "string", **schema.get("propertyNames", {})})
        more = st.dictionaries(names, _strategy(extra), max_size=3)
        return st.tuples(out, more).map(lambda pair: {**pair[1], **pair[0]})
    return out
