"""A release people can depend on (issue 11): one version, a licence, a changelog per version."""

from __future__ import annotations

import datetime
import importlib.metadata
import re
from typing import Final

from helpers.paths import ROOT

import tigeuph

HEADING: Final = re.compile(r"## (Unreleased|(\d+)\.(\d+)\.(\d+) - (\d{4}-\d{2}-\d{2}))\n")


def test_the_version_is_written_once() -> None:
    """tigeuph.__version__ is the installed distribution's version: pyproject.toml reads it."""
    assert re.fullmatch(r"\d+\.\d+\.\d+", tigeuph.__version__)
    assert importlib.metadata.version("tigeuph") == tigeuph.__version__
    assert "\nversion =" not in (ROOT / "pyproject.toml").read_text().split("[project]")[1][:400]


def test_the_licence_is_declared_and_shipped() -> None:
    """The distribution declares MIT as an SPDX expression and ships the LICENSE file."""
    metadata = importlib.metadata.metadata("tigeuph")
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Author"] == "the tigeuph authors"
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "the tigeuph authors" in licence
    classifiers = metadata.get_all("Classifier", [])
    tested = {f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13, 14)}
    assert tested <= set(classifiers)


def test_the_changelog_has_a_dated_section_per_version() -> None:
    """CHANGELOG.md opens with Unreleased or the current version, then one dated section per
    version, newest first, each with at least one entry."""
    text = (ROOT / "CHANGELOG.md").read_text()
    sections = HEADING.findall(text)
    assert sections, "no version sections"
    versions = [tuple(map(int, found[1:4])) for found in sections if found[0] != "Unreleased"]
    assert versions == sorted(set(versions), reverse=True)
    found_version = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", tigeuph.__version__)
    assert found_version is not None
    current = tuple(map(int, found_version.groups()))
    assert versions[0] <= current
    if sections[0][0] != "Unreleased":
        assert versions[0] == current
    for found in sections:
        if found[0] != "Unreleased":
            datetime.date.fromisoformat(found[4])
    for body in re.split(r"\n## ", text)[1:]:
        assert "\n- " in body, body[:40]


def test_no_install_command_needs_an_index_that_has_no_tigeuph() -> None:
    """tigeuph is on no package index yet, so every install command in README.md and the docs
    installs from a clone (``.``) or a wheel file, never ``tigeuph`` by name; the quick start
    says so plainly."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.rst")), ROOT / "docs" / "conf.py"]
    by_name = re.compile(r"pip install[^\n`]*?[\s'\"]tigeuph(\[[\w,]+\])?['\"]?(\s|$|`)")
    named = [
        f"{page.name}: {line.strip()}"
        for page in pages
        for line in page.read_text(encoding="utf-8").splitlines()
        if by_name.search(line.partition(" #")[0])  # a comment may name the game "tigeuph"
    ]
    assert named == []
    quickstart = (ROOT / "docs" / "quickstart.rst").read_text(encoding="utf-8")
    assert "not yet on a package index" in quickstart
    assert 'pip install "$(echo dist/tigeuph-*.whl)[cli]"' in quickstart
