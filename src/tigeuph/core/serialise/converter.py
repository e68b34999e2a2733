"""The strict JSON reader every tigeuph document shares: a cattrs converter that refuses a
value of the wrong shape instead of coercing it, and the short messages it gives."""

from __future__ import annotations

import json
from typing import Any, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn

from ..limits import MAX_SHOWN

__all__ = ["Invalid", "object_of", "show", "strict_converter"]


class Invalid(ValueError):
    """A value of the wrong shape; its message is shown as it is, after the field's path."""


def show(value: object) -> str:
    """*value*, read from JSON, as a message shows it: its kind for an object or a list, else
    its text cut to 30 characters."""
    if isinstance(value, dict | list):
        return "an object" if isinstance(value, dict) else "a list"
    text = repr(value) if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 30 else text[:27] + "..."


def _is_list_of(kind: Any) -> bool:
    return get_origin(kind) is tuple and len(get_args(kind)) == 2 and get_args(kind)[1] is ...


def _list_of(kind: Any, conv: Any) -> Any:
    """``tuple[X, ...]`` from a JSON list only (cattrs would iterate a string or an object),
    describing the first few bad items and counting the rest, so that a long bad list costs
    little and says little."""
    item_kind = get_args(kind)[0]
    try:
        handler = conv.get_structure_hook(item_kind)
    except RecursionError:  # pragma: no cover - no recursive shape today
        handler = conv.structure

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not list:
            raise Invalid(f"expected a list, not {show(value)}")
        out = []
        errors: list[Exception] = []
        bad = 0
        for i, item in enumerate(value):
            try:
                out.append(handler(item, item_kind))
            except Exception as exc:
                bad += 1
                if len(errors) < MAX_SHOWN:
                    note = IterableValidationNote(f"Structuring item @ index {i}", i, item_kind)
                    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
                    errors.append(exc)
        if errors:
            if bad > len(errors):
                errors.append(Invalid(f"{bad - len(errors):,} more bad items"))
            raise IterableValidationError(f"While structuring {kind!r}", errors, kind)
        return tuple(out)

    return structure


def object_of(cls: type[Any], conv: Any, **overrides: Any) -> Any:
    """cattrs' hook for the attrs class *cls*, which first makes sure the value is an object."""
    base = make_dict_structure_fn(cls, conv, **overrides)

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise Invalid(f"expected an object, not {show(value)}")
        return base(value, cls)

    return structure


def _strict(conv: cattrs.Converter, kind: type[Any], what: str) -> None:
    def structure(value: Any, _: Any) -> Any:
        # JSON has no other way to say it, but True is not 1 and 2.0 is not 2 here.
        if type(value) is not kind:
            raise Invalid(f"expected {what}, not {show(value)}")
        return value

    conv.register_structure_hook(kind, structure)


def strict_converter() -> cattrs.Converter:
    """A cattrs converter that reads JSON strictly, as every tigeuph document is read: no
    unknown field, ``true`` is not ``1``, ``2.0`` is not ``2``, a list is a list and an object
    an object. The main game's documents and Babel's (issue 19) register their own hooks on one.
    """
    conv = cattrs.Converter(forbid_extra_keys=True)
    _strict(conv, int, "an integer")
    _strict(conv, str, "a string")
    _strict(conv, bool, "true or false")
    conv.register_structure_hook_factory(_is_list_of, _list_of)
    conv.register_structure_hook_factory(attrs.has, object_of)
    return conv
