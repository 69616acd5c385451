"""One module per game family; each registers itself with :mod:`engine.core.registry`."""
