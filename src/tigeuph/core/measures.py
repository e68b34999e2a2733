"""What the tools that exercise and measure a game ask of it beyond its rules (issue 25): how a
game ends, what happens in it, the variants it has and the features a variant may never meet.
Each game answers through :class:`~tigeuph.GameInterface` (its ``ending``, ``events``,
``variants``, ``features``...); the main game's answers are in :mod:`tigeuph.tigris.measures`,
Babel's in ``tigeuph.babel.measures``."""

from __future__ import annotations

from attrs import frozen

__all__ = ["Feature"]


@frozen
class Feature:
    """What of a rules switch a game may never meet, how it is counted, and how to say it."""

    switch: str
    """The switch, as its game's rules write it in JSON (``wonder``)."""
    counter: str
    """The event (a name of its game's ``event_headings``) that counts it."""
    happened: str
    """What happened, as in "the wonder was built"."""
    subject: str
    """What a run would say nothing about."""
