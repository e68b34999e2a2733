"""Babel's rules, one module per family of actions, each holding an action's condition (why it
is refused: the clause it breaks and why, or ``None``) beside its effect (spec B8-B27,
B42-B48). :mod:`tigeuph.babel.engine` only dispatches to them, as the main game's engine does
to :mod:`tigeuph.tigris.rules`. An effect takes, besides the state and the action, the list it tells
its events into (:mod:`tigeuph.babel.events`), or ``None`` when nobody asked, as in
:func:`~tigeuph.babel.apply`: then it builds none.

=========================  ===============================================================
module                     actions
=========================  ===============================================================
:mod:`.travel`             :class:`~tigeuph.babel.Travel` (B12)
:mod:`.colonise`           :class:`~tigeuph.babel.Colonise` (B13, B14)
:mod:`.building`           :class:`~tigeuph.babel.Build` (B16), the Persians'
                           :class:`~tigeuph.babel.SkipBuild` (B25, B47)
:mod:`.migration`          :class:`~tigeuph.babel.Migrate` (B18)
:mod:`.temples`            the Assyrians' :class:`~tigeuph.babel.Destroy` (B20, B21), the
                           Hittites' :class:`~tigeuph.babel.Steal` (B22, B44)
:mod:`.columns`            the Medes' :class:`~tigeuph.babel.Expel` (B23), the Sumerians'
                           :class:`~tigeuph.babel.Switch` (B24)
:mod:`.halving`            :class:`~tigeuph.babel.Halve` and :class:`~tigeuph.babel.Discard`
                           (B26, B27, B48)
:mod:`.turns`              :class:`~tigeuph.babel.EndTurn` (B8, B9, B31)
=========================  ===============================================================

:mod:`.abilities` holds what every ability shares (its run, its cost: B19), :mod:`.base` the
small changes the effects make.
"""

from .abilities import Run, runs
from .base import Problem
from .turns import can_still_build_start

__all__ = ["Problem", "Run", "can_still_build_start", "runs"]
