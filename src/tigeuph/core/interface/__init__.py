"""The one interface every game implements, and what its positions, views and records offer
their callers."""
