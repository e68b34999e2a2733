"""The shell commands the README and the docs show, read from their pages, for
tests/project/test_doc_commands.py (the rule is docs/architecture.rst's "Commands the pages show").

A *shell block* is a fenced Markdown block in ``console``, ``sh``, ``bash`` or ``shell``, an
RST ``.. code-block::`` in one of those, or any other literal block (RST ``::`` or
``.. code-block:: text``, a Markdown block indented by four spaces) whose first line, comment
lines (``# ...``) aside, is a command: a ``$`` prompt, or a known program (:data:`PROGRAMS`,
``tigeuph SUBCOMMAND``, ``.venv/bin/...``), after any ``NAME=value`` settings. In a block with
prompts, the lines after a command up to the next prompt are what it prints; without prompts
every line is a command. A line ending in a backslash goes on with the next, and a comment after
a command (`` # ...``) is the page's, not the command's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from helpers.paths import ROOT

__all__ = ["PROGRAMS", "Command", "collect", "pages"]

SHELL_LANGUAGES: Final = frozenset({"console", "sh", "bash", "shell"})
PROGRAMS: Final = frozenset(
    {"python", "python3", "pip", "pytest", "curl", "node", "crosshair", "cd"}
)
"""The first words that make a literal block a shell block (besides ``tigeuph SUBCOMMAND``)."""

_SETTING: Final = re.compile(r"[A-Z_][A-Z0-9_]*=\S*\s+")
_TIGEUPH: Final = re.compile(r"tigeuph [a-z][a-z-]*(\s|$)")  # not "tigeuph 0.2.0: ..." output
_COMMENT: Final = re.compile(r"\s+#\s.*$")  # no command here has a # of its own
_CODE_BLOCK: Final = re.compile(r"^(\s*)\.\. code-block::\s*(\S*)\s*$")
_FENCE: Final = re.compile(r"^(\s*)```\s*(\S*)\s*$")


@dataclass(frozen=True)
class Command:
    """One command a page shows: where, its text (continuations joined), what it prints."""

    page: str  # relative to the checkout, e.g. docs/cli.rst
    line: int  # 1-based, the command's first line
    text: str
    shown: tuple[str, ...] = ()  # the output lines the page shows after it, if any

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def pages() -> list[Path]:
    """The README and every page of docs/ (RST and Markdown), in a fixed order."""
    docs = ROOT / "docs"
    return [ROOT / "README.md", *sorted([*docs.glob("*.rst"), *docs.glob("*.md")])]


def collect(page: Path) -> list[Command]:
    """Every command of *page*'s shell blocks."""
    lines = page.read_text(encoding="utf-8").splitlines()
    name = page.relative_to(ROOT).as_posix()
    blocks = _markdown_blocks(lines) if page.suffix == ".md" else _rst_blocks(lines)
    commands: list[Command] = []
    for start, language, body in blocks:
        first = next((text for text in body if text.strip() and text.strip()[0] != "#"), "")
        if language in SHELL_LANGUAGES or _is_command(first):
            commands.extend(_commands(name, start, body))
    return commands


def _is_command(line: str) -> bool:
    text = line.strip()
    if text.startswith("$ "):
        return True
    while match := _SETTING.match(text):
        text = text[match.end() :]
    word = text.split(" ", 1)[0]
    return word in PROGRAMS or word.startswith(".venv/bin/") or bool(_TIGEUPH.match(text))


def _commands(page: str, start: int, body: list[str]) -> list[Command]:
    """The commands of one block whose first line is *start* (0-based)."""
    prompted = any(text.strip().startswith("$ ") for text in body)
    found: list[tuple[int, list[str], list[str]]] = []  # line, command lines, shown lines
    going_on = False  # the last command line ended in a backslash
    for offset, raw in enumerate(body):
        text = raw.strip()
        if going_on:
            found[-1][1].append(text)
        elif prompted and text.startswith("$ "):
            found.append((start + offset + 1, [text[2:]], []))
        elif not prompted and text and not text.startswith("#"):
            found.append((start + offset + 1, [text], []))
        else:
            if found and prompted:
                found[-1][2].append(raw)
            continue
        going_on = text.endswith("\\")
    return [Command(page, line, _joined(parts), _dedented(shown)) for line, parts, shown in found]


def _joined(parts: list[str]) -> str:
    """The command's lines as one, without the page's comment after it."""
    text = " ".join(part.removesuffix("\\").strip() for part in parts)
    return _COMMENT.sub("", text)


def _dedented(shown: list[str]) -> tuple[str, ...]:
    while shown and not shown[-1].strip():
        shown = shown[:-1]
    indent = min((len(text) - len(text.lstrip()) for text in shown if text.strip()), default=0)
    return tuple(text[indent:].rstrip() for text in shown)


def _rst_blocks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    """Each literal block: its first line (0-based), its language ("" for ``::``), its lines."""
    blocks = []
    for number, text in enumerate(lines):
        if match := _CODE_BLOCK.match(text):
            language, indent = match.group(2), len(match.group(1))
        elif text.rstrip().endswith("::") and not text.lstrip().startswith(".."):
            language, indent = "", len(text) - len(text.lstrip())
        else:
            continue
        body, at = _indented_body(lines, number + 1, indent)
        blocks.append((at, language, body))
    return blocks


def _indented_body(lines: list[str], start: int, indent: int) -> tuple[list[str], int]:
    """The lines indented deeper than *indent* from *start* (options and blank lines first
    skipped), and where they begin."""
    at = start
    while at < len(lines) and (not lines[at].strip() or lines[at].strip().startswith(":")):
        at += 1
    end = at
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    return lines[at:end], at


def _markdown_blocks(lines: list[str]) -> list[tuple[int, str, list[str]]]:
    """Fenced blocks with their language, and blocks indented by four spaces after a blank line."""
    blocks = []
    number = 0
    while number < len(lines):
        if match := _FENCE.match(lines[number]):
            end = number + 1
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            blocks.append((number + 1, match.group(2), lines[number + 1 : end]))
            number = end + 1
        elif lines[number].startswith("    ") and (number == 0 or not lines[number - 1].strip()):
            end = number
            while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
                end += 1
            blocks.append((number, "", lines[number:end]))
            number = end
        else:
            number += 1
    return blocks
