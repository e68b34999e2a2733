"""The document envelope, in every game: a ``format`` and a ``version`` around every JSON
document, read within the limits by the game's converter, with a message naming the bad
field."""

from __future__ import annotations

import json
import re
from typing import Any, Final, TypeVar

import cattrs
from cattrs.errors import ForbiddenExtraKeysError

from ..errors import ArgumentError, JsonError, expect
from ..limits import DEFAULT_LIMITS, Limits, check_limits, load_json, summarise
from .converter import show, strict_converter

__all__ = ["VERSION", "check_indent", "dump_document", "load_document", "structure"]

T = TypeVar("T")

VERSION: Final = 1
"""The version of the JSON formats this tigeuph writes and reads."""

_PLAIN: Final = strict_converter()
"""The converter of a document whose game gives none: attrs classes and plain values only."""


def _describe(exc: BaseException, _: object) -> str:
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown field {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, ValueError | TypeError | AttributeError):
        # attrs' validators raise ValueError(message, attribute, ...): show the message only.
        return str(exc.args[0]) if len(exc.args) > 1 else str(exc)
    return cattrs.v.format_exception(exc, None)


def structure(
    value: Any, kind: type[T], path: str = "$", converter: cattrs.Converter | None = None
) -> T:
    """*value* (parsed JSON) read as a *kind* by *converter* (a plain strict one by default),
    or :class:`~tigeuph.JsonError` naming the bad field."""
    try:
        return (converter or _PLAIN).structure(value, kind)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as exc:
        problems = cattrs.transform_error(exc, path=path, format_exception=_describe)
        reason, _, where = problems[0].rpartition(" @ ")
        rest: list[str] = []
        untold: list[str] = []  # the long lists' counts of bad items not described
        count = 0
        for why, _, at in (p.rpartition(" @ ") for p in problems[1:]):
            found = _UNTOLD.fullmatch(why)
            if found is None:
                rest.append(f"{at}: {why}")
                count += 1
            else:
                untold.append(f"{at}: {why}")
                count += int(found.group(1).replace(",", ""))
        shown = "; ".join(filter(None, [summarise(rest), *untold]))
        more = f" (and {count:,} more: {shown})" if count else ""
        raise JsonError(where, reason + more) from None


_UNTOLD: Final = re.compile(r"([0-9,]+) more bad items")


def dump_document(
    kind: str,
    value: object,
    cls: type[Any],
    indent: int | None = None,
    converter: cattrs.Converter | None = None,
) -> str:
    """*value*, a *cls*, as a JSON *kind* document (a ``format`` like ``tigeuph-state``), written
    by *converter*, the game's (a plain strict one by default)."""
    check_indent(indent, f"writing a {kind} document")
    body: dict[str, Any] = (converter or _PLAIN).unstructure(value, cls)
    document = {"format": kind, "version": VERSION, **body}
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(document, indent=indent, separators=separators, ensure_ascii=False)


def load_document(
    kind: str,
    text: str | bytes,
    cls: type[T],
    limits: Limits = DEFAULT_LIMITS,
    converter: cattrs.Converter | None = None,
) -> T:
    """The *cls* value in *text*, a JSON *kind* document of this version, read by *converter*,
    the game's (a plain strict one by default).

    Raises:
        ArgumentTypeError: *text* is not ``str`` or ``bytes``.
        LimitError: *text* is over *limits*.
        JsonError: *text* is not JSON, not a *kind* document, or a field is wrong.
    """
    limits = check_limits(limits, f"reading a {kind} document")
    data = load_json(text, limits, f"a {kind} document")
    if type(data) is not dict:
        raise JsonError("$", f"expected a JSON object, not {show(data)}")
    if data.get("format") != kind:
        found = show(data["format"]) if "format" in data else "nothing"
        raise JsonError("$.format", f'expected "{kind}", not {found}')
    version = data.get("version")
    if version != VERSION or type(version) is not int:
        raise JsonError(
            "$.version", f"version {show(version)} is not supported: this reads version {VERSION}"
        )
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    return structure(body, cls, converter=converter)


def check_indent(indent: object, where: str) -> None:
    """Refuse an *indent* that is not ``None`` or 0 to 80 spaces, for *where*."""
    expect(indent, (int, type(None)), "an int or None", f"{where}: indent")
    if indent is not None and not 0 <= indent <= 80:  # type: ignore[operator]
        raise ArgumentError(f"{where}: indent is 0 to 80 spaces, or None for compact JSON")
