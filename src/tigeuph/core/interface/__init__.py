"""The one interface every game implements (:mod:`~tigeuph.core.interface.protocol`), what its
positions, views and records offer their callers, what it gives clients, and the lookups a list
of games answers (:mod:`~tigeuph.core.interface.registry`)."""
